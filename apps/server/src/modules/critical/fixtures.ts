/**
 * Test data of the critical-value and task tests (API and browser): inpatients and readings written
 * straight to the tables the way the measurement writes do — classified at write with the tenant's
 * settings, critical events kept in step with `syncCriticalEvents`. Not used by the running server.
 */
import type { MeasurementItem } from '@glucocare/domain';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { measurements, patients } from '../../db/schema';
import { loadClassifier, syncCriticalEvents } from '../measurements/classify-at-write';

export interface PatientFixture {
  name: string;
  departmentCode: string;
  bed?: string | null;
  inpatientNumber?: string | null;
  wristbandCode?: string | null;
  doctorCode?: string | null;
  gender?: string;
  age?: number;
  admittedAt?: Date;
  status?: 'inHospital' | 'discharged';
  dischargedAt?: Date | null;
}

/** An inpatient of `tenantId`; returns its id. */
export async function addPatient(db: DbOrTx, tenantId: string, fixture: PatientFixture): Promise<number> {
  const [row] = await db
    .insert(patients)
    .values({
      tenantId,
      name: fixture.name,
      gender: fixture.gender ?? 'female',
      age: fixture.age ?? 60,
      departmentCode: fixture.departmentCode,
      bed: fixture.bed ?? null,
      inpatientNumber: fixture.inpatientNumber ?? null,
      wristbandCode: fixture.wristbandCode ?? null,
      doctorCode: fixture.doctorCode ?? null,
      admittedAt: fixture.admittedAt ?? new Date('2026-01-01T00:00:00Z'),
      status: fixture.status ?? 'inHospital',
      dischargedAt: fixture.dischargedAt ?? null,
    })
    .returning({ id: patients.id });
  return row!.id;
}

export interface ReadingFixture {
  item?: MeasurementItem;
  /** storage unit (mmol/L, µmol/L for UA); null with an untested reason */
  value: number | null;
  periodCode?: string | null;
  testTime: Date;
  untestedReason?: string | null;
}

/** A live reading of a patient, classified with the tenant's settings, with its critical event if critical. */
export async function addReading(
  db: DbOrTx,
  tenantId: string,
  patientId: number,
  fixture: ReadingFixture,
): Promise<{ id: number; classification: string | null }> {
  const [patient] = await db
    .select()
    .from(patients)
    .where(and(eq(patients.tenantId, tenantId), eq(patients.id, patientId)));
  if (!patient) throw new Error(`no patient ${patientId}`);
  const item = fixture.item ?? 'GLU';
  const classify = await loadClassifier(db, tenantId);
  const written = classify(
    { item, value: fixture.value, periodCode: fixture.periodCode ?? null, testTime: fixture.testTime },
    patient,
  );
  const [row] = await db
    .insert(measurements)
    .values({
      tenantId,
      patientId,
      departmentCode: patient.departmentCode,
      item,
      periodCode: fixture.periodCode ?? null,
      testTime: fixture.testTime,
      value: fixture.value,
      enteredValue: fixture.value,
      enteredUnit: item === 'UA' ? 'µmol/L' : 'mmol/L',
      untestedReason: fixture.value === null ? (fixture.untestedReason ?? 'refused') : null,
      testerName: 'fixture',
      ...written,
    })
    .returning();
  await syncCriticalEvents(db, tenantId, [row!]);
  return { id: row!.id, classification: row!.classification };
}

/** Soft-deletes a reading and lets its critical event follow (an open one becomes void). */
export async function deleteReading(db: DbOrTx, tenantId: string, id: number): Promise<void> {
  const [row] = await db
    .update(measurements)
    .set({ deletedAt: new Date(), deleteReason: 'fixture' })
    .where(and(eq(measurements.tenantId, tenantId), eq(measurements.id, id)))
    .returning();
  if (row) await syncCriticalEvents(db, tenantId, [row]);
}
