import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOf, auditRows } from '../../test/api';
import { createTestContext, type TestContext } from '../../test/harness';
import { addPatient, addReading, deleteReading } from './fixtures';

let t: TestContext;
let api: ReturnType<typeof apiOf>;
let admin: string;
let admin202: string;
let nurse: string;
let doctor: string;
let reviewer: string;

/** 13:00 on 2 March 2026 in the hospital's zone (Asia/Shanghai, the default). */
const NOW = new Date('2026-03-02T13:00:00+08:00');
const sh = (wallClock: string) => new Date(`${wallClock}:00+08:00`);

type Row = {
  id: number;
  measurementId: number;
  patientId: number;
  patientName: string;
  bed: string | null;
  inpatientNumber: string | null;
  departmentCode: string;
  departmentName: string;
  doctorCode: string | null;
  doctorName: string | null;
  item: string;
  value: number;
  unit: string;
  classification: string;
  color: string | null;
  periodName: string | null;
  measuredAt: string;
  status: string;
  notifiedPerson: string | null;
  action: string | null;
  handledBy: string | null;
  handledById: number | null;
  handledAt: string | null;
  minutesToHandle: number;
  version: number;
};

const ids: Record<string, number> = {};
const patientIds: Record<string, number> = {};

async function data<T>(method: 'GET' | 'POST', url: string, token: string, body?: unknown, lang?: string) {
  const res = await api(method, url, token, body, lang);
  if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json().dataContent as T;
}
const monitor = (query = '', token = nurse, lang?: string) =>
  data<Row[]>('GET', `/v1/crisisPatient/monitor${query}`, token, undefined, lang);
const eventOf = async (measurementId: number) => {
  const { rows } = await t.handle.db.execute<{ id: string }>(
    sql`select id from critical_events where measurement_id = ${measurementId}`,
  );
  return Number(rows[0]!.id);
};

beforeAll(async () => {
  t = await createTestContext({ sessionIdleMinutes: 100_000, sessionMaxHours: 100_000 });
  t.clock.now = NOW;
  api = apiOf(t);
  [admin, admin202, nurse, doctor, reviewer] = await Promise.all([
    t.login('101', 'admin', 'Admin@123456'),
    t.login('202', 'admin', 'Admin@202202'),
    t.login('101', 'nurse01', 'Nurse@2026'),
    t.login('101', 'doctor01', 'Doctor@2026'),
    t.login('101', 'reviewer01', 'Review@2026'),
  ]);
  const db = t.handle.db;
  // the demo patients of the seed are set aside: these tests count exactly their own
  await db.execute(sql`update patients set deleted_at = now() where deleted_at is null`);
  patientIds.chen = await addPatient(db, '101', {
    name: 'Chen Jing',
    departmentCode: 'ENDO',
    bed: '3',
    inpatientNumber: 'IP1001',
    wristbandCode: 'WB1001',
    doctorCode: 'doctor01',
  });
  patientIds.liu = await addPatient(db, '101', {
    name: 'Liu Yang',
    departmentCode: 'ENDO',
    bed: '12',
    inpatientNumber: 'IP1002',
    doctorCode: 'doctor01',
  });
  patientIds.zhao = await addPatient(db, '101', {
    name: 'Zhao Lei',
    departmentCode: 'CARD',
    bed: '1',
    inpatientNumber: 'IP2001',
  });
  patientIds.other = await addPatient(db, '202', { name: 'Other Tenant', departmentCode: 'IM', bed: '1' });

  const reading = async (name: string, patient: string, fixture: Parameters<typeof addReading>[3]) => {
    const tenant = patient === 'other' ? '202' : '101';
    const written = await addReading(db, tenant, patientIds[patient]!, fixture);
    if (written.classification === 'criticalLow' || written.classification === 'criticalHigh') {
      ids[name] = await eventOf(written.id);
    }
    return written;
  };
  await reading('chenLow', 'chen', { value: 2.1, periodCode: 'fasting', testTime: sh('2026-03-02T07:10') });
  await reading('liuHigh', 'liu', {
    value: 25,
    periodCode: 'afterBreakfast',
    testTime: sh('2026-03-02T10:00'),
  });
  await reading('chenNormal', 'chen', {
    value: 6.0,
    periodCode: 'beforeLunch',
    testTime: sh('2026-03-02T11:00'),
  });
  await reading('zhaoLow', 'zhao', {
    value: 1.9,
    periodCode: 'afterBreakfast',
    testTime: sh('2026-03-02T09:00'),
  });
  await reading('chenYesterday', 'chen', {
    value: 2.5,
    periodCode: 'beforeSleep',
    testTime: sh('2026-03-01T22:00'),
  });
  await reading('liuUric', 'liu', { item: 'UA', value: 800, testTime: sh('2026-03-02T08:00') });
  const voided = await reading('liuVoid', 'liu', {
    value: 2.0,
    periodCode: 'beforeLunch',
    testTime: sh('2026-03-02T12:00'),
  });
  await deleteReading(db, '101', voided.id);
  await reading('other', 'other', { value: 1.5, periodCode: 'fasting', testTime: sh('2026-03-02T06:00') });
});
afterAll(() => t.close());

describe('GET /v1/crisisPatient/monitor', () => {
  it("lists today's critical values of the caller's departments, newest first, with patient and reading", async () => {
    const rows = await monitor();
    expect(rows.map((row) => row.id)).toEqual([ids.liuHigh, ids.liuUric, ids.chenLow]);
    const chen = rows.find((row) => row.id === ids.chenLow)!;
    expect(chen).toMatchObject({
      patientId: patientIds.chen,
      patientName: 'Chen Jing',
      bed: '3',
      inpatientNumber: 'IP1001',
      departmentCode: 'ENDO',
      doctorCode: 'doctor01',
      doctorName: 'Dr. Li Wei',
      item: 'GLU',
      value: 2.1,
      unit: 'mmol/L',
      classification: 'criticalLow',
      periodName: 'Fasting',
      measuredAt: sh('2026-03-02T07:10').toISOString(),
      status: 'open',
      handledBy: null,
      handledAt: null,
      // open for 5 h 50 min so far
      minutesToHandle: 350,
      version: 1,
    });
    expect(chen.departmentName).not.toBe('');
    expect(chen.color).toMatch(/^#/);
    expect(rows.find((row) => row.id === ids.liuUric)).toMatchObject({
      item: 'UA',
      unit: 'µmol/L',
      value: 800,
      classification: 'criticalHigh',
    });
  });

  it('leaves out yesterday, void events (deleted readings), other departments and other tenants', async () => {
    const listed = (await monitor('', admin)).map((row) => row.id);
    expect(listed).toContain(ids.zhaoLow);
    expect(listed).not.toContain(ids.chenYesterday);
    expect(listed).not.toContain(ids.liuVoid);
    expect(listed).not.toContain(ids.other);
    expect((await monitor('', nurse)).map((row) => row.id)).not.toContain(ids.zhaoLow);
    expect((await monitor('', admin202)).map((row) => row.id)).toEqual([ids.other]);
  });

  it('filters by text, department, doctor and status', async () => {
    expect((await monitor('?queryCondition=IP1002')).map((row) => row.id)).toEqual([
      ids.liuHigh,
      ids.liuUric,
    ]);
    expect((await monitor('?queryCondition=chen')).map((row) => row.id)).toEqual([ids.chenLow]);
    expect((await monitor('?queryCondition=WB1001')).map((row) => row.id)).toEqual([ids.chenLow]);
    expect(await monitor('?queryCondition=%25')).toEqual([]);
    expect((await monitor('?departmentCode=CARD', admin)).map((row) => row.id)).toEqual([ids.zhaoLow]);
    // a department outside the caller's scope gives nothing, not an error
    expect(await monitor('?departmentCode=CARD')).toEqual([]);
    expect((await monitor('?doctorCode=doctor01', admin)).length).toBe(3);
    expect(await monitor('?status=handled')).toEqual([]);
  });

  it('names the department and period in the request language', async () => {
    const [en] = await monitor('?queryCondition=chen');
    const [zh] = await monitor('?queryCondition=chen', nurse, 'zh-CN');
    expect(zh!.periodName).toBe('空腹');
    expect(zh!.departmentName).not.toBe(en!.departmentName);
  });

  it('refuses an unknown status in both languages', async () => {
    const en = await api('GET', '/v1/crisisPatient/monitor?status=void', nurse);
    expect(en.statusCode).toBe(400);
    expect(en.json().dataContent.errors).toEqual([
      { field: 'status', message: 'Query error: the status must be open or handled' },
    ]);
    const zh = await api('GET', '/v1/crisisPatient/monitor?status=void', nurse, undefined, 'zh-CN');
    expect(zh.json().dataContent.errors[0].message).toBe('查询错误：状态必须是未处理或已处理');
  });
});

describe('POST /v1/crisisPatient/handle', () => {
  const valid = () => ({
    id: ids.chenLow,
    version: 1,
    notifiedPerson: 'Dr. Li Wei',
    action: 'Rechecked 2.3 mmol/L; 50% glucose given; doctor notified',
  });

  it('validates every field in both languages', async () => {
    const cases: [Record<string, unknown>, string, string, string][] = [
      [{ notifiedPerson: '' }, 'notifiedPerson', 'Please enter who was notified', '请输入被通知人'],
      [
        { notifiedPerson: 'L' },
        'notifiedPerson',
        'The person notified must be 2-50 characters',
        '被通知人长度应为 2-50 个字符',
      ],
      [{ action: undefined }, 'action', 'Please enter the action taken', '请输入处理措施'],
      [
        { action: 'x'.repeat(501) },
        'action',
        'The action taken must be 2-500 characters',
        '处理措施长度应为 2-500 个字符',
      ],
      [
        { handledAt: '2026-03-02T13:05:00+08:00' },
        'handledAt',
        'The handling time cannot be in the future',
        '处理时间不能晚于当前时间',
      ],
      [
        { handledAt: 'yesterday' },
        'handledAt',
        'The handling time must be a date and time with a time zone',
        '处理时间必须是带时区的日期时间',
      ],
      [{ id: 0 }, 'id', 'Please choose the critical value to handle', '请选择要处理的危急值'],
      [
        { version: undefined },
        'version',
        'The version of the critical value is required',
        '缺少危急值的版本号',
      ],
    ];
    for (const [change, field, enMessage, zhMessage] of cases) {
      const body = { ...valid(), ...change };
      const en = await api('POST', '/v1/crisisPatient/handle', nurse, body);
      expect(en.statusCode, JSON.stringify(change)).toBe(400);
      expect(en.json().dataContent.errors).toEqual([{ field, message: enMessage }]);
      const zh = await api('POST', '/v1/crisisPatient/handle', nurse, body, 'zh-CN');
      expect(zh.json().dataContent.errors).toEqual([{ field, message: zhMessage }]);
    }
  });

  it('refuses a handling time before the measurement, in both languages', async () => {
    const body = { ...valid(), handledAt: '2026-03-02T07:09:00+08:00' };
    const en = await api('POST', '/v1/crisisPatient/handle', nurse, body);
    expect(en.statusCode).toBe(400);
    expect(en.json()).toMatchObject({
      message: 'The handling time cannot be before the measurement time',
      dataContent: {
        errors: [{ field: 'handledAt', message: 'The handling time cannot be before the measurement time' }],
      },
    });
    const zh = await api('POST', '/v1/crisisPatient/handle', nurse, body, 'zh-CN');
    expect(zh.json().message).toBe('处理时间不能早于测量时间');
  });

  it('refuses fields the client may not set (mass assignment)', async () => {
    for (const extra of [{ handledBy: 1 }, { status: 'handled' }, { tenantId: '202' }]) {
      const res = await api('POST', '/v1/crisisPatient/handle', nurse, { ...valid(), ...extra });
      expect(res.statusCode).toBe(400);
      expect(res.json().dataContent.errors[0].field).toBe(Object.keys(extra)[0]);
    }
  });

  it('answers 404 outside the scope or the tenant, exactly as for a missing id', async () => {
    const missing = await api('POST', '/v1/crisisPatient/handle', nurse, { ...valid(), id: 999_999 });
    expect(missing.statusCode).toBe(404);
    const otherWard = await api('POST', '/v1/crisisPatient/handle', nurse, { ...valid(), id: ids.zhaoLow });
    expect(otherWard.statusCode).toBe(404);
    expect(otherWard.body).toBe(missing.body);
    const otherTenant = await api('POST', '/v1/crisisPatient/handle', admin202, valid());
    expect(otherTenant.statusCode).toBe(404);
    expect(otherTenant.body).toBe(missing.body);
    const voided = await api('POST', '/v1/crisisPatient/handle', admin, {
      ...valid(),
      id: ids.liuVoid,
      version: 2,
    });
    expect(voided.statusCode).toBe(404);
  });

  it('is refused to a role without the handle permission', async () => {
    const res = await api('POST', '/v1/crisisPatient/handle', reviewer, valid());
    expect(res.statusCode).toBe(403);
  });

  it('answers 409 on a stale version', async () => {
    const res = await api('POST', '/v1/crisisPatient/handle', nurse, {
      ...valid(),
      id: ids.liuHigh,
      version: 7,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This record was changed by someone else; reload it and try again');
  });

  it('records who was notified, what was done, by whom and when, with the minutes to handling and an audit row', async () => {
    const res = await api('POST', '/v1/crisisPatient/handle', nurse, valid());
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('The handling of the critical value was recorded');
    const handled = res.json().dataContent as Row;
    expect(handled).toMatchObject({
      id: ids.chenLow,
      status: 'handled',
      notifiedPerson: 'Dr. Li Wei',
      action: valid().action,
      handledBy: 'Nurse Wang Fang',
      handledAt: NOW.toISOString(),
      minutesToHandle: 350,
      version: 2,
    });
    expect(handled.handledById).toEqual(expect.any(Number));
    const [audit] = await auditRows(t, 'criticalEvent', ids.chenLow, 'update');
    expect(audit).toMatchObject({
      actor_name: 'nurse01',
      before: { status: 'open', version: 1 },
      after: { status: 'handled', notifiedPerson: 'Dr. Li Wei', minutesToHandle: 350, version: 2 },
    });
    const { rows } = await t.handle.db.execute<{ patient_id: string }>(
      sql`select patient_id from audit_log where entity = 'criticalEvent' and entity_id = ${String(ids.chenLow)}`,
    );
    expect(Number(rows[0]!.patient_id)).toBe(patientIds.chen);
    // handled ones follow the open ones
    expect((await monitor()).map((row) => [row.id, row.status])).toEqual([
      [ids.liuHigh, 'open'],
      [ids.liuUric, 'open'],
      [ids.chenLow, 'handled'],
    ]);
    expect((await monitor('?status=handled')).map((row) => row.id)).toEqual([ids.chenLow]);
  });

  it('keeps a given handling time and answers 409 to a second handling, naming who handled it', async () => {
    const res = await api('POST', '/v1/crisisPatient/handle', doctor, {
      id: ids.liuHigh,
      version: 1,
      notifiedPerson: '值班医生 张医生',
      action: '复测血糖 24.8，遵医嘱胰岛素静滴',
      handledAt: '2026-03-02T10:25:00+08:00',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().dataContent).toMatchObject({ handledBy: 'Dr. Li Wei', minutesToHandle: 25 });
    const again = await api('POST', '/v1/crisisPatient/handle', nurse, {
      ...valid(),
      id: ids.liuHigh,
      version: 2,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This critical value has already been handled by Dr. Li Wei');
    const zh = await api(
      'POST',
      '/v1/crisisPatient/handle',
      nurse,
      { ...valid(), id: ids.liuHigh, version: 2 },
      'zh-CN',
    );
    expect(zh.json().message).toBe('该危急值已由 Dr. Li Wei 处理');
  });

  it('lets a correction out of the critical range void an open event, and never undoes a handling', async () => {
    const db = t.handle.db;
    const fresh = await addReading(db, '101', patientIds.liu!, {
      value: 1.8,
      periodCode: 'beforeLunch',
      testTime: sh('2026-03-02T12:30'),
    });
    const id = await eventOf(fresh.id);
    expect((await monitor()).map((row) => row.id)).toContain(id);
    await deleteReading(db, '101', fresh.id);
    expect((await monitor()).map((row) => row.id)).not.toContain(id);
    const { rows } = await db.execute<{ status: string }>(
      sql`select status from critical_events where id in (${ids.chenLow}, ${id}) order by id`,
    );
    expect(rows.map((row) => row.status)).toEqual(['handled', 'void']);
  });
});

describe('GET /v1/crisisPatient/query', () => {
  const range = 'beginDate=2026-03-01&endDate=2026-03-02';
  const query = (params: string, token = nurse) =>
    data<{ records: Row[]; total: number; page: number; size: number }>(
      'GET',
      `/v1/crisisPatient/query?${params}`,
      token,
    );

  it('finds the critical values of a date range, newest first, without void ones', async () => {
    const page = await query(range);
    expect(page.records.map((row) => row.id)).toEqual([
      ids.liuHigh,
      ids.liuUric,
      ids.chenLow,
      ids.chenYesterday,
    ]);
    expect(page).toMatchObject({ total: 4, page: 1, size: 20 });
    expect((await query('beginDate=2026-03-01&endDate=2026-03-01')).records.map((row) => row.id)).toEqual([
      ids.chenYesterday,
    ]);
    expect(
      (await query('beginDate=2026-03-02T07:00:00%2B08:00&endDate=2026-03-02T08:00:00%2B08:00')).records.map(
        (row) => row.id,
      ),
    ).toEqual([ids.liuUric, ids.chenLow]);
  });

  it('filters by item, value range (storage unit), status, text, department and pages', async () => {
    expect((await query(`${range}&category=GLU&minValue=2&maxValue=3`)).records.map((row) => row.id)).toEqual(
      [ids.chenLow, ids.chenYesterday],
    );
    expect((await query(`${range}&category=UA&minValue=720`)).records.map((row) => row.id)).toEqual([
      ids.liuUric,
    ]);
    expect((await query(`${range}&status=open`)).records.map((row) => row.id)).toEqual([
      ids.liuUric,
      ids.chenYesterday,
    ]);
    expect((await query(`${range}&queryCondition=Liu`)).total).toBe(2);
    expect((await query(`${range}&departmentCode=CARD`, admin)).records.map((row) => row.id)).toEqual([
      ids.zhaoLow,
    ]);
    const second = await query(`${range}&page=2&size=1`);
    expect(second).toMatchObject({ total: 4, page: 2, size: 1 });
    expect(second.records.map((row) => row.id)).toEqual([ids.liuUric]);
  });

  it('keeps to the tenant and the scope', async () => {
    expect((await query(range, admin202)).records.map((row) => row.id)).toEqual([ids.other]);
    expect((await query(range)).records.map((row) => row.id)).not.toContain(ids.zhaoLow);
  });

  it('checks the query in both languages', async () => {
    const cases: [string, string, string, string][] = [
      [
        'beginDate=2026-03-01',
        'endDate',
        'Query error: please choose the start and end dates',
        '查询错误：请选择开始和结束日期',
      ],
      [
        'beginDate=2026-03-03&endDate=2026-03-01',
        'endDate',
        'Query error: the start must be before the end',
        '查询错误：开始时间必须早于结束时间',
      ],
      [
        `${range}&minValue=5&maxValue=2`,
        'maxValue',
        'Query error: the lowest value must not be above the highest',
        '查询错误：最低值不能高于最高值',
      ],
      [
        `${range}&minValue=low`,
        'minValue',
        'Query error: a value must be a number of 0 or more',
        '查询错误：数值必须是大于或等于 0 的数字',
      ],
      [
        `${range}&category=HBA1C`,
        'category',
        'Query error: the item must be GLU, KET or UA',
        '查询错误：项目必须是 GLU、KET 或 UA',
      ],
      [
        `${range}&status=void`,
        'status',
        'Query error: the status must be open or handled',
        '查询错误：状态必须是未处理或已处理',
      ],
    ];
    for (const [params, field, enMessage, zhMessage] of cases) {
      const en = await api('GET', `/v1/crisisPatient/query?${params}`, nurse);
      expect(en.statusCode, params).toBe(400);
      expect(en.json().dataContent.errors).toEqual([{ field, message: enMessage }]);
      const zh = await api('GET', `/v1/crisisPatient/query?${params}`, nurse, undefined, 'zh-CN');
      expect(zh.json().dataContent.errors).toEqual([{ field, message: zhMessage }]);
    }
  });
});

describe('GET /v1/crisisPatient/counts and /latest', () => {
  it('counts open and handled today and open whenever measured, in the scope', async () => {
    expect(await data('GET', '/v1/crisisPatient/counts', nurse)).toEqual({
      openToday: 1,
      handledToday: 2,
      open: 2,
    });
    expect(await data('GET', '/v1/crisisPatient/counts', admin)).toEqual({
      openToday: 2,
      handledToday: 2,
      open: 3,
    });
    expect(await data('GET', '/v1/crisisPatient/counts', admin202)).toEqual({
      openToday: 1,
      handledToday: 0,
      open: 1,
    });
  });

  it('gives the open events newer than an id, and the cursor for the next poll', async () => {
    type Latest = { latestId: number; openCount: number; records: Row[] };
    const first = await data<Latest>('GET', '/v1/crisisPatient/latest', nurse);
    expect(first.records.map((row) => row.id).sort()).toEqual([ids.liuUric, ids.chenYesterday].sort());
    expect(first.openCount).toBe(2);
    expect(first.latestId).toBe(Math.max(ids.liuUric!, ids.chenYesterday!));
    const none = await data<Latest>('GET', `/v1/crisisPatient/latest?since=${first.latestId}`, nurse);
    expect(none).toEqual({ latestId: first.latestId, openCount: 2, records: [], escalatedToMe: [] });

    const fresh = await addReading(t.handle.db, '101', patientIds.chen!, {
      value: 30,
      periodCode: 'afterLunch',
      testTime: sh('2026-03-02T12:50'),
    });
    const id = await eventOf(fresh.id);
    const next = await data<Latest>('GET', `/v1/crisisPatient/latest?since=${first.latestId}`, nurse);
    expect(next.records.map((row) => [row.id, row.patientName, row.bed, row.value])).toEqual([
      [id, 'Chen Jing', '3', 30],
    ]);
    expect(next).toMatchObject({ latestId: id, openCount: 3 });
    // other wards and tenants hear nothing of it
    const elsewhere = await data<Latest>('GET', `/v1/crisisPatient/latest?since=${first.latestId}`, admin202);
    expect(elsewhere.records.map((row) => row.id)).not.toContain(id);
    expect(elsewhere.records.map((row) => row.patientId)).toEqual([patientIds.other]);
  });

  it('refuses a cursor that is not an id', async () => {
    const res = await api('GET', '/v1/crisisPatient/latest?since=abc', nurse, undefined, 'zh-CN');
    expect(res.statusCode).toBe(400);
    expect(res.json().dataContent.errors).toEqual([
      { field: 'since', message: '查询错误：since 必须是记录编号' },
    ]);
  });
});

describe('a critical value entered on the ward', () => {
  it('shows on the monitor at once, classified at write', async () => {
    const entered = await api('POST', '/v1/testRecord/customerRecord', nurse, {
      category: 'GLU',
      patientId: patientIds.liu,
      period: 'afterLunch',
      testTime: '2026-03-02T12:55:00+08:00',
      result: 1.7,
      unit: 'mmolL',
    });
    expect(entered.statusCode, entered.body).toBe(200);
    const reading = entered.json().dataContent as { id: number; determineType: string };
    expect(reading.determineType).toBe('criticalLow');
    const row = (await monitor()).find((event) => event.measurementId === reading.id);
    expect(row).toMatchObject({ patientName: 'Liu Yang', value: 1.7, status: 'open', minutesToHandle: 5 });
  });
});

describe('permissions', () => {
  it('every role with the list permission reads; a role without it gets 403 everywhere', async () => {
    for (const token of [admin, doctor, nurse, reviewer]) {
      expect((await api('GET', '/v1/crisisPatient/counts', token)).statusCode).toBe(200);
    }
    await t.handle.db.execute(sql`
      delete from role_menus rm using menus m, roles r
       where m.tenant_id = rm.tenant_id and m.id = rm.menu_id and r.tenant_id = rm.tenant_id and r.id = rm.role_id
         and rm.tenant_id = '101' and r.code = 'reviewer' and m.permission = 'patient:critical:list'`);
    for (const url of [
      '/v1/crisisPatient/monitor',
      '/v1/crisisPatient/query?beginDate=2026-03-01&endDate=2026-03-02',
      '/v1/crisisPatient/counts',
      '/v1/crisisPatient/latest',
    ]) {
      expect((await api('GET', url, reviewer)).statusCode, url).toBe(403);
    }
  });

  it('needs a session', async () => {
    const res = await t.request({ method: 'GET', url: '/app-service/v1/crisisPatient/monitor' });
    expect(res.statusCode).toBe(401);
  });
});
