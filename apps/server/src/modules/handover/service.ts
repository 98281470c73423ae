import {
  calendarDate,
  compareBeds,
  type HandoverQuery,
  type Lang,
  type MeasurementItem,
  type Shift,
  STORAGE_UNITS,
  shiftAt,
  shiftInterval,
  shiftName,
  translate,
} from '@glucocare/domain';
import type {
  HandoverCriticalView,
  HandoverMovementView,
  HandoverPatientView,
  HandoverView,
} from '@glucocare/domain/responses';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { patients } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { SessionUser } from '../auth/sessions';
import { scopedDepartment } from '../crisis/rules-service';
import { departmentName } from '../departments/service';
import { getSetting } from '../settings/service';
import { hospitalTimeZone } from '../settings/time-zone';
import { loadTaskPatients, loadTaskSettings, type TaskPatient, tasksOf } from '../tasks/progress';
import { taskNamer } from '../tasks/service';

// Not a resource declaration (lib/resource.ts): a read-only summary over readings, tasks, critical
// values and patient movements of one ward and shift.

/**
 * How far before the shift a critical value may have been measured and still be listed when it was
 * handled after the shift's end or waits for its recheck; values still open are listed whenever measured.
 */
const CRITICAL_LOOKBACK_DAYS = 30;

const ITEMS: readonly MeasurementItem[] = ['GLU', 'KET', 'UA'];

/** A 400 naming one query field, worded in the request language. */
function queryProblem(
  lang: Lang,
  field: string,
  key: 'handover.shift.unknown' | 'handover.shift.none',
  code = '',
) {
  return new AppError(400, key, { code }, { errors: [{ field, message: translate(lang, key, { code }) }] });
}

/** The shift asked for (or the one going on now) with its date and interval. */
async function resolveShift(db: DbOrTx, session: SessionUser, query: HandoverQuery, lang: Lang, now: Date) {
  const timeZone = await hospitalTimeZone(db, session);
  const { shifts } = await getSetting(db, session.tenantId, 'strategy.shifts');
  let shift: Shift | undefined;
  let date: string;
  if (query.shift && query.date) {
    shift = shifts.find((candidate) => candidate.code === query.shift);
    if (!shift) throw queryProblem(lang, 'shift', 'handover.shift.unknown', query.shift);
    date = query.date;
  } else {
    const current = shiftAt(now, shifts, timeZone);
    if (!current) throw queryProblem(lang, 'shift', 'handover.shift.none');
    shift = current.shift;
    date = current.date;
  }
  const interval = shiftInterval(shift, date, timeZone);
  if (!interval) throw queryProblem(lang, 'shift', 'handover.shift.unknown', shift.code);
  return { timeZone, shift, date, from: interval.start, until: interval.end };
}

interface ReadingCountRow extends Record<string, unknown> {
  patient_id: string;
  name: string;
  bed: string | null;
  inpatient_number: string | null;
  in_department: boolean;
  item: MeasurementItem;
  taken: string;
  untested: string;
}

interface CriticalRow extends Record<string, unknown> {
  id: string;
  patient_id: string;
  patient_name: string;
  bed: string | null;
  item: MeasurementItem;
  value: number;
  entered_value: number | null;
  entered_unit: string | null;
  classification: 'criticalLow' | 'criticalHigh';
  measured_at: Date | string;
  notified_at: Date | string | null;
  notified_person: string | null;
  acknowledged_at: Date | string | null;
  acknowledged_by_name: string | null;
  handled_at: Date | string | null;
  handled_by_name: string | null;
  recheck_due_at: Date | string | null;
  rechecked_at: Date | string | null;
  recheck_skipped_reason: string | null;
}

interface MovementRow extends Record<string, unknown> {
  kind: HandoverMovementView['kind'];
  patient_id: string;
  patient_name: string;
  inpatient_number: string | null;
  at: Date | string;
  bed: string | null;
  other_code: string | null;
  other_name: string | null;
  other_name_en: string | null;
}

const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();
const ms = (value: Date | string | null): number | null =>
  value === null ? null : new Date(value).getTime();

/**
 * The live readings the ward took in the shift, per patient and item: with a value (taken) and without
 * (not tested, with a reason). One statement over `measurements_department_idx`.
 */
async function readingCounts(db: DbOrTx, tenantId: string, departmentCode: string, from: Date, until: Date) {
  const result = await db.execute<ReadingCountRow>(sql`
    select m.patient_id, p.name, p.bed, p.inpatient_number,
           (p.status = 'inHospital' and p.department_code = ${departmentCode}) as in_department, m.item,
           count(*) filter (where m.value is not null) as taken,
           count(*) filter (where m.value is null) as untested
      from measurements m
      join patients p on p.tenant_id = m.tenant_id and p.id = m.patient_id
     where m.tenant_id = ${tenantId} and m.department_code = ${departmentCode}
       and m.item in ('GLU', 'KET', 'UA') and m.deleted_at is null
       and m.test_time >= ${from} and m.test_time < ${until}
       and p.deleted_at is null
     group by m.patient_id, p.name, p.bed, p.inpatient_number, p.status, p.department_code, m.item`);
  return result.rows;
}

/**
 * The ward's critical values of the hand-over: measured in the shift; or measured before its end and
 * still open then (open ones whenever measured, handled ones up to {@link CRITICAL_LOOKBACK_DAYS}
 * back); or waiting for a recheck at its end. Void values (their reading deleted) are left out.
 */
async function criticalRows(db: DbOrTx, tenantId: string, departmentCode: string, from: Date, until: Date) {
  const lookback = new Date(from.getTime() - CRITICAL_LOOKBACK_DAYS * 86_400_000);
  const result = await db.execute<CriticalRow>(sql`
    select e.id, e.patient_id, p.name as patient_name, p.bed, e.item, e.value, m.entered_value, m.entered_unit,
           e.classification, e.measured_at, e.notified_at, e.notified_person, e.acknowledged_at,
           e.acknowledged_by_name, e.handled_at, e.handled_by_name,
           e.recheck_due_at, e.rechecked_at, e.recheck_skipped_reason
      from critical_events e
      join patients p on p.tenant_id = e.tenant_id and p.id = e.patient_id
      left join measurements m on m.tenant_id = e.tenant_id and m.id = e.measurement_id
                              and m.test_time = e.measured_at
     where e.tenant_id = ${tenantId} and e.department_code = ${departmentCode} and e.status <> 'void'
       and e.measured_at < ${until} and p.deleted_at is null
       and (e.status = 'open'
            or (e.measured_at >= ${lookback}
                and (e.measured_at >= ${from}
                     or e.handled_at >= ${until}
                     or (e.recheck_due_at is not null and e.recheck_skipped_reason is null
                         and (e.rechecked_at is null or e.rechecked_at >= ${until})))))
     order by e.measured_at, e.id`);
  return result.rows;
}

/**
 * Admissions to the ward, transfers in and out of it (a move of bed within the ward is not one) and
 * discharges from it, in the shift, in one statement. An admission belongs to the ward it was admitted
 * to: the first transfer of the stay says where that was when the patient has moved since.
 */
async function movementRows(db: DbOrTx, tenantId: string, departmentCode: string, from: Date, until: Date) {
  const result = await db.execute<MovementRow>(sql`
    select moves.kind, moves.patient_id, p.name as patient_name, p.inpatient_number, moves.at, moves.bed,
           moves.other_code, other.name as other_name, other.name_en as other_name_en
      from (
      select 'admission' as kind, a.patient_id, coalesce(first_move.from_bed, a.bed) as bed, a.admitted_at as at,
             null as other_code, coalesce(first_move.from_department_code, a.department_code) as ward
        from patient_admissions a
        left join lateral (
          select t.from_department_code, t.from_bed from patient_transfers t
           where t.tenant_id = a.tenant_id and t.admission_id = a.id
           order by t.start_time, t.id limit 1) first_move on true
       where a.tenant_id = ${tenantId} and a.admitted_at >= ${from} and a.admitted_at < ${until}
      union all
      select 'discharge', a.patient_id, a.bed, a.discharged_at, null, a.department_code
        from patient_admissions a
       where a.tenant_id = ${tenantId} and a.discharged_at >= ${from} and a.discharged_at < ${until}
      union all
      select case when t.to_department_code = ${departmentCode} then 'transferIn' else 'transferOut' end,
             t.patient_id,
             case when t.to_department_code = ${departmentCode} then t.to_bed else t.from_bed end,
             t.start_time,
             case when t.to_department_code = ${departmentCode} then t.from_department_code else t.to_department_code end,
             ${departmentCode}
        from patient_transfers t
       where t.tenant_id = ${tenantId} and t.start_time >= ${from} and t.start_time < ${until}
         and t.from_department_code <> t.to_department_code
         and (t.from_department_code = ${departmentCode} or t.to_department_code = ${departmentCode})
    ) moves
    join patients p on p.tenant_id = ${tenantId} and p.id = moves.patient_id and p.deleted_at is null
    left join departments other on other.tenant_id = ${tenantId} and other.code = moves.other_code
     where moves.ward = ${departmentCode}
     order by moves.at, moves.patient_id`);
  return result.rows;
}

/** Patients of the ward during the shift: on it now or when they left, admitted before its end, not gone before its start. */
function wardPatientsCondition(departmentCode: string, from: Date, until: Date) {
  return sql`${patients.departmentCode} = ${departmentCode} and ${patients.admittedAt} < ${until}
    and (${patients.dischargedAt} is null or ${patients.dischargedAt} > ${from})`;
}

/**
 * The planned measurements (of the monitoring orders, else the strategy) whose window starts — a clock
 * task: whose ordered time comes — in the shift and that are not done, per patient:
 * the domain plan of each hospital day the shift touches (one for most shifts, two for one running
 * past midnight), with the states at `now`. Two statements per day (the settings are cached).
 */
async function dueTasks(
  db: DbOrTx,
  session: SessionUser,
  departmentCode: string,
  interval: { from: Date; until: Date; timeZone: string },
  lang: Lang,
  now: Date,
) {
  const { from, until, timeZone } = interval;
  const first = calendarDate(from, timeZone);
  const last = calendarDate(new Date(until.getTime() - 1), timeZone);
  // a shift lasts at most a day: it touches the day it starts on and perhaps the next
  const dates = first === last ? [first] : [first, last];
  const due = new Map<number, HandoverPatientView['due']>();
  const wardPatients = new Map<number, TaskPatient>();
  for (const date of dates) {
    const settings = await loadTaskSettings(db, session, now, date);
    const nameOf = taskNamer(settings, lang);
    const rows = await loadTaskPatients(
      db,
      session.tenantId,
      wardPatientsCondition(departmentCode, from, until),
      settings,
      lang,
    );
    for (const patient of rows) {
      wardPatients.set(patient.id, patient);
      for (const task of tasksOf(patient, settings)) {
        // a clock task belongs to the shift of its ordered time, not of its catch window's start
        const start = task.anchor.getTime();
        if (task.state === 'done' || start < from.getTime() || start >= until.getTime()) continue;
        const list = due.get(patient.id) ?? [];
        list.push({
          periodCode: task.periodCode,
          periodName: nameOf(task),
          windowStart: task.windowStart.toISOString(),
          windowEnd: task.windowEnd.toISOString(),
          state: task.state,
        });
        due.set(patient.id, list);
      }
    }
  }
  return { due, wardPatients };
}

function criticalView(row: CriticalRow, from: Date, until: Date): HandoverCriticalView {
  const end = until.getTime();
  const handledAt = ms(row.handled_at);
  const openAtEnd = handledAt === null || handledAt >= end;
  const recheckedAt = ms(row.rechecked_at);
  const recheckPending =
    row.recheck_due_at !== null &&
    row.recheck_skipped_reason === null &&
    (recheckedAt === null || recheckedAt >= end);
  const measuredAt = new Date(row.measured_at);
  return {
    id: Number(row.id),
    patientId: Number(row.patient_id),
    patientName: row.patient_name,
    bed: row.bed,
    item: row.item,
    value: row.value,
    unit: STORAGE_UNITS[row.item],
    enteredValue: row.entered_value,
    enteredUnit: row.entered_unit,
    classification: row.classification,
    measuredAt: measuredAt.toISOString(),
    state: openAtEnd ? 'open' : 'handled',
    openedInShift: measuredAt.getTime() >= from.getTime(),
    openAtEnd,
    notifiedAt: iso(row.notified_at),
    notifiedPerson: row.notified_person,
    acknowledgedAt: iso(row.acknowledged_at),
    acknowledgedBy: row.acknowledged_by_name,
    handledAt: iso(row.handled_at),
    handledBy: row.handled_by_name,
    recheckDueAt: iso(row.recheck_due_at),
    recheckedAt: iso(row.rechecked_at),
    recheckSkippedReason: row.recheck_skipped_reason,
    recheckPending,
  };
}

function movementView(row: MovementRow, lang: Lang): HandoverMovementView {
  const otherName =
    row.other_code === null
      ? null
      : row.other_name === null
        ? row.other_code
        : departmentName({ name: row.other_name, nameEn: row.other_name_en }, lang);
  return {
    kind: row.kind,
    patientId: Number(row.patient_id),
    patientName: row.patient_name,
    inpatientNumber: row.inpatient_number,
    at: new Date(row.at).toISOString(),
    bed: row.bed,
    otherDepartmentCode: row.other_code,
    otherDepartmentName: otherName,
  };
}

const noReadings = (): HandoverPatientView['readings'] => ({ GLU: 0, KET: 0, UA: 0 });

/**
 * GET /v1/handover: what the nurse handing over a ward tells the one taking it, for one shift on the
 * hospital clock — readings taken and planned measurements not done, critical values opened in the
 * shift and still open at its end with their steps, rechecks pending, admissions, transfers and
 * discharges; per patient and in total. The ward must be in the caller's scope (else 404).
 */
export async function handoverSummary(
  db: DbOrTx,
  session: SessionUser,
  query: HandoverQuery,
  lang: Lang,
  now: Date,
): Promise<HandoverView> {
  const department = await scopedDepartment(db, session, query.departmentCode);
  const code = department.code;
  const { timeZone, shift, date, from, until } = await resolveShift(db, session, query, lang, now);
  const { due, wardPatients } = await dueTasks(db, session, code, { from, until, timeZone }, lang, now);
  const counts = await readingCounts(db, session.tenantId, code, from, until);
  const critical = (await criticalRows(db, session.tenantId, code, from, until)).map((row) =>
    criticalView(row, from, until),
  );
  const movements = (await movementRows(db, session.tenantId, code, from, until)).map((row) =>
    movementView(row, lang),
  );

  const rows = new Map<number, HandoverPatientView>();
  const rowOf = (
    id: number,
    base: Pick<HandoverPatientView, 'name' | 'bed' | 'inpatientNumber' | 'inDepartment'>,
  ) => {
    let row = rows.get(id);
    if (!row) {
      row = {
        patientId: id,
        ...base,
        readings: noReadings(),
        untested: 0,
        due: [],
        criticalOpened: 0,
        rechecksPending: 0,
        pumpSerialNumber: null,
        pumpReminders: [],
      };
      rows.set(id, row);
    }
    return row;
  };
  for (const patient of wardPatients.values()) {
    const row = rowOf(patient.id, {
      name: patient.name,
      bed: patient.bed,
      inpatientNumber: patient.inpatientNumber,
      inDepartment: patient.dischargedAt === null,
    });
    row.due = (due.get(patient.id) ?? []).sort((a, b) => a.windowStart.localeCompare(b.windowStart));
    if (patient.pump && patient.dischargedAt === null) {
      row.pumpSerialNumber = patient.pump.serialNumber;
      row.pumpReminders = patient.pump.reminders;
    }
  }
  for (const count of counts) {
    const row = rowOf(Number(count.patient_id), {
      name: count.name,
      bed: count.bed,
      inpatientNumber: count.inpatient_number,
      inDepartment: count.in_department,
    });
    row.readings[count.item] += Number(count.taken);
    row.untested += Number(count.untested);
  }
  for (const value of critical) {
    const row = rows.get(value.patientId);
    if (!row) continue;
    if (value.openedInShift) row.criticalOpened++;
    if (value.recheckPending) row.rechecksPending++;
  }
  const list = [...rows.values()].sort(
    (a, b) => compareBeds(a.bed, b.bed) || a.name.localeCompare(b.name) || a.patientId - b.patientId,
  );

  const readings = noReadings();
  for (const row of list) for (const item of ITEMS) readings[item] += row.readings[item];
  const opened = critical.filter((value) => value.openedInShift);
  const moved = (kind: HandoverMovementView['kind']) => movements.filter((row) => row.kind === kind).length;
  return {
    department: { code, name: departmentName(department, lang) },
    date,
    shift: { ...shift, name: shiftName(shift, lang) },
    from: from.toISOString(),
    until: until.toISOString(),
    timeZone,
    inProgress: now.getTime() < until.getTime(),
    totals: {
      patients: list.length,
      readings,
      untested: list.reduce((sum, row) => sum + row.untested, 0),
      due: list.reduce((sum, row) => sum + row.due.length, 0),
      criticalOpened: opened.length,
      criticalHandled: opened.filter((value) => value.state === 'handled').length,
      criticalOpenAtEnd: critical.filter((value) => value.openAtEnd).length,
      rechecksPending: critical.filter((value) => value.recheckPending).length,
      pumpReminders: list.reduce((sum, row) => sum + row.pumpReminders.length, 0),
      admissions: moved('admission'),
      transfersIn: moved('transferIn'),
      transfersOut: moved('transferOut'),
      discharges: moved('discharge'),
    },
    patients: list,
    criticalValues: critical,
    movements,
  };
}
