import { describe, expect, it } from 'vitest';
import {
  earliestToday,
  followupSchemaFor,
  type ReviewReading,
  reviewFindingsOf,
  reviewReasonsOf,
  worklistQuerySchema,
} from './review';
import { DEFAULT_REVIEW_CRITERIA, type ReviewCriteria } from './settings';

// Rushakoff et al. (Ann Intern Med 2017): ≥ 2 readings ≥ 12.5 mmol/L (225 mg/dL) or any < 3.9 mmol/L
// (70 mg/dL) in the past 24 h. Every expectation below is worked out by hand from these limits.
const NOW = new Date('2026-03-10T08:00:00Z');
const hoursAgo = (h: number) => new Date(NOW.getTime() - h * 3_600_000);
const mmol = (value: number, h: number, extra: Partial<ReviewReading> = {}): ReviewReading => ({
  value,
  enteredValue: value,
  enteredUnit: 'mmolL',
  testTime: hoursAgo(h),
  ...extra,
});
const mgdl = (entered: number, h: number): ReviewReading => ({
  value: entered / 18,
  enteredValue: entered,
  enteredUnit: 'mgDl',
  testTime: hoursAgo(h),
});
const C = DEFAULT_REVIEW_CRITERIA;

describe('reviewReasonsOf (Rushakoff 2017 criteria)', () => {
  it('lists nobody without readings', () => {
    expect(reviewReasonsOf([], C, NOW)).toEqual([]);
  });

  it('exactly 12.5 counts as ≥ 12.5: two of them put the patient on the list', () => {
    const reasons = reviewReasonsOf([mmol(12.5, 1), mmol(12.5, 2)], C, NOW);
    expect(reasons).toEqual([
      { kind: 'hyper', count: 2, extreme: { value: 12.5, enteredValue: 12.5, enteredUnit: 'mmolL' } },
    ]);
  });

  it('one high reading is not enough; 12.4 does not count', () => {
    expect(reviewReasonsOf([mmol(20, 1), mmol(12.4, 2), mmol(8, 3)], C, NOW)).toEqual([]);
    const findings = reviewFindingsOf([mmol(20, 1), mmol(12.4, 2)], C, NOW);
    expect(findings.hyperCount).toBe(1);
    expect(findings.highest?.value).toBe(20);
  });

  it('3.9 is not < 3.9; 3.8 is, and one is enough', () => {
    expect(reviewReasonsOf([mmol(3.9, 1)], C, NOW)).toEqual([]);
    expect(reviewReasonsOf([mmol(3.8, 1)], C, NOW)).toEqual([
      { kind: 'hypo', count: 1, extreme: { value: 3.8, enteredValue: 3.8, enteredUnit: 'mmolL' } },
    ]);
  });

  it('both reasons: hypo first, with the lowest and the highest', () => {
    const reasons = reviewReasonsOf(
      [mmol(15.2, 1), mmol(3.1, 2), mmol(2.7, 3), mmol(13, 4), mmol(18.9, 5)],
      C,
      NOW,
    );
    expect(reasons.map((r) => [r.kind, r.count, r.extreme.value])).toEqual([
      ['hypo', 2, 2.7],
      ['hyper', 3, 18.9],
    ]);
  });

  it('the window is [now − 24 h, now]: the boundary counts, a minute before and a future reading do not', () => {
    const atStart = mmol(3.5, 24);
    const justBefore = mmol(3.5, 24 + 1 / 60);
    const future = mmol(3.5, -0.5);
    expect(reviewReasonsOf([atStart], C, NOW)).toHaveLength(1);
    expect(reviewReasonsOf([justBefore, future], C, NOW)).toEqual([]);
    expect(reviewReasonsOf([mmol(14, 23.9), mmol(14, 24.1)], C, NOW)).toEqual([]);
  });

  it('untested and deleted readings do not count', () => {
    const untested: ReviewReading = {
      value: null,
      enteredValue: null,
      enteredUnit: null,
      testTime: hoursAgo(1),
    };
    const deleted = mmol(2.5, 1, { deletedAt: hoursAgo(0.5) });
    expect(reviewReasonsOf([untested, deleted, mmol(13, 2)], C, NOW)).toEqual([]);
  });

  it('mg/dL entries compare in mg/dL: 225 reaches 12.5 (225.0), 224 does not; 70 is not below 3.9 (70.2 → 70), 69 is', () => {
    // 12.5 mmol/L reads 225 on a mg/dL screen; 3.9 mmol/L reads 70 (70.2 rounded)
    expect(reviewFindingsOf([mgdl(225, 1), mgdl(224, 2)], C, NOW).hyperCount).toBe(1);
    expect(reviewReasonsOf([mgdl(225, 1), mgdl(226, 2)], C, NOW)).toEqual([
      { kind: 'hyper', count: 2, extreme: { value: 226 / 18, enteredValue: 226, enteredUnit: 'mgDl' } },
    ]);
    expect(reviewReasonsOf([mgdl(70, 1)], C, NOW)).toEqual([]);
    expect(reviewReasonsOf([mgdl(69, 1)], C, NOW).map((r) => r.kind)).toEqual(['hypo']);
  });

  it('follows the hospital criteria: 3 readings ≥ 15, < 4.0, 12 h', () => {
    const criteria: ReviewCriteria = { hyperValue: 15, hyperCount: 3, hypoValue: 4, windowHours: 12 };
    expect(reviewReasonsOf([mmol(15, 1), mmol(16, 2), mmol(14.9, 3)], criteria, NOW)).toEqual([]);
    expect(reviewReasonsOf([mmol(15, 1), mmol(16, 2), mmol(17, 11)], criteria, NOW)[0]?.count).toBe(3);
    expect(reviewReasonsOf([mmol(3.9, 11.9)], criteria, NOW)[0]?.kind).toBe('hypo');
    expect(reviewReasonsOf([mmol(3.9, 12.1)], criteria, NOW)).toEqual([]);
  });
});

describe('follow-up schema', () => {
  const schema = followupSchemaFor(() => NOW);
  const valid = { patientId: 5, assessment: 'Fasting high', suggestion: 'Raise basal by 2 IU' };

  it('accepts the minimum and defaults the kind to review', () => {
    expect(schema.parse(valid)).toMatchObject({ ...valid, kind: 'review' });
  });

  it('requires assessment and suggestion, 1-500 characters', () => {
    const issues = (body: object) =>
      schema.safeParse(body).error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];
    expect(issues({ patientId: 5 })).toEqual([
      ['assessment', 'virtualWard.followup.assessmentRequired'],
      ['suggestion', 'virtualWard.followup.suggestionRequired'],
    ]);
    expect(issues({ ...valid, assessment: 'x'.repeat(501) })).toEqual([
      ['assessment', 'virtualWard.followup.assessmentLength'],
    ]);
    expect(issues({ ...valid, suggestion: 'x'.repeat(500) })).toEqual([]);
    expect(issues({ ...valid, kind: 'email' })).toEqual([['kind', 'virtualWard.followup.kindInvalid']]);
  });

  it('the next review date is not before today (the earliest date on Earth at the call)', () => {
    // NOW 08:00 UTC: the earliest zone (UTC−12) is on 2026-03-09 20:00
    expect(earliestToday(NOW)).toBe('2026-03-09');
    expect(schema.safeParse({ ...valid, nextReviewDate: '2026-03-09' }).success).toBe(true);
    expect(schema.safeParse({ ...valid, nextReviewDate: '2026-03-08' }).error?.issues[0]?.message).toBe(
      'virtualWard.followup.nextDatePast',
    );
    expect(schema.safeParse({ ...valid, nextReviewDate: '2026-02-30' }).error?.issues[0]?.message).toBe(
      'virtualWard.followup.nextDateInvalid',
    );
  });

  it('reasons have the worklist shape', () => {
    const reasons = [
      { kind: 'hypo', count: 1, extreme: { value: 3.1, enteredValue: 3.1, enteredUnit: 'mmolL' } },
    ];
    expect(schema.safeParse({ ...valid, reasons }).success).toBe(true);
    expect(schema.safeParse({ ...valid, reasons: [{ kind: 'low' }] }).success).toBe(false);
  });
});

describe('worklist query', () => {
  it('reads the boolean filters', () => {
    expect(worklistQuerySchema.parse({ inVirtualWard: 'true', reviewed: 'false' })).toMatchObject({
      inVirtualWard: true,
      reviewed: false,
      page: 1,
      size: 20,
    });
    expect(worklistQuerySchema.safeParse({ reviewed: 'yes' }).success).toBe(false);
  });
});
