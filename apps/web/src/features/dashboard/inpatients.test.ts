import { beforeEach, describe, expect, it } from 'vitest';
import type { HisPatient, Inpatient, ScanResult } from '../../api/patients';
import {
  elapsedSince,
  isFiltered,
  periodChips,
  readViewMode,
  scanOutcome,
  VIEW_MODE_KEY,
  writeViewMode,
} from './inpatients';

const patient = { id: 7, name: '王建国' } as Inpatient;
const his = { name: '冯建军', inpatientNumber: 'ZY20260101' } as HisPatient;
const result = (over: Partial<ScanResult>): ScanResult => ({
  patient: null,
  his: null,
  dischargedPatient: null,
  otherWard: false,
  ...over,
});

describe('scanOutcome', () => {
  it('opens an in-hospital patient first, whatever else the code matches', () => {
    expect(scanOutcome(result({ patient, his, dischargedPatient: patient }), 'X')).toEqual({
      kind: 'patient',
      patient,
    });
  });
  it('offers a readmission for a discharged patient of the ward, keeping the HIS record', () => {
    expect(scanOutcome(result({ dischargedPatient: patient, his }), 'X')).toEqual({
      kind: 'readmit',
      patient,
      his,
    });
  });
  it('names another ward’s patient only as such, before anything to admit', () => {
    expect(scanOutcome(result({ otherWard: true }), 'WB13')).toEqual({ kind: 'otherWard', code: 'WB13' });
  });
  it('admits from the HIS record, else from nothing but the code', () => {
    expect(scanOutcome(result({ his }), 'WB1')).toEqual({ kind: 'his', his });
    expect(scanOutcome(result({}), 'WB1')).toEqual({ kind: 'unknown', code: 'WB1' });
  });
});

describe('elapsedSince', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  it('says now under a minute, then minutes, hours and days', () => {
    expect(elapsedSince('2026-03-10T11:59:30Z', now)).toEqual({ unit: 'now', count: 0 });
    expect(elapsedSince('2026-03-10T11:15:00Z', now)).toEqual({ unit: 'minutes', count: 45 });
    expect(elapsedSince('2026-03-10T09:00:00Z', now)).toEqual({ unit: 'hours', count: 3 });
    expect(elapsedSince('2026-03-07T11:00:00Z', now)).toEqual({ unit: 'days', count: 3 });
  });
  it('treats a time ahead of the clock as now', () => {
    expect(elapsedSince('2026-03-10T12:05:00Z', now)).toEqual({ unit: 'now', count: 0 });
  });
});

describe('periodChips', () => {
  const periods = [
    { code: 'fasting', name: 'Fasting', sort: 2 },
    { code: 'earlyMorning', name: 'Early morning', sort: 1 },
    { code: 'afterLunch', name: 'After lunch', sort: 5 },
  ];
  it('puts the periods in the day’s order with their state and name', () => {
    const chips = periodChips(
      { done: ['fasting'], untested: [], due: ['afterLunch'], overdue: ['earlyMorning'], upcoming: ['gone'] },
      periods,
    );
    expect(chips).toEqual([
      { code: 'earlyMorning', name: 'Early morning', state: 'overdue' },
      { code: 'fasting', name: 'Fasting', state: 'done' },
      { code: 'afterLunch', name: 'After lunch', state: 'due' },
      { code: 'gone', name: 'gone', state: 'upcoming' },
    ]);
  });
  it('names the tasks of monitoring orders: clock times after the periods, other items last with their name', () => {
    const chips = periodChips(
      {
        done: ['@02:00', 'KET:fasting'],
        untested: [],
        due: ['@12:00'],
        overdue: ['fasting'],
        upcoming: ['UA@15:00', '@14:00'],
      },
      periods,
      (item) => ({ GLU: 'Glucose', KET: 'Ketone', UA: 'Uric acid' })[item],
    );
    expect(chips.map((chip) => `${chip.name}:${chip.state}`)).toEqual([
      'Fasting:overdue',
      '02:00:done',
      '12:00:due',
      '14:00:upcoming',
      'Ketone · Fasting:done',
      'Uric acid · 15:00:upcoming',
    ]);
  });
  it('shows a period recorded as not tested in its place, with its reason, not as done', () => {
    const chips = periodChips(
      {
        done: ['afterLunch'],
        untested: [{ code: 'fasting', reason: 'Patient refused' }],
        due: [],
        overdue: [],
        upcoming: [],
      },
      periods,
    );
    expect(chips).toEqual([
      { code: 'fasting', name: 'Fasting', state: 'untested', reason: 'Patient refused' },
      { code: 'afterLunch', name: 'After lunch', state: 'done' },
    ]);
  });
  it('is empty without a plan', () => {
    expect(periodChips({ done: [], untested: [], due: [], overdue: [], upcoming: [] }, periods)).toEqual([]);
  });
});

describe('view mode and filters', () => {
  beforeEach(() => window.localStorage.clear());
  it('remembers the table, and defaults to cards', () => {
    expect(readViewMode()).toBe('cards');
    writeViewMode('table');
    expect(window.localStorage.getItem(VIEW_MODE_KEY)).toBe('table');
    expect(readViewMode()).toBe('table');
    window.localStorage.setItem(VIEW_MODE_KEY, 'nonsense');
    expect(readViewMode()).toBe('cards');
  });
  it('knows when a filter narrows the list', () => {
    expect(isFiltered({})).toBe(false);
    expect(isFiltered({ queryCondition: '  ' })).toBe(false);
    expect(isFiltered({ criticalOnly: true })).toBe(true);
    expect(isFiltered({ tag: '妊娠' })).toBe(true);
  });
});
