import { DEFAULT_QC_STRATEGY, type QcObservation, zScore } from '@glucocare/domain';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { judge, refreshAnalyzerQc } from '../../modules/quality/records/evaluate';
import type { DbOrTx } from '../client';
import { analyzers, controlSolutions, measurements, patients, qcRecords, testStrips, users } from '../schema';
import { DEMO_ANALYZERS } from './quality';

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
/** Runs a day at 08:00 and 20:00 on the demo hospital's clock (Asia/Shanghai, UTC+8). */
const RUN_HOURS_UTC = [0, 12];
const DAYS = 60;

/** A small deterministic generator (the same demo every time). */
function generator(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/** The demo's special runs: [meter, days ago, run of the day, z of level 0, z of level 2]. */
const SPECIAL: [sn: string, daysAgo: number, run: number, z0: number, z2: number][] = [
  // 1-2s warnings only
  ['GM2026E0001', 40, 0, 2.3, 0.4],
  ['GM2026C0001', 25, 1, -0.3, -2.2],
  ['GM2026S0001', 12, 0, 2.15, 0.9],
  // 1-3s: rejected, then passed at the next run
  ['GM2026C0001', 33, 0, 0.5, 3.4],
  // R-4s within the run
  ['GM2026I0001', 18, 1, 2.4, -2.3],
  // 2-2s across levels
  ['GM2026N0001', 9, 0, 2.2, 2.5],
];
const FAILURE = {
  reason: 'Control vial left open on the trolley; value out of control',
  actions: 'New control vial opened, meter cleaned, run repeated and passed',
};

/**
 * About two months of control runs (levels 0 and 2, twice a day) on the ward meters, judged with the
 * same code the API uses (evaluate.ts) on the lots in use and the default strategy: a few 1-2s warnings
 * and rejected runs (each failure followed by a pass), and GM2026E0002 locked by a failed run yesterday
 * morning with one patient reading (an ENDO inpatient) uploaded after it and held by the lockout. The
 * analyzers' QC columns are then worked out from the records as after every write.
 */
export async function seedQualityRuns(tx: DbOrTx, tenantId: string): Promise<void> {
  if (tenantId !== '101') return;
  const meters = await tx
    .select()
    .from(analyzers)
    .where(and(eq(analyzers.tenantId, tenantId), isNull(analyzers.deletedAt), eq(analyzers.isSpare, false)));
  const [control] = await tx
    .select()
    .from(controlSolutions)
    .where(
      and(eq(controlSolutions.tenantId, tenantId), eq(controlSolutions.id, meters[0]!.controlSolutionId!)),
    );
  const [strip] = await tx
    .select()
    .from(testStrips)
    .where(and(eq(testStrips.tenantId, tenantId), eq(testStrips.id, meters[0]!.testStripId!)));
  if (!control || !strip) return;
  const [nurse] = await tx
    .select({ id: users.id, name: users.nickName })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.userName, 'nurse01')));
  const lots = { control, strip };
  const now = Date.now();
  const today = Math.floor(now / DAY) * DAY;
  const yesterdayMorning = today - DAY + RUN_HOURS_UTC[0]! * HOUR;
  const rows: (typeof qcRecords.$inferInsert)[] = [];

  for (const [index, sn] of DEMO_ANALYZERS.map((meter) => meter.sn).entries()) {
    const meter = meters.find((m) => m.sn === sn);
    if (!meter) continue;
    const random = generator(1_000 + index * 77);
    const normal = () => (random() + random() + random() - 1.5) * 1.3;
    const earlier: QcObservation[] = [];
    for (let day = DAYS; day >= 0; day--) {
      for (const [run, hour] of RUN_HOURS_UTC.entries()) {
        const at = today - day * DAY + hour * HOUR;
        if (at > now - HOUR) continue;
        const locked = sn === 'GM2026E0002';
        // the locked meter: its failing run yesterday morning is its last
        if (locked && at > yesterdayMorning) continue;
        const special = SPECIAL.find(([s, d, r]) => s === sn && d === day && r === run);
        let z0 = special?.[3] ?? normal();
        let z2 = special?.[4] ?? normal();
        if (locked && at === yesterdayMorning) [z0, z2] = [3.75, 0.3];
        const levels = [
          { level: 0, testValue: Math.round((2.8 + z0 * 0.2) * 100) / 100 },
          { level: 2, testValue: Math.round((16.7 + z2 * 0.8) * 10) / 10 },
        ];
        const judged = judge(levels, lots, earlier.slice(-30), DEFAULT_QC_STRATEGY.rules);
        const failed = judged.some((level) => level.result === 'fail');
        for (const [i, level] of judged.entries()) {
          rows.push({
            tenantId,
            analyzerId: meter.id,
            analyzerSn: meter.sn,
            departmentCode: meter.departmentCode,
            item: 'GLU',
            level: level.level,
            testedAt: new Date(at),
            testValue: levels[i]!.testValue,
            controlSolutionId: control.id,
            controlLot: control.lotNumber,
            testStripId: strip.id,
            stripLot: strip.lotNumber,
            target: level.target,
            sd: level.sd,
            rangeLow: level.rangeLow,
            rangeHigh: level.rangeHigh,
            result: level.result,
            enteredResult: level.result,
            inRange: level.inRange,
            violations: level.violations,
            rejected: level.rejected,
            testerId: nurse?.id ?? null,
            testerName: nurse?.name ?? 'nurse01',
            failureReason: failed ? FAILURE.reason : null,
            improvementActions: failed ? FAILURE.actions : null,
            source: run === 0 ? 'meter' : 'manual',
            deviceRecordNo: run === 0 ? `QC${at / HOUR}-${level.level}` : null,
            createdBy: nurse?.id ?? null,
            createdAt: new Date(at),
            updatedAt: new Date(at),
          });
          earlier.push({ level: level.level, z: zScore(levels[i]!.testValue, level.target, level.sd) });
        }
      }
    }
  }
  for (let start = 0; start < rows.length; start += 500) {
    await tx.insert(qcRecords).values(rows.slice(start, start + 500));
  }
  await tx
    .update(testStrips)
    .set({ countTested: sql`${testStrips.countTested} + ${rows.length}` })
    .where(and(eq(testStrips.tenantId, tenantId), eq(testStrips.id, strip.id)));
  for (const meter of meters) {
    await refreshAnalyzerQc(tx, tenantId, meter.id, DEFAULT_QC_STRATEGY.requiredLevels);
  }

  // one ENDO inpatient's reading uploaded by the locked meter after its failed run: held by the lockout
  // yesterday 10:17:23 on the hospital's clock (after breakfast), 2 h 17 min after the failed run
  const testTime = new Date(yesterdayMorning + 2 * HOUR + 17 * 60_000 + 23_000);
  const [patient] = await tx
    .select()
    .from(patients)
    .where(
      and(
        eq(patients.tenantId, tenantId),
        eq(patients.departmentCode, 'ENDO'),
        eq(patients.status, 'inHospital'),
        lt(patients.admittedAt, new Date(testTime.getTime() - DAY)),
      ),
    )
    .orderBy(patients.id)
    .limit(1);
  if (!patient) return;
  await tx.insert(measurements).values({
    tenantId,
    patientId: patient.id,
    admissionId: patient.admissionId,
    departmentCode: 'ENDO',
    item: 'GLU',
    periodCode: 'afterBreakfast',
    testTime,
    value: 8.6,
    enteredValue: 8.6,
    enteredUnit: 'mmolL',
    testerId: nurse?.id ?? null,
    testerName: nurse?.name ?? 'nurse01',
    source: 'meter',
    deviceSerial: 'GM2026E0002',
    deviceRecordNo: 'GM2-P-000417',
    qcHold: 'failedQc',
    classification: 'normal',
    status: 'pending',
    createdAt: testTime,
    updatedAt: testTime,
  });
}
