import type { DbOrTx } from '../client';
import { analyzerLoans } from '../schema';
import { DEMO_SPARE_ANALYZERS, demoAnalyzerId } from './quality';

const DAY = 24 * 60 * 60 * 1000;
const isoDay = (at: number) => new Date(at).toISOString().slice(0, 10);

/** The spare lent now (to cardiology, since 3 days, back in 4) and the one in store. */
export const DEMO_LENT_SPARE = DEMO_SPARE_ANALYZERS[0].sn;
export const DEMO_STORED_SPARE = DEMO_SPARE_ANALYZERS[1].sn;

/**
 * Lending of the demo spare meters (issue 19), tenant 101: the first spare lent to cardiology now (not
 * returned), and a history of four returned loans of both spares over the last months, one of them
 * returned damaged.
 */
export async function seedQualityLoans(tx: DbOrTx, tenantId: string): Promise<void> {
  if (tenantId !== '101') return;
  const now = Date.now();
  const lent = await demoAnalyzerId(tx, tenantId, DEMO_LENT_SPARE);
  const stored = await demoAnalyzerId(tx, tenantId, DEMO_STORED_SPARE);
  const day = (daysAgo: number) => isoDay(now - daysAgo * DAY);
  const returned = (
    analyzerId: number,
    borrowerName: string,
    departmentCode: string,
    lentAgo: number,
    backAgo: number,
    returnState: 'intact' | 'damaged',
    note: string,
    returnNote: string | null = null,
  ) => ({
    tenantId,
    analyzerId,
    borrowerName,
    departmentCode,
    lentOn: day(lentAgo),
    expectedReturnOn: day(lentAgo - 7),
    returnedOn: day(backAgo),
    returnState,
    note,
    returnNote,
    lentByName: 'admin',
    returnedByName: 'admin',
  });
  await tx.insert(analyzerLoans).values([
    returned(lent, 'Li Na', 'ICU', 120, 112, 'intact', 'ICU meter sent for repair'),
    returned(stored, 'Zhang Wei', 'GSURG', 95, 90, 'intact', 'Second meter for the busy season'),
    returned(lent, 'Wang Fang', 'NEPH', 60, 51, 'damaged', 'NEPH meter battery failure', 'Screen cracked'),
    returned(stored, 'Chen Jie', 'CARD', 30, 26, 'intact', 'Annual calibration of the CARD meter'),
    {
      tenantId,
      analyzerId: lent,
      borrowerName: 'Zhao Min',
      departmentCode: 'CARD',
      lentOn: day(3),
      expectedReturnOn: day(-4),
      note: 'CARD meter GM2026C0001 failed QC; waiting for service',
      lentByName: 'admin',
    },
  ]);
}
