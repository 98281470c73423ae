import { DEFAULT_AUTO_CONSULTATION } from '@glucocare/domain';
import type { DbOrTx } from '../client';
import { settings } from '../schema';
import { seedCatalogueSettings } from './settings-catalogues';
import { seedCrisisSettings } from './settings-crisis';
import { seedPeriodSettings } from './settings-periods';

/** Demo hospital settings of a new tenant (first start only): periods first, the rules refer to them. */
export async function seedHospitalSettings(tx: DbOrTx, tenantId: string): Promise<void> {
  await seedPeriodSettings(tx, tenantId);
  await seedCatalogueSettings(tx, tenantId);
  await seedCrisisSettings(tx, tenantId);
  if (tenantId === '101') await seedAutoConsultation(tx, tenantId);
}

const AUTO_ON = new Set(['fastingGlucose', 'postprandialGlucose', 'randomGlucose', 'ketone']);

/**
 * The demo hospital's auto-consultation triggers (issue 17): the glucose and ketone triggers at their
 * default thresholds with endocrinology consulting; uric acid and urea stay off.
 */
export const DEMO_AUTO_CONSULTATION = DEFAULT_AUTO_CONSULTATION.map((entry) =>
  AUTO_ON.has(entry.item) ? { ...entry, enabled: true, consultDepartmentCode: 'ENDO' } : entry,
);

/**
 * Auto consultation switched on in the first demo hospital, so a newcomer who enters a high reading for
 * a cardiology patient sees endocrinology's inbox fill. The second keeps the product's defaults (off),
 * as a hospital finds them.
 */
async function seedAutoConsultation(tx: DbOrTx, tenantId: string): Promise<void> {
  await tx.insert(settings).values([
    { tenantId, key: 'feature.autoConsultation', value: true },
    { tenantId, key: 'strategy.autoConsultation', value: DEMO_AUTO_CONSULTATION },
  ]);
}
