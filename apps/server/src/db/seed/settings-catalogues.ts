import type { DbOrTx } from '../client';

/** Demo catalogues settings (being written). */
export async function seedCatalogueSettings(_tx: DbOrTx, _tenantId: string): Promise<void> {}
