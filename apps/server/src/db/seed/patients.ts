import type { DbOrTx } from '../client';

/** Demo inpatients (and HIS patients to look up) of a demo tenant. */
export async function seedPatients(_tx: DbOrTx, _tenantId: string): Promise<void> {}
