import { storedValueOf } from '@glucocare/domain';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { SessionUser } from '../../modules/auth/sessions';
import { loadClassifier, syncCriticalEvents } from '../../modules/measurements/classify-at-write';
import { summariesOf } from '../../modules/quality/analysis/reports';
import { dateIn, hospitalTimeZone } from '../../modules/settings/time-zone';
import type { DbOrTx } from '../client';
import { labResults, measurements, patients, qcMonthlyReports, users } from '../schema';
import { demoAnalyzerId } from './quality';

const HOUR = 3_600_000;
const MINUTE = 60_000;

/** The ward meter readings of a department are uploaded under (the demo registry's ward meters). */
const METER_OF: Record<string, string> = {
  ENDO: 'GM2026E0001',
  CARD: 'GM2026C0001',
  ICU: 'GM2026I0001',
  GSURG: 'GM2026S0001',
  NEPH: 'GM2026N0001',
};

/**
 * Meter reading (mmol/L), laboratory glucose (mmol/L), minutes from the reading to the lab result: twelve
 * pairs, ten within the ISO 15197:2013 limits and two outside (+21 % at 8.1, −1.1 mmol/L at 4.3).
 */
const PAIRS: [number, number, number][] = [
  [6.2, 6.0, 6],
  [9.8, 8.1, -9],
  [7.4, 7.9, 4],
  [11.6, 12.3, -12],
  [5.1, 4.8, 10],
  [3.2, 4.3, 7],
  [8.7, 8.4, -3],
  [13.9, 14.6, 14],
  [6.8, 6.6, -6],
  [10.2, 9.7, 8],
  [4.6, 4.9, -11],
  [7.9, 7.5, 5],
];

/**
 * The QC analysis demo (issue 19), tenant 101: monthly reports of last month — one archived, one
 * submitted, one rejected with a reason (their figures are the month's runs as the runs seed left them)
 * — and twelve meter readings of inpatients uploaded by their ward's meter, each with a laboratory
 * glucose of the same patient a few minutes away (two outside the ISO 15197 limits), for the accuracy
 * page. Readings are classified with the settings in force, as the measurements seed writes them.
 */
export async function seedQualityReports(tx: DbOrTx, tenantId: string): Promise<void> {
  if (tenantId !== '101') return;
  const now = new Date();
  now.setUTCSeconds(0, 0);
  const timeZone = await hospitalTimeZone(tx, tenantId);
  const month = dateIn(
    new Date(Date.parse(`${dateIn(now, timeZone).slice(0, 7)}-01T12:00:00Z`) - 5 * 24 * HOUR),
    timeZone,
  ).slice(0, 7);
  const staff = await tx
    .select({ id: users.id, userName: users.userName, nickName: users.nickName })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), inArray(users.userName, ['nurse01', 'reviewer01', 'admin'])));
  const byName = new Map(staff.map((user) => [user.userName, user]));
  const nurse = byName.get('nurse01') ?? byName.get('admin')!;
  const reviewer = byName.get('reviewer01') ?? byName.get('admin')!;

  // monthly reports of last month
  const ids = {
    archived: await demoAnalyzerId(tx, tenantId, 'GM2026E0001'),
    submitted: await demoAnalyzerId(tx, tenantId, 'GM2026C0001'),
    rejected: await demoAnalyzerId(tx, tenantId, 'GM2026I0001'),
  };
  // a seed reads as an all-departments reader of the tenant
  const reader = { tenantId, scope: { all: true } } as SessionUser;
  const summaries = await summariesOf(
    { db: tx, session: reader, lang: 'en-US', now },
    timeZone,
    month,
    'GLU',
    Object.values(ids),
  );
  const submittedAt = new Date(now.getTime() - 20 * 24 * HOUR);
  const submitted = (analyzerId: number, departmentCode: string, appraisal: string) => ({
    tenantId,
    analyzerId,
    departmentCode,
    month,
    appraisal,
    summary: summaries.get(analyzerId),
    submittedBy: nurse.id,
    submittedByName: nurse.nickName,
    submittedAt,
  });
  await tx.insert(qcMonthlyReports).values([
    {
      ...submitted(
        ids.archived,
        'ENDO',
        'Runs in control all month; one 1-2s warning reviewed, no action needed.',
      ),
      status: 'archived',
      archivedBy: reviewer.id,
      archivedByName: reviewer.nickName,
      archivedAt: new Date(submittedAt.getTime() + 26 * HOUR),
      version: 2,
    },
    {
      ...submitted(ids.submitted, 'CARD', 'Control runs complete for both levels; pass rate as shown.'),
      status: 'submitted',
    },
    {
      ...submitted(ids.rejected, 'ICU', 'All runs done.'),
      status: 'rejected',
      rejectedBy: reviewer.id,
      rejectedByName: reviewer.nickName,
      rejectedAt: new Date(submittedAt.getTime() + 30 * HOUR),
      rejectReason: 'Add the failure reason and corrective action of the failed level 2 run.',
      version: 2,
    },
  ]);

  // meter readings paired with laboratory glucose
  const ward = await tx
    .select()
    .from(patients)
    .where(
      and(
        eq(patients.tenantId, tenantId),
        eq(patients.status, 'inHospital'),
        isNull(patients.deletedAt),
        inArray(patients.departmentCode, Object.keys(METER_OF)),
      ),
    )
    .orderBy(asc(patients.id));
  if (!ward.length) return;
  const classify = await loadClassifier(tx, tenantId);
  const readings = PAIRS.flatMap(([meter, ,], index) => {
    const patient = ward[index % ward.length]!;
    // 2-40 hours ago, 17 minutes 23 seconds past the hour: clear of the other seeds' times
    const testTime = new Date(now.getTime() - (2 + index * 3) * HOUR - 43 * MINUTE + 23_000);
    if (patient.admittedAt && testTime < patient.admittedAt) return [];
    const value = storedValueOf('GLU', meter, 'mmolL') as number;
    return [
      {
        tenantId,
        patientId: patient.id,
        admissionId: patient.admissionId,
        departmentCode: patient.departmentCode,
        item: 'GLU',
        testTime,
        value,
        enteredValue: meter,
        enteredUnit: 'mmolL',
        source: 'meter' as const,
        deviceSerial: METER_OF[patient.departmentCode]!,
        deviceRecordNo: `LAB-PAIR-${index + 1}`,
        testerId: nurse.id,
        testerName: nurse.nickName,
        createdBy: nurse.id,
        ...classify(
          { item: 'GLU', value, enteredValue: meter, enteredUnit: 'mmolL', periodCode: null, testTime },
          patient,
        ),
        pair: index,
      },
    ];
  });
  if (!readings.length) return;
  const written = await tx
    .insert(measurements)
    .values(readings.map(({ pair: _pair, ...row }) => row))
    .returning({
      id: measurements.id,
      patientId: measurements.patientId,
      departmentCode: measurements.departmentCode,
      item: measurements.item,
      value: measurements.value,
      classification: measurements.classification,
      grade: measurements.grade,
      testTime: measurements.testTime,
      deletedAt: measurements.deletedAt,
    });
  await syncCriticalEvents(tx, tenantId, written);
  await tx.insert(labResults).values(
    readings.map((reading) => {
      const [, lab, minutes] = PAIRS[reading.pair]!;
      return {
        tenantId,
        patientId: reading.patientId,
        departmentCode: reading.departmentCode,
        itemCode: 'GLU',
        itemName: '葡萄糖（静脉血浆）',
        value: lab,
        unit: 'mmol/L',
        resultedAt: new Date(reading.testTime.getTime() + minutes * MINUTE),
        source: 'manual',
        createdBy: reviewer.id,
      };
    }),
  );
}
