/**
 * Test data of the pump reminder tests (API and browser): a manufacturer, a pump with its last reports,
 * an open binding and tube changes written straight to the tables (the binding API lives in
 * modules/pumps). Not used by the running server.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { insulinPumps, pumpBindings, pumpManufacturers, pumpTubeChanges } from '../../db/schema';

export interface BoundPumpFixture {
  /** unique per tenant */
  serialNumber: string;
  departmentCode: string;
  patientId: number;
  upAt: Date;
  battery?: number | null;
  dose?: number | null;
  reportedAt?: Date | null;
  /** tube changes of the binding */
  tubeChanges?: Date[];
}

/** A pump bound to a patient (open binding); returns the pump's and the binding's ids. */
export async function addBoundPump(
  db: DbOrTx,
  tenantId: string,
  fixture: BoundPumpFixture,
): Promise<{ pumpId: number; bindingId: number }> {
  const [maker] = await db
    .insert(pumpManufacturers)
    .values({ tenantId, code: `FX-${fixture.serialNumber}`, nameEn: 'Fixture pumps', nameZh: '测试泵厂家' })
    .returning({ id: pumpManufacturers.id });
  const reportedAt =
    fixture.reportedAt ?? (fixture.battery != null || fixture.dose != null ? fixture.upAt : null);
  const [pump] = await db
    .insert(insulinPumps)
    .values({
      tenantId,
      serialNumber: fixture.serialNumber,
      manufacturerId: maker!.id,
      departmentCode: fixture.departmentCode,
      batteryPercent: fixture.battery ?? null,
      batteryReportedAt: fixture.battery != null ? reportedAt : null,
      remainingDose: fixture.dose ?? null,
      doseReportedAt: fixture.dose != null ? reportedAt : null,
    })
    .returning({ id: insulinPumps.id });
  const [executor] = (
    await db.execute<{ id: string; nick_name: string }>(
      sql`select id, nick_name from users where tenant_id = ${tenantId} order by id limit 1`,
    )
  ).rows;
  const [binding] = await db
    .insert(pumpBindings)
    .values({
      tenantId,
      pumpId: pump!.id,
      patientId: fixture.patientId,
      departmentCode: fixture.departmentCode,
      upAt: fixture.upAt,
      executorId: Number(executor!.id),
      executorName: executor!.nick_name,
    })
    .returning({ id: pumpBindings.id });
  for (const changedAt of fixture.tubeChanges ?? []) {
    await addTubeChange(db, tenantId, binding!.id, changedAt);
  }
  return { pumpId: pump!.id, bindingId: binding!.id };
}

/** A tube change of a binding, executed by the tenant's first user. */
export async function addTubeChange(db: DbOrTx, tenantId: string, bindingId: number, changedAt: Date) {
  await db.execute(sql`
    insert into ${pumpTubeChanges} (tenant_id, binding_id, changed_at, executor_id, executor_name)
    select ${tenantId}, ${bindingId}, ${changedAt}, u.id, u.nick_name
      from users u where u.tenant_id = ${tenantId} order by u.id limit 1`);
}

/** A new report of the pump's battery and insulin left. */
export async function reportPump(
  db: DbOrTx,
  tenantId: string,
  pumpId: number,
  report: { battery?: number; dose?: number; at: Date },
) {
  await db.execute(sql`
    update insulin_pumps
       set battery_percent = coalesce(${report.battery ?? null}::float8, battery_percent),
           battery_reported_at = case when ${report.battery ?? null}::float8 is null then battery_reported_at else ${report.at} end,
           remaining_dose = coalesce(${report.dose ?? null}::float8, remaining_dose),
           dose_reported_at = case when ${report.dose ?? null}::float8 is null then dose_reported_at else ${report.at} end
     where tenant_id = ${tenantId} and id = ${pumpId}`);
}

/** The down-pump of a binding. */
export async function unbindPump(db: DbOrTx, tenantId: string, bindingId: number, downAt: Date) {
  await db.execute(
    sql`update pump_bindings set down_at = ${downAt} where tenant_id = ${tenantId} and id = ${bindingId}`,
  );
}
