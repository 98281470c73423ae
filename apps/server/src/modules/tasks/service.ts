import {
  compareBeds,
  type Lang,
  type MonitorDayTask,
  monitorTaskName,
  pumpReminderRank,
  STORAGE_UNITS,
  type TaskState,
  taskRank,
} from '@glucocare/domain';
import type { PumpReminderTaskView, TodayTaskView } from '@glucocare/domain/responses';
import type { DbOrTx } from '../../db/client';
import type { SessionUser } from '../auth/sessions';
import { inpatientConditions } from '../patients/list';
import {
  loadTaskPatients,
  loadTaskSettings,
  type TaskPatient,
  type TaskReading,
  type TaskSettings,
  tasksOf,
} from './progress';

// Not a resource declaration (lib/resource.ts): reads only: today's tasks follow from the monitoring orders
// (else the monitoring strategy) and the readings.

export interface TodayTaskFilter {
  departmentCode?: string;
  queryCondition?: string;
}

/** What a task is called in `lang` (domain `monitorTaskName` over the enabled periods' names). */
export function taskNamer(settings: Pick<TaskSettings, 'periods'>, lang: Lang) {
  const names = new Map(
    settings.periods.map((period) => [period.code, lang === 'zh-CN' ? period.nameZh : period.nameEn]),
  );
  return (task: Parameters<typeof monitorTaskName>[0]) =>
    monitorTaskName(task, (code) => names.get(code) ?? code, lang);
}

/** A task of the list: the patient and the task, its view built only when it is on the page asked for. */
interface TaskEntry {
  patient: TaskPatient;
  task: MonitorDayTask<TaskReading>;
}

/** The view of a task of the list (request language names). */
function taskView({ patient, task }: TaskEntry, nameOf: ReturnType<typeof taskNamer>): TodayTaskView {
  const reading = task.reading;
  return {
    patientId: patient.id,
    patientName: patient.name,
    gender: patient.gender,
    bed: patient.bed,
    inpatientNumber: patient.inpatientNumber,
    departmentCode: patient.departmentCode,
    departmentName: patient.departmentName,
    doctorCode: patient.doctorCode,
    doctorName: patient.doctorName,
    periodCode: task.periodCode,
    periodName: nameOf(task),
    item: task.item,
    period: task.period,
    slot: task.slot,
    orderId: task.orderId,
    windowStart: task.windowStart.toISOString(),
    windowEnd: task.windowEnd.toISOString(),
    dueFrom: task.dueFrom.toISOString(),
    overdueFrom: task.overdueFrom.toISOString(),
    state: task.state,
    reading: reading
      ? {
          id: reading.id,
          testTime: reading.testTime.toISOString(),
          testValue: reading.value,
          unit: STORAGE_UNITS[reading.item],
          enteredValue: reading.enteredValue,
          enteredUnit: reading.enteredUnit,
          untestedReason: reading.untestedReason,
          untestedReasonName: reading.untestedReasonName,
          determineType: reading.classification,
          color: reading.color,
        }
      : null,
  };
}

/** ISO-free comparison of codes by code unit (a locale collation per comparison costs). */
const byCode = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Every task of today of the in-hospital patients of the caller's scope matching the filter, in list
 * order (overdue and due first by window then bed, then upcoming, untested, done); `view` makes the
 * answer's row of one (only the page's rows are built: a ward has hundreds of tasks).
 */
async function allTasks(
  db: DbOrTx,
  session: SessionUser,
  filter: TodayTaskFilter,
  lang: Lang,
  now: Date,
): Promise<{
  settings: TaskSettings;
  patients: number;
  entries: TaskEntry[];
  view: (entry: TaskEntry) => TodayTaskView;
  pumpRows: PumpReminderTaskView[];
}> {
  const settings = await loadTaskSettings(db, session, now);
  const where = inpatientConditions(session, filter);
  const patients = await loadTaskPatients(db, session.tenantId, where, settings, lang);
  const nameOf = taskNamer(settings, lang);
  const entries: TaskEntry[] = [];
  for (const patient of patients) {
    for (const task of tasksOf(patient, settings)) entries.push({ patient, task });
  }
  entries.sort(
    (a, b) =>
      taskRank(a.task.state) - taskRank(b.task.state) ||
      a.task.windowStart.getTime() - b.task.windowStart.getTime() ||
      byCode(a.patient.departmentCode, b.patient.departmentCode) ||
      compareBeds(a.patient.bed, b.patient.bed) ||
      a.patient.name.localeCompare(b.patient.name) ||
      a.patient.id - b.patient.id,
  );
  return {
    settings,
    patients: patients.length,
    entries,
    view: (entry) => taskView(entry, nameOf),
    pumpRows: pumpReminderRows(patients),
  };
}

/**
 * Today's pump reminders of the patients (issue 16), one row per reminder: overdue tube changes first,
 * then low battery and low insulin, then tube changes due later today; by due time, then bed.
 */
function pumpReminderRows(patients: readonly TaskPatient[]): PumpReminderTaskView[] {
  const rows: PumpReminderTaskView[] = [];
  for (const patient of patients) {
    if (!patient.pump) continue;
    for (const reminder of patient.pump.reminders) {
      rows.push({
        ...reminder,
        patientId: patient.id,
        patientName: patient.name,
        gender: patient.gender,
        bed: patient.bed,
        inpatientNumber: patient.inpatientNumber,
        departmentCode: patient.departmentCode,
        departmentName: patient.departmentName,
        bindingId: patient.pump.bindingId,
        pumpId: patient.pump.pumpId,
        serialNumber: patient.pump.serialNumber,
      });
    }
  }
  const kindOrder = { tubeChange: 0, lowBattery: 1, lowDose: 2 } as const;
  return rows.sort(
    (a, b) =>
      pumpReminderRank(a.state) - pumpReminderRank(b.state) ||
      (a.dueAt ?? '').localeCompare(b.dueAt ?? '') ||
      a.departmentCode.localeCompare(b.departmentCode) ||
      compareBeds(a.bed, b.bed) ||
      a.patientName.localeCompare(b.patientName) ||
      a.patientId - b.patientId ||
      kindOrder[a.kind] - kindOrder[b.kind],
  );
}

/** GET /v1/tasks/pumpReminders: today's pump reminders of the caller's in-hospital patients, paged. */
export async function pageTodayPumpReminders(
  db: DbOrTx,
  session: SessionUser,
  query: TodayTaskFilter & { page: number; size: number },
  lang: Lang,
  now: Date,
) {
  const { pumpRows } = await allTasks(db, session, query, lang, now);
  const offset = (query.page - 1) * query.size;
  return {
    records: pumpRows.slice(offset, offset + query.size),
    total: pumpRows.length,
    page: query.page,
    size: query.size,
  };
}

/**
 * GET /v1/tasks/todayTask: today's measuring tasks (patient × planned period) of the caller's
 * departments, overdue and due first by window then bed, then upcoming, untested, done; one state or all.
 */
export async function pageTodayTasks(
  db: DbOrTx,
  session: SessionUser,
  query: TodayTaskFilter & { state?: TaskState; page: number; size: number },
  lang: Lang,
  now: Date,
) {
  const { entries, view } = await allTasks(db, session, query, lang, now);
  const matching = query.state ? entries.filter((entry) => entry.task.state === query.state) : entries;
  const offset = (query.page - 1) * query.size;
  return {
    records: matching.slice(offset, offset + query.size).map(view),
    total: matching.length,
    page: query.page,
    size: query.size,
  };
}

/** GET /v1/tasks/todayTaskNums: how many of today's tasks are in each state. */
export async function countTodayTasks(
  db: DbOrTx,
  session: SessionUser,
  filter: TodayTaskFilter,
  lang: Lang,
  now: Date,
) {
  const { settings, patients, entries, pumpRows } = await allTasks(db, session, filter, lang, now);
  const counts: Record<TaskState, number> = { overdue: 0, due: 0, upcoming: 0, untested: 0, done: 0 };
  for (const entry of entries) counts[entry.task.state]++;
  return {
    ...counts,
    total: entries.length,
    patients,
    pumpReminders: pumpRows.length,
    pumpRemindersOverdue: pumpRows.filter((row) => row.state === 'overdue').length,
    date: settings.day.date,
    timeZone: settings.timeZone,
  };
}
