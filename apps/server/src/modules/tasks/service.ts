import { compareBeds, type Lang, STORAGE_UNITS, type TaskState, taskRank } from '@glucocare/domain';
import type { TodayTaskView } from '@glucocare/domain/responses';
import type { DbOrTx } from '../../db/client';
import type { SessionUser } from '../auth/sessions';
import { inpatientConditions } from '../patients/list';
import { loadTaskPatients, loadTaskSettings, type TaskSettings, tasksOf } from './progress';

// Not a resource declaration (lib/resource.ts): reads only: today's tasks follow from the monitoring strategy
// and the readings.

export interface TodayTaskFilter {
  departmentCode?: string;
  queryCondition?: string;
}

/** Every task of today of the in-hospital patients of the caller's scope matching the filter, in list order. */
async function allTasks(
  db: DbOrTx,
  session: SessionUser,
  filter: TodayTaskFilter,
  lang: Lang,
  now: Date,
): Promise<{ settings: TaskSettings; patients: number; rows: TodayTaskView[] }> {
  const settings = await loadTaskSettings(db, session, now);
  const where = inpatientConditions(session, filter);
  const patients = await loadTaskPatients(db, session.tenantId, where, settings, lang);
  const names = new Map(
    settings.periods.map((period) => [period.code, lang === 'zh-CN' ? period.nameZh : period.nameEn]),
  );
  const rows: TodayTaskView[] = [];
  for (const patient of patients) {
    for (const task of tasksOf(patient, settings)) {
      const reading = task.reading;
      rows.push({
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
        periodName: names.get(task.periodCode) ?? task.periodCode,
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
              unit: STORAGE_UNITS.GLU,
              enteredValue: reading.enteredValue,
              enteredUnit: reading.enteredUnit,
              untestedReason: reading.untestedReason,
              untestedReasonName: reading.untestedReasonName,
              determineType: reading.classification,
              color: reading.color,
            }
          : null,
      });
    }
  }
  rows.sort(
    (a, b) =>
      taskRank(a.state) - taskRank(b.state) ||
      a.windowStart.localeCompare(b.windowStart) ||
      a.departmentCode.localeCompare(b.departmentCode) ||
      compareBeds(a.bed, b.bed) ||
      a.patientName.localeCompare(b.patientName) ||
      a.patientId - b.patientId,
  );
  return { settings, patients: patients.length, rows };
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
  const { rows } = await allTasks(db, session, query, lang, now);
  const matching = query.state ? rows.filter((row) => row.state === query.state) : rows;
  const offset = (query.page - 1) * query.size;
  return {
    records: matching.slice(offset, offset + query.size),
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
  const { settings, patients, rows } = await allTasks(db, session, filter, lang, now);
  const counts: Record<TaskState, number> = { overdue: 0, due: 0, upcoming: 0, untested: 0, done: 0 };
  for (const row of rows) counts[row.state]++;
  return { ...counts, total: rows.length, patients, date: settings.day.date, timeZone: settings.timeZone };
}
