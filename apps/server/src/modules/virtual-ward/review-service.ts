/**
 * The virtual ward's daily review worklist (issue 18): the patients who meet the review criteria
 * (domain virtual-ward/review.ts, Rushakoff et al., Ann Intern Med 2017: ≥ 2 readings ≥ 12.5 mmol/L or
 * any < 3.9 mmol/L in the past 24 h, the hospital's setting `virtualWard.reviewCriteria`) — inpatients of
 * every ward but the managing department's, plus every patient with a current virtual-ward stay
 * (discharged and outpatients included) — with the reasons, the ward, whether in the virtual ward, the
 * last follow-up and whether reviewed since the window began.
 *
 * ONE statement: the window's glucose readings through `measurements_item_time_idx` (tenant, item,
 * test_time where deleted_at is null) grouped per patient, the criteria applied as the domain rule does
 * (in the entered unit against the limit as a screen in that unit shows it, `compareGlucoseWithLimit`),
 * then the patient, the current stay and the last follow-up joined to the few patients left.
 */
import {
  DEFAULT_REVIEW_CRITERIA,
  type Lang,
  type ReviewCriteria,
  type ReviewExtreme,
  type ReviewReason,
  reviewWindowStart,
  type WorklistQuery,
} from '@glucocare/domain';
import type { WorklistRowView, WorklistView } from '@glucocare/domain/responses';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { MAX_PAGE_SIZE } from '../../lib/query';
import type { DepartmentScope, SessionUser } from '../auth/sessions';
import { inScope } from '../departments/service';
import { cachedConfig, type TenantRef } from '../settings/config-cache';
import { getSetting } from '../settings/service';

/**
 * The criteria in effect (the setting, the paper's by default); for a session, from the process's cache
 * of the tenant's configuration (settings/config-cache.ts: a change is seen by the next request).
 */
export async function readReviewCriteria(db: DbOrTx, tenant: TenantRef): Promise<ReviewCriteria> {
  const stored = await cachedConfig(db, tenant, 'virtualWard.reviewCriteria', (tenantId) =>
    getSetting(db, tenantId, 'virtualWard.reviewCriteria'),
  );
  return stored ?? DEFAULT_REVIEW_CRITERIA;
}

/** The managing department (setting), null until the hospital chooses one; cached as above. */
export function readManagingDepartment(db: DbOrTx, tenant: TenantRef): Promise<string | null> {
  return cachedConfig(db, tenant, 'virtualWard.managingDepartment', (tenantId) =>
    getSetting(db, tenantId, 'virtualWard.managingDepartment'),
  );
}

/**
 * The worklist's reach: the managing department's staff see the whole hospital's list (their job),
 * everyone else their department scope.
 */
export function worklistScope(session: SessionUser, managing: string | null): DepartmentScope {
  if (managing && inScope(session.scope, managing)) return { all: true };
  return session.scope;
}

const mgdl = sql`lower(btrim(coalesce(m.entered_unit, ''))) in ('mgdl', 'mg/dl')`;

/**
 * `compareGlucoseWithLimit(value, limit, unit) <op> 0` in SQL: a mg/dL entry as entered (×18, 6
 * decimals) against the limit as a mg/dL screen shows it (×18, 0 decimals, half away from zero, as
 * PostgreSQL's numeric round does); a mmol/L entry exactly.
 */
function compared(op: '>=' | '<', limit: number): SQL {
  const o = sql.raw(op);
  const asEntered = sql`round((m.value * 18)::numeric, 6) ${o} round((${limit}::float8 * 18)::numeric, 0)`;
  const exact = sql`m.value ${o} ${limit}::float8`;
  // the codes the write path stores first (no string work per reading), then any other spelling
  return sql`(case when m.entered_unit in ('mmolL', 'mmol/L') then ${exact} when m.entered_unit = 'mgDl' then ${asEntered}
    when ${mgdl} then ${asEntered} else ${exact} end)`;
}

interface WorklistRow extends Record<string, unknown> {
  total: string | number;
  patient_id: string | null;
  name: string;
  gender: string;
  status: 'inHospital' | 'discharged' | 'outpatient';
  inpatient_number: string | null;
  outpatient_number: string | null;
  department_code: string;
  department_name: string | null;
  bed: string | null;
  doctor_code: string | null;
  doctor_name: string | null;
  hyper_count: number;
  hyper_value: number | null;
  hyper_entered: number | null;
  hyper_unit: string | null;
  hypo_count: number;
  hypo_value: number | null;
  hypo_entered: number | null;
  hypo_unit: string | null;
  stay_id: string | null;
  last_at: Date | string | null;
  last_specialist: string | null;
  next_review_date: string | null;
}

/** The statement of the worklist (exported for the bench's SQL ceiling). */
export function worklistStatement(options: {
  tenantId: string;
  criteria: ReviewCriteria;
  now: Date;
  managing: string | null;
  scope: DepartmentScope;
  query: WorklistQuery;
  lang: Lang;
}): SQL {
  const { tenantId, criteria, now, managing, scope, query, lang } = options;
  const from = reviewWindowStart(now, criteria);
  const size = Math.min(query.size, MAX_PAGE_SIZE);
  const offset = (query.page - 1) * size;
  const keyword = query.queryCondition ? `%${query.queryCondition.replace(/[\\%_]/g, '\\$&')}%` : null;
  const filters: SQL[] = [];
  if (!scope.all) {
    filters.push(
      scope.departments.length
        ? sql`p.department_code in (${sql.join(
            scope.departments.map((code) => sql`${code}`),
            sql`, `,
          )})`
        : sql`false`,
    );
  }
  if (query.departmentCode) filters.push(sql`p.department_code = ${query.departmentCode}`);
  if (query.inVirtualWard !== undefined) {
    filters.push(query.inVirtualWard ? sql`s.id is not null` : sql`s.id is null`);
  }
  if (query.reviewed !== undefined) {
    filters.push(
      query.reviewed
        ? sql`f.reviewed_at is not null and f.reviewed_at >= ${from.toISOString()}::timestamptz`
        : sql`(f.reviewed_at is null or f.reviewed_at < ${from.toISOString()}::timestamptz)`,
    );
  }
  if (keyword) {
    filters.push(sql`(p.name ilike ${keyword} or p.inpatient_number ilike ${keyword}
      or p.outpatient_number ilike ${keyword} or p.bed ilike ${keyword})`);
  }
  const hyper = compared('>=', criteria.hyperValue);
  const hypo = compared('<', criteria.hypoValue);
  const departmentName = lang === 'en-US' ? sql`coalesce(d.name_en, d.name)` : sql`d.name`;
  return sql`
    with flagged as (
      -- only the readings that count for a reason; a reading is high or low, never both (hypoValue <
      -- hyperValue, reviewCriteriaSchema), so "not high" is low
      select m.patient_id, m.value, m.entered_value, m.entered_unit, ${hyper} as high
        from measurements m
       where m.tenant_id = ${tenantId} and m.item = 'GLU' and m.deleted_at is null
         and m.test_time >= ${from.toISOString()}::timestamptz and m.test_time <= ${now.toISOString()}::timestamptz
         and m.value is not null and (${hyper} or ${hypo})
    ),
    r as (
      select m.patient_id,
             (count(*) filter (where m.high))::int as hyper_count,
             (array_agg(array[m.value, m.entered_value] order by m.value desc) filter (where m.high))[1:1] as hyper_values,
             (array_agg(m.entered_unit order by m.value desc) filter (where m.high))[1] as hyper_unit,
             (count(*) filter (where not m.high))::int as hypo_count,
             (array_agg(array[m.value, m.entered_value] order by m.value asc) filter (where not m.high))[1:1] as hypo_values,
             (array_agg(m.entered_unit order by m.value asc) filter (where not m.high))[1] as hypo_unit
        from flagged m
       group by m.patient_id
      having count(*) filter (where m.high) >= ${criteria.hyperCount}::int or count(*) filter (where not m.high) > 0
    ),
    listed as (
      select r.*, p.name, p.gender, p.status, p.inpatient_number, p.outpatient_number, p.department_code,
             ${departmentName} as department_name, p.bed, p.doctor_code, doc.nick_name as doctor_name,
             s.id as stay_id, f.reviewed_at as last_at, f.specialist_name as last_specialist,
             f.next_review_date::text as next_review_date
        from r
        -- by primary key for each listed patient (a lateral with limit: the planner would otherwise
        -- read every patient of the tenant to hash-join a few hundred)
        cross join lateral (
          select * from patients p0
           where p0.tenant_id = ${tenantId} and p0.id = r.patient_id and p0.deleted_at is null limit 1) p
        left join virtual_ward_stays s
          on s.tenant_id = p.tenant_id and s.patient_id = p.id and s.exited_at is null
        left join departments d on d.tenant_id = p.tenant_id and d.code = p.department_code
        left join lateral (
          select u.nick_name from users u
           where u.tenant_id = p.tenant_id and lower(u.user_name) = lower(p.doctor_code) and u.deleted_at is null
           limit 1) doc on true
        left join lateral (
          select vf.reviewed_at, vf.specialist_name, vf.next_review_date from virtual_ward_followups vf
           where vf.tenant_id = p.tenant_id and vf.patient_id = p.id and vf.deleted_at is null
           order by vf.reviewed_at desc, vf.id desc limit 1) f on true
       where (s.id is not null
              or (p.status = 'inHospital' ${managing ? sql`and p.department_code <> ${managing}` : sql``}))
         ${filters.length ? sql`and ${sql.join(filters, sql` and `)}` : sql``}
    )
    select t.total, l.* from (select count(*)::int as total from listed) t
      left join lateral (
        select * from listed
         order by (hypo_count > 0) desc, hypo_count desc, hyper_count desc, hyper_values[1][1] desc nulls last,
                  patient_id
         limit ${size} offset ${offset}) l on true`;
}

const extremeOf = (values: unknown, unit: string | null): ReviewExtreme | null => {
  const pair = (values as (number | string | null)[][] | null)?.[0];
  if (!pair || pair[0] === null || pair[0] === undefined) return null;
  return {
    value: Number(pair[0]),
    enteredValue: pair[1] === null || pair[1] === undefined ? null : Number(pair[1]),
    enteredUnit: unit,
  };
};

/** `GET /v1/virtualward/worklist`. */
export async function worklist(
  db: DbOrTx,
  session: SessionUser,
  query: WorklistQuery,
  lang: Lang,
  now: Date,
): Promise<WorklistView> {
  const [criteria, managing] = await Promise.all([
    readReviewCriteria(db, session),
    readManagingDepartment(db, session),
  ]);
  const windowStart = reviewWindowStart(now, criteria);
  const { rows } = await db.execute<WorklistRow & { hyper_values: unknown; hypo_values: unknown }>(
    worklistStatement({
      tenantId: session.tenantId,
      criteria,
      now,
      managing,
      scope: worklistScope(session, managing),
      query,
      lang,
    }),
  );
  const total = Number(rows[0]?.total ?? 0);
  const records: WorklistRowView[] = rows
    .filter((row) => row.patient_id !== null)
    .map((row) => {
      const highest = extremeOf(row.hyper_values, row.hyper_unit);
      const lowest = extremeOf(row.hypo_values, row.hypo_unit);
      const reasons: ReviewReason[] = [];
      if (row.hypo_count > 0 && lowest)
        reasons.push({ kind: 'hypo', count: row.hypo_count, extreme: lowest });
      if (row.hyper_count >= criteria.hyperCount && highest) {
        reasons.push({ kind: 'hyper', count: row.hyper_count, extreme: highest });
      }
      const lastAt = row.last_at ? new Date(row.last_at) : null;
      return {
        patientId: Number(row.patient_id),
        patientName: row.name,
        gender: row.gender,
        status: row.status,
        inpatientNumber: row.inpatient_number,
        outpatientNumber: row.outpatient_number,
        departmentCode: row.department_code,
        departmentName: row.department_name,
        bed: row.bed,
        doctorCode: row.doctor_code,
        doctorName: row.doctor_name,
        reasons,
        hyperCount: row.hyper_count,
        highest,
        hypoCount: row.hypo_count,
        lowest,
        inVirtualWard: row.stay_id !== null,
        stayId: row.stay_id === null ? null : Number(row.stay_id),
        // the patient page opens for the patient's own ward and, once joined, for the managing team
        // (patients/access.ts); before joining the team reviews and joins from the list
        openable:
          inScope(session.scope, row.department_code) ||
          (row.stay_id !== null && managing !== null && inScope(session.scope, managing)),
        lastFollowupAt: lastAt ? lastAt.toISOString() : null,
        lastSpecialistName: row.last_specialist,
        nextReviewDate: row.next_review_date,
        reviewed: !!lastAt && lastAt >= windowStart,
      };
    });
  return {
    records,
    total,
    page: query.page,
    size: Math.min(query.size, MAX_PAGE_SIZE),
    windowStart: windowStart.toISOString(),
    criteria,
  };
}
