import type { DbOrTx } from '../client';

/** Demo periods settings (being written). */
export async function seedPeriodSettings(_tx: DbOrTx, _tenantId: string): Promise<void> {}
