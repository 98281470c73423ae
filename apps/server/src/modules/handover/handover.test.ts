import type { HandoverView } from '@glucocare/domain/responses';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOf } from '../../test/api';
import { createTestContext, type TestContext } from '../../test/harness';
import { addPatient, addReading } from '../critical/fixtures';

let t: TestContext;
let api: ReturnType<typeof apiOf>;
let admin: string;
let nurse: string;

/** 07:00 on 3 March 2026 in Shanghai (the hospital's default zone): the night shift 00:00-08:00 runs. */
const NOW = new Date('2026-03-03T07:00:00+08:00');
const sh = (wallClock: string) => new Date(`${wallClock}:00+08:00`);
const p: Record<string, number> = {};
const e: Record<string, number> = {};

const TWO_SHIFTS = [
  { code: 'D', nameZh: '白班', nameEn: 'Day', startTime: '08:00', endTime: '20:00' },
  { code: 'N', nameZh: '夜班', nameEn: 'Night', startTime: '20:00', endTime: '08:00' },
];

async function handover(query: string, token = nurse, lang?: string) {
  const res = await api('GET', `/v1/handover?${query}`, token, undefined, lang);
  if (res.statusCode !== 200) throw new Error(`${query}: ${res.statusCode} ${res.body}`);
  return res.json().dataContent as HandoverView;
}

/** A stay of a patient (patient_admissions), as admission and discharge write it. */
async function stay(
  patientId: number,
  departmentCode: string,
  bed: string,
  admittedAt: Date,
  dischargedAt?: Date,
) {
  const { rows } = await t.handle.db.execute<{ id: string }>(sql`
    insert into patient_admissions (tenant_id, patient_id, department_code, bed, admitted_at, discharged_at)
    values ('101', ${patientId}, ${departmentCode}, ${bed}, ${admittedAt}, ${dischargedAt ?? null})
    returning id`);
  return Number(rows[0]!.id);
}

/** A move as transfer writes it: the history row, the patient and the current stay follow. */
async function move(
  patientId: number,
  admissionId: number,
  to: { department: string; bed: string },
  at: Date,
) {
  const db = t.handle.db;
  await db.execute(sql`
    insert into patient_transfers (tenant_id, patient_id, admission_id, from_department_code, to_department_code,
                                   from_bed, to_bed, reason, start_time)
    select '101', id, ${admissionId}, department_code, ${to.department}, bed, ${to.bed}, 'fixture', ${at}
      from patients where tenant_id = '101' and id = ${patientId}`);
  await db.execute(sql`update patients set department_code = ${to.department}, bed = ${to.bed}
    where tenant_id = '101' and id = ${patientId}`);
  await db.execute(sql`update patient_admissions set department_code = ${to.department}, bed = ${to.bed}
    where tenant_id = '101' and id = ${admissionId}`);
}

/** Sets the loop of a critical value by hand (handled, recheck due, rechecked, skipped). */
async function loop(
  id: number,
  values: {
    handledAt?: Date | null;
    recheckDueAt?: Date | null;
    recheckedAt?: Date | null;
    skipped?: string;
  },
) {
  await t.handle.db.execute(sql`
    update critical_events
       set status = ${values.handledAt ? 'handled' : 'open'}, handled_at = ${values.handledAt ?? null},
           handled_by_name = ${values.handledAt ? 'Nurse Wang' : null},
           recheck_due_at = ${values.recheckDueAt ?? null}, rechecked_at = ${values.recheckedAt ?? null},
           recheck_measurement_id = null, recheck_skipped_reason = ${values.skipped ?? null}
     where tenant_id = '101' and id = ${id}`);
}

async function eventOf(measurementId: number): Promise<number> {
  const { rows } = await t.handle.db.execute<{ id: string }>(
    sql`select id from critical_events where tenant_id = '101' and measurement_id = ${measurementId}`,
  );
  return Number(rows[0]!.id);
}

beforeAll(async () => {
  t = await createTestContext({ sessionIdleMinutes: 100_000, sessionMaxHours: 100_000 });
  t.clock.now = NOW;
  api = apiOf(t);
  [admin, nurse] = await Promise.all([
    t.login('101', 'admin', 'Admin@123456'),
    t.login('101', 'nurse01', 'Nurse@2026'),
  ]);
  const db = t.handle.db;
  // the demo patients and values of the seed are set aside: these tests count exactly their own
  await db.execute(sql`update patients set deleted_at = now() where deleted_at is null`);
  const since = sh('2026-02-20T10:00');
  const patient = (name: string, departmentCode: string, bed: string, extra = {}) =>
    addPatient(db, '101', {
      name,
      departmentCode,
      bed,
      admittedAt: since,
      inpatientNumber: `IP-${bed}`,
      ...extra,
    });
  p.one = await patient('Bed One', 'ENDO', '1');
  p.two = await patient('Bed Two', 'ENDO', '2');
  p.newcomer = await patient('New Admit', 'ENDO', '3', { admittedAt: sh('2026-03-02T09:30') });
  p.home = await patient('Went Home', 'ENDO', '4', {
    status: 'discharged',
    dischargedAt: sh('2026-03-02T11:00'),
  });
  p.out = await patient('Moved Out', 'ENDO', '5');
  p.in = await patient('Moved In', 'CARD', '16');
  p.brief = await patient('Brief Stay', 'ENDO', '8', { admittedAt: sh('2026-03-02T08:30') });
  p.card = await patient('Cardio', 'CARD', '9', { admittedAt: sh('2026-03-02T10:00') });

  await stay(p.one, 'ENDO', '1', since);
  await stay(p.newcomer, 'ENDO', '3', sh('2026-03-02T09:30'));
  await stay(p.home, 'ENDO', '4', since, sh('2026-03-02T11:00'));
  const outStay = await stay(p.out, 'ENDO', '5', since);
  const inStay = await stay(p.in, 'CARD', '16', since);
  const briefStay = await stay(p.brief, 'ENDO', '8', sh('2026-03-02T08:30'));
  await stay(p.card, 'CARD', '9', sh('2026-03-02T10:00'));

  // the day shift of 2 March (08:00-16:00)
  const low = await addReading(db, '101', p.one, {
    value: 2.0,
    periodCode: 'afterBreakfast',
    testTime: sh('2026-03-02T09:30'),
  });
  await addReading(db, '101', p.one, { item: 'KET', value: 0.3, testTime: sh('2026-03-02T10:00') });
  await addReading(db, '101', p.one, {
    value: 7.0,
    periodCode: 'afterLunch',
    testTime: sh('2026-03-02T13:00'),
  });
  await addReading(db, '101', p.two, {
    value: null,
    periodCode: 'afterBreakfast',
    testTime: sh('2026-03-02T10:00'),
  });
  // measured on the cardiology ward before the move: done, but not this ward's reading
  await addReading(db, '101', p.in, {
    value: 6.5,
    periodCode: 'afterBreakfast',
    testTime: sh('2026-03-02T09:30'),
  });
  await move(p.out, outStay, { department: 'CARD', bed: '15' }, sh('2026-03-02T10:00'));
  await move(p.in, inStay, { department: 'ENDO', bed: '6' }, sh('2026-03-02T12:00'));
  await move(p.brief, briefStay, { department: 'CARD', bed: '18' }, sh('2026-03-02T15:00'));
  // a bed change within the ward is no transfer
  await db.execute(sql`insert into patient_transfers (tenant_id, patient_id, from_department_code, to_department_code,
      from_bed, to_bed, reason, start_time) values ('101', ${p.two}, 'ENDO', 'ENDO', '12', '2', 'fixture', ${sh('2026-03-02T14:00')})`);

  // critical values before the shift: one still open, one handled after the day shift ended
  const yesterday = await addReading(db, '101', p.two, {
    value: 25,
    periodCode: 'afterDinner',
    testTime: sh('2026-03-01T20:00'),
  });
  const early = await addReading(db, '101', p.two, {
    value: 24,
    periodCode: 'fasting',
    testTime: sh('2026-03-02T07:00'),
  });
  // long ago, handled, recheck skipped: nothing to hand over
  const old = await addReading(db, '101', p.one, {
    value: 2.1,
    periodCode: 'fasting',
    testTime: sh('2026-02-25T06:00'),
  });

  // the night (20:00-08:00 of the two-shift day): bedtime of Bed One, fasting of Bed Two
  await addReading(db, '101', p.one, {
    value: 8.0,
    periodCode: 'beforeSleep',
    testTime: sh('2026-03-02T22:00'),
  });
  await addReading(db, '101', p.two, { value: 5.5, periodCode: 'fasting', testTime: sh('2026-03-03T06:00') });

  e.low = await eventOf(low.id);
  e.yesterday = await eventOf(yesterday.id);
  e.early = await eventOf(early.id);
  e.old = await eventOf(old.id);
  await loop(e.low, { handledAt: sh('2026-03-02T09:40'), recheckDueAt: sh('2026-03-02T09:45') });
  await loop(e.yesterday, {});
  await loop(e.early, {
    handledAt: sh('2026-03-02T17:00'),
    recheckDueAt: sh('2026-03-02T08:00'),
    recheckedAt: sh('2026-03-02T07:50'),
  });
  await loop(e.old, {
    handledAt: sh('2026-02-25T06:10'),
    recheckDueAt: sh('2026-02-25T06:15'),
    skipped: 'Went to theatre',
  });
});
afterAll(() => t.close());

const DAY = 'departmentCode=ENDO&date=2026-03-02&shift=day';

describe('GET /v1/handover: a past day shift', () => {
  it('names the ward, the shift and its interval on the hospital clock', async () => {
    const view = await handover(DAY);
    expect(view).toMatchObject({
      department: { code: 'ENDO', name: 'Endocrinology' },
      date: '2026-03-02',
      shift: { code: 'day', name: 'Day', startTime: '08:00', endTime: '16:00' },
      from: sh('2026-03-02T08:00').toISOString(),
      until: sh('2026-03-02T16:00').toISOString(),
      timeZone: 'Asia/Shanghai',
      inProgress: false,
    });
    const zh = await handover(DAY, nurse, 'zh-CN');
    expect(zh.department.name).toBe('内分泌科');
    expect(zh.shift.name).toBe('白班');
  });

  it('counts readings taken per item and untested ones, on this ward only', async () => {
    const view = await handover(DAY);
    expect(view.totals.readings).toEqual({ GLU: 2, KET: 1, UA: 0 });
    expect(view.totals.untested).toBe(1);
    const one = view.patients.find((row) => row.patientId === p.one)!;
    expect(one).toMatchObject({
      readings: { GLU: 2, KET: 1, UA: 0 },
      untested: 0,
      due: [],
      criticalOpened: 1,
    });
    const moved = view.patients.find((row) => row.patientId === p.in)!;
    expect(moved.readings).toEqual({ GLU: 0, KET: 0, UA: 0 });
  });

  it('lists the planned measurements of the shift not done, by the day plan and each stay', async () => {
    const view = await handover(DAY);
    const due = Object.fromEntries(
      view.patients.map((row) => [row.name, row.due.map((task) => `${task.periodCode}:${task.state}`)]),
    );
    expect(due).toEqual({
      'Bed One': [],
      // the untested reading never counts as done (issue 15): the next shift sees it as not tested;
      // after lunch was never done
      'Bed Two': ['afterBreakfast:untested', 'afterLunch:overdue'],
      // admitted at 09:30, before after-breakfast became overdue at 10:00
      'New Admit': ['afterBreakfast:overdue', 'afterLunch:overdue'],
      // discharged at 11:00: after lunch was not planned any more
      'Went Home': ['afterBreakfast:overdue'],
      // measured on cardiology before the move: after breakfast is done
      'Moved In': ['afterLunch:overdue'],
    });
    expect(view.totals.due).toBe(6); // the not-tested one included: the next shift may still measure it
    expect(view.patients.map((row) => row.bed)).toEqual(['1', '2', '3', '4', '6']);
    expect(view.totals.patients).toBe(5);
    const task = view.patients.find((row) => row.name === 'Bed Two')!.due[1]!;
    expect(task).toEqual({
      periodCode: 'afterLunch',
      periodName: 'After lunch',
      windowStart: sh('2026-03-02T12:30').toISOString(),
      windowEnd: sh('2026-03-02T16:00').toISOString(),
      state: 'overdue',
    });
  });

  it('lists critical values opened in the shift and those open at its end, with their steps', async () => {
    const view = await handover(DAY);
    const byId = new Map(view.criticalValues.map((value) => [value.id, value]));
    expect([...byId.keys()].sort()).toEqual([e.low, e.yesterday, e.early].sort());
    expect(byId.get(e.low)).toMatchObject({
      patientName: 'Bed One',
      item: 'GLU',
      value: 2,
      unit: 'mmol/L',
      enteredValue: 2,
      classification: 'criticalLow',
      measuredAt: sh('2026-03-02T09:30').toISOString(),
      state: 'handled',
      openedInShift: true,
      openAtEnd: false,
      handledAt: sh('2026-03-02T09:40').toISOString(),
      handledBy: 'Nurse Wang',
      recheckDueAt: sh('2026-03-02T09:45').toISOString(),
      recheckedAt: null,
      recheckPending: true,
    });
    // handled at 17:00, after the shift: open when the day shift handed over
    expect(byId.get(e.early)).toMatchObject({
      state: 'open',
      openedInShift: false,
      openAtEnd: true,
      recheckPending: false,
    });
    expect(byId.get(e.yesterday)).toMatchObject({ state: 'open', openAtEnd: true, recheckPending: false });
    expect(view.totals).toMatchObject({
      criticalOpened: 1,
      criticalHandled: 1,
      criticalOpenAtEnd: 2,
      rechecksPending: 1,
    });
    expect(view.patients.find((row) => row.patientId === p.one)!.rechecksPending).toBe(1);
  });

  it('lists admissions, transfers in and out and discharges of the ward, not bed changes', async () => {
    const view = await handover(DAY);
    const moves = view.movements.map((row) =>
      `${row.kind} ${row.patientName} ${row.bed} ${row.otherDepartmentName ?? ''}`.trim(),
    );
    expect(moves).toEqual([
      'admission Brief Stay 8',
      'admission New Admit 3',
      'transferOut Moved Out 5 Cardiology',
      'discharge Went Home 4',
      'transferIn Moved In 6 Cardiology',
      'transferOut Brief Stay 8 Cardiology',
    ]);
    expect(view.movements[0]).toMatchObject({
      at: sh('2026-03-02T08:30').toISOString(),
      inpatientNumber: 'IP-8',
    });
    expect(view.totals).toMatchObject({ admissions: 2, transfersIn: 1, transfersOut: 2, discharges: 1 });
    const zh = await handover(DAY, nurse, 'zh-CN');
    expect(zh.movements.find((row) => row.kind === 'transferIn')!.otherDepartmentName).toBe('心内科');
  });
});

describe('the shift going on, and a shift past midnight', () => {
  it('without date and shift answers the shift going on now', async () => {
    const view = await handover('departmentCode=ENDO');
    expect(view).toMatchObject({
      date: '2026-03-03',
      shift: { code: 'night' },
      from: sh('2026-03-03T00:00').toISOString(),
      until: sh('2026-03-03T08:00').toISOString(),
      inProgress: true,
    });
    // Bed Two's fasting reading at 06:00
    expect(view.totals.readings.GLU).toBe(1);
  });

  it('with a night shift from 20:00 to 08:00, counts across midnight and plans both days', async () => {
    const saved = await api('POST', '/v1/systemSetting/shifts', admin, { shifts: TWO_SHIFTS });
    expect(saved.statusCode).toBe(200);
    try {
      const current = await handover('departmentCode=ENDO');
      expect(current).toMatchObject({
        date: '2026-03-02',
        shift: { code: 'N', name: 'Night' },
        inProgress: true,
      });
      const view = await handover('departmentCode=ENDO&date=2026-03-02&shift=N');
      expect(view.from).toBe(sh('2026-03-02T20:00').toISOString());
      expect(view.until).toBe(sh('2026-03-03T08:00').toISOString());
      expect(view.totals.readings.GLU).toBe(2);
      const due = Object.fromEntries(
        view.patients.map((row) => [row.name, row.due.map((task) => `${task.periodCode}:${task.state}`)]),
      );
      // bedtime of the 2nd at 21:00 and fasting of the 3rd at 05:00 fall in the shift
      expect(due['Bed One']).toEqual(['fasting:overdue']);
      expect(due['Bed Two']).toEqual(['beforeSleep:overdue']);
      expect(due['New Admit']).toEqual(['beforeSleep:overdue', 'fasting:overdue']);
      // discharged before the shift
      expect(due['Went Home']).toBeUndefined();
      // Bed One's value of the 2nd still waits for its recheck; yesterday's is still open
      expect(view.criticalValues.map((value) => value.id).sort()).toEqual([e.low, e.yesterday].sort());
      expect(view.totals).toMatchObject({
        criticalOpened: 0,
        criticalOpenAtEnd: 1,
        rechecksPending: 1,
        admissions: 0,
      });
    } finally {
      await api('POST', '/v1/systemSetting/shifts', admin, {
        shifts: [
          { code: 'day', nameZh: '白班', nameEn: 'Day', startTime: '08:00', endTime: '16:00' },
          { code: 'evening', nameZh: '小夜班', nameEn: 'Evening', startTime: '16:00', endTime: '24:00' },
          { code: 'night', nameZh: '大夜班', nameEn: 'Night', startTime: '00:00', endTime: '08:00' },
        ],
      });
    }
  });
});

describe('scope and bad input', () => {
  it('a nurse of another ward gets 404 for it, as for a ward that does not exist', async () => {
    const res = await api('GET', '/v1/handover?departmentCode=CARD', nurse);
    expect(res.statusCode).toBe(404);
    expect((await api('GET', '/v1/handover?departmentCode=NOPE', admin)).statusCode).toBe(404);
    expect((await handover('departmentCode=CARD&date=2026-03-02&shift=day', admin)).totals.admissions).toBe(
      1,
    );
  });

  it('answers 400 with the field and a message in the request language', async () => {
    const missing = await api(
      'GET',
      '/v1/handover?departmentCode=ENDO&date=2026-03-02',
      nurse,
      undefined,
      'zh-CN',
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().dataContent.errors).toEqual([{ field: 'shift', message: '请选择班次' }]);
    const unknown = await api('GET', '/v1/handover?departmentCode=ENDO&date=2026-03-02&shift=late', nurse);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().dataContent.errors).toEqual([{ field: 'shift', message: 'Unknown shift: late' }]);
    const badDate = await api('GET', '/v1/handover?departmentCode=ENDO&date=2026-02-30&shift=day', nurse);
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().dataContent.errors).toEqual([
      { field: 'date', message: 'The date must be a real date written YYYY-MM-DD' },
    ]);
    const noWard = await api('GET', '/v1/handover', nurse, undefined, 'zh-CN');
    expect(noWard.statusCode).toBe(400);
    expect(noWard.json().dataContent.errors).toEqual([{ field: 'departmentCode', message: '请选择病区' }]);
  });
});

describe('GET/POST /v1/systemSetting/shifts', () => {
  it('answers the default three shifts, refuses a day with a gap, and only administrators change it', async () => {
    const res = await api('GET', '/v1/systemSetting/shifts', nurse);
    expect(res.json().dataContent.shifts.map((s: { code: string }) => s.code)).toEqual([
      'day',
      'evening',
      'night',
    ]);
    const gap = await api(
      'POST',
      '/v1/systemSetting/shifts',
      admin,
      {
        shifts: [TWO_SHIFTS[0], { ...TWO_SHIFTS[1], startTime: '21:00' }],
      },
      'zh-CN',
    );
    expect(gap.statusCode).toBe(400);
    expect(gap.json().dataContent.errors).toEqual([
      { field: 'shifts', message: '班次须覆盖全天：20:00-21:00 不属于任何班次' },
    ]);
    expect((await api('POST', '/v1/systemSetting/shifts', nurse, { shifts: TWO_SHIFTS })).statusCode).toBe(
      403,
    );
  });
});
