import { hospitalDayAt } from '@glucocare/domain';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { hospitalTimeZone } from '../../modules/settings/time-zone';
import type { DbOrTx } from '../client';
import { drugs, insulinPeriods, insulinRecords, patients, users } from '../schema';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** A day's basal-bolus plan: glargine at bedtime, aspart with the three meals (IU). */
const PLANS = [
  { basal: 14, meals: [6, 6, 5] },
  { basal: 20, meals: [8, 6, 8] },
  { basal: 10, meals: [4, 4, 4] },
];
/** the hours (hospital clock) of the doses: breakfast, lunch, dinner, bedtime */
const HOURS = { breakfast: 7.25, lunch: 11.5, dinner: 17.5, bedtime: 21 } as const;

/** The demo insulin patients: the first in-hospital ENDO patients of a tenant (also the medication-order seed's). */
export function demoInsulinPatients(tx: DbOrTx, tenantId: string, count: number) {
  return tx
    .select()
    .from(patients)
    .where(
      and(
        eq(patients.tenantId, tenantId),
        eq(patients.status, 'inHospital'),
        eq(patients.departmentCode, 'ENDO'),
        isNull(patients.deletedAt),
      ),
    )
    .orderBy(asc(patients.id))
    .limit(count);
}

/**
 * Demo insulin records (issue 16): the first three in-hospital ENDO patients on a basal-bolus regimen
 * from their admission (at most 5 days back) to now — glargine at bedtime, aspart with meals, a
 * correction now and then; ordered by doctor01, given by nurse01; confirmed by nurse01 except the last
 * twelve hours' doses.
 */
export async function seedInsulin(tx: DbOrTx, tenantId: string): Promise<void> {
  const ward = await demoInsulinPatients(tx, tenantId, PLANS.length);
  const staff = await tx
    .select({ id: users.id, userName: users.userName, nickName: users.nickName })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), inArray(users.userName, ['doctor01', 'nurse01'])));
  const doctor = staff.find((u) => u.userName === 'doctor01');
  const nurse = staff.find((u) => u.userName === 'nurse01');
  const drugRows = await tx
    .select({ id: drugs.id, code: drugs.code, nameZh: drugs.nameZh, nameEn: drugs.nameEn })
    .from(drugs)
    .where(and(eq(drugs.tenantId, tenantId), inArray(drugs.code, ['INS-ASP-100', 'INS-GLA-100'])));
  const aspart = drugRows.find((d) => d.code === 'INS-ASP-100');
  const glargine = drugRows.find((d) => d.code === 'INS-GLA-100');
  const periods = await tx.select().from(insulinPeriods).where(eq(insulinPeriods.tenantId, tenantId));
  const period = (code: keyof typeof HOURS) => periods.find((p) => p.code === code);
  if (!ward.length || !doctor || !nurse || !aspart || !glargine || periods.length < 4) return;

  const timeZone = await hospitalTimeZone(tx, tenantId);
  const now = new Date();
  now.setUTCSeconds(0, 0);
  const today = hospitalDayAt(now, timeZone).start;
  const rows: (typeof insulinRecords.$inferInsert)[] = [];
  ward.forEach((patient, index) => {
    const plan = PLANS[index]!;
    for (let back = 5; back >= 0; back--) {
      const day = new Date(today.getTime() - back * DAY_MS);
      const doses: {
        code: keyof typeof HOURS;
        drug: typeof aspart;
        dose: number;
        basal?: number;
        bolus?: number;
        correction?: number;
      }[] = [
        { code: 'breakfast', drug: aspart, dose: plan.meals[0]!, bolus: plan.meals[0]! },
        // a correction with lunch every other day
        back % 2 === 0
          ? { code: 'lunch', drug: aspart, dose: plan.meals[1]! + 2, bolus: plan.meals[1]!, correction: 2 }
          : { code: 'lunch', drug: aspart, dose: plan.meals[1]!, bolus: plan.meals[1]! },
        { code: 'dinner', drug: aspart, dose: plan.meals[2]!, bolus: plan.meals[2]! },
        { code: 'bedtime', drug: glargine, dose: plan.basal, basal: plan.basal },
      ];
      for (const d of doses) {
        const givenAt = new Date(day.getTime() + HOURS[d.code] * HOUR_MS);
        if (givenAt > now || givenAt < patient.admittedAt) continue;
        const p = period(d.code)!;
        // the last twelve hours' doses wait for the nurse's confirmation
        const confirmed = now.getTime() - givenAt.getTime() > 12 * HOUR_MS;
        rows.push({
          tenantId,
          patientId: patient.id,
          admissionId: patient.admissionId,
          departmentCode: patient.departmentCode,
          drugId: d.drug.id,
          drugNameZh: d.drug.nameZh,
          drugNameEn: d.drug.nameEn,
          dose: d.dose,
          basalDose: d.basal ?? null,
          bolusDose: d.bolus ?? null,
          correctionDose: d.correction ?? null,
          periodCode: p.code,
          periodNameZh: p.nameZh,
          periodNameEn: p.nameEn,
          givenAt,
          doctorId: doctor.id,
          doctorName: doctor.nickName || doctor.userName,
          nurseId: nurse.id,
          nurseName: nurse.nickName || nurse.userName,
          status: confirmed ? 'confirmed' : 'unconfirmed',
          confirmedBy: confirmed ? nurse.id : null,
          confirmedByName: confirmed ? nurse.nickName || nurse.userName : null,
          confirmedAt: confirmed ? new Date(givenAt.getTime() + 20 * 60_000) : null,
          createdBy: nurse.id,
          createdAt: givenAt,
          updatedAt: givenAt,
        });
      }
    }
  });
  if (rows.length) await tx.insert(insulinRecords).values(rows);
}
