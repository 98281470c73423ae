import type { LineSeriesOption } from 'echarts/charts';
import type { TestTrend } from '../../../api/analysis';
import { flagOf } from '../../records/format';
import {
  AXIS_FONT,
  bandArea,
  type ChartOption,
  type ChartUnit,
  dateTime,
  dayTimeAxis,
  fixed,
  html,
  shown,
} from './common';

export interface TestTrendLabels {
  /** the series name: "Ketone" or "Uric acid" */
  name: string;
  /** the reference range's name, e.g. "Reference range" */
  reference: string;
}

const CRITICAL_COLOR = '#cf1322';

/**
 * Ketone (KET, stored mmol/L) or uric-acid (UA, stored µmol/L) readings over time on the hospital's
 * clock, in the tenant's display unit for that item (`unit`), with the reference range shaded and the
 * critical limits as dashed red lines.
 */
export function testTrendOption(data: TestTrend, unit: ChartUnit, labels: TestTrendLabels): ChartOption {
  const tz = data.timeZone;
  const value = (stored: number | null) => shown(data.item, stored, unit);
  const reference = data.reference;
  const critical = [reference.criticalLow, reference.criticalHigh]
    .map((limit) => value(limit))
    .filter((limit): limit is number => limit !== null);
  const line: LineSeriesOption = {
    name: labels.name,
    type: 'line',
    color: data.item === 'KET' ? '#722ed1' : '#d46b08',
    symbolSize: 6,
    data: [...data.readings]
      .sort((a, b) => Date.parse(a.testTime) - Date.parse(b.testTime))
      .map((reading) => ({
        value: [Date.parse(reading.testTime), value(reading.testValue), flagOf(reading.determineType)],
      }))
      .filter((point) => point.value[1] !== null),
    markArea: bandArea(value(reference.low), value(reference.high), labels.reference),
    markLine: critical.length
      ? {
          silent: true,
          symbol: 'none',
          lineStyle: { type: 'dashed', color: CRITICAL_COLOR, width: 1 },
          label: { position: 'insideEndTop', fontSize: AXIS_FONT, color: CRITICAL_COLOR },
          data: critical.map((limit) => ({ yAxis: limit })),
        }
      : undefined,
  };
  return {
    animation: false,
    grid: { left: 48, right: 16, top: 40, bottom: 36 },
    legend: { top: 0, textStyle: { fontSize: 11 } },
    tooltip: {
      trigger: 'item',
      formatter: (params: unknown) => {
        const { value: point } = params as { value: [number, number, string] };
        return `${html(labels.name)}<br/>${dateTime(point[0], tz)}<br/><b>${fixed(point[1], unit)} ${html(unit.unitName)}</b> ${point[2]}`;
      },
    },
    xAxis: dayTimeAxis(data.range.beginDate, data.range.endDate, tz),
    yAxis: {
      type: 'value',
      name: unit.unitName,
      min: 0,
      nameTextStyle: { fontSize: AXIS_FONT },
      axisLabel: { fontSize: AXIS_FONT },
    },
    series: [line],
  };
}
