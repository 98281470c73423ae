import { Empty } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAbort } from '../../api/http';
import { toastError, toastSuccess } from '../../app/notify';
import { useDevice } from '../../app/preferences';
import { glucoseUnitOf, useSession } from '../../app/session';
import { EChart } from '../../components/EChart';
import { exportToExcel } from '../../components/excel';
import { PageWrapper } from '../../components/PageWrapper';
import { StatisticsActions, StatisticsLoadState, StatisticsSection } from '../statistics/StatisticsParts';
import '../statistics/statistics.css';
import { useStatisticsRange } from './ChartRangeToolbar';
import { type ChartOption, glucoseShown, unitName } from './outcome-format';
import { type ChartsView, useCharts } from './statistics-api';

const CLASSES = [
  { key: 'criticalLow', color: '#820014' },
  { key: 'low', color: '#d9363e' },
  { key: 'normal', color: '#389e0d' },
  { key: 'high', color: '#fa8c16' },
  { key: 'criticalHigh', color: '#ad4e00' },
  { key: 'other', color: '#bfbfbf' },
] as const;
const BANDS = [
  { key: 'veryLow', color: '#820014', limit: 'veryLow' },
  { key: 'low', color: '#d9363e', limit: 'low' },
  { key: 'inRange', color: '#389e0d', limit: null },
  { key: 'high', color: '#fa8c16', limit: 'high' },
  { key: 'veryHigh', color: '#ad4e00', limit: 'veryHigh' },
] as const;
type Day = ChartsView['days'][number];

/**
 * `/virtualward/chart` (图表统计): the virtual ward's readings day by day by classification (stacked
 * bars), the mean glucose (in the hospital's unit) with the patients managed, and the distribution over
 * the TIR setting's bands; Excel of the days and print.
 */
export default function ChartPage() {
  const { t } = useTranslation();
  const compact = useDevice() === 'mobile';
  const unit = glucoseUnitOf(useSession().units);
  const page = useRef<HTMLDivElement>(null);
  const [exporting, setExporting] = useState(false);
  const range = useStatisticsRange();
  const charts = useCharts(range.query);
  const data = range.query ? charts.data : undefined;
  const stale = charts.isPlaceholderData;
  const hasReadings = !!data && data.days.some((d) => CLASSES.some((c) => d[c.key] > 0));

  const options = useMemo(() => {
    if (!data) return null;
    const days = data.days.map((d) => d.day.slice(5));
    const perDay = {
      grid: { left: 40, right: 16, top: 40, bottom: 32 },
      legend: { top: 0, type: compact ? 'scroll' : 'plain' },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: days },
      yAxis: { type: 'value', minInterval: 1 },
      series: CLASSES.map((c) => ({
        type: 'bar',
        stack: 'readings',
        name: t(`vwStats.chart.classes.${c.key}`),
        data: data.days.map((d) => d[c.key]),
        itemStyle: { color: c.color },
      })),
    } as ChartOption;
    const mean = {
      grid: { left: 48, right: 48, top: 40, bottom: 32 },
      legend: { top: 0 },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: days },
      yAxis: [
        { type: 'value', name: unitName(unit) },
        { type: 'value', minInterval: 1, splitLine: { show: false } },
      ],
      series: [
        {
          type: 'line',
          name: `${t('vwStats.chart.mean')} (${unitName(unit)})`,
          data: data.days.map((d) => (d.mean === null ? null : Number(glucoseShown(d.mean, unit)))),
          itemStyle: { color: '#1677ff' },
        },
        {
          type: 'bar',
          yAxisIndex: 1,
          name: t('vwStats.workload.managed'),
          data: data.days.map((d) => d.patients),
          itemStyle: { color: 'rgba(14, 124, 134, 0.3)' },
          barMaxWidth: 20,
        },
      ],
    } as ChartOption;
    const b = data.distribution.bands;
    const bandNames = BANDS.map((band) =>
      t(`vwStats.chart.bands.${band.key}`, { value: band.limit ? glucoseShown(b[band.limit], unit) : '' }),
    );
    const distribution = {
      grid: { left: compact ? 96 : 140, right: 24, top: 8, bottom: 24 },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'value', minInterval: 1 },
      yAxis: { type: 'category', data: bandNames, inverse: true },
      series: [
        {
          type: 'bar',
          name: t('vwStats.readings'),
          data: BANDS.map((band) => ({
            value: data.distribution[band.key],
            itemStyle: { color: band.color },
          })),
          label: { show: true, position: 'right' },
        },
      ],
    } as ChartOption;
    return { perDay, mean, distribution };
  }, [data, t, unit, compact]);

  const runExport = async () => {
    if (!data) return;
    setExporting(true);
    try {
      await exportToExcel({
        fileName: `${t('vwStats.chart.fileName')} ${data.beginDate}_${data.endDate}`,
        sheetName: t('vwStats.chart.title'),
        columns: [
          { title: t('vwStats.chart.day'), dataIndex: 'day' },
          ...CLASSES.map((c) => ({ title: t(`vwStats.chart.classes.${c.key}`), dataIndex: c.key })),
          {
            title: `${t('vwStats.chart.mean')} (${unitName(unit)})`,
            dataIndex: 'mean',
            render: (value: unknown) => (value === null ? null : Number(glucoseShown(value as number, unit))),
          },
          { title: t('vwStats.workload.managed'), dataIndex: 'patients' },
        ],
        rows: data.days as Day[],
      });
      toastSuccess(t('excel.exported', { count: data.days.length }));
    } catch (failure) {
      if (!isAbort(failure)) toastError(t('excel.exportFailed'));
    } finally {
      setExporting(false);
    }
  };

  const empty = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('vwStats.chart.empty')} />;
  return (
    <PageWrapper
      ref={page}
      title={t('vwStats.chart.title')}
      description={t('vwStats.chart.intro')}
      testId="vw-chart-page"
      className="gc-stats-page"
      extra={
        <StatisticsActions
          page={page}
          ready={!!data && !stale}
          exporting={exporting}
          onExport={() => void runExport()}
        />
      }
    >
      {range.toolbar()}
      {range.query ? <StatisticsLoadState query={charts} /> : null}
      {data && options ? (
        <div className={stale ? 'gc-stats-body gc-stats-stale' : 'gc-stats-body'}>
          <StatisticsSection title={t('vwStats.chart.perDay')}>
            {hasReadings ? (
              <EChart
                option={options.perDay}
                height={compact ? 260 : 300}
                ariaLabel={t('vwStats.chart.perDay')}
                testId="chart-per-day"
              />
            ) : (
              empty
            )}
          </StatisticsSection>
          <StatisticsSection title={t('vwStats.chart.meanTitle')}>
            {hasReadings || data.days.some((d) => d.patients > 0) ? (
              <EChart
                option={options.mean}
                height={compact ? 260 : 300}
                ariaLabel={t('vwStats.chart.meanTitle')}
                testId="chart-mean"
              />
            ) : (
              empty
            )}
          </StatisticsSection>
          <StatisticsSection title={t('vwStats.chart.distribution')}>
            {hasReadings ? (
              <EChart
                option={options.distribution}
                height={220}
                ariaLabel={t('vwStats.chart.distribution')}
                testId="chart-distribution"
              />
            ) : (
              empty
            )}
          </StatisticsSection>
        </div>
      ) : null}
    </PageWrapper>
  );
}
