/**
 * Single-value settings of the hospital, system and password screens: key → { schema, fallback },
 * merged into SETTINGS in ./service.ts.
 */
export const SYSTEM_SETTINGS = {} as const;
