import { and, eq, sql } from 'drizzle-orm';
import { hashPassword } from '../../modules/auth/service';
import type { DbOrTx } from '../client';
import {
  departments,
  hisPatients,
  patientAdmissions,
  patients,
  patientTransfers,
  roles,
  userRoles,
  users,
} from '../schema';

/**
 * Demo inpatients of the demo tenants (issue 5): tenant 101 has 24 patients on its wards (ENDO 12,
 * CARD 4, ICU 4, GSURG 2, NEPH 2), 3 discharged, and HIS records of ~10 patients not yet admitted
 * (wristbands `WB2026…`) for the scan and lookup demo; tenant 202 a few. Times are relative to the
 * seeding moment: admissions spread over the last 14 days. Readings are seeded by the measurements
 * seed from whatever patients exist.
 */

type Gender = 'male' | 'female';

interface DemoPatient {
  name: string;
  gender: Gender;
  age: number;
  dept: string;
  bed: string;
  /** days before the seeding moment */
  admittedDaysAgo: number;
  tags?: string[];
  heightCm?: number;
  weightKg?: number;
  /** discharged this many days ago */
  dischargedDaysAgo?: number;
  /** moved from this department and bed this many days ago */
  transferredFrom?: { dept: string; bed: string; daysAgo: number; reason: string };
}

interface DemoHis {
  name: string;
  gender: Gender;
  age: number;
  dept: string;
  bed: string;
}

/**
 * A demo doctor and a head nurse for each department of 101 without them (doctor01 and headnurse, demo
 * logins, work in ENDO).
 */
const DEMO_WARD_STAFF: Record<
  string,
  { dept: string; userName: string; nickName: string; gender: Gender; role: 'doctor' | 'nurse' }[]
> = {
  '101': [
    { dept: 'CARD', userName: 'doctor02', nickName: 'Dr. Chen Jing', gender: 'female', role: 'doctor' },
    { dept: 'ICU', userName: 'doctor03', nickName: 'Dr. Zhao Lei', gender: 'male', role: 'doctor' },
    { dept: 'GSURG', userName: 'doctor04', nickName: 'Dr. Sun Hao', gender: 'male', role: 'doctor' },
    { dept: 'NEPH', userName: 'doctor05', nickName: 'Dr. Emily Carter', gender: 'female', role: 'doctor' },
    { dept: 'CARD', userName: 'headnurse02', nickName: 'Zhou Li', gender: 'female', role: 'nurse' },
    { dept: 'ICU', userName: 'headnurse03', nickName: 'Wu Min', gender: 'female', role: 'nurse' },
    { dept: 'GSURG', userName: 'headnurse04', nickName: 'Xu Ting', gender: 'female', role: 'nurse' },
    { dept: 'NEPH', userName: 'headnurse05', nickName: 'Grace Miller', gender: 'female', role: 'nurse' },
  ],
};

/** The head nurse of each ward (user names): critical values of the ward escalate to her. */
const WARD_HEAD_NURSES: Record<string, Record<string, string>> = {
  '101': {
    ENDO: 'headnurse',
    CARD: 'headnurse02',
    ICU: 'headnurse03',
    GSURG: 'headnurse04',
    NEPH: 'headnurse05',
  },
};

/**
 * Their first password (they must change it at first sign-in; not a demo login). Hashed once per
 * process and reused: argon2id is deliberately slow.
 */
const DEMO_DOCTOR_PASSWORD = 'Welcome@2026';
let doctorPasswordHash: Promise<string> | null = null;

/** The responsible doctor of each ward (user names). */
const WARD_DOCTORS: Record<string, Record<string, string | null>> = {
  '101': { ENDO: 'doctor01', CARD: 'doctor02', ICU: 'doctor03', GSURG: 'doctor04', NEPH: 'doctor05' },
  '202': { IM: null, ENDO: null },
};

/** A demo patient: who, where, admitted how many days ago, and anything more (tags, size, discharge, move). */
function demo(
  name: string,
  gender: Gender,
  age: number,
  dept: string,
  bed: string,
  admittedDaysAgo: number,
  more: Partial<DemoPatient> = {},
): DemoPatient {
  return { name, gender, age, dept, bed, admittedDaysAgo, ...more };
}

const PATIENTS: Record<string, DemoPatient[]> = {
  '101': [
    demo('王建国', 'male', 67, 'ENDO', '1', 12.2, { tags: ['胰岛素泵'], heightCm: 172, weightKg: 81 }),
    demo('李秀英', 'female', 72, 'ENDO', '2', 9.6, { tags: ['低血糖风险'], heightCm: 158, weightKg: 52 }),
    demo('张伟', 'male', 45, 'ENDO', '3', 6.3, { heightCm: 178, weightKg: 92.5 }),
    demo('刘芳', 'female', 38, 'ENDO', '5', 4.1),
    demo('陈志强', 'male', 58, 'ENDO', '6', 13.4, { tags: ['胰岛素泵'], heightCm: 169, weightKg: 74 }),
    demo('杨丽华', 'female', 63, 'ENDO', '7', 2.8, { heightCm: 161, weightKg: 66 }),
    demo('赵明', 'male', 29, 'ENDO', '8', 0.2, { tags: ['新入院'] }),
    demo('黄淑芬', 'female', 81, 'ENDO', '10', 7.7, { tags: ['低血糖风险'], heightCm: 152, weightKg: 47 }),
    demo('周海涛', 'male', 54, 'ENDO', '11', 1.1, { heightCm: 175, weightKg: 88 }),
    demo('吴婷婷', 'female', 33, 'ENDO', '12', 3.5, { tags: ['妊娠'], heightCm: 163, weightKg: 70 }),
    demo('徐国庆', 'male', 76, 'ENDO', '15', 10.9),
    demo('David Miller', 'male', 61, 'ENDO', '16', 0.4, { tags: ['新入院'], heightCm: 183, weightKg: 95 }),
    demo('孙建华', 'male', 70, 'CARD', '1', 8.2, {
      transferredFrom: { dept: 'ENDO', bed: '4', daysAgo: 2.5, reason: '胸痛，转心内科进一步诊治' },
    }),
    demo('马玉兰', 'female', 66, 'CARD', '2', 5.3),
    demo('胡斌', 'male', 52, 'CARD', '3', 1.6),
    demo('Sarah Johnson', 'female', 47, 'CARD', '5', 3.9),
    demo('朱德明', 'male', 83, 'ICU', '1', 6.8, { tags: ['低血糖风险'] }),
    demo('郭秀珍', 'female', 88, 'ICU', '2', 4.6),
    demo('林峰', 'male', 41, 'ICU', '3', 2.1),
    demo('何静', 'female', 57, 'ICU', '4', 0.7, { tags: ['新入院'] }),
    demo('高磊', 'male', 36, 'GSURG', '6', 3.2, { tags: ['围手术期'] }),
    demo('罗晓燕', 'female', 49, 'GSURG', '9', 1.9, { tags: ['围手术期'] }),
    demo('郑国华', 'male', 62, 'NEPH', '2', 11.5),
    demo('梁美玲', 'female', 25, 'NEPH', '4', 5.9),
    demo('谢文斌', 'male', 59, 'ENDO', '9', 20.3, { dischargedDaysAgo: 6.2 }),
    demo('韩雪', 'female', 44, 'ENDO', '13', 15.8, { dischargedDaysAgo: 2.4 }),
    demo('唐志明', 'male', 71, 'CARD', '6', 25.1, { dischargedDaysAgo: 11.7 }),
  ],
  '202': [
    demo('Margaret Wilson', 'female', 74, 'IM', '3', 4.4),
    demo('James Thompson', 'male', 58, 'IM', '7', 1.3),
    demo('Olivia Martin', 'female', 31, 'ENDO', '2', 2.6, { tags: ['Pregnancy'] }),
    demo('Robert Garcia', 'male', 66, 'ENDO', '5', 8.9, { tags: ['Insulin pump'] }),
  ],
};

/** Patients the hospital information system knows but the wards have not admitted yet. */
const HIS_ONLY: Record<string, DemoHis[]> = {
  '101': [
    { name: '冯建军', gender: 'male', age: 64, dept: 'ENDO', bed: '4' },
    { name: '邓丽娟', gender: 'female', age: 52, dept: 'ENDO', bed: '9' },
    { name: '曹阳', gender: 'male', age: 27, dept: 'ENDO', bed: '13' },
    { name: '彭秀兰', gender: 'female', age: 79, dept: 'ENDO', bed: '14' },
    { name: '曾志伟', gender: 'male', age: 48, dept: 'ENDO', bed: '17' },
    { name: '萧雅琴', gender: 'female', age: 35, dept: 'CARD', bed: '4' },
    { name: '田野', gender: 'male', age: 56, dept: 'ICU', bed: '5' },
    { name: '董红梅', gender: 'female', age: 68, dept: 'NEPH', bed: '1' },
    { name: 'Michael Brown', gender: 'male', age: 59, dept: 'ENDO', bed: '18' },
    { name: '袁博', gender: 'male', age: 42, dept: 'GSURG', bed: '2' },
  ],
  '202': [
    { name: 'Emma Davis', gender: 'female', age: 45, dept: 'IM', bed: '1' },
    { name: 'William Clark', gender: 'male', age: 70, dept: 'ENDO', bed: '1' },
  ],
};

const DAY_MS = 86_400_000;

/** A birth date `age` years (and a few weeks, varying by index) before `now`, as YYYY-MM-DD. */
function birthDate(now: Date, age: number, index: number): string {
  const date = new Date(now);
  date.setUTCFullYear(date.getUTCFullYear() - age);
  date.setUTCDate(date.getUTCDate() - 20 - ((index * 37) % 300));
  return date.toISOString().slice(0, 10);
}

/** An 18-digit ID card number of a demo person (region 110105 Beijing Chaoyang; check digit not computed). */
function idCard(dateOfBirth: string, index: number, gender: Gender): string {
  const serial = String(100 + ((index * 7) % 800)).padStart(3, '0');
  const last = gender === 'male' ? String((index % 5) * 2 + 1) : String((index % 5) * 2);
  return `110105${dateOfBirth.replaceAll('-', '')}${serial}${last}`;
}

const mobile = (index: number) => `139${String(10_000_000 + index * 7_919).padStart(8, '0')}`;

async function seedWardStaff(tx: DbOrTx, tenantId: string): Promise<void> {
  const staff = DEMO_WARD_STAFF[tenantId];
  if (staff?.length) {
    const roleRows = await tx
      .select({ id: roles.id, code: roles.code })
      .from(roles)
      .where(eq(roles.tenantId, tenantId));
    const roleId = new Map(roleRows.map((role) => [role.code, role.id]));
    doctorPasswordHash ??= hashPassword(DEMO_DOCTOR_PASSWORD);
    const passwordHash = await doctorPasswordHash;
    for (const person of staff) {
      const [user] = await tx
        .insert(users)
        .values({
          tenantId,
          userName: person.userName,
          nickName: person.nickName,
          gender: person.gender,
          passwordHash,
          departmentCode: person.dept,
          permissionScope: 'departments',
          mustChangePassword: true,
        })
        .returning({ id: users.id });
      const role = roleId.get(person.role);
      if (role) await tx.insert(userRoles).values({ tenantId, userId: user!.id, roleId: role });
    }
  }
  for (const [dept, userName] of Object.entries(WARD_HEAD_NURSES[tenantId] ?? {})) {
    await tx
      .update(departments)
      .set({
        headNurseId: sql`(select ${users.id} from ${users} where ${users.tenantId} = ${tenantId}
          and lower(${users.userName}) = lower(${userName}))`,
      })
      .where(and(eq(departments.tenantId, tenantId), eq(departments.code, dept)));
  }
}

/** Demo inpatients (and HIS patients to look up) of a demo tenant. */
export async function seedPatients(tx: DbOrTx, tenantId: string): Promise<void> {
  await seedWardStaff(tx, tenantId);
  const list = PATIENTS[tenantId] ?? [];
  const hisOnly = HIS_ONLY[tenantId] ?? [];
  if (!list.length && !hisOnly.length) return;
  const now = new Date();
  const doctorOf = (dept: string) => WARD_DOCTORS[tenantId]?.[dept] ?? null;
  // each demo hospital numbers its own patients; 202's numbers differ from 101's so demos never mix them up
  const base = tenantId === '101' ? 0 : 500;
  const his: (typeof hisPatients.$inferInsert)[] = [];

  for (const [index, p] of list.entries()) {
    const number = String(base + index + 1).padStart(4, '0');
    const inpatientNumber = `ZY2026${number}`;
    const wristbandCode = `WB2026${number}`;
    const dateOfBirth = birthDate(now, p.age, index);
    const admittedAt = new Date(now.getTime() - p.admittedDaysAgo * DAY_MS);
    const dischargedAt = p.dischargedDaysAgo ? new Date(now.getTime() - p.dischargedDaysAgo * DAY_MS) : null;
    const doctorCode = doctorOf(p.dept);
    const person = {
      name: p.name,
      gender: p.gender,
      dateOfBirth,
      idCard: idCard(dateOfBirth, index, p.gender),
      mobilePhone: mobile(index),
    };
    // what the patient row and its stay both carry
    const stayValues = {
      tenantId,
      inpatientNumber,
      wristbandCode,
      departmentCode: p.dept,
      bed: p.bed,
      doctorCode,
      admittedAt,
      dischargedAt,
      createdAt: admittedAt,
    };
    const [row] = await tx
      .insert(patients)
      .values({
        ...stayValues,
        ...person,
        age: p.age,
        heightCm: p.heightCm ?? null,
        weightKg: p.weightKg ?? null,
        tags: p.tags ?? [],
        status: dischargedAt ? 'discharged' : 'inHospital',
        updatedAt: dischargedAt ?? admittedAt,
      })
      .returning({ id: patients.id });
    const patientId = row!.id;
    const from = p.transferredFrom;
    const [stay] = await tx
      .insert(patientAdmissions)
      .values({ ...stayValues, patientId })
      .returning({ id: patientAdmissions.id });
    await tx
      .update(patients)
      .set({ admissionId: stay!.id })
      .where(and(eq(patients.tenantId, tenantId), eq(patients.id, patientId)));
    if (from) {
      const startTime = new Date(now.getTime() - from.daysAgo * DAY_MS);
      await tx.insert(patientTransfers).values({
        tenantId,
        patientId,
        admissionId: stay!.id,
        fromDepartmentCode: from.dept,
        toDepartmentCode: p.dept,
        fromBed: from.bed,
        toBed: p.bed,
        fromDoctorCode: doctorOf(from.dept),
        toDoctorCode: doctorCode,
        reason: from.reason,
        startTime,
        endTime: new Date(startTime.getTime() + 2 * 3_600_000),
        createdAt: startTime,
      });
    }
    his.push({
      tenantId,
      ...person,
      inpatientNumber,
      wristbandCode,
      departmentCode: from?.dept ?? p.dept,
      bed: from?.bed ?? p.bed,
      doctorCode: doctorOf(from?.dept ?? p.dept),
      admittedAt,
      receivedAt: admittedAt,
    });
  }

  for (const [index, h] of hisOnly.entries()) {
    const number = String(base + 101 + index).padStart(4, '0');
    const dateOfBirth = birthDate(now, h.age, index + 50);
    his.push({
      tenantId,
      inpatientNumber: `ZY2026${number}`,
      wristbandCode: `WB2026${number}`,
      name: h.name,
      gender: h.gender,
      dateOfBirth,
      idCard: idCard(dateOfBirth, index + 50, h.gender),
      mobilePhone: mobile(index + 50),
      departmentCode: h.dept,
      bed: h.bed,
      doctorCode: doctorOf(h.dept),
      // registered at the admission office within the last hours, waiting for the ward
      admittedAt: new Date(now.getTime() - (index + 1) * 1_800_000),
      receivedAt: new Date(now.getTime() - (index + 1) * 1_800_000),
    });
  }
  if (his.length) await tx.insert(hisPatients).values(his);
}
