/**
 * Virtual-ward auto join (issue 18, 自动入组): a glucose reading at or above `virtualWard.gluMinValue`
 * (mmol/L), or an HbA1c lab result at or above `virtualWard.hbA1cMinValue` (%), makes the patient join
 * the virtual ward, in the writer's transaction, whatever wrote it: the reading write path's
 * `afterWrite` (entry, correction, meter upload, later HL7) and the lab-result write path
 * (`lab-results-service.ts`, and issue 21's HL7 results through {@link autoJoinOnLabResults}).
 * The rule itself is the domain's `autoJoinTriggered` / `autoJoins`: candidates are every patient but an
 * inpatient of the managing department, and not already in the virtual ward.
 *
 * Exactly once: the insert skips a patient with a current stay and `on conflict do nothing` on the
 * partial unique index `virtual_ward_stays_current_uq` leaves one stay when parallel uploads race (a
 * concurrent insert waits for the first transaction and then skips).
 *
 * Nothing runs while the hospital's feature switch `feature.virtualWard` or `virtualWard.autoJoin` is off
 * (auto join's default), or no managing department is set. Cost: the settings come from the
 * configuration cache; with the switch off nothing else runs, otherwise one INSERT per batch, only when
 * a value reached its threshold.
 */
import { type AutoJoinSettings, autoJoinSuggestion, autoJoinTriggered, type Lang } from '@glucocare/domain';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type measurements, virtualWardStays } from '../../db/schema';
import { auditActor, type RequestMeta, writeAudits } from '../audit/service';
import type { SessionUser } from '../auth/sessions';
import { cachedConfig, type TenantRef } from '../settings/config-cache';
import { getSetting } from '../settings/service';
import { announceStays, type StayRow, stayAuditView } from './membership-service';

type MeasurementRow = typeof measurements.$inferSelect;

/** The auto-join settings in force, from the configuration cache (settings changes bump its version). */
export function autoJoinSettings(db: DbOrTx, tenant: TenantRef): Promise<AutoJoinSettings> {
  return cachedConfig(db, tenant, 'virtualWardAutoJoin', async (tenantId) => {
    const feature = await getSetting(db, tenantId, 'feature.virtualWard');
    const autoJoin = await getSetting(db, tenantId, 'virtualWard.autoJoin');
    return {
      autoJoin: feature && autoJoin,
      gluMinValue: await getSetting(db, tenantId, 'virtualWard.gluMinValue'),
      hbA1cMinValue: await getSetting(db, tenantId, 'virtualWard.hbA1cMinValue'),
      managingDepartmentCode: await getSetting(db, tenantId, 'virtualWard.managingDepartment'),
    };
  });
}

/** The patients (of `patientIds`) with a current virtual-ward stay. */
export async function patientsInVirtualWard(
  db: DbOrTx,
  tenantId: string,
  patientIds: readonly number[],
): Promise<Set<number>> {
  const ids = [...new Set(patientIds)];
  if (!ids.length) return new Set();
  const rows = await db
    .select({ patientId: virtualWardStays.patientId })
    .from(virtualWardStays)
    .where(
      and(
        eq(virtualWardStays.tenantId, tenantId),
        inArray(virtualWardStays.patientId, ids),
        isNull(virtualWardStays.exitedAt),
      ),
    );
  return new Set(rows.map((row) => row.patientId));
}

/** One patient's trigger: the earliest value of the batch that reached its threshold. */
export interface AutoJoinCandidate {
  patientId: number;
  kind: 'glucose' | 'hba1c';
  /** storage value (mmol/L, %) */
  value: number;
  measurementId: number | null;
  labResultId: number | null;
  suggestion: string;
  /** the trigger's time (the reading's test time, the result's time): the stay's join time */
  at: Date;
}

const column = (values: unknown[]) => sql.param(values);

/**
 * Inserts the stays of candidates that may join (not an inpatient of the managing department, not in
 * the virtual ward already), audits and announces them. Answers the stays created.
 */
async function insertAutoStays(
  tx: DbOrTx,
  session: SessionUser,
  candidates: AutoJoinCandidate[],
  managing: string,
  meta: RequestMeta,
): Promise<StayRow[]> {
  if (!candidates.length) return [];
  const of = (pick: (candidate: AutoJoinCandidate) => unknown) => column(candidates.map(pick));
  const result = await tx.execute<{ id: string }>(sql`
    insert into virtual_ward_stays (tenant_id, patient_id, admission_id, join_count, joined_at, source, trigger_kind,
                                    trigger_value, trigger_measurement_id, trigger_lab_result_id,
                                    ward_department_code, managing_department_code, suggestion, created_by)
    select ${session.tenantId}, p.id, case when p.status = 'inHospital' then p.admission_id end,
           (select count(*) + 1 from virtual_ward_stays s where s.tenant_id = p.tenant_id and s.patient_id = p.id),
           t.at, 'auto', t.kind, t.value, t.measurement_id, t.lab_result_id, p.department_code, ${managing},
           t.suggestion, ${session.userId}
      from unnest(${of((c) => c.patientId)}::bigint[], ${of((c) => c.kind)}::text[], ${of((c) => c.value)}::float8[],
                  ${of((c) => c.measurementId)}::bigint[], ${of((c) => c.labResultId)}::bigint[],
                  ${of((c) => c.suggestion)}::text[], ${of((c) => c.at.toISOString())}::timestamptz[])
           as t(patient_id, kind, value, measurement_id, lab_result_id, suggestion, at)
      join patients p on p.tenant_id = ${session.tenantId} and p.id = t.patient_id and p.deleted_at is null
     where not (p.status = 'inHospital' and p.department_code = ${managing})
       and not exists (select 1 from virtual_ward_stays s
                        where s.tenant_id = p.tenant_id and s.patient_id = p.id and s.exited_at is null)
    on conflict do nothing
    returning id`);
  if (!result.rows.length) return [];
  const rows = await tx
    .select()
    .from(virtualWardStays)
    .where(
      and(
        eq(virtualWardStays.tenantId, session.tenantId),
        inArray(
          virtualWardStays.id,
          result.rows.map((row) => Number(row.id)),
        ),
      ),
    );
  await writeAudits(
    tx,
    rows.map((row) => ({
      ...auditActor(session),
      action: 'autoJoin',
      entity: 'virtualWardStay' as const,
      entityId: row.id,
      patientId: row.patientId,
      after: stayAuditView(row),
    })),
    meta,
  );
  await announceStays(tx, session.tenantId, rows);
  return rows;
}

const UNIT_TEXT: Record<string, string> = { mmolL: 'mmol/L', mgDl: 'mg/dL' };

/**
 * The auto join of written readings (live glucose readings with a value): the patients whose reading
 * reached `gluMinValue` join, once. Called from `afterWrite` (measurements/record.ts).
 */
export async function autoJoinVirtualWard(
  tx: DbOrTx,
  session: SessionUser,
  rows: readonly MeasurementRow[],
  config: TenantRef,
  lang: Lang,
  meta: RequestMeta,
): Promise<StayRow[]> {
  if (!rows.length) return [];
  const settings = await autoJoinSettings(tx, config);
  if (!settings.autoJoin || !settings.managingDepartmentCode) return [];
  const wanted = new Map<number, AutoJoinCandidate>();
  for (const row of rows) {
    if (row.deletedAt !== null || row.value === null) continue;
    if (!autoJoinTriggered(settings, { kind: 'glucose', item: row.item, value: row.value })) continue;
    const known = wanted.get(row.patientId);
    if (known && known.at <= row.testTime) continue;
    const entered = row.enteredValue !== null && row.enteredUnit;
    wanted.set(row.patientId, {
      patientId: row.patientId,
      kind: 'glucose',
      value: row.value,
      measurementId: row.id,
      labResultId: null,
      at: row.testTime,
      suggestion: autoJoinSuggestion(
        {
          kind: 'glucose',
          value: entered ? (row.enteredValue as number) : row.value,
          unit: entered ? (UNIT_TEXT[row.enteredUnit as string] ?? (row.enteredUnit as string)) : 'mmol/L',
          threshold: settings.gluMinValue,
          thresholdUnit: 'mmol/L',
        },
        lang,
      ),
    });
  }
  return insertAutoStays(tx, session, [...wanted.values()], settings.managingDepartmentCode, meta);
}

/** A written lab result, as the auto join reads it. */
export interface WrittenLabResult {
  id: number;
  patientId: number;
  itemCode: string;
  value: number;
  unit: string | null;
  resultedAt: Date;
}

/**
 * The auto join of written lab results: an HbA1c result at or above `hbA1cMinValue` joins the patient,
 * once. The lab-result write path calls it in its transaction; issue 21's HL7 results call it too.
 */
export async function autoJoinOnLabResults(
  tx: DbOrTx,
  session: SessionUser,
  results: readonly WrittenLabResult[],
  config: TenantRef,
  lang: Lang,
  meta: RequestMeta,
): Promise<StayRow[]> {
  if (!results.length) return [];
  const settings = await autoJoinSettings(tx, config);
  if (!settings.autoJoin || !settings.managingDepartmentCode) return [];
  const wanted = new Map<number, AutoJoinCandidate>();
  for (const result of results) {
    if (!autoJoinTriggered(settings, { kind: 'lab', itemCode: result.itemCode, value: result.value }))
      continue;
    const known = wanted.get(result.patientId);
    if (known && known.at <= result.resultedAt) continue;
    wanted.set(result.patientId, {
      patientId: result.patientId,
      kind: 'hba1c',
      value: result.value,
      measurementId: null,
      labResultId: result.id,
      at: result.resultedAt,
      suggestion: autoJoinSuggestion(
        {
          kind: 'hba1c',
          value: result.value,
          unit: result.unit || '%',
          threshold: settings.hbA1cMinValue,
          thresholdUnit: '%',
        },
        lang,
      ),
    });
  }
  return insertAutoStays(tx, session, [...wanted.values()], settings.managingDepartmentCode, meta);
}
