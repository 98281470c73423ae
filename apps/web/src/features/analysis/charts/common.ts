import type { MeasurementItem } from '@glucocare/domain/clinical';
import { formatDecimal } from '@glucocare/domain/helpers';
import { fromStorageValue, wallClockAt } from '@glucocare/domain/measurements';
import { zonedInstant } from '@glucocare/domain/tasks';
import type { XAXisComponentOption } from 'echarts';
import type { BarSeriesOption, LineSeriesOption, ScatterSeriesOption } from 'echarts/charts';
import type {
  GridComponentOption,
  LegendComponentOption,
  MarkAreaComponentOption,
  MarkLineComponentOption,
  TooltipComponentOption,
} from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import type { UnitView } from '../../../api/records';

/**
 * Shared parts of the analysis charts. Every builder is a pure function of the API data (mmol/L, or
 * the item's storage unit), the display unit and translated labels, returning an ECharts option drawn
 * without animation (the charts are printed; `EChart` renders them as SVG).
 */

/** The option every builder returns (the components `EChart` registers). */
export type ChartOption = ComposeOption<
  | LineSeriesOption
  | ScatterSeriesOption
  | BarSeriesOption
  | GridComponentOption
  | LegendComponentOption
  | TooltipComponentOption
  | MarkAreaComponentOption
  | MarkLineComponentOption
>;

/** The display unit of an item: code, name and decimals (`UnitView` of the records API). */
export type ChartUnit = Pick<UnitView, 'unit' | 'unitName' | 'precision'>;

/** Period (and day) colours, distinct in print too. */
export const PALETTE = [
  '#0e7c86',
  '#1677ff',
  '#d46b08',
  '#722ed1',
  '#389e0d',
  '#c41d7f',
  '#8c8c8c',
  '#13a8a8',
  '#a0d911',
  '#2f54eb',
  '#eb2f96',
  '#faad14',
  '#5b8c00',
  '#9254de',
];

export const BAND_FILL = 'rgba(56, 158, 13, 0.10)';
export const BAND_TEXT = '#389e0d';
export const AXIS_FONT = 10;
export const DAY_MINUTES = 1440;

/** A stored value (mmol/L for glucose) in the display unit, rounded to its precision; null for none. */
export function shown(
  item: MeasurementItem,
  stored: number | null | undefined,
  unit: ChartUnit,
): number | null {
  if (stored === null || stored === undefined) return null;
  return fromStorageValue(item, stored, unit.unit);
}

/** A glucose value (mmol/L) in the display unit. */
export const glu = (mmol: number | null | undefined, unit: ChartUnit) => shown('GLU', mmol, unit);

/** A display value as text with the unit's decimals ('—' for none), rounded as `formatDecimal` rounds. */
export function fixed(value: number | null | undefined, unit: Pick<ChartUnit, 'precision'>): string {
  return value === null || value === undefined || !Number.isFinite(value)
    ? '—'
    : formatDecimal(value, unit.precision);
}

/** "HH:mm" of minutes after midnight (1440 is "24:00"). */
export function clock(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = Math.round(minutes % 60);
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/**
 * The x axis of a chart over calendar days (instants in epoch ms): the days `beginDate`–`endDate`
 * from the hospital's midnight to the midnight after, ticks every day (every 6 hours up to 4 days)
 * counted from the hospital's midnight — a value axis, so the ticks do not follow the browser's time
 * zone — labelled "MM-DD" at midnight and "HH:mm" between.
 */
export function dayTimeAxis(beginDate: string, endDate: string, timeZone: string): XAXisComponentOption {
  const min = zonedInstant(beginDate, 0, timeZone).getTime();
  const max = zonedInstant(endDate, DAY_MINUTES, timeZone).getTime();
  const days = Math.round((max - min) / 86_400_000);
  return {
    type: 'value',
    min,
    max,
    interval: days <= 4 ? 6 * 3_600_000 : 86_400_000,
    splitLine: { show: true, lineStyle: { opacity: 0.5 } },
    axisLabel: {
      fontSize: AXIS_FONT,
      hideOverlap: true,
      formatter: (ms: number) => timeAxisLabel(ms, timeZone),
    },
  };
}

/** "MM-DD" at midnight, else "HH:mm", on the hospital's clock: the time axis labels. */
export function timeAxisLabel(ms: number, timeZone: string): string {
  const wall = wallClockAt(new Date(ms), timeZone);
  const time = wall.slice(11, 16);
  return time === '00:00' ? wall.slice(5, 10) : time;
}

/** "YYYY-MM-DD HH:mm" of an instant on the hospital's clock. */
export function dateTime(ms: number | string, timeZone: string): string {
  return wallClockAt(new Date(ms), timeZone).slice(0, 16);
}

/**
 * A shaded horizontal band (mark area) between two display values; an open end reaches the axis
 * (0 below, the top above). Undefined when both ends are open.
 */
export function bandArea(
  low: number | null,
  high: number | null,
  label: string,
  fill = BAND_FILL,
  color = BAND_TEXT,
): MarkAreaComponentOption | undefined {
  if (low === null && high === null) return undefined;
  return {
    silent: true,
    itemStyle: { color: fill },
    label: { show: !!label, position: 'insideTopRight', color, fontSize: AXIS_FONT },
    data: [[{ name: label, yAxis: low ?? 0 }, { yAxis: high ?? 'max' }]],
  };
}

/** A stand-alone series that only carries a mark area (the target band), left out of the legend. */
export function bandSeries(id: string, area: MarkAreaComponentOption | undefined): LineSeriesOption[] {
  return area ? [{ id, name: id, type: 'line', data: [], silent: true, markArea: area, z: 0 }] : [];
}

/** Legend names: every series except the band carriers. */
export function legendNames(series: { name?: unknown; id?: unknown }[]): string[] {
  return series.filter((s) => !String(s.id ?? '').startsWith('band')).map((s) => String(s.name));
}

/** Escapes text put into a tooltip's HTML. */
export function html(text: string | number | null | undefined): string {
  return String(text ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );
}

/**
 * y-axis limits from 0 to a round number above the data and the band (display values), so the band
 * stays in view when every reading lies below its top, and the top label is a round one.
 */
export function extentWith(low: number | null, high: number | null) {
  return {
    min: 0,
    max: (extent: { max: number }) => {
      const top = Math.max(extent.max, high ?? extent.max, low ?? extent.max);
      const step = top > 100 ? 50 : top > 30 ? 10 : 5;
      return Math.max(step, Math.ceil(top / step) * step);
    },
  };
}
