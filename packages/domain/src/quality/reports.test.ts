import { describe, expect, it } from 'vitest';
import {
  qcMonthReportable,
  qcReportActions,
  qcReportRejectSchema,
  qcReportSubmitSchema,
  qcReportTransition,
} from './reports';

describe('QC monthly report transitions (spec §4)', () => {
  it('submits from not submitted or rejected, rejects and archives only a submitted one', () => {
    expect(qcReportTransition('notSubmitted', 'submit')).toBe('submitted');
    expect(qcReportTransition('rejected', 'submit')).toBe('submitted');
    expect(qcReportTransition('submitted', 'submit')).toBeNull();
    expect(qcReportTransition('archived', 'submit')).toBeNull();
    expect(qcReportTransition('submitted', 'reject')).toBe('rejected');
    expect(qcReportTransition('submitted', 'archive')).toBe('archived');
    for (const state of ['notSubmitted', 'rejected', 'archived'] as const) {
      expect(qcReportTransition(state, 'reject')).toBeNull();
      expect(qcReportTransition(state, 'archive')).toBeNull();
    }
    expect(qcReportActions('submitted')).toEqual(['reject', 'archive']);
    expect(qcReportActions('archived')).toEqual([]);
    expect(qcReportActions('rejected')).toEqual(['submit']);
  });
  it('reports only a month that has begun', () => {
    expect(qcMonthReportable('2026-10', '2026-11')).toBe(true);
    expect(qcMonthReportable('2026-11', '2026-11')).toBe(true);
    expect(qcMonthReportable('2026-12', '2026-11')).toBe(false);
    expect(qcMonthReportable('2025-12', '2026-01')).toBe(true);
  });
  it('asks for the appraisal and the reason', () => {
    const submit = qcReportSubmitSchema.safeParse({ analyzerId: 1, month: '2026-10', appraisal: '  ' });
    expect(submit.error?.issues.map((issue) => issue.message)).toEqual(['qc.report.appraisalRequired']);
    const reject = qcReportRejectSchema.safeParse({ id: 1, version: 1, reason: '' });
    expect(reject.error?.issues.map((issue) => issue.message)).toEqual(['qc.report.reasonRequired']);
  });
});
