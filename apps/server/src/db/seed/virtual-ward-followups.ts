import {
  DEFAULT_REVIEW_CRITERIA,
  type ReviewReason,
  reviewFindingsOf,
  storedValueOf,
} from '@glucocare/domain';
import { and, asc, eq, gte, inArray, isNull, ne } from 'drizzle-orm';
import { loadClassifier, syncCriticalEvents } from '../../modules/measurements/classify-at-write';
import type { DbOrTx } from '../client';
import {
  departments,
  measurements,
  patients,
  settings,
  units,
  users,
  virtualWardFollowups,
  virtualWardStays,
} from '../schema';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Readings (mmol/L, hours before seeding) that put a patient of another ward on the daily review list:
 * two or more ≥ 12.5 mmol/L, or one below 3.9, in the past 24 hours (Rushakoff 2017). Kept clear of the
 * critical limits (the demo's critical values are elsewhere).
 */
const WORKLIST_READINGS: number[][][] = [
  [
    [14.6, 3],
    [16.2, 9],
  ],
  [[3.4, 2]],
  [
    [3.6, 5],
    [13.1, 11],
    [15.4, 20],
  ],
  [
    [13.8, 4],
    [12.9, 15],
    [14.1, 22],
  ],
];

const ASSESSMENTS: [string, string][] = [
  [
    'Post-prandial glucose 13-16 mmol/L on metformin alone; no hypoglycaemia.',
    'Start insulin aspart 4 IU with lunch and dinner; recheck before meals.',
  ],
  ['夜间血糖 3.4 mmol/L，晚餐进食少。', '甘精胰岛素减量 2 IU，睡前加餐，凌晨 3 点监测血糖。'],
  [
    'Fasting glucose 9-11 mmol/L after steroid start.',
    'Add NPH 8 IU in the morning while on prednisone; review daily.',
  ],
  ['血糖控制平稳，餐后 8-10 mmol/L。', '维持当前方案，出院后门诊随访。'],
];

/**
 * Demo data of the daily review worklist and follow-up records (issue 18): glucose readings near now
 * (relative to seeding) that put a few patients of other wards — and the first patient with a current
 * virtual-ward stay — on the worklist, and a dozen follow-up records by doctor01 over the last three
 * weeks. Stays are read from `virtual_ward_stays` (the membership seed); without any, the follow-ups
 * go to worklist patients alone.
 */
export async function seedVirtualWardFollowups(tx: DbOrTx, tenantId: string): Promise<void> {
  const now = new Date();
  now.setUTCSeconds(0, 0);
  // endocrinology runs the demo's virtual ward (unless the membership seed chose already): its staff
  // see the whole hospital's worklist
  const [endo] = await tx
    .select({ code: departments.code })
    .from(departments)
    .where(and(eq(departments.tenantId, tenantId), eq(departments.code, 'ENDO')));
  if (endo) {
    await tx
      .insert(settings)
      .values({ tenantId, key: 'virtualWard.managingDepartment', value: 'ENDO' })
      .onConflictDoNothing();
  }
  const [specialist] = await tx
    .select({ id: users.id, nickName: users.nickName, userName: users.userName })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.userName, 'doctor01'), isNull(users.deletedAt)));
  const ward = await tx
    .select()
    .from(patients)
    .where(
      and(
        eq(patients.tenantId, tenantId),
        eq(patients.status, 'inHospital'),
        ne(patients.departmentCode, 'ENDO'),
        isNull(patients.deletedAt),
      ),
    )
    .orderBy(asc(patients.departmentCode), asc(patients.id));
  const stays = await tx
    .select({ id: virtualWardStays.id, patientId: virtualWardStays.patientId })
    .from(virtualWardStays)
    .where(and(eq(virtualWardStays.tenantId, tenantId), isNull(virtualWardStays.exitedAt)))
    .orderBy(asc(virtualWardStays.id));
  // one patient per ward first, so the list shows several wards
  const chosen: (typeof ward)[number][] = [];
  for (const patient of ward) {
    if (chosen.length >= WORKLIST_READINGS.length) break;
    if (!chosen.some((p) => p.departmentCode === patient.departmentCode)) chosen.push(patient);
  }
  for (const patient of ward) {
    if (chosen.length >= WORKLIST_READINGS.length) break;
    if (!chosen.includes(patient)) chosen.push(patient);
  }
  const stayPatientIds = stays.map((s) => s.patientId);
  const stayPatients = stayPatientIds.length
    ? await tx
        .select()
        .from(patients)
        .where(and(eq(patients.tenantId, tenantId), inArray(patients.id, stayPatientIds)))
    : [];
  const targets = [...chosen, ...stayPatients.filter((p) => !chosen.some((c) => c.id === p.id)).slice(0, 1)];
  if (!targets.length) return;

  const [classify, [gluUnit]] = await Promise.all([
    loadClassifier(tx, tenantId),
    tx
      .select({ code: units.code, name: units.name })
      .from(units)
      .where(and(eq(units.tenantId, tenantId), eq(units.category, 'GLU'))),
  ]);
  const mgDl = /mg/i.test(`${gluUnit?.code ?? ''}${gluUnit?.name ?? ''}`);
  const rows: (typeof measurements.$inferInsert)[] = [];
  targets.forEach((patient, index) => {
    const readings = WORKLIST_READINGS[index % WORKLIST_READINGS.length]!;
    for (const [mmol, hoursAgo] of readings) {
      // 7 minutes past, clear of the demo's own reading times
      const testTime = new Date(now.getTime() - hoursAgo! * HOUR_MS + 7 * 60_000);
      const entered = mgDl ? Math.round(mmol! * 18) : mmol!;
      const enteredUnit = mgDl ? 'mgDl' : 'mmolL';
      const value = storedValueOf('GLU', entered, enteredUnit) as number;
      rows.push({
        tenantId,
        patientId: patient.id,
        admissionId: patient.admissionId,
        departmentCode: patient.departmentCode,
        item: 'GLU',
        periodCode: 'random',
        testTime,
        value,
        enteredValue: entered,
        enteredUnit,
        testerId: specialist?.id ?? null,
        testerName: specialist?.nickName ?? null,
        createdAt: testTime,
        updatedAt: testTime,
        ...classify(
          { item: 'GLU', value, enteredValue: entered, enteredUnit, periodCode: 'random', testTime },
          patient,
        ),
      });
    }
  });
  const written = await tx.insert(measurements).values(rows).onConflictDoNothing().returning({
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

  if (!specialist) return;
  // a dozen follow-ups over the last three weeks, none in the last 24 hours (the list is still to do)
  const reviewed = [...targets, ...ward.filter((p) => !targets.includes(p)).slice(0, 3)];
  const stayOf = new Map(stays.map((s) => [s.patientId, s.id]));
  const followups: (typeof virtualWardFollowups.$inferInsert)[] = [];
  for (let index = 0; index < 12; index++) {
    const patient = reviewed[index % reviewed.length]!;
    const reviewedAt = new Date(now.getTime() - (1.5 + index * 1.7) * DAY_MS);
    const [assessment, suggestion] = ASSESSMENTS[index % ASSESSMENTS.length]!;
    const readings = await tx
      .select({
        value: measurements.value,
        enteredValue: measurements.enteredValue,
        enteredUnit: measurements.enteredUnit,
        testTime: measurements.testTime,
      })
      .from(measurements)
      .where(
        and(
          eq(measurements.tenantId, tenantId),
          eq(measurements.patientId, patient.id),
          eq(measurements.item, 'GLU'),
          isNull(measurements.deletedAt),
          gte(measurements.testTime, new Date(reviewedAt.getTime() - DAY_MS)),
        ),
      );
    const reasons: ReviewReason[] = reviewFindingsOf(readings, DEFAULT_REVIEW_CRITERIA, reviewedAt).reasons;
    followups.push({
      tenantId,
      patientId: patient.id,
      stayId: stayOf.get(patient.id) ?? null,
      departmentCode: patient.departmentCode,
      kind: index % 5 === 3 ? 'phone' : index % 5 === 4 ? 'visit' : 'review',
      reviewedAt,
      specialistId: specialist.id,
      specialistName: specialist.nickName || specialist.userName,
      assessment: assessment!,
      suggestion: suggestion!,
      nextReviewDate: new Date(reviewedAt.getTime() + 2 * DAY_MS).toISOString().slice(0, 10),
      reasons,
      createdAt: reviewedAt,
    });
  }
  await tx.insert(virtualWardFollowups).values(followups);
}
