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

type Unit = { id: number; category: string; code: string; name: string };
const list = async (query: string, token = admin): Promise<Unit[]> =>
  (await api('GET', `/v1/units/list${query}`, token)).json().dataContent;
const DISPLAY_FIXED_EN =
  'Glucose, ketone and uric acid units are changed in the item display setting (System settings), not here';
const DISPLAY_FIXED_ZH = '血糖、血酮和尿酸的单位请在系统参数的“项目显示设置”中修改，不能在此处修改';

describe('GET /v1/units/list', () => {
  it('gives each tenant its own glucose display unit (the web session reads it)', async () => {
    expect((await list('?category=GLU', admin202)).map((u) => u.name)).toEqual(['mgDl']);
    expect((await list('?category=GLU')).map((u) => u.name)).toEqual(['mmol/L']);
    const [glu] = await list('?category=GLU');
    expect(Object.keys(glu).sort()).toEqual(['category', 'code', 'id', 'name']);
  });

  it('lists the seeded drug and inspection catalogues, and every category without a filter', async () => {
    expect((await list('?category=DRUG')).map((u) => u.code)).toEqual([
      'IU',
      'mg',
      'g',
      'ml',
      'tablet',
      'capsule',
      'pen',
    ]);
    expect((await list('?category=INSPECTION')).map((u) => u.code)).toContain('µmol/L');
    const categories = new Set((await list('')).map((u) => u.category));
    expect([...categories].sort()).toEqual(['DRUG', 'GLU', 'INSPECTION', 'KET', 'UA']);
    expect((await api('GET', '/v1/units/list?category=XX', admin)).statusCode).toBe(400);
  });

  it('is open to clinical staff', async () => {
    const nurse = await t.login('101', 'nurse01', 'Nurse@2026');
    expect((await api('GET', '/v1/units/list?category=GLU', nurse)).statusCode).toBe(200);
  });
});

describe('POST /v1/units/save and DELETE /v1/units/{id}', () => {
  it('adds a unit at the end of its category with an audit row, then removes it', async () => {
    const res = await api('POST', '/v1/units/save', admin, { category: 'DRUG', code: 'drop', name: 'Drops' });
    expect(res.statusCode).toBe(200);
    const unit: Unit = res.json().dataContent;
    expect(unit).toMatchObject({ category: 'DRUG', code: 'drop', name: 'Drops' });
    expect((await list('?category=DRUG')).at(-1)).toEqual(unit);
    const [created] = await auditRows(t, 'unit', unit.id, 'create');
    expect(created.after).toEqual(unit);

    expect((await api('DELETE', `/v1/units/${unit.id}`, admin)).statusCode).toBe(200);
    expect((await list('?category=DRUG')).map((u) => u.id)).not.toContain(unit.id);
    const [deleted] = await auditRows(t, 'unit', unit.id, 'delete');
    expect(deleted.before).toEqual(unit);
    expect((await api('DELETE', `/v1/units/${unit.id}`, admin)).statusCode).toBe(404);
  });

  it('names the unit after its code when no name is given', async () => {
    const res = await api('POST', '/v1/units/save', admin, { category: 'INSPECTION', code: 'U/L', name: '' });
    expect(res.json().dataContent).toMatchObject({ code: 'U/L', name: 'U/L' });
  });

  it('refuses a unit the category already has (409), not one another category has', async () => {
    const res = await api('POST', '/v1/units/save', admin, { category: 'DRUG', code: 'mg' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This category already has this unit');
    const zh = await api('POST', '/v1/units/save', admin, { category: 'DRUG', code: 'mg' }, 'zh-CN');
    expect(zh.json().message).toBe('该类别下已存在此单位');
    expect(
      (await api('POST', '/v1/units/save', admin, { category: 'INSPECTION', code: 'mg' })).statusCode,
    ).toBe(200);
  });

  it('leaves the display units to the item display setting: save and delete answer 400', async () => {
    const save = await api('POST', '/v1/units/save', admin, { category: 'GLU', code: 'mgDl' });
    expect(save.statusCode).toBe(400);
    expect(save.json().dataContent.errors).toEqual([{ field: 'category', message: DISPLAY_FIXED_EN }]);
    const saveZh = await api('POST', '/v1/units/save', admin, { category: 'KET', code: 'x' }, 'zh-CN');
    expect(saveZh.json().dataContent.errors).toEqual([{ field: 'category', message: DISPLAY_FIXED_ZH }]);
    const [glu] = await list('?category=GLU');
    const remove = await api('DELETE', `/v1/units/${glu.id}`, admin);
    expect(remove.statusCode).toBe(400);
    expect(remove.json().message).toBe(DISPLAY_FIXED_EN);
    expect((await api('DELETE', `/v1/units/${glu.id}`, admin, undefined, 'zh-CN')).json().message).toBe(
      DISPLAY_FIXED_ZH,
    );
    expect(await list('?category=GLU')).toEqual([glu]);
  });

  it.each([
    [{ category: 'DRUG', code: '' }, 'code', 'Please enter the unit', '请输入单位'],
    [
      { category: 'DRUG', code: 'u'.repeat(13) },
      'code',
      'The unit must be 1-12 characters',
      '单位长度为 1-12 个字符',
    ],
    [
      { category: 'DRUG', code: 'mg2', name: 'n'.repeat(13) },
      'name',
      'The unit name must be 1-12 characters',
      '单位名称长度为 1-12 个字符',
    ],
    [{ code: 'mg3' }, 'category', 'Please choose the unit category', '请选择单位类别'],
    [
      { category: 'BLOOD', code: 'mg3' },
      'category',
      'The unit category must be GLU, KET, UA, DRUG or INSPECTION',
      '单位类别须为 GLU、KET、UA、DRUG 或 INSPECTION',
    ],
  ])('refuses %j with a message on %s in both languages', async (body, field, en, zh) => {
    const res = await api('POST', '/v1/units/save', admin, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().dataContent.errors).toEqual([{ field, message: en }]);
    const zhRes = await api('POST', '/v1/units/save', admin, body, 'zh-CN');
    expect(zhRes.json().dataContent.errors).toEqual([{ field, message: zh }]);
  });

  it('refuses fields a client must not set', async () => {
    for (const extra of [
      { tenantId: '202' },
      { id: 1 },
      { createdAt: '2020-01-01T00:00:00Z' },
      { sort: 1 },
    ]) {
      const res = await api('POST', '/v1/units/save', admin, { category: 'DRUG', code: 'mass', ...extra });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
    }
    expect((await list('?category=DRUG')).map((u) => u.code)).not.toContain('mass');
  });
});

describe('access and isolation', () => {
  it('refuses unit changes to clinical staff', async () => {
    const doctor = await t.login('101', 'doctor01', 'Doctor@2026');
    const [mg] = (await list('?category=DRUG')).filter((u) => u.code === 'mg');
    expect((await api('POST', '/v1/units/save', doctor, { category: 'DRUG', code: 'x' })).statusCode).toBe(
      403,
    );
    expect((await api('DELETE', `/v1/units/${mg.id}`, doctor)).statusCode).toBe(403);
  });

  it('answers a tenant-202 session deleting a tenant-101 unit exactly as a missing one', async () => {
    const [mine] = await list('?category=DRUG');
    const missing = await api('DELETE', '/v1/units/999999999', admin202);
    expect(missing.statusCode).toBe(404);
    expect((await api('DELETE', `/v1/units/${mine.id}`, admin202)).json()).toEqual(missing.json());
    expect((await list('?category=DRUG')).map((u) => u.id)).toContain(mine.id);
    const ids202 = (await list('', admin202)).map((u) => u.id);
    expect(ids202).not.toContain(mine.id);
  });
});
