import { FLUCTUATION_REFERENCES } from '@glucocare/domain/constants';
import type { LineSeriesOption } from 'echarts/charts';
import type { FluctuationDay, FluctuationReferences } from '../../../api/analysis';
import { AXIS_FONT, type ChartOption, type ChartUnit, fixed, glu, html } from './common';

export interface FluctuationLabels {
  ppge: string;
  lage: string;
  sdbg: string;
  mage: string;
  /** the reference lines' text, e.g. "normal <" */
  reference: string;
}

export const FLUCTUATION_INDICES = ['ppge', 'lage', 'sdbg', 'mage'] as const;
export type FluctuationIndex = (typeof FLUCTUATION_INDICES)[number];

/** Where each reference line's label sits: PPGE (2.2) and SDBG (2.0) lie close, so apart. */
const REFERENCE_LABEL_AT = {
  ppge: 'insideStartTop',
  lage: 'insideEndTop',
  sdbg: 'insideEndBottom',
  mage: 'insideEndTop',
} as const;

export const FLUCTUATION_COLORS: Record<FluctuationIndex, string> = {
  ppge: '#d46b08',
  lage: '#1677ff',
  sdbg: '#722ed1',
  mage: '#0e7c86',
};

/**
 * The daily glucose fluctuation indices: one line each for PPGE, LAGE, SDBG and MAGE over the days of
 * the range (category axis, every day; a day without a value is a gap, never a zero), with the §9
 * normal references as dashed horizontal lines (PPGE 2.2, LAGE 4.4, SDBG 2.0 mmol/L, in the display
 * unit). MAGE has no reference.
 */
export function fluctuationOption(
  days: readonly FluctuationDay[],
  unit: ChartUnit,
  labels: FluctuationLabels,
  references: FluctuationReferences = FLUCTUATION_REFERENCES,
): ChartOption {
  const series: LineSeriesOption[] = FLUCTUATION_INDICES.map((index) => {
    const reference = index === 'mage' ? null : glu(references[index], unit);
    return {
      name: labels[index],
      type: 'line',
      color: FLUCTUATION_COLORS[index],
      symbolSize: 6,
      connectNulls: false,
      data: days.map((day) => glu(day[index], unit)),
      markLine:
        reference === null
          ? undefined
          : {
              silent: true,
              symbol: 'none',
              lineStyle: { type: 'dashed', color: FLUCTUATION_COLORS[index], width: 1 },
              label: {
                position: REFERENCE_LABEL_AT[index],
                fontSize: AXIS_FONT,
                color: FLUCTUATION_COLORS[index],
                formatter: `${labels[index]} ${labels.reference} ${fixed(reference, unit)}`,
              },
              data: [{ yAxis: reference }],
            },
    };
  });
  return {
    animation: false,
    grid: { left: 48, right: 16, top: 48, bottom: 36 },
    legend: { top: 0, type: 'scroll', textStyle: { fontSize: 11 } },
    tooltip: {
      trigger: 'axis',
      formatter: (params: unknown) => {
        const rows = params as {
          axisValue: string;
          seriesName: string;
          value: number | null;
          color: string;
        }[];
        if (!rows.length) return '';
        return [
          html(rows[0].axisValue),
          ...rows.map(
            (row) =>
              `<span style="color:${row.color}">●</span> ${html(row.seriesName)}: <b>${fixed(row.value, unit)}</b>`,
          ),
        ].join('<br/>');
      },
    },
    xAxis: {
      type: 'category',
      data: days.map((day) => day.date.slice(5)),
      axisLabel: { fontSize: AXIS_FONT, hideOverlap: true },
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
