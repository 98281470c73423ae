/** The wall screens' layouts and panels (no imports: the settings' screen strategy names the panels). */

/**
 * The big screen's four layouts (spec §1 routes `/bigcharts`, `/bigcharts/screen`, `/bigcharts/yy`,
 * `/bigcharts/old`); docs/api.md "Wall screens" says what distinguishes them.
 * - `hospital` (/bigcharts): the whole hospital (the link's wards) at once, every panel, 1920×1080;
 * - `wards` (/bigcharts/screen): one ward group, ward by ward (rotating), for a corridor of several wards;
 * - `operations` (/bigcharts/yy, 运营): the week's and the month's analysis for the management office;
 * - `compact` (/bigcharts/old): the older compact layout, four large panels for 1366×768 and 720p TVs.
 */
export const SCREEN_VARIANTS = ['hospital', 'wards', 'operations', 'compact'] as const;
export type ScreenVariant = (typeof SCREEN_VARIANTS)[number];
export const SCREEN_VARIANT_PATHS: Record<ScreenVariant, string> = {
  hospital: '/bigcharts',
  wards: '/bigcharts/screen',
  operations: '/bigcharts/yy',
  compact: '/bigcharts/old',
};

/** The big screen's panels (spec §2 "Hospital big screen"); the screen strategy says which are shown. */
export const SCREEN_PANELS = [
  /** today's overview: patients measured, readings, normal/abnormal/critical */
  'overview',
  /** statistic analysis: today's readings per hour by class */
  'statistics',
  /** department summary: each ward's readings and rates today */
  'departments',
  /** recent measurements (personMonitor) */
  'recent',
  /** critical values (crisisLowRecords) */
  'critical',
  /** the wards with the most high and the most low readings today */
  'highLow',
  /** today's patients by the band of their latest glucose (todayPatientDistribution) */
  'distribution',
  /** abnormal detail: today's patients with high or low readings */
  'abnormal',
  /** the last seven days */
  'weekly',
] as const;
export type ScreenPanel = (typeof SCREEN_PANELS)[number];

/** The bands of today's patient distribution (mmol/L, by the latest glucose of the day). */
export const DISTRIBUTION_BANDS = ['below3_9', 'from3_9to10', 'from10to13_9', 'from13_9'] as const;
export type DistributionBand = (typeof DISTRIBUTION_BANDS)[number];
