import { doseBars, INSULIN_BAR_TYPES, type InsulinBarType } from '@glucocare/domain/insulin';
import { readingColor } from '@glucocare/domain/patients';
import type { BarSeriesOption, LineSeriesOption } from 'echarts/charts';
import type { LinkedChart } from '../../../api/insulin';
import { flagOf } from '../../records/format';
import {
  AXIS_FONT,
  bandArea,
  type ChartOption,
  type ChartUnit,
  dateTime,
  dayTimeAxis,
  extentWith,
  fixed,
  glu,
  html,
} from './common';

export interface LinkedChartLabels {
  glucose: string;
  band: string;
  bars: Record<InsulinBarType, string>;
  /** the pump basal rate line, e.g. "Pump basal rate" */
  pumpBasal: string;
  /** the status words of a dose */
  status: Record<'confirmed' | 'unconfirmed', string>;
}

/** Bar colours by type, distinct in print (basal blue, bolus orange, correction red, undivided grey). */
export const BAR_COLORS: Record<InsulinBarType, string> = {
  basal: '#1677ff',
  bolus: '#fa8c16',
  correction: '#cf1322',
  total: '#8c8c8c',
};
export const GLUCOSE_COLOR = '#0e7c86';
export const PUMP_COLOR = '#722ed1';

/** Bar width in px: thinner as the days grow, so a day's doses stay apart. */
export function barWidth(days: number): number {
  return days <= 1 ? 14 : days <= 3 ? 9 : days <= 7 ? 5 : 3;
}

/**
 * The step line of the pump basal rate: each step's start and end at its rate, a gap (null) where no
 * pump was worn, so the line jumps at a rate change and breaks at a down-pump.
 */
export function basalLine(steps: LinkedChart['basal']): [number, number | null][] {
  const points: [number, number | null][] = [];
  let lastTo: number | null = null;
  for (const step of steps) {
    const from = Date.parse(step.from);
    const to = Date.parse(step.to);
    if (lastTo !== null && from !== lastTo) points.push([lastTo, null]);
    points.push([from, step.rate], [to, step.rate]);
    lastTo = to;
  }
  return points;
}

/**
 * The glucose–insulin linked chart (issue 16): two panels on one time axis in the hospital's time zone
 * (the same days, ticks and split lines) — above, glucose as a line of points coloured by their
 * classification with the patient's target band; below, the doses as bars stacked by type (basal,
 * bolus, correction, and the undivided rest of a dose as "total") in IU, and the pump basal rate as a
 * step line on its own axis in IU/h.
 */
export function linkedChartOption(
  data: LinkedChart,
  unit: ChartUnit,
  labels: LinkedChartLabels,
): ChartOption {
  const tz = data.timeZone;
  const days = Math.round((Date.parse(data.range.to) - Date.parse(data.range.from)) / 86_400_000) || 1;
  const axis = dayTimeAxis(data.range.beginDate, data.range.endDate, tz);
  const band = data.band;
  const glucose: LineSeriesOption = {
    id: 'glucose',
    name: labels.glucose,
    type: 'line',
    xAxisIndex: 0,
    yAxisIndex: 0,
    color: GLUCOSE_COLOR,
    symbolSize: 7,
    data: data.readings.map((r) => ({
      value: [Date.parse(r.testTime), glu(r.value, unit), flagOf(r.classification)],
      itemStyle: { color: readingColor(r.classification, null) ?? GLUCOSE_COLOR },
    })),
    markArea: bandArea(band ? glu(band.low, unit) : null, band ? glu(band.high, unit) : null, labels.band),
  };
  const parts = data.doses.map((dose) => doseBars(dose));
  const bars: BarSeriesOption[] = INSULIN_BAR_TYPES.map((type) => ({
    id: `dose-${type}`,
    name: labels.bars[type],
    type: 'bar',
    stack: 'dose',
    xAxisIndex: 1,
    yAxisIndex: 1,
    color: BAR_COLORS[type],
    barWidth: barWidth(days),
    // one entry per dose in every series (0 where the dose has no such part): stacks line up by index
    data: data.doses.map((dose, index) => ({
      value: [Date.parse(dose.givenAt), parts[index]![type], index],
    })),
  }));
  const pump: LineSeriesOption = {
    id: 'pump',
    name: labels.pumpBasal,
    type: 'line',
    xAxisIndex: 1,
    yAxisIndex: 2,
    color: PUMP_COLOR,
    showSymbol: false,
    lineStyle: { width: 2 },
    data: basalLine(data.basal),
  };
  const doseTip = (index: number) => {
    const dose = data.doses[index];
    if (!dose) return '';
    const split = INSULIN_BAR_TYPES.filter((type) => parts[index]![type] > 0)
      .map((type) => `${html(labels.bars[type])} ${parts[index]![type]} IU`)
      .join('<br/>');
    return `${html(dose.drugName)} · ${html(dose.periodName)}<br/>${dateTime(dose.givenAt, tz)}<br/><b>${dose.dose} IU</b> (${html(labels.status[dose.status])})<br/>${split}`;
  };
  return {
    animation: false,
    legend: { top: 0, textStyle: { fontSize: 11 }, itemWidth: 14, itemHeight: 9 },
    tooltip: {
      trigger: 'item',
      confine: true,
      formatter: (params: unknown) => {
        const p = params as { seriesId: string; value: [number, number | null, string | number] };
        if (p.seriesId === 'glucose') {
          return `${html(labels.glucose)}<br/>${dateTime(p.value[0], tz)}<br/><b>${fixed(p.value[1], unit)} ${html(unit.unitName)}</b> ${p.value[2]}`;
        }
        if (p.seriesId === 'pump') {
          return `${html(labels.pumpBasal)}<br/>${dateTime(p.value[0], tz)}<br/><b>${p.value[1]} IU/h</b>`;
        }
        return doseTip(Number(p.value[2]));
      },
    },
    grid: [
      // room for two legend rows on a phone
      { left: 44, right: 44, top: 66, height: '40%' },
      { left: 44, right: 44, bottom: 30, height: '28%' },
    ],
    xAxis: [
      { ...axis, gridIndex: 0, axisLabel: { show: false } },
      { ...axis, gridIndex: 1 },
    ],
    yAxis: [
      {
        type: 'value',
        gridIndex: 0,
        name: unit.unitName,
        nameTextStyle: { fontSize: AXIS_FONT },
        axisLabel: { fontSize: AXIS_FONT },
        ...extentWith(band ? glu(band.low, unit) : null, band ? glu(band.high, unit) : null),
      },
      {
        type: 'value',
        gridIndex: 1,
        name: 'IU',
        min: 0,
        nameTextStyle: { fontSize: AXIS_FONT },
        axisLabel: { fontSize: AXIS_FONT },
      },
      {
        type: 'value',
        gridIndex: 1,
        name: 'IU/h',
        min: 0,
        position: 'right',
        splitLine: { show: false },
        nameTextStyle: { fontSize: AXIS_FONT, color: PUMP_COLOR },
        axisLabel: { fontSize: AXIS_FONT, color: PUMP_COLOR },
      },
    ],
    series: [glucose, ...bars, pump],
  };
}
