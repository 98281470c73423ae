import type { LineSeriesOption } from 'echarts/charts';
import type { GlucoseMap } from '../../../api/analysis';
import {
  AXIS_FONT,
  bandArea,
  type ChartOption,
  type ChartUnit,
  clock,
  DAY_MINUTES,
  fixed,
  glu,
  html,
} from './common';

export interface AgpLabels {
  median: string;
  /** "25–75 %" */
  iqr: string;
  /** "5–95 %" */
  outer: string;
  /** the target band, e.g. "Target 3.9–10.0" */
  band: string;
  /** "n" of the tooltip */
  count: string;
}

const AGP_COLOR = '#1677ff';
const MEDIAN_COLOR = '#003a8c';
const OUTER_OPACITY = 0.15;
const INNER_OPACITY = 0.3;

/** Whether the data allow an AGP: some hour of the day has its percentiles (5 readings or more). */
export function hasAgp(data: Pick<GlucoseMap, 'hourly'>): boolean {
  return data.hourly.some((row) => row.p50 !== null && row.p50 !== undefined);
}

/**
 * The ambulatory glucose profile: per hour of the day (all days pooled) the 5–95 and 25–75 percentile
 * bands shaded and the median line; hours without percentiles (under 5 readings) are gaps. The
 * consensus target band (the TIR setting's `bands.low`–`bands.high`, 3.9–10.0 mmol/L by default) is
 * shaded. x is the minute of the day; bands are stacked areas (see {@link agpPoints}).
 */
export function agpOption(
  data: Pick<GlucoseMap, 'hourly' | 'bands'>,
  unit: ChartUnit,
  labels: AgpLabels,
): ChartOption {
  const rows = Array.from({ length: 24 }, (_, hour) => {
    const row = data.hourly.find((r) => r.hour === hour);
    const at = (key: 'p5' | 'p25' | 'p50' | 'p75' | 'p95') => glu(row?.[key] ?? null, unit);
    return {
      hour,
      count: row?.count ?? 0,
      p5: at('p5'),
      p25: at('p25'),
      p50: at('p50'),
      p75: at('p75'),
      p95: at('p95'),
    };
  });
  const points = agpPoints(rows);
  const diff = (high: number | null, low: number | null) =>
    high === null || low === null ? null : Math.max(0, high - low);
  const xy = (pick: (row: AgpRow) => number | null) =>
    points.map((p) => [p.minute, p.row ? pick(p.row) : null] as [number, number | null]);
  const base = (name: string, stack: string, values: [number, number | null][]): LineSeriesOption => ({
    id: `${stack}-base`,
    name,
    type: 'line',
    stack,
    data: values,
    color: AGP_COLOR,
    symbol: 'none',
    lineStyle: { opacity: 0 },
    connectNulls: false,
    silent: true,
    tooltip: { show: false },
  });
  const area = (
    name: string,
    stack: string,
    opacity: number,
    values: [number, number | null][],
  ): LineSeriesOption => ({
    id: `${stack}-area`,
    name,
    type: 'line',
    stack,
    data: values,
    symbol: 'none',
    color: AGP_COLOR,
    lineStyle: { opacity: 0 },
    areaStyle: { color: AGP_COLOR, opacity },
    connectNulls: false,
    silent: true,
  });
  const series: LineSeriesOption[] = [
    {
      ...base(
        labels.outer,
        'outer',
        xy((row) => row.p5),
      ),
      markArea: bandArea(glu(data.bands.low, unit), glu(data.bands.high, unit), labels.band),
    },
    area(
      labels.outer,
      'outer',
      OUTER_OPACITY,
      xy((row) => diff(row.p95, row.p5)),
    ),
    base(
      labels.iqr,
      'inner',
      xy((row) => row.p25),
    ),
    area(
      labels.iqr,
      'inner',
      INNER_OPACITY,
      xy((row) => diff(row.p75, row.p25)),
    ),
    {
      id: 'median',
      name: labels.median,
      type: 'line',
      color: MEDIAN_COLOR,
      lineStyle: { width: 2.5 },
      symbol: 'none',
      connectNulls: false,
      data: xy((row) => row.p50),
    },
  ];
  const hourOf = (minute: number) => Math.min(23, Math.max(0, Math.floor(minute / 60)));
  return {
    animation: false,
    grid: { left: 48, right: 16, top: 48, bottom: 36 },
    legend: {
      top: 0,
      textStyle: { fontSize: 11 },
      data: [
        { name: labels.median, icon: 'roundRect', itemStyle: { color: MEDIAN_COLOR } },
        {
          name: labels.iqr,
          icon: 'rect',
          itemStyle: { color: AGP_COLOR, opacity: INNER_OPACITY + OUTER_OPACITY },
        },
        { name: labels.outer, icon: 'rect', itemStyle: { color: AGP_COLOR, opacity: OUTER_OPACITY } },
      ],
    },
    tooltip: {
      trigger: 'axis',
      formatter: (params: unknown) => {
        const first = (params as { value: [number, number | null] }[])[0];
        if (!first) return '';
        const row = rows[hourOf(first.value[0])];
        const head = `${clock(row.hour * 60)}–${clock(row.hour * 60 + 60)} (${html(labels.count)} = ${row.count})`;
        if (row.p50 === null) return head;
        return [
          head,
          `95 %: ${fixed(row.p95, unit)}`,
          `75 %: ${fixed(row.p75, unit)}`,
          `<b>${html(labels.median)}: ${fixed(row.p50, unit)} ${html(unit.unitName)}</b>`,
          `25 %: ${fixed(row.p25, unit)}`,
          `5 %: ${fixed(row.p5, unit)}`,
        ].join('<br/>');
      },
    },
    xAxis: {
      type: 'value',
      min: 0,
      max: DAY_MINUTES,
      interval: 60,
      splitLine: { show: false },
      axisLabel: {
        fontSize: AXIS_FONT,
        formatter: (minute: number) => (minute % 240 === 0 ? clock(minute) : ''),
      },
    },
    yAxis: {
      type: 'value',
      name: unit.unitName,
      min: 0,
      nameTextStyle: { fontSize: AXIS_FONT },
      axisLabel: { fontSize: AXIS_FONT },
    },
    series,
  };
}

/** One hour's percentiles in the display unit (null without enough readings). */
export interface AgpRow {
  hour: number;
  count: number;
  p5: number | null;
  p25: number | null;
  p50: number | null;
  p75: number | null;
  p95: number | null;
}

/**
 * The x positions (minutes) of the AGP lines: every run of consecutive hours with percentiles is drawn
 * through the hours' middles and held flat to the run's outer edges (so a lone hour is a band an hour
 * wide, not an invisible point); a point without a row separates the runs (a gap).
 */
export function agpPoints(rows: readonly AgpRow[]): { minute: number; row: AgpRow | null }[] {
  const points: { minute: number; row: AgpRow | null }[] = [];
  let previous: AgpRow | null = null;
  for (const row of rows) {
    const has = row.p50 !== null;
    if (has && !previous) points.push({ minute: row.hour * 60, row });
    if (has) points.push({ minute: row.hour * 60 + 30, row });
    if (!has && previous) {
      points.push({ minute: previous.hour * 60 + 60, row: previous });
      points.push({ minute: previous.hour * 60 + 60, row: null });
    }
    previous = has ? row : null;
  }
  if (previous) points.push({ minute: previous.hour * 60 + 60, row: previous });
  return points;
}
