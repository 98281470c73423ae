import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { InsulinPivot, InsulinRecord } from '../../api/insulin';
import { timeInZone as timeIn } from '../../components/format';
import { totalText } from '../insulin/insulin-format';

/** A dose on a printed record: time, total in IU and its parts ("07:30 8 (M 6 · C 2)"). */
export function DoseLine({
  dose,
  timeZone,
  withPeriod,
}: {
  dose: InsulinRecord;
  timeZone: string;
  withPeriod?: boolean;
}) {
  const { t } = useTranslation();
  const parts = [
    dose.basalDose !== null ? `${t('records.insulin.basalShort')} ${dose.basalDose}` : null,
    dose.bolusDose !== null ? `${t('records.insulin.bolusShort')} ${dose.bolusDose}` : null,
    dose.correctionDose !== null ? `${t('records.insulin.correctionShort')} ${dose.correctionDose}` : null,
  ].filter(Boolean);
  return (
    <div className="gc-rec-dose" data-testid="record-insulin-dose">
      <span className="gc-rec-dose-time">{timeIn(dose.givenAt, timeZone)}</span>{' '}
      {withPeriod ? `${dose.periodName} ` : ''}
      <b>{dose.dose}</b>
      {parts.length ? ` (${parts.join(' · ')})` : ''}
    </div>
  );
}

/** Every dose of a day, in time order (from the cells of the insulin grid). */
export function dosesOfDay(cells: Record<string, InsulinRecord[]> | undefined): InsulinRecord[] {
  return Object.values(cells ?? {})
    .flat()
    .sort((a, b) => a.givenAt.localeCompare(b.givenAt));
}

/**
 * The insulin of a record's days: day × insulin period (each dose with its time and parts) and the
 * day's totals (basal, bolus, correction, TDD with IU/kg when the weight is known). Days without a
 * dose are left out.
 */
export function InsulinDayTable({ insulin, timeZone }: { insulin: InsulinPivot; timeZone: string }) {
  const { t } = useTranslation();
  const rows = insulin.rows.filter((row) => row.totals);
  return (
    <div className="gc-rec-table-wrap">
      <table className="gc-rec-table gc-rec-grid" data-testid="record-insulin-table">
        <thead>
          <tr>
            <th className="gc-rec-date-col">{t('records.column.date')}</th>
            {insulin.periods.map((period) => (
              <th key={period.code}>{period.name}</th>
            ))}
            <th>{t('insulin.totals.basal')}</th>
            <th>{t('insulin.totals.bolus')}</th>
            <th>{t('insulin.totals.correction')}</th>
            <th>{t('insulin.totals.total')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.date}>
              <td className="gc-rec-date-col">{row.date}</td>
              {insulin.periods.map((period) => (
                <td key={period.code}>
                  {(row.cells[period.code] ?? []).map((dose) => (
                    <DoseLine key={dose.id} dose={dose} timeZone={timeZone} />
                  ))}
                </td>
              ))}
              <td>{row.totals?.basal}</td>
              <td>{row.totals?.bolus}</td>
              <td>{row.totals?.correction}</td>
              <td data-testid="record-insulin-tdd">{row.totals ? totalText(row.totals) : ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <InsulinNote />
    </div>
  );
}

/** What the dose notation means. */
export function InsulinNote(): ReactNode {
  const { t } = useTranslation();
  return <div className="gc-rec-legend">{t('records.linked.insulinNote')}</div>;
}
