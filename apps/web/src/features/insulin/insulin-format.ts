import { formatPerKg, type InsulinDayTotals } from '@glucocare/domain/insulin';
import type { InsulinRecord } from '../../api/insulin';

/** A dose as entered ("8", "7.5"), with its unit. */
export const doseText = (dose: number | null | undefined) =>
  dose === null || dose === undefined ? '—' : `${dose} IU`;

/** The parts of a record, "B 6 · C 2" style, with the given short names; empty without a breakdown. */
export function partsText(
  record: Pick<InsulinRecord, 'basalDose' | 'bolusDose' | 'correctionDose'>,
  names: {
    basal: string;
    bolus: string;
    correction: string;
  },
): string {
  return [
    record.basalDose !== null ? `${names.basal} ${record.basalDose}` : null,
    record.bolusDose !== null ? `${names.bolus} ${record.bolusDose}` : null,
    record.correctionDose !== null ? `${names.correction} ${record.correctionDose}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** A day's total with its per-kg figure when the weight is known: "25.5 IU (0.51 IU/kg)". */
export function totalText(totals: Pick<InsulinDayTotals, 'total' | 'totalPerKg'>): string {
  return totals.totalPerKg === null
    ? `${totals.total} IU`
    : `${totals.total} IU (${formatPerKg(totals.totalPerKg)} IU/kg)`;
}
