import { LINKED_CHART_DAY_OPTIONS } from '@glucocare/domain/insulin';
import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { LinkedRecord } from '../../api/records';
import { LinkedChartPanel } from '../insulin/LinkedChart';
import { DayPresets } from './GlucoseRecordPage';
import { InsulinDayTable } from './InsulinRecordParts';
import { PatientBlock, RecordFrame, RecordSheet, rangeText } from './RecordFrame';

/** The sheet: the chart of the range, then the doses by day and insulin period with the daily totals. */
function LinkedSheets({ data }: { data: LinkedRecord }) {
  const { t } = useTranslation();
  const title = t('records.title.linked');
  const chart = data.chart;
  return (
    <RecordSheet
      header={data.header}
      title={title}
      top={<PatientBlock patient={data.patient} header={data.header} range={rangeText(data.range, t)} />}
      page={1}
      pages={1}
    >
      <section className="gc-rec-section" data-testid="record-linked-section">
        <h3 className="gc-rec-section-title">
          {t('records.linked.chartTitle', { begin: data.range.beginDate, end: data.range.endDate })}
        </h3>
        {chart.readings.length || chart.doses.length || chart.basal.length ? (
          <LinkedChartPanel
            data={chart}
            unit={data.header.units.GLU}
            className="gc-rec-chart gc-rec-chart-linked"
            printHeight={420}
            testId="record-linked-chart"
          />
        ) : (
          <div className="gc-rec-empty" data-testid="record-empty">
            {t('insulin.chart.empty')}
          </div>
        )}
      </section>
      {data.insulin ? (
        <section className="gc-rec-section" data-testid="record-linked-insulin">
          <h3 className="gc-rec-section-title">{t('records.linked.insulinTitle')}</h3>
          <InsulinDayTable insulin={data.insulin} timeZone={data.header.timeZone} />
        </section>
      ) : null}
    </RecordSheet>
  );
}

/** /record/linked: the printable glucose–insulin linked chart of one patient (issue 16). */
export function LinkedRecordPage() {
  const { t } = useTranslation();
  return (
    <RecordFrame
      screen="linked"
      titleKey="records.title.linked"
      subject={(data) => data.patient.name}
      controls={(data, params) => (
        <>
          <DayPresets
            data={data}
            params={params}
            options={LINKED_CHART_DAY_OPTIONS}
            label={(days) => t('insulin.chart.days', { count: days })}
            testId="record-linked-days"
          />
          <DatePicker.RangePicker
            data-testid="record-range"
            allowClear={false}
            disabled={params.viaLink || !data}
            value={data ? [dayjs(data.range.beginDate), dayjs(data.range.endDate)] : null}
            onChange={(values) => {
              const [begin, end] = values ?? [];
              if (begin && end)
                params.update({ beginDate: begin.format('YYYY-MM-DD'), endDate: end.format('YYYY-MM-DD') });
            }}
          />
        </>
      )}
    >
      {(data) => <LinkedSheets data={data} />}
    </RecordFrame>
  );
}
