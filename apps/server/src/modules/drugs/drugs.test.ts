import { sql } from 'drizzle-orm';
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

const valid = { code: 'VAL-1', name: 'Valid drug', unit: 'mg' };

type Category = { id: number; code: string; name: string; drugCount: number; version: number };
type Drug = {
  id: number;
  code: string;
  shortCode: string | null;
  name: string;
  nameZh: string | null;
  nameEn: string | null;
  unit: string;
  categoryCode: string | null;
  categoryName: string | null;
  specification: string | null;
  isActive: boolean;
  version: number;
};

async function createCategory(body: object, token = admin): Promise<Category> {
  const res = await api('POST', '/v1/medicationCategory', token, body);
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().dataContent;
}
async function createDrug(body: object, token = admin): Promise<Drug> {
  const res = await api('POST', '/v1/medication', token, body);
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().dataContent;
}
async function categories(token = admin): Promise<Category[]> {
  return (await api('GET', '/v1/medicationCategory/list', token)).json().dataContent;
}
async function page(query: string, token = admin) {
  return (await api('GET', `/v1/medication/page?${query}`, token)).json().dataContent as {
    records: Drug[];
    total: number;
    page: number;
    size: number;
  };
}

describe('demo data', () => {
  it('seeds insulin and oral drugs with their classes for tenant 101 only', async () => {
    const list = await categories();
    expect(list.map((c) => c.code)).toEqual(['INS_RAPID', 'INS_BASAL', 'INS_PREMIX', 'ORAL_AD', 'GLP1_RA']);
    expect(list.find((c) => c.code === 'ORAL_AD')?.drugCount).toBe(3);
    const picker = (await api('GET', '/v1/medication', admin)).json().dataContent as Drug[];
    expect(picker).toHaveLength(10);
    expect(picker.find((d) => d.code === 'INS-ASP-100')).toMatchObject({
      name: 'Insulin aspart injection',
      unit: 'IU',
      categoryCode: 'INS_RAPID',
      specification: '100 IU/mL × 3 mL pen',
      isActive: true,
    });
    expect(picker.find((d) => d.code === 'MET-500')).toMatchObject({ unit: 'mg', categoryCode: 'ORAL_AD' });
    expect(await categories(admin202)).toEqual([]);
    expect((await api('GET', '/v1/medication', admin202)).json().dataContent).toEqual([]);
  });
});

describe('drug categories', () => {
  it('creates, updates with the version and writes audit rows', async () => {
    const created = await createCategory({ code: 'SGLT2', name: 'SGLT2 inhibitor', sort: 60 });
    expect(created).toMatchObject({ code: 'SGLT2', name: 'SGLT2 inhibitor', drugCount: 0, version: 1 });
    expect(await auditRows(t, 'drugCategory', created.id, 'create')).toHaveLength(1);
    const updated = await api('PUT', '/v1/medicationCategory', admin, {
      id: created.id,
      version: 1,
      code: 'SGLT2',
      name: 'SGLT-2 inhibitor',
    });
    expect(updated.json().dataContent).toMatchObject({ name: 'SGLT-2 inhibitor', sort: 60, version: 2 });
    const stale = await api('PUT', '/v1/medicationCategory', admin, {
      id: created.id,
      version: 1,
      code: 'SGLT2',
      name: 'Lost update',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('This record was changed by someone else; reload it and try again');
    const [audit] = await auditRows(t, 'drugCategory', created.id, 'update');
    expect(audit).toMatchObject({ before: { name: 'SGLT2 inhibitor' }, after: { name: 'SGLT-2 inhibitor' } });
  });

  it('refuses a code the tenant already uses, in both languages', async () => {
    const res = await api('POST', '/v1/medicationCategory', admin, { code: 'ORAL_AD', name: 'Again' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('A drug category with this code already exists');
    const zh = await api(
      'POST',
      '/v1/medicationCategory',
      admin,
      { code: 'ORAL_AD', name: 'Again' },
      'zh-CN',
    );
    expect(zh.json().message).toBe('该药品分类代码已存在');
    expect(
      (await api('POST', '/v1/medicationCategory', admin202, { code: 'ORAL_AD', name: 'Oral' })).statusCode,
    ).toBe(200);
  });

  it.each([
    [{ name: 'No code' }, 'code', 'Please enter the code', '请输入编码'],
    [
      { code: 'A'.repeat(13), name: 'Long code' },
      'code',
      'The code must be 1-12 characters',
      '编码长度为 1-12 个字符',
    ],
    [{ code: 'X1', name: '  ' }, 'name', 'Please enter the name', '请输入名称'],
    [
      { code: 'X1', name: 'N'.repeat(41) },
      'name',
      'The name must be 1-40 characters',
      '名称长度为 1-40 个字符',
    ],
  ])('refuses the category %j with a message on %s', async (body, field, en, zh) => {
    const res = await api('POST', '/v1/medicationCategory', admin, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().dataContent.errors).toEqual([{ field, message: en }]);
    const zhRes = await api('POST', '/v1/medicationCategory', admin, body, 'zh-CN');
    expect(zhRes.json().dataContent.errors).toEqual([{ field, message: zh }]);
  });

  it('refuses to delete a category drugs belong to (409), and deletes an empty one', async () => {
    const oral = (await categories()).find((c) => c.code === 'ORAL_AD')!;
    const res = await api('DELETE', `/v1/medicationCategory/${oral.id}?version=${oral.version}`, admin);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      message: 'This category cannot be deleted while drugs belong to it',
      dataContent: { drugs: 3 },
    });
    const zh = await api(
      'DELETE',
      `/v1/medicationCategory/${oral.id}?version=${oral.version}`,
      admin,
      undefined,
      'zh-CN',
    );
    expect(zh.json().message).toBe('该分类下仍有药品，不能删除');

    const empty = await createCategory({ code: 'EMPTY', name: 'Empty class' });
    expect((await api('DELETE', `/v1/medicationCategory/${empty.id}?version=1`, admin)).statusCode).toBe(200);
    expect(await auditRows(t, 'drugCategory', empty.id, 'delete')).toHaveLength(1);
    expect((await api('DELETE', `/v1/medicationCategory/${empty.id}?version=1`, admin)).statusCode).toBe(404);
  });

  it('lets a category go once its only drug is deleted', async () => {
    const category = await createCategory({ code: 'TEMP', name: 'Temporary class' });
    const drug = await createDrug({ code: 'TEMP-1', name: 'Temp drug', unit: 'mg', categoryCode: 'TEMP' });
    expect(
      (await api('DELETE', `/v1/medicationCategory/${category.id}?version=${category.version}`, admin))
        .statusCode,
    ).toBe(409);
    await api('DELETE', `/v1/medication/${drug.id}?version=${drug.version}`, admin);
    expect(
      (await api('DELETE', `/v1/medicationCategory/${category.id}?version=${category.version}`, admin))
        .statusCode,
    ).toBe(200);
  });
});

describe('drugs', () => {
  it('creates a drug in a category and writes an audit row', async () => {
    const drug = await createDrug({
      code: 'INS-DEG-100',
      shortCode: 'DEG',
      name: 'Insulin degludec injection',
      unit: 'IU',
      categoryCode: 'INS_BASAL',
      specification: '100 IU/mL × 3 mL pen',
    });
    expect(drug).toMatchObject({
      code: 'INS-DEG-100',
      categoryCode: 'INS_BASAL',
      categoryName: 'Long-acting (basal) insulin',
      isActive: true,
      version: 1,
    });
    const [audit] = await auditRows(t, 'drug', drug.id, 'create');
    expect(audit.after).toMatchObject({ code: 'INS-DEG-100', unit: 'IU' });
    expect(audit.actor_name).toBe('admin');
  });

  it('accepts a drug without short code, category or specification (empty text counts as none)', async () => {
    const drug = await createDrug({ code: 'NS-500', shortCode: '', name: 'Normal saline', unit: 'mL' });
    expect(drug).toMatchObject({
      shortCode: null,
      categoryCode: null,
      categoryName: null,
      specification: null,
    });
  });

  it('pages drugs by text (code, short code or name), category and enabled state', async () => {
    const byName = await page('queryCondition=glargine');
    expect(byName.records.map((d) => d.code)).toEqual(['INS-GLA-100']);
    const byShort = await page('queryCondition=met');
    expect(byShort.records.map((d) => d.code)).toEqual(['MET-500']);
    const byCategory = await page('categoryCode=INS_RAPID');
    expect(byCategory.records.map((d) => d.code)).toEqual(['INS-ASP-100', 'INS-LIS-100', 'INS-RHI-400']);
    const paged = await page('categoryCode=INS_RAPID&page=2&size=2');
    expect(paged).toMatchObject({ total: 3, page: 2, size: 2 });
    expect(paged.records.map((d) => d.code)).toEqual(['INS-RHI-400']);
    expect((await page('queryCondition=%25')).total).toBe(0); // % is literal text, not a wildcard
    expect((await api('GET', '/v1/medication/page?page=0', admin)).statusCode).toBe(400);
    expect((await api('GET', '/v1/medication/page?isActive=yes', admin)).statusCode).toBe(400);
  });

  it('updates with the version; a stopped drug leaves the picker but stays in the list', async () => {
    const drug = await createDrug({
      code: 'GLI-80',
      name: 'Gliclazide tablets',
      unit: 'mg',
      categoryCode: 'ORAL_AD',
    });
    const res = await api('PUT', '/v1/medication', admin, {
      id: drug.id,
      version: 1,
      code: 'GLI-80',
      name: 'Gliclazide tablets',
      unit: 'mg',
      categoryCode: 'ORAL_AD',
      isActive: false,
    });
    expect(res.json().dataContent).toMatchObject({ isActive: false, version: 2 });
    const picker = (await api('GET', '/v1/medication', admin)).json().dataContent as Drug[];
    expect(picker.map((d) => d.code)).not.toContain('GLI-80');
    expect((await page('isActive=false')).records.map((d) => d.code)).toEqual(['GLI-80']);
    const stale = await api('PUT', '/v1/medication', admin, {
      id: drug.id,
      version: 1,
      code: 'GLI-80',
      name: 'Stale',
      unit: 'mg',
    });
    expect(stale.statusCode).toBe(409);
    const [audit] = await auditRows(t, 'drug', drug.id, 'update');
    expect(audit).toMatchObject({ before: { isActive: true }, after: { isActive: false } });
  });

  it('refuses a code another drug has (409) but not one of another tenant', async () => {
    const res = await api('POST', '/v1/medication', admin, { code: 'MET-500', name: 'Copy', unit: 'mg' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('A drug with this code already exists');
    const zh = await api(
      'POST',
      '/v1/medication',
      admin,
      { code: 'MET-500', name: 'Copy', unit: 'mg' },
      'zh-CN',
    );
    expect(zh.json().message).toBe('该药品编码已存在');
    const other = await api('POST', '/v1/medication', admin202, {
      code: 'MET-500',
      name: 'Metformin',
      unit: 'mg',
    });
    expect(other.statusCode).toBe(200);
  });

  it('refuses an unknown category in both languages', async () => {
    const body = { code: 'UNK-1', name: 'Unknown class', unit: 'mg', categoryCode: 'NOPE' };
    const res = await api('POST', '/v1/medication', admin, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Unknown drug category: NOPE');
    expect((await api('POST', '/v1/medication', admin, body, 'zh-CN')).json().message).toBe(
      '药品分类不存在：NOPE',
    );
    // another tenant's category is as unknown as a missing one
    const foreign = await api('POST', '/v1/medication', admin202, { ...body, categoryCode: 'INS_RAPID' });
    expect(foreign.json().message).toBe('Unknown drug category: INS_RAPID');
  });

  it.each([
    [{ name: 'x', unit: 'mg' }, 'code', 'Please enter the drug code', '请输入药品编码'],
    [{ ...valid, code: 'A' }, 'code', 'The drug code must be 2-32 characters', '药品编码长度为 2-32 个字符'],
    [
      { ...valid, code: 'A'.repeat(33) },
      'code',
      'The drug code must be 2-32 characters',
      '药品编码长度为 2-32 个字符',
    ],
    [
      { ...valid, shortCode: 'A' },
      'shortCode',
      'The short code must be 2-12 characters',
      '简码长度为 2-12 个字符',
    ],
    [
      { ...valid, shortCode: 'A'.repeat(13) },
      'shortCode',
      'The short code must be 2-12 characters',
      '简码长度为 2-12 个字符',
    ],
    [{ ...valid, name: '' }, 'name', 'Please enter the drug name', '请输入药品名称'],
    [{ ...valid, name: 'N'.repeat(101) }, 'name', 'Must be at most 100 characters', '最多 100 个字符'],
    [{ ...valid, unit: null }, 'unit', 'Please select the unit', '请选择单位'],
    [
      { ...valid, unit: 'U'.repeat(13) },
      'unit',
      'The unit must be 1-12 characters',
      '单位长度为 1-12 个字符',
    ],
    [
      { ...valid, specification: 'S'.repeat(65) },
      'specification',
      'Must be at most 64 characters',
      '最多 64 个字符',
    ],
    [
      { ...valid, categoryCode: 'C'.repeat(13) },
      'categoryCode',
      'Must be at most 12 characters',
      '最多 12 个字符',
    ],
  ])('refuses the drug %j with a message on %s in both languages', async (body, field, en, zh) => {
    const res = await api('POST', '/v1/medication', admin, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().dataContent.errors).toEqual([{ field, message: en }]);
    const zhRes = await api('POST', '/v1/medication', admin, body, 'zh-CN');
    expect(zhRes.json().dataContent.errors).toEqual([{ field, message: zh }]);
  });

  it('refuses wrong types without coercion', async () => {
    for (const extra of [{ isActive: 'true' }, { code: 12345 }, { unit: ['mg'] }]) {
      const res = await api('POST', '/v1/medication', admin, { ...valid, ...extra });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
    }
    const id = await api('PUT', '/v1/medication', admin, { ...valid, id: '1', version: 1 });
    expect(id.json().dataContent.errors[0].field).toBe('id');
  });

  it('refuses fields a client must not set (tenant, audit columns, deletion)', async () => {
    for (const extra of [{ tenantId: '202' }, { createdAt: '2020-01-01T00:00:00Z' }, { deletedAt: null }]) {
      const res = await api('POST', '/v1/medication', admin, { ...valid, code: 'MASS-1', ...extra });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      const cat = await api('POST', '/v1/medicationCategory', admin, {
        code: 'MASS',
        name: 'Mass',
        ...extra,
      });
      expect(cat.statusCode, JSON.stringify(extra)).toBe(400);
    }
    expect((await page('queryCondition=MASS-1')).total).toBe(0);
  });

  it('deletes softly: gone from lists, the row kept, the code free again, an audit row written', async () => {
    const drug = await createDrug({ code: 'DEL-1', name: 'To delete', unit: 'mg', categoryCode: 'ORAL_AD' });
    expect((await api('DELETE', `/v1/medication/${drug.id}?version=${drug.version}`, admin)).statusCode).toBe(
      200,
    );
    expect((await page('queryCondition=DEL-1')).total).toBe(0);
    const picker = (await api('GET', '/v1/medication', admin)).json().dataContent as Drug[];
    expect(picker.map((d) => d.id)).not.toContain(drug.id);
    const { rows } = await t.handle.db.execute<{ deleted_at: Date | null; deleted_by: string }>(
      sql`select deleted_at, deleted_by from drugs where tenant_id = '101' and id = ${drug.id}`,
    );
    expect(rows[0].deleted_at).not.toBeNull();
    expect(rows[0].deleted_by).not.toBeNull();
    const [audit] = await auditRows(t, 'drug', drug.id, 'delete');
    expect(audit.before).toMatchObject({ code: 'DEL-1' });
    expect((await api('DELETE', `/v1/medication/${drug.id}?version=${drug.version}`, admin)).statusCode).toBe(
      404,
    );
    const stale = await api('PUT', '/v1/medication', admin, { ...valid, id: drug.id, version: 2 });
    expect(stale.statusCode).toBe(404);
    const again = await createDrug({ code: 'DEL-1', name: 'Recreated', unit: 'mg' });
    expect(again.id).not.toBe(drug.id);
  });
});

describe('names in both languages', () => {
  const zh = (method: 'GET' | 'POST' | 'PUT', url: string, body?: object) =>
    api(method, url, admin, body, 'zh-CN');

  it('answers each seeded drug and class in the language of the request, with both names', async () => {
    const inEnglish = (await api('GET', '/v1/medication', admin)).json().dataContent as Drug[];
    const inChinese = (await zh('GET', '/v1/medication')).json().dataContent as Drug[];
    expect(inEnglish.find((d) => d.code === 'MET-500')).toMatchObject({
      name: 'Metformin hydrochloride tablets',
      nameZh: '盐酸二甲双胍片',
      nameEn: 'Metformin hydrochloride tablets',
      categoryName: 'Oral antidiabetic',
    });
    expect(inChinese.find((d) => d.code === 'MET-500')).toMatchObject({
      name: '盐酸二甲双胍片',
      categoryName: '口服降糖药',
      categoryNameEn: 'Oral antidiabetic',
    });
  });

  it('creates with both names, finds the drug by either, and falls back to the one there is', async () => {
    const both = await createDrug({
      code: 'BI-1',
      nameZh: '达格列净片',
      nameEn: 'Dapagliflozin tablets',
      unit: 'mg',
    });
    expect(both).toMatchObject({ name: 'Dapagliflozin tablets', nameZh: '达格列净片' });
    expect((await page('queryCondition=达格列净')).records.map((d) => d.code)).toEqual(['BI-1']);
    expect((await page('queryCondition=dapagliflozin')).records.map((d) => d.code)).toEqual(['BI-1']);
    const englishOnly = await createDrug({ code: 'BI-2', nameEn: 'Empagliflozin tablets', unit: 'mg' });
    const inChinese = (await zh('GET', '/v1/medication/page?queryCondition=BI-2')).json().dataContent;
    expect(inChinese.records[0]).toMatchObject({ name: 'Empagliflozin tablets', nameZh: null });
    expect(englishOnly.nameZh).toBeNull();
  });

  it('takes `name` as the name in the request language and keeps the other on an edit', async () => {
    const created = await createDrug({
      code: 'BI-3',
      nameZh: '西格列汀片',
      nameEn: 'Sitagliptin',
      unit: 'mg',
    });
    const res = await api('PUT', '/v1/medication', admin, {
      id: created.id,
      version: created.version,
      code: 'BI-3',
      name: 'Sitagliptin tablets',
      unit: 'mg',
    });
    expect(res.json().dataContent).toMatchObject({ name: 'Sitagliptin tablets', nameZh: '西格列汀片' });
    const zhCreated = (
      await zh('POST', '/v1/medication', { code: 'BI-4', name: '维格列汀片', unit: 'mg' })
    ).json().dataContent;
    expect(zhCreated).toMatchObject({ nameZh: '维格列汀片', nameEn: null });
  });

  it('refuses a drug without any name in both languages, and an edit that clears the only one', async () => {
    const res = await api('POST', '/v1/medication', admin, {
      code: 'BI-5',
      nameZh: ' ',
      nameEn: '',
      unit: 'mg',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().dataContent.errors).toEqual([{ field: 'name', message: 'Please enter the drug name' }]);
    const zhRes = await zh('POST', '/v1/medication', { code: 'BI-5', unit: 'mg' });
    expect(zhRes.json().dataContent.errors).toEqual([{ field: 'name', message: '请输入药品名称' }]);
    const only = await createDrug({ code: 'BI-6', nameEn: 'Only English', unit: 'mg' });
    const cleared = await api('PUT', '/v1/medication', admin, {
      id: only.id,
      version: only.version,
      code: 'BI-6',
      nameEn: null,
      nameZh: undefined,
      name: undefined,
      unit: 'mg',
    });
    expect(cleared.statusCode).toBe(400);
  });

  it('keeps both names in the audit row', async () => {
    const category = await createCategory({
      code: 'BI_CAT',
      nameZh: 'DPP-4抑制剂',
      nameEn: 'DPP-4 inhibitor',
    });
    expect(category).toMatchObject({ name: 'DPP-4 inhibitor', nameZh: 'DPP-4抑制剂' });
    expect((await auditRows(t, 'drugCategory', category.id, 'create'))[0].after).toMatchObject({
      nameZh: 'DPP-4抑制剂',
      nameEn: 'DPP-4 inhibitor',
    });
  });
});

describe('access', () => {
  it('lets any signed-in user read the picker, and only administrators the rest', async () => {
    const nurse = await t.login('101', 'nurse01', 'Nurse@2026');
    expect((await api('GET', '/v1/medication', nurse)).statusCode).toBe(200);
    expect((await api('GET', '/v1/medication/page', nurse)).statusCode).toBe(403);
    expect((await api('GET', '/v1/medicationCategory/list', nurse)).statusCode).toBe(403);
    expect((await api('POST', '/v1/medication', nurse, valid)).statusCode).toBe(403);
    expect((await api('DELETE', '/v1/medication/1?version=1', nurse)).statusCode).toBe(403);
  });

  it('answers a tenant-202 session using tenant-101 ids exactly as for a missing id', async () => {
    const drug = (await page('queryCondition=INS-GLA-100')).records[0];
    const category = (await categories()).find((c) => c.code === 'INS_BASAL')!;
    const missing = await api('DELETE', '/v1/medication/999999999?version=1', admin202);
    expect(missing.statusCode).toBe(404);
    expect(
      (await api('DELETE', `/v1/medication/${drug.id}?version=${drug.version}`, admin202)).json(),
    ).toEqual(missing.json());
    const put = await api('PUT', '/v1/medication', admin202, {
      ...valid,
      id: drug.id,
      version: drug.version,
    });
    expect(put.statusCode).toBe(404);
    expect(put.json()).toEqual(missing.json());
    const catMissing = await api('DELETE', '/v1/medicationCategory/999999999?version=1', admin202);
    expect(
      (
        await api('DELETE', `/v1/medicationCategory/${category.id}?version=${category.version}`, admin202)
      ).json(),
    ).toEqual(catMissing.json());
    const catPut = await api('PUT', '/v1/medicationCategory', admin202, {
      id: category.id,
      version: category.version,
      code: 'X',
      name: 'Taken over',
    });
    expect(catPut.json()).toEqual(catMissing.json());
    expect((await page('size=500', admin202)).records.map((d) => d.code)).not.toContain('INS-GLA-100');
    expect((await page('queryCondition=INS-GLA-100')).total).toBe(1);
  });
});
