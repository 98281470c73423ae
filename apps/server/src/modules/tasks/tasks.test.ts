import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOf } from '../../test/api';
import { createTestContext, type TestContext } from '../../test/harness';
import { addPatient, addReading, deleteReading } from '../critical/fixtures';
import { putSetting } from '../settings/service';

let t: TestContext;
let api: ReturnType<typeof apiOf>;
let admin: string;
let admin202: string;
let nurse: string;
let reviewer: string;

/** 13:00 on 2 March 2026 in Shanghai (the hospital's default zone). */
const NOW = new Date('2026-03-02T13:00:00+08:00');
const sh = (wallClock: string) => new Date(`${wallClock}:00+08:00`);
const p: Record<string, number> = {};

type Task = {
  patientId: number;
  patientName: string;
  bed: string | null;
  departmentCode: string;
  periodCode: string;
  periodName: string;
  windowStart: string;
  windowEnd: string;
  dueFrom: string;
  overdueFrom: string;
  state: string;
  reading: {
    id: number;
    testValue: number | null;
    untestedReason: string | null;
    untestedReasonName?: string | null;
    unit: string;
  } | null;
};
type TaskPage = { records: Task[]; total: number; page: number; size: number };

async function data<T>(url: string, token = nurse, lang?: string) {
  const res = await api('GET', url, token, undefined, lang);
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json().dataContent as T;
}
const tasks = (query = '', token = nurse, lang?: string) =>
  data<TaskPage>(`/v1/tasks/todayTask?size=100${query}`, token, lang);
const brief = (rows: Task[]) => rows.map((row) => `${row.patientName}:${row.periodCode}:${row.state}`);

beforeAll(async () => {
  t = await createTestContext({ sessionIdleMinutes: 100_000, sessionMaxHours: 100_000 });
  t.clock.now = NOW;
  api = apiOf(t);
  [admin, admin202, nurse, reviewer] = await Promise.all([
    t.login('101', 'admin', 'Admin@123456'),
    t.login('202', 'admin', 'Admin@202202'),
    t.login('101', 'nurse01', 'Nurse@2026'),
    t.login('101', 'reviewer01', 'Review@2026'),
  ]);
  const db = t.handle.db;
  // the demo patients of the seed are set aside: these tests count exactly their own
  await db.execute(sql`update patients set deleted_at = now() where deleted_at is null`);
  const since = new Date('2026-02-20T10:00:00+08:00');
  p.bed2 = await addPatient(db, '101', {
    name: 'Bed Two',
    departmentCode: 'ENDO',
    bed: '2',
    admittedAt: since,
  });
  p.bed10 = await addPatient(db, '101', {
    name: 'Bed Ten',
    departmentCode: 'ENDO',
    bed: '10',
    admittedAt: since,
  });
  // admitted at noon today: fasting and after-breakfast were over before they came
  p.bed1 = await addPatient(db, '101', {
    name: 'Bed One',
    departmentCode: 'ENDO',
    bed: '1',
    inpatientNumber: 'IP3001',
    admittedAt: sh('2026-03-02T12:00'),
  });
  p.card = await addPatient(db, '101', {
    name: 'Cardio',
    departmentCode: 'CARD',
    bed: '5',
    admittedAt: since,
  });
  p.gone = await addPatient(db, '101', {
    name: 'Discharged',
    departmentCode: 'ENDO',
    bed: '7',
    admittedAt: since,
    status: 'discharged',
    dischargedAt: sh('2026-03-01T10:00'),
  });
  p.other = await addPatient(db, '202', {
    name: 'Other Tenant',
    departmentCode: 'IM',
    bed: '1',
    admittedAt: since,
  });

  await addReading(db, '101', p.bed2, {
    value: 6.2,
    periodCode: 'fasting',
    testTime: sh('2026-03-02T06:30'),
  });
  // refused: recorded as not tested, which never does the task (issue 15)
  await addReading(db, '101', p.bed2, {
    value: null,
    periodCode: 'afterBreakfast',
    testTime: sh('2026-03-02T10:00'),
  });
  // a deleted reading does nothing
  const deleted = await addReading(db, '101', p.bed10, {
    value: 7.1,
    periodCode: 'fasting',
    testTime: sh('2026-03-02T06:40'),
  });
  await deleteReading(db, '101', deleted.id);
  // yesterday's late bedtime reading does not do today's
  await addReading(db, '101', p.bed10, {
    value: 8,
    periodCode: 'beforeSleep',
    testTime: sh('2026-03-02T00:15'),
  });
  // ketone readings are not glucose tasks
  await addReading(db, '101', p.bed10, {
    item: 'KET',
    value: 0.3,
    periodCode: 'afterLunch',
    testTime: sh('2026-03-02T12:40'),
  });
});
afterAll(() => t.close());

describe('GET /v1/tasks/todayTask', () => {
  it('lists patient × planned period, overdue and due first by window then bed, then upcoming, untested, done', async () => {
    const page = await tasks();
    expect(page.total).toBe(13);
    expect(brief(page.records)).toEqual([
      'Bed Ten:fasting:overdue',
      'Bed Ten:afterBreakfast:overdue',
      'Bed One:afterLunch:due',
      'Bed Two:afterLunch:due',
      'Bed Ten:afterLunch:due',
      'Bed One:afterDinner:upcoming',
      'Bed Two:afterDinner:upcoming',
      'Bed Ten:afterDinner:upcoming',
      'Bed One:beforeSleep:upcoming',
      'Bed Two:beforeSleep:upcoming',
      'Bed Ten:beforeSleep:upcoming',
      'Bed Two:afterBreakfast:untested',
      'Bed Two:fasting:done',
    ]);
  });

  it('gives each task its window on the hospital clock, its due and overdue times and the reading that did it', async () => {
    const rows = (await tasks()).records;
    const afterLunch = rows.find((row) => row.patientName === 'Bed Two' && row.periodCode === 'afterLunch')!;
    expect(afterLunch).toMatchObject({
      patientId: p.bed2,
      bed: '2',
      departmentCode: 'ENDO',
      periodName: 'After lunch',
      windowStart: sh('2026-03-02T12:30').toISOString(),
      windowEnd: sh('2026-03-02T16:00').toISOString(),
      dueFrom: sh('2026-03-02T12:00').toISOString(),
      overdueFrom: sh('2026-03-02T13:30').toISOString(),
      reading: null,
    });
    const fasting = rows.find((row) => row.patientName === 'Bed Two' && row.periodCode === 'fasting')!;
    expect(fasting.reading).toMatchObject({ testValue: 6.2, unit: 'mmol/L', untestedReason: null });
    const refused = rows.find((row) => row.patientName === 'Bed Two' && row.periodCode === 'afterBreakfast')!;
    expect(refused).toMatchObject({ state: 'untested' });
    expect(refused.reading).toMatchObject({
      testValue: null,
      untestedReason: 'refused',
      untestedReasonName: 'Patient refused',
    });
    const zh = (await tasks('&state=untested', nurse, 'zh-CN')).records;
    expect(zh.map((row) => [row.patientName, row.periodCode, row.reading?.untestedReasonName])).toEqual([
      ['Bed Two', 'afterBreakfast', '患者拒绝'],
    ]);
    const sleep = rows.find((row) => row.patientName === 'Bed Two' && row.periodCode === 'beforeSleep')!;
    expect(sleep.windowEnd).toBe(sh('2026-03-03T00:00').toISOString());
  });

  it('filters by state, text and department, and pages', async () => {
    expect(brief((await tasks('&state=due')).records)).toEqual([
      'Bed One:afterLunch:due',
      'Bed Two:afterLunch:due',
      'Bed Ten:afterLunch:due',
    ]);
    expect((await tasks('&queryCondition=IP3001')).total).toBe(3);
    expect((await tasks('&departmentCode=CARD')).total).toBe(0);
    expect((await tasks('&departmentCode=CARD', admin)).total).toBe(5);
    const second = await data<TaskPage>('/v1/tasks/todayTask?page=2&size=5');
    expect(second).toMatchObject({ total: 13, page: 2, size: 5 });
    expect(brief(second.records)[0]).toBe('Bed One:afterDinner:upcoming');
  });

  it('names the periods in the request language', async () => {
    const zh = await tasks('&state=overdue', nurse, 'zh-CN');
    expect(zh.records.map((row) => row.periodName)).toEqual(['空腹', '早餐后']);
  });

  it('keeps to the scope and the tenant', async () => {
    const names = new Set((await tasks()).records.map((row) => row.patientName));
    expect(names).toEqual(new Set(['Bed One', 'Bed Two', 'Bed Ten']));
    const other = await tasks('', admin202);
    expect(new Set(other.records.map((row) => row.patientName))).toEqual(new Set(['Other Tenant']));
  });

  it('refuses an unknown state in both languages', async () => {
    const en = await api('GET', '/v1/tasks/todayTask?state=late', nurse);
    expect(en.statusCode).toBe(400);
    expect(en.json().dataContent.errors).toEqual([
      { field: 'state', message: 'Query error: the state must be overdue, due, upcoming, untested or done' },
    ]);
    const zh = await api('GET', '/v1/tasks/todayTask?state=late', nurse, undefined, 'zh-CN');
    expect(zh.json().dataContent.errors[0].message).toBe(
      '查询错误：状态必须是已超时、待测、未到时间、未测或已完成',
    );
    const size = await api('GET', '/v1/tasks/todayTask?size=0', nurse);
    expect(size.statusCode).toBe(400);
  });
});

describe('GET /v1/tasks/todayTaskNums', () => {
  it('counts the tasks by state for the same filter; an untested task is not done', async () => {
    expect(await data('/v1/tasks/todayTaskNums')).toEqual({
      overdue: 2,
      due: 3,
      upcoming: 6,
      untested: 1,
      done: 1,
      total: 13,
      patients: 3,
      // no patient of these tests wears a pump (pump reminders: pump-reminders.test.ts)
      pumpReminders: 0,
      pumpRemindersOverdue: 0,
      date: '2026-03-02',
      timeZone: 'Asia/Shanghai',
    });
    expect(await data('/v1/tasks/todayTaskNums?queryCondition=Bed%20Two')).toMatchObject({
      untested: 1,
      done: 1,
      total: 5,
    });
  });
});

describe('today on the bed cards (GET /v1/patients/hospitalizedPatients)', () => {
  type Card = {
    id: number;
    today: {
      done: string[];
      untested: { code: string; reason: string }[];
      due: string[];
      overdue: string[];
      upcoming: string[];
    };
  };
  const cards = async () =>
    new Map(
      (await data<{ records: Card[] }>('/v1/patients/hospitalizedPatients?size=100', admin)).records.map(
        (card) => [card.id, card.today],
      ),
    );

  it('gives each in-hospital patient its period codes by state', async () => {
    const today = await cards();
    expect(today.get(p.bed2!)).toEqual({
      done: ['fasting'],
      untested: [{ code: 'afterBreakfast', reason: 'Patient refused' }],
      due: ['afterLunch'],
      overdue: [],
      upcoming: ['afterDinner', 'beforeSleep'],
    });
    expect(today.get(p.bed10!)).toEqual({
      done: [],
      untested: [],
      due: ['afterLunch'],
      overdue: ['fasting', 'afterBreakfast'],
      upcoming: ['afterDinner', 'beforeSleep'],
    });
    expect(today.get(p.bed1!)?.overdue).toEqual([]);
    // discharged yesterday: not on the list
    expect(today.has(p.gone!)).toBe(false);
  });

  it('follows the monitoring strategy and the hospital time zone as soon as they change', async () => {
    const db = t.handle.db;
    await cards(); // the settings are now in the configuration cache
    await putSetting(
      db,
      '101',
      'strategy.monitor',
      { defaultPeriods: ['fasting', 'beforeSleep'], dueSoonMinutes: 0, overdueMinutes: 0 },
      null,
    );
    expect((await cards()).get(p.bed10!)).toEqual({
      done: [],
      untested: [],
      due: [],
      overdue: ['fasting'],
      upcoming: ['beforeSleep'],
    });
    // 00:30 UTC on 2 March: 08:30 in Shanghai, where the 06:30 fasting reading did today's task;
    // 00:30 in Reykjavik, where that reading was taken at 22:30 the evening before
    t.clock.now = new Date('2026-03-02T00:30:00Z');
    try {
      expect((await cards()).get(p.bed2!)).toEqual({
        done: ['fasting'],
        untested: [],
        due: [],
        overdue: [],
        upcoming: ['beforeSleep'],
      });
      await putSetting(db, '101', 'hospital.timeZone', 'Atlantic/Reykjavik', null);
      expect((await cards()).get(p.bed2!)).toEqual({
        done: [],
        untested: [],
        due: [],
        overdue: [],
        upcoming: ['fasting', 'beforeSleep'],
      });
    } finally {
      t.clock.now = NOW;
      await db.execute(
        sql`delete from settings where tenant_id = '101' and key in ('strategy.monitor', 'hospital.timeZone')`,
      );
    }
    expect((await cards()).get(p.bed10!)?.upcoming).toEqual(['afterDinner', 'beforeSleep']);
  });
});

describe('permissions', () => {
  it('every demo role reads the tasks; a role without the permission gets 403', async () => {
    for (const token of [admin, nurse, reviewer]) {
      expect((await api('GET', '/v1/tasks/todayTaskNums', token)).statusCode).toBe(200);
    }
    await t.handle.db.execute(sql`
      delete from role_menus rm using menus m, roles r
       where m.tenant_id = rm.tenant_id and m.id = rm.menu_id and r.tenant_id = rm.tenant_id and r.id = rm.role_id
         and rm.tenant_id = '101' and r.code = 'reviewer' and m.permission = 'patient:task:list'`);
    expect((await api('GET', '/v1/tasks/todayTask', reviewer)).statusCode).toBe(403);
    expect((await api('GET', '/v1/tasks/todayTaskNums', reviewer)).statusCode).toBe(403);
  });
});

describe('measured today (GET /v1/patients/hospitalizedPatients/counts)', () => {
  it('does not count a patient recorded only as not tested today', async () => {
    const counts = () => data<{ measuredToday: number }>('/v1/patients/hospitalizedPatients/counts', admin);
    const before = (await counts()).measuredToday;
    const db = t.handle.db;
    const untested = await addPatient(db, '101', {
      name: 'Not Tested',
      departmentCode: 'ENDO',
      bed: '20',
      admittedAt: sh('2026-02-20T10:00'),
    });
    await addReading(db, '101', untested, {
      value: null,
      periodCode: 'fasting',
      testTime: sh('2026-03-02T07:00'),
    });
    expect((await counts()).measuredToday).toBe(before);
    await addReading(db, '101', untested, {
      value: 6.8,
      periodCode: 'afterLunch',
      testTime: sh('2026-03-02T12:45'),
    });
    expect((await counts()).measuredToday).toBe(before + 1);
  });
});
