import type { DbOrTx } from '../client';
import { seedCatalogueSettings } from './settings-catalogues';
import { seedCrisisSettings } from './settings-crisis';
import { seedPeriodSettings } from './settings-periods';

/** Demo hospital settings of a new tenant (first start only): periods first, the rules refer to them. */
export async function seedHospitalSettings(tx: DbOrTx, tenantId: string): Promise<void> {
  await seedPeriodSettings(tx, tenantId);
  await seedCatalogueSettings(tx, tenantId);
  await seedCrisisSettings(tx, tenantId);
}
