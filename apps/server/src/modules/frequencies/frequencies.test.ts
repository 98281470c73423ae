import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOf, auditRows } from '../../test/api';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
let admin: string;
let admin202: string;
let api: ReturnType<typeof apiOf>;

beforeAll(async () => {
  t = await createTestContext();
  api = apiOf(t);
  admin = await t.login('101', 'admin', 'Admin@123456');
  admin202 = await t.login('202', 'admin', 'Admin@202202');
});
afterAll(() => t.close());

type Frequency = {
  id: number;
  code: string;
  name: string;
  frequency: string;
  timesPerDay: number | null;
  executeTimes: string[];
  sort: number;
  isActive: boolean;
  version: number;
};
const PATH = '/v1/adviceFrequency/frequency';
const valid = {
  code: 'q6h',
  name: '每6小时一次',
  frequency: 'q6h',
  timesPerDay: 4,
  executeTimes: ['18:00', '00:00', '06:00', '12:00'],
};

async function create(body: object, token = admin): Promise<Frequency> {
  const res = await api('POST', PATH, token, body);
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().dataContent;
}
async function page(query: string, token = admin) {
  return (await api('GET', `/v1/adviceFrequency/list?${query}`, token)).json().dataContent as {
    records: Frequency[];
    total: number;
  };
}

describe('seeded frequencies and lookups', () => {
  it('offers the enabled frequencies to pickers (code, name, frequency) and with details', async () => {
    const options = (await api('GET', '/v1/adviceFrequency/options', admin)).json().dataContent;
    expect(options.map((o: { code: string }) => o.code)).toEqual([
      'qd',
      'bid',
      'tid',
      'qid',
      'qn',
      'q8h',
      'st',
      'prn',
    ]);
    expect(options[0]).toEqual({ code: 'qd', name: '每日一次', frequency: '1/d' });
    const all: Frequency[] = (await api('GET', '/v1/adviceFrequency/list/all', admin)).json().dataContent;
    expect(all.find((f) => f.code === 'tid')).toMatchObject({
      timesPerDay: 3,
      executeTimes: ['08:00', '12:00', '16:00'],
    });
    expect(all.find((f) => f.code === 'prn')).toMatchObject({ timesPerDay: null, executeTimes: [] });
  });

  it('pages by text and state', async () => {
    expect((await page('')).total).toBe(8);
    expect((await page('queryCondition=每晚')).records.map((f) => f.code)).toEqual(['qn']);
    expect((await page('queryCondition=Q8')).records.map((f) => f.code)).toEqual(['q8h']);
    expect((await page('size=3&page=2')).records.map((f) => f.code)).toEqual(['qid', 'qn', 'q8h']);
  });
});

describe('create, update, delete', () => {
  it('creates a frequency (round trip), keeping its times in the order of the day, with an audit row', async () => {
    const created = await create(valid);
    expect(created).toMatchObject({
      ...valid,
      executeTimes: ['00:00', '06:00', '12:00', '18:00'],
      sort: 0,
      isActive: true,
      version: 1,
    });
    expect((await page('queryCondition=q6h')).records).toEqual([created]);
    const [audit] = await auditRows(t, 'adviceFrequency', created.id, 'create');
    expect(audit.after).toMatchObject({ code: 'q6h', timesPerDay: 4 });
  });

  it('updates with the current version; a stale one answers 409; stopping leaves the lookups', async () => {
    const created = await create({
      ...valid,
      code: 'q12h',
      timesPerDay: 2,
      executeTimes: ['08:00', '20:00'],
    });
    const res = await api('PUT', PATH, admin, {
      ...valid,
      code: 'q12h',
      id: created.id,
      version: 1,
      name: '每12小时一次',
      timesPerDay: 2,
      executeTimes: ['09:00', '21:00'],
      isActive: false,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().dataContent).toMatchObject({
      name: '每12小时一次',
      executeTimes: ['09:00', '21:00'],
      version: 2,
    });
    const stale = await api('PUT', PATH, admin, { ...valid, code: 'q12h', id: created.id, version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('This record was changed by someone else; reload it and try again');
    const options = (await api('GET', '/v1/adviceFrequency/options', admin)).json().dataContent;
    expect(options.map((o: { code: string }) => o.code)).not.toContain('q12h');
    expect((await page('isActive=false')).records.map((f) => f.code)).toEqual(['q12h']);
    const [audit] = await auditRows(t, 'adviceFrequency', created.id, 'update');
    expect(audit).toMatchObject({
      before: { executeTimes: ['08:00', '20:00'], isActive: true },
      after: { executeTimes: ['09:00', '21:00'], isActive: false },
    });
  });

  it('refuses a code in use (409) on create and on update', async () => {
    const res = await api('POST', PATH, admin, { ...valid, code: 'tid', timesPerDay: null });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('An advice frequency with this code already exists');
    expect((await api('POST', PATH, admin, { ...valid, code: 'tid' }, 'zh-CN')).json().message).toBe(
      '已存在相同编码的医嘱频次',
    );
    const bid = (await page('queryCondition=bid')).records[0];
    const update = await api('PUT', PATH, admin, { ...valid, code: 'qd', id: bid.id, version: bid.version });
    expect(update.statusCode).toBe(409);
  });

  it('deletes a frequency with an audit row; a second delete is 404', async () => {
    const created = await create({ ...valid, code: 'tmp', timesPerDay: null, executeTimes: [] });
    expect((await api('DELETE', `/v1/adviceFrequency/${created.id}?version=1`, admin)).statusCode).toBe(200);
    expect((await page('queryCondition=tmp')).total).toBe(0);
    expect((await auditRows(t, 'adviceFrequency', created.id, 'delete'))[0].before).toMatchObject({
      code: 'tmp',
    });
    expect((await api('DELETE', `/v1/adviceFrequency/${created.id}?version=1`, admin)).statusCode).toBe(404);
  });
});

describe('validation', () => {
  it.each([
    [{ ...valid, code: '' }, 'code', 'Please enter the code', '请输入编码'],
    [
      { ...valid, code: 'c'.repeat(13) },
      'code',
      'The code must be 1-12 characters',
      '编码长度为 1-12 个字符',
    ],
    [{ ...valid, name: '' }, 'name', 'Please enter the name', '请输入名称'],
    [
      { ...valid, name: '名'.repeat(13) },
      'name',
      'The name must be 1-12 characters',
      '名称长度为 1-12 个字符',
    ],
    [{ ...valid, frequency: ' ' }, 'frequency', 'Please enter the frequency', '请输入频次'],
    [
      { ...valid, frequency: 'f'.repeat(21) },
      'frequency',
      'The frequency must be 1-20 characters',
      '频次长度为 1-20 个字符',
    ],
    [
      { ...valid, timesPerDay: 0 },
      'timesPerDay',
      'Times per day must be a whole number from 1 to 24',
      '每日次数须为 1-24 的整数',
    ],
    [
      { ...valid, timesPerDay: 1.5 },
      'timesPerDay',
      'Times per day must be a whole number from 1 to 24',
      '每日次数须为 1-24 的整数',
    ],
    [
      { ...valid, executeTimes: ['24:00', '00:00', '06:00', '12:00'] },
      'executeTimes.0',
      'Execution times must be written HH:mm, e.g. 08:00',
      '执行时间须为 HH:mm 格式，如 08:00',
    ],
    [
      { ...valid, executeTimes: ['06:00', '06:00', '12:00', '18:00'] },
      'executeTimes.1',
      'Each execution time may appear only once',
      '执行时间不能重复',
    ],
    [
      { ...valid, executeTimes: ['06:00', '12:00'] },
      'executeTimes',
      'Enter 4 execution time(s), one for each time a day',
      '请填写 4 个执行时间，与每日次数一致',
    ],
  ])('refuses %j with a message on %s in both languages', async (body, field, en, zh) => {
    const res = await api('POST', PATH, admin, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().dataContent.errors).toEqual([{ field, message: en }]);
    expect((await api('POST', PATH, admin, body, 'zh-CN')).json().dataContent.errors).toEqual([
      { field, message: zh },
    ]);
  });

  it('refuses fields a client must not set, and a version on create', async () => {
    for (const extra of [
      { tenantId: '202' },
      { version: 1 },
      { createdAt: '2020-01-01T00:00:00Z' },
      { timesPerDay: '4' },
    ]) {
      const res = await api('POST', PATH, admin, { ...valid, code: 'mass', ...extra });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
    }
    expect((await page('queryCondition=mass')).total).toBe(0);
    const noVersion = await api('PUT', PATH, admin, { ...valid, id: 1 });
    expect(noVersion.json().dataContent.errors.map((e: { field: string }) => e.field)).toEqual(['version']);
  });
});

describe('access and isolation', () => {
  it('lets clinical staff read the lookups and refuses them the admin list and every change', async () => {
    const doctor = await t.login('101', 'doctor01', 'Doctor@2026');
    expect((await api('GET', '/v1/adviceFrequency/options', doctor)).statusCode).toBe(200);
    expect((await api('GET', '/v1/adviceFrequency/list/all', doctor)).statusCode).toBe(200);
    expect((await api('GET', '/v1/adviceFrequency/list', doctor)).statusCode).toBe(403);
    expect((await api('POST', PATH, doctor, { ...valid, code: 'doc' })).statusCode).toBe(403);
    const qd = (await page('queryCondition=qd')).records[0];
    expect((await api('PUT', PATH, doctor, { ...valid, id: qd.id, version: qd.version })).statusCode).toBe(
      403,
    );
    expect(
      (await api('DELETE', `/v1/adviceFrequency/${qd.id}?version=${qd.version}`, doctor)).statusCode,
    ).toBe(403);
  });

  it('answers a tenant-202 session using tenant-101 ids exactly as for a missing id', async () => {
    const qd = (await page('queryCondition=qd')).records[0];
    const missing = await api('DELETE', '/v1/adviceFrequency/999999999?version=1', admin202);
    expect(missing.statusCode).toBe(404);
    expect(
      (await api('DELETE', `/v1/adviceFrequency/${qd.id}?version=${qd.version}`, admin202)).json(),
    ).toEqual(missing.json());
    const update = await api('PUT', PATH, admin202, { ...valid, code: 'qd', id: qd.id, version: qd.version });
    expect(update.json()).toEqual(missing.json());
    const ids202 = (await page('size=500', admin202)).records.map((f) => f.id);
    expect(ids202).not.toContain(qd.id);
    expect(ids202).toHaveLength(8);
    expect((await page('queryCondition=qd')).records[0]).toEqual(qd);
  });
});
