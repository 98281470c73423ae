import type { DbOrTx } from '../client';

/** Demo crisis settings (being written). */
export async function seedCrisisSettings(_tx: DbOrTx, _tenantId: string): Promise<void> {}
