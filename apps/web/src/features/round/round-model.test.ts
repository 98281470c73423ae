import { describe, expect, it } from 'vitest';
import type { TodayTask } from '../../api/tasks';
import {
  cellCommand,
  cellKey,
  currentColumn,
  entryPeriod,
  firstOpenRow,
  moveCell,
  type RoundPeriod,
  roundGrid,
} from './round-model';

const SH = 'Asia/Shanghai';
const PERIODS: RoundPeriod[] = [
  { code: 'fasting', name: 'Fasting', startTime: '06:00', endTime: '08:00' },
  { code: 'afterBreakfast', name: 'After breakfast', startTime: '08:00', endTime: '10:30' },
  { code: 'beforeLunch', name: 'Before lunch', startTime: '10:30', endTime: '12:00' },
  { code: 'night', name: 'Night', startTime: '02:00', endTime: '04:00' },
];

const patient = (id: number, bed: string | null, name = `P${id}`) => ({
  id,
  name,
  bed,
  gender: 'female',
  inpatientNumber: null,
  admittedAt: '2026-03-01T00:00:00.000Z',
  age: 50,
});

const task = (patientId: number, periodCode: string, fields: Partial<TodayTask> = {}): TodayTask => ({
  patientId,
  patientName: `P${patientId}`,
  gender: 'female',
  bed: null,
  inpatientNumber: null,
  departmentCode: 'ENDO',
  departmentName: 'Endocrinology',
  doctorCode: null,
  doctorName: null,
  item: 'GLU',
  period: periodCode,
  slot: null,
  orderId: null,
  periodCode,
  periodName: periodCode,
  windowStart: '2026-03-02T00:00:00.000Z',
  windowEnd: '2026-03-02T02:00:00.000Z',
  dueFrom: '2026-03-02T00:00:00.000Z',
  overdueFrom: '2026-03-02T01:00:00.000Z',
  state: 'due',
  reading: null,
  ...fields,
});

// 2026-03-02 09:15 in Shanghai
const NINE_FIFTEEN = new Date('2026-03-02T01:15:00.000Z');

describe('the round grid', () => {
  it('adds the clock times of monitoring orders as columns and keeps other items’ open tasks with the row', () => {
    const grid = roundGrid(
      [patient(1, '1')],
      [
        task(1, 'fasting'),
        task(1, '@09:00', { slot: '09:00', period: null, orderId: 4, periodName: '09:00' }),
        task(1, 'KET:fasting', { item: 'KET', orderId: 5, periodName: 'Ketone · Fasting' }),
        task(1, 'KET:beforeLunch', { item: 'KET', orderId: 5, state: 'done' }),
      ],
      PERIODS,
    );
    expect(grid.columns.map((column) => column.code)).toEqual(['fasting', '@09:00']);
    expect(grid.columns[1]).toMatchObject({ name: '09:00', slot: '09:00' });
    expect(grid.rows[0]?.tasks.get('@09:00')?.orderId).toBe(4);
    expect(grid.rows[0]?.others.map((other) => other.periodName)).toEqual(['Ketone · Fasting']);
    // a clock cell's reading goes in the period of the clock when typed (09:15: after breakfast)
    expect(entryPeriod(grid.columns[1]!, PERIODS, NINE_FIFTEEN, SH)).toBe('afterBreakfast');
    expect(entryPeriod(grid.columns[0]!, PERIODS, NINE_FIFTEEN, SH)).toBe('fasting');
  });

  it('puts beds in the order people read them and the planned periods in the day’s order', () => {
    const grid = roundGrid(
      [patient(1, '10'), patient(2, '2'), patient(3, null), patient(4, 'A-3'), patient(5, '2', 'Ann')],
      [task(1, 'beforeLunch'), task(2, 'fasting'), task(2, 'beforeLunch')],
      PERIODS,
    );
    expect(grid.rows.map((row) => row.patient.id)).toEqual([5, 2, 1, 4, 3]);
    expect(grid.columns.map((period) => period.code)).toEqual(['fasting', 'beforeLunch']);
    expect(grid.rows[1]?.tasks.get('fasting')?.periodCode).toBe('fasting');
    expect(grid.rows[0]?.tasks.size).toBe(0);
  });

  it('offers every enabled period when nothing is planned today', () => {
    expect(roundGrid([patient(1, '1')], [], PERIODS).columns).toHaveLength(4);
  });

  it('opens on the period of the hospital clock, else the last one begun', () => {
    const columns = PERIODS.slice(0, 3);
    expect(currentColumn(columns, NINE_FIFTEEN, SH)).toBe(1);
    // 03:00: night is not a column; nothing has begun → the first
    expect(currentColumn(columns, new Date('2026-03-01T19:00:00.000Z'), SH, PERIODS)).toBe(0);
    // 13:00: after the last window → the last column begun
    expect(currentColumn(columns, new Date('2026-03-02T05:00:00.000Z'), SH, PERIODS)).toBe(2);
    // the same instant read in London is 01:15: nothing begun
    expect(currentColumn(columns, NINE_FIFTEEN, 'Europe/London')).toBe(0);
    expect(currentColumn([], NINE_FIFTEEN, SH)).toBe(0);
  });

  it('starts at the first bed not yet measured in the column', () => {
    const grid = roundGrid([patient(1, '1'), patient(2, '2'), patient(3, '3')], [], PERIODS);
    const done = new Set([cellKey(1, 'fasting'), cellKey(2, 'fasting')]);
    expect(firstOpenRow(grid, 0, (key) => done.has(key))).toBe(2);
    expect(firstOpenRow(grid, 1, (key) => done.has(key))).toBe(0);
  });
});

describe('keyboard moves', () => {
  it('goes bed by bed down the column and on to the next column', () => {
    expect(moveCell({ row: 0, col: 1 }, 'next', 3, 4)).toEqual({ row: 1, col: 1 });
    expect(moveCell({ row: 2, col: 1 }, 'next', 3, 4)).toEqual({ row: 0, col: 2 });
    expect(moveCell({ row: 2, col: 3 }, 'next', 3, 4)).toEqual({ row: 2, col: 3 });
    expect(moveCell({ row: 1, col: 1 }, 'previous', 3, 4)).toEqual({ row: 0, col: 1 });
    expect(moveCell({ row: 0, col: 1 }, 'previous', 3, 4)).toEqual({ row: 2, col: 0 });
    expect(moveCell({ row: 0, col: 0 }, 'previous', 3, 4)).toEqual({ row: 0, col: 0 });
  });

  it('moves one cell with the arrows and stops at the edges', () => {
    expect(moveCell({ row: 0, col: 0 }, 'up', 3, 4)).toEqual({ row: 0, col: 0 });
    expect(moveCell({ row: 0, col: 0 }, 'down', 3, 4)).toEqual({ row: 1, col: 0 });
    expect(moveCell({ row: 0, col: 3 }, 'right', 3, 4)).toEqual({ row: 0, col: 3 });
    expect(moveCell({ row: 0, col: 3 }, 'left', 3, 4)).toEqual({ row: 0, col: 2 });
    expect(moveCell({ row: 5, col: 5 }, 'next', 0, 0)).toEqual({ row: 0, col: 0 });
  });

  it('maps the keys of a cell', () => {
    const none = { shift: false, ctrl: false, alt: false };
    expect(cellCommand('Enter', none, true)).toEqual({ kind: 'move', move: 'next', save: true });
    expect(cellCommand('Tab', { ...none, shift: true }, false)).toEqual({
      kind: 'move',
      move: 'previous',
      save: true,
    });
    expect(cellCommand('ArrowDown', none, false)).toEqual({ kind: 'move', move: 'down', save: false });
    // a typed value keeps its caret keys
    expect(cellCommand('ArrowLeft', none, true)).toBeNull();
    expect(cellCommand('/', none, false)).toEqual({ kind: 'untested' });
    expect(cellCommand('F2', none, true)).toEqual({ kind: 'untested' });
    expect(cellCommand(';', none, false)).toEqual({ kind: 'note' });
    expect(cellCommand('k', none, false)).toEqual({ kind: 'other', item: 'KET' });
    expect(cellCommand('U', { ...none, shift: true }, false)).toEqual({ kind: 'other', item: 'UA' });
    expect(cellCommand('7', none, false)).toBeNull();
    expect(cellCommand('k', { ...none, ctrl: true }, false)).toBeNull();
  });
});
