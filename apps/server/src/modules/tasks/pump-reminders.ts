/**
 * Today's pump reminders (issue 16): the open binding of each patient with its pump's last reports,
 * turned into reminders by the domain rule `pumpRemindersAt` under the hospital's pump strategy. One
 * correlated probe per patient row (`pump_bindings_open_patient_uq`), so the task list, the bed cards
 * and the shift hand-over add it to the statement they already run over `patients`.
 */
import { type PumpReminder, pumpRemindersAt } from '@glucocare/domain';
import type { PatientPumpView, PumpReminderView } from '@glucocare/domain/responses';
import { type SQL, sql } from 'drizzle-orm';
import { patients } from '../../db/schema';
import { latestTubeChangeOf } from '../pumps/bindings';
import type { TaskSettings } from './progress';

/** The open binding of a patient row as {@link openPumpColumn} returns it (JSON). */
export interface OpenPumpJson {
  bindingId: number | string;
  pumpId: number | string;
  serialNumber: string;
  upAt: string;
  lastTubeChangeAt: string | null;
  battery: number | null;
  batteryReportedAt: string | null;
  dose: number | null;
  doseReportedAt: string | null;
}

/**
 * The patient's open binding (down-pump not recorded) with the pump's serial number and last reports
 * and the binding's latest tube change, as JSON (null without one). For any statement over `patients`.
 */
export function openPumpColumn(): SQL {
  return sql`(
    select json_build_object('bindingId', b.id, 'pumpId', p.id, 'serialNumber', p.serial_number, 'upAt', b.up_at,
             'lastTubeChangeAt', ${latestTubeChangeOf(sql`b.tenant_id`, sql`b.id`)},
             'battery', p.battery_percent, 'batteryReportedAt', p.battery_reported_at,
             'dose', p.remaining_dose, 'doseReportedAt', p.dose_reported_at)
      from pump_bindings b
      join insulin_pumps p on p.tenant_id = b.tenant_id and p.id = b.pump_id
     where b.tenant_id = ${patients.tenantId} and b.patient_id = ${patients.id} and b.down_at is null)`;
}

const iso = (at: Date | null) => (at ? at.toISOString() : null);
const instant = (at: string | null) => (at ? new Date(at) : null);

/** A reminder as the API answers it. */
export function pumpReminderViewOf(reminder: PumpReminder): PumpReminderView {
  return { ...reminder, dueAt: iso(reminder.dueAt), since: iso(reminder.since) };
}

/**
 * The pump a patient wears with its reminders at `settings.now` (the hospital's pump strategy), or null
 * without an open binding.
 */
export function patientPumpOf(json: OpenPumpJson | null, settings: TaskSettings): PatientPumpView | null {
  if (!json) return null;
  const reminders = pumpRemindersAt(
    {
      upAt: new Date(json.upAt),
      lastTubeChangeAt: instant(json.lastTubeChangeAt),
      battery: json.battery,
      batteryReportedAt: instant(json.batteryReportedAt),
      dose: json.dose,
      doseReportedAt: instant(json.doseReportedAt),
    },
    settings.pump,
    settings.now,
    settings.timeZone,
  );
  return {
    bindingId: Number(json.bindingId),
    pumpId: Number(json.pumpId),
    serialNumber: json.serialNumber,
    upAt: new Date(json.upAt).toISOString(),
    lastTubeChangeAt: json.lastTubeChangeAt ? new Date(json.lastTubeChangeAt).toISOString() : null,
    battery: json.battery,
    dose: json.dose,
    reminders: reminders.map(pumpReminderViewOf),
  };
}
