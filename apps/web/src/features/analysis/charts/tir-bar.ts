import { GLUCOSE_RANGES, type GlucoseRange } from '@glucocare/domain/analytics';
import { formatDecimal, roundShares } from '@glucocare/domain/helpers';
import type { BarSeriesOption } from 'echarts/charts';
import type { GlucoseReport } from '../../../api/analysis';
import { AXIS_FONT, type ChartOption, type ChartUnit, glu } from './common';

/** The colours of the five ranges: very low dark red, low red, in range green, high amber, very high orange. */
export const RANGE_COLORS: Record<GlucoseRange, string> = {
  veryLow: '#820014',
  low: '#f5222d',
  inRange: '#52c41a',
  high: '#faad14',
  veryHigh: '#fa541c',
};

/**
 * The consensus targets (Battelino et al. 2019) beside each range: in range > 70 %, low + very low
 * < 4 %, very low < 1 %, high + very high < 25 %, very high < 5 %.
 */
export const TIR_TARGETS: Record<GlucoseRange, { op: '<' | '>'; percent: number; combined: boolean }> = {
  veryLow: { op: '<', percent: 1, combined: false },
  low: { op: '<', percent: 4, combined: true },
  inRange: { op: '>', percent: 70, combined: false },
  high: { op: '<', percent: 25, combined: true },
  veryHigh: { op: '<', percent: 5, combined: false },
};

const GRID_LEFT = 40;
const BAR_WIDTH = 44;
/** where the labels start: right of the bar */
const LABEL_X = GRID_LEFT + BAR_WIDTH + 28;
/** the labels' vertical places, % of the chart's height: 14 % (very high) to 86 % (very low) */
const LABEL_TOP = 14;
const LABEL_STEP = 18;

export interface TirBarLabels {
  /** the range names */
  ranges: Record<GlucoseRange, string>;
  /** the target text of each range, e.g. "target low + very low < 4 %" */
  targets: Record<GlucoseRange, string>;
  /** the axis name for fingerstick data, "% of readings" */
  readings: string;
  /** the axis name for CGM-like data (`timeRanges`), "% of time" */
  time: string;
}

/** Decimals the bar's percentages are shown with. */
export const SHARE_TEXT_DECIMALS = 1;

/** "12.5 %" (one decimal); "—" for none. */
export function percentText(value: number | null): string {
  if (value === null || !Number.isFinite(value)) return '—';
  return `${formatDecimal(value, SHARE_TEXT_DECIMALS)} %`;
}

/**
 * The five shares as shown: the API's 2-decimal shares re-rounded to one decimal by largest remainder
 * (`roundShares`), so the five texts add up to exactly 100.0 (rounding each could give 99.9 or 100.1).
 */
export function shownShares(shares: GlucoseReport['ranges']): Record<GlucoseRange, number | null> {
  const rounded = roundShares(
    GLUCOSE_RANGES.map((range) => shares[range] ?? 0),
    SHARE_TEXT_DECIMALS,
  );
  return Object.fromEntries(
    GLUCOSE_RANGES.map((range, i) => [range, rounded && shares[range] !== null ? rounded[i] : null]),
  ) as Record<GlucoseRange, number | null>;
}

/** The band limits in the display unit, as text with the unit's decimals. */
export function bandLimits(bands: GlucoseReport['bands'], unit: ChartUnit) {
  const text = (mmol: number) => formatDecimal(glu(mmol, unit) as number, unit.precision);
  return {
    veryLow: text(bands.veryLow),
    low: text(bands.low),
    high: text(bands.high),
    veryHigh: text(bands.veryHigh),
  };
}

/** The limits of each range in the display unit: "< 3.0", "3.0–3.9", "3.9–10.0", "10.0–13.9", "> 13.9". */
export function rangeLimits(bands: GlucoseReport['bands'], unit: ChartUnit): Record<GlucoseRange, string> {
  const { veryLow, low, high, veryHigh } = bandLimits(bands, unit);
  return {
    veryLow: `< ${veryLow}`,
    low: `${veryLow}–${low}`,
    inRange: `${low}–${high}`,
    high: `${high}–${veryHigh}`,
    veryHigh: `> ${veryHigh}`,
  };
}

/**
 * One stacked 100 % bar of the five ranges (very low at the bottom); beside it, evenly spaced and
 * joined to their parts, each range's name, percentage, limits and consensus target. Shares of READINGS ("% of readings") unless
 * `timeRanges` is given (CGM-like data), then shares of time ("% of time"): fingerstick data is never
 * called time.
 */
export function tirBarOption(
  report: Pick<GlucoseReport, 'ranges' | 'timeRanges' | 'bands'>,
  unit: ChartUnit,
  labels: TirBarLabels,
): ChartOption {
  const byTime = report.timeRanges !== null;
  const shares = shownShares(report.timeRanges ?? report.ranges);
  const limits = rangeLimits(report.bands, unit);
  const series: BarSeriesOption[] = GLUCOSE_RANGES.map((range, index) => ({
    name: labels.ranges[range],
    type: 'bar',
    stack: 'ranges',
    barWidth: BAR_WIDTH,
    color: RANGE_COLORS[range],
    itemStyle: { borderColor: '#fff', borderWidth: 0.5 },
    data: [shares[range] ?? 0],
    label: {
      show: true,
      position: 'right',
      fontSize: 11,
      color: '#262626',
      formatter: `{name|${labels.ranges[range]}}  {value|${percentText(shares[range])}}\n{note|${limits[range]} ${unit.unitName}}\n{note|${labels.targets[range]}}`,
      rich: {
        name: { fontSize: 12, fontWeight: 'bold', color: RANGE_COLORS[range] },
        value: { fontSize: 12, fontWeight: 'bold', color: '#262626' },
        note: { fontSize: 10, color: '#8c8c8c', padding: [2, 0, 0, 0] },
      },
    },
    // the five labels evenly spaced beside the bar, very high at the top, joined to their parts
    labelLayout: {
      x: LABEL_X,
      y: `${LABEL_TOP + (GLUCOSE_RANGES.length - 1 - index) * LABEL_STEP}%`,
      align: 'left',
      verticalAlign: 'middle',
    },
    labelLine: { show: true, lineStyle: { color: '#bfbfbf' } },
  }));
  return {
    animation: false,
    grid: { left: GRID_LEFT, top: '10%', bottom: '6%', width: BAR_WIDTH },
    tooltip: { show: false },
    xAxis: { type: 'category', data: [''], show: false },
    yAxis: {
      type: 'value',
      min: 0,
      max: 100,
      interval: 25,
      name: byTime ? labels.time : labels.readings,
      nameTextStyle: { fontSize: AXIS_FONT, align: 'left' },
      axisLabel: { fontSize: AXIS_FONT },
      splitLine: { show: false },
    },
    series,
  };
}
