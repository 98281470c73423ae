import { GLUCOSE_RANGES, type GlucoseRange } from '@glucocare/domain/analytics';
import { formatDecimal } from '@glucocare/domain/helpers';
import { formatReading } from '@glucocare/domain/measurements';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { GlucoseReport } from '../../api/analysis';
import type { UnitView } from '../../api/records';
import type { AgpLabels } from './charts/agp';
import type { FluctuationLabels } from './charts/fluctuation';
import type { StandardDayLabels } from './charts/standard-day';
import { bandLimits, type TirBarLabels } from './charts/tir-bar';
import type { TrendByPeriodLabels } from './charts/trend-by-period';

/**
 * The translated labels and metric rows of the analysis, shared by the patient's analysis tab and the
 * printable glucose report (`/trend`), so both say the same thing the same way.
 */

const byRange = (make: (range: GlucoseRange) => string) =>
  Object.fromEntries(GLUCOSE_RANGES.map((range) => [range, make(range)])) as Record<GlucoseRange, string>;

/** Every chart's labels in the current language. */
export function useChartLabels() {
  const { t } = useTranslation();
  return useMemo(() => {
    const trend: TrendByPeriodLabels = {
      band: t('analysis.trend.band'),
      noPeriod: t('analysis.trend.noPeriod'),
    };
    const standardDay: StandardDayLabels = {
      band: t('analysis.trend.band'),
      mean: t('analysis.standardDay.mean'),
      range: t('analysis.standardDay.range'),
      noPeriod: t('analysis.trend.noPeriod'),
      count: t('analysis.standardDay.count'),
      min: t('analysis.periods.min'),
      max: t('analysis.periods.max'),
    };
    const fluctuation: FluctuationLabels = {
      ppge: t('analysis.fluctuation.ppge'),
      lage: t('analysis.fluctuation.lage'),
      sdbg: t('analysis.fluctuation.sdbg'),
      mage: t('analysis.fluctuation.mage'),
      reference: t('analysis.fluctuation.reference'),
    };
    const tir: TirBarLabels = {
      ranges: byRange((range) => t(`analysis.tir.${range}`)),
      targets: byRange((range) => t(`analysis.tir.target.${range}`)),
      readings: t('analysis.tir.readings'),
      time: t('analysis.tir.time'),
    };
    /** The AGP's labels, its target band named with the limits in the display unit. */
    const agp = (bands: GlucoseReport['bands'], unit: Pick<UnitView, 'unit'>): AgpLabels => ({
      median: t('analysis.agp.median'),
      iqr: t('analysis.agp.iqr'),
      outer: t('analysis.agp.outer'),
      band: t('analysis.agp.band', {
        low: formatReading('GLU', bands.low, unit.unit),
        high: formatReading('GLU', bands.high, unit.unit),
      }),
      count: t('analysis.standardDay.count'),
    });
    return { trend, standardDay, fluctuation, tir, agp };
  }, [t]);
}

export type Metric = {
  key: string;
  label: string;
  value: string;
  unit: string;
  /** the normal reference, mmol/L (PPGE, LAGE, SDBG) */
  reference?: number;
  above?: boolean;
};

/** A glucose value (mmol/L) as text in the display unit, '—' for none. */
export function glucoseText(value: number | null, unit: Pick<UnitView, 'unit'>): string {
  return formatReading('GLU', value, unit.unit) || '—';
}

function percent(value: number | null): string {
  return value === null ? '—' : formatDecimal(value, 1);
}

/**
 * The report's numbers in the order doctors read them, each with its unit and normal reference. GMI
 * only when the readings qualify for it (`gmiStatus`); the estimated A1c names its reading count.
 */
export function metricRows(
  report: Omit<GlucoseReport, 'range'>,
  unit: Pick<UnitView, 'unit' | 'unitName'>,
  t: TFunction,
): Metric[] {
  const glucose = (key: string, value: number | null, reference?: number): Metric => ({
    key,
    label: t(`analysis.metrics.${key}`),
    value: glucoseText(value, unit),
    unit: unit.unitName,
    reference,
    above: reference !== undefined && value !== null && value > reference,
  });
  return [
    {
      key: 'readings',
      label: t('analysis.metrics.readings'),
      value: String(report.testCount),
      unit: t('analysis.metrics.countUnit'),
    },
    {
      key: 'days',
      label: t('analysis.metrics.days'),
      value: String(report.dayNums),
      unit: t('analysis.metrics.dayUnit'),
    },
    glucose('mean', report.avg),
    glucose('sd', report.sd),
    { key: 'cv', label: t('analysis.metrics.cv'), value: percent(report.cv), unit: '%' },
    glucose('min', report.minValue),
    glucose('max', report.maxValue),
    ...(report.gmiStatus.qualifies
      ? [{ key: 'gmi', label: t('analysis.metrics.gmi'), value: percent(report.gmi), unit: '%' }]
      : []),
    {
      key: 'ea1c',
      label: t('analysis.metrics.ea1cOf', { count: report.testCount }),
      value: percent(report.ea1c),
      unit: '%',
    },
    glucose('lage', report.lage, report.references.lage),
    glucose('sdbg', report.sdbg, report.references.sdbg),
    glucose('ppge', report.ppge, report.references.ppge),
    glucose('mage', report.mage),
    glucose('magePlus', report.magePlus),
    glucose('mageMinus', report.mageMinus),
    glucose('mageMean', report.mageMean),
    glucose('modd', report.modd),
  ];
}

/**
 * The consensus TIR bands named with their limits in the display unit, and the note that the other
 * figures use the hospital's targets by period: both kinds of range appear in the tab and the print,
 * and each figure says which it uses.
 */
export function tirBandsNote(
  bands: GlucoseReport['bands'],
  unit: Pick<UnitView, 'unit' | 'unitName' | 'precision'>,
  t: TFunction,
): string {
  return t('analysis.tir.bandsNote', { ...bandLimits(bands, unit), unit: unit.unitName });
}

/** The notes under the metrics: why GMI is not shown (the server's message), and how MAGE is computed. */
export function metricNotes(report: Pick<GlucoseReport, 'gmiStatus'>, t: TFunction): string[] {
  return [report.gmiStatus.message, t('analysis.metrics.mageNote')].filter((note): note is string => !!note);
}
