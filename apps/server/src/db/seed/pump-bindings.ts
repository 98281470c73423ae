import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import type { BasalSegment } from '../schema';
import { insulinPumps, patients, pumpBasalProfiles, pumpBindings, pumpTubeChanges, users } from '../schema';

const DAY = 86_400_000;
const MINUTE = 60_000;

/** Who wears which demo pump (days before now), with tube changes and basal profiles (days before now). */
interface DemoBinding {
  serial: string;
  patient: string;
  upDaysAgo: number;
  downDaysAgo?: number;
  downReason?: string;
  tubeChangesDaysAgo?: number[];
  /** basal profiles after the first one (set at the up-pump), days before now */
  profileChangesDaysAgo?: number[];
}

const BINDINGS: DemoBinding[] = [
  // ENDO: the last tube change 3.5 days ago (overdue at the default 3 days); a second pump since 2 days
  {
    serial: 'MMT780-ENDO-01',
    patient: '王建国',
    upDaysAgo: 5,
    tubeChangesDaysAgo: [3.5],
    profileChangesDaysAgo: [1],
  },
  { serial: 'EQP-ENDO-02', patient: '陈志强', upDaysAgo: 2 },
  // CARD: the pump reporting 12 % battery
  { serial: 'MMT780-CARD-01', patient: '马玉兰', upDaysAgo: 3, tubeChangesDaysAgo: [1] },
  { serial: 'ACC-CARD-02', patient: 'Sarah Johnson', upDaysAgo: 1.5 },
  // ICU: the pump reporting 8.5 IU left
  { serial: 'MMT780-ICU-01', patient: '朱德明', upDaysAgo: 4, tubeChangesDaysAgo: [1.2] },
  { serial: 'EQP-ICU-02', patient: '郭秀珍', upDaysAgo: 2.5 },
  { serial: 'MMT780-GSURG-01', patient: '高磊', upDaysAgo: 2 },
  { serial: 'MMT780-NEPH-01', patient: '郑国华', upDaysAgo: 6, tubeChangesDaysAgo: [4, 2] },
  // finished bindings (the history): patients since discharged
  {
    serial: 'MMT780-ENDO-01',
    patient: '谢文斌',
    upDaysAgo: 18,
    downDaysAgo: 7,
    downReason: '出院前改为皮下注射',
    tubeChangesDaysAgo: [15, 12, 9],
  },
  {
    serial: 'EQP-ENDO-02',
    patient: '韩雪',
    upDaysAgo: 14,
    downDaysAgo: 3,
    downReason: '血糖平稳，停泵',
    tubeChangesDaysAgo: [11, 8, 5],
  },
  {
    serial: 'ACC-CARD-02',
    patient: '唐志明',
    upDaysAgo: 24,
    downDaysAgo: 12,
    downReason: '出院',
    tubeChangesDaysAgo: [21, 18, 15],
  },
];

/** A usual adult profile: lower at night, higher at dawn (IU/h). */
const PROFILES: BasalSegment[][] = [
  [
    { start: '00:00', rate: 0.8 },
    { start: '03:00', rate: 1.0 },
    { start: '07:00', rate: 0.9 },
    { start: '22:00', rate: 0.75 },
  ],
  [
    { start: '00:00', rate: 0.6 },
    { start: '04:00', rate: 0.85 },
    { start: '09:00', rate: 0.7 },
  ],
  [{ start: '00:00', rate: 1.125 }],
];

/**
 * Demo pump bindings (issue 16), tenant 101: the enabled pumps of every ward with pumps worn by
 * in-hospital patients (one ward pump left free for an up-pump), tube changes and basal profiles, one
 * binding whose last tube change is more than 3 days old, and finished bindings of discharged patients
 * for the history. Put on by nurse01 under doctor01.
 */
export async function seedPumpBindings(tx: DbOrTx, tenantId: string): Promise<void> {
  if (tenantId !== '101') return;
  const pumps = await tx
    .select({ id: insulinPumps.id, serial: insulinPumps.serialNumber })
    .from(insulinPumps)
    .where(
      and(
        eq(insulinPumps.tenantId, tenantId),
        inArray(
          insulinPumps.serialNumber,
          BINDINGS.map((b) => b.serial),
        ),
      ),
    );
  const people = await tx
    .select({
      id: patients.id,
      name: patients.name,
      departmentCode: patients.departmentCode,
      admissionId: patients.admissionId,
      admittedAt: patients.admittedAt,
    })
    .from(patients)
    .where(
      and(
        eq(patients.tenantId, tenantId),
        inArray(
          patients.name,
          BINDINGS.map((b) => b.patient),
        ),
      ),
    );
  const staff = await tx
    .select({ id: users.id, userName: users.userName, nickName: users.nickName })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), inArray(users.userName, ['doctor01', 'nurse01'])));
  const doctor = staff.find((u) => u.userName === 'doctor01');
  const nurse = staff.find((u) => u.userName === 'nurse01');
  if (!doctor || !nurse) return;
  const nameOf = (u: { nickName: string; userName: string }) => u.nickName || u.userName;
  const now = Date.now();
  const at = (daysAgo: number) => new Date(now - daysAgo * DAY);

  for (const [index, demo] of BINDINGS.entries()) {
    const pump = pumps.find((p) => p.serial === demo.serial);
    const patient = people.find((p) => p.name === demo.patient);
    if (!pump || !patient || at(demo.upDaysAgo) <= patient.admittedAt) continue;
    const [binding] = await tx
      .insert(pumpBindings)
      .values({
        tenantId,
        pumpId: pump.id,
        patientId: patient.id,
        admissionId: patient.admissionId,
        departmentCode: patient.departmentCode,
        upAt: at(demo.upDaysAgo),
        executorId: nurse.id,
        executorName: nameOf(nurse),
        responsibleDoctorId: doctor.id,
        responsibleDoctorName: nameOf(doctor),
        responsibleNurseId: nurse.id,
        responsibleNurseName: nameOf(nurse),
        downAt: demo.downDaysAgo ? at(demo.downDaysAgo) : null,
        downById: demo.downDaysAgo ? nurse.id : null,
        downByName: demo.downDaysAgo ? nameOf(nurse) : null,
        downReason: demo.downReason ?? null,
        version: demo.downDaysAgo ? 2 : 1,
        createdBy: nurse.id,
        createdAt: at(demo.upDaysAgo),
        updatedAt: at(demo.downDaysAgo ?? demo.upDaysAgo),
      })
      .returning({ id: pumpBindings.id });
    const bindingId = binding!.id;
    for (const daysAgo of demo.tubeChangesDaysAgo ?? []) {
      await tx.insert(pumpTubeChanges).values({
        tenantId,
        bindingId,
        changedAt: at(daysAgo),
        executorId: nurse.id,
        executorName: nameOf(nurse),
        createdAt: at(daysAgo),
      });
    }
    const profileTimes = [
      new Date(at(demo.upDaysAgo).getTime() + 5 * MINUTE),
      ...(demo.profileChangesDaysAgo ?? []).map(at),
    ];
    for (const [n, effectiveAt] of profileTimes.entries()) {
      await tx.insert(pumpBasalProfiles).values({
        tenantId,
        bindingId,
        effectiveAt,
        segments: PROFILES[(index + n) % PROFILES.length]!,
        setById: doctor.id,
        setByName: nameOf(doctor),
        note: n ? '黎明现象，凌晨基础率上调' : null,
        createdAt: effectiveAt,
      });
    }
  }
}
