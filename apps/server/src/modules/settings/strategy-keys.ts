import {
  type AutoConsultationEntry,
  autoConsultationEntrySchema,
  baselineSchema,
  criticalLoopSchema,
  DEFAULT_AUTO_CONSULTATION,
  DEFAULT_BASELINE,
  DEFAULT_CRITICAL_LOOP,
  DEFAULT_MONITOR_STRATEGY,
  DEFAULT_PUMP_STRATEGY,
  DEFAULT_QC_STRATEGY,
  DEFAULT_REVIEW_CRITERIA,
  DEFAULT_SCREEN_STRATEGY,
  DEFAULT_SHIFT_SETTING,
  DEFAULT_TIR_BANDS,
  DEFAULT_VIRTUAL_WARD,
  MEAL_PERIODS,
  monitorStrategySchema,
  pumpStrategySchema,
  type QcStrategy,
  qcStrategySchema,
  type ReviewCriteria,
  reviewCriteriaSchema,
  screenStrategySchema,
  shiftSettingSchema,
  tirStrategySchema,
  virtualWardGluMinSchema,
  virtualWardHbA1cMinSchema,
} from '@glucocare/domain';
import { z } from 'zod';

/**
 * Single-value settings of the strategy screens (auto consultation, monitoring, screen, TIR, baseline,
 * virtual ward): key → { schema, fallback }, merged into SETTINGS in ./service.ts. Stored values pass
 * the same domain schemas as the request bodies, so a row can never hold what a POST would refuse.
 */
export const STRATEGY_SETTINGS = {
  /** all six triggers, in CONSULTATION_ITEMS order (a POST merges into it) */
  'strategy.autoConsultation': {
    schema: z.array(autoConsultationEntrySchema),
    fallback: DEFAULT_AUTO_CONSULTATION as AutoConsultationEntry[],
  },
  'strategy.monitor': { schema: monitorStrategySchema, fallback: DEFAULT_MONITOR_STRATEGY },
  'strategy.screen': { schema: screenStrategySchema, fallback: DEFAULT_SCREEN_STRATEGY },
  /** read it with readTirSetting: with nothing stored the periods are the tenant's enabled ones */
  'strategy.tir': {
    schema: tirStrategySchema,
    fallback: { ...DEFAULT_TIR_BANDS, periods: [...MEAL_PERIODS] as string[] },
  },
  'strategy.baseline': { schema: baselineSchema, fallback: DEFAULT_BASELINE },
  /** the critical-value loop: recheck intervals, escalation, handling target (domain critical/loop.ts) */
  'strategy.criticalLoop': { schema: criticalLoopSchema, fallback: DEFAULT_CRITICAL_LOOP },
  /** the nursing shifts of a day (domain hospital-settings/shifts.ts): the shift hand-over reads them */
  'strategy.shifts': { schema: shiftSettingSchema, fallback: DEFAULT_SHIFT_SETTING },
  /** insulin pump reminders (issue 16): tube change interval, low battery and low dose thresholds */
  'strategy.pump': { schema: pumpStrategySchema, fallback: DEFAULT_PUMP_STRATEGY },
  'virtualWard.autoJoin': { schema: z.boolean(), fallback: DEFAULT_VIRTUAL_WARD.autoJoin as boolean },
  'virtualWard.gluMinValue': {
    schema: virtualWardGluMinSchema.shape.value,
    fallback: DEFAULT_VIRTUAL_WARD.gluMinValue as number,
  },
  'virtualWard.hbA1cMinValue': {
    schema: virtualWardHbA1cMinSchema.shape.value,
    fallback: DEFAULT_VIRTUAL_WARD.hbA1cMinValue as number,
  },
  /** the department that runs the virtual ward (issue 18); null until a hospital chooses one */
  'virtualWard.managingDepartment': { schema: z.string().nullable(), fallback: null as string | null },
  /** the daily review worklist's criteria (issue 18, domain virtual-ward/settings.ts) */
  'virtualWard.reviewCriteria': {
    schema: reviewCriteriaSchema,
    fallback: DEFAULT_REVIEW_CRITERIA as ReviewCriteria,
  },
  /** the QC strategy (issue 19, domain quality/strategy.ts): Westgard rules, run schedule, lockout */
  'qc.strategy': { schema: qcStrategySchema, fallback: DEFAULT_QC_STRATEGY as QcStrategy },
} as const;
