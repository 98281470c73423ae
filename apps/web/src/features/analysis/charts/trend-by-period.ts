import type { LineSeriesOption } from 'echarts/charts';
import type { GlucoseTrend } from '../../../api/analysis';
import { flagOf } from '../../records/format';
import {
  AXIS_FONT,
  bandArea,
  bandSeries,
  type ChartOption,
  type ChartUnit,
  dateTime,
  dayTimeAxis,
  extentWith,
  glu,
  html,
  legendNames,
  PALETTE,
} from './common';

export interface TrendByPeriodLabels {
  /** the target band's name, e.g. "Target range" */
  band: string;
  /** the series of readings without a glucose period */
  noPeriod: string;
}

/** The code readings without a period are grouped under (as the API's period lists have it). */
const NO_PERIOD = '-';

/** The colour of a period: its place in the day's periods, so every chart colours it alike. */
export function periodColor(code: string | null, periods: readonly { code: string }[]): string {
  const index = periods.findIndex((period) => period.code === (code ?? NO_PERIOD));
  return PALETTE[(index < 0 ? periods.length : index) % PALETTE.length];
}

/**
 * Glucose over the range (the tab's last 3, 7 or 14 days, or any range): x is time on the hospital's
 * clock, one line per glucose period (in the day's order; only periods with readings), the patient's
 * target band shaded. Values in the display unit.
 */
export function trendByPeriodOption(
  data: GlucoseTrend,
  unit: ChartUnit,
  labels: TrendByPeriodLabels,
): ChartOption {
  const tz = data.timeZone;
  const known = new Set(data.periods.map((period) => period.code));
  const groups = [
    ...data.periods.map((period) => ({ code: period.code, name: period.name })),
    { code: NO_PERIOD, name: labels.noPeriod },
  ].filter((group, index, all) => all.findIndex((other) => other.code === group.code) === index);
  const codeOf = (code: string | null) => (code && known.has(code) ? code : NO_PERIOD);
  const lines: LineSeriesOption[] = groups.flatMap((group) => {
    const points = data.readings
      .filter((reading) => codeOf(reading.periodCode) === group.code)
      .map((reading) => ({
        value: [Date.parse(reading.testTime), glu(reading.testValue, unit), flagOf(reading.determineType)],
      }))
      .filter((point) => point.value[1] !== null)
      .sort((a, b) => (a.value[0] as number) - (b.value[0] as number));
    if (!points.length) return [];
    return [
      {
        name: group.name,
        type: 'line',
        color: periodColor(group.code, data.periods),
        symbolSize: 6,
        connectNulls: true,
        data: points,
      },
    ];
  });
  const band = data.band;
  const series = [
    ...bandSeries(
      'band',
      bandArea(band ? glu(band.low, unit) : null, band ? glu(band.high, unit) : null, labels.band),
    ),
    ...lines,
  ];
  return {
    animation: false,
    grid: { left: 48, right: 16, top: 48, bottom: 36 },
    legend: { top: 0, type: 'scroll', textStyle: { fontSize: 11 }, data: legendNames(series) },
    tooltip: {
      trigger: 'item',
      formatter: (params: unknown) => {
        const { seriesName, value } = params as { seriesName: string; value: [number, number, string] };
        return `${html(seriesName)}<br/>${dateTime(value[0], tz)}<br/><b>${value[1]} ${html(unit.unitName)}</b> ${value[2]}`;
      },
    },
    xAxis: dayTimeAxis(data.range.beginDate, data.range.endDate, tz),
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
