import { Button, DatePicker, Segmented, Select } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PeriodRecord } from '../../api/records';
import { timeInZone as timeIn } from '../../components/format';
import { pagesByWeek } from './format';
import { DoseLine, dosesOfDay, InsulinNote } from './InsulinRecordParts';
import { OrderRecordTable } from './OrderRecordParts';
import {
  Legend,
  PagedSheets,
  PatientBlock,
  PeriodCells,
  RecordFrame,
  rangeText,
  type useRecordParams,
} from './RecordFrame';

/** Days a printed A4 page holds: page breaks fall between weeks; two weeks fit with two readings a cell. */
export const DAYS_PER_PAGE_OPTIONS = [7, 14] as const;
const DEFAULT_DAYS_PER_PAGE = 14;

type Params = ReturnType<typeof useRecordParams>;

/** Date range of a patient record: a range picker and "Current stay"; fixed when opened from a link. */
export function RangeControl({
  data,
  params,
  testId = 'record-range',
}: {
  data: { range: { beginDate: string; endDate: string; isStay: boolean } } | undefined;
  params: Params;
  testId?: string;
}) {
  const { t } = useTranslation();
  const range = data?.range;
  return (
    <>
      <DatePicker.RangePicker
        data-testid={testId}
        allowClear={false}
        disabled={params.viaLink}
        value={range ? [dayjs(range.beginDate), dayjs(range.endDate)] : null}
        onChange={(values) => {
          const [begin, end] = values ?? [];
          if (begin && end)
            params.update({ beginDate: begin.format('YYYY-MM-DD'), endDate: end.format('YYYY-MM-DD') });
        }}
      />
      {!params.viaLink && range && !range.isStay ? (
        <Button onClick={() => params.update({ beginDate: null, endDate: null })}>
          {t('records.toolbar.stay')}
        </Button>
      ) : null}
    </>
  );
}

/**
 * "Last N days" presets of a record's range, ending on its end date; the one the range is shows as
 * chosen (none for the current stay or any other range). Fixed when opened from a link.
 */
export function DayPresets({
  data,
  params,
  options,
  label,
  testId,
}: {
  data: { range: { beginDate: string; endDate: string; isStay?: boolean } } | undefined;
  params: Params;
  options: readonly number[];
  label: (days: number) => string;
  testId: string;
}) {
  const range = data?.range;
  const days = range ? dayjs(range.endDate).diff(dayjs(range.beginDate), 'day') + 1 : 0;
  const chosen = range && !range.isStay && options.includes(days) ? String(days) : '';
  return (
    <Segmented
      data-testid={testId}
      disabled={params.viaLink || !range}
      value={chosen}
      options={options.map((n) => ({ value: String(n), label: label(n) }))}
      onChange={(value) => {
        if (!range) return;
        params.update({
          beginDate: dayjs(range.endDate)
            .subtract(Number(value) - 1, 'day')
            .format('YYYY-MM-DD'),
          endDate: range.endDate,
        });
      }}
    />
  );
}

/** Glucose and ketone records: the day × period grid of one patient over a range, paged by weeks. */
function PeriodRecordSheets({ data, daysPerPage }: { data: PeriodRecord; daysPerPage: number }) {
  const { t } = useTranslation();
  const unit = data.item === 'GLU' ? data.header.units.GLU : data.header.units.KET;
  const tz = data.header.timeZone;
  // insulin beside the glucose (issue 16): the doses of each day with their period, and the day's total
  const insulinDays = new Map((data.insulin?.rows ?? []).map((row) => [row.date, row]));
  return (
    <PagedSheets
      header={data.header}
      title={t(data.item === 'GLU' ? 'records.title.glucose' : 'records.title.ketone')}
      top={<PatientBlock patient={data.patient} header={data.header} range={rangeText(data.range, t)} />}
      pages={pagesByWeek(data.rows, daysPerPage)}
      pageKey={(row) => row.date}
      emptyText={t('records.empty')}
    >
      {(rows, last) => (
        <>
          <div className="gc-rec-table-wrap">
            <table className="gc-rec-table gc-rec-grid" data-testid="record-grid">
              <thead>
                <tr>
                  <th className="gc-rec-date-col">{t('records.column.date')}</th>
                  {data.periods.map((period) => (
                    <th key={period.code}>{period.name}</th>
                  ))}
                  {data.insulin ? (
                    <th className="gc-rec-insulin-col" data-testid="record-insulin-column">
                      {t('records.insulin.column')}
                    </th>
                  ) : null}
                  <th className="gc-rec-note-col">{t('records.column.notes')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.date}>
                    <td className="gc-rec-date-col">{row.date}</td>
                    <PeriodCells periods={data.periods} cells={row.cells} unit={unit} timeZone={tz} />
                    {data.insulin ? (
                      <td className="gc-rec-insulin-col" data-testid="record-insulin-cell">
                        {dosesOfDay(insulinDays.get(row.date)?.cells).map((dose) => (
                          <DoseLine key={dose.id} dose={dose} timeZone={tz} withPeriod />
                        ))}
                        {insulinDays.get(row.date)?.totals ? (
                          <div className="gc-rec-dose">
                            {t('records.insulin.dayTotal')}:{' '}
                            <b>{insulinDays.get(row.date)?.totals?.total} IU</b>
                          </div>
                        ) : null}
                      </td>
                    ) : null}
                    <td className="gc-rec-note-col">
                      {row.notes.map((note) => (
                        <div key={`${note.testTime}${note.note}`}>
                          <span className="gc-rec-time">{timeIn(note.testTime, tz)}</span> {note.note}
                        </div>
                      ))}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Legend unit={unit.unitName} />
          {data.insulin ? <InsulinNote /> : null}
          {last ? (
            <div className="gc-rec-summary" data-testid="record-summary">
              {t('records.summary', {
                readings: data.summary.readings,
                untested: data.summary.untested,
                critical: data.summary.critical,
                high: data.summary.high,
                low: data.summary.low,
              })}
            </div>
          ) : null}
          {last && data.orders ? <OrderRecordTable orders={data.orders} timeZone={tz} /> : null}
        </>
      )}
    </PagedSheets>
  );
}

function PeriodRecordPage({ screen }: { screen: 'glucose' | 'ketone' }) {
  const { t } = useTranslation();
  const [daysPerPage, setDaysPerPage] = useState<number>(DEFAULT_DAYS_PER_PAGE);
  return (
    <RecordFrame
      screen={screen}
      titleKey={screen === 'glucose' ? 'records.title.glucose' : 'records.title.ketone'}
      subject={(data) => data.patient.name}
      controls={(data, params) => (
        <>
          <RangeControl data={data} params={params} />
          <Select
            aria-label={t('records.toolbar.daysPerPage')}
            data-testid="record-days-per-page"
            value={daysPerPage}
            onChange={setDaysPerPage}
            options={DAYS_PER_PAGE_OPTIONS.map((days) => ({
              value: days,
              label: t('records.toolbar.days', { count: days }),
            }))}
            style={{ width: 170 }}
          />
        </>
      )}
    >
      {(data) => <PeriodRecordSheets data={data} daysPerPage={daysPerPage} />}
    </RecordFrame>
  );
}

/** /record: the printable glucose record. */
export function GlucoseRecordPage() {
  return <PeriodRecordPage screen="glucose" />;
}

/** /record/ket: the printable ketone record. */
export function KetoneRecordPage() {
  return <PeriodRecordPage screen="ketone" />;
}
