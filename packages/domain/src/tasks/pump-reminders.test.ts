import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PUMP_STRATEGY,
  isLowPumpLevel,
  pumpStrategySchema,
} from '../hospital-settings/pump-strategy';
import { PUMP_TUBE_CHANGE_DAYS_DEFAULT } from '../rules/pump';
import { pumpRemindersAt, tubeChangeDueAt, tubeChangeReminder } from './pump-reminders';

const at = (iso: string) => new Date(iso);
const SH = 'Asia/Shanghai';
const LON = 'Europe/London';

describe('tubeChangeDueAt (worked by hand)', () => {
  it('adds calendar days at the same wall-clock time in a zone without summer time', () => {
    // 08:30 on 1 March in Shanghai (00:30 UTC) + 3 days = 08:30 on 4 March
    expect(tubeChangeDueAt(at('2026-03-01T08:30:00+08:00'), 3, SH).toISOString()).toBe(
      '2026-03-04T00:30:00.000Z',
    );
    // across a month end: 22:15 on 30 April + 2 days = 22:15 on 2 May
    expect(tubeChangeDueAt(at('2026-04-30T22:15:00+08:00'), 2, SH).toISOString()).toBe(
      '2026-05-02T14:15:00.000Z',
    );
    // seconds are kept
    expect(tubeChangeDueAt(at('2026-03-01T08:30:45+08:00'), 1, SH).toISOString()).toBe(
      '2026-03-02T00:30:45.000Z',
    );
  });

  it('keeps the wall-clock time across a change of summer time (Europe/London)', () => {
    // 09:00 GMT on Friday 27 March 2026; clocks go forward on Sunday 29 March: 09:00 BST on 30 March = 08:00 UTC
    // (72 hours would be 10:00 BST)
    expect(tubeChangeDueAt(at('2026-03-27T09:00:00Z'), 3, LON).toISOString()).toBe(
      '2026-03-30T08:00:00.000Z',
    );
    // 09:00 BST on 23 October; clocks go back on 25 October: 09:00 GMT on 26 October = 09:00 UTC
    expect(tubeChangeDueAt(at('2026-10-23T08:00:00Z'), 3, LON).toISOString()).toBe(
      '2026-10-26T09:00:00.000Z',
    );
    // 01:30 on 26 March + 3 days falls in the hour the clocks skip on 29 March: read as 02:30 BST
    expect(tubeChangeDueAt(at('2026-03-26T01:30:00Z'), 3, LON).toISOString()).toBe(
      '2026-03-29T01:30:00.000Z',
    );
  });
});

describe('tubeChangeReminder', () => {
  const up = { upAt: at('2026-03-01T08:30:00+08:00'), lastTubeChangeAt: null };

  it('is no task before the day it falls due', () => {
    expect(tubeChangeReminder(up, 3, at('2026-03-03T12:00:00+08:00'), SH)).toBeNull();
    // the last second of 3 March in Shanghai
    expect(tubeChangeReminder(up, 3, at('2026-03-03T23:59:59+08:00'), SH)).toBeNull();
  });

  it('is due from the start of its day (hospital midnight) and overdue from the due instant', () => {
    const early = tubeChangeReminder(up, 3, at('2026-03-04T00:00:00+08:00'), SH);
    expect(early).toMatchObject({ kind: 'tubeChange', state: 'due', threshold: 3, value: null });
    expect(early?.dueAt?.toISOString()).toBe('2026-03-04T00:30:00.000Z');
    expect(early?.since?.toISOString()).toBe('2026-03-01T00:30:00.000Z');
    expect(tubeChangeReminder(up, 3, at('2026-03-04T08:29:59+08:00'), SH)?.state).toBe('due');
    expect(tubeChangeReminder(up, 3, at('2026-03-04T08:30:00+08:00'), SH)?.state).toBe('overdue');
    // still overdue days later until a change is recorded
    expect(tubeChangeReminder(up, 3, at('2026-03-09T10:00:00+08:00'), SH)?.state).toBe('overdue');
  });

  it('counts from the last tube change, not from the up-pump', () => {
    const changed = { ...up, lastTubeChangeAt: at('2026-03-04T09:00:00+08:00') };
    expect(tubeChangeReminder(changed, 3, at('2026-03-05T10:00:00+08:00'), SH)).toBeNull();
    expect(tubeChangeReminder(changed, 3, at('2026-03-07T09:00:00+08:00'), SH)?.state).toBe('overdue');
    // a change recorded early (before it fell due) also starts the next interval
    const early = { ...up, lastTubeChangeAt: at('2026-03-02T07:00:00+08:00') };
    expect(tubeChangeReminder(early, 3, at('2026-03-04T12:00:00+08:00'), SH)).toBeNull();
    expect(tubeChangeReminder(early, 3, at('2026-03-05T06:00:00+08:00'), SH)?.state).toBe('due');
  });

  it('reads today on the hospital clock, not in UTC (Europe/London in summer time)', () => {
    const london = { upAt: at('2026-03-27T09:00:00Z'), lastTubeChangeAt: null };
    // 23:30 BST on 29 March (22:30 UTC): the due day (30 March) has not begun in London
    expect(tubeChangeReminder(london, 3, at('2026-03-29T22:30:00Z'), LON)).toBeNull();
    // 00:30 BST on 30 March (23:30 UTC on the 29th): it has
    expect(tubeChangeReminder(london, 3, at('2026-03-29T23:30:00Z'), LON)?.state).toBe('due');
    expect(tubeChangeReminder(london, 3, at('2026-03-30T08:00:00Z'), LON)?.state).toBe('overdue');
  });

  it('a one-day interval put in at midnight is overdue from its day’s first instant', () => {
    const midnight = { upAt: at('2026-03-01T00:00:00+08:00'), lastTubeChangeAt: null };
    expect(tubeChangeReminder(midnight, 1, at('2026-03-01T23:59:59+08:00'), SH)).toBeNull();
    expect(tubeChangeReminder(midnight, 1, at('2026-03-02T00:00:00+08:00'), SH)?.state).toBe('overdue');
  });
});

describe('pumpRemindersAt', () => {
  const binding = {
    upAt: at('2026-03-01T08:30:00+08:00'),
    lastTubeChangeAt: null,
    battery: 19,
    batteryReportedAt: at('2026-03-02T10:00:00+08:00'),
    dose: 20,
    doseReportedAt: at('2026-03-02T10:00:00+08:00'),
  };

  it('lists a low battery below the threshold, not at it; a level never reported is none', () => {
    const reminders = pumpRemindersAt(binding, DEFAULT_PUMP_STRATEGY, at('2026-03-02T12:00:00+08:00'), SH);
    expect(reminders).toEqual([
      {
        kind: 'lowBattery',
        state: 'low',
        dueAt: null,
        since: binding.batteryReportedAt,
        value: 19,
        threshold: 20,
      },
    ]);
    expect(
      pumpRemindersAt(
        { ...binding, battery: null, dose: null },
        DEFAULT_PUMP_STRATEGY,
        at('2026-03-02T12:00:00+08:00'),
        SH,
      ),
    ).toEqual([]);
  });

  it('follows the strategy: tube change first, then battery, then insulin', () => {
    const strategy = { tubeChangeDays: 1, lowBatteryPercent: 10, lowDoseUnits: 25 };
    const reminders = pumpRemindersAt(binding, strategy, at('2026-03-02T12:00:00+08:00'), SH);
    expect(reminders.map((r) => [r.kind, r.state, r.value, r.threshold])).toEqual([
      ['tubeChange', 'overdue', null, 1],
      ['lowDose', 'low', 20, 25],
    ]);
  });
});

describe('pump strategy', () => {
  it('defaults to every 3 days, below 20 % and below 20 IU', () => {
    expect(PUMP_TUBE_CHANGE_DAYS_DEFAULT).toBe(3);
    expect(DEFAULT_PUMP_STRATEGY).toEqual({ tubeChangeDays: 3, lowBatteryPercent: 20, lowDoseUnits: 20 });
    expect(isLowPumpLevel('battery', 19.5, DEFAULT_PUMP_STRATEGY)).toBe(true);
    expect(isLowPumpLevel('dose', 20, DEFAULT_PUMP_STRATEGY)).toBe(false);
    expect(isLowPumpLevel('dose', null, DEFAULT_PUMP_STRATEGY)).toBe(false);
  });

  it('accepts whole numbers within 1-7 days, 1-99 % and 1-300 IU only', () => {
    expect(
      pumpStrategySchema.safeParse({ tubeChangeDays: 7, lowBatteryPercent: 1, lowDoseUnits: 300 }).success,
    ).toBe(true);
    const bad = pumpStrategySchema.safeParse({ tubeChangeDays: 8, lowBatteryPercent: 0, lowDoseUnits: 2.5 });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['tubeChangeDays', 'settings.pump.tubeChangeDays'],
      ['lowBatteryPercent', 'settings.pump.lowBatteryPercent'],
      ['lowDoseUnits', 'settings.pump.lowDoseUnits'],
    ]);
    expect(pumpStrategySchema.safeParse({ tubeChangeDays: 3, lowBatteryPercent: 20 }).success).toBe(false);
    expect(
      pumpStrategySchema.safeParse({ tubeChangeDays: 3, lowBatteryPercent: 20, lowDoseUnits: 20, extra: 1 })
        .success,
    ).toBe(false);
  });
});
