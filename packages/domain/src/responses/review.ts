import { z } from 'zod';
import { MEASUREMENT_ITEMS } from '../clinical/classification';
import { APPROVE_SKIP_REASONS } from '../review/query';
import { pageOf } from './envelope';
import { readingView } from './measurements';

/** A reading with the patient it belongs to, as the approval and data-management lists show it. */
export const reviewRecordView = readingView.extend({
  patientName: z.string(),
  bed: z.string().nullable(),
  inpatientNumber: z.string().nullable(),
  departmentName: z.string().nullable(),
  doctorCode: z.string().nullable(),
  doctorName: z.string().nullable(),
});
export type ReviewRecordView = z.infer<typeof reviewRecordView>;

/** Pending readings of each item. */
export const pendingCountsView = z.record(z.enum(MEASUREMENT_ITEMS), z.number());
export type PendingCountsView = z.infer<typeof pendingCountsView>;

/** A page of pending readings with the pending count of each item. */
export const pendingPageView = pageOf(reviewRecordView).extend({ counts: pendingCountsView });
export type PendingPageView = z.infer<typeof pendingPageView>;

/** The outcome of approving selected readings. */
export const approveResultView = z.object({
  approved: z.number(),
  approvedIds: z.array(z.number()),
  skipped: z.array(z.object({ id: z.number(), reason: z.enum(APPROVE_SKIP_REASONS), message: z.string() })),
});
export type ApproveResultView = z.infer<typeof approveResultView>;

/** The outcome of approving every pending reading matching the filters (at most 5000 per call). */
export const approveAllResultView = z.object({
  approved: z.number(),
  /** pending readings still matching that an approval could take (held ones not counted) */
  remaining: z.number(),
  /** matching readings held by a QC lockout (issue 19), skipped until released */
  held: z.number(),
});
export type ApproveAllResultView = z.infer<typeof approveAllResultView>;

/** A period column of the data-management pivot. */
export const reviewPivotPeriodView = z.object({ code: z.string(), name: z.string() });
export type ReviewPivotPeriodView = z.infer<typeof reviewPivotPeriodView>;

/** A row patient × day of the data-management pivot. */
export const reviewPivotRowView = z.object({
  patientId: z.number(),
  /** YYYY-MM-DD in the hospital's time zone */
  date: z.string(),
  patientName: z.string(),
  bed: z.string().nullable(),
  inpatientNumber: z.string().nullable(),
  departmentName: z.string().nullable(),
  doctorName: z.string().nullable(),
  /** period code (or "-" for readings without one) → the readings of the cell, earliest first */
  cells: z.record(z.string(), z.array(reviewRecordView)),
});
export type ReviewPivotRowView = z.infer<typeof reviewPivotRowView>;

/** A page of the pivot with its periods header. */
export const reviewPivotPageView = pageOf(reviewPivotRowView).extend({
  periods: z.array(reviewPivotPeriodView),
});
export type ReviewPivotPageView = z.infer<typeof reviewPivotPageView>;

/** Every reading of a data-management query, for the Excel export. */
export const reviewExportView = z.object({ records: z.array(reviewRecordView), total: z.number() });
export type ReviewExportView = z.infer<typeof reviewExportView>;
