import { z } from 'zod';
import { CLASSIFICATIONS, MEASUREMENT_ITEMS } from '../clinical/classification';
import { SCREEN_LINK_STATUSES } from '../monitor';
import { DISTRIBUTION_BANDS, SCREEN_PANELS, SCREEN_VARIANTS } from '../monitor/panels';

/**
 * Wall screens and the ward dashboard (issue 20). Values are storage values (mmol/L for glucose and
 * ketone, µmol/L for uric acid) with the entered value and unit beside them; the screens format them
 * for display with the domain's conversions in the hospital's display unit.
 */

/** Readings of a day or an hour by class (glucose readings with a value). */
export const classCountsView = z.object({
  tests: z.number(),
  normal: z.number(),
  low: z.number(),
  high: z.number(),
  criticalLow: z.number(),
  criticalHigh: z.number(),
});
export type ClassCounts = z.infer<typeof classCountsView>;

/** A reading as a screen lists it; `name` is masked on wall screens (domain `maskedName`). */
export const screenReadingView = z.object({
  id: z.number(),
  patientId: z.number(),
  name: z.string(),
  bed: z.string().nullable(),
  departmentCode: z.string(),
  departmentName: z.string(),
  item: z.enum(MEASUREMENT_ITEMS),
  value: z.number(),
  enteredValue: z.number().nullable(),
  enteredUnit: z.string().nullable(),
  testTime: z.string(),
  classification: z.enum(CLASSIFICATIONS).nullable(),
  color: z.string().nullable(),
  periodName: z.string().nullable(),
});
export type ScreenReading = z.infer<typeof screenReadingView>;

/** A critical value as a screen lists it: the reading and where its loop stands. */
export const screenCriticalView = screenReadingView.extend({
  criticalId: z.number(),
  /** open (nobody handled it yet), acknowledged by a doctor, handled, or waiting for its recheck */
  state: z.enum(['open', 'acknowledged', 'handled', 'awaitingRecheck']),
});
export type ScreenCritical = z.infer<typeof screenCriticalView>;

/** One ward's day. */
export const wardSummaryView = classCountsView.extend({
  departmentCode: z.string(),
  departmentName: z.string(),
  inHospital: z.number(),
  /** patients with at least one glucose reading today */
  measuredPatients: z.number(),
  /** (low + criticalLow + high + criticalHigh) / tests; null without tests */
  abnormalRate: z.number().nullable(),
  criticalRate: z.number().nullable(),
});
export type WardSummary = z.infer<typeof wardSummaryView>;

/** How the screen looks (the screen strategy, resolved for the link). */
export const screenConfigView = z.object({
  title: z.string(),
  hospitalName: z.string(),
  variant: z.enum(SCREEN_VARIANTS),
  panels: z.array(z.enum(SCREEN_PANELS)),
  refreshSeconds: z.number(),
  rotateSeconds: z.number(),
  recentHours: z.number(),
  maskPatientNames: z.boolean(),
  items: z.array(z.enum(MEASUREMENT_ITEMS)),
  /** the display unit code of glucose ('mmol' or 'mgdl' as the hospital's units say) */
  glucoseUnit: z.string(),
  timeZone: z.string(),
  /** the wards the link shows, in ward order */
  departments: z.array(z.object({ code: z.string(), name: z.string() })),
  /** when the link stops working (ISO instant) */
  validUntil: z.string(),
});
export type ScreenConfig = z.infer<typeof screenConfigView>;

/**
 * `GET /v1/monitor/` (wall screen, link only): the hospital's (the link's wards') day and week.
 * `trend`: today's readings per hour (0-23, hospital clock); `weeklySummary`: the last seven days,
 * oldest first, `day` YYYY-MM-DD.
 */
export const monitorOverviewView = z.object({
  config: screenConfigView,
  /** the instant the figures were read (server clock) */
  at: z.string(),
  day: z.string(),
  inHospital: z.number(),
  admittedToday: z.number(),
  measurePersonCount: z.number(),
  measureCount: z.number(),
  todaySummary: classCountsView.extend({
    abnormalRate: z.number().nullable(),
    criticalRate: z.number().nullable(),
  }),
  weeklySummary: z.array(classCountsView.extend({ day: z.string(), measuredPatients: z.number() })),
  todayDepartmentSummary: z.array(wardSummaryView),
  trend: z.array(classCountsView.extend({ hour: z.number() })),
});
export type MonitorOverview = z.infer<typeof monitorOverviewView>;

/** `GET /v1/monitor/personMonitor`: the latest readings within the strategy's recent hours (newest first). */
export const personMonitorView = z.object({ at: z.string(), records: z.array(screenReadingView) });
export type PersonMonitor = z.infer<typeof personMonitorView>;

/** `GET /v1/monitor/crisisLowRecords`: critical values within the recent hours (newest first). */
export const crisisRecordsView = z.object({ at: z.string(), records: z.array(screenCriticalView) });
export type CrisisRecords = z.infer<typeof crisisRecordsView>;

/**
 * `GET /v1/monitor/todayPatientDistribution`: today's measured patients by the band of their latest
 * glucose, the wards with the most high and low readings, and the abnormal detail (patients with a
 * high or low reading today, most extreme first).
 */
export const patientDistributionView = z.object({
  at: z.string(),
  bands: z.array(z.object({ band: z.enum(DISTRIBUTION_BANDS), patients: z.number() })),
  highDepartments: z.array(
    z.object({ departmentCode: z.string(), departmentName: z.string(), count: z.number() }),
  ),
  lowDepartments: z.array(
    z.object({ departmentCode: z.string(), departmentName: z.string(), count: z.number() }),
  ),
  abnormal: z.array(
    screenReadingView.extend({
      /** today's high (incl. critical) and low (incl. critical) readings of the patient */
      highCount: z.number(),
      lowCount: z.number(),
    }),
  ),
});
export type PatientDistribution = z.infer<typeof patientDistributionView>;

/** A bed of the ward dashboard: the patient's "now" from the derived rows. */
export const dashboardBedView = z.object({
  patientId: z.number(),
  name: z.string(),
  bed: z.string().nullable(),
  departmentCode: z.string(),
  admittedToday: z.boolean(),
  latest: z.object({
    GLU: screenReadingView.nullable(),
    KET: screenReadingView.nullable(),
    UA: screenReadingView.nullable(),
  }),
  /** today's glucose readings (with a value) */
  testsToday: z.number(),
  openCritical: z.number(),
  awaitingRecheck: z.number(),
});
export type DashboardBed = z.infer<typeof dashboardBedView>;

/**
 * `GET /v1/monitor/ward?departmentCode=` (session; the user's scope): the ward-wide dashboard (spec §2):
 * in hospital, newly admitted, managed today, measurements today, abnormal and critical ratios, recent
 * tests and recent critical values, and each bed's now. Without `departmentCode`: every ward of the scope.
 */
export const wardDashboardView = z.object({
  at: z.string(),
  day: z.string(),
  departments: z.array(z.object({ code: z.string(), name: z.string() })),
  inHospital: z.number(),
  admittedToday: z.number(),
  /** in-hospital patients with at least one reading (any item) today */
  managedToday: z.number(),
  /** readings (any item, with a value) taken today */
  measurementsToday: z.number(),
  glucoseToday: classCountsView,
  abnormalRate: z.number().nullable(),
  criticalRate: z.number().nullable(),
  recentTests: z.array(screenReadingView),
  recentCriticals: z.array(screenCriticalView),
  beds: z.array(dashboardBedView),
});
export type WardDashboard = z.infer<typeof wardDashboardView>;

/** A screen link as the administrators' list shows it (the token only once, when created). */
export const screenLinkView = z.object({
  id: z.number(),
  name: z.string(),
  wholeHospital: z.boolean(),
  departments: z.array(z.object({ code: z.string(), name: z.string() })),
  variant: z.enum(SCREEN_VARIANTS),
  validUntil: z.string(),
  status: z.enum(SCREEN_LINK_STATUSES),
  createdAt: z.string(),
  createdByName: z.string().nullable(),
  revokedAt: z.string().nullable(),
  revokedByName: z.string().nullable(),
  /** why it was revoked (added with the links API; absent in older answers) */
  revokedReason: z.string().nullable().optional(),
  lastUsedAt: z.string().nullable(),
  lastUsedAddress: z.string().nullable(),
  useCount: z.number(),
  version: z.number(),
});
export type ScreenLink = z.infer<typeof screenLinkView>;

/** `POST /v1/monitor/links`: the new link and its URL path with the token (shown once). */
export const screenLinkCreatedView = z.object({ link: screenLinkView, token: z.string(), url: z.string() });
export type ScreenLinkCreated = z.infer<typeof screenLinkCreatedView>;

/**
 * `GET /v1/monitor/links/{id}/uses`: the link's use trail, newest hour first — one row per client
 * address and hour with the number of calls and the first and last of them (a wall calls every few
 * seconds; docs/api.md "Wall screens").
 */
export const screenLinkUseView = z.object({
  hour: z.string(),
  address: z.string(),
  userAgent: z.string().nullable(),
  calls: z.number(),
  firstAt: z.string(),
  lastAt: z.string(),
});
export type ScreenLinkUse = z.infer<typeof screenLinkUseView>;

/**
 * `GET /v1/monitor/events` (wall screen, link only): what the wall hears — the topic, the wards and the
 * write's time, never patient ids (a corridor screen reads the figures again through the wall calls).
 */
export const screenStreamAnswer = {
  description:
    'text/event-stream: `ready` once subscribed, then one event per change of the link’s wards named by ' +
    'its topic (readings, critical, patients) with JSON data {topic, departments, at}; `session-ended` ' +
    'when the link is revoked or expires; a comment line every 15 s.',
  content: { 'text/event-stream': { schema: z.string().describe('Server-Sent Events') } },
};
export const screenStreamMessageView = z.object({
  topic: z.string(),
  departments: z.array(z.string()),
  at: z.number(),
});
export type ScreenStreamMessage = z.infer<typeof screenStreamMessageView>;
