/**
 * Insulin and pumps of the bench hospital (issue 16), made by PostgreSQL like the readings:
 *
 * - about a third of the patients (id divisible by 3) and the year-long patient are on basal-bolus
 *   insulin over their whole stay: glargine at 21:00 (8-20 IU) and aspart with the three meals
 *   (07:15, 11:30, 17:30; 4-8 IU), a 2 IU correction with lunch about one day in five; ordered by the
 *   patient's doctor, given by the ward's first nurse, confirmed except the last 12 hours';
 * - three pump manufacturers and four pumps per ward; in every ward the in-hospital patients of beds
 *   2-4 wear pump 1-3 since two hours after their admission (one basal profile), and the year-long
 *   patient (bed 1 of the bench ward) wore pump 4 from 90 to 60 days back and wears it again since 30
 *   days back, its basal profile changed every 5 days.
 */
import type pg from 'pg';

const MANUFACTURERS = [
  ['MDT', '美敦力', 'Medtronic'],
  ['ROCHE', '罗氏', 'Roche Diabetes Care'],
  ['MICROTECH', '微泰医疗', 'MicroTech Medical'],
];
const PUMPS_PER_WARD = 4;

/** The basal profile of a day: night, morning, evening rate (IU/h), as the pump takes it. */
const profileSql = (night: string, day: string, evening: string) =>
  `jsonb_build_array(jsonb_build_object('start', '00:00', 'rate', ${night}),
                     jsonb_build_object('start', '04:00', 'rate', ${day}),
                     jsonb_build_object('start', '20:00', 'rate', ${evening}))`;

export async function generateInsulin(
  client: pg.Client,
  options: { tenantId: string; timeZone: string; nowIso: string; yearPatientId: number; ward: string },
): Promise<{ insulinRecords: number; pumps: number; bindings: number; basalProfiles: number }> {
  const { tenantId, timeZone, nowIso, yearPatientId, ward } = options;
  // the two insulins (the demo catalogue is tenant 101's only)
  await client.query(
    `with c as (
       insert into drug_categories (tenant_id, code, name_zh, name_en, sort)
       values ($1, 'INS_RAPID', '速效及短效胰岛素', 'Rapid and short-acting insulin', 10),
              ($1, 'INS_BASAL', '长效（基础）胰岛素', 'Long-acting (basal) insulin', 20)
       on conflict do nothing
       returning id, code)
     insert into drugs (tenant_id, code, short_code, name_zh, name_en, unit, category_id, specification)
     select $1, d.code, d.short, d.zh, d.en, 'IU', c.id, d.spec
       from (values ('INS-ASP-100', 'ASP', '门冬胰岛素注射液', 'Insulin aspart injection', 'INS_RAPID', '100 IU/mL × 3 mL pen'),
                    ('INS-GLA-100', 'GLA', '甘精胰岛素注射液', 'Insulin glargine injection', 'INS_BASAL', '100 IU/mL × 3 mL pen'))
            as d(code, short, zh, en, cat, spec)
       join c on c.code = d.cat`,
    [tenantId],
  );
  const doses = await client.query(
    `insert into insulin_records (tenant_id, patient_id, admission_id, department_code, drug_id, drug_name_zh,
       drug_name_en, dose, basal_dose, bolus_dose, correction_dose, period_code, period_name_zh, period_name_en,
       given_at, doctor_id, doctor_name, nurse_id, nurse_name, status, confirmed_by, confirmed_by_name,
       confirmed_at, created_by, created_at, updated_at)
     select $1, x.id, x.admission_id, x.department_code, dr.id, dr.name_zh, dr.name_en,
            x.amount + coalesce(x.correction, 0), case when x.kind = 'basal' then x.amount end,
            case when x.kind = 'bolus' then x.amount end, x.correction,
            ip.code, ip.name_zh, ip.name_en, x.given_at, doc.id, doc.nick_name, n.id, n.nick_name,
            case when x.confirmed then 'confirmed' else 'unconfirmed' end,
            case when x.confirmed then n.id end, case when x.confirmed then n.nick_name end,
            case when x.confirmed then x.given_at + interval '20 minutes' end,
            n.id, x.given_at + interval '5 minutes', x.given_at + interval '20 minutes'
       from (select p.id, p.admission_id, p.department_code, p.doctor_code, p.admitted_at, p.discharged_at,
                    s.period, s.kind, g.given_at,
                    case when s.kind = 'basal' then 8 + p.id % 13 else 4 + (p.id + s.minute) % 5 end as amount,
                    case when s.period = 'lunch' and (p.id + extract(doy from d.day)::int) % 5 = 0 then 2 end
                      as correction,
                    g.given_at < $3::timestamptz - interval '12 hours' as confirmed
               from patients p
               cross join lateral generate_series(date_trunc('day', p.admitted_at at time zone $2),
                                                  date_trunc('day', coalesce(p.discharged_at, $3::timestamptz) at time zone $2),
                                                  interval '1 day') as d(day)
               cross join (values ('breakfast', 'bolus', 435), ('lunch', 'bolus', 690), ('dinner', 'bolus', 1050),
                                  ('bedtime', 'basal', 1260)) as s(period, kind, minute)
               cross join lateral (select (d.day + make_interval(mins => s.minute)) at time zone $2 as given_at) g
              where p.tenant_id = $1 and (p.id % 3 = 0 or p.id = $4)
                and g.given_at >= p.admitted_at and g.given_at < coalesce(p.discharged_at, $3::timestamptz)) x
       join drugs dr on dr.tenant_id = $1
                    and dr.code = case when x.kind = 'basal' then 'INS-GLA-100' else 'INS-ASP-100' end
       join insulin_periods ip on ip.tenant_id = $1 and ip.code = x.period
       join users doc on doc.tenant_id = $1 and doc.user_name = x.doctor_code
       join users n on n.tenant_id = $1 and n.user_name = 'n_' || lower(x.department_code) || '_1'
      order by x.given_at`,
    [tenantId, timeZone, nowIso, yearPatientId],
  );

  await client.query(
    `insert into pump_manufacturers (tenant_id, code, name_zh, name_en)
     select $1, code, zh, en from unnest($2::text[], $3::text[], $4::text[]) as t(code, zh, en)`,
    [
      tenantId,
      MANUFACTURERS.map((m) => m[0]),
      MANUFACTURERS.map((m) => m[1]),
      MANUFACTURERS.map((m) => m[2]),
    ],
  );
  const pumps = await client.query(
    `insert into insulin_pumps (tenant_id, serial_number, manufacturer_id, type, code, department_code,
                                battery_percent, battery_reported_at, remaining_dose, dose_reported_at)
     select $1, 'BP-' || d.code || '-' || k, m.id, 'bench pump', d.code || '-P' || k, d.code,
            90 - k * 10, $2::timestamptz - interval '1 hour', 200 - k * 30, $2::timestamptz - interval '1 hour'
       from departments d
       cross join generate_series(1, ${PUMPS_PER_WARD}) as k
       join pump_manufacturers m on m.tenant_id = $1 and m.code = (array['MDT', 'ROCHE', 'MICROTECH'])[1 + k % 3]
      where d.tenant_id = $1`,
    [tenantId, nowIso],
  );
  // beds 2-4 of every ward, in hospital now: pumps 1-3 since two hours after the admission
  const worn = await client.query(
    `with b as (
       insert into pump_bindings (tenant_id, pump_id, patient_id, admission_id, department_code, up_at,
                                  executor_id, executor_name, created_by, created_at, updated_at)
       select $1, pu.id, p.id, p.admission_id, p.department_code, p.admitted_at + interval '2 hours',
              n.id, n.nick_name, n.id, p.admitted_at + interval '2 hours', p.admitted_at + interval '2 hours'
         from patients p
         join insulin_pumps pu on pu.tenant_id = $1 and pu.serial_number = 'BP-' || p.department_code || '-' || (p.bed::int - 1)
         join users n on n.tenant_id = $1 and n.user_name = 'n_' || lower(p.department_code) || '_1'
        where p.tenant_id = $1 and p.status = 'inHospital' and p.bed in ('2', '3', '4')
          and p.admitted_at + interval '2 hours' < $2::timestamptz
       returning id, up_at, executor_id, executor_name)
     insert into pump_basal_profiles (tenant_id, binding_id, effective_at, segments, set_by_id, set_by_name, created_at)
     select $1, b.id, b.up_at, ${profileSql('0.8', '1.0', '0.9')}, b.executor_id, b.executor_name, b.up_at from b`,
    [tenantId, nowIso],
  );
  // the year-long patient: pump 4 from 90 to 60 days back, and since 30 days back, a new profile every 5 days
  const year = await client.query(
    `with b as (
       insert into pump_bindings (tenant_id, pump_id, patient_id, admission_id, department_code, up_at, down_at,
                                  executor_id, executor_name, down_by_id, down_by_name, created_by)
       select $1, pu.id, p.id, p.admission_id, p.department_code, $2::timestamptz - w.up * interval '1 day',
              $2::timestamptz - w.down * interval '1 day', n.id, n.nick_name,
              case when w.down is not null then n.id end, case when w.down is not null then n.nick_name end, n.id
         from patients p
         join insulin_pumps pu on pu.tenant_id = $1 and pu.serial_number = 'BP-' || $4 || '-${PUMPS_PER_WARD}'
         join users n on n.tenant_id = $1 and n.user_name = 'n_' || lower(p.department_code) || '_1'
        cross join (values (90, 60), (30, null)) as w(up, down)
        where p.tenant_id = $1 and p.id = $3
       returning id, up_at, down_at, executor_id, executor_name)
     insert into pump_basal_profiles (tenant_id, binding_id, effective_at, segments, set_by_id, set_by_name, created_at)
     select $1, b.id, b.up_at + k * interval '5 days',
            ${profileSql('(0.6 + (k % 3) * 0.1)', '(0.9 + (k % 2) * 0.2)', '0.8')},
            b.executor_id, b.executor_name, b.up_at + k * interval '5 days'
       from b cross join generate_series(0, 5) as k
      where b.up_at + k * interval '5 days' < coalesce(b.down_at, $2::timestamptz)`,
    [tenantId, nowIso, yearPatientId, ward],
  );
  for (const table of ['insulin_records', 'pump_bindings', 'pump_basal_profiles', 'insulin_pumps']) {
    await client.query(`vacuum (analyze) ${table}`);
  }
  const { rows } = await client.query<{ n: number }>(
    `select count(*)::int as n from pump_bindings where tenant_id = $1`,
    [tenantId],
  );
  return {
    insulinRecords: doses.rowCount ?? 0,
    pumps: pumps.rowCount ?? 0,
    bindings: rows[0]?.n ?? 0,
    basalProfiles: (worn.rowCount ?? 0) + (year.rowCount ?? 0),
  };
}
