/**
 * Single-value settings of the strategy screens (auto consultation, monitoring, screen, TIR, baseline,
 * virtual ward): key → { schema, fallback }, merged into SETTINGS in ./service.ts.
 */
export const STRATEGY_SETTINGS = {} as const;
