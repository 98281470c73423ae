import { z } from 'zod';
import { MEASUREMENT_ITEMS } from '../clinical/classification';
import { CONSULTATION_ITEMS } from '../hospital-settings/strategy';
import { DISPLAY_ITEMS, FEATURE_KEYS, PERIOD_SHOW_STRATEGIES } from '../hospital-settings/system';
import { SCREEN_PANELS } from '../monitor/panels';

/** Hospital, system and strategy settings (docs/api.md "Hospital settings", "Strategy settings"). */

/** The HIS/LIS interface server and the HL7 service switch. */
export const hisSettingView = z.object({
  address: z.object({ address: z.string().nullable(), port: z.number().nullable() }),
  /** the HL7 listener's port (issue 21); null: no inbound listener */
  listenPort: z.number().nullable().optional(),
  enable: z.boolean(),
});
export type HisSettingView = z.infer<typeof hisSettingView>;

/** Where exported and printed files are kept. */
export const fileStorageView = z.object({
  /** null until an administrator sets it */
  path: z.string().nullable(),
});
export type FileStorageView = z.infer<typeof fileStorageView>;

/** The heading of printed reports. */
export const reportTitleView = z.object({
  title: z.string(),
  subtitle: z.string().nullable(),
  /** true while no title was set: `title` is then the hospital's name in the request language */
  isDefault: z.boolean(),
});
export type ReportTitleView = z.infer<typeof reportTitleView>;

/** How the day × period glucose grid shows periods. */
export const periodShowStrategyView = z.enum(PERIOD_SHOW_STRATEGIES);

/** A feature switch with its name and description in the request language. */
export const featureSwitchView = z.object({
  key: z.enum(FEATURE_KEYS),
  value: z.boolean(),
  defaultValue: z.boolean(),
  name: z.string(),
  description: z.string(),
});
export type FeatureSwitchView = z.infer<typeof featureSwitchView>;

/** A unit an item can be shown in, with its decimals. */
export const supportedUnitView = z.object({ code: z.string(), name: z.string(), precision: z.number() });
export type SupportedUnitView = z.infer<typeof supportedUnitView>;

/** The unit an item is shown in, with its decimals. */
export const itemDisplayView = z.object({
  item: z.enum(DISPLAY_ITEMS),
  unit: z.string(),
  unitName: z.string(),
  precision: z.number(),
});
export type ItemDisplayView = z.infer<typeof itemDisplayView>;

/** Shortest and longest password. */
export const passwordLengthView = z.object({
  minLength: z.number(),
  maxLength: z.number(),
  /** administrators never go below this (the larger of 12 and the minimum) */
  adminMinLength: z.number(),
});
export type PasswordLengthView = z.infer<typeof passwordLengthView>;

/** An auto consultation trigger. */
export const consultationEntryView = z.object({
  item: z.enum(CONSULTATION_ITEMS),
  enabled: z.boolean(),
  minValue: z.number().nullable(),
  maxValue: z.number().nullable(),
  consultDepartmentCode: z.string().nullable(),
});
export type ConsultationEntryView = z.infer<typeof consultationEntryView>;

/**
 * Default periods of a new inpatient, due-soon and overdue minutes of today's tasks, the slack of a
 * reading's period window and the minutes from which an entry is late.
 */
export const monitorStrategyView = z.object({
  defaultPeriods: z.array(z.string()),
  dueSoonMinutes: z.number(),
  overdueMinutes: z.number(),
  windowSlackMinutes: z.number(),
  lateEntryMinutes: z.number(),
});
export type MonitorStrategyView = z.infer<typeof monitorStrategyView>;

/** Wall-screen strategy. */
export const screenStrategyView = z.object({
  refreshSeconds: z.number(),
  maskPatientNames: z.boolean(),
  departmentCodes: z.array(z.string()),
  items: z.array(z.enum(MEASUREMENT_ITEMS)),
  recentHours: z.number(),
  /** issue 20: the big screen's panels, their rotation and the title (settings saved before: defaults) */
  panels: z.array(z.enum(SCREEN_PANELS)),
  rotateSeconds: z.number(),
  title: z.string().nullable(),
});
export type ScreenStrategyView = z.infer<typeof screenStrategyView>;

/** TIR bands (mmol/L) and included periods. */
export const tirSettingView = z.object({
  veryLow: z.number(),
  low: z.number(),
  high: z.number(),
  veryHigh: z.number(),
  periods: z.array(z.string()),
});
export type TirSettingView = z.infer<typeof tirSettingView>;

/** Baseline of the virtual ward's before/after statistics. */
export const baselineSettingView = z.object({ days: z.number(), periods: z.array(z.string()) });
export type BaselineSettingView = z.infer<typeof baselineSettingView>;
