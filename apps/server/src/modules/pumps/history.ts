/**
 * `GET /v1/pumpBinding/history` (issue 16): every up-pump, down-pump, tube change and basal profile of
 * the pumps, and the register changes of each pump (its audit rows: registered, edited, enabled or
 * stopped, deleted; battery reports are left out), latest first. One statement: the events as a
 * union, narrowed by pump, patient, kind, days of the hospital calendar, free text and the caller's
 * departments (a binding event by the up-pump department, the patient's now or the pump's; a register
 * event by the pump's), paged with the total counted in the same scan.
 */
import {
  type BasalSegmentInput,
  basalDailyTotal,
  type Lang,
  type MessageKey,
  translate,
} from '@glucocare/domain';
import type { PumpHistoryEntry, PumpHistoryKind } from '@glucocare/domain/responses';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { containsPattern } from '../../lib/query';
import type { DepartmentScope, SessionUser } from '../auth/sessions';
import { hospitalTimeZone } from '../settings/time-zone';

export interface PumpHistoryQuery {
  pumpId?: number;
  patientId?: number;
  kind?: PumpHistoryKind;
  beginDate?: string;
  endDate?: string;
  queryCondition?: string;
  page: number;
  size: number;
}

interface HistoryRow extends Record<string, unknown> {
  kind: PumpHistoryKind;
  event_id: string;
  at: string;
  pump_id: string;
  binding_id: string | null;
  patient_id: string | null;
  operator_name: string | null;
  data: Record<string, unknown>;
  serial_number: string;
  patient_name: string | null;
  bed: string | null;
  inpatient_number: string | null;
  department_name: string | null;
  total: number;
}

/** `expr` lies in the caller's departments. */
function inScopeSql(scope: DepartmentScope, expr: SQL): SQL {
  if (scope.all) return sql`true`;
  if (!scope.departments.length) return sql`false`;
  return sql`${expr} in (${sql.join(
    scope.departments.map((code) => sql`${code}`),
    sql`, `,
  )})`;
}

const REGISTER_ACTIONS: Record<string, MessageKey> = {
  create: 'pump.history.registered',
  update: 'pump.history.edited',
  enable: 'pump.history.enabled',
  disable: 'pump.history.stopped',
  delete: 'pump.history.deleted',
};

const text = (value: unknown) => (typeof value === 'string' && value ? value : null);

/** What happened, in `lang`: who put it on and looks after it, why it came off, the profile and its 24-h total. */
function detailOf(row: HistoryRow, lang: Lang): string {
  const data = row.data ?? {};
  const t = (key: MessageKey, params?: Record<string, string | number>) => translate(lang, key, params);
  const parts: string[] = [];
  const add = (key: MessageKey, value: unknown) => {
    const v = text(value);
    if (v) parts.push(t(key, { value: v }));
  };
  switch (row.kind) {
    case 'up':
      add('pump.history.doctor', data.doctor);
      add('pump.history.nurse', data.nurse);
      add('pump.history.coManaging', data.coManaging);
      add('pump.history.note', data.note);
      return [t('pump.history.up'), ...parts].join('; ');
    case 'down':
      add('pump.history.reason', data.reason);
      return [t('pump.history.down'), ...parts].join('; ');
    case 'tubeChange':
      add('pump.history.note', data.note);
      return [t('pump.history.tubeChange'), ...parts].join('; ');
    case 'basalProfile': {
      const segments = (data.segments ?? []) as BasalSegmentInput[];
      const profile = segments.map((s) => `${s.start} ${s.rate}`).join(', ');
      parts.push(t('pump.history.basalTotal', { total: basalDailyTotal(segments) }));
      add('pump.history.note', data.note);
      return [`${t('pump.history.basalProfile')}: ${profile} IU/h`, ...parts].join('; ');
    }
    case 'register': {
      const key = REGISTER_ACTIONS[String(data.action)] ?? 'pump.history.edited';
      add('pump.history.reason', data.reason);
      return [t(key), ...parts].join('; ');
    }
  }
}

export async function pumpHistory(
  db: Database,
  session: SessionUser,
  query: PumpHistoryQuery,
  lang: Lang,
): Promise<{ records: PumpHistoryEntry[]; total: number; page: number; size: number }> {
  const tenant = session.tenantId;
  const timeZone = await hospitalTimeZone(db, tenant);
  const size = Math.min(query.size, 500);
  const offset = (query.page - 1) * size;
  const text = query.queryCondition?.trim();
  const pattern = text ? containsPattern(text) : null;
  const conditions: SQL[] = [
    sql`(case when e.binding_id is null then ${inScopeSql(session.scope, sql`p.department_code`)}
          else (${inScopeSql(session.scope, sql`b.department_code`)} or ${inScopeSql(session.scope, sql`pa.department_code`)}
                or ${inScopeSql(session.scope, sql`p.department_code`)}) end)`,
    sql`(pa.id is null or pa.deleted_at is null)`,
  ];
  if (query.pumpId) conditions.push(sql`e.pump_id = ${query.pumpId}`);
  if (query.patientId) conditions.push(sql`e.patient_id = ${query.patientId}`);
  if (query.kind) conditions.push(sql`e.kind = ${query.kind}`);
  if (query.beginDate)
    conditions.push(sql`e.at >= (${query.beginDate}::date)::timestamp at time zone ${timeZone}`);
  if (query.endDate)
    conditions.push(sql`e.at < (${query.endDate}::date + 1)::timestamp at time zone ${timeZone}`);
  if (pattern) {
    conditions.push(sql`(p.serial_number ilike ${pattern} or pa.name ilike ${pattern} or pa.bed ilike ${pattern}
      or pa.inpatient_number ilike ${pattern})`);
  }
  const deptName = lang === 'en-US' ? sql`coalesce(d.name_en, d.name)` : sql`d.name`;
  const result = await db.execute<HistoryRow>(sql`
    with events as (
      select 'up' as kind, b.id as event_id, b.up_at as at, b.pump_id, b.id as binding_id, b.patient_id,
             b.executor_name as operator_name,
             jsonb_build_object('doctor', b.responsible_doctor_name, 'nurse', b.responsible_nurse_name,
               'coManaging', b.co_managing_doctor_name, 'note', b.note) as data
        from pump_bindings b where b.tenant_id = ${tenant}
      union all
      select 'down', b.id, b.down_at, b.pump_id, b.id, b.patient_id, b.down_by_name,
             jsonb_build_object('reason', b.down_reason)
        from pump_bindings b where b.tenant_id = ${tenant} and b.down_at is not null
      union all
      select 'tubeChange', tc.id, tc.changed_at, b.pump_id, b.id, b.patient_id, tc.executor_name,
             jsonb_build_object('note', tc.note)
        from pump_tube_changes tc
        join pump_bindings b on b.tenant_id = tc.tenant_id and b.id = tc.binding_id
       where tc.tenant_id = ${tenant}
      union all
      select 'basalProfile', bp.id, bp.effective_at, b.pump_id, b.id, b.patient_id, bp.set_by_name,
             jsonb_build_object('segments', bp.segments, 'note', bp.note)
        from pump_basal_profiles bp
        join pump_bindings b on b.tenant_id = bp.tenant_id and b.id = bp.binding_id
       where bp.tenant_id = ${tenant}
      union all
      select 'register', a.id, a.at, p.id, null, null, a.actor_name,
             jsonb_build_object('action', a.action, 'reason', a.reason)
        from audit_log a
        join insulin_pumps p on p.tenant_id = a.tenant_id and a.entity_id = p.id::text
       where a.tenant_id = ${tenant} and a.entity = 'insulinPump' and a.action <> 'report'
    )
    select e.kind, e.event_id::text,
           to_char(e.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at, e.pump_id::text, e.binding_id::text, e.patient_id::text,
           e.operator_name, e.data, p.serial_number, pa.name as patient_name, pa.bed,
           pa.inpatient_number, ${deptName} as department_name, count(*) over ()::int as total
      from events e
      join insulin_pumps p on p.tenant_id = ${tenant} and p.id = e.pump_id
      left join pump_bindings b on b.tenant_id = ${tenant} and b.id = e.binding_id
      left join patients pa on pa.tenant_id = ${tenant} and pa.id = e.patient_id
      left join departments d on d.tenant_id = ${tenant} and d.code = coalesce(b.department_code, p.department_code)
     where ${sql.join(conditions, sql` and `)}
     order by e.at desc, e.kind, e.event_id desc
     limit ${size} offset ${offset}`);
  const rows = result.rows;
  let total = rows[0]?.total ?? 0;
  if (!rows.length && query.page > 1) total = -1;
  const records = rows.map(
    (row): PumpHistoryEntry => ({
      key: `${row.kind}-${row.event_id}`,
      kind: row.kind,
      at: row.at,
      pumpId: Number(row.pump_id),
      serialNumber: row.serial_number,
      bindingId: row.binding_id ? Number(row.binding_id) : null,
      patientId: row.patient_id ? Number(row.patient_id) : null,
      patientName: row.patient_name,
      bed: row.bed,
      inpatientNumber: row.inpatient_number,
      departmentName: row.department_name,
      operatorName: row.operator_name,
      detail: detailOf(row, lang),
    }),
  );
  if (total === -1) {
    // a page past the end: count what matches without it
    const counted = await pumpHistory(db, session, { ...query, page: 1, size: 1 }, lang);
    total = counted.total;
  }
  return { records, total, page: query.page, size };
}
