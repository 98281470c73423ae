import { hospitalDayAt, roundDecimal, storedValueOf } from '@glucocare/domain';
import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import { loadClassifier } from '../../modules/measurements/classify-at-write';
import { hospitalTimeZone } from '../../modules/settings/time-zone';
import type { DbOrTx } from '../client';
import {
  departments,
  measurements,
  patientAdmissions,
  patients,
  units,
  users,
  virtualWardFollowups,
  virtualWardStays,
} from '../schema';

/**
 * Demo history of the virtual ward (issue 18), so that the outcome page shows months with content and a
 * stay's before/after has both sides: 4-6 discharged patients of wards other than endocrinology, over
 * the last five months, each with a past virtual-ward stay managed by endocrinology (joined by hand on
 * the 4th or 5th day by the endocrinology doctor, ended at discharge, one followed up after discharge),
 * 4-point glucose from admission to discharge (a few not done, with the reason) — poorly controlled before joining (more hyperglycaemic
 * and some hypoglycaemic days), improving after — and the specialist's reviews every other day.
 * Readings are classified with the settings in force; none reaches a critical value (the critical
 * loop's demo lies elsewhere). A seeded PRNG: the same history at every seeding. The current stays of
 * the demo's inpatients are seeded by the membership work, not here.
 */

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
const FOUR_POINT: [string, number, number][] = [
  // period, minutes after midnight, offset from fasting (mmol/L)
  ['fasting', 6 * 60 + 30, 0],
  ['afterBreakfast', 9 * 60 + 30, 2.8],
  ['afterLunch', 13 * 60 + 40, 2.4],
  ['afterDinner', 19 * 60 + 50, 2.6],
];

/** mulberry32 */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface HistoryPatient {
  name: string;
  gender: 'male' | 'female';
  age: number;
  /** discharged this many days ago, after `stayDays` in hospital */
  dischargedDaysAgo: number;
  stayDays: number;
  /** days in hospital before joining the virtual ward */
  joinAfterDays: number;
  /** fasting glucose before joining, mmol/L */
  fasting: number;
  /** followed up by phone this many days after discharge before the stay ends (0: ends at discharge) */
  followUpDays: number;
}

const PATIENTS_ZH: HistoryPatient[] = [
  {
    name: '周建国',
    gender: 'male',
    age: 67,
    dischargedDaysAgo: 14,
    stayDays: 16,
    joinAfterDays: 4,
    fasting: 10.8,
    followUpDays: 7,
  },
  {
    name: '吴秀兰',
    gender: 'female',
    age: 58,
    dischargedDaysAgo: 38,
    stayDays: 18,
    joinAfterDays: 5,
    fasting: 11.6,
    followUpDays: 0,
  },
  {
    name: '郑国强',
    gender: 'male',
    age: 73,
    dischargedDaysAgo: 66,
    stayDays: 15,
    joinAfterDays: 4,
    fasting: 9.9,
    followUpDays: 0,
  },
  {
    name: '孙丽华',
    gender: 'female',
    age: 62,
    dischargedDaysAgo: 97,
    stayDays: 20,
    joinAfterDays: 5,
    fasting: 12.2,
    followUpDays: 0,
  },
  {
    name: '冯德明',
    gender: 'male',
    age: 55,
    dischargedDaysAgo: 128,
    stayDays: 17,
    joinAfterDays: 4,
    fasting: 10.4,
    followUpDays: 0,
  },
];
const PATIENTS_EN: HistoryPatient[] = [
  {
    name: 'George Carter',
    gender: 'male',
    age: 66,
    dischargedDaysAgo: 20,
    stayDays: 15,
    joinAfterDays: 4,
    fasting: 10.6,
    followUpDays: 5,
  },
  {
    name: 'Helen Brooks',
    gender: 'female',
    age: 59,
    dischargedDaysAgo: 52,
    stayDays: 17,
    joinAfterDays: 5,
    fasting: 11.4,
    followUpDays: 0,
  },
  {
    name: 'Frank Morris',
    gender: 'male',
    age: 71,
    dischargedDaysAgo: 90,
    stayDays: 16,
    joinAfterDays: 4,
    fasting: 10.1,
    followUpDays: 0,
  },
  {
    name: 'Alice Turner',
    gender: 'female',
    age: 63,
    dischargedDaysAgo: 121,
    stayDays: 18,
    joinAfterDays: 5,
    fasting: 11.9,
    followUpDays: 0,
  },
];

const MANAGING = 'ENDO';

export async function seedVirtualWardHistory(tx: DbOrTx, tenantId: string): Promise<void> {
  const wards = (
    await tx
      .select({ code: departments.code })
      .from(departments)
      .where(and(eq(departments.tenantId, tenantId), ne(departments.code, MANAGING)))
      .orderBy(asc(departments.sort))
  ).map((row) => row.code);
  const staff = await tx
    .select({
      id: users.id,
      userName: users.userName,
      nickName: users.nickName,
      departmentCode: users.departmentCode,
    })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), isNull(users.deletedAt)));
  const specialist =
    staff.find((u) => u.departmentCode === MANAGING && u.userName.startsWith('doctor')) ?? staff[0];
  const admin = staff.find((u) => u.userName === 'admin') ?? staff[0];
  if (!wards.length || !specialist || !admin) return;
  const [timeZone, classify, [gluUnit]] = await Promise.all([
    hospitalTimeZone(tx, tenantId),
    loadClassifier(tx, tenantId),
    tx
      .select({ code: units.code, name: units.name })
      .from(units)
      .where(and(eq(units.tenantId, tenantId), eq(units.category, 'GLU'))),
  ]);
  const mgDl = /mg/i.test(`${gluUnit?.code ?? ''}${gluUnit?.name ?? ''}`);
  const list = tenantId === '101' ? PATIENTS_ZH : PATIENTS_EN;
  const now = new Date();
  now.setUTCSeconds(0, 0);
  const dayStart = (at: Date) => hospitalDayAt(at, timeZone).start;

  for (const [index, p] of list.entries()) {
    const random = prng(9_001 + index * 7_919 + Number(tenantId));
    const ward = wards[index % wards.length] as string;
    const dischargedAt = new Date(
      dayStart(new Date(now.getTime() - p.dischargedDaysAgo * DAY_MS)).getTime() + 10 * 60 * MINUTE_MS,
    );
    const admittedAt = new Date(dischargedAt.getTime() - p.stayDays * DAY_MS - 2 * 60 * MINUTE_MS);
    const joinedAt = new Date(
      dayStart(new Date(admittedAt.getTime() + p.joinAfterDays * DAY_MS)).getTime() + 10 * 60 * MINUTE_MS,
    );
    const exitedAt = new Date(dischargedAt.getTime() + p.followUpDays * DAY_MS);
    const number = `VW${tenantId}${String(index + 1).padStart(3, '0')}`;
    const dateOfBirth = `${now.getUTCFullYear() - p.age}-0${(index % 9) + 1}-1${index % 9}`;
    const [patient] = await tx
      .insert(patients)
      .values({
        tenantId,
        name: p.name,
        gender: p.gender,
        dateOfBirth,
        age: p.age,
        departmentCode: ward,
        bed: String(30 + index),
        status: 'discharged',
        inpatientNumber: number,
        wristbandCode: `WB${number}`,
        admittedAt,
        dischargedAt,
        tags: [],
        createdAt: admittedAt,
        updatedAt: dischargedAt,
      })
      .returning();
    if (!patient) continue;
    const [admission] = await tx
      .insert(patientAdmissions)
      .values({
        tenantId,
        patientId: patient.id,
        inpatientNumber: number,
        wristbandCode: `WB${number}`,
        departmentCode: ward,
        bed: String(30 + index),
        admittedAt,
        dischargedAt,
        createdAt: admittedAt,
      })
      .returning({ id: patientAdmissions.id });
    await tx
      .update(patients)
      .set({ admissionId: admission?.id })
      .where(and(eq(patients.tenantId, tenantId), eq(patients.id, patient.id)));

    const [stay] = await tx
      .insert(virtualWardStays)
      .values({
        tenantId,
        patientId: patient.id,
        admissionId: admission?.id ?? null,
        joinCount: 1,
        joinedAt,
        source: 'manual',
        wardDepartmentCode: ward,
        managingDepartmentCode: MANAGING,
        suggestion:
          tenantId === '101'
            ? '基础胰岛素起始，每日4次血糖监测'
            : 'Start basal insulin, glucose 4 times a day',
        exitedAt,
        exitReason: tenantId === '101' ? '血糖平稳，结束管理' : 'Glucose stable, management ended',
        exitedBy: specialist.id,
        exitedByName: specialist.nickName,
        createdBy: specialist.id,
        createdAt: joinedAt,
        updatedAt: exitedAt,
      })
      .returning({ id: virtualWardStays.id });

    // glucose: 4-point from admission to discharge; before joining around `fasting` with larger rises,
    // after joining coming down towards 7 mmol/L
    const rows: (typeof measurements.$inferInsert)[] = [];
    for (let day = dayStart(admittedAt); day < dischargedAt; day = new Date(day.getTime() + DAY_MS)) {
      for (const [period, minutes, offset] of FOUR_POINT) {
        const testTime = new Date(day.getTime() + (minutes + Math.round((random() - 0.5) * 30)) * MINUTE_MS);
        if (testTime < admittedAt || testTime > dischargedAt) continue;
        if (random() < 0.03) {
          // a few planned measurements not done: refused, or the patient away for an examination
          const refused = random() < 0.5;
          rows.push({
            tenantId,
            patientId: patient.id,
            admissionId: admission?.id ?? null,
            departmentCode: ward,
            item: 'GLU',
            periodCode: period,
            testTime,
            value: null,
            untestedReason: refused ? 'refused' : null,
            rejectReason: refused ? null : 'examination',
            source: 'manual',
            testerId: admin.id,
            testerName: admin.nickName,
            status: 'approved',
            approvedBy: admin.id,
            approvedByName: admin.nickName,
            approvedAt: new Date(testTime.getTime() + 12 * 60 * MINUTE_MS),
            createdBy: admin.id,
            updatedBy: admin.id,
            createdAt: testTime,
            updatedAt: testTime,
          });
          continue;
        }
        const managedDays = (testTime.getTime() - joinedAt.getTime()) / DAY_MS;
        const before = managedDays < 0;
        const fasting = before ? p.fasting : Math.max(6.2, p.fasting - 0.55 * managedDays);
        const noise = (random() + random() + random() - 1.5) * (before ? 2.2 : 1.3);
        let mmol = fasting + offset * (before ? 1.3 : 0.8) + noise;
        // a few hypoglycaemic readings, more of them before the team managed the insulin
        if (random() < (before ? 0.05 : 0.02)) mmol = 3.2 + random() * 0.6;
        mmol = Math.min(19, Math.max(3.2, mmol));
        const entered = mgDl ? Math.round(mmol * 18) : roundDecimal(mmol, 1);
        const enteredUnit = mgDl ? 'mgDl' : 'mmolL';
        const value = storedValueOf('GLU', entered, enteredUnit) as number;
        const classified = classify(
          { item: 'GLU', value, enteredValue: entered, enteredUnit, periodCode: period, testTime },
          patient,
        );
        // the critical loop's demo lies elsewhere: no critical value here
        if (classified.classification?.startsWith('critical')) continue;
        rows.push({
          tenantId,
          patientId: patient.id,
          admissionId: admission?.id ?? null,
          departmentCode: ward,
          item: 'GLU',
          periodCode: period,
          testTime,
          value,
          enteredValue: entered,
          enteredUnit,
          source: 'manual',
          testerId: admin.id,
          testerName: admin.nickName,
          status: 'approved',
          approvedBy: admin.id,
          approvedByName: admin.nickName,
          approvedAt: new Date(testTime.getTime() + 12 * 60 * MINUTE_MS),
          createdBy: admin.id,
          updatedBy: admin.id,
          createdAt: testTime,
          updatedAt: testTime,
          ...classified,
        });
      }
    }
    if (rows.length) await tx.insert(measurements).values(rows);

    // the specialist's reviews every other day of the stay, a visit on the day of joining, and a phone
    // call after discharge when the patient stayed in for follow-up
    const followups: (typeof virtualWardFollowups.$inferInsert)[] = [];
    const zh = tenantId === '101';
    const followup = (kind: 'review' | 'visit' | 'phone', at: Date, assessment: string, suggestion: string) =>
      followups.push({
        tenantId,
        patientId: patient.id,
        stayId: stay?.id ?? null,
        departmentCode: ward,
        kind,
        reviewedAt: at,
        specialistId: specialist.id,
        specialistName: specialist.nickName,
        assessment,
        suggestion,
        createdAt: at,
      });
    followup(
      'visit',
      new Date(joinedAt.getTime() + 60 * MINUTE_MS),
      zh ? '入院后空腹及餐后血糖明显升高' : 'Fasting and post-meal glucose clearly raised since admission',
      zh ? '甘精胰岛素 10 IU 睡前，每日 4 次监测' : 'Glargine 10 IU at bedtime, glucose 4 times a day',
    );
    for (let at = joinedAt.getTime() + 2 * DAY_MS; at < dischargedAt.getTime(); at += 2 * DAY_MS) {
      followup(
        'review',
        new Date(at + 30 * MINUTE_MS),
        zh ? '血糖较前下降，未见低血糖' : 'Glucose coming down, no hypoglycaemia',
        zh ? '胰岛素剂量不变，继续监测' : 'Same insulin dose, keep monitoring',
      );
    }
    if (p.followUpDays > 0) {
      followup(
        'phone',
        new Date(dischargedAt.getTime() + Math.floor(p.followUpDays / 2) * DAY_MS),
        zh ? '出院后居家血糖平稳' : 'Home glucose stable after discharge',
        zh ? '门诊复诊' : 'Follow up in clinic',
      );
    }
    await tx.insert(virtualWardFollowups).values(followups);
  }
}
