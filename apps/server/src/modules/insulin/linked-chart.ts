/**
 * The glucose–insulin linked chart of a patient (issue 16; `GET /v1/insulinRecord/linkedChart/{id}`,
 * the `/record/linked` print and the glucose report of `/trend`): glucose readings, insulin doses and
 * the pump basal rate over some hospital days.
 *
 * Cheap by construction: after the patient's scope check, one statement reads everything — the
 * readings (index `measurements (tenant, patient, item, test_time)`), the doses (partial index
 * `insulin_records_patient_time_idx`), the basal profiles of the patient's bindings with each one's end
 * (the next profile of its binding or the down-pump, by a window function over
 * `pump_bindings_patient_idx` and `pump_basal_profiles_binding_idx`) and whether the patient has
 * insulin at all — as JSON arrays of plain arrays (no per-row objects to build in PostgreSQL). The target
 * band comes from the cached classification settings and glucose periods (no statement with a session).
 * The steps of the basal line are laid out in the domain (`basalSteps`).
 */
import {
  addDays,
  basalSteps,
  classifyMeasurement,
  type Lang,
  type LinkedChartQuery,
  linkedChartDays,
  localName,
  type MeasurementItem,
  zonedMidnight,
} from '@glucocare/domain';
import type { LinkedChartView } from '@glucocare/domain/responses';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { recordNotFound } from '../../http/errors';
import type { DepartmentScope } from '../auth/sessions';
import { loadClassificationSettings } from '../crisis/classification-settings';
import { type PatientRow, patientAgeAt } from '../patients/access';
import { listGlucosePeriods } from '../periods/service';
import { glucoseBands } from '../records/service';
import { cachedConfig, type TenantRef } from '../settings/config-cache';
import { dateIn, hospitalTimeZone } from '../settings/time-zone';

export interface LinkedChartContext {
  db: DbOrTx;
  tenantId: string;
  /** the session (configuration from the cache) or the tenant id (read afresh) */
  tenant: TenantRef;
  lang: Lang;
  now: Date;
}

type ReadingRow = [
  id: number,
  at: number,
  value: number,
  period: string | null,
  classification: string | null,
];
type DoseRow = [
  id: number,
  at: number,
  drugZh: string | null,
  drugEn: string | null,
  dose: number,
  basal: number | null,
  bolus: number | null,
  correction: number | null,
  period: string,
  periodZh: string,
  periodEn: string,
  status: 'unconfirmed' | 'confirmed',
];
type ProfileRow = [from: number, until: number | null, segments: { start: string; rate: number }[]];

/**
 * The one statement of the chart (the bench's SQL ceiling runs the same text): the patient — in the
 * tenant, not deleted, in the department scope, else no row — with what the classification needs, and
 * their readings, doses, basal profiles and whether they have insulin at all.
 */
export function linkedChartStatement(
  tenantId: string,
  patientId: number,
  from: Date,
  to: Date,
  scope: DepartmentScope = { all: true },
) {
  const f = from.toISOString();
  const t = to.toISOString();
  const inScope = scope.all
    ? sql`true`
    : scope.departments.length
      ? sql`p.department_code in ${scope.departments}`
      : sql`false`;
  return sql`
    select p.department_code, p.date_of_birth::text as date_of_birth, p.age,
      coalesce((
        select json_agg(json_build_array(m.id, (extract(epoch from m.test_time) * 1000)::float8, m.value,
                                         m.period_code, m.classification) order by m.test_time, m.id)
          from measurements m
         where m.tenant_id = ${tenantId} and m.patient_id = ${patientId} and m.item = 'GLU'
           and m.deleted_at is null and m.value is not null
           and m.test_time >= ${f}::timestamptz and m.test_time < ${t}::timestamptz), '[]'::json) as readings,
      coalesce((
        select json_agg(json_build_array(i.id, (extract(epoch from i.given_at) * 1000)::float8, i.drug_name_zh,
                                         i.drug_name_en, i.dose, i.basal_dose, i.bolus_dose, i.correction_dose,
                                         i.period_code, i.period_name_zh, i.period_name_en, i.status)
                        order by i.given_at, i.id)
          from insulin_records i
         where i.tenant_id = ${tenantId} and i.patient_id = ${patientId} and i.deleted_at is null
           and i.given_at >= ${f}::timestamptz and i.given_at < ${t}::timestamptz), '[]'::json) as doses,
      coalesce((
        select json_agg(json_build_array((extract(epoch from w.effective_at) * 1000)::float8,
                                         (extract(epoch from w.until) * 1000)::float8, w.segments)
                        order by w.effective_at)
          from (select greatest(p.effective_at, b.up_at) as effective_at, p.segments,
                       least(lead(p.effective_at) over (partition by p.binding_id order by p.effective_at, p.id),
                             b.down_at) as until
                  from pump_bindings b
                  join pump_basal_profiles p on p.tenant_id = b.tenant_id and p.binding_id = b.id
                 where b.tenant_id = ${tenantId} and b.patient_id = ${patientId}
                   and b.up_at < ${t}::timestamptz and (b.down_at is null or b.down_at > ${f}::timestamptz)) w
         where w.effective_at < ${t}::timestamptz
           and (w.until is null or w.until > ${f}::timestamptz)), '[]'::json) as basal,
      (exists (select 1 from insulin_records i
                where i.tenant_id = ${tenantId} and i.patient_id = ${patientId} and i.deleted_at is null)
       or exists (select 1 from pump_bindings b
                   where b.tenant_id = ${tenantId} and b.patient_id = ${patientId})) as has_insulin
      from patients p
     where p.tenant_id = ${tenantId} and p.id = ${patientId} and p.deleted_at is null and ${inScope}`;
}

/**
 * The patient's glucose target band in mmol/L, as the glucose charts draw it (`glucoseBands` over the
 * enabled glucose periods with the limits the classification settings give this patient).
 */
async function targetBand(
  ctx: LinkedChartContext,
  patient: Pick<PatientRow, 'departmentCode' | 'dateOfBirth' | 'age'>,
  timeZone: string,
) {
  const settings = await cachedConfig(ctx.db, ctx.tenant, 'classification', (tenantId) =>
    loadClassificationSettings(ctx.db, tenantId),
  );
  const periods = await listGlucosePeriods(ctx.db, ctx.tenant);
  const age = patientAgeAt(patient, ctx.now, timeZone);
  const limitsFor = (item: MeasurementItem, periodCode: string | null) =>
    classifyMeasurement(
      { item, value: Number.NaN, periodCode },
      { departmentCode: patient.departmentCode, age },
      settings,
    ).limits;
  return glucoseBands(
    limitsFor,
    periods.filter((p) => p.isActive).map((p) => p.code),
  ).band;
}

/**
 * The linked chart of a patient in the reader's tenant and department `scope` (a patient outside it, or
 * deleted, or missing → 404): the scope check and the data in one statement.
 */
export async function linkedChart(
  ctx: LinkedChartContext,
  patientId: number,
  scope: DepartmentScope,
  query: Partial<LinkedChartQuery>,
): Promise<LinkedChartView> {
  const timeZone = await hospitalTimeZone(ctx.db, ctx.tenant);
  const days = linkedChartDays(query, dateIn(ctx.now, timeZone));
  const start = new Date(zonedMidnight(days.beginDate, timeZone));
  const end = new Date(zonedMidnight(addDays(days.endDate, 1), timeZone));
  const { rows } = await ctx.db.execute<{
    department_code: string;
    date_of_birth: string | null;
    age: number | null;
    readings: ReadingRow[];
    doses: DoseRow[];
    basal: ProfileRow[];
    has_insulin: boolean;
  }>(linkedChartStatement(ctx.tenantId, patientId, start, end, scope));
  const found = rows[0];
  if (!found) throw recordNotFound();
  const patient = { departmentCode: found.department_code, dateOfBirth: found.date_of_birth, age: found.age };
  const row = found;
  const iso = (ms: number) => new Date(ms).toISOString();
  return {
    patientId,
    timeZone,
    range: { ...days, from: start.toISOString(), to: end.toISOString() },
    band: await targetBand(ctx, patient, timeZone),
    readings: row.readings.map(([id, at, value, periodCode, classification]) => ({
      id,
      testTime: iso(at),
      value,
      periodCode,
      classification,
    })),
    doses: row.doses.map((d) => ({
      id: d[0],
      givenAt: iso(d[1]),
      drugName: localName({ nameZh: d[2], nameEn: d[3] }, ctx.lang),
      dose: d[4],
      basalDose: d[5],
      bolusDose: d[6],
      correctionDose: d[7],
      periodCode: d[8],
      periodName: localName({ nameZh: d[9], nameEn: d[10] }, ctx.lang) || d[8],
      status: d[11],
    })),
    basal: basalSteps(
      row.basal.map(([from, until, segments]) => ({ from, until, segments })),
      start.getTime(),
      // an open binding's rate runs until now, not into the rest of today
      Math.min(end.getTime(), ctx.now.getTime()),
      timeZone,
    ).map((step) => ({ from: iso(step.from), to: iso(step.to), rate: step.rate })),
    hasInsulin: row.has_insulin,
  };
}
