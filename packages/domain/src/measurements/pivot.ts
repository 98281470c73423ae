/**
 * The day × period grid of the patient tabs, the data-management pivot and the printed records:
 * readings grouped by row (patient and calendar day in the hospital's time zone) and glucose period.
 */

import { calendarDate } from '../helpers/zoned-format';

export { calendarDate };

/** What the grid needs of a reading. */
export interface PivotReading {
  patientId: number;
  periodCode: string | null;
  /** ISO date-time */
  testTime: string;
}

/** Readings without a period (some ketone and uric-acid readings) are put in this column. */
export const NO_PERIOD = '-';

export interface PivotRow<R extends PivotReading> {
  patientId: number;
  /** YYYY-MM-DD in the hospital's time zone */
  date: string;
  /** period code (or {@link NO_PERIOD}) → the readings of that cell, earliest first */
  cells: Record<string, R[]>;
}

/**
 * Groups readings into one row per patient and day, a cell per period. Rows come in the order of
 * `dayOrder` ('desc': latest day first) and, within a day, by patient id; cells keep several
 * readings of one period (repeated tests), earliest first.
 */
export function pivotByPeriod<R extends PivotReading>(
  readings: readonly R[],
  timeZone: string,
  dayOrder: 'asc' | 'desc' = 'desc',
): PivotRow<R>[] {
  const rows = new Map<string, PivotRow<R>>();
  for (const reading of readings) {
    const date = calendarDate(reading.testTime, timeZone);
    const key = `${date}|${reading.patientId}`;
    let row = rows.get(key);
    if (!row) {
      row = { patientId: reading.patientId, date, cells: {} };
      rows.set(key, row);
    }
    const column = reading.periodCode ?? NO_PERIOD;
    const cell = row.cells[column] ?? [];
    cell.push(reading);
    row.cells[column] = cell;
  }
  const sign = dayOrder === 'desc' ? -1 : 1;
  const sorted = [...rows.values()].sort((a, b) =>
    a.date === b.date ? a.patientId - b.patientId : a.date < b.date ? -sign : sign,
  );
  for (const row of sorted) {
    for (const cell of Object.values(row.cells)) cell.sort((a, b) => a.testTime.localeCompare(b.testTime));
  }
  return sorted;
}
