import { hospitalDayAt } from '@glucocare/domain';
import { and, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import { hospitalTimeZone } from '../../modules/settings/time-zone';
import type { DbOrTx } from '../client';
import { drugs, insulinPeriods, insulinRecords, medicationOrders, users } from '../schema';
import type { MedicationOrderDrug } from '../schema/orders';
import { demoInsulinPatients } from './insulin';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

type PeriodCode = 'breakfast' | 'lunch' | 'dinner' | 'bedtime';

/** An order of the demo plan: its drugs (code → dose per administration), period, administrations. */
interface DemoOrder {
  name: string;
  drugs: [code: string, quantity: number][];
  period: PeriodCode;
  quantity: number;
  /** stopped this many hours ago with this reason */
  stopped?: { hoursAgo: number; reason: string };
}

/**
 * Each demo patient's orders, as the insulin seed gives the doses (seed/insulin.ts PLANS): aspart with
 * the three meals, glargine at bedtime, and an oral drug; some stopped with a reason.
 */
const PLANS: DemoOrder[][] = [
  [
    { name: '门冬胰岛素 早餐前', drugs: [['INS-ASP-100', 6]], period: 'breakfast', quantity: 14 },
    { name: '门冬胰岛素 午餐前', drugs: [['INS-ASP-100', 6]], period: 'lunch', quantity: 14 },
    { name: '门冬胰岛素 晚餐前', drugs: [['INS-ASP-100', 5]], period: 'dinner', quantity: 14 },
    { name: '甘精胰岛素 睡前', drugs: [['INS-GLA-100', 14]], period: 'bedtime', quantity: 14 },
    {
      name: '二甲双胍 + 阿卡波糖',
      drugs: [
        ['MET-500', 500],
        ['ACA-50', 50],
      ],
      period: 'breakfast',
      quantity: 28,
    },
  ],
  [
    { name: 'Aspart before breakfast', drugs: [['INS-ASP-100', 8]], period: 'breakfast', quantity: 14 },
    { name: 'Aspart before dinner', drugs: [['INS-ASP-100', 8]], period: 'dinner', quantity: 14 },
    { name: 'Glargine at bedtime', drugs: [['INS-GLA-100', 20]], period: 'bedtime', quantity: 14 },
    {
      name: 'Metformin',
      drugs: [['MET-500', 500]],
      period: 'dinner',
      quantity: 14,
      stopped: { hoursAgo: 30, reason: 'Gastrointestinal upset; switched to insulin only' },
    },
  ],
  [
    { name: '门冬胰岛素 早餐前', drugs: [['INS-ASP-100', 4]], period: 'breakfast', quantity: 14 },
    {
      name: '门冬胰岛素 午餐前',
      drugs: [['INS-ASP-100', 4]],
      period: 'lunch',
      quantity: 14,
      stopped: { hoursAgo: 20, reason: '午餐前血糖达标，停用餐时胰岛素' },
    },
    { name: '甘精胰岛素 睡前', drugs: [['INS-GLA-100', 10]], period: 'bedtime', quantity: 14 },
    { name: '门冬胰岛素 临时追加', drugs: [['INS-ASP-100', 2]], period: 'lunch', quantity: 1 },
  ],
];

/**
 * Demo medication orders (issue 17): for the demo insulin patients (the first three in-hospital ENDO
 * patients, as seed/insulin.ts) of a tenant with the drug catalogue, ordered by doctor01 from the
 * first day of the insulin seed; some stopped with a reason. The seeded insulin records of an order's
 * drug and period given while it was active are linked to it (a dose given against its order).
 */
export async function seedMedicationOrders(tx: DbOrTx, tenantId: string): Promise<void> {
  const ward = await demoInsulinPatients(tx, tenantId, PLANS.length);
  const [doctor] = await tx
    .select({ id: users.id, userName: users.userName, nickName: users.nickName })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.userName, 'doctor01')));
  const codes = [...new Set(PLANS.flat().flatMap((o) => o.drugs.map(([code]) => code)))];
  const drugRows = await tx
    .select()
    .from(drugs)
    .where(and(eq(drugs.tenantId, tenantId), inArray(drugs.code, codes), isNull(drugs.deletedAt)));
  const periods = await tx.select().from(insulinPeriods).where(eq(insulinPeriods.tenantId, tenantId));
  if (!ward.length || !doctor || drugRows.length < codes.length || periods.length < 4) return;

  const timeZone = await hospitalTimeZone(tx, tenantId);
  const now = new Date();
  now.setUTCSeconds(0, 0);
  const firstDay = new Date(hospitalDayAt(now, timeZone).start.getTime() - 5 * DAY_MS);
  const doctorName = doctor.nickName || doctor.userName;
  for (const [index, patient] of ward.entries()) {
    const beginAt = new Date(Math.max(firstDay.getTime() + 6 * HOUR_MS, patient.admittedAt.getTime()));
    for (const plan of PLANS[index]!) {
      const period = periods.find((p) => p.code === plan.period)!;
      const lines: MedicationOrderDrug[] = plan.drugs.map(([code, quantity]) => {
        const drug = drugRows.find((d) => d.code === code)!;
        return {
          drugId: drug.id,
          drugCode: drug.code,
          drugNameZh: drug.nameZh,
          drugNameEn: drug.nameEn,
          unit: drug.unit,
          quantity,
        };
      });
      const stoppedAt = plan.stopped ? new Date(now.getTime() - plan.stopped.hoursAgo * HOUR_MS) : null;
      const [order] = await tx
        .insert(medicationOrders)
        .values({
          tenantId,
          patientId: patient.id,
          admissionId: patient.admissionId,
          departmentCode: patient.departmentCode,
          name: plan.name,
          orderType: plan.quantity === 1 ? 'temporary' : 'longTerm',
          drugs: lines,
          periodCode: period.code,
          periodNameZh: period.nameZh,
          periodNameEn: period.nameEn,
          quantity: plan.quantity,
          beginAt: plan.quantity === 1 ? new Date(now.getTime() - 2 * HOUR_MS) : beginAt,
          status: stoppedAt ? 'stopped' : 'active',
          orderedBy: doctor.id,
          orderedByName: doctorName,
          stoppedAt,
          stoppedBy: stoppedAt ? doctor.id : null,
          stoppedByName: stoppedAt ? doctorName : null,
          stopReason: plan.stopped?.reason ?? null,
          version: stoppedAt ? 2 : 1,
          createdBy: doctor.id,
          createdAt: beginAt,
          updatedAt: stoppedAt ?? beginAt,
        })
        .returning({ id: medicationOrders.id });
      // a temporary order is not given against the regimen's doses
      if (plan.quantity === 1) continue;
      await tx
        .update(insulinRecords)
        .set({ medicationOrderId: order!.id })
        .where(
          and(
            eq(insulinRecords.tenantId, tenantId),
            eq(insulinRecords.patientId, patient.id),
            eq(insulinRecords.periodCode, plan.period),
            inArray(
              insulinRecords.drugId,
              lines.map((l) => l.drugId),
            ),
            gte(insulinRecords.givenAt, beginAt),
            stoppedAt ? lt(insulinRecords.givenAt, stoppedAt) : undefined,
            sql`${insulinRecords.medicationOrderId} is null`,
          ),
        );
    }
  }
}
