import { z } from 'zod';
import { RECORD_SCREENS } from '../constants';
import { limitsView, recordPeriodView, recordRangeView, trendAnalysisView } from './analysis';
import { insulinPivotView, linkedChartView } from './insulin';
import { readingView } from './measurements';
import { patientOrderView } from './patient-orders';
import { inpatientView } from './patients';

/** The printable record screens (`/v1/records/*`) and their share links (`/v1/recordLinks`). */

/** How the hospital shows an item. */
export const recordUnitView = z.object({
  item: z.string(),
  /** unit code: mmolL, mgDl, umolL */
  unit: z.string(),
  unitName: z.string(),
  precision: z.number(),
});
export type RecordUnitView = z.infer<typeof recordUnitView>;

/** The printed header of every record screen. */
export const recordHeaderView = z.object({
  hospitalName: z.string(),
  reportTitle: z.string(),
  reportSubtitle: z.string().nullable(),
  printedAt: z.string(),
  /** the hospital's time zone: days and times are shown in it */
  timeZone: z.string(),
  units: z.object({ GLU: recordUnitView, KET: recordUnitView, UA: recordUnitView }),
});
export type RecordHeaderView = z.infer<typeof recordHeaderView>;

/** The patient a record screen is about. */
export const recordPatientView = inpatientView.pick({
  id: true,
  name: true,
  gender: true,
  age: true,
  status: true,
  departmentCode: true,
  departmentName: true,
  bed: true,
  inpatientNumber: true,
  doctorCode: true,
  doctorName: true,
  admittedAt: true,
  dischargedAt: true,
  heightCm: true,
  weightKg: true,
});
export type RecordPatientView = z.infer<typeof recordPatientView>;

/** Counts and extremes of the readings a record screen shows. */
export const recordSummaryView = z.object({
  readings: z.number(),
  tested: z.number(),
  untested: z.number(),
  critical: z.number(),
  low: z.number(),
  high: z.number(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  mean: z.number().nullable(),
});
export type RecordSummaryView = z.infer<typeof recordSummaryView>;

/** Period code → the readings of a grid cell. */
export const recordCellsView = z.record(z.string(), z.array(readingView));
export type RecordCellsView = z.infer<typeof recordCellsView>;

/** A medical order as the printed glucose record lists it (issue 17). */
export const recordOrderView = patientOrderView.pick({
  id: true,
  name: true,
  classification: true,
  classificationName: true,
  adviceType: true,
  adviceTypeName: true,
  categoryName: true,
  contents: true,
  frequencyName: true,
  monitorPeriods: true,
  monitorPreset: true,
  monitorTimes: true,
  monitorEveryHours: true,
  beginDate: true,
  endDate: true,
  testTime: true,
  orderedBy: true,
  status: true,
  stoppedAt: true,
});
export type RecordOrderView = z.infer<typeof recordOrderView>;

/** The glucose or ketone record of one patient: day × period grid, notes, untested readings. */
export const periodRecordView = z.object({
  header: recordHeaderView,
  patient: recordPatientView,
  item: z.enum(['GLU', 'KET']),
  unit: z.string(),
  range: recordRangeView,
  periods: z.array(recordPeriodView),
  rows: z.array(
    z.object({
      date: z.string(),
      cells: recordCellsView,
      notes: z.array(z.object({ testTime: z.string(), periodName: z.string().nullable(), note: z.string() })),
    }),
  ),
  untested: z.array(readingView),
  summary: recordSummaryView,
  /**
   * the glucose record: the patient's insulin of the same days beside the glucose (day × insulin period,
   * daily totals; days earliest first) when the patient has insulin records in them, else null
   */
  insulin: insulinPivotView.nullable(),
  /**
   * the glucose record: the patient's medical orders in force at some time of the printed range (not
   * deleted; begun before its end, not stopped or ended before its start), in start order; null for ketone
   */
  orders: z.array(recordOrderView).nullable(),
});
export type PeriodRecordView = z.infer<typeof periodRecordView>;

/** The inspection record of one patient: uric acid and ketone by time with reference ranges. */
export const inspectionRecordView = z.object({
  header: recordHeaderView,
  patient: recordPatientView,
  range: recordRangeView,
  items: z.array(
    z.object({
      item: z.enum(['UA', 'KET']),
      unit: z.string(),
      reference: limitsView,
      summary: recordSummaryView,
    }),
  ),
  rows: z.array(readingView),
});
export type InspectionRecordView = z.infer<typeof inspectionRecordView>;

/** The printable glucose report of one patient: readings by period, target bands and the analysis. */
export const trendRecordView = z.object({
  header: recordHeaderView,
  patient: recordPatientView,
  range: recordRangeView,
  unit: z.string(),
  periods: z.array(recordPeriodView),
  band: z.object({ low: z.number().nullable(), high: z.number().nullable() }).nullable(),
  periodBands: z.array(limitsView.extend({ periodCode: z.string() })),
  readings: z.array(readingView),
  summary: recordSummaryView,
  /** the glucose report of the same readings, as `/v1/gluDataAnalysis/*` answers it */
  analysis: trendAnalysisView,
  /** the insulin of the same days (day × insulin period, daily totals; earliest first), null without any */
  insulin: insulinPivotView.nullable(),
  /**
   * the glucose–insulin linked chart of the report's last days (at most 31) when the patient has insulin
   * records or a pump, else null
   */
  linked: linkedChartView.nullable(),
});
export type TrendRecordView = z.infer<typeof trendRecordView>;

/** The printable glucose–insulin linked chart of one patient (`/record/linked`, issue 16). */
export const linkedRecordView = z.object({
  header: recordHeaderView,
  patient: recordPatientView,
  range: recordRangeView,
  chart: linkedChartView,
  /** the doses of the days (day × insulin period, daily totals; earliest first), null without any */
  insulin: insulinPivotView.nullable(),
});
export type LinkedRecordView = z.infer<typeof linkedRecordView>;

/** A patient row of the ward record. */
export const wardRowView = z.object({
  patientId: z.number(),
  bed: z.string().nullable(),
  name: z.string(),
  gender: z.string(),
  age: z.number().nullable(),
  inpatientNumber: z.string().nullable(),
  status: z.enum(['inHospital', 'discharged', 'outpatient']),
  inDepartment: z.boolean(),
  cells: recordCellsView,
  critical: z.number(),
  testers: z.array(z.string()),
});
export type WardRowView = z.infer<typeof wardRowView>;

/** The ward record: every patient of a department for one hospital day. */
export const wardRecordView = z.object({
  header: recordHeaderView,
  department: z.object({ code: z.string(), name: z.string() }),
  date: z.string(),
  unit: z.string(),
  periods: z.array(recordPeriodView),
  rows: z.array(wardRowView),
  summary: recordSummaryView.extend({ patients: z.number(), measured: z.number() }),
});
export type WardRecordView = z.infer<typeof wardRecordView>;

/** A signed link to a record screen. */
export const recordLinkView = z.object({
  screen: z.enum(RECORD_SCREENS),
  /** path and query of the screen (no origin) */
  url: z.string(),
  expiresAt: z.string(),
});
export type RecordLinkView = z.infer<typeof recordLinkView>;
