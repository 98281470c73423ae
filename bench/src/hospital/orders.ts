/**
 * Monitoring orders of the bench ward (issue 17, "today's tasks for a 50-bed ward with monitoring
 * orders"): every in-hospital patient of the bench ward gets, by bed number mod 4, a 4-point glucose
 * order, a 7-point one, an every-2-hours one (12 clock times), or a 4-point one plus a ketone order
 * (fasting and before dinner); begun three days before the data's end, running until stopped. Added
 * once to the generated hospital (the generator's version is left alone so that the stored hospital is
 * reused): a run finding the ward's orders in place adds nothing.
 */
import type pg from 'pg';
import { BENCH_TENANT, BENCH_WARD } from './generate';

const FOUR_POINT = ['fasting', 'beforeLunch', 'beforeDinner', 'beforeSleep'];
const SEVEN_POINT = [
  'fasting',
  'afterBreakfast',
  'beforeLunch',
  'afterLunch',
  'beforeDinner',
  'afterDinner',
  'beforeSleep',
];
const EVERY_2_HOURS = Array.from({ length: 12 }, (_, i) => `${String(i * 2).padStart(2, '0')}:00`);
const NAME = 'bench monitoring';

/** The ward's monitoring orders, added when missing; returns how many the ward has. */
export async function ensureMonitoringOrders(db: pg.Pool, dataEnd: string): Promise<number> {
  const orders = [
    ['GLU', JSON.stringify(FOUR_POINT), null, 0],
    ['GLU', JSON.stringify(SEVEN_POINT), null, 1],
    ['GLU', null, JSON.stringify(EVERY_2_HOURS), 2],
    ['GLU', JSON.stringify(FOUR_POINT), null, 3],
    ['KET', JSON.stringify(['fasting', 'beforeDinner']), null, 3],
  ];
  await db.query(
    `insert into patient_orders (tenant_id, patient_id, admission_id, department_code, name, classification,
                                 order_type, category, contents, monitor_periods, monitor_times, begin_at,
                                 ordered_by, ordered_by_name)
     select p.tenant_id, p.id, p.admission_id, p.department_code, $3 || ' ' || o.item, 'monitoring', 'longTerm',
            o.item, '["monitoring"]'::jsonb, o.periods::jsonb, o.times::jsonb,
            greatest(p.admitted_at, $4::timestamptz - interval '3 days'), 0, 'bench'
       from patients p
       join (select * from unnest($5::text[], $6::text[], $7::text[], $8::int[]) as t(item, periods, times, kind)) o
         on o.kind = (coalesce(nullif(regexp_replace(p.bed, '[^0-9]', '', 'g'), ''), '0')::int % 4)
      where p.tenant_id = $1 and p.department_code = $2 and p.status = 'inHospital' and p.deleted_at is null
        and not exists (select 1 from patient_orders x
                         where x.tenant_id = p.tenant_id and x.patient_id = p.id and x.name like $3 || '%')`,
    [
      BENCH_TENANT,
      BENCH_WARD,
      NAME,
      dataEnd,
      orders.map((o) => o[0]),
      orders.map((o) => o[1]),
      orders.map((o) => o[2]),
      orders.map((o) => o[3]),
    ],
  );
  await db.query('analyze patient_orders');
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from patient_orders
      where tenant_id = $1 and department_code = $2 and classification = 'monitoring' and deleted_at is null`,
    [BENCH_TENANT, BENCH_WARD],
  );
  return rows[0]?.n ?? 0;
}
