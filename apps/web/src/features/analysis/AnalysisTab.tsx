import { PrinterOutlined } from '@ant-design/icons';
import type { DaySegmentCount } from '@glucocare/domain/analytics';
import {
  CHART_SEGMENT_OPTIONS,
  FLUCTUATION_REFERENCES,
  TREND_DAY_OPTIONS,
} from '@glucocare/domain/constants';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, DatePicker, Empty, Segmented, Skeleton, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type AnalysisRangeQuery,
  type FluctuationDay,
  fetchFluctuation,
  fetchGlucoseMap,
  fetchGlucoseReport,
  fetchGlucoseTrend,
  type GlucoseReport,
  type PeriodSummary,
} from '../../api/analysis';
import { errorText } from '../../api/http';
import { fetchEntryOptions } from '../../api/measurements';
import type { PatientDetail } from '../../api/patients';
import type { UnitView } from '../../api/records';
import { EChart } from '../../components/EChart';
import { dateInZone } from '../../components/format';
import { LoadError } from '../../components/PageWrapper';
import { measurementKeys } from '../measurements/MeasurementTab';
import { lastDays } from '../measurements/reading-format';
import { formatRange } from '../records/format';
import { openRecordScreen } from '../records/open';
import { agpOption, hasAgp } from './charts/agp';
import { fluctuationOption } from './charts/fluctuation';
import { standardDayOption } from './charts/standard-day';
import { tirBarOption } from './charts/tir-bar';
import { trendByPeriodOption } from './charts/trend-by-period';
import { glucoseText, type Metric, metricNotes, metricRows, tirBandsNote, useChartLabels } from './labels';
import './analysis.css';

/** Query keys of the analysis: every range and language its own entry. */
export const analysisKeys = {
  all: ['analysis'] as const,
  of: (kind: string, q: AnalysisRangeQuery, lang: string) =>
    ['analysis', kind, q.patientId, q.beginDate, q.endDate, lang] as const,
};

const DEFAULT_DAYS = 14;

/**
 * The patient's glucose analysis tab: a range (last 3, 7 or 14 days, or any), then the metrics, the
 * share of readings in the target ranges, the trend by period, the standard 24-hour chart in 1, 6 or
 * 24 segments, the daily fluctuation, the AGP where the data allow it and the per-period table. Values
 * come in mmol/L and are shown in the tenant's glucose unit (as the glucose tab shows them).
 */
export function AnalysisTab({ patient }: { patient: Pick<PatientDetail, 'id'> }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [days, setDays] = useState<number>(DEFAULT_DAYS);
  const [range, setRange] = useState<[string, string] | null>(null);
  const [segments, setSegments] = useState<DaySegmentCount>(6);
  const [colorBy, setColorBy] = useState<'day' | 'period'>('period');
  const labels = useChartLabels();

  // the glucose tab's entry options: the display unit and the hospital's time zone (shared cache)
  const optionsQuery = useQuery({
    queryKey: measurementKeys.options(patient.id, 'GLU', lang),
    queryFn: ({ signal }) => fetchEntryOptions(patient.id, 'GLU', signal),
    meta: { silent: true },
  });
  const options = optionsQuery.data;
  const [beginDate, endDate] = useMemo(
    () => range ?? (options ? lastDays(days, new Date(), options.timeZone) : ['', '']),
    [range, days, options],
  );
  const q: AnalysisRangeQuery = { patientId: patient.id, beginDate, endDate };
  const common = { enabled: !!options, placeholderData: keepPreviousData, meta: { silent: true } };
  const reportQuery = useQuery({
    queryKey: analysisKeys.of('report', q, lang),
    queryFn: ({ signal }) => fetchGlucoseReport(q, signal),
    ...common,
  });
  const fluctuationQuery = useQuery({
    queryKey: analysisKeys.of('fluctuation', q, lang),
    queryFn: ({ signal }) => fetchFluctuation(q, signal),
    ...common,
  });
  const trendQuery = useQuery({
    queryKey: analysisKeys.of('trend', q, lang),
    queryFn: ({ signal }) => fetchGlucoseTrend(q, signal),
    ...common,
  });
  const mapQuery = useQuery({
    queryKey: analysisKeys.of('map', q, lang),
    queryFn: ({ signal }) => fetchGlucoseMap(q, signal),
    ...common,
  });
  const queries = [optionsQuery, reportQuery, fluctuationQuery, trendQuery, mapQuery];

  const unit: UnitView | null = useMemo(
    () =>
      options
        ? {
            item: 'GLU',
            unit: options.unit.code,
            unitName: options.unit.name,
            precision: options.unit.precision,
          }
        : null,
    [options],
  );
  const report = reportQuery.data;
  const fluctuation = fluctuationQuery.data;
  const trend = trendQuery.data;
  const map = mapQuery.data;
  const periods = trend?.periods ?? options?.periods ?? [];

  const trendChart = useMemo(
    () => (trend && unit ? trendByPeriodOption(trend, unit, labels.trend) : null),
    [trend, unit, labels],
  );
  const dayChart = useMemo(
    () =>
      map && unit ? standardDayOption(map, unit, labels.standardDay, { segments, colorBy, periods }) : null,
    [map, unit, labels, segments, colorBy, periods],
  );
  const fluctuationChart = useMemo(
    () =>
      fluctuation && unit
        ? fluctuationOption(
            fluctuation,
            unit,
            labels.fluctuation,
            report?.references ?? FLUCTUATION_REFERENCES,
          )
        : null,
    [fluctuation, unit, labels, report],
  );
  const tirChart = useMemo(
    () => (report && unit ? tirBarOption(report, unit, labels.tir) : null),
    [report, unit, labels],
  );
  const agpChart = useMemo(
    () => (map && unit && hasAgp(map) ? agpOption(map, unit, labels.agp(map.bands, unit)) : null),
    [map, unit, labels],
  );

  const failed = queries.find((query) => query.isError);
  if (failed) {
    return (
      <LoadError
        title={t('analysis.loadFailed')}
        message={errorText(failed.error)}
        onRetry={() => {
          for (const query of queries) if (query.isError) void query.refetch();
        }}
        testId="analysis-error"
      />
    );
  }
  if (!options || !unit) return <Skeleton active paragraph={{ rows: 8 }} data-testid="analysis-loading" />;

  const today = dateInZone(new Date(), options.timeZone);
  const loading = !report || !fluctuation || !trend || !map;
  const fetching = queries.some((query) => query.isFetching);

  const toolbar = (
    <div className="gc-analysis-toolbar">
      <div className="gc-analysis-toolbar-range">
        <Segmented
          data-testid="analysis-range"
          value={range ? 'custom' : String(days)}
          options={[
            ...TREND_DAY_OPTIONS.map((n) => ({
              value: String(n),
              label: t('analysis.range.last', { count: n }),
            })),
            ...(range ? [{ value: 'custom', label: t('analysis.range.custom') }] : []),
          ]}
          onChange={(value) => {
            if (value === 'custom') return;
            setDays(Number(value));
            setRange(null);
          }}
        />
        <DatePicker.RangePicker
          data-testid="analysis-range-picker"
          aria-label={t('analysis.range.label')}
          value={[dayjs(beginDate), dayjs(endDate)]}
          allowClear={false}
          disabledDate={(day) => day.format('YYYY-MM-DD') > today}
          onChange={(dates) => {
            if (dates?.[0] && dates[1])
              setRange([dates[0].format('YYYY-MM-DD'), dates[1].format('YYYY-MM-DD')]);
          }}
          className="gc-analysis-picker"
        />
        <Typography.Text type="secondary" className="gc-analysis-unit">
          {t('analysis.unitNote', { unit: unit.unitName })}
        </Typography.Text>
      </div>
      <Button
        icon={<PrinterOutlined />}
        data-testid="analysis-print"
        onClick={() => openRecordScreen('trend', patient.id, { beginDate, endDate })}
      >
        {t('analysis.print')}
      </Button>
    </div>
  );

  let body: ReactNode;
  if (loading) {
    body = <Skeleton active paragraph={{ rows: 10 }} data-testid="analysis-loading" />;
  } else if (report.testCount === 0) {
    body = (
      <Card size="small">
        <Empty
          data-testid="analysis-empty"
          description={
            <>
              <div>{t('analysis.empty', { begin: beginDate, end: endDate })}</div>
              <Typography.Text type="secondary">{t('analysis.emptyHint')}</Typography.Text>
            </>
          }
        />
      </Card>
    );
  } else {
    const periodName = (code: string) => periods.find((p) => p.code === code)?.name ?? code;
    body = (
      <>
        <div className="gc-analysis-row">
          <Card size="small" title={t('analysis.metrics.title')} data-testid="analysis-metrics">
            <MetricsTable report={report} unit={unit} />
          </Card>
          <Card
            size="small"
            title={report.timeRanges ? t('analysis.tir.titleTime') : t('analysis.tir.title')}
            data-testid="analysis-tir"
          >
            {report.rangeCount > 0 && tirChart ? (
              <>
                <EChart option={tirChart} height={300} testId="analysis-tir-chart" />
                <div className="gc-analysis-note" data-testid="analysis-tir-count">
                  {report.tirPeriods.length
                    ? t('analysis.tir.count', {
                        count: report.rangeCount,
                        periods: report.tirPeriods.map(periodName).join(', '),
                      })
                    : t('analysis.tir.countAll', { count: report.rangeCount })}
                </div>
                {report.timeRanges ? null : (
                  <div className="gc-analysis-note">{t('analysis.tir.fingerstick')}</div>
                )}
                <div className="gc-analysis-note" data-testid="analysis-tir-bands">
                  {tirBandsNote(report.bands, unit, t)}
                </div>
              </>
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('analysis.tir.none')} />
            )}
          </Card>
        </div>
        <Card size="small" title={t('analysis.trend.title')} data-testid="analysis-trend">
          {trendChart ? <EChart option={trendChart} height={320} testId="analysis-trend-chart" /> : null}
          {trend.band ? (
            <div className="gc-analysis-note" data-testid="analysis-trend-band">
              {t('analysis.trend.bandNote', {
                range: formatRange('GLU', trend.band, unit),
                unit: unit.unitName,
              })}
            </div>
          ) : null}
        </Card>
        <Card
          size="small"
          title={t('analysis.standardDay.title')}
          data-testid="analysis-standard-day"
          extra={
            <div className="gc-analysis-card-controls">
              <Segmented
                size="small"
                data-testid="analysis-segments"
                aria-label={t('analysis.standardDay.segments')}
                value={String(segments)}
                options={CHART_SEGMENT_OPTIONS.map((n) => ({
                  value: String(n),
                  label:
                    n === 1
                      ? t('analysis.standardDay.whole')
                      : t('analysis.standardDay.segmentCount', { count: n }),
                }))}
                onChange={(value) => setSegments(Number(value) as DaySegmentCount)}
              />
              <Segmented
                size="small"
                data-testid="analysis-color-by"
                aria-label={t('analysis.standardDay.colorBy')}
                value={colorBy}
                options={[
                  { value: 'period', label: t('analysis.standardDay.byPeriod') },
                  { value: 'day', label: t('analysis.standardDay.byDay') },
                ]}
                onChange={(value) => setColorBy(value as 'day' | 'period')}
              />
            </div>
          }
        >
          {dayChart ? <EChart option={dayChart} height={340} testId="analysis-standard-day-chart" /> : null}
        </Card>
        <Card size="small" title={t('analysis.fluctuation.title')} data-testid="analysis-fluctuation">
          {fluctuationChart ? (
            <EChart option={fluctuationChart} height={300} testId="analysis-fluctuation-chart" />
          ) : null}
          <FluctuationTable days={fluctuation} unit={unit} references={report.references} />
        </Card>
        <Card size="small" title={t('analysis.agp.title')} data-testid="analysis-agp">
          {agpChart ? (
            <EChart option={agpChart} height={320} testId="analysis-agp-chart" />
          ) : (
            <Typography.Paragraph
              type="secondary"
              className="gc-analysis-note"
              data-testid="analysis-agp-none"
            >
              {t('analysis.agp.unavailable')}
            </Typography.Paragraph>
          )}
        </Card>
        <Card size="small" title={t('analysis.periods.title')} data-testid="analysis-periods">
          <PeriodTable items={report.items} unit={unit} />
        </Card>
      </>
    );
  }

  return (
    <div className="gc-analysis" data-testid="analysis-tab" aria-busy={fetching}>
      {toolbar}
      {body}
    </div>
  );
}

function MetricsTable({ report, unit }: { report: GlucoseReport; unit: UnitView }) {
  const { t } = useTranslation();
  const rows = metricRows(report, unit, t);
  const columns: ColumnsType<Metric> = [
    { key: 'label', title: t('analysis.metrics.metric'), dataIndex: 'label' },
    {
      key: 'value',
      title: t('analysis.metrics.value'),
      align: 'right',
      render: (_, row) => (
        <span
          className={row.above ? 'gc-analysis-flag' : undefined}
          data-testid={`analysis-metric-${row.key}`}
        >
          <b>{row.value}</b>{' '}
          <span className="gc-analysis-unit-text">{row.value === '—' ? '' : row.unit}</span>
          {row.above ? (
            <Tag color="error" className="gc-analysis-tag">
              ↑ {t('analysis.metrics.above')}
            </Tag>
          ) : null}
        </span>
      ),
    },
    {
      key: 'reference',
      title: t('analysis.metrics.reference'),
      render: (_, row) =>
        row.reference === undefined ? '' : `< ${glucoseText(row.reference, unit)} ${unit.unitName}`,
    },
  ];
  return (
    <>
      <Table<Metric> size="small" rowKey="key" columns={columns} dataSource={rows} pagination={false} />
      {metricNotes(report, t).map((note, i) => (
        <div
          key={note}
          className="gc-analysis-note"
          data-testid={i === 0 && report.gmiStatus.message ? 'analysis-gmi-note' : undefined}
        >
          {note}
        </div>
      ))}
    </>
  );
}

function FluctuationTable({
  days,
  unit,
  references,
}: {
  days: FluctuationDay[];
  unit: UnitView;
  references: GlucoseReport['references'];
}) {
  const { t } = useTranslation();
  const cell = (value: number | null, reference?: number) => (
    <span
      className={
        reference !== undefined && value !== null && value > reference ? 'gc-analysis-flag' : undefined
      }
    >
      {glucoseText(value, unit)}
      {reference !== undefined && value !== null && value > reference ? ' ↑' : ''}
    </span>
  );
  const columns: ColumnsType<FluctuationDay> = [
    { key: 'date', title: t('analysis.fluctuation.date'), dataIndex: 'date', fixed: 'left', width: 104 },
    { key: 'count', title: t('analysis.fluctuation.count'), dataIndex: 'count', align: 'right' },
    {
      key: 'ppge',
      title: `${t('analysis.fluctuation.ppge')} (${unit.unitName})`,
      align: 'right',
      render: (_, row) => cell(row.ppge, references.ppge),
    },
    {
      key: 'lage',
      title: `${t('analysis.fluctuation.lage')} (${unit.unitName})`,
      align: 'right',
      render: (_, row) => cell(row.lage, references.lage),
    },
    {
      key: 'sdbg',
      title: `${t('analysis.fluctuation.sdbg')} (${unit.unitName})`,
      align: 'right',
      render: (_, row) => cell(row.sdbg, references.sdbg),
    },
    ...(['mage', 'magePlus', 'mageMinus', 'mageMean'] as const).map(
      (index): ColumnsType<FluctuationDay>[number] => ({
        key: index,
        title: `${t(`analysis.fluctuation.${index}`)} (${unit.unitName})`,
        align: 'right',
        render: (_, row) => cell(row[index]),
      }),
    ),
  ];
  return (
    <Table<FluctuationDay>
      size="small"
      rowKey="date"
      columns={columns}
      dataSource={days.filter((day) => day.count > 0)}
      pagination={false}
      scroll={{ x: 820 }}
      data-testid="analysis-fluctuation-table"
    />
  );
}

function PeriodTable({ items, unit }: { items: PeriodSummary[]; unit: UnitView }) {
  const { t } = useTranslation();
  const g = (value: number | null) => glucoseText(value, unit);
  const columns: ColumnsType<PeriodSummary> = [
    {
      key: 'period',
      title: t('analysis.periods.period'),
      fixed: 'left',
      render: (_, row) =>
        row.periodCode === '-' || !row.periodName ? t('analysis.periods.noPeriod') : row.periodName,
    },
    { key: 'count', title: t('analysis.periods.count'), dataIndex: 'count', align: 'right' },
    {
      key: 'mean',
      title: `${t('analysis.periods.mean')} (${unit.unitName})`,
      align: 'right',
      render: (_, r) => g(r.avg),
    },
    {
      key: 'min',
      title: `${t('analysis.periods.min')} (${unit.unitName})`,
      align: 'right',
      render: (_, r) => g(r.minValue),
    },
    {
      key: 'max',
      title: `${t('analysis.periods.max')} (${unit.unitName})`,
      align: 'right',
      render: (_, r) => g(r.maxValue),
    },
    {
      key: 'low',
      title: t('analysis.periods.low'),
      align: 'right',
      render: (_, r) => (r.lowCount ? <span className="gc-analysis-low">{r.lowCount}</span> : 0),
    },
    {
      key: 'high',
      title: t('analysis.periods.high'),
      align: 'right',
      render: (_, r) => (r.highCount ? <span className="gc-analysis-flag">{r.highCount}</span> : 0),
    },
  ];
  return (
    <Table<PeriodSummary>
      size="small"
      rowKey="periodCode"
      columns={columns}
      dataSource={items}
      pagination={false}
      scroll={{ x: 560 }}
      data-testid="analysis-period-table"
    />
  );
}
