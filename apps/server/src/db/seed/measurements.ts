import { hospitalDayAt, MEAL_PERIODS, roundDecimal, storedValueOf } from '@glucocare/domain';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import {
  loadClassifier,
  syncCriticalEvents,
  type WrittenReading,
} from '../../modules/measurements/classify-at-write';
import { hospitalTimeZone } from '../../modules/settings/time-zone';
import type { DbOrTx } from '../client';
import { criticalEvents, measurements, patients, patientTransfers, units, users } from '../schema';

/**
 * Demo glucose, ketone and uric-acid readings of the demo inpatients (whatever patients the patients
 * seed created): from admission (at most 7 days back) to now, 7-point glucose on the endocrinology
 * ward and 4-point elsewhere, values by patient profile (tags, age, ward) drifting down over the stay,
 * a few untested with reasons, about 1 in 150 critical; ketone for 3 patients, uric acid for 4. Days
 * before today are approved by the reviewer, today's readings wait for review. Classified with the
 * settings in force and critical-value events opened; the older ones handled. Values come from a
 * seeded PRNG per patient, so the same patients get the same readings at every seeding.
 */

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
/** 7-point glucose: every meal period of §9 but the early morning (4-point: fasting and after meals). */
const SEVEN_POINT = MEAL_PERIODS.filter((period) => period !== 'earlyMorning');
const FOUR_POINT = ['fasting', 'afterBreakfast', 'afterLunch', 'afterDinner'];

/** Wall-clock minutes of the day each period is usually measured at, and its offset from fasting (mmol/L). */
const SLOTS: Record<string, { minutes: number; offset: number }> = {
  fasting: { minutes: 6 * 60 + 30, offset: 0 },
  afterBreakfast: { minutes: 9 * 60 + 30, offset: 2.6 },
  beforeLunch: { minutes: 11 * 60 + 20, offset: 0.6 },
  afterLunch: { minutes: 13 * 60 + 40, offset: 2.3 },
  beforeDinner: { minutes: 17 * 60 + 10, offset: 0.7 },
  afterDinner: { minutes: 19 * 60 + 50, offset: 2.4 },
  beforeSleep: { minutes: 21 * 60 + 40, offset: 1.2 },
};

/** mulberry32: a small deterministic PRNG. */
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

function hash(text: string): number {
  let h = 2_166_136_261;
  for (const ch of text) h = Math.imul(h ^ ch.codePointAt(0)!, 16_777_619);
  return h >>> 0;
}

/** Roughly normal noise (sum of uniforms), mean 0, sd ≈ 1. */
const noise = (random: () => number) => (random() + random() + random() + random() - 2) * 1.73;

/** Midnight of the hospital's calendar day that contains `at`, as an instant. */
const startOfDay = (at: Date, timeZone: string): Date => hospitalDayAt(at, timeZone).start;

interface Profile {
  /** fasting glucose at admission, mmol/L */
  fasting: number;
  /** mmol/L per day the glucose comes down during the stay */
  drift: number;
  /** day-to-day spread (sd, mmol/L) */
  spread: number;
  /** added to the meal offsets (poorer control: larger rises) */
  rise: number;
}

function profileOf(
  patient: { tags: string[]; age: number | null; departmentCode: string },
  random: () => number,
): Profile {
  const tags = patient.tags.join(' ');
  if (/低血糖|hypo/i.test(tags)) return { fasting: 5.2 + random(), drift: 0.05, spread: 1.1, rise: 0.4 };
  if (/妊娠|pregnan/i.test(tags)) return { fasting: 5 + random() * 0.6, drift: 0.03, spread: 0.5, rise: 0.3 };
  if (patient.departmentCode === 'ICU')
    return { fasting: 8.5 + random() * 2, drift: 0.2, spread: 1.6, rise: 0.2 };
  if (patient.departmentCode === 'ENDO')
    return { fasting: 7.5 + random() * 3.5, drift: 0.3, spread: 1.1, rise: 1 };
  return { fasting: 5.6 + random() * 1.6, drift: 0.1, spread: 0.8, rise: 0 };
}

type Insert = typeof measurements.$inferInsert;

/** Demo glucose, ketone and uric-acid readings of the demo inpatients. */
export async function seedMeasurements(tx: DbOrTx, tenantId: string): Promise<void> {
  const ward = await tx
    .select()
    .from(patients)
    .where(
      and(eq(patients.tenantId, tenantId), eq(patients.status, 'inHospital'), isNull(patients.deletedAt)),
    )
    .orderBy(asc(patients.id));
  if (!ward.length) return;
  const now = new Date();
  now.setUTCSeconds(0, 0);
  const [timeZone, classify, staff, transfers, [gluUnit]] = await Promise.all([
    hospitalTimeZone(tx, tenantId),
    loadClassifier(tx, tenantId),
    tx
      .select({
        id: users.id,
        userName: users.userName,
        nickName: users.nickName,
        departmentCode: users.departmentCode,
      })
      .from(users)
      .where(and(eq(users.tenantId, tenantId), isNull(users.deletedAt))),
    tx
      .select()
      .from(patientTransfers)
      .where(
        and(
          eq(patientTransfers.tenantId, tenantId),
          inArray(
            patientTransfers.patientId,
            ward.map((p) => p.id),
          ),
        ),
      ),
    tx
      .select({ code: units.code, name: units.name })
      .from(units)
      .where(and(eq(units.tenantId, tenantId), eq(units.category, 'GLU'))),
  ]);
  const mgDl = /mg/i.test(`${gluUnit?.code ?? ''}${gluUnit?.name ?? ''}`);
  const byName = new Map(staff.map((u) => [u.userName, u]));
  const admin = byName.get('admin') ?? staff[0];
  if (!admin) return;
  const reviewer = byName.get('reviewer01') ?? admin;
  /** who measures on a ward: the ward nurse on ENDO, else the ward's doctor, else the administrator */
  const testerOf = (dept: string) =>
    (dept === 'ENDO' ? byName.get('nurse01') : undefined) ??
    staff.find((u) => u.departmentCode === dept && u.userName !== 'admin') ??
    admin;
  const today = startOfDay(now, timeZone);
  const rows: Insert[] = [];
  let glucoseCount = 0;

  ward.forEach((patient, index) => {
    const random = prng(hash(`${tenantId}:${patient.name}:${index}`));
    const profile = profileOf(patient, random);
    const first = new Date(Math.max(patient.admittedAt.getTime(), now.getTime() - 7 * DAY_MS));
    const moved = transfers.find((tr) => tr.patientId === patient.id);
    const departmentAt = (at: Date) =>
      moved && at < moved.startTime ? moved.fromDepartmentCode : patient.departmentCode;
    const base = {
      tenantId,
      patientId: patient.id,
      admissionId: patient.admissionId,
      source: 'manual' as const,
      createdBy: admin.id,
    };
    const patientCtx = (dept: string) => ({ ...patient, departmentCode: dept });
    const statusAt = (at: Date): Partial<Insert> =>
      at < today
        ? {
            status: 'approved',
            approvedBy: reviewer.id,
            approvedByName: reviewer.nickName,
            approvedAt: new Date(
              Math.min(startOfDay(at, timeZone).getTime() + DAY_MS + 10 * 3_600_000, now.getTime()),
            ),
          }
        : { status: 'pending' };
    const points = patient.departmentCode === 'ENDO' ? SEVEN_POINT : FOUR_POINT;

    for (let day = startOfDay(first, timeZone); day <= now; day = new Date(day.getTime() + DAY_MS)) {
      const stayDays = (day.getTime() - patient.admittedAt.getTime()) / DAY_MS;
      for (const period of points) {
        const slot = SLOTS[period]!;
        const testTime = new Date(
          day.getTime() + (slot.minutes + Math.round((random() - 0.5) * 30)) * MINUTE_MS,
        );
        const roll = random();
        const spread = noise(random);
        if (testTime < first || testTime > now) continue;
        const dept = departmentAt(testTime);
        const tester = testerOf(dept);
        const common = {
          ...base,
          departmentCode: dept,
          item: 'GLU',
          periodCode: period,
          testTime,
          testerId: tester.id,
          testerName: tester.nickName,
          updatedBy: tester.id,
          createdAt: testTime,
          updatedAt: testTime,
          ...statusAt(testTime),
        };
        if (roll < 0.02) {
          // a few untested: refused (with the refusal reason), meter HI, away for an examination
          const kind = Math.floor(random() * 3);
          rows.push({
            ...common,
            value: null,
            untestedReason: ['refused', 'outOfRange', 'other'][kind],
            refusalReason: kind === 0 ? 'fear' : null,
            untestedReasonText:
              kind === 1 ? 'HI' : kind === 2 ? (tenantId === '202' ? 'Away for CT' : '外出做CT检查') : null,
            classification: null,
            grade: null,
            color: null,
          });
          continue;
        }
        let mmol =
          profile.fasting - profile.drift * Math.max(0, stayDays) + slot.offset * (1 + profile.rise * 0.3);
        mmol += spread * profile.spread;
        // ordinary readings stay clear of the critical limits; the deliberate ones below cross them
        mmol = Math.min(18.5, Math.max(4, mmol));
        if (++glucoseCount % 150 === 40) mmol = random() < 0.5 ? 2.2 + random() * 0.4 : 23 + random() * 3;
        const entered = mgDl ? Math.round(mmol * 18) : roundDecimal(mmol, 1);
        const enteredUnit = mgDl ? 'mgDl' : 'mmolL';
        // stored at full precision (100 mg/dL is 5.5555… mmol/L), as the write path stores it
        const value = storedValueOf('GLU', entered, enteredUnit) as number;
        rows.push({
          ...common,
          value,
          enteredValue: entered,
          enteredUnit,
          ...classify(
            { item: 'GLU', value, enteredValue: entered, enteredUnit, periodCode: period, testTime },
            patientCtx(dept),
          ),
        });
      }
      // ketone for the first three patients (daily), uric acid for the next four (every other day)
      const extra = (item: 'KET' | 'UA', minutes: number, value: number) => {
        const testTime = new Date(day.getTime() + minutes * MINUTE_MS);
        if (testTime < first || testTime > now) return;
        const dept = departmentAt(testTime);
        const tester = testerOf(dept);
        rows.push({
          ...base,
          departmentCode: dept,
          item,
          periodCode: null,
          testTime,
          value,
          enteredValue: value,
          enteredUnit: item === 'KET' ? 'mmolL' : 'umolL',
          testerId: tester.id,
          testerName: tester.nickName,
          updatedBy: tester.id,
          createdAt: testTime,
          updatedAt: testTime,
          ...statusAt(testTime),
          ...classify({ item, value, periodCode: null, testTime }, patientCtx(dept)),
        });
      };
      if (index < 3)
        extra(
          'KET',
          7 * 60 + 5,
          roundDecimal(Math.max(0.1, 0.2 + random() * 0.5 + (stayDays < 1 ? 0.6 : 0)), 1),
        );
      const uaDay = Math.round((day.getTime() - today.getTime()) / DAY_MS) % 2 === 0;
      if (index >= 3 && index < 7 && uaDay)
        extra('UA', 6 * 60 + 45, Math.round(330 + random() * 180 + (index === 5 ? 120 : 0)));
    }
  });

  const written: WrittenReading[] = [];
  for (let start = 0; start < rows.length; start += 500) {
    const inserted = await tx
      .insert(measurements)
      .values(rows.slice(start, start + 500))
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
    written.push(...inserted);
  }
  await syncCriticalEvents(tx, tenantId, written);

  // critical values of earlier days were handled: who was told, what was done, 10-40 minutes later
  const older = written.filter(
    (row) =>
      (row.classification === 'criticalLow' || row.classification === 'criticalHigh') && row.testTime < today,
  );
  for (const [i, row] of older.entries()) {
    const low = row.classification === 'criticalLow';
    const handler = testerOf(row.departmentCode);
    const doctor =
      staff.find((u) => u.departmentCode === row.departmentCode && u.userName.startsWith('doctor')) ?? admin;
    const zh = tenantId !== '202';
    await tx
      .update(criticalEvents)
      .set({
        status: 'handled',
        notifiedPerson: doctor.nickName,
        action: low
          ? zh
            ? '口服葡萄糖15g，15分钟后复测血糖已回升'
            : 'Gave 15 g oral glucose; glucose back up on the 15-minute recheck'
          : zh
            ? '通知医生，遵医嘱皮下注射胰岛素，1小时后复测'
            : 'Doctor informed; insulin given as ordered, recheck in 1 hour',
        handledBy: handler.id,
        handledByName: handler.nickName,
        handledAt: new Date(row.testTime.getTime() + (10 + ((i * 7) % 30)) * MINUTE_MS),
        version: 2,
      })
      .where(and(eq(criticalEvents.tenantId, tenantId), eq(criticalEvents.measurementId, row.id)));
  }
}
