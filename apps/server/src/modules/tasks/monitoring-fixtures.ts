/**
 * Test data of the monitoring-order task tests (API, browser, bench): monitoring orders written straight
 * to `patient_orders` (the orders API lives in modules/orders), announced on the live topic `orders` as
 * the orders API does. Not used by the running server.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { patientOrders, patients } from '../../db/schema';
import { publishLive } from '../live/publish';

export interface MonitoringOrderFixture {
  item?: 'GLU' | 'KET' | 'UA';
  orderType?: '24h' | 'longTerm' | 'temporary';
  periods?: string[] | null;
  times?: string[] | null;
  testTime?: Date | null;
  beginAt: Date;
  endAt?: Date | null;
  name?: string;
}

/** Every 2 hours on the hospital clock: 00:00, 02:00 … 22:00. */
export const EVERY_2_HOURS = Array.from({ length: 12 }, (_, i) => `${String(i * 2).padStart(2, '0')}:00`);

async function announce(db: DbOrTx, tenantId: string, patientId: number): Promise<void> {
  const [patient] = await db
    .select({ departmentCode: patients.departmentCode })
    .from(patients)
    .where(and(eq(patients.tenantId, tenantId), eq(patients.id, patientId)));
  if (patient) {
    await publishLive(db, tenantId, [{ topic: 'orders', departmentCode: patient.departmentCode, patientId }]);
  }
}

/** An active monitoring order of a patient (in the patient's department); returns its id. */
export async function addMonitoringOrder(
  db: DbOrTx,
  tenantId: string,
  patientId: number,
  fixture: MonitoringOrderFixture,
): Promise<number> {
  const item = fixture.item ?? 'GLU';
  const [row] = await db
    .insert(patientOrders)
    .values({
      tenantId,
      patientId,
      departmentCode: sql`(select department_code from patients where tenant_id = ${tenantId} and id = ${patientId})`,
      name: fixture.name ?? `${item} monitoring`,
      classification: 'monitoring',
      orderType: fixture.orderType ?? (fixture.testTime ? 'temporary' : 'longTerm'),
      category: item,
      contents: ['monitoring'],
      monitorPeriods: fixture.periods ?? null,
      monitorTimes: fixture.times ?? null,
      beginAt: fixture.beginAt,
      endAt: fixture.endAt ?? null,
      testTime: fixture.testTime ?? null,
      orderedBy: 1,
      orderedByName: 'fixture',
    })
    .returning({ id: patientOrders.id });
  await announce(db, tenantId, patientId);
  return row!.id;
}

/** Stops an order at `at`. */
export async function stopMonitoringOrder(db: DbOrTx, tenantId: string, orderId: number, at: Date) {
  const [row] = await db
    .update(patientOrders)
    .set({ status: 'stopped', stoppedAt: at, stoppedBy: 1, stoppedByName: 'fixture', stopReason: 'fixture' })
    .where(and(eq(patientOrders.tenantId, tenantId), eq(patientOrders.id, orderId)))
    .returning({ patientId: patientOrders.patientId });
  if (row) await announce(db, tenantId, row.patientId);
}

/** Deletes an order (entered in error). */
export async function deleteMonitoringOrder(db: DbOrTx, tenantId: string, orderId: number) {
  const [row] = await db
    .update(patientOrders)
    .set({ deletedAt: new Date(), deletedBy: 1, deleteReason: 'fixture' })
    .where(and(eq(patientOrders.tenantId, tenantId), eq(patientOrders.id, orderId)))
    .returning({ patientId: patientOrders.patientId });
  if (row) await announce(db, tenantId, row.patientId);
}
