import type { DbOrTx } from '../client';

/** Demo glucose, ketone and uric-acid readings of the demo inpatients. */
export async function seedMeasurements(_tx: DbOrTx, _tenantId: string): Promise<void> {}
