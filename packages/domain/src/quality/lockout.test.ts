import { describe, expect, it } from 'vitest';
import { DEFAULT_SHIFTS } from '../hospital-settings/shifts';
import { analyzerLockState, type LockAnalyzer, type LockContext, scheduleDue } from './lockout';
import { DEFAULT_QC_STRATEGY, type QcStrategy } from './strategy';

const TZ = 'Asia/Shanghai';
/** A Shanghai wall-clock time (UTC+8) as an instant. */
const sh = (local: string) => new Date(`${local}+08:00`);

const strategy = (schedule: Partial<QcStrategy['schedule']> = {}, rest: Partial<QcStrategy> = {}) => ({
  ...DEFAULT_QC_STRATEGY,
  ...rest,
  schedule: { ...DEFAULT_QC_STRATEGY.schedule, ...schedule },
});
const context = (now: string, s: QcStrategy = strategy()): LockContext => ({
  strategy: s,
  shifts: DEFAULT_SHIFTS,
  timeZone: TZ,
  now: sh(now),
});
const analyzer = (over: Partial<LockAnalyzer> = {}): LockAnalyzer => ({
  isActive: true,
  controlSolutionId: 1,
  testStripId: 7,
  lastPassAt: sh('2026-03-10T08:00:00'),
  lastPassControlSolutionId: 1,
  lastPassTestStripId: 7,
  failedLockAt: null,
  ...over,
});
const goodLots = {
  control: { status: 'normal', expiryDate: '2026-12-31', discardOn: '2026-05-01' },
  strip: { status: 'normal', expiryDate: '2026-12-31' },
};

describe('scheduleDue: every N hours', () => {
  it('is due N hours after the last pass; at that instant it is overdue', () => {
    const before = scheduleDue(sh('2026-03-10T08:00:00'), context('2026-03-11T07:59:59'));
    expect(before).toEqual({ overdue: false, dueAt: sh('2026-03-11T08:00:00') });
    const at = scheduleDue(sh('2026-03-10T08:00:00'), context('2026-03-11T08:00:00'));
    expect(at).toEqual({ overdue: true, dueAt: sh('2026-03-11T08:00:00') });
  });
  it('never passed is overdue; no schedule is never overdue', () => {
    expect(scheduleDue(null, context('2026-03-11T08:00:00'))).toEqual({ overdue: true, dueAt: null });
    const none = strategy({ everyHours: null });
    expect(scheduleDue(null, context('2026-03-11T08:00:00', none))).toEqual({ overdue: false, dueAt: null });
  });
});

describe('scheduleDue: per shift (08-16, 16-24, 00-08)', () => {
  const perShift = strategy({ everyHours: null, perShift: true });
  it('a pass in this shift covers it until the shift ends', () => {
    expect(scheduleDue(sh('2026-03-10T08:00:00'), context('2026-03-10T15:59:00', perShift))).toEqual({
      overdue: false,
      dueAt: sh('2026-03-10T16:00:00'),
    });
  });
  it('a pass a minute before the shift began does not count for it', () => {
    expect(scheduleDue(sh('2026-03-10T07:59:00'), context('2026-03-10T08:00:00', perShift))).toEqual({
      overdue: true,
      dueAt: sh('2026-03-10T08:00:00'),
    });
  });
  it('the night shift runs from midnight', () => {
    expect(scheduleDue(sh('2026-03-10T23:30:00'), context('2026-03-11T00:10:00', perShift))).toEqual({
      overdue: true,
      dueAt: sh('2026-03-11T00:00:00'),
    });
  });
});

describe('scheduleDue: fixed times on the hospital clock', () => {
  const fixed = strategy({ everyHours: null, fixedTimes: ['07:00', '19:00'] });
  it('overdue once a fixed time passed without a pass after it', () => {
    expect(scheduleDue(sh('2026-03-10T06:50:00'), context('2026-03-10T07:00:00', fixed))).toEqual({
      overdue: true,
      dueAt: sh('2026-03-10T07:00:00'),
    });
  });
  it('a pass after the last fixed time: due at the next one, tomorrow when past the last of today', () => {
    expect(scheduleDue(sh('2026-03-10T07:05:00'), context('2026-03-10T12:00:00', fixed))).toEqual({
      overdue: false,
      dueAt: sh('2026-03-10T19:00:00'),
    });
    expect(scheduleDue(sh('2026-03-10T19:02:00'), context('2026-03-10T23:00:00', fixed))).toEqual({
      overdue: false,
      dueAt: sh('2026-03-11T07:00:00'),
    });
  });
  it('just after midnight the last fixed time is yesterday 19:00', () => {
    expect(scheduleDue(sh('2026-03-10T18:00:00'), context('2026-03-11T00:30:00', fixed))).toEqual({
      overdue: true,
      dueAt: sh('2026-03-10T19:00:00'),
    });
  });
});

describe('analyzerLockState', () => {
  const now = '2026-03-10T12:00:00';
  it('a meter with a recent pass and good lots is not locked', () => {
    expect(analyzerLockState(analyzer(), goodLots, [], context(now))).toEqual({
      locked: false,
      reasons: [],
      dueAt: sh('2026-03-11T08:00:00'),
      overriddenUntil: null,
    });
  });
  it('a failed QC locks, told first, beside other reasons', () => {
    const state = analyzerLockState(
      analyzer({ failedLockAt: sh('2026-03-10T09:00:00'), testStripId: 8 }),
      goodLots,
      [],
      context(now),
    );
    expect(state.reasons).toEqual(['failedQc', 'newStripLot']);
    expect(state.locked).toBe(true);
  });
  it('new lots, expired, withdrawn and discarded lots, and no lots', () => {
    expect(analyzerLockState(analyzer({ controlSolutionId: 2 }), goodLots, [], context(now)).reasons).toEqual(
      ['newControlLot'],
    );
    const bad = {
      control: { status: 'suspended', expiryDate: '2026-03-09', discardOn: '2026-03-09' },
      strip: { status: 'invalid', expiryDate: '2026-03-09' },
    };
    expect(analyzerLockState(analyzer(), bad, [], context(now)).reasons).toEqual([
      'stripExpired',
      'stripInvalid',
      'controlExpired',
      'controlInvalid',
      'controlDiscarded',
    ]);
    // the expiry day itself is still usable
    const lastDay = {
      control: { status: 'normal', expiryDate: '2026-03-10', discardOn: '2026-03-10' },
      strip: { status: 'normal', expiryDate: '2026-03-10' },
    };
    expect(analyzerLockState(analyzer(), lastDay, [], context(now)).locked).toBe(false);
    expect(
      analyzerLockState(analyzer(), { control: null, strip: goodLots.strip }, [], context(now)).reasons,
    ).toEqual(['noLots']);
  });
  it('the new-lot rules follow the strategy', () => {
    const off = strategy({ onNewStripLot: false });
    expect(analyzerLockState(analyzer({ testStripId: 8 }), goodLots, [], context(now, off)).locked).toBe(
      false,
    );
  });
  it('an override in force lifts overdue but never a failed QC; an expired one lifts nothing', () => {
    const late = analyzer({ lastPassAt: sh('2026-03-09T08:00:00'), failedLockAt: null });
    const override = { lockReason: 'overdue', validUntil: sh('2026-03-10T14:00:00') };
    expect(analyzerLockState(late, goodLots, [override], context(now))).toEqual({
      locked: false,
      reasons: [],
      dueAt: sh('2026-03-10T08:00:00'),
      overriddenUntil: sh('2026-03-10T14:00:00'),
    });
    expect(analyzerLockState(late, goodLots, [override], context('2026-03-10T14:00:00')).reasons).toEqual([
      'overdue',
    ]);
    const failed = { lockReason: 'failedQc', validUntil: sh('2026-03-10T14:00:00') };
    expect(
      analyzerLockState(
        analyzer({ failedLockAt: sh('2026-03-10T09:00:00') }),
        goodLots,
        [failed],
        context(now),
      ).reasons,
    ).toEqual(['failedQc']);
  });
  it('a stopped meter, or the lockout off, is never locked', () => {
    const failed = analyzer({ failedLockAt: sh('2026-03-10T09:00:00') });
    expect(analyzerLockState({ ...failed, isActive: false }, goodLots, [], context(now)).locked).toBe(false);
    const off = strategy({}, { lockout: false });
    expect(analyzerLockState(failed, goodLots, [], context(now, off)).locked).toBe(false);
  });
});
