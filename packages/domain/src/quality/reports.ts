import { z } from 'zod';
import { requiredText } from '../rules/common';
import { qcDepartment, qcItem, qcMonth, qcSn } from './statistics';

/**
 * QC monthly reports (spec §4 "QC monthly report", 质控月报): per analyzer and month,
 * not submitted → submitted → archived (verified and filed), or submitted → rejected (back to the
 * submitter with a reason) → submitted again. `notSubmitted` is the state without a row; a `rejected`
 * report counts as not submitted (it may be submitted again) and keeps its reason until then.
 */
export const QC_REPORT_STATES = ['notSubmitted', 'submitted', 'rejected', 'archived'] as const;
export type QcReportState = (typeof QC_REPORT_STATES)[number];
export const QC_REPORT_ACTIONS = ['submit', 'reject', 'archive'] as const;
export type QcReportAction = (typeof QC_REPORT_ACTIONS)[number];

/** The state an action leads to from `state`, or null when the action is not allowed there. */
export function qcReportTransition(state: QcReportState, action: QcReportAction): QcReportState | null {
  switch (action) {
    case 'submit':
      return state === 'notSubmitted' || state === 'rejected' ? 'submitted' : null;
    case 'reject':
      return state === 'submitted' ? 'rejected' : null;
    case 'archive':
      return state === 'submitted' ? 'archived' : null;
  }
}

/** The actions allowed in a state (the page shows these buttons). */
export function qcReportActions(state: QcReportState): QcReportAction[] {
  return QC_REPORT_ACTIONS.filter((action) => qcReportTransition(state, action) !== null);
}

/** A month may be reported once it has begun: the current month or an earlier one (YYYY-MM compare). */
export function qcMonthReportable(month: string, currentMonth: string): boolean {
  return month <= currentMonth;
}

export const QC_APPRAISAL_MAX = 2000;
export const QC_REJECT_REASON_MAX = 500;

const version = z.number({ error: 'qc.report.versionRequired' }).int().positive();

/** GET /v1/deviceQc/monthReport */
export const qcMonthReportQuerySchema = z.strictObject({
  month: qcMonth(),
  itemCategory: qcItem(),
  sn: qcSn(),
  departmentCode: qcDepartment(),
});
export type QcMonthReportQuery = z.infer<typeof qcMonthReportQuerySchema>;

/**
 * POST /v1/deviceQc/monthReport/submit: the analyzer, month and appraisal; `version` of the report row
 * when one exists (a rejected report submitted again), absent for a first submission.
 */
export const qcReportSubmitSchema = z.strictObject({
  analyzerId: z.number({ error: 'qc.analyzer.required' }).int().positive(),
  month: qcMonth(),
  itemCategory: qcItem(),
  appraisal: requiredText('qc.report.appraisalRequired').max(QC_APPRAISAL_MAX, {
    message: 'qc.report.appraisalLength',
  }),
  version: version.optional(),
});
export type QcReportSubmit = z.infer<typeof qcReportSubmitSchema>;

/** POST /v1/deviceQc/monthReport/reject */
export const qcReportRejectSchema = z.strictObject({
  id: z.number({ error: 'qc.report.required' }).int().positive(),
  version,
  reason: requiredText('qc.report.reasonRequired').max(QC_REJECT_REASON_MAX, {
    message: 'qc.report.reasonLength',
  }),
});
export type QcReportReject = z.infer<typeof qcReportRejectSchema>;

/** POST /v1/deviceQc/monthReport/archive */
export const qcReportArchiveSchema = z.strictObject({
  id: z.number({ error: 'qc.report.required' }).int().positive(),
  version,
});
export type QcReportArchive = z.infer<typeof qcReportArchiveSchema>;
