import { describe, expect, it } from 'vitest';
import {
  criticalLoopSchema,
  criticalLoopState,
  DEFAULT_CRITICAL_LOOP,
  recheckDueAt,
  recheckMinutes,
} from './loop';

const at = (hhmm: string) => new Date(`2026-03-02T${hhmm}:00+08:00`);
const settings = { ...DEFAULT_CRITICAL_LOOP, recheckHighMinutes: 120, recheckOtherMinutes: 30 };

describe('the critical-value loop', () => {
  it('schedules the recheck by item and direction: 15-15 rule for a low glucose', () => {
    expect(recheckMinutes('GLU', 'criticalLow', DEFAULT_CRITICAL_LOOP)).toBe(15);
    expect(recheckMinutes('GLU', 'criticalHigh', settings)).toBe(120);
    expect(recheckMinutes('KET', 'criticalHigh', settings)).toBe(30);
    expect(recheckMinutes('UA', 'criticalLow', settings)).toBe(30);
    // 08:50 + 15 min crosses the hour; 23:30 + 120 min crosses midnight
    expect(recheckDueAt('GLU', 'criticalLow', at('08:50'), settings)).toEqual(at('09:05'));
    expect(recheckDueAt('GLU', 'criticalHigh', at('23:30'), settings)).toEqual(
      new Date('2026-03-03T01:30:00+08:00'),
    );
  });

  it('says what the value still waits for', () => {
    const open = {
      measuredAt: at('08:00'),
      acknowledgedAt: null,
      handledAt: null,
      recheckDueAt: at('08:15'),
      recheckedAt: null,
      recheckSkippedReason: null,
    };
    // escalation after 15 min: at 08:14:59 not yet, at 08:15 unacknowledged too long
    expect(criticalLoopState(open, DEFAULT_CRITICAL_LOOP, new Date(at('08:15').getTime() - 1000))).toEqual({
      closed: false,
      recheckOverdue: false,
      unacknowledgedTooLong: false,
    });
    expect(criticalLoopState(open, DEFAULT_CRITICAL_LOOP, at('08:15')).unacknowledgedTooLong).toBe(true);
    // the recheck due 08:15 is overdue once the escalation time has passed after it: 08:30
    expect(criticalLoopState(open, DEFAULT_CRITICAL_LOOP, at('08:29')).recheckOverdue).toBe(false);
    expect(criticalLoopState(open, DEFAULT_CRITICAL_LOOP, at('08:30')).recheckOverdue).toBe(true);
    // acknowledged: no more escalation for that; handled and rechecked: closed
    const acknowledged = { ...open, acknowledgedAt: at('08:05') };
    expect(criticalLoopState(acknowledged, DEFAULT_CRITICAL_LOOP, at('09:00')).unacknowledgedTooLong).toBe(
      false,
    );
    const handled = { ...acknowledged, handledAt: at('08:10') };
    expect(criticalLoopState(handled, DEFAULT_CRITICAL_LOOP, at('09:00')).closed).toBe(false);
    expect(
      criticalLoopState({ ...handled, recheckedAt: at('08:16') }, DEFAULT_CRITICAL_LOOP, at('09:00')),
    ).toEqual({
      closed: true,
      recheckOverdue: false,
      unacknowledgedTooLong: false,
    });
    // a reason why no recheck closes it as well
    expect(
      criticalLoopState(
        { ...handled, recheckSkippedReason: 'patient discharged' },
        DEFAULT_CRITICAL_LOOP,
        at('09:00'),
      ).closed,
    ).toBe(true);
  });

  it('refuses minutes outside 1-1440 and fractions', () => {
    expect(criticalLoopSchema.safeParse(DEFAULT_CRITICAL_LOOP).success).toBe(true);
    for (const bad of [0, 1441, 1.5]) {
      expect(criticalLoopSchema.safeParse({ ...DEFAULT_CRITICAL_LOOP, targetMinutes: bad }).success).toBe(
        false,
      );
    }
  });
});
