import { DEFAULT_CRITICAL_LOOP } from '@glucocare/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { criticalAwaiting, criticalEvents, departments, patients, settings, users } from '../../db/schema';
import { databaseOutages } from '../../lib/outage-log';
import { type LiveChange, publishLive } from '../live/publish';

/** How often each server process looks for critical values to escalate (issue 15: "after a set time"). */
export const ESCALATION_SWEEP_MS = 30_000;

/**
 * The key of the transaction-level advisory lock a sweep takes: of many server processes sweeping at
 * the same moment, one escalates and the others skip that round.
 */
export const SWEEP_LOCK_KEY = 0x6c756365; // 'luce', any constant of this application

/** A value escalated by a sweep: the event and whom it was escalated to. */
export interface EscalatedEvent {
  tenantId: string;
  id: number;
  patientId: number;
  departmentCode: string;
  doctorId: number | null;
  headNurseId: number | null;
}

/**
 * The escalation rule of domain `criticalLoopState` in SQL, for the sweep, as its two causes: nobody
 * acknowledged or handled the value `minutes` after its measurement, or its recheck is overdue by
 * `minutes` (no recheck reading, no reason given).
 */
function escalationCauses(now: string, minutes: SQL) {
  const limit = sql`(${now}::timestamptz - make_interval(mins => ${minutes}))`;
  return {
    unacknowledged: sql`(${criticalEvents.acknowledgedAt} is null and ${criticalEvents.handledAt} is null
      and ${criticalEvents.measuredAt} <= ${limit})`,
    recheckOverdue: sql`(${criticalEvents.recheckDueAt} is not null and ${criticalEvents.recheckedAt} is null
      and ${criticalEvents.recheckSkippedReason} is null and ${criticalEvents.recheckDueAt} <= ${limit})`,
  };
}

function escalationDue(now: string, minutes: SQL) {
  const causes = escalationCauses(now, minutes);
  return sql`(${causes.unacknowledged} or ${causes.recheckOverdue})`;
}

/**
 * One sweep at `now`, for every tenant, in one statement and one transaction: the values still waiting
 * (`critical_events_escalation_idx` holds exactly those not yet escalated) whose time has come by
 * their hospital's `escalateAfterMinutes`, of patients in hospital, get `escalated_at` (once: a value
 * escalated before is no longer in the index) and whom they went to — the patient's responsible doctor
 * and the head nurse of the ward where the value was measured, each when there is an active user —,
 * an audit row each (`criticalEvent`, `escalate`, by the system), and a `critical` event on the push
 * channel naming those two users, who hear it whatever their department scope.
 *
 * The event's `version` does not change: it guards what people record on the value, and a nurse in
 * the middle of the handling dialog must not get a conflict because the value escalated meanwhile.
 * Conditions are checked again on the row being updated, so an acknowledgement committed while the
 * sweep ran is respected (READ COMMITTED re-reads a row changed concurrently).
 */
export async function sweepEscalations(db: Database, now: Date): Promise<EscalatedEvent[]> {
  const at = now.toISOString();
  const awaiting = criticalAwaiting(criticalEvents);
  const updated = escalationCauses(at, sql.raw('due.minutes'));
  return db.transaction(async (tx) => {
    const result = await tx.execute<{
      tenant_id: string;
      id: string;
      patient_id: string;
      department_code: string;
      doctor_id: string | null;
      head_nurse_id: string | null;
    }>(sql`
      with sweep_lock as (select pg_try_advisory_xact_lock(${SWEEP_LOCK_KEY}) as held),
      loop_setting as (
        select ${settings.tenantId} as tenant_id, (${settings.value} ->> 'escalateAfterMinutes')::int as minutes
        from ${settings}
        where ${settings.key} = 'strategy.criticalLoop'
          and jsonb_typeof(${settings.value} -> 'escalateAfterMinutes') = 'number'
      ),
      due as (
        select ${criticalEvents.tenantId} as tenant_id, ${criticalEvents.id} as id,
          coalesce(loop_setting.minutes, ${DEFAULT_CRITICAL_LOOP.escalateAfterMinutes}) as minutes,
          doctor.id as doctor_id, doctor.nick_name as doctor_name,
          head_nurse.id as head_nurse_id, head_nurse.nick_name as head_nurse_name
        from ${criticalEvents}
        join ${patients} on ${patients.tenantId} = ${criticalEvents.tenantId}
          and ${patients.id} = ${criticalEvents.patientId}
          and ${patients.deletedAt} is null and ${patients.status} = 'inHospital'
        left join loop_setting on loop_setting.tenant_id = ${criticalEvents.tenantId}
        left join ${users} doctor on doctor.tenant_id = ${patients.tenantId}
          and lower(doctor.user_name) = lower(${patients.doctorCode})
          and doctor.deleted_at is null and doctor.is_active
        left join ${departments} on ${departments.tenantId} = ${criticalEvents.tenantId}
          and ${departments.code} = ${criticalEvents.departmentCode}
        left join ${users} head_nurse on head_nurse.tenant_id = ${departments.tenantId}
          and head_nurse.id = ${departments.headNurseId}
          and head_nurse.deleted_at is null and head_nurse.is_active
        where (select held from sweep_lock)
          and ${criticalEvents.escalatedAt} is null and ${awaiting}
          and ${escalationDue(at, sql`coalesce(loop_setting.minutes, ${DEFAULT_CRITICAL_LOOP.escalateAfterMinutes})`)}
      ),
      escalated as (
        update ${criticalEvents}
        set escalated_at = ${at}::timestamptz,
          escalated_doctor_id = due.doctor_id, escalated_doctor_name = due.doctor_name,
          escalated_head_nurse_id = due.head_nurse_id, escalated_head_nurse_name = due.head_nurse_name
        from due
        where ${criticalEvents.tenantId} = due.tenant_id and ${criticalEvents.id} = due.id
          and ${criticalEvents.escalatedAt} is null and ${awaiting} and (${updated.unacknowledged} or ${updated.recheckOverdue})
        returning ${criticalEvents.tenantId} as tenant_id, ${criticalEvents.id} as id,
          ${criticalEvents.patientId} as patient_id, ${criticalEvents.departmentCode} as department_code,
          due.doctor_id, due.doctor_name, due.head_nurse_id, due.head_nurse_name,
          ${updated.unacknowledged} as unacknowledged, ${updated.recheckOverdue} as recheck_overdue
      ),
      audited as (
        insert into audit_log (tenant_id, actor_id, actor_name, action, entity, entity_id, patient_id, before, after)
        select tenant_id, null, null, 'escalate', 'criticalEvent', id::text, patient_id,
          jsonb_build_object('escalatedAt', null),
          jsonb_build_object('escalatedAt', ${at}::text,
            'escalatedDoctor', doctor_name, 'escalatedHeadNurse', head_nurse_name,
            'reasons', to_jsonb(array_remove(array[
              case when unacknowledged then 'unacknowledged' end,
              case when recheck_overdue then 'recheckOverdue' end], null)))
        from escalated
      )
      select tenant_id, id, patient_id, department_code, doctor_id, head_nurse_id from escalated
    `);
    const escalated = result.rows.map(
      (row): EscalatedEvent => ({
        tenantId: row.tenant_id,
        id: Number(row.id),
        patientId: Number(row.patient_id),
        departmentCode: row.department_code,
        doctorId: row.doctor_id === null ? null : Number(row.doctor_id),
        headNurseId: row.head_nurse_id === null ? null : Number(row.head_nurse_id),
      }),
    );
    // one announcement per tenant and set of people named, so that each named user hears of the values
    // escalated to them and of no other value of the ward (the channel merges the changes it is given)
    const groups = new Map<string, { tenantId: string; changes: LiveChange[] }>();
    for (const event of escalated) {
      const userIds = [event.doctorId, event.headNurseId].filter((id): id is number => id !== null);
      const key = `${event.tenantId}\u0000${userIds.join(',')}`;
      const group = groups.get(key) ?? { tenantId: event.tenantId, changes: [] };
      group.changes.push({
        topic: 'critical',
        departmentCode: event.departmentCode,
        patientId: event.patientId,
        criticalId: event.id,
        userIds,
      });
      groups.set(key, group);
    }
    for (const { tenantId, changes } of groups.values()) await publishLive(tx, tenantId, changes);
    return escalated;
  });
}

/** The sweeper of one server process: its timer, and a sweep on demand (tests, at the clock they set). */
export interface EscalationSweeper {
  /** one sweep at `app.clock()`; a sweep already running is waited for rather than doubled */
  sweep(): Promise<EscalatedEvent[]>;
  stop(): void;
}

/**
 * Sweeps every `intervalMs` (0: never by itself) from when the server is ready until it closes. The
 * timer does not keep the process alive; a failed sweep (database away) is logged and the next one
 * tries again.
 */
export function escalationSweeper(app: FastifyInstance, intervalMs: number): EscalationSweeper {
  let running: Promise<EscalatedEvent[]> | null = null;
  let timer: NodeJS.Timeout | null = null;
  const sweep = () => {
    running ??= sweepEscalations(app.db, app.clock()).finally(() => {
      running = null;
    });
    return running;
  };
  const sweeper: EscalationSweeper = {
    sweep,
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
  if (intervalMs > 0) {
    app.addHook('onReady', async () => {
      timer = setInterval(() => {
        sweep()
          .then((escalated) => {
            if (escalated.length) app.log.info({ escalated: escalated.length }, 'critical values escalated');
          })
          .catch((error) => {
            if (!databaseOutages.failure(app.log, 'critical escalation', error)) {
              app.log.warn({ err: error }, 'critical-value escalation sweep failed');
            }
          });
      }, intervalMs);
      timer.unref();
    });
  }
  app.addHook('onClose', async () => {
    sweeper.stop();
    await running?.catch(() => {});
  });
  return sweeper;
}
