import { formatDecimal } from '@glucocare/domain/helpers';
import type { Lang } from '@glucocare/domain/i18n';
import type { BarSeriesOption, LineSeriesOption } from 'echarts/charts';
import type { GridComponentOption, LegendComponentOption, TooltipComponentOption } from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import type { DepartmentRow, YearAnalysis, YearMonthRow } from '../../api/statistics';
import {
  CATEGORY_COLORS,
  CHART_CATEGORIES,
  type ChartCategory,
  countOf,
  formatCount,
  formatRate,
  monthName,
  rateOf,
} from './statistics-format';

/** The option of the statistics charts (bars, lines, grid, legend, tooltip). */
export type StatisticsChartOption = ComposeOption<
  BarSeriesOption | LineSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption
>;

export interface ChartLabels {
  /** "Readings" */
  readings: string;
  /** the series of the rates: "In-target rate", "Low rate", "High rate", "Critical rate" */
  rates: Record<ChartCategory, string>;
}

/** What echarts hands a tooltip formatter for one series at the pointed axis value. */
interface TooltipParam {
  seriesName?: string;
  seriesType?: string;
  seriesIndex?: number;
  dataIndex: number;
  marker?: unknown;
  axisValueLabel?: string;
  name?: string;
}

const READINGS_COLOR = 'rgba(14, 124, 134, 0.28)';

export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );
}

function asList(params: unknown): TooltipParam[] {
  return (Array.isArray(params) ? params : [params]) as TooltipParam[];
}

function marker(param: TooltipParam): string {
  return typeof param.marker === 'string' ? param.marker : '';
}

/**
 * The tooltip of one month: its name, the readings, then each rate with its count
 * (`In-target rate: 72.50% (290)`).
 */
export function yearTooltip(rows: readonly YearMonthRow[], lang: Lang) {
  return (params: unknown): string => {
    const list = asList(params);
    const first = list[0];
    if (!first) return '';
    const row = rows[first.dataIndex];
    if (!row) return '';
    const lines = [`<b>${escapeHtml(monthName(row.month, lang))}</b>`];
    for (const param of list) {
      const name = escapeHtml(param.seriesName ?? '');
      if (param.seriesType === 'bar') {
        lines.push(`${marker(param)}${name}: <b>${formatCount(row.testCount, lang)}</b>`);
        continue;
      }
      const category = CHART_CATEGORIES[(param.seriesIndex ?? 1) - 1];
      if (!category) continue;
      lines.push(
        `${marker(param)}${name}: <b>${formatRate(rateOf(row, category))}</b> (${formatCount(countOf(row, category), lang)})`,
      );
    }
    return lines.join('<br/>');
  };
}

/**
 * The yearly chart: the readings of each month as bars (right axis) and the in-target, low, high and
 * critical rates as lines (left axis, 0-100 %); months without readings leave a gap in the lines.
 */
export function yearChartOption(
  data: Pick<YearAnalysis, 'months'>,
  labels: ChartLabels,
  lang: Lang,
  compact = false,
): StatisticsChartOption {
  // phones: the month numbers, which all fit (the tooltip names the month)
  const months = data.months.map((row) => (compact ? String(row.month) : monthName(row.month, lang)));
  return {
    animation: false,
    grid: { left: compact ? 40 : 52, right: compact ? 40 : 60, top: compact ? 48 : 56, bottom: 28 },
    legend: {
      top: 0,
      type: compact ? 'plain' : 'scroll',
      itemWidth: 14,
      itemHeight: 8,
      textStyle: { fontSize: compact ? 10 : 12 },
    },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      formatter: yearTooltip(data.months, lang),
    },
    xAxis: {
      type: 'category',
      data: months,
      axisTick: { alignWithLabel: true },
      axisLabel: { fontSize: compact ? 10 : 11, interval: 0 },
    },
    yAxis: [
      {
        type: 'value',
        min: 0,
        max: 100,
        interval: compact ? 25 : 20,
        axisLabel: { formatter: '{value}%', fontSize: compact ? 9 : 11 },
      },
      {
        type: 'value',
        name: compact ? undefined : labels.readings,
        nameTextStyle: { fontSize: 11, align: 'right' },
        min: 0,
        minInterval: 1,
        splitLine: { show: false },
        axisLabel: { fontSize: compact ? 9 : 11 },
      },
    ],
    series: [
      {
        name: labels.readings,
        type: 'bar',
        yAxisIndex: 1,
        barMaxWidth: 28,
        itemStyle: { color: READINGS_COLOR },
        data: data.months.map((row) => row.testCount),
      },
      ...CHART_CATEGORIES.map(
        (category): LineSeriesOption => ({
          name: labels.rates[category],
          type: 'line',
          yAxisIndex: 0,
          symbol: 'circle',
          symbolSize: compact ? 5 : 7,
          connectNulls: false,
          itemStyle: { color: CATEGORY_COLORS[category] },
          lineStyle: { width: 2, color: CATEGORY_COLORS[category] },
          // no readings, no rate: a gap rather than a 0 %
          data: data.months.map((row) => rateOf(row, category)),
        }),
      ),
    ],
  };
}

/** The height of the department chart: a bar per department, a band for the legend and axis. */
export function departmentChartHeight(departments: number, compact = false): number {
  return Math.max(180, departments * (compact ? 32 : 36) + (compact ? 110 : 90));
}

/** A segment's label: its rate with one decimal when it is wide enough to hold it, else nothing. */
export function segmentLabel(rate: number | null | undefined, minimum = 8): string {
  return rate !== null && rate !== undefined && rate >= minimum ? formatDecimal(rate, 1) : '';
}

/** The tooltip of one department: its name and readings, then each rate with its count. */
export function departmentTooltip(rows: readonly DepartmentRow[], labels: ChartLabels, lang: Lang) {
  return (params: unknown): string => {
    const list = asList(params);
    const first = list[0];
    const row = first ? rows[first.dataIndex] : undefined;
    if (!row) return '';
    const lines = [
      `<b>${escapeHtml(row.departmentName)}</b>`,
      `${escapeHtml(labels.readings)}: <b>${formatCount(row.testCount, lang)}</b>`,
    ];
    for (const param of list) {
      const category = CHART_CATEGORIES[param.seriesIndex ?? -1];
      if (!category) continue;
      lines.push(
        `${marker(param)}${escapeHtml(param.seriesName ?? '')}: <b>${formatRate(rateOf(row, category))}</b> (${formatCount(countOf(row, category), lang)})`,
      );
    }
    return lines.join('<br/>');
  };
}

/**
 * The department chart: a horizontal bar per department (the first on top) stacking its in-target,
 * low, high and critical rates; what is left to 100 % are readings no limit applied to.
 */
export function departmentChartOption(
  rows: readonly DepartmentRow[],
  labels: ChartLabels,
  lang: Lang,
  compact = false,
): StatisticsChartOption {
  return {
    animation: false,
    grid: { left: 8, right: compact ? 12 : 24, top: compact ? 44 : 36, bottom: 24 },
    legend: {
      top: 0,
      type: 'plain',
      itemWidth: 14,
      itemHeight: 8,
      textStyle: { fontSize: compact ? 10 : 12 },
    },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      formatter: departmentTooltip(rows, labels, lang),
    },
    xAxis: {
      type: 'value',
      min: 0,
      max: 100,
      interval: compact ? 25 : 10,
      axisLabel: { formatter: '{value}%', fontSize: compact ? 9 : 11 },
    },
    yAxis: {
      type: 'category',
      inverse: true,
      data: rows.map((row) => row.departmentName),
      axisTick: { show: false },
      axisLabel: { width: compact ? 84 : 160, overflow: 'truncate', fontSize: compact ? 10 : 12 },
    },
    series: CHART_CATEGORIES.map(
      (category): BarSeriesOption => ({
        name: labels.rates[category],
        type: 'bar',
        stack: 'rates',
        barMaxWidth: 22,
        itemStyle: { color: CATEGORY_COLORS[category] },
        label: {
          show: true,
          position: 'inside',
          color: '#fff',
          fontSize: compact ? 9 : 11,
          formatter: (param: { value?: unknown }) =>
            segmentLabel(typeof param.value === 'number' ? param.value : null, compact ? 12 : 8),
        },
        emphasis: { focus: 'series' },
        data: rows.map((row) => rateOf(row, category) ?? 0),
      }),
    ),
  };
}
