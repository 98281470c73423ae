import { type DaySegmentCount, daySegments } from '@glucocare/domain/analytics';
import type { LineSeriesOption, ScatterSeriesOption } from 'echarts/charts';
import type { MarkAreaComponentOption } from 'echarts/components';
import type { GlucoseMap } from '../../../api/analysis';
import type { RecordPeriod } from '../../../api/records';
import { flagOf } from '../../records/format';
import {
  AXIS_FONT,
  bandArea,
  bandSeries,
  type ChartOption,
  type ChartUnit,
  clock,
  DAY_MINUTES,
  extentWith,
  fixed,
  glu,
  html,
  legendNames,
  PALETTE,
} from './common';
import { periodColor } from './trend-by-period';

export interface StandardDayLabels {
  /** the target band, e.g. "Target range" */
  band: string;
  /** the segment means, e.g. "Mean" */
  mean: string;
  /** the segment ranges, e.g. "Min–max" */
  range: string;
  /** readings without a period (colour by period) */
  noPeriod: string;
  /** "n" of the tooltip: readings in a segment */
  count: string;
  min: string;
  max: string;
}

export interface StandardDayOptions {
  /** the day split into 1, 6 or 24 segments (§9) */
  segments: DaySegmentCount;
  /** scatter colours: one per day, or one per glucose period */
  colorBy: 'day' | 'period';
  /** the day's periods, in order, to colour and name by period (the trend's `periods`) */
  periods?: readonly Pick<RecordPeriod, 'code' | 'name'>[];
}

const MEAN_COLOR = '#262626';
const RANGE_FILL = 'rgba(22, 119, 255, 0.10)';

/**
 * The standard 24-hour chart: every day overlaid on one clock (x = minute of the day, 00:00–24:00),
 * the readings as points coloured by day or by period, the patient's target band shaded, and per
 * segment of the day (1, 6 or 24) the min–max range (shaded box) and the mean (line with markers).
 * Segment statistics are the domain's `daySegments` of the mmol/L values, then shown in the display unit.
 */
export function standardDayOption(
  data: GlucoseMap,
  unit: ChartUnit,
  labels: StandardDayLabels,
  options: StandardDayOptions,
): ChartOption {
  const periods = options.periods ?? [];
  const point = (reading: GlucoseMap['readings'][number]) => ({
    value: [
      reading.minuteOfDay,
      glu(reading.testValue, unit),
      reading.date,
      reading.periodName ?? '',
      flagOf(reading.determineType),
    ],
  });
  const groups =
    options.colorBy === 'day'
      ? [...new Set(data.readings.map((reading) => reading.date))].sort().map((date, index) => ({
          name: date.slice(5),
          color: PALETTE[index % PALETTE.length],
          readings: data.readings.filter((reading) => reading.date === date),
        }))
      : [
          ...periods.map((period) => ({ code: period.code as string | null, name: period.name })),
          { code: null, name: labels.noPeriod },
        ].flatMap((group) => {
          const known = new Set(periods.map((period) => period.code));
          const readings = data.readings.filter((reading) =>
            group.code === null
              ? !reading.periodCode || !known.has(reading.periodCode)
              : reading.periodCode === group.code,
          );
          return [{ name: group.name, color: periodColor(group.code, periods), readings }];
        });
  const scatter: ScatterSeriesOption[] = groups
    .filter((group) => group.readings.length)
    .map((group) => ({
      name: group.name,
      type: 'scatter',
      color: group.color,
      symbolSize: 6,
      itemStyle: { opacity: 0.8 },
      data: group.readings.map(point).filter((p) => p.value[1] !== null),
      tooltip: {
        formatter: (params: unknown) => {
          const [minute, value, date, period, flag] = (
            params as { value: [number, number, string, string, string] }
          ).value;
          return `${html(date)} ${clock(minute)} ${html(period)}<br/><b>${value} ${html(unit.unitName)}</b> ${flag}`;
        },
      },
    }));

  const segments = daySegments(
    data.readings.map((reading) => ({ minuteOfDay: reading.minuteOfDay, mmol: reading.testValue })),
    options.segments,
  ).map((segment) => ({
    ...segment,
    mean: glu(segment.mean, unit),
    min: glu(segment.min, unit),
    max: glu(segment.max, unit),
  }));
  const filled = segments.filter((segment) => segment.count > 0);
  const rangeArea: MarkAreaComponentOption = {
    silent: true,
    itemStyle: { color: RANGE_FILL, borderColor: 'rgba(22, 119, 255, 0.35)', borderWidth: 1 },
    data: filled.map((segment) => [
      { xAxis: segment.startMinute, yAxis: segment.min as number },
      { xAxis: segment.endMinute, yAxis: segment.max as number },
    ]),
  };
  const whole = options.segments === 1;
  const meanData = whole
    ? filled.flatMap((segment) => [
        {
          value: [segment.startMinute, segment.mean, segment.min, segment.max, segment.count, 0, DAY_MINUTES],
        },
        { value: [segment.endMinute, segment.mean, segment.min, segment.max, segment.count, 0, DAY_MINUTES] },
      ])
    : segments.map((segment) => ({
        value: [
          (segment.startMinute + segment.endMinute) / 2,
          segment.mean,
          segment.min,
          segment.max,
          segment.count,
          segment.startMinute,
          segment.endMinute,
        ],
      }));
  const mean: LineSeriesOption = {
    name: labels.mean,
    type: 'line',
    color: MEAN_COLOR,
    symbol: 'diamond',
    symbolSize: 8,
    showSymbol: !whole,
    connectNulls: false,
    lineStyle: { width: 2 },
    z: 5,
    label: {
      show: options.segments === 6,
      position: 'top',
      fontSize: AXIS_FONT,
      formatter: (params: unknown) => fixed((params as { value: number[] }).value[1], unit),
    },
    data: meanData,
    tooltip: {
      formatter: (params: unknown) => {
        const [, value, min, max, count, start, end] = (params as { value: number[] }).value;
        return `${clock(start)}–${clock(end)}<br/>${html(labels.mean)}: <b>${fixed(value, unit)} ${html(unit.unitName)}</b><br/>${html(labels.min)}–${html(labels.max)}: ${fixed(min, unit)}–${fixed(max, unit)}<br/>${html(labels.count)} = ${count}`;
      },
    },
  };
  const range: LineSeriesOption = {
    name: labels.range,
    type: 'line',
    color: 'rgba(22, 119, 255, 0.5)',
    data: [],
    markArea: rangeArea,
  };
  const band = data.band;
  const series = [
    ...bandSeries(
      'band',
      bandArea(band ? glu(band.low, unit) : null, band ? glu(band.high, unit) : null, labels.band),
    ),
    ...scatter,
    range,
    mean,
  ];
  const step = options.segments === 24 ? 60 : 240;
  return {
    animation: false,
    grid: { left: 48, right: 16, top: 48, bottom: 36 },
    legend: { top: 0, type: 'scroll', textStyle: { fontSize: 11 }, data: legendNames(series) },
    tooltip: { trigger: 'item' },
    xAxis: {
      type: 'value',
      min: 0,
      max: DAY_MINUTES,
      interval: step,
      splitLine: { show: true, lineStyle: { type: 'dashed', opacity: 0.6 } },
      axisLabel: {
        fontSize: AXIS_FONT,
        hideOverlap: true,
        formatter: (minute: number) => (minute % 240 === 0 ? clock(minute) : ''),
      },
    },
    yAxis: {
      type: 'value',
      name: unit.unitName,
      nameTextStyle: { fontSize: AXIS_FONT },
      axisLabel: { fontSize: AXIS_FONT },
      ...extentWith(band ? glu(band.low, unit) : null, band ? glu(band.high, unit) : null),
    },
    series,
  };
}
