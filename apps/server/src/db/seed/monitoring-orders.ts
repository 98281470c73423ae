import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { patientOrders, patients, users } from '../schema';

const HOUR = 3_600_000;
const EVERY_2_HOURS = Array.from({ length: 12 }, (_, i) => `${String(i * 2).padStart(2, '0')}:00`);

/** A demo monitoring order (issue 17): the patient by name, what is measured and when, begun hours ago. */
interface DemoMonitoringOrder {
  patient: string;
  name: string;
  orderType: '24h' | 'longTerm';
  item: 'GLU' | 'KET' | 'UA';
  periods?: string[];
  times?: string[];
  beganHoursAgo: number;
}

/**
 * A few patients on monitoring orders, so that today's tasks, the bed cards and the round show their
 * tasks: 4-point glucose and 7-point glucose with ketone before breakfast and dinner (ENDO), every 2
 * hours for 24 hours (ICU). Patients of the tenant's demo data only (absent names are skipped).
 */
const ORDERS: DemoMonitoringOrder[] = [
  {
    patient: '张伟',
    name: '四点血糖监测',
    orderType: 'longTerm',
    item: 'GLU',
    periods: ['fasting', 'beforeLunch', 'beforeDinner', 'beforeSleep'],
    beganHoursAgo: 50,
  },
  {
    // ICU: glucose every 2 hours for 24 hours
    patient: '朱德明',
    name: '血糖监测 q2h',
    orderType: '24h',
    item: 'GLU',
    times: EVERY_2_HOURS,
    beganHoursAgo: 6,
  },
  {
    patient: '赵明',
    name: '七点血糖监测',
    orderType: 'longTerm',
    item: 'GLU',
    periods: [
      'fasting',
      'afterBreakfast',
      'beforeLunch',
      'afterLunch',
      'beforeDinner',
      'afterDinner',
      'beforeSleep',
    ],
    beganHoursAgo: 30,
  },
  {
    patient: '赵明',
    name: '血酮监测',
    orderType: 'longTerm',
    item: 'KET',
    periods: ['fasting', 'beforeDinner'],
    beganHoursAgo: 30,
  },
];

export async function seedMonitoringOrders(tx: DbOrTx, tenantId: string): Promise<void> {
  const named = await tx
    .select({
      id: patients.id,
      name: patients.name,
      departmentCode: patients.departmentCode,
      admissionId: patients.admissionId,
    })
    .from(patients)
    .where(
      and(
        eq(patients.tenantId, tenantId),
        inArray(patients.name, [...new Set(ORDERS.map((o) => o.patient))]),
      ),
    );
  if (!named.length) return;
  const [doctor] = await tx
    .select({ id: users.id, name: users.nickName })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.userName, 'doctor01')));
  const now = Date.now();
  const rows = ORDERS.flatMap((order) => {
    const patient = named.find((row) => row.name === order.patient);
    if (!patient) return [];
    const beginAt = new Date(now - order.beganHoursAgo * HOUR);
    return [
      {
        tenantId,
        patientId: patient.id,
        admissionId: patient.admissionId,
        departmentCode: patient.departmentCode,
        name: order.name,
        classification: 'monitoring',
        orderType: order.orderType,
        category: order.item,
        contents: [order.name],
        monitorPeriods: order.periods ?? null,
        monitorTimes: order.times ?? null,
        beginAt,
        executeAt: beginAt,
        endAt: order.orderType === '24h' ? new Date(beginAt.getTime() + 24 * HOUR) : null,
        orderedBy: doctor?.id ?? 0,
        orderedByName: doctor?.name ?? 'doctor01',
        createdBy: doctor?.id ?? null,
      },
    ];
  });
  if (rows.length) await tx.insert(patientOrders).values(rows);
}
