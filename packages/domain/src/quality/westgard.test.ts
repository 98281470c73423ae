import { describe, expect, it } from 'vitest';
import { DEFAULT_QC_STRATEGY, WESTGARD_RULES, type WestgardRule } from './strategy';
import {
  evaluateQcRun,
  inQcRange,
  type QcObservation,
  rejects,
  westgardViolations,
  zScore,
} from './westgard';

const ALL = WESTGARD_RULES;
/** One level's observations (level 0 unless said). */
const obs = (zs: (number | null)[], level = 0): QcObservation[] => zs.map((z) => ({ level, z }));
const rulesOf = (
  current: QcObservation[],
  earlier: QcObservation[] = [],
  rules: readonly WestgardRule[] = ALL,
) => Object.fromEntries(westgardViolations(current, earlier, rules));

describe('zScore', () => {
  it('is (value − target) / SD, worked by hand', () => {
    // level 0: target 5.0, SD 0.25 → 5.5 is +2 SD, 4.25 is −3 SD
    expect(zScore(5.5, 5, 0.25)).toBe(2);
    expect(zScore(4.25, 5, 0.25)).toBe(-3);
    // 0.1 + 0.2 style sums: 5.3 − 5.0 = 0.2999… over 0.15 is read as exactly 2
    expect(zScore(5.3, 5, 0.15)).toBe(2);
  });
  it('has no z without an SD above 0 or a target (only the range applies)', () => {
    expect(zScore(5.5, 5, 0)).toBeNull();
    expect(zScore(5.5, null, 0.2)).toBeNull();
    expect(zScore(null, 5, 0.2)).toBeNull();
  });
});

describe('1-2s (warning) and 1-3s', () => {
  it('exactly 2 SD breaks nothing; just beyond breaks 1-2s, which only warns', () => {
    expect(rulesOf(obs([2]))).toEqual({ 0: [] });
    expect(rulesOf(obs([-2]))).toEqual({ 0: [] });
    expect(rulesOf(obs([2.01]))).toEqual({ 0: ['1-2s'] });
    expect(rulesOf(obs([-2.01]))).toEqual({ 0: ['1-2s'] });
    expect(rejects(['1-2s'])).toBe(false);
  });
  it('exactly 3 SD is 1-2s only; beyond 3 SD breaks 1-3s and rejects', () => {
    expect(rulesOf(obs([3]))).toEqual({ 0: ['1-2s'] });
    expect(rulesOf(obs([-3.2]))).toEqual({ 0: ['1-2s', '1-3s'] });
    expect(rejects(['1-2s', '1-3s'])).toBe(true);
  });
  it('applies only the rules of the strategy', () => {
    expect(rulesOf(obs([3.5]), [], ['1-3s'])).toEqual({ 0: ['1-3s'] });
    expect(rulesOf(obs([3.5]), [], [])).toEqual({ 0: [] });
  });
});

describe('2-2s', () => {
  it('within the run across levels: both levels beyond the same 2 SD limit', () => {
    const run = [
      { level: 0, z: 2.1 },
      { level: 2, z: 2.5 },
    ];
    expect(rulesOf(run)).toEqual({ 0: ['1-2s', '2-2s'], 2: ['1-2s', '2-2s'] });
    // one exactly at +2 SD: not beyond, no 2-2s
    expect(
      rulesOf([
        { level: 0, z: 2 },
        { level: 2, z: 2.5 },
      ]),
    ).toEqual({ 0: [], 2: ['1-2s'] });
  });
  it('across runs within a level: this value and the previous one of the level beyond +2 SD', () => {
    expect(rulesOf(obs([2.4]), obs([2.2]))).toEqual({ 0: ['1-2s', '2-2s'] });
    // the previous one of ANOTHER level does not count for this rule within a level
    expect(rulesOf(obs([2.4]), obs([2.2], 2))).toEqual({ 0: ['1-2s'] });
    // opposite sides are not 2-2s (and not R-4s either: across runs)
    expect(rulesOf(obs([2.4]), obs([-2.2]))).toEqual({ 0: ['1-2s'] });
    // the previous at exactly −2 SD: boundary, no rule
    expect(rulesOf(obs([-2.4]), obs([-2]))).toEqual({ 0: ['1-2s'] });
  });
});

describe('R-4s (within the run only)', () => {
  it('one level beyond +2 SD and another beyond −2 SD in the same run', () => {
    expect(
      rulesOf([
        { level: 0, z: 2.1 },
        { level: 2, z: -2.1 },
      ]),
    ).toEqual({
      0: ['1-2s', 'R-4s'],
      2: ['1-2s', 'R-4s'],
    });
  });
  it('a range of more than 4 SD with one level inside ±2 SD is not R-4s (+2.6 and −1.5)', () => {
    expect(
      rulesOf([
        { level: 0, z: 2.6 },
        { level: 2, z: -1.5 },
      ]),
    ).toEqual({ 0: ['1-2s'], 2: [] });
  });
  it('exactly +2 and −2 SD: no rule', () => {
    expect(
      rulesOf([
        { level: 0, z: 2 },
        { level: 2, z: -2 },
      ]),
    ).toEqual({ 0: [], 2: [] });
  });
  it('the edge case: +2.5 SD in one run and −2.5 SD in the next is not R-4s', () => {
    expect(rulesOf(obs([-2.5]), obs([2.5]))).toEqual({ 0: ['1-2s'] });
    expect(rulesOf([{ level: 2, z: -2.5 }], [{ level: 0, z: 2.5 }])).toEqual({ 2: ['1-2s'] });
  });
});

describe('4-1s', () => {
  it('four consecutive values of a level beyond the same 1 SD limit', () => {
    expect(rulesOf(obs([1.2]), obs([1.5, 1.1, 1.9]))).toEqual({ 0: ['4-1s'] });
    expect(rulesOf(obs([-1.2]), obs([-1.5, -1.1, -1.9]))).toEqual({ 0: ['4-1s'] });
  });
  it('exactly 1 SD in the four breaks it; three beyond is not enough', () => {
    expect(rulesOf(obs([1.2]), obs([1.5, 1, 1.9]))).toEqual({ 0: [] });
    expect(rulesOf(obs([1.2]), obs([1.5, 1.9]))).toEqual({ 0: [] });
  });
  it('across levels: the last four observations of the analyzer, ending with this run', () => {
    const earlier = [
      { level: 0, z: 1.3 },
      { level: 2, z: 1.4 },
    ];
    const run = [
      { level: 0, z: 1.1 },
      { level: 2, z: 1.6 },
    ];
    expect(rulesOf(run, earlier)).toEqual({ 0: ['4-1s'], 2: ['4-1s'] });
    // one of them at −1.4: no streak
    expect(rulesOf(run, [earlier[0]!, { level: 2, z: -1.4 }])).toEqual({ 0: [], 2: [] });
  });
});

describe('10x', () => {
  it('ten consecutive values of a level on the same side of the target', () => {
    const nine = [0.2, 0.5, 0.1, 0.9, 0.3, 0.4, 0.8, 0.6, 0.7];
    expect(rulesOf(obs([0.05]), obs(nine))).toEqual({ 0: ['10x'] });
    expect(rulesOf(obs([-0.05]), obs(nine.map((z) => -z)))).toEqual({ 0: ['10x'] });
  });
  it('a value exactly on the target ends the streak; nine are not enough', () => {
    const nine = [0.2, 0.5, 0.1, 0.9, 0.3, 0, 0.8, 0.6, 0.7];
    expect(rulesOf(obs([0.05]), obs(nine))).toEqual({ 0: [] });
    expect(rulesOf(obs([0.05]), obs(nine.slice(1)))).toEqual({ 0: [] });
  });
  it('across levels: five runs of two levels all above the target', () => {
    const earlier = Array.from({ length: 4 }, () => [
      { level: 0, z: 0.4 },
      { level: 2, z: 0.3 },
    ]).flat();
    expect(
      rulesOf(
        [
          { level: 0, z: 0.2 },
          { level: 2, z: 0.6 },
        ],
        earlier,
      ),
    ).toEqual({ 0: ['10x'], 2: ['10x'] });
  });
});

describe('SD = 0: no z-score', () => {
  it('takes part in no rule and ends the streaks it falls in', () => {
    expect(rulesOf(obs([null]))).toEqual({ 0: [] });
    expect(rulesOf(obs([2.4]), obs([null]))).toEqual({ 0: ['1-2s'] });
    expect(rulesOf(obs([1.2]), obs([1.5, null, 1.9]))).toEqual({ 0: [] });
  });
});

describe('inQcRange', () => {
  it('includes both ends; no range gives null', () => {
    expect(inQcRange(4.2, { low: 4.2, high: 6 })).toBe(true);
    expect(inQcRange(6, { low: 4.2, high: 6 })).toBe(true);
    expect(inQcRange(6.01, { low: 4.2, high: 6 })).toBe(false);
    expect(inQcRange(4.19, { low: 4.2, high: null })).toBe(false);
    expect(inQcRange(4.19, { low: null, high: null })).toBeNull();
    expect(inQcRange(null, { low: 1, high: 2 })).toBeNull();
  });
});

describe('evaluateQcRun', () => {
  const rules = DEFAULT_QC_STRATEGY.rules;
  // level 0: target 2.8, SD 0.2, range 2.2-3.4; level 2: target 16.5, SD 1.0, range 13.5-19.5
  const low = { level: 0, target: 2.8, sd: 0.2, range: { low: 2.2, high: 3.4 } };
  const high = { level: 2, target: 16.5, sd: 1, range: { low: 13.5, high: 19.5 } };

  it('passes values inside the range with a 1-2s warning kept', () => {
    // 3.25 → z = 0.45/0.2 = 2.25 (1-2s); 16.0 → z = −0.5
    expect(
      evaluateQcRun(
        [
          { ...low, value: 3.25 },
          { ...high, value: 16 },
        ],
        [],
        rules,
      ),
    ).toEqual([
      { level: 0, z: 2.25, inRange: true, violations: ['1-2s'], rejected: false, result: 'pass' },
      { level: 2, z: -0.5, inRange: true, violations: [], rejected: false, result: 'pass' },
    ]);
  });
  it('fails a run that breaks R-4s though both values are in range', () => {
    // 3.3 → +2.5 SD; 14.0 → −2.5 SD
    const [a, b] = evaluateQcRun(
      [
        { ...low, value: 3.3 },
        { ...high, value: 14 },
      ],
      [],
      rules,
    );
    expect(a).toMatchObject({ inRange: true, violations: ['1-2s', 'R-4s'], rejected: true, result: 'fail' });
    expect(b).toMatchObject({ inRange: true, violations: ['1-2s', 'R-4s'], rejected: true, result: 'fail' });
  });
  it('fails out of range without any rule (SD 0: range only)', () => {
    const [a] = evaluateQcRun([{ ...low, sd: 0, value: 3.5 }], [], rules);
    expect(a).toEqual({ level: 0, z: null, inRange: false, violations: [], rejected: false, result: 'fail' });
  });
  it('fails when the tester says so', () => {
    const [a] = evaluateQcRun([{ ...low, value: 2.8, enteredResult: 'fail' }], [], rules);
    expect(a).toMatchObject({ z: 0, inRange: true, violations: [], result: 'fail' });
  });
});
