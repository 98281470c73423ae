import { formatDecimal, formatGlucose, type GlucoseUnit } from '@glucocare/domain/helpers';
import type { Lang } from '@glucocare/domain/i18n';
import type { BarSeriesOption, LineSeriesOption } from 'echarts/charts';
import type { GridComponentOption, LegendComponentOption, TooltipComponentOption } from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import type { ExcelColumn } from '../../components/excel';
import { formatCount, formatRate } from '../statistics/statistics-format';
import type { OutcomesView } from './statistics-api';

/**
 * What the outcome page shows of the API's figures (domain virtual-ward/glucometrics.ts): the shares
 * of patient-days (percent, 2 decimals, "—" without patient-days) and the mean glucose per patient-day
 * in the hospital's unit (converted and rounded here, for display only).
 */

export type ChartOption = ComposeOption<
  BarSeriesOption | LineSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption
>;

export type OutcomeRow = OutcomesView['months'][number];
export type OutcomeFigures = OutcomesView['total'];

/** The shares the page charts, with their colours (hypo red, severe dark red, hyper orange, goal green). */
export const OUTCOME_SHARES = [
  { key: 'hypoShare', count: 'hypoDays', color: '#d9363e' },
  { key: 'severeHypoShare', count: 'severeHypoDays', color: '#820014' },
  { key: 'hyperShare', count: 'hyperDays', color: '#fa8c16' },
  { key: 'goalShare', count: 'goalDays', color: '#389e0d' },
] as const;
export type OutcomeShareKey = (typeof OUTCOME_SHARES)[number]['key'];

/** A mmol/L value in the hospital's unit with the unit's precision ("—" for none). */
export function glucoseShown(mmol: number | null | undefined, unit: GlucoseUnit): string {
  return mmol === null || mmol === undefined ? '—' : formatGlucose(mmol, unit);
}

export const unitName = (unit: GlucoseUnit) => (unit === 'mgDl' ? 'mg/dL' : 'mmol/L');

/** "2026-03" as the reader's month ("Mar 2026", "2026年3月"). */
export function monthLabel(month: string, lang: Lang): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat(lang, { year: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, m - 1, 1)),
  );
}

export interface OutcomeLabels {
  patientDays: string;
  shares: Record<OutcomeShareKey, string>;
}

/** Bars of patient-days (right axis) and a line per share of patient-days (left axis, %), month by month. */
export function outcomeChartOption(
  view: OutcomesView,
  labels: OutcomeLabels,
  lang: Lang,
  compact: boolean,
): ChartOption {
  const months = view.months.map((row) => monthLabel(row.month, lang));
  return {
    grid: { left: compact ? 40 : 56, right: compact ? 40 : 56, top: compact ? 64 : 48, bottom: 32 },
    legend: { top: 0, type: compact ? 'scroll' : 'plain' },
    tooltip: {
      trigger: 'axis',
      valueFormatter: (value) => (typeof value === 'number' ? formatDecimal(value, 2) : String(value ?? '—')),
    },
    xAxis: { type: 'category', data: months },
    yAxis: [
      { type: 'value', min: 0, max: 100, axisLabel: { formatter: '{value}%' } },
      {
        type: 'value',
        min: 0,
        splitLine: { show: false },
        axisLabel: { formatter: (v: number) => formatCount(v, lang) },
      },
    ],
    series: [
      {
        type: 'bar',
        name: labels.patientDays,
        yAxisIndex: 1,
        data: view.months.map((row) => row.patientDays),
        itemStyle: { color: 'rgba(14, 124, 134, 0.25)' },
        barMaxWidth: 36,
      },
      ...OUTCOME_SHARES.map(
        (share): LineSeriesOption => ({
          type: 'line',
          name: labels.shares[share.key],
          data: view.months.map((row) => row[share.key]),
          itemStyle: { color: share.color },
          connectNulls: false,
          symbolSize: 6,
        }),
      ),
    ],
  } as ChartOption;
}

type T = (key: string, options?: Record<string, unknown>) => string;

/** The Excel columns of the outcome table (the month, counts, shares, mean in the hospital's unit). */
export function outcomeExcelColumns(
  t: T,
  view: OutcomesView,
  unit: GlucoseUnit,
  lang: Lang,
): ExcelColumn<OutcomeRow & { label?: string }>[] {
  const c = view.criteria;
  const share = (value: unknown) => (value === null || value === undefined ? null : (value as number));
  return [
    {
      title: t('vwStats.month'),
      dataIndex: 'month',
      render: (_v, row) => row.label ?? monthLabel(row.month, lang),
    },
    { title: t('vwStats.patientDays'), dataIndex: 'patientDays' },
    { title: t('vwStats.hypoDays', { value: glucoseShown(c.hypo, unit) }), dataIndex: 'hypoDays' },
    {
      title: `${t('vwStats.hypoDays', { value: glucoseShown(c.hypo, unit) })} (%)`,
      dataIndex: 'hypoShare',
      render: share,
    },
    {
      title: t('vwStats.severeDays', { value: glucoseShown(c.severeHypo, unit) }),
      dataIndex: 'severeHypoDays',
    },
    {
      title: `${t('vwStats.severeDays', { value: glucoseShown(c.severeHypo, unit) })} (%)`,
      dataIndex: 'severeHypoShare',
      render: share,
    },
    {
      title: t('vwStats.hyperDays', { count: c.hyperCount, value: glucoseShown(c.hyperValue, unit) }),
      dataIndex: 'hyperDays',
    },
    {
      title: `${t('vwStats.hyperDays', { count: c.hyperCount, value: glucoseShown(c.hyperValue, unit) })} (%)`,
      dataIndex: 'hyperShare',
      render: share,
    },
    { title: t('vwStats.goalDays'), dataIndex: 'goalDays' },
    { title: `${t('vwStats.goalDays')} (%)`, dataIndex: 'goalShare', render: share },
    {
      title: `${t('vwStats.meanPerPatientDay')} (${unitName(unit)})`,
      dataIndex: 'meanPerPatientDay',
      render: (value) =>
        value === null || value === undefined ? null : Number(glucoseShown(value as number, unit)),
    },
    { title: t('vwStats.readings'), dataIndex: 'readings' },
    { title: t('vwStats.patients'), dataIndex: 'patients' },
  ];
}

/** The share as the table shows it: "25.00%" or "—". */
export const shareText = (value: number | null): string => formatRate(value);
