import { LINKED_CHART_DAY_OPTIONS } from '@glucocare/domain/insulin';
import { DatePicker, Segmented } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { LinkedRecord } from '../../api/records';
import { LinkedChartPanel } from '../insulin/LinkedChart';
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

/** The preset a range is (its days), or '' for any other. */
function presetOf(data: LinkedRecord | undefined): string {
  if (!data) return '';
  const days = dayjs(data.range.endDate).diff(dayjs(data.range.beginDate), 'day') + 1;
  return (LINKED_CHART_DAY_OPTIONS as readonly number[]).includes(days) ? String(days) : '';
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
          <Segmented
            data-testid="record-linked-days"
            disabled={params.viaLink || !data}
            value={presetOf(data)}
            options={LINKED_CHART_DAY_OPTIONS.map((days) => ({
              value: String(days),
              label: t('insulin.chart.days', { count: days }),
            }))}
            onChange={(days) => {
              if (!data) return;
              const end = data.range.endDate;
              params.update({
                beginDate: dayjs(end)
                  .subtract(Number(days) - 1, 'day')
                  .format('YYYY-MM-DD'),
                endDate: end,
              });
            }}
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
