/**
 * The Westgard multirules (issue 19 "Evaluation", spec §5 QC): pure functions over the z-scores of a
 * control run and of the earlier runs of the same analyzer, test item and control lot.
 *
 * Sources: J. O. Westgard, P. L. Barry, M. R. Hunt, T. Groth, "A multi-rule Shewhart chart for quality
 * control in clinical chemistry", Clin Chem 1981;27:493-501; and westgard.com, "Westgard Rules"
 * (https://www.westgard.com/westgard-rules.html), for how each rule is applied within and across runs.
 *
 * How each rule is read here (z = (value − target) / SD of the level; "exceeds" is strict, so a value
 * exactly at 2 SD or 3 SD does not break 1-2s or 1-3s — the paper's "exceeds the mean ± 2s"):
 * - 1-2s (warning only): one observation of the run beyond ±2 SD. Never rejects on its own.
 * - 1-3s: one observation of the run beyond ±3 SD.
 * - 2-2s: two consecutive observations beyond the same ±2 SD limit — within the run across levels
 *   (two levels of this run both above +2 SD, or both below −2 SD), and across runs within a level
 *   (this run's value and the level's previous value beyond the same limit).
 * - R-4s: WITHIN THE RUN ONLY — one level of this run beyond +2 SD and another beyond −2 SD (the
 *   classic definition, a range of more than 4 SD inside one run, which signals random error). A range
 *   across runs (+2.5 SD yesterday, −2.5 SD today) is NOT read as R-4s: it can come from a systematic
 *   change between runs (a new vial, recalibration), which 2-2s and 4-1s are there to catch, and the
 *   1981 paper and westgard.com apply R-4s within a run. A run of one level can never break R-4s.
 * - 4-1s: four consecutive observations beyond the same ±1 SD limit — within a level across runs (this
 *   run and the level's three previous values) and across levels (the last four observations of the
 *   analyzer's sequence, ordered by time then level, ending with this run's).
 * - 10x: ten consecutive observations on the same side of the target — within a level across runs and
 *   across levels, read as for 4-1s. A value exactly on the target is on neither side and ends a streak.
 *
 * An observation without a z-score (SD 0 or no target: "0 when absent") takes part in no rule and ends
 * every streak it falls in; such a run is judged on the lot's range alone.
 */
import type { WestgardRule } from './strategy';
import { WARNING_RULES } from './strategy';

/** One control observation: its level and z-score (null when the level has no SD or target). */
export interface QcObservation {
  level: number;
  z: number | null;
}

/** Digits z is rounded to, so that a value exactly at 2 SD (0.1 + 0.2 style sums) is read as 2. */
const Z_DIGITS = 1e9;

/** z = (value − target) / SD; null without a value, a target or an SD above 0. */
export function zScore(value: number | null, target: number | null, sd: number | null): number | null {
  if (value === null || target === null || sd === null || !(sd > 0)) return null;
  return Math.round(((value - target) / sd) * Z_DIGITS) / Z_DIGITS;
}

const beyond = (z: number | null, limit: number, side: 1 | -1) => z !== null && z * side > limit;
const onSide = (z: number | null, side: 1 | -1) => z !== null && z * side > 0;

/**
 * The last `count` observations all beyond `limit` on the same side (`limit` 0: on the same side of
 * the target); false when fewer than `count` observations are given.
 */
function streak(observations: readonly QcObservation[], count: number, limit: number): boolean {
  if (observations.length < count) return false;
  const last = observations.slice(-count);
  const test = limit === 0 ? onSide : (z: number | null, side: 1 | -1) => beyond(z, limit, side);
  return ([1, -1] as const).some((side) => last.every((o) => test(o.z, side)));
}

/** The rules a run breaks, per level of the run (a rule read across levels names every level in it). */
export type RunViolations = Map<number, WestgardRule[]>;

/**
 * The Westgard rules (of `rules`) the run `current` breaks, per level of the run, given the earlier
 * observations of the same analyzer, item and lot in time order (oldest first; within a run, by level).
 */
export function westgardViolations(
  current: readonly QcObservation[],
  earlier: readonly QcObservation[],
  rules: readonly WestgardRule[],
): RunViolations {
  const found: RunViolations = new Map(current.map((o) => [o.level, []]));
  const add = (rule: WestgardRule, levels: Iterable<number>) => {
    if (!rules.includes(rule)) return;
    for (const level of levels) {
      const list = found.get(level);
      if (list && !list.includes(rule)) list.push(rule);
    }
  };
  const sides = [1, -1] as const;
  const levelsOf = (test: (o: QcObservation) => boolean) => current.filter(test).map((o) => o.level);

  // 1-2s and 1-3s: one observation of the run
  add(
    '1-2s',
    levelsOf((o) => beyond(o.z, 2, 1) || beyond(o.z, 2, -1)),
  );
  add(
    '1-3s',
    levelsOf((o) => beyond(o.z, 3, 1) || beyond(o.z, 3, -1)),
  );

  for (const side of sides) {
    // 2-2s within the run, across levels
    const over = levelsOf((o) => beyond(o.z, 2, side));
    if (over.length >= 2) add('2-2s', over);
    // R-4s: within the run only (see the file's note)
    const under = levelsOf((o) => beyond(o.z, 2, -side as 1 | -1));
    if (over.length && under.length) add('R-4s', [...over, ...under]);
  }

  for (const o of current) {
    const level = earlier.filter((e) => e.level === o.level);
    const series = [...level, o];
    // 2-2s across runs within a level
    if (streak(series, 2, 2)) add('2-2s', [o.level]);
    if (streak(series, 4, 1)) add('4-1s', [o.level]);
    if (streak(series, 10, 0)) add('10x', [o.level]);
  }

  // 4-1s and 10x across levels: the analyzer's sequence ending with this run's observations
  const ordered = [...current].sort((a, b) => a.level - b.level);
  const sequence = [...earlier, ...ordered];
  const inWindow = (count: number) => {
    const first = sequence.length - count;
    return ordered.filter((_, index) => earlier.length + index >= first).map((o) => o.level);
  };
  if (streak(sequence, 4, 1)) add('4-1s', inWindow(4));
  if (streak(sequence, 10, 0)) add('10x', inWindow(10));

  for (const [level, list] of found) {
    found.set(
      level,
      [...list].sort((a, b) => rules.indexOf(a) - rules.indexOf(b)),
    );
  }
  return found;
}

/** A rule broken rejects the run unless it is a warning (1-2s). */
export function rejects(violations: readonly WestgardRule[]): boolean {
  return violations.some((rule) => !WARNING_RULES.includes(rule));
}

/** The lot's range for a level: the control solution's level range, else the strip lot's control range. */
export interface QcRange {
  low: number | null;
  high: number | null;
}

/** In range when within [low, high] (both ends included); null when the lot gives no range. */
export function inQcRange(value: number | null, range: QcRange): boolean | null {
  if (value === null) return null;
  if (range.low === null && range.high === null) return null;
  if (range.low !== null && value < range.low) return false;
  if (range.high !== null && value > range.high) return false;
  return true;
}

/** One level of a run to judge: the value entered and the lot's target, SD and range for the level. */
export interface QcLevelInput {
  level: number;
  value: number | null;
  target: number | null;
  sd: number | null;
  range: QcRange;
  /** what the tester or meter said; `fail` fails the level whatever the evaluation */
  enteredResult?: 'pass' | 'fail' | null;
}

export interface QcLevelEvaluation {
  level: number;
  z: number | null;
  inRange: boolean | null;
  violations: WestgardRule[];
  rejected: boolean;
  result: 'pass' | 'fail';
}

/**
 * Judges a run (one or more levels tested together): each level against the lot's range, the run
 * against the strategy's rules on the levels' targets and SDs. A level fails when out of range, when
 * a rejection rule names it, or when the tester said it failed.
 */
export function evaluateQcRun(
  levels: readonly QcLevelInput[],
  earlier: readonly QcObservation[],
  rules: readonly WestgardRule[],
): QcLevelEvaluation[] {
  const current = levels.map((l) => ({ level: l.level, z: zScore(l.value, l.target, l.sd) }));
  const violations = westgardViolations(current, earlier, rules);
  return levels.map((l, index) => {
    const broken = violations.get(l.level) ?? [];
    const inRange = inQcRange(l.value, l.range);
    const rejected = rejects(broken);
    const fail = inRange === false || rejected || l.enteredResult === 'fail';
    return {
      level: l.level,
      z: current[index]!.z,
      inRange,
      violations: broken,
      rejected,
      result: fail ? 'fail' : 'pass',
    };
  });
}
