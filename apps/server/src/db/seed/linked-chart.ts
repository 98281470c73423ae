import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { insulinPumps, insulinRecords, patients, pumpBasalProfiles, pumpBindings, users } from '../schema';

const HOUR_MS = 3_600_000;

/**
 * Demo pump basal for the glucose–insulin linked chart (issue 16), tenant 101: the last of the ENDO
 * basal-bolus patients (`seedInsulin`) that wears no pump yet gets a free ENDO pump, up-pumped two
 * days ago, with a basal profile (0.8 IU/h at night, 1.0 from 04:00, 0.7 from 20:00) and a lower
 * night rate set yesterday. Runs after the other seeds and binds only what is still free, so it never
 * collides with bindings the pump seed makes.
 */
export async function seedLinkedChartDemo(tx: DbOrTx, tenantId: string): Promise<void> {
  if (tenantId !== '101') return;
  const onInsulin = await tx
    .selectDistinct({ id: insulinRecords.patientId })
    .from(insulinRecords)
    .innerJoin(
      patients,
      and(eq(patients.tenantId, insulinRecords.tenantId), eq(patients.id, insulinRecords.patientId)),
    )
    .where(
      and(
        eq(insulinRecords.tenantId, tenantId),
        eq(patients.departmentCode, 'ENDO'),
        isNull(patients.deletedAt),
      ),
    );
  if (!onInsulin.length) return;
  const bound = await tx
    .select({ patientId: pumpBindings.patientId, pumpId: pumpBindings.pumpId })
    .from(pumpBindings)
    .where(and(eq(pumpBindings.tenantId, tenantId), isNull(pumpBindings.downAt)));
  const patientId = onInsulin
    .map((row) => row.id)
    .sort((a, b) => b - a)
    .find((id) => !bound.some((b) => b.patientId === id));
  const [pump] = await tx
    .select({ id: insulinPumps.id })
    .from(insulinPumps)
    .where(
      and(
        eq(insulinPumps.tenantId, tenantId),
        eq(insulinPumps.departmentCode, 'ENDO'),
        eq(insulinPumps.isActive, true),
        isNull(insulinPumps.deletedAt),
      ),
    )
    .orderBy(asc(insulinPumps.id));
  const [nurse] = await tx
    .select({ id: users.id, name: users.nickName })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), inArray(users.userName, ['nurse01'])));
  if (!patientId || !pump || !nurse || bound.some((b) => b.pumpId === pump.id)) return;
  const [patient] = await tx
    .select({ admittedAt: patients.admittedAt, admissionId: patients.admissionId })
    .from(patients)
    .where(and(eq(patients.tenantId, tenantId), eq(patients.id, patientId)));
  const now = Date.now();
  const upAt = new Date(Math.max(now - 48 * HOUR_MS, (patient?.admittedAt.getTime() ?? now) + HOUR_MS));
  if (upAt.getTime() >= now) return;
  const [binding] = await tx
    .insert(pumpBindings)
    .values({
      tenantId,
      pumpId: pump.id,
      patientId,
      admissionId: patient?.admissionId ?? null,
      departmentCode: 'ENDO',
      upAt,
      executorId: nurse.id,
      executorName: nurse.name,
      responsibleNurseId: nurse.id,
      responsibleNurseName: nurse.name,
      createdBy: nurse.id,
    })
    .returning({ id: pumpBindings.id });
  const profile = (effectiveAt: Date, night: number) => ({
    tenantId,
    bindingId: binding!.id,
    effectiveAt,
    segments: [
      { start: '00:00', rate: night },
      { start: '04:00', rate: 1.0 },
      { start: '20:00', rate: 0.7 },
    ],
    setById: nurse.id,
    setByName: nurse.name,
  });
  const change = new Date(Math.max(now - 20 * HOUR_MS, upAt.getTime() + HOUR_MS));
  await tx.insert(pumpBasalProfiles).values([profile(upAt, 0.8), profile(change, 0.6)]);
}
