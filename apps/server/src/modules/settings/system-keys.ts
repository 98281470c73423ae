import {
  DEFAULT_PERIOD_SHOW_STRATEGY,
  FEATURE_SWITCHES,
  type FeatureKey,
  type HisSetting,
  PERIOD_SHOW_STRATEGIES,
} from '@glucocare/domain';
import { z } from 'zod';

/** Whether the runtime knows an IANA time zone name (e.g. Asia/Shanghai). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return name.length > 0;
  } catch {
    return false;
  }
}

type FeatureSettings = {
  [K in FeatureKey as `feature.${K}`]: { schema: z.ZodBoolean; fallback: boolean };
};

/** One setting per feature switch (`feature.<key>`), so each change is audited on its own. */
const FEATURE_SETTINGS = Object.fromEntries(
  FEATURE_SWITCHES.map((feature) => [
    `feature.${feature.key}`,
    { schema: z.boolean(), fallback: feature.defaultValue },
  ]),
) as FeatureSettings;

/**
 * Single-value settings of the hospital, system and password screens: key → { schema, fallback },
 * merged into SETTINGS in ./service.ts. (`password.policy` and `workMode.isOutside`, which sign-in
 * and the profile read, stay in service.ts.)
 */
export const SYSTEM_SETTINGS = {
  /** the HIS/LIS interface server and the HL7 service switch (not the HIS single sign-on: `his.sso`) */
  'his.interface': {
    schema: z.object({
      address: z.object({
        address: z.string().min(1).nullable(),
        port: z.number().int().min(1).max(65_535).nullable(),
      }),
      listenPort: z.number().int().min(1).max(65_535).nullish(),
      enable: z.boolean(),
    }),
    fallback: { address: { address: null, port: null }, enable: false } as HisSetting,
  },
  /** where exported and printed files are kept; null until an administrator sets it */
  'fileStorage.path': { schema: z.string().min(1).nullable(), fallback: null as string | null },
  /** the heading of printed reports; null means "the hospital's name" */
  'report.title': {
    schema: z.object({ title: z.string().min(1), subtitle: z.string().nullable() }).nullable(),
    fallback: null as { title: string; subtitle: string | null } | null,
  },
  /** the hospital's IANA time zone: "today", days of the glucose grid and period times are read in it */
  'hospital.timeZone': {
    schema: z.string().refine(isTimeZone, { message: 'settings.timeZone.invalid' }),
    fallback: 'Asia/Shanghai',
  },
  'display.showClockTime': { schema: z.boolean(), fallback: true },
  'display.periodShowStrategy': {
    schema: z.enum(PERIOD_SHOW_STRATEGIES),
    fallback: DEFAULT_PERIOD_SHOW_STRATEGY,
  },
  ...FEATURE_SETTINGS,
} as const;
