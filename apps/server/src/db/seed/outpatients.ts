/**
 * Demo outpatients of the out-of-hospital mode (issue 18): Riverside Community Hospital (202) runs in
 * that mode with a diabetes clinic's outpatients and their home-meter readings; tenant 101 stays in
 * hospital mode with two outpatients and one unused pre-admission appointment, so a newcomer sees the
 * outpatient page (after switching the mode) and can try the admission by appointment code.
 * Readings are classified as the write path classifies them; none reaches a critical value.
 */
import { appointmentExpiresAt, roundDecimal, storedValueOf } from '@glucocare/domain';
import { and, eq, isNull } from 'drizzle-orm';
import { loadClassifier } from '../../modules/measurements/classify-at-write';
import type { DbOrTx } from '../client';
import { appointments, measurements, patients, settings, units, users } from '../schema';

const DAY_MS = 86_400_000;

interface DemoOutpatient {
  name: string;
  gender: 'male' | 'female';
  age: number;
  mobilePhone: string;
  outpatientNumber: string;
  departmentCode: string;
  /** fasting glucose around which the home readings vary, mmol/L */
  fasting: number;
  registeredDaysAgo: number;
}

const RIVERSIDE: DemoOutpatient[] = [
  {
    name: 'Margaret Hill',
    gender: 'female',
    age: 67,
    mobilePhone: '+447700900101',
    outpatientNumber: 'OP-24001',
    departmentCode: 'ENDO',
    fasting: 7.8,
    registeredDaysAgo: 40,
  },
  {
    name: 'David Okafor',
    gender: 'male',
    age: 54,
    mobilePhone: '+447700900102',
    outpatientNumber: 'OP-24002',
    departmentCode: 'ENDO',
    fasting: 9.6,
    registeredDaysAgo: 21,
  },
  {
    name: 'Priya Nair',
    gender: 'female',
    age: 46,
    mobilePhone: '+447700900103',
    outpatientNumber: 'OP-24003',
    departmentCode: 'IM',
    fasting: 6.4,
    registeredDaysAgo: 12,
  },
  {
    name: 'Tomasz Nowak',
    gender: 'male',
    age: 72,
    mobilePhone: '+447700900104',
    outpatientNumber: 'OP-24004',
    departmentCode: 'IM',
    fasting: 8.7,
    registeredDaysAgo: 5,
  },
  {
    name: 'Grace Mensah',
    gender: 'female',
    age: 59,
    mobilePhone: '+447700900105',
    outpatientNumber: 'OP-24005',
    departmentCode: 'ENDO',
    fasting: 11.2,
    registeredDaysAgo: 1,
  },
];

const CITY: DemoOutpatient[] = [
  {
    name: '周桂兰',
    gender: 'female',
    age: 63,
    mobilePhone: '13811110001',
    outpatientNumber: 'MZ2026001',
    departmentCode: 'ENDO',
    fasting: 8.1,
    registeredDaysAgo: 14,
  },
  {
    name: '吴志强',
    gender: 'male',
    age: 58,
    mobilePhone: '13811110002',
    outpatientNumber: 'MZ2026002',
    departmentCode: 'ENDO',
    fasting: 7.2,
    registeredDaysAgo: 3,
  },
];

/** Home readings: fasting and after dinner, each of the last `days` days (a deterministic wobble). */
const HOME_POINTS = [
  { period: 'fasting', hour: 7, rise: 0 },
  { period: 'afterDinner', hour: 20, rise: 2.6 },
] as const;

export async function seedOutpatients(tx: DbOrTx, tenantId: string): Promise<void> {
  const demo = tenantId === '202' ? RIVERSIDE : tenantId === '101' ? CITY : [];
  if (!demo.length) return;
  const [staff] = await tx
    .select({ id: users.id, nickName: users.nickName, userName: users.userName })
    .from(users)
    .where(
      and(
        eq(users.tenantId, tenantId),
        isNull(users.deletedAt),
        eq(users.userName, tenantId === '101' ? 'nurse01' : 'admin'),
      ),
    );
  if (!staff) return;
  const [gluUnit] = await tx
    .select({ code: units.code, name: units.name })
    .from(units)
    .where(and(eq(units.tenantId, tenantId), eq(units.category, 'GLU')));
  const mgDl = /mg/i.test(`${gluUnit?.code ?? ''}${gluUnit?.name ?? ''}`);
  const classify = await loadClassifier(tx, tenantId);
  const now = new Date();
  now.setUTCSeconds(0, 0);

  for (const [index, person] of demo.entries()) {
    const registeredAt = new Date(now.getTime() - person.registeredDaysAgo * DAY_MS);
    const [row] = await tx
      .insert(patients)
      .values({
        tenantId,
        name: person.name,
        gender: person.gender,
        age: person.age,
        mobilePhone: person.mobilePhone,
        status: 'outpatient',
        outpatientNumber: person.outpatientNumber,
        departmentCode: person.departmentCode,
        admittedAt: registeredAt,
        createdBy: staff.id,
      })
      .returning();
    const patient = row!;
    const days = Math.min(7, person.registeredDaysAgo + 1);
    const rows: (typeof measurements.$inferInsert)[] = [];
    for (let d = days - 1; d >= 0; d--) {
      for (const [p, point] of HOME_POINTS.entries()) {
        const testTime = new Date(now.getTime() - d * DAY_MS);
        testTime.setUTCHours(point.hour - 8, 5 + index * 3, 0, 0);
        if (testTime > now) continue;
        const wobble = (((index * 7 + d * 5 + p * 3) % 9) - 4) * 0.35;
        const mmol = Math.min(18, Math.max(4.2, person.fasting + point.rise + wobble));
        const entered = mgDl ? Math.round(mmol * 18) : roundDecimal(mmol, 1);
        const enteredUnit = mgDl ? 'mgDl' : 'mmolL';
        const value = storedValueOf('GLU', entered, enteredUnit) as number;
        rows.push({
          tenantId,
          patientId: patient.id,
          departmentCode: person.departmentCode,
          item: 'GLU',
          periodCode: point.period,
          testTime,
          value,
          enteredValue: entered,
          enteredUnit,
          // the patient's home meter, uploaded at the visit
          source: 'meter',
          deviceSerial: `HOME-${person.outpatientNumber}`,
          deviceRecordNo: `${days - d}-${p}`,
          testerId: staff.id,
          testerName: staff.nickName,
          createdBy: staff.id,
          updatedBy: staff.id,
          createdAt: testTime,
          updatedAt: testTime,
          status: 'approved',
          approvedAt: testTime,
          ...classify(
            { item: 'GLU', value, enteredValue: entered, enteredUnit, periodCode: point.period, testTime },
            patient,
          ),
        });
      }
    }
    if (rows.length) await tx.insert(measurements).values(rows);
  }

  if (tenantId === '202') {
    // Riverside runs the outpatient service: the out-of-hospital mode is on
    await tx
      .update(settings)
      .set({ value: true })
      .where(and(eq(settings.tenantId, tenantId), eq(settings.key, 'workMode.isOutside')));
  }
  if (tenantId === '101') {
    // a patient booked for admission at the clinic desk this morning: the ward admits by this code
    await tx.insert(appointments).values({
      tenantId,
      code: 'K7M2QX9P',
      details: {
        name: '郑丽华',
        gender: 'female',
        dateOfBirth: '1968-09-12',
        idCard: null,
        mobilePhone: '13922223333',
        contact: '丈夫 13922224444',
        departmentCode: 'ENDO',
      },
      departmentCode: 'ENDO',
      createdAt: now,
      expiresAt: appointmentExpiresAt(now),
    });
  }
}
