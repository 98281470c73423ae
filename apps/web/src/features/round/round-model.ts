import { periodAt } from '@glucocare/domain/clinical';
import { compareBeds } from '@glucocare/domain/tasks';
import type { EntryOptions } from '../../api/measurements';
import type { Inpatient } from '../../api/patients';
import type { TaskReading, TodayTask } from '../../api/tasks';
import { clockParts } from '../../components/format';

/**
 * The ward round's grid (issue 15), worked out from what the bed cards and today's tasks already
 * answer: rows are the ward's in-hospital patients by bed, columns the glucose periods planned today
 * (every enabled period when nothing is planned), a cell the task of a patient and period with the
 * reading that did it. Pure: the page and the tests share it.
 */

export type RoundPeriod = EntryOptions['periods'][number];

/**
 * A column: a glucose period, or a glucose clock time of a monitoring order (issue 17; code the task
 * key `@02:00`, `slot` its time, empty end). A clock cell's reading is saved in the period of the clock
 * at the time typed.
 */
export type RoundColumn = RoundPeriod & { slot?: string };

export interface RoundRow {
  patient: Pick<Inpatient, 'id' | 'name' | 'bed' | 'gender' | 'inpatientNumber' | 'admittedAt' | 'age'>;
  /** the patient's glucose tasks of today by task key (period code, or `@02:00`) */
  tasks: Map<string, TodayTask>;
  /**
   * the patient's ketone and uric-acid tasks of monitoring orders, not done (entered with K / U), in
   * time order
   */
  others: TodayTask[];
}

export interface RoundGrid {
  rows: RoundRow[];
  columns: RoundColumn[];
}

/** The key of a cell (and of its entry in the save queue): patient and period. */
export const cellKey = (patientId: number, periodCode: string) => `${patientId}:${periodCode}`;

/**
 * Rows by bed as people read them (2 before 10; no bed last), then name; columns the glucose periods
 * and clock times planned for any patient of the ward today in the day's order (a clock time after the
 * periods starting before it), or all enabled periods when nothing is planned. Ketone and uric-acid
 * tasks of orders go with their row (`others`).
 */
export function roundGrid(
  patients: readonly RoundRow['patient'][],
  tasks: readonly TodayTask[],
  periods: readonly RoundPeriod[],
): RoundGrid {
  const byPatient = new Map<number, Map<string, TodayTask>>();
  const others = new Map<number, TodayTask[]>();
  const slots = new Set<string>();
  for (const task of tasks) {
    if ((task.item ?? 'GLU') !== 'GLU') {
      if (task.state !== 'done') others.set(task.patientId, [...(others.get(task.patientId) ?? []), task]);
      continue;
    }
    if (task.slot) slots.add(task.slot);
    const mine = byPatient.get(task.patientId) ?? new Map<string, TodayTask>();
    mine.set(task.periodCode, task);
    byPatient.set(task.patientId, mine);
  }
  const planned = new Set(tasks.map((task) => task.periodCode));
  let columns: RoundColumn[] = planned.size
    ? periods.filter((period) => planned.has(period.code))
    : [...periods];
  if (slots.size) {
    const clock: RoundColumn[] = [...slots].map((slot) => ({
      code: `@${slot}`,
      name: slot,
      startTime: slot,
      endTime: '',
      slot,
    }));
    columns = [...columns, ...clock].sort(
      (a, b) => a.startTime.localeCompare(b.startTime) || (a.slot ? 1 : -1),
    );
  }
  const rows = [...patients]
    .sort((a, b) => compareBeds(a.bed, b.bed) || a.name.localeCompare(b.name) || a.id - b.id)
    .map((patient) => ({
      patient,
      tasks: byPatient.get(patient.id) ?? new Map<string, TodayTask>(),
      others: (others.get(patient.id) ?? []).sort((a, b) => a.windowStart.localeCompare(b.windowStart)),
    }));
  return { rows, columns };
}

/**
 * The glucose period a cell's reading is saved in: the column's period, or for a clock column the
 * period of the hospital clock at `now` (the round records what is measured now).
 */
export function entryPeriod(
  column: RoundColumn,
  periods: readonly RoundPeriod[],
  now: Date,
  timeZone: string,
): string {
  return column.slot ? (periodAt(now, periods, timeZone) ?? column.code) : column.code;
}

/**
 * The column a round opens on: the period of the hospital clock now when it is a column; else the
 * last column whose window has begun today; else the first.
 */
export function currentColumn(
  columns: readonly RoundColumn[],
  now: Date,
  timeZone: string,
  allPeriods: readonly RoundPeriod[] = columns,
): number {
  if (!columns.length) return 0;
  const code = periodAt(now, allPeriods, timeZone);
  const exact = columns.findIndex((period) => period.code === code);
  if (exact >= 0) return exact;
  const clock = clockParts(now, timeZone).time;
  let begun = -1;
  columns.forEach((period, index) => {
    if (period.startTime <= clock) begun = index;
  });
  return Math.max(0, begun);
}

/** The row a round opens on in a column: the first bed not yet measured there, else the first. */
export function firstOpenRow(grid: RoundGrid, column: number, done: (key: string) => boolean): number {
  const period = grid.columns[column];
  if (!period) return 0;
  const index = grid.rows.findIndex((row) => !done(cellKey(row.patient.id, period.code)));
  return Math.max(0, index);
}

export interface CellPosition {
  row: number;
  col: number;
}

/**
 * Keyboard moves between cells. `next` / `previous` (Enter or Tab / Shift+Tab) go down / up the
 * column bed by bed, and on from the last bed to the top of the next column (back from the first bed to
 * the bottom of the previous one); the arrows move one cell and stop at the edges.
 */
export type CellMove = 'next' | 'previous' | 'up' | 'down' | 'left' | 'right';

export function moveCell(at: CellPosition, move: CellMove, rows: number, cols: number): CellPosition {
  if (rows <= 0 || cols <= 0) return { row: 0, col: 0 };
  const clampRow = (row: number) => Math.min(rows - 1, Math.max(0, row));
  const clampCol = (col: number) => Math.min(cols - 1, Math.max(0, col));
  switch (move) {
    case 'next':
      if (at.row + 1 < rows) return { row: at.row + 1, col: at.col };
      return at.col + 1 < cols ? { row: 0, col: at.col + 1 } : at;
    case 'previous':
      if (at.row > 0) return { row: at.row - 1, col: at.col };
      return at.col > 0 ? { row: rows - 1, col: at.col - 1 } : at;
    case 'up':
      return { row: clampRow(at.row - 1), col: at.col };
    case 'down':
      return { row: clampRow(at.row + 1), col: at.col };
    case 'left':
      return { row: at.row, col: clampCol(at.col - 1) };
    case 'right':
      return { row: at.row, col: clampCol(at.col + 1) };
  }
}

/** The round's keys: what a key pressed in a cell does (null: the cell's input handles it). */
export type CellCommand =
  | { kind: 'move'; move: CellMove; save: boolean }
  | { kind: 'untested' }
  | { kind: 'note' }
  | { kind: 'other'; item: 'KET' | 'UA' };

export const ROUND_KEYS = {
  untested: ['/', 'F2'],
  note: [';', 'F3'],
  ketone: ['k', 'K'],
  uricAcid: ['u', 'U'],
} as const;

/**
 * What a key does in a cell. Enter and Tab save what was typed and go to the next bed (Shift+Tab:
 * previous); the arrow keys move without saving when the cell is empty or read-only (a typed value
 * keeps the caret keys); `/` or F2 the untested reason, `;` or F3 the note, K ketone, U uric acid.
 */
export function cellCommand(
  key: string,
  modifiers: { shift: boolean; ctrl: boolean; alt: boolean },
  typed: boolean,
): CellCommand | null {
  if (modifiers.ctrl || modifiers.alt) return null;
  if (key === 'Enter') return { kind: 'move', move: modifiers.shift ? 'previous' : 'next', save: true };
  if (key === 'Tab') return { kind: 'move', move: modifiers.shift ? 'previous' : 'next', save: true };
  if (key === 'ArrowDown' && !typed) return { kind: 'move', move: 'down', save: false };
  if (key === 'ArrowUp' && !typed) return { kind: 'move', move: 'up', save: false };
  if (key === 'ArrowLeft' && !typed) return { kind: 'move', move: 'left', save: false };
  if (key === 'ArrowRight' && !typed) return { kind: 'move', move: 'right', save: false };
  if ((ROUND_KEYS.untested as readonly string[]).includes(key)) return { kind: 'untested' };
  if ((ROUND_KEYS.note as readonly string[]).includes(key)) return { kind: 'note' };
  if ((ROUND_KEYS.ketone as readonly string[]).includes(key)) return { kind: 'other', item: 'KET' };
  if ((ROUND_KEYS.uricAcid as readonly string[]).includes(key)) return { kind: 'other', item: 'UA' };
  return null;
}

/** A reading a cell shows: the task's reading with its item, ready for the display helpers. */
export const cellReading = (reading: TaskReading) => ({ ...reading, item: 'GLU' as const });
