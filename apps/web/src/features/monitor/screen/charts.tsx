import type { ClassCounts } from '@glucocare/domain/responses';
import type { BarSeriesOption, LineSeriesOption } from 'echarts/charts';
import type { GridComponentOption, LegendComponentOption } from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../../components/EChart';
import { Panel } from './Panel';
import { CLASS_COLORS } from './screen-format';
import type { ScreenView } from './view';

type ScreenChartOption = ComposeOption<
  BarSeriesOption | LineSeriesOption | GridComponentOption | LegendComponentOption
>;

/**
 * The wall's charts: stacked readings by class (normal, low, high, critical = critical low + critical
 * high), big labels in light grey on the dark stage, no animation (a wall redraws all day; animation
 * only costs), drawn as SVG by the app's one chart component (disposed on unmount, reused on update).
 */
const TEXT = '#c9d4e8';
const LINE = 'rgba(201, 212, 232, 0.14)';
const CLASS_SERIES = ['normal', 'low', 'high', 'critical'] as const;

export function classSeriesValue(row: ClassCounts, series: (typeof CLASS_SERIES)[number]): number {
  return series === 'critical' ? row.criticalLow + row.criticalHigh : row[series];
}

function stackedOption(
  categories: string[],
  rows: readonly ClassCounts[],
  names: Record<(typeof CLASS_SERIES)[number], string>,
  extra: { name: string; values: number[] } | null,
): ScreenChartOption {
  const axisLabel = { color: TEXT, fontSize: 18 };
  return {
    animation: false,
    textStyle: { color: TEXT, fontSize: 18 },
    legend: { top: 0, textStyle: { color: TEXT, fontSize: 18 }, itemWidth: 22, itemHeight: 14 },
    grid: { left: 8, right: extra ? 8 : 16, top: 40, bottom: 4, containLabel: true },
    xAxis: { type: 'category', data: categories, axisLabel, axisLine: { lineStyle: { color: LINE } } },
    yAxis: [
      { type: 'value', minInterval: 1, axisLabel, splitLine: { lineStyle: { color: LINE } } },
      ...(extra ? [{ type: 'value' as const, minInterval: 1, axisLabel, splitLine: { show: false } }] : []),
    ],
    series: [
      ...CLASS_SERIES.map(
        (series): BarSeriesOption => ({
          type: 'bar',
          name: names[series],
          stack: 'readings',
          barMaxWidth: 36,
          itemStyle: { color: CLASS_COLORS[series === 'critical' ? 'criticalHigh' : series] },
          data: rows.map((row) => classSeriesValue(row, series)),
        }),
      ),
      ...(extra
        ? [
            {
              type: 'line' as const,
              name: extra.name,
              yAxisIndex: 1,
              symbolSize: 10,
              lineStyle: { width: 3, color: '#69c0ff' },
              itemStyle: { color: '#69c0ff' },
              data: extra.values,
            },
          ]
        : []),
    ],
  };
}

function classNames(t: TFunction) {
  return {
    normal: t('monitor.screen.class.normal'),
    low: t('monitor.screen.class.low'),
    high: t('monitor.screen.class.high'),
    critical: t('monitor.screen.class.critical'),
  };
}

/** Statistic analysis: today's readings per hour of the hospital's clock, by class. */
export function StatisticsPanel({ view }: { view: ScreenView }) {
  const { t } = useTranslation();
  const trend = view.overview.trend;
  const option = useMemo(
    () =>
      stackedOption(
        trend.map((row) => String(row.hour).padStart(2, '0')),
        trend,
        classNames(t),
        null,
      ),
    [trend, t],
  );
  return (
    <Panel panel="statistics" title={t('monitor.screen.panel.statistics')}>
      <EChart
        option={option}
        className="bigscreen-chart"
        testId="screen-chart-statistics"
        ariaLabel={t('monitor.screen.panel.statistics')}
      />
    </Panel>
  );
}

/** Weekly data: the last seven days' readings by class, and the patients measured each day. */
export function WeeklyPanel({ view }: { view: ScreenView }) {
  const { t } = useTranslation();
  const weekly = view.overview.weeklySummary;
  const option = useMemo(
    () =>
      stackedOption(
        weekly.map((row) => row.day.slice(5)),
        weekly,
        classNames(t),
        {
          name: t('monitor.screen.figure.measuredPatients'),
          values: weekly.map((row) => row.measuredPatients),
        },
      ),
    [weekly, t],
  );
  return (
    <Panel panel="weekly" title={t('monitor.screen.panel.weekly')}>
      <EChart
        option={option}
        className="bigscreen-chart"
        testId="screen-chart-weekly"
        ariaLabel={t('monitor.screen.panel.weekly')}
      />
    </Panel>
  );
}
