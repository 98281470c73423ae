import { describe, expect, it } from 'vitest';
import {
  criticalLoopSchema,
  criticalLoopState,
  DEFAULT_CRITICAL_LOOP,
  loopFigures,
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

describe('the loop report figures', () => {
  const m = (hhmm: string) => at(hhmm);
  const event = (measured: string, steps: Partial<Record<'n' | 'a' | 'h' | 'r', string>>) => ({
    measuredAt: m(measured),
    notifiedAt: steps.n ? m(steps.n) : null,
    acknowledgedAt: steps.a ? m(steps.a) : null,
    handledAt: steps.h ? m(steps.h) : null,
    recheckedAt: steps.r ? m(steps.r) : null,
  });

  it('gives each step’s count, median and 90th percentile in minutes from the measurement', () => {
    // handled after 5, 10, 20 and 40 minutes; one never handled
    const events = [
      event('08:00', { n: '08:02', a: '08:03', h: '08:05', r: '08:15' }),
      event('09:00', { n: '09:04', a: '09:06', h: '09:10', r: '09:20' }),
      event('10:00', { n: '10:01', h: '10:20' }),
      event('11:00', { h: '11:40' }),
      event('12:00', {}),
    ];
    const figures = loopFigures(events, 15);
    expect(figures.count).toBe(5);
    // handled: 5, 10, 20, 40 → median (10+20)/2 = 15; p90: h = 3 × 0.9 = 2.7 → 20 + 0.7 × (40 − 20) = 34
    expect(figures.steps.handled).toEqual({ count: 4, median: 15, p90: 34 });
    // notified: 1, 2, 4 → median 2; p90: h = 2 × 0.9 = 1.8 → 2 + 0.8 × 2 = 3.6
    expect(figures.steps.notified.count).toBe(3);
    expect(figures.steps.notified.median).toBe(2);
    expect(figures.steps.notified.p90).toBeCloseTo(3.6, 10);
    // acknowledged: 3, 6 → median 4.5; p90 = 3 + 0.9 × 3 = 5.7
    expect(figures.steps.acknowledged.median).toBe(4.5);
    expect(figures.steps.acknowledged.p90).toBeCloseTo(5.7, 10);
    expect(figures.steps.rechecked).toEqual({ count: 2, median: 17.5, p90: 19.5 });
    // within 15 minutes: 5 and 10 → 2 of 5 (the unhandled one counts against the ward)
    expect(figures.handledWithinTarget).toBe(2);
    expect(figures.handledWithinTargetShare).toBe(0.4);
  });

  it('counts exactly the target as within it, and has no figures without values', () => {
    expect(loopFigures([event('08:00', { h: '08:15' })], 15).handledWithinTarget).toBe(1);
    expect(loopFigures([event('08:00', { h: '08:16' })], 15).handledWithinTarget).toBe(0);
    expect(loopFigures([], 15)).toEqual({
      count: 0,
      steps: {
        notified: { count: 0, median: null, p90: null },
        acknowledged: { count: 0, median: null, p90: null },
        handled: { count: 0, median: null, p90: null },
        rechecked: { count: 0, median: null, p90: null },
      },
      handledWithinTarget: 0,
      handledWithinTargetShare: null,
    });
  });
});
