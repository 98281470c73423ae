/**
 * Auto consultation (issue 17): a reading that crosses a threshold of the auto-consultation settings
 * (`/v1/autoConsultation/multi`: fasting, postprandial and random glucose, ketone, uric acid, urea)
 * raises a consultation request to the trigger's consulting department, in the reading's transaction,
 * whatever wrote it (entry, correction, meter upload, later HL7): `afterWrite` in record.ts calls it.
 *
 * Once per patient, trigger and hospital day: the partial unique index `consultations_auto_once_uq`
 * makes the insert a no-op for a day that already has one, so 20 parallel uploads of triggering readings
 * leave exactly one request (a concurrent insert waits for the first transaction and then skips). The
 * reading linked is the earliest of the batch; the request names the patient's doctor when the doctor's
 * account is known. The rule itself (which trigger, which threshold) is the domain's
 * `crossedConsultationTrigger`.
 *
 * Nothing is raised while the hospital's feature switch "auto consultation" is off (its default), nor by
 * a trigger switched off or without a consulting department.
 *
 * Cost: the settings come from the configuration cache; with the switch or every trigger off nothing
 * else runs, and otherwise one INSERT per batch, only when a reading crossed a threshold.
 */
import {
  autoConsultationDescription,
  autoConsultationFactsOf,
  type CrossedTrigger,
  calendarDate,
  crossedConsultationTrigger,
  type Lang,
} from '@glucocare/domain';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { measurements } from '../../db/schema';
import { auditActor, type RequestMeta, writeAudits } from '../audit/service';
import type { SessionUser } from '../auth/sessions';
import { announceConsultation } from '../consultations/service';
import { cachedConfig, type TenantRef } from '../settings/config-cache';
import { getSetting } from '../settings/service';
import { readAutoConsultation } from '../settings/strategy-service';
import { hospitalTimeZone } from '../settings/time-zone';

type MeasurementRow = typeof measurements.$inferSelect;

/** A consultation the write raised. */
export interface RaisedConsultation {
  id: number;
  patientId: number;
  requestDepartmentCode: string;
  consultDepartmentCode: string;
  requestDoctorId: number | null;
  triggerItem: string;
  triggerDate: string;
  triggerMeasurementId: number;
}

interface Candidate {
  row: MeasurementRow;
  crossed: CrossedTrigger;
  date: string;
}

/**
 * The triggers in effect, none while the hospital's feature switch `feature.autoConsultation` is off;
 * from the configuration cache (settings changes bump its version).
 */
function triggersOf(db: DbOrTx, tenant: TenantRef) {
  return cachedConfig(db, tenant, 'autoConsultation', async (tenantId) =>
    (await getSetting(db, tenantId, 'feature.autoConsultation')) ? readAutoConsultation(db, tenantId) : [],
  );
}

/** "Auto consultation: fasting glucose 12.3 mmol/L ≥ 10.0 (2026-11-27 07:05)", the value as entered. */
function descriptionOf({ row, crossed }: Candidate, timeZone: string, lang: Lang): string {
  const facts = autoConsultationFactsOf(crossed.entry.item, row, crossed.entry, timeZone);
  return autoConsultationDescription(facts, lang);
}

const column = (values: unknown[]) => sql.param(values);

/**
 * Raises the auto consultations of written readings (live ones with a value) and announces and audits
 * those stored. Answers the consultations raised (none when every trigger is off or none was crossed).
 */
export async function raiseAutoConsultations(
  tx: DbOrTx,
  session: SessionUser,
  rows: readonly MeasurementRow[],
  config: TenantRef,
  lang: Lang,
  meta: RequestMeta,
): Promise<RaisedConsultation[]> {
  const live = rows.filter((row) => row.deletedAt === null && row.value !== null);
  if (!live.length) return [];
  const entries = await triggersOf(tx, config);
  if (!entries.some((entry) => entry.enabled && entry.consultDepartmentCode)) return [];
  const timeZone = await hospitalTimeZone(tx, config);
  const wanted = new Map<string, Candidate>();
  for (const row of live) {
    const crossed = crossedConsultationTrigger(entries, {
      item: row.item,
      periodCode: row.periodCode,
      value: row.value,
      departmentCode: row.departmentCode,
    });
    if (!crossed) continue;
    const date = calendarDate(row.testTime, timeZone);
    const key = `${row.patientId}\u0000${crossed.entry.item}\u0000${date}`;
    const known = wanted.get(key);
    if (!known || row.testTime.getTime() < known.row.testTime.getTime())
      wanted.set(key, { row, crossed, date });
  }
  if (!wanted.size) return [];
  const candidates = [...wanted.values()];
  const of = (pick: (candidate: Candidate) => unknown) => column(candidates.map(pick));
  const result = await tx.execute<{
    id: string;
    patient_id: string;
    request_department_code: string;
    consult_department_code: string;
    request_doctor_id: string | null;
    trigger_item: string;
    trigger_date: string;
    trigger_measurement_id: string;
  }>(sql`
    insert into consultations (tenant_id, patient_id, admission_id, request_department_code, request_doctor_id,
                               request_doctor_name, consult_department_code, requested_at, description, urgency,
                               source, trigger_item, trigger_date, trigger_measurement_id, created_by)
    select ${session.tenantId}, t.patient_id, t.admission_id, t.department_code, doc.id, doc.nick_name,
           t.consult_department_code, now(), t.description, t.urgency, 'auto', t.trigger_item, t.trigger_date,
           t.measurement_id, ${session.userId}
      from unnest(${of((c) => c.row.patientId)}::bigint[], ${of((c) => c.row.admissionId)}::bigint[],
                  ${of((c) => c.row.departmentCode)}::text[], ${of((c) => c.crossed.entry.consultDepartmentCode)}::text[],
                  ${of((c) => descriptionOf(c, timeZone, lang))}::text[],
                  ${of((c) => (c.row.classification?.startsWith('critical') ? 'urgent' : 'routine'))}::text[],
                  ${of((c) => c.crossed.entry.item)}::text[], ${of((c) => c.date)}::date[],
                  ${of((c) => c.row.id)}::bigint[])
           as t(patient_id, admission_id, department_code, consult_department_code, description, urgency,
                trigger_item, trigger_date, measurement_id)
      left join patients p on p.tenant_id = ${session.tenantId} and p.id = t.patient_id
      left join lateral (
        select u.id, u.nick_name from users u
         where u.tenant_id = p.tenant_id and lower(u.user_name) = lower(p.doctor_code) and u.deleted_at is null
         limit 1) doc on true
    on conflict do nothing
    returning id, patient_id, request_department_code, consult_department_code, request_doctor_id, trigger_item,
              trigger_date::text as trigger_date, trigger_measurement_id`);
  const raised: RaisedConsultation[] = result.rows.map((row) => ({
    id: Number(row.id),
    patientId: Number(row.patient_id),
    requestDepartmentCode: row.request_department_code,
    consultDepartmentCode: row.consult_department_code,
    requestDoctorId: row.request_doctor_id === null ? null : Number(row.request_doctor_id),
    triggerItem: row.trigger_item,
    triggerDate: row.trigger_date,
    triggerMeasurementId: Number(row.trigger_measurement_id),
  }));
  if (!raised.length) return [];
  await writeAudits(
    tx,
    raised.map((consultation) => ({
      ...auditActor(session),
      action: 'create',
      entity: 'consultation' as const,
      entityId: consultation.id,
      patientId: consultation.patientId,
      after: { ...consultation, source: 'auto' },
    })),
    meta,
  );
  await announceConsultation(
    tx,
    session.tenantId,
    raised.map((consultation) => ({ ...consultation, consultDoctorId: null })),
  );
  return raised;
}
