import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { patients } from '../apps/server/src/db/schema';
import { loadTaskSettings, taskPatientsStatement } from '../apps/server/src/modules/tasks/progress';
const pool = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:5432/gc_bench_hospital' });
const settings = await loadTaskSettings(drizzle(pool), '900', new Date());
const where = sql`${patients.status} = 'inHospital' and ${patients.departmentCode} = 'ENDO'`;
const q = new PgDialect().sqlToQuery(taskPatientsStatement('900', where, settings, 'en-US'));
for (let i = 0; i < 3; i++) await pool.query(q.sql, q.params);
const r = await pool.query(`explain (analyze, buffers) ${q.sql}`, q.params);
console.log(r.rows.map((x) => x['QUERY PLAN']).join('\n'));
const t0 = performance.now();
const rows = (await pool.query(q.sql, q.params)).rows;
console.log('rows', rows.length, 'ms', (performance.now() - t0).toFixed(1));
// the planner alone
const { monitoringOrdersOf, taskReadingsOf, tasksOf } = await import('../apps/server/src/modules/tasks/progress');
const ps = rows.map((row) => ({ admittedAt: new Date(row.admitted_at), dischargedAt: null, readings: taskReadingsOf(row.readings), orders: monitoringOrdersOf(row.orders) }));
for (let k = 0; k < 3; k++) {
  const t1 = performance.now();
  let n = 0;
  for (let j = 0; j < 20; j++) for (const p of ps) n += tasksOf(p, settings).length;
  console.log('plan x20', (performance.now() - t1).toFixed(1), 'ms', n / 20, 'tasks');
}
for (const variant of ['noorders', 'noreadings', 'both'] as const) {
  const t1 = performance.now();
  for (let j = 0; j < 200; j++)
    for (const p of ps)
      settings.plan(p, variant === 'noreadings' ? [] : p.readings, variant === 'noorders' ? [] : p.orders);
  console.log(variant, ((performance.now() - t1) / 200).toFixed(2), 'ms per 50 patients');
}
await pool.end();
