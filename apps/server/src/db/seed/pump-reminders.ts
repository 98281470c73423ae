import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { insulinPumps, patients, pumpBindings, pumpTubeChanges, users } from '../schema';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Demo pump reminders (issue 16, "Today's tasks"): tenant 101's ENDO patient 陈志强 (bed 6, tagged
 * 胰岛素泵) wears the ward's Equil pump EQP-ENDO-02 since five days ago, its tube last changed three
 * days and three hours ago — with the default interval of 3 days the change is overdue by three hours,
 * so today's tasks, his bed card and the shift hand-over show it. Inserted only when neither the
 * patient nor the pump has an open binding (other demo bindings may have claimed them).
 */
export async function seedPumpReminders(tx: DbOrTx, tenantId: string): Promise<void> {
  if (tenantId !== '101') return;
  const [patient] = await tx
    .select({ id: patients.id, admissionId: patients.admissionId, admittedAt: patients.admittedAt })
    .from(patients)
    .where(
      and(
        eq(patients.tenantId, tenantId),
        eq(patients.name, '陈志强'),
        eq(patients.departmentCode, 'ENDO'),
        eq(patients.status, 'inHospital'),
        isNull(patients.deletedAt),
      ),
    );
  const [pump] = await tx
    .select({ id: insulinPumps.id })
    .from(insulinPumps)
    .where(
      and(
        eq(insulinPumps.tenantId, tenantId),
        eq(insulinPumps.serialNumber, 'EQP-ENDO-02'),
        isNull(insulinPumps.deletedAt),
      ),
    );
  const [nurse] = await tx
    .select({ id: users.id, nickName: users.nickName })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.userName, 'nurse01')));
  if (!patient || !pump || !nurse) return;
  const open = await tx.execute(sql`
    select 1 from pump_bindings where tenant_id = ${tenantId} and down_at is null
       and (patient_id = ${patient.id} or pump_id = ${pump.id}) limit 1`);
  if (open.rows.length) return;

  const now = Date.now();
  const upAt = new Date(Math.max(now - 5 * DAY_MS, patient.admittedAt.getTime() + HOUR_MS));
  const changedAt = new Date(now - 3 * DAY_MS - 3 * HOUR_MS);
  const [binding] = await tx
    .insert(pumpBindings)
    .values({
      tenantId,
      pumpId: pump.id,
      patientId: patient.id,
      admissionId: patient.admissionId,
      departmentCode: 'ENDO',
      upAt,
      executorId: nurse.id,
      executorName: nurse.nickName,
      responsibleNurseId: nurse.id,
      responsibleNurseName: nurse.nickName,
      createdBy: nurse.id,
    })
    .returning({ id: pumpBindings.id });
  if (changedAt.getTime() > upAt.getTime()) {
    await tx.insert(pumpTubeChanges).values({
      tenantId,
      bindingId: binding!.id,
      changedAt,
      executorId: nurse.id,
      executorName: nurse.nickName,
    });
  }
}
