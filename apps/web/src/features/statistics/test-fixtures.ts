import type { GlucoseCounts } from '../../api/statistics';

/** Counts of the statistics tests: all zero (no readings, no rates) unless given. */
export function counts(overrides: Partial<GlucoseCounts> = {}): GlucoseCounts {
  return {
    testCount: 0,
    personCount: 0,
    inTargetCount: 0,
    inTargetRate: null,
    lowCount: 0,
    lowRate: null,
    criticalLowCount: 0,
    criticalLowRate: null,
    highCount: 0,
    highRate: null,
    criticalHighCount: 0,
    criticalHighRate: null,
    criticalCount: 0,
    criticalRate: null,
    ...overrides,
  };
}

/** A busy month or department. */
export const busy = counts({
  testCount: 1234,
  personCount: 56,
  inTargetCount: 900,
  inTargetRate: 72.933,
  lowCount: 100,
  lowRate: 8.1,
  criticalLowCount: 4,
  criticalLowRate: 0.32,
  highCount: 226,
  highRate: 18.31,
  criticalHighCount: 4,
  criticalHighRate: 0.32,
  criticalCount: 8,
  criticalRate: 0.65,
});
