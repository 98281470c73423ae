import { z } from 'zod';
import { CLASSIFICATIONS, MEASUREMENT_ITEMS } from '../clinical/classification';
import { WINDOW_MARKS } from '../measurements/timing';
import { LOCK_REASONS } from '../quality/strategy';

/**
 * A measurement as every issue-5 endpoint answers it (patient tabs, data management, approval,
 * critical values, record screens). Names follow api-precedents (`testTime`, `periodName`,
 * `testValue`, `unit`, `testUser`, `determineType`). `testValue` is in the storage unit `unit`
 * (mmol/L for GLU and KET, µmol/L for UA); clients convert for display with the domain helpers.
 */
export const readingView = z.object({
  id: z.number(),
  patientId: z.number(),
  item: z.enum(MEASUREMENT_ITEMS),
  periodCode: z.string().nullable(),
  /** the period's name in the request language */
  periodName: z.string().nullable(),
  testTime: z.string(),
  testValue: z.number().nullable(),
  unit: z.string(),
  enteredValue: z.number().nullable(),
  /** mmolL, mgDl or umolL */
  enteredUnit: z.string().nullable(),
  untestedReason: z.string().nullable(),
  /** the reason's dictionary name in the request language */
  untestedReasonName: z.string().nullable(),
  untestedReasonText: z.string().nullable(),
  /** with the untested reason `refused`: the refusal reason code and its name in the request language */
  refusalReason: z.string().nullable(),
  refusalReasonName: z.string().nullable(),
  /** a reading without a value: why the measurement was not carried out (code, name in the request language) */
  rejectReason: z.string().nullable(),
  rejectReasonName: z.string().nullable(),
  note: z.string().nullable(),
  testUserId: z.number().nullable(),
  testUser: z.string().nullable(),
  source: z.enum(['manual', 'meter', 'his', 'hl7']),
  deviceSerial: z.string().nullable(),
  deviceRecordNo: z.string().nullable(),
  /** null without a value */
  determineType: z.enum(CLASSIFICATIONS).nullable(),
  grade: z.string().nullable(),
  color: z.string().nullable(),
  status: z.enum(['pending', 'approved']),
  approvedBy: z.string().nullable(),
  approvedAt: z.string().nullable(),
  departmentCode: z.string(),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** set on a deleted reading (lists with `includeDeleted`) */
  deletedAt: z.string().nullable(),
  deleteReason: z.string().nullable(),
  /**
   * issue 15, marked at write (domain measurements/timing.ts): the test time before (`early`, "out of
   * window") or after (`late`) its period's window and the hospital's slack, else null; the reason given
   */
  windowMark: z.enum(WINDOW_MARKS).nullable(),
  /** issue 19: held by the QC lockout of the meter that uploaded it (a LOCK_REASONS value), else null */
  qcHold: z.enum(LOCK_REASONS).nullable(),
  windowReason: z.string().nullable(),
  /** entered by hand more than the late-entry minutes after the test time */
  lateEntry: z.boolean(),
});
export type ReadingView = z.infer<typeof readingView>;

/** A period column of a patient's day × period grid. */
export const pivotPeriodView = z.object({
  code: z.string(),
  name: z.string(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
});
export type PivotPeriodView = z.infer<typeof pivotPeriodView>;

/** A patient's day × period grid of one item: per day, the readings of each period code. */
export const readingPivotView = z.object({
  periods: z.array(pivotPeriodView),
  rows: z.array(z.object({ date: z.string(), cells: z.record(z.string(), z.array(readingView)) })),
});
export type ReadingPivotView = z.infer<typeof readingPivotView>;

const codeName = z.object({ code: z.string(), name: z.string() });

/** A unit an item can be entered in. */
export const unitOptionView = z.object({
  code: z.string(),
  name: z.string(),
  precision: z.number(),
  /** the range a meter reports in this unit */
  min: z.number().nullable(),
  max: z.number().nullable(),
});
export type UnitOptionView = z.infer<typeof unitOptionView>;

/** What the entry form of a patient's readings needs, in one call. */
export const entryOptionsView = z.object({
  item: z.enum(MEASUREMENT_ITEMS),
  periods: z.array(codeName.extend({ startTime: z.string(), endTime: z.string() })),
  untestedReasons: z.array(codeName),
  refusalReasons: z.array(codeName),
  rejectReasons: z.array(codeName),
  testers: z.array(z.object({ id: z.number(), userName: z.string(), nickName: z.string() })),
  /** the hospital's display unit of the item (the form's default) and every unit the item takes */
  unit: unitOptionView,
  units: z.array(unitOptionView),
  timeZone: z.string(),
  admittedAt: z.string(),
  dischargedAt: z.string().nullable(),
  inHospital: z.boolean(),
  /** new readings wait for approval (`feature.recordApproval`) */
  recordApproval: z.boolean(),
  /** minutes a test time may lie outside its period's window without a reason (monitoring strategy) */
  windowSlackMinutes: z.number(),
});
export type EntryOptionsView = z.infer<typeof entryOptionsView>;

/** The outcome of a meter or HIS upload. */
export const uploadResultView = z.object({
  /** readings stored now */
  accepted: z.number(),
  /** records already received before (same device serial and record number): nothing added */
  duplicates: z.number(),
  rejected: z.array(
    z.object({
      index: z.number(),
      deviceRecordNo: z.string().nullable(),
      errors: z.array(z.object({ field: z.string(), message: z.string() })),
    }),
  ),
});
export type UploadResultView = z.infer<typeof uploadResultView>;
