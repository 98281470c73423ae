import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOf, auditRows } from '../../test/api';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
let admin: string;
let admin202: string;
let nurse: string;
let doctor: string;
let api: ReturnType<typeof apiOf>;

beforeAll(async () => {
  t = await createTestContext();
  api = apiOf(t);
  admin = await t.login('101', 'admin', 'Admin@123456');
  admin202 = await t.login('202', 'admin', 'Admin@202202');
  nurse = await t.login('101', 'nurse01', 'Nurse@2026');
  doctor = await t.login('101', 'doctor01', 'Doctor@2026');
});
afterAll(() => t.close());

const errorsOf = (res: { json(): { dataContent: { errors: unknown[] } } }) => res.json().dataContent.errors;
const data = async (res: Promise<{ json(): { dataContent: unknown } }>) => (await res).json().dataContent;

describe('show clock time', () => {
  const url = '/v1/systemSetting/showClockTime';

  it('is on by default, read by any signed-in user, changed by administrators with an audit row', async () => {
    expect(await data(api('GET', url, nurse))).toBe(true);
    expect(await data(api('POST', url, admin, { value: false }))).toBe(false);
    expect(await data(api('GET', url, doctor))).toBe(false);
    expect(await data(api('GET', url, admin202))).toBe(true);
    const [audit] = await auditRows(t, 'setting', 'display.showClockTime', 'update');
    expect(audit).toMatchObject({ before: true, after: false });
  });

  it('takes only { value: boolean } (both languages) and only from administrators', async () => {
    const en = await api('POST', url, admin, { value: 'false' });
    expect(en.statusCode).toBe(400);
    expect(errorsOf(en)).toEqual([{ field: 'value', message: 'Please choose on or off' }]);
    expect(errorsOf(await api('POST', url, admin, {}, 'zh-CN'))).toEqual([
      { field: 'value', message: '请选择开启或关闭' },
    ]);
    expect((await api('POST', url, admin, { value: true, tenantId: '202' })).statusCode).toBe(400);
    expect((await api('POST', url, nurse, { value: true })).statusCode).toBe(403);
  });
});

describe('test time ascending (per user)', () => {
  const url = '/v1/userDefine/testTimeAsc';

  it('is newest first by default and changes only the caller’s own preference', async () => {
    expect(await data(api('GET', url, nurse))).toBe(false);
    expect(await data(api('POST', url, nurse, { value: true }))).toBe(true);
    expect(await data(api('GET', url, nurse))).toBe(true);
    expect(await data(api('GET', url, doctor))).toBe(false);
    expect(await data(api('GET', url, admin))).toBe(false);
    expect(await data(api('GET', url, admin202))).toBe(false);
    const { rows } = await t.handle.db.execute<{ id: number }>(
      sql`select id from users where tenant_id = '101' and user_name = 'nurse01'`,
    );
    const [audit] = await auditRows(t, 'userSetting', `${rows[0]!.id}.testTimeAsc`, 'update');
    expect(audit).toMatchObject({ before: false, after: true, actor_name: 'nurse01' });
  });

  it('refuses anything but a boolean, and another user named in the body', async () => {
    expect(errorsOf(await api('POST', url, doctor, { value: 1 }, 'zh-CN'))).toEqual([
      { field: 'value', message: '请选择开启或关闭' },
    ]);
    expect((await api('POST', url, doctor, { value: true, userId: 1 })).statusCode).toBe(400);
  });
});

describe('out-of-hospital work mode', () => {
  const url = '/v1/systemSetting/workMode/isOutside';

  it('is switched by administrators; the GET and the profile follow at once', async () => {
    expect(await data(api('GET', url, nurse))).toBe(false);
    expect(await data(api('POST', url, admin, { value: true }))).toBe(true);
    expect(await data(api('GET', url, nurse))).toBe(true);
    const profile = (await data(api('GET', '/v1/users/profile', nurse))) as { isOut: boolean };
    expect(profile.isOut).toBe(true);
    // Riverside (202) runs in out-of-hospital mode in the demo seed (issue 18): its own value stays
    expect(await data(api('GET', url, admin202))).toBe(true);
    const [audit] = await auditRows(t, 'setting', 'workMode.isOutside', 'update');
    expect(audit).toMatchObject({ before: false, after: true });
    await api('POST', url, admin, { value: false });
  });

  it('refuses non-administrators and non-boolean values', async () => {
    expect((await api('POST', url, doctor, { value: true })).statusCode).toBe(403);
    expect(errorsOf(await api('POST', url, admin, { value: null }))).toEqual([
      { field: 'value', message: 'Please choose on or off' },
    ]);
  });
});

describe('feature switches (/v1/systemSetting/enable)', () => {
  const url = '/v1/systemSetting/enable';

  it('lists every switch with its default and a description in the request language', async () => {
    const en = (await data(api('GET', url, nurse))) as { key: string; value: boolean; name: string }[];
    expect(en.map((item) => [item.key, item.value])).toEqual([
      ['recordApproval', true],
      ['criticalAlert', true],
      // off by default; the first demo hospital switched it on
      ['autoConsultation', true],
      ['virtualWard', true],
    ]);
    expect(en[1]).toMatchObject({
      name: 'Critical value alerts',
      defaultValue: true,
      description: 'A pop-up and a sound announce each new critical value on the ward screens',
    });
    const zh = (await data(api('GET', url, nurse, undefined, 'zh-CN'))) as { name: string }[];
    expect(zh[0]!.name).toBe('测量记录审核');
  });

  it('answers one switch by key and changes it with an audit row', async () => {
    expect(await data(api('GET', `${url}?key=criticalAlert`, doctor))).toBe(true);
    const saved = await api('POST', url, admin, { key: 'criticalAlert', value: false });
    expect(saved.json().dataContent).toMatchObject({
      key: 'criticalAlert',
      value: false,
      defaultValue: true,
    });
    expect(await data(api('GET', `${url}?key=criticalAlert`, doctor))).toBe(false);
    expect(await data(api('GET', `${url}?key=criticalAlert`, admin202))).toBe(true);
    const [audit] = await auditRows(t, 'setting', 'feature.criticalAlert', 'update');
    expect(audit).toMatchObject({ before: true, after: false });
  });

  it('refuses an unknown key (both languages), a missing value and non-administrators', async () => {
    const en = await api('POST', url, admin, { key: 'maskPatientNames', value: true });
    expect(en.statusCode).toBe(400);
    expect(errorsOf(en)).toEqual([{ field: 'key', message: 'Unknown feature switch' }]);
    expect(errorsOf(await api('GET', `${url}?key=nope`, admin, undefined, 'zh-CN'))).toEqual([
      { field: 'key', message: '未知的功能开关' },
    ]);
    expect(errorsOf(await api('POST', url, admin, { key: 'virtualWard' }))).toEqual([
      { field: 'value', message: 'Please choose on or off' },
    ]);
    expect((await api('POST', url, nurse, { key: 'virtualWard', value: false })).statusCode).toBe(403);
  });
});

describe('standard period display strategy', () => {
  const url = '/v1/systemSetting/gluStandardPeriodShowStragety';

  it('shows all periods by default; administrators may show only measured ones', async () => {
    expect(await data(api('GET', url, nurse))).toBe('all');
    expect(await data(api('POST', url, admin, { value: 'measured' }))).toBe('measured');
    expect(await data(api('GET', url, nurse))).toBe('measured');
    expect(await data(api('GET', url, admin202))).toBe('all');
    const [audit] = await auditRows(t, 'setting', 'display.periodShowStrategy', 'update');
    expect(audit).toMatchObject({ before: 'all', after: 'measured' });
  });

  it('refuses other values (both languages) and non-administrators', async () => {
    expect(errorsOf(await api('POST', url, admin, { value: 'some' }))).toEqual([
      { field: 'value', message: 'The period display must be all or measured' },
    ]);
    expect(errorsOf(await api('POST', url, admin, { value: '' }, 'zh-CN'))).toEqual([
      { field: 'value', message: '请选择时段显示方式' },
    ]);
    expect((await api('POST', url, doctor, { value: 'all' })).statusCode).toBe(403);
  });
});

describe('item display units', () => {
  it('lists the units each item supports', async () => {
    expect(await data(api('GET', '/v1/itemDisplay/supportUnits?item=GLU', nurse))).toEqual([
      { code: 'mmolL', name: 'mmol/L', precision: 1 },
      { code: 'mgDl', name: 'mg/dL', precision: 0 },
    ]);
    expect(await data(api('GET', '/v1/itemDisplay/supportUnits?item=KET', nurse))).toEqual([
      { code: 'mmolL', name: 'mmol/L', precision: 2 },
    ]);
    const missing = await api('GET', '/v1/itemDisplay/supportUnits', nurse, undefined, 'zh-CN');
    expect(errorsOf(missing)).toEqual([{ field: 'item', message: '请选择项目' }]);
    expect(errorsOf(await api('GET', '/v1/itemDisplay/supportUnits?item=HBA', nurse))).toEqual([
      { field: 'item', message: 'The item must be GLU, KET or UA' },
    ]);
  });

  it("answers each tenant's current unit with its decimals", async () => {
    expect(await data(api('GET', '/v1/itemDisplay/setting?item=GLU', nurse))).toEqual({
      item: 'GLU',
      unit: 'mmolL',
      unitName: 'mmol/L',
      precision: 1,
    });
    expect(await data(api('GET', '/v1/itemDisplay/setting?item=GLU', admin202))).toEqual({
      item: 'GLU',
      unit: 'mgDl',
      unitName: 'mg/dL',
      precision: 0,
    });
    expect(await data(api('GET', '/v1/itemDisplay/setting?item=UA', nurse))).toMatchObject({
      unit: 'umolL',
      precision: 0,
    });
  });

  it('replaces the item’s unit row, which the session reads, with an audit row', async () => {
    const saved = await api('POST', '/v1/itemDisplay/setting', admin, { item: 'GLU', unit: 'mgDl' });
    expect(saved.json().dataContent).toEqual({ item: 'GLU', unit: 'mgDl', unitName: 'mg/dL', precision: 0 });
    const units = (await data(api('GET', '/v1/units/list?category=GLU', nurse))) as {
      code: string;
      name: string;
    }[];
    expect(units.map((unit) => [unit.code, unit.name])).toEqual([['mgDl', 'mgDl']]);
    const [audit] = await auditRows(t, 'setting', 'itemDisplay.GLU', 'update');
    expect(audit).toMatchObject({ before: { unit: 'mmolL' }, after: { unit: 'mgDl' } });
    await api('POST', '/v1/itemDisplay/setting', admin, { item: 'GLU', unit: 'mmolL' });
    const back = (await data(api('GET', '/v1/units/list?category=GLU', nurse))) as { name: string }[];
    expect(back.map((unit) => unit.name)).toEqual(['mmol/L']);
    const units202 = (await data(api('GET', '/v1/units/list?category=GLU', admin202))) as { name: string }[];
    expect(units202.map((unit) => unit.name)).toEqual(['mgDl']);
  });

  it('refuses a unit the item does not support (both languages) and non-administrators', async () => {
    const en = await api('POST', '/v1/itemDisplay/setting', admin, { item: 'KET', unit: 'mgDl' });
    expect(en.statusCode).toBe(400);
    expect(errorsOf(en)).toEqual([{ field: 'unit', message: 'This item cannot be shown in that unit' }]);
    const zh = await api('POST', '/v1/itemDisplay/setting', admin, { item: 'GLU', unit: '' }, 'zh-CN');
    expect(errorsOf(zh)).toEqual([{ field: 'unit', message: '请选择单位' }]);
    expect(
      (await api('POST', '/v1/itemDisplay/setting', nurse, { item: 'UA', unit: 'mgDl' })).statusCode,
    ).toBe(403);
  });
});
