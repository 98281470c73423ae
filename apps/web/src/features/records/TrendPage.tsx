import type { DaySegmentCount } from '@glucocare/domain/analytics';
import { CHART_SEGMENT_OPTIONS, TREND_DAY_OPTIONS } from '@glucocare/domain/constants';
import { chunk } from '@glucocare/domain/helpers';
import { formatReading } from '@glucocare/domain/measurements';
import { Segmented } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FluctuationDay, GlucoseMap, GlucoseTrend } from '../../api/analysis';
import type { TrendRecord } from '../../api/records';
import { EChart } from '../../components/EChart';
import { dateInZone as dateIn, timeInZone as timeIn } from '../../components/format';
import { agpOption, hasAgp } from '../analysis/charts/agp';
import { fluctuationOption } from '../analysis/charts/fluctuation';
import { standardDayOption } from '../analysis/charts/standard-day';
import { tirBarOption } from '../analysis/charts/tir-bar';
import { trendByPeriodOption } from '../analysis/charts/trend-by-period';
import { glucoseText, metricNotes, metricRows, tirBandsNote, useChartLabels } from '../analysis/labels';
import { LinkedChartPanel } from '../insulin/LinkedChart';
import { flagOf, formatRange } from './format';
import { DayPresets, RangeControl } from './GlucoseRecordPage';
import { InsulinDayTable } from './InsulinRecordParts';
import { PatientBlock, RecordFrame, RecordSheet, rangeText } from './RecordFrame';

/** §9 "Trend charts for 3, 7 and 14 days". */
export const TREND_PRESETS = TREND_DAY_OPTIONS;

/** Days of the daily fluctuation table a printed A4 page holds (the domain `chunk`, §9 page splitting). */
export const FLUCTUATION_DAYS_PER_PAGE = 31;

/** The report's data in the shapes the analysis charts take (the same builders as the analysis tab). */
export function reportCharts(data: TrendRecord) {
  const { analysis } = data;
  const timeZone = data.header.timeZone;
  const trend: GlucoseTrend = {
    range: data.range,
    timeZone,
    periods: data.periods,
    band: data.band,
    readings: analysis.readings,
  };
  const map: GlucoseMap = {
    range: data.range,
    timeZone,
    band: data.band,
    bands: analysis.report.bands,
    readings: analysis.readings,
    hourly: analysis.hourly,
  };
  return { trend, map };
}

function Section({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <section className="gc-rec-section" data-testid={testId}>
      <h3 className="gc-rec-section-title">{title}</h3>
      {children}
    </section>
  );
}

/** The metrics with their units and normal references, two columns of rows to keep page 1 short. */
function MetricsTable({ data }: { data: TrendRecord }) {
  const { t } = useTranslation();
  const unit = data.header.units.GLU;
  const rows = metricRows(data.analysis.report, unit, t);
  const half = Math.ceil(rows.length / 2);
  const pairs = rows.slice(0, half).map((row, i) => [row, rows[half + i]] as const);
  return (
    <div className="gc-rec-table-wrap">
      <table className="gc-rec-table gc-rec-list gc-rec-metrics" data-testid="record-trend-metrics">
        <tbody>
          {pairs.map((pair) => (
            <tr key={pair[0].key}>
              {pair.map((row) =>
                row ? (
                  <MetricCells key={row.key} label={row.label} above={row.above}>
                    {row.value === '—' ? '—' : `${row.value} ${row.unit}`}
                  </MetricCells>
                ) : null,
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {metricNotes(data.analysis.report, t).map((note) => (
        <div key={note} className="gc-rec-note" data-testid="record-trend-metric-note">
          {note}
        </div>
      ))}
      <div className="gc-rec-note">
        {t('records.report.references', {
          ppge: glucoseText(data.analysis.report.references.ppge, unit),
          lage: glucoseText(data.analysis.report.references.lage, unit),
          sdbg: glucoseText(data.analysis.report.references.sdbg, unit),
          unit: unit.unitName,
        })}
      </div>
    </div>
  );
}

/** A metric's name and value; a value above its normal reference is marked ↑. */
function MetricCells({ label, above, children }: { label: string; above?: boolean; children: ReactNode }) {
  return (
    <>
      <th>{label}</th>
      <td className={above ? 'gc-rec-above' : undefined}>
        {children}
        {above ? ' ↑' : ''}
      </td>
    </>
  );
}

/** Readings in the target, the critical and high/low counts of the range (the record's summary). */
function SummaryTable({ data }: { data: TrendRecord }) {
  const { t } = useTranslation();
  const unit = data.header.units.GLU;
  const s = data.summary;
  return (
    <div className="gc-rec-table-wrap">
      <table className="gc-rec-table gc-rec-list" data-testid="record-trend-summary">
        <thead>
          <tr>
            <th>{t('records.trend.target')}</th>
            <th>{t('records.trend.readings')}</th>
            <th>{t('records.trend.highLow')}</th>
            <th>{t('records.column.critical')}</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>{formatRange('GLU', data.band, unit) || '—'}</td>
            <td>{s.tested}</td>
            <td>
              {s.high} / {s.low}
            </td>
            <td>{s.critical}</td>
          </tr>
        </tbody>
      </table>
    </div>
  );
}

/** Each period's readings, mean, range, low and high counts, its own target and its latest reading. */
function PeriodTable({ data }: { data: TrendRecord }) {
  const { t } = useTranslation();
  const unit = data.header.units.GLU;
  const tz = data.header.timeZone;
  const items = new Map(data.analysis.report.items.map((item) => [item.periodCode, item]));
  return (
    <div className="gc-rec-table-wrap">
      <table className="gc-rec-table gc-rec-list" data-testid="record-trend-periods">
        <thead>
          <tr>
            <th>{t('records.trend.period')}</th>
            <th>{t('records.trend.periodTarget', { unit: unit.unitName })}</th>
            <th>{t('analysis.periods.count')}</th>
            <th>{t('analysis.periods.mean')}</th>
            <th>{t('records.trend.min')}</th>
            <th>{t('records.trend.max')}</th>
            <th>{t('records.trend.latest')}</th>
          </tr>
        </thead>
        <tbody>
          {data.periods.map((period) => {
            const item = items.get(period.code);
            const band = data.periodBands.find((b) => b.periodCode === period.code);
            const latest = data.readings.filter((r) => (r.periodCode ?? '-') === period.code).at(-1);
            return (
              <tr key={period.code}>
                <td>{period.name}</td>
                <td>{band ? formatRange('GLU', band, unit) || '—' : '—'}</td>
                <td>{item?.count ?? 0}</td>
                <td>{glucoseText(item?.avg ?? null, unit)}</td>
                <td>{glucoseText(item?.minValue ?? null, unit)}</td>
                <td>{glucoseText(item?.maxValue ?? null, unit)}</td>
                <td>
                  {latest
                    ? `${formatReading('GLU', latest.testValue, unit.unit, latest)}${flagOf(latest.determineType)} (${dateIn(latest.testTime, tz)} ${timeIn(latest.testTime, tz)})`
                    : '—'}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** The daily fluctuation of the days that have readings, one printed page's share. */
function FluctuationTable({ days, data }: { days: FluctuationDay[]; data: TrendRecord }) {
  const { t } = useTranslation();
  const unit = data.header.units.GLU;
  const g = (value: number | null) => glucoseText(value, unit);
  return (
    <div className="gc-rec-table-wrap">
      <table className="gc-rec-table gc-rec-list" data-testid="record-trend-fluctuation-table">
        <thead>
          <tr>
            <th>{t('analysis.fluctuation.date')}</th>
            <th>{t('analysis.fluctuation.count')}</th>
            <th>{t('analysis.fluctuation.ppge')}</th>
            <th>{t('analysis.fluctuation.lage')}</th>
            <th>{t('analysis.fluctuation.sdbg')}</th>
            <th>{t('analysis.fluctuation.mage')}</th>
            <th>{t('analysis.fluctuation.magePlus')}</th>
            <th>{t('analysis.fluctuation.mageMinus')}</th>
            <th>{t('analysis.fluctuation.mageMean')}</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.date}>
              <td>{day.date}</td>
              <td>{day.count}</td>
              <td>{g(day.ppge)}</td>
              <td>{g(day.lage)}</td>
              <td>{g(day.sdbg)}</td>
              <td>{g(day.mage)}</td>
              <td>{g(day.magePlus)}</td>
              <td>{g(day.mageMinus)}</td>
              <td>{g(day.mageMean)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The printable glucose report: page 1 the metrics, the readings in the target ranges and the trend by
 * period; page 2 the standard 24-hour chart (in 1, 6 or 24 segments), the AGP where the data allow it
 * and the daily fluctuation; then the periods and the daily fluctuation table, split into pages.
 */
function ReportSheets({ data, segments }: { data: TrendRecord; segments: DaySegmentCount }) {
  const { t } = useTranslation();
  const labels = useChartLabels();
  const unit = data.header.units.GLU;
  const { report } = data.analysis;
  const { trend, map } = useMemo(() => reportCharts(data), [data]);
  const charts = useMemo(
    () => ({
      trend: trendByPeriodOption(trend, unit, labels.trend),
      tir: tirBarOption(report, unit, labels.tir),
      day: standardDayOption(map, unit, labels.standardDay, {
        segments,
        colorBy: 'period',
        periods: data.periods,
      }),
      agp: hasAgp(map) ? agpOption(map, unit, labels.agp(report.bands, unit)) : null,
      fluctuation: fluctuationOption(data.analysis.fluctuation, unit, labels.fluctuation, report.references),
    }),
    [trend, map, unit, labels, report, segments, data],
  );
  const measuredDays = data.analysis.fluctuation.filter((day) => day.count > 0);
  const tablePages = chunk(measuredDays, FLUCTUATION_DAYS_PER_PAGE);
  // the glucose–insulin page when the patient has insulin (issue 16)
  const linkedPages = data.linked ? 1 : 0;
  const pages = 2 + linkedPages + Math.max(tablePages.length, 1);
  const title = t('records.title.trend');
  const sheet = { header: data.header, title };
  const top = <PatientBlock patient={data.patient} header={data.header} range={rangeText(data.range, t)} />;

  if (!report.testCount) {
    return (
      <RecordSheet {...sheet} top={top} page={1} pages={1}>
        <div className="gc-rec-empty" data-testid="record-empty">
          {t('records.empty')}
        </div>
      </RecordSheet>
    );
  }
  return (
    <>
      <RecordSheet {...sheet} top={top} page={1} pages={pages}>
        <Section title={t('analysis.metrics.title')} testId="record-trend-metrics-section">
          <MetricsTable data={data} />
        </Section>
        <Section
          title={report.timeRanges ? t('analysis.tir.titleTime') : t('analysis.tir.title')}
          testId="record-trend-tir"
        >
          <EChart option={charts.tir} className="gc-rec-chart gc-rec-chart-tir" printHeight={196} />
          <div className="gc-rec-note">
            {t('analysis.tir.countAll', { count: report.rangeCount })}
            {report.timeRanges ? '' : ` · ${t('analysis.tir.fingerstick')}`}
          </div>
          <div className="gc-rec-note" data-testid="record-trend-tir-bands">
            {tirBandsNote(report.bands, unit, t)}
          </div>
        </Section>
        <Section title={t('analysis.trend.title')} testId="record-trend-section">
          <EChart
            option={charts.trend}
            className="gc-rec-chart gc-rec-chart-mid"
            printHeight={249}
            testId="record-trend-chart"
          />
          {data.band ? (
            <div className="gc-rec-note" data-testid="record-trend-band">
              {t('analysis.trend.bandNote', {
                range: formatRange('GLU', data.band, unit),
                unit: unit.unitName,
              })}
            </div>
          ) : null}
        </Section>
      </RecordSheet>
      <RecordSheet {...sheet} page={2} pages={pages}>
        <Section title={t('analysis.standardDay.title')} testId="record-trend-standard-day">
          <EChart
            option={charts.day}
            className="gc-rec-chart gc-rec-chart-mid"
            printHeight={249}
            testId="record-trend-standard-day-chart"
          />
        </Section>
        <Section title={t('analysis.agp.title')} testId="record-trend-agp">
          {charts.agp ? (
            <EChart option={charts.agp} className="gc-rec-chart gc-rec-chart-mid" printHeight={249} />
          ) : (
            <div className="gc-rec-note">{t('analysis.agp.unavailable')}</div>
          )}
        </Section>
        <Section title={t('analysis.fluctuation.title')} testId="record-trend-fluctuation">
          <EChart
            option={charts.fluctuation}
            className="gc-rec-chart gc-rec-chart-mid"
            printHeight={249}
            testId="record-trend-fluctuation-chart"
          />
        </Section>
      </RecordSheet>
      {data.linked ? (
        <RecordSheet {...sheet} page={3} pages={pages}>
          <Section
            title={t('records.linked.chartTitle', {
              begin: data.linked.range.beginDate,
              end: data.linked.range.endDate,
            })}
            testId="record-trend-linked"
          >
            <LinkedChartPanel
              data={data.linked}
              unit={unit}
              className="gc-rec-chart gc-rec-chart-linked"
              printHeight={420}
              testId="record-trend-linked-chart"
            />
          </Section>
          {data.insulin ? (
            <Section title={t('records.linked.insulinTitle')} testId="record-trend-insulin">
              <InsulinDayTable insulin={data.insulin} timeZone={data.header.timeZone} />
            </Section>
          ) : null}
        </RecordSheet>
      ) : null}
      {(tablePages.length ? tablePages : [[]]).map((days, index) => (
        <RecordSheet key={days[0]?.date ?? 'periods'} {...sheet} page={3 + linkedPages + index} pages={pages}>
          {index === 0 ? (
            <Section title={t('analysis.periods.title')} testId="record-trend-periods-section">
              <SummaryTable data={data} />
              <PeriodTable data={data} />
            </Section>
          ) : null}
          {days.length ? (
            <Section title={t('analysis.fluctuation.tableTitle')} testId="record-trend-fluctuation-days">
              <FluctuationTable days={days} data={data} />
            </Section>
          ) : null}
        </RecordSheet>
      ))}
    </>
  );
}

/** /trend: the glucose report of one patient — metrics, target ranges, trend, 24-hour chart, fluctuation. */
export function TrendPage() {
  const { t } = useTranslation();
  const [segments, setSegments] = useState<DaySegmentCount>(6);
  return (
    <RecordFrame
      screen="trend"
      titleKey="records.title.trend"
      subject={(data) => data.patient.name}
      controls={(data, params) => (
        <>
          <DayPresets
            data={data}
            params={params}
            options={TREND_PRESETS}
            label={(days) => t('records.toolbar.lastDays', { count: days })}
            testId="record-trend-preset"
          />
          <RangeControl data={data} params={params} />
          <Segmented
            data-testid="record-trend-segments"
            aria-label={t('analysis.standardDay.segments')}
            value={segments}
            options={CHART_SEGMENT_OPTIONS.map((count) => ({
              value: count,
              label:
                count === 1
                  ? t('analysis.standardDay.whole')
                  : t('analysis.standardDay.segmentCount', { count }),
            }))}
            onChange={(value) => setSegments(value as DaySegmentCount)}
          />
        </>
      )}
    >
      {(data) => <ReportSheets data={data} segments={segments} />}
    </RecordFrame>
  );
}
