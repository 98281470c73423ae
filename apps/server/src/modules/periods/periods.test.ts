import { periodAt } from '@glucocare/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOf, auditRows } from '../../test/api';
import { createTestContext, type TestContext } from '../../test/harness';
import { listGlucosePeriods } from './service';

let t: TestContext;
let admin: string;
let admin202: string;
let nurse: string;
let api: ReturnType<typeof apiOf>;

beforeAll(async () => {
  t = await createTestContext();
  api = apiOf(t);
  admin = await t.login('101', 'admin', 'Admin@123456');
  admin202 = await t.login('202', 'admin', 'Admin@202202');
  nurse = await t.login('101', 'nurse01', 'Nurse@2026');
});
afterAll(() => t.close());

type Period = {
  id: number;
  code: string;
  name: string;
  nameZh: string;
  nameEn: string;
  sort: number;
  startTime: string;
  endTime: string;
  minValue: number | null;
  maxValue: number | null;
  isActive: boolean;
  version: number;
};

const glucose = {
  code: 'night2',
  nameZh: '夜间',
  nameEn: 'Night',
  sort: 90,
  startTime: '02:00',
  endTime: '03:00',
  minValue: 4.4,
  maxValue: 8,
};
const insulin = { code: 'snack', nameZh: '加餐', nameEn: 'Snack', startTime: '15:00', endTime: '16:00' };

async function ok<T>(method: 'POST' | 'PUT', url: string, body: object, token = admin): Promise<T> {
  const res = await api(method, url, token, body);
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().dataContent;
}
const glucoseList = async (query = '', token = admin, lang?: string) =>
  (await api('GET', `/v1/gluPeriod/list${query}`, token, undefined, lang)).json().dataContent as Period[];

describe('glucose periods', () => {
  it('lists the eight seeded meal periods by sort, covering the day, named in the request language', async () => {
    const en = await glucoseList();
    expect(en.map((p) => p.code)).toEqual([
      'earlyMorning',
      'fasting',
      'afterBreakfast',
      'beforeLunch',
      'afterLunch',
      'beforeDinner',
      'afterDinner',
      'beforeSleep',
    ]);
    expect(en[1]).toMatchObject({
      name: 'Fasting',
      startTime: '05:00',
      endTime: '09:00',
      minValue: 3.9,
      maxValue: 7,
    });
    const zh = await glucoseList('', admin, 'zh-CN');
    expect(zh.map((p) => p.name)).toEqual([
      '凌晨',
      '空腹',
      '早餐后',
      '午餐前',
      '午餐后',
      '晚餐前',
      '晚餐后',
      '睡前',
    ]);
    // every minute of the day falls in exactly one seeded window
    expect(periodAt('23:59', en)).toBe('beforeSleep');
    expect(periodAt('00:00', en)).toBe('earlyMorning');
    expect(periodAt('12:29', en)).toBe('beforeLunch');
  });

  it('lets clinical staff read the list, never change it', async () => {
    expect((await glucoseList('', nurse)).length).toBe(8);
    expect((await api('POST', '/v1/gluPeriod', nurse, glucose)).statusCode).toBe(403);
    expect((await api('PUT', '/v1/gluPeriod', nurse, { ...glucose, id: 1, version: 1 })).statusCode).toBe(
      403,
    );
    expect(
      (await api('PUT', '/v1/gluPeriod/status', nurse, { id: 1, isActive: false, version: 1 })).statusCode,
    ).toBe(403);
  });

  it('creates, reads back, updates, stops and re-enables a period, each with an audit row', async () => {
    const created = await ok<Period>('POST', '/v1/gluPeriod', glucose);
    expect(created).toMatchObject({ ...glucose, name: 'Night', isActive: true, version: 1 });
    expect((await glucoseList()).find((p) => p.id === created.id)).toEqual(created);
    const [createAudit] = await auditRows(t, 'gluPeriod', created.id, 'create');
    expect(createAudit.after).toMatchObject(glucose);

    const updated = await ok<Period>('PUT', '/v1/gluPeriod', {
      ...glucose,
      id: created.id,
      version: 1,
      endTime: '04:00',
      minValue: null,
      maxValue: null,
    });
    expect(updated).toMatchObject({ endTime: '04:00', minValue: null, maxValue: null, version: 2 });
    const [updateAudit] = await auditRows(t, 'gluPeriod', created.id, 'update');
    expect(updateAudit).toMatchObject({
      before: { endTime: '03:00', minValue: 4.4 },
      after: { endTime: '04:00', minValue: null },
    });

    const stopped = await ok<Period>('PUT', '/v1/gluPeriod/status', {
      id: created.id,
      isActive: false,
      version: 2,
    });
    expect(stopped).toMatchObject({ isActive: false, version: 3 });
    expect((await glucoseList('?isActive=true')).some((p) => p.id === created.id)).toBe(false);
    expect((await glucoseList('?isActive=false')).map((p) => p.id)).toEqual([created.id]);
    const [disable] = await auditRows(t, 'gluPeriod', created.id, 'disable');
    expect(disable).toMatchObject({ before: { isActive: true }, after: { isActive: false } });
    await ok('PUT', '/v1/gluPeriod/status', { id: created.id, isActive: true, version: 3 });
    expect(await auditRows(t, 'gluPeriod', created.id, 'enable')).toHaveLength(1);
  });

  it('refuses a stale version and a code already used', async () => {
    const created = await ok<Period>('POST', '/v1/gluPeriod', { ...glucose, code: 'stale' });
    await ok('PUT', '/v1/gluPeriod', { ...glucose, code: 'stale', id: created.id, version: 1, sort: 91 });
    const stale = await api('PUT', '/v1/gluPeriod', admin, {
      ...glucose,
      code: 'stale',
      id: created.id,
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('This record was changed by someone else; reload it and try again');
    const status = await api('PUT', '/v1/gluPeriod/status', admin, {
      id: created.id,
      isActive: false,
      version: 1,
    });
    expect(status.statusCode).toBe(409);
    const taken = await api('POST', '/v1/gluPeriod', admin, { ...glucose, code: 'fasting' }, 'zh-CN');
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('该编码的血糖时段已存在');
    const renamed = await api('PUT', '/v1/gluPeriod', admin, {
      ...glucose,
      code: 'fasting',
      id: created.id,
      version: 2,
    });
    expect(renamed.statusCode).toBe(409);
  });

  it('gives the classification loader every period in sort order', async () => {
    const periods = await listGlucosePeriods(t.handle.db, '101');
    expect(periods[0]).toMatchObject({ code: 'earlyMorning', minValue: 3.9, maxValue: 7.8, isActive: true });
    expect(periods.map((p) => p.sort)).toEqual([...periods.map((p) => p.sort)].sort((a, b) => a - b));
  });
});

describe('glucose periods and critical values together', () => {
  it('refuses a normal range that reaches below the critical low, in the request language, saving nothing', async () => {
    const fasting = (await glucoseList()).find((p) => p.code === 'fasting')!;
    // the seeded glucose critical low is 2.8 mmol/L: a normal low of 2.5 would put it inside the normal range
    const body = { ...fasting, minValue: 2.5 };
    const { name: _name, ...update } = body as Period & { updatedAt?: string };
    delete (update as { updatedAt?: string }).updatedAt;
    const en = await api('PUT', '/v1/gluPeriod', admin, update);
    expect(en.statusCode).toBe(400);
    expect(en.json().message).toContain('Failed to save the critical values');
    const zh = await api('PUT', '/v1/gluPeriod', admin, update, 'zh-CN');
    expect(zh.json().message).toContain('危急值保存失败');
    const after = (await glucoseList()).find((p) => p.code === 'fasting')!;
    expect(after).toMatchObject({ minValue: fasting.minValue, version: fasting.version });
  });

  it('carries the critical values of a period along when its code is renamed', async () => {
    const period = await ok<Period>('POST', '/v1/gluPeriod', {
      ...glucose,
      code: 'lateNight',
      startTime: '01:00',
      endTime: '02:00',
    });
    await ok('POST', '/v2/crisisSetting', {
      category: 'GLU',
      periodCode: 'lateNight',
      criticalLow: 3.0,
      criticalHigh: 20,
      criticalLowColor: '#FF0000',
      criticalHighColor: '#AA0000',
    });
    const { id, version } = period;
    await ok('PUT', '/v1/gluPeriod', {
      ...glucose,
      code: 'lateNight2',
      startTime: '01:00',
      endTime: '02:00',
      id,
      version,
    });
    const setting = (await api('GET', '/v2/crisisSetting?category=GLU', admin)).json().dataContent as {
      periods: { code: string; rule: { criticalLow: number } | null }[];
    };
    expect(setting.periods.find((p) => p.code === 'lateNight2')?.rule?.criticalLow).toBe(3);
  });
});

describe('glucose period validation', () => {
  it.each([
    [{ code: '' }, 'code', 'Please enter the code', '请输入编码'],
    [{ code: 'a b' }, 'code', 'The code may use letters, digits and _ only', '编码只能包含字母、数字和 _'],
    [{ code: 'c'.repeat(13) }, 'code', 'The code must be 1-12 characters', '编码长度为 1-12 个字符'],
    [{ nameZh: 'n'.repeat(13) }, 'nameZh', 'The name must be 1-12 characters', '名称长度为 1-12 个字符'],
    [{ nameEn: undefined }, 'nameEn', 'Please enter the name', '请输入名称'],
    [{ nameEn: 'n'.repeat(25) }, 'nameEn', 'The name must be 1-24 characters', '名称长度为 1-24 个字符'],
    [{ startTime: undefined }, 'startTime', 'Please enter the start time', '请输入开始时间'],
    [
      { startTime: '24:00' },
      'startTime',
      'Enter the start time as HH:mm (00:00-23:59)',
      '开始时间格式为 HH:mm（00:00-23:59）',
    ],
    [
      { endTime: '25:00' },
      'endTime',
      'Enter the end time as HH:mm (00:00-23:59, or 24:00 for midnight)',
      '结束时间格式为 HH:mm（00:00-23:59，午夜可填 24:00）',
    ],
    [{ endTime: '02:00' }, 'endTime', 'The start and end times must differ', '开始时间和结束时间不能相同'],
    [
      { minValue: null },
      'minValue',
      'Enter both the lower and the upper limit, or neither',
      '下限和上限须同时填写或同时留空',
    ],
    [{ maxValue: 51 }, 'maxValue', 'The value must be from 0.5 to 50', '数值须在 0.5-50 之间'],
    [{ minValue: 0 }, 'minValue', 'The value must be from 0.5 to 50', '数值须在 0.5-50 之间'],
    [{ minValue: 9 }, 'minValue', 'The lower limit must be below the upper limit', '下限必须小于上限'],
  ])('refuses %j with a message on %s in both languages', async (change, field, en, zh) => {
    const body = { ...glucose, code: 'valid', ...change };
    const res = await api('POST', '/v1/gluPeriod', admin, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().dataContent.errors).toEqual([{ field, message: en }]);
    const zhRes = await api('POST', '/v1/gluPeriod', admin, body, 'zh-CN');
    expect(zhRes.json().dataContent.errors).toEqual([{ field, message: zh }]);
  });

  it('refuses fields a client must not set and values of the wrong type', async () => {
    for (const extra of [
      { tenantId: '202' },
      { version: 1 },
      { createdAt: '2020-01-01T00:00:00Z' },
      { sort: 10000 },
      { sort: '1' },
      { minValue: '4.4' },
      { isActive: 'true' },
    ]) {
      const res = await api('POST', '/v1/gluPeriod', admin, { ...glucose, code: 'massAssign', ...extra });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
    }
    expect((await glucoseList()).some((p) => p.code === 'massAssign')).toBe(false);
  });
});

describe('insulin periods', () => {
  type Insulin = Omit<Period, 'minValue' | 'maxValue'>;
  const insulinList = async (token = admin) =>
    (await api('GET', '/v1/insulinTimePeriod/list', token)).json().dataContent as Insulin[];

  it('lists the seeded periods, bedtime wrapping past midnight', async () => {
    const list = await insulinList(nurse);
    expect(list.map((p) => [p.code, p.startTime, p.endTime])).toEqual([
      ['breakfast', '05:00', '10:00'],
      ['lunch', '10:00', '15:00'],
      ['dinner', '15:00', '20:00'],
      ['bedtime', '20:00', '05:00'],
    ]);
  });

  it('creates, reads by id, updates, stops via PUT and deletes, each audited', async () => {
    const created = await ok<Insulin>('POST', '/v1/insulinTimePeriod', insulin);
    expect(created).toMatchObject({ ...insulin, name: 'Snack', sort: 0, isActive: true, version: 1 });
    const read = await api('GET', `/v1/insulinTimePeriod?id=${created.id}`, nurse, undefined, 'zh-CN');
    expect(read.json().dataContent).toEqual({ ...created, name: '加餐' });

    const renamed = await ok<Insulin>('PUT', '/v1/insulinTimePeriod', {
      ...insulin,
      id: created.id,
      version: 1,
      nameEn: 'Afternoon snack',
    });
    expect(renamed).toMatchObject({ nameEn: 'Afternoon snack', version: 2 });
    expect((await auditRows(t, 'insulinPeriod', created.id, 'update'))[0]).toMatchObject({
      before: { nameEn: 'Snack' },
      after: { nameEn: 'Afternoon snack' },
    });

    const stopped = await ok<Insulin>('PUT', '/v1/insulinTimePeriod', {
      ...insulin,
      nameEn: 'Afternoon snack',
      id: created.id,
      version: 2,
      isActive: false,
    });
    expect(stopped).toMatchObject({ isActive: false, version: 3 });
    expect(await auditRows(t, 'insulinPeriod', created.id, 'disable')).toHaveLength(1);
    const stale = await api('PUT', '/v1/insulinTimePeriod', admin, {
      ...insulin,
      id: created.id,
      version: 2,
    });
    expect(stale.statusCode).toBe(409);

    expect((await api('DELETE', `/v1/insulinTimePeriod?id=${created.id}&version=3`, nurse)).statusCode).toBe(
      403,
    );
    expect((await api('DELETE', `/v1/insulinTimePeriod?id=${created.id}&version=3`, admin)).statusCode).toBe(
      200,
    );
    expect((await auditRows(t, 'insulinPeriod', created.id, 'delete'))[0].before).toMatchObject({
      code: 'snack',
    });
    expect((await api('GET', `/v1/insulinTimePeriod?id=${created.id}`, admin)).statusCode).toBe(404);
  });

  it('applies the code, name and time rules', async () => {
    const taken = await api('POST', '/v1/insulinTimePeriod', admin, { ...insulin, code: 'lunch' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('An insulin period with this code already exists');
    const same = await api('POST', '/v1/insulinTimePeriod', admin, { ...insulin, endTime: '15:00' }, 'zh-CN');
    expect(same.json().dataContent.errors).toEqual([
      { field: 'endTime', message: '开始时间和结束时间不能相同' },
    ]);
    const bad = await api('POST', '/v1/insulinTimePeriod', admin, { ...insulin, startTime: '7:00' });
    expect(bad.json().dataContent.errors).toEqual([
      { field: 'startTime', message: 'Enter the start time as HH:mm (00:00-23:59)' },
    ]);
    const extra = await api('POST', '/v1/insulinTimePeriod', admin, { ...insulin, minValue: 4 });
    expect(extra.statusCode).toBe(400);
    expect((await api('POST', '/v1/insulinTimePeriod', nurse, insulin)).statusCode).toBe(403);
    expect(
      (await api('PUT', '/v1/insulinTimePeriod', nurse, { ...insulin, id: 1, version: 1 })).statusCode,
    ).toBe(403);
  });
});

describe('tenant isolation', () => {
  it('answers another tenant’s ids exactly as missing ones and never mixes lists', async () => {
    const mine = await ok<Period>('POST', '/v1/gluPeriod', { ...glucose, code: 'only101' });
    const missingPut = await api('PUT', '/v1/gluPeriod', admin202, { ...glucose, id: 999999999, version: 1 });
    expect(missingPut.statusCode).toBe(404);
    const foreignPut = await api('PUT', '/v1/gluPeriod', admin202, { ...glucose, id: mine.id, version: 1 });
    expect(foreignPut.json()).toEqual(missingPut.json());
    const foreignStatus = await api('PUT', '/v1/gluPeriod/status', admin202, {
      id: mine.id,
      isActive: false,
      version: 1,
    });
    expect(foreignStatus.json()).toEqual(missingPut.json());
    const list202 = await glucoseList('', admin202);
    expect(list202).toHaveLength(8);
    expect(list202.some((p) => p.id === mine.id)).toBe(false);

    const insulin101 = await ok<{ id: number; version: number }>('POST', '/v1/insulinTimePeriod', {
      ...insulin,
      code: 'only101',
    });
    const missingGet = await api('GET', '/v1/insulinTimePeriod?id=999999999', admin202);
    expect(missingGet.statusCode).toBe(404);
    expect((await api('GET', `/v1/insulinTimePeriod?id=${insulin101.id}`, admin202)).json()).toEqual(
      missingGet.json(),
    );
    expect(
      (
        await api(
          'DELETE',
          `/v1/insulinTimePeriod?id=${insulin101.id}&version=${insulin101.version}`,
          admin202,
        )
      ).json(),
    ).toEqual(missingGet.json());
    expect((await api('GET', `/v1/insulinTimePeriod?id=${insulin101.id}`, admin)).statusCode).toBe(200);
  });
});
