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

type Entry = {
  id: number;
  type: string;
  code: string;
  name: string;
  nameZh: string;
  nameEn: string;
  value: string | null;
  sort: number;
  isActive: boolean;
  version: number;
};
const valid = {
  type: 'meterParam',
  code: 'hct.max',
  nameZh: '红细胞压积上限',
  nameEn: 'Haematocrit maximum',
  value: '65',
};

async function save(body: object, token = admin, lang?: string): Promise<Entry> {
  const res = await api('POST', '/v1/dict', token, body, lang);
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().dataContent;
}
async function byType(type: string, token = admin, lang?: string): Promise<Entry[]> {
  return (await api('GET', `/v1/dict/byType?type=${type}`, token, undefined, lang)).json().dataContent;
}
async function page(query: string, token = admin) {
  return (await api('GET', `/v1/dict/page?${query}`, token)).json().dataContent as {
    records: Entry[];
    total: number;
  };
}

describe('seeded dictionaries', () => {
  it('gives every demo tenant the untested and rejection reasons, named in the request language', async () => {
    const en = await byType('untestedReason');
    expect(en.map((e) => [e.code, e.name])).toEqual([
      ['outOfRange', 'Measurable range exceeded'],
      ['refused', 'Patient refused'],
      ['other', 'Other'],
    ]);
    const zh = await byType('untestedReason', admin, 'zh-CN');
    expect(zh.map((e) => e.name)).toEqual(['超出可测范围', '患者拒绝', '其他']);
    expect((await byType('rejectReason')).map((e) => e.code)).toEqual([
      'absent',
      'examination',
      'discharged',
      'other',
    ]);
    expect((await byType('untestedReason', admin202)).length).toBe(3);
    const types = (await api('GET', '/v1/dict/types', admin)).json().dataContent;
    // other settings areas seed types of their own: these are the ones this area owns
    expect(types).toEqual(
      expect.arrayContaining([
        { type: 'meterParameter', count: 7 },
        { type: 'refusalReason', count: 5 },
        { type: 'rejectReason', count: 4 },
        { type: 'symptom', count: 11 },
        { type: 'treatmentPlan', count: 7 },
        { type: 'untestedReason', count: 3 },
      ]),
    );
    expect(types.map((item: { type: string }) => item.type)).toEqual(
      [...types.map((item: { type: string }) => item.type)].sort(),
    );
  });

  it('gives the settings screens refusal reasons, meter parameters, symptoms and treatment plans', async () => {
    expect((await byType('refusalReason', admin, 'zh-CN')).map((e) => e.name)).toContain('惧怕疼痛');
    const meter = await byType('meterParameter');
    expect(meter.map((e) => [e.code, e.value])).toEqual([
      ['GLU_LOW', '1.1'],
      ['GLU_HIGH', '33.3'],
      ['KET_HIGH', '8.0'],
      ['UA_LOW', '119'],
      ['UA_HIGH', '1190'],
      ['HCT_LOW', '20'],
      ['HCT_HIGH', '60'],
    ]);
    expect((await byType('symptom')).map((e) => e.code)).toEqual(
      expect.arrayContaining([
        'sweating',
        'palpitations',
        'tremor',
        'hunger',
        'confusion',
        'thirst',
        'polyuria',
      ]),
    );
    expect((await byType('treatmentPlan', admin, 'zh-CN'))[0].name).toBe('口服15g葡萄糖，15分钟后复测');
    expect((await byType('treatmentPlan', admin202))[0].name).toBe('15 g oral glucose, recheck in 15 min');
  });

  it('needs a well-formed type to look up', async () => {
    expect((await api('GET', '/v1/dict/byType', admin)).statusCode).toBe(400);
    expect((await api('GET', '/v1/dict/byType?type=1x', admin)).statusCode).toBe(400);
    expect(await byType('noSuchType')).toEqual([]);
  });
});

describe('entries', () => {
  it('creates an entry (POST without id) with an audit row; the value is kept as decimal text', async () => {
    const created = await save(valid, admin, 'zh-CN');
    expect(created).toMatchObject({ ...valid, name: '红细胞压积上限', sort: 0, isActive: true, version: 1 });
    const [audit] = await auditRows(t, 'dictEntry', created.id, 'create');
    expect(audit.after).toMatchObject(valid);
    expect((await save({ ...valid, code: 'hct.min', value: 0.5 })).value).toBe('0.5');
    expect((await save({ ...valid, code: 'hct.step', value: '-1.25' })).value).toBe('-1.25');
    expect((await save({ ...valid, code: 'no.value', value: '' })).value).toBeNull();
    expect((await save({ ...valid, code: 'no.value2', value: null })).value).toBeNull();
    expect(
      (await save({ type: 'meterParam', code: 'absent', nameZh: '无值', nameEn: 'No value' })).value,
    ).toBeNull();
  });

  it('updates an entry (POST with id and version), refusing a stale version or a missing one', async () => {
    const created = await save({ ...valid, type: 'tagColor', code: 'red', value: null });
    const updated = await save({
      ...valid,
      type: 'tagColor',
      code: 'red',
      id: created.id,
      version: 1,
      nameEn: 'Red',
      sort: 3,
    });
    expect(updated).toMatchObject({ nameEn: 'Red', sort: 3, version: 2 });
    const stale = await api('POST', '/v1/dict', admin, {
      ...valid,
      type: 'tagColor',
      code: 'red',
      id: created.id,
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    const noVersion = await api('POST', '/v1/dict', admin, { ...valid, id: created.id });
    expect(noVersion.json().dataContent.errors).toEqual([
      { field: 'version', message: 'This field is required' },
    ]);
    const [audit] = await auditRows(t, 'dictEntry', created.id, 'update');
    expect(audit).toMatchObject({
      before: { nameEn: 'Haematocrit maximum' },
      after: { nameEn: 'Red', sort: 3 },
    });
  });

  it('refuses a code the type already has (409), not one of another type', async () => {
    const res = await api('POST', '/v1/dict', admin, { ...valid, type: 'untestedReason', code: 'other' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This dictionary type already has an entry with this code');
    const zh = await api(
      'POST',
      '/v1/dict',
      admin,
      { ...valid, type: 'untestedReason', code: 'other' },
      'zh-CN',
    );
    expect(zh.json().message).toBe('该字典类型下已存在相同代码的条目');
    await save({ ...valid, type: 'anotherType', code: 'other' });
  });

  it('leaves stopped entries out of byType and pages entries by type, text and state', async () => {
    await save({ type: 'pumpBrand', code: 'medtronic', nameZh: '美敦力', nameEn: 'Medtronic', sort: 1 });
    await save({ type: 'pumpBrand', code: 'microtech', nameZh: '微泰', nameEn: 'MicroTech', sort: 2 });
    await save({ type: 'pumpBrand', code: 'old', nameZh: '旧品牌', nameEn: 'Old brand', isActive: false });
    expect((await byType('pumpBrand')).map((e) => e.code)).toEqual(['medtronic', 'microtech']);
    expect((await page('type=pumpBrand')).total).toBe(3);
    expect((await page('type=pumpBrand&isActive=false')).records.map((e) => e.code)).toEqual(['old']);
    expect((await page('queryCondition=美敦')).records.map((e) => e.code)).toEqual(['medtronic']);
    expect((await page('type=pumpBrand&queryCondition=TECH')).records.map((e) => e.code)).toEqual([
      'microtech',
    ]);
  });

  it('deletes softly: gone from lookups, the row kept, the code free again', async () => {
    const created = await save({ type: 'temp', code: 'gone', nameZh: '删除', nameEn: 'Gone' });
    expect((await api('DELETE', `/v1/dict/${created.id}?version=1`, admin)).statusCode).toBe(200);
    expect(await byType('temp')).toEqual([]);
    expect((await page('type=temp')).total).toBe(0);
    const { rows } = await t.handle.db.execute<{ n: number }>(
      sql`select count(*)::int as n from dict_entries where id = ${created.id} and deleted_at is not null`,
    );
    expect(rows[0].n).toBe(1);
    expect(await auditRows(t, 'dictEntry', created.id, 'delete')).toHaveLength(1);
    expect((await api('DELETE', `/v1/dict/${created.id}?version=2`, admin)).statusCode).toBe(404);
    const updateDeleted = await api('POST', '/v1/dict', admin, {
      type: 'temp',
      code: 'gone',
      nameZh: '删除',
      nameEn: 'Gone',
      id: created.id,
      version: 2,
    });
    expect(updateDeleted.statusCode).toBe(404);
    await save({ type: 'temp', code: 'gone', nameZh: '再建', nameEn: 'Again' });
  });
});

describe('meter parameters', () => {
  const parameter = {
    type: 'meterParameter',
    code: 'KET_LOW',
    nameZh: '血酮可测下限',
    nameEn: 'Ketone low limit',
  };
  const EN = 'A meter parameter needs a numeric value, e.g. 33.3';
  const ZH = '仪器参数必须填写数值，如 33.3';

  it.each([[{}], [{ value: '' }], [{ value: null }], [{ value: '  ' }]])(
    'refuses a meter parameter without a value (%j) in both languages',
    async (value) => {
      const res = await api('POST', '/v1/dict', admin, { ...parameter, ...value });
      expect(res.statusCode).toBe(400);
      expect(res.json().dataContent.errors).toEqual([{ field: 'value', message: EN }]);
      const zh = await api('POST', '/v1/dict', admin, { ...parameter, ...value }, 'zh-CN');
      expect(zh.json().dataContent.errors).toEqual([{ field: 'value', message: ZH }]);
    },
  );

  it('refuses a value that is not a number, and keeps a number round trip', async () => {
    const bad = await api('POST', '/v1/dict', admin, { ...parameter, value: 'low' });
    expect(bad.json().dataContent.errors).toEqual([
      { field: 'value', message: 'The parameter value must be a number' },
    ]);
    const created = await save({ ...parameter, value: '0.6' });
    expect((await byType('meterParameter')).find((e) => e.id === created.id)?.value).toBe('0.6');
  });

  it('refuses clearing the value of an existing parameter', async () => {
    const [high] = (await byType('meterParameter')).filter((e) => e.code === 'GLU_HIGH');
    const res = await api('POST', '/v1/dict', admin, {
      type: 'meterParameter',
      code: 'GLU_HIGH',
      nameZh: high.nameZh,
      nameEn: high.nameEn,
      value: '',
      id: high.id,
      version: high.version,
    });
    expect(res.statusCode).toBe(400);
    expect((await byType('meterParameter')).find((e) => e.id === high.id)?.value).toBe('33.3');
  });

  it('leaves the value optional for other types, such as symptoms', async () => {
    expect(
      (await save({ type: 'symptom', code: 'headache', nameZh: '头痛', nameEn: 'Headache' })).value,
    ).toBeNull();
  });
});

describe('validation', () => {
  it.each([
    [{ ...valid, type: undefined }, 'type', 'Please enter the dictionary type', '请输入字典类型'],
    [
      { ...valid, type: 'a' },
      'type',
      'The dictionary type starts with a letter and uses letters, digits and _ (2-32)',
      '字典类型以字母开头，可使用字母、数字和 _（2-32 个字符）',
    ],
    [{ ...valid, code: '' }, 'code', 'Please enter the code', '请输入编码'],
    [
      { ...valid, code: 'c'.repeat(33) },
      'code',
      'The code must be 1-32 characters',
      '编码长度为 1-32 个字符',
    ],
    [
      { ...valid, code: 'a b' },
      'code',
      'The code may use letters, digits, _, - and .',
      '代码可使用字母、数字、_、- 和 .',
    ],
    [{ ...valid, nameZh: undefined }, 'nameZh', 'Please enter the name', '请输入名称'],
    [
      { ...valid, nameEn: 'n'.repeat(41) },
      'nameEn',
      'The name must be 1-40 characters',
      '名称长度为 1-40 个字符',
    ],
    [{ ...valid, value: 'abc' }, 'value', 'The parameter value must be a number', '参数值必须为数字'],
    [{ ...valid, value: '1e3' }, 'value', 'The parameter value must be a number', '参数值必须为数字'],
    [{ ...valid, value: true }, 'value', 'The parameter value must be a number', '参数值必须为数字'],
  ])('refuses %j with a message on %s in both languages', async (body, field, en, zh) => {
    const res = await api('POST', '/v1/dict', admin, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().dataContent.errors).toEqual([{ field, message: en }]);
    const zhRes = await api('POST', '/v1/dict', admin, body, 'zh-CN');
    expect(zhRes.json().dataContent.errors).toEqual([{ field, message: zh }]);
  });

  it('refuses a bad sort and fields a client must not set', async () => {
    for (const extra of [
      { sort: -1 },
      { sort: '2' },
      { tenantId: '202' },
      { createdAt: '2020-01-01T00:00:00Z' },
    ]) {
      const res = await api('POST', '/v1/dict', admin, { ...valid, code: 'mass', ...extra });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
    }
    expect((await page('queryCondition=mass')).total).toBe(0);
  });
});

describe('access', () => {
  it('lets clinical staff look entries up by type, and only administrators manage them', async () => {
    const nurse = await t.login('101', 'nurse01', 'Nurse@2026');
    expect((await api('GET', '/v1/dict/byType?type=untestedReason', nurse)).statusCode).toBe(200);
    expect((await api('GET', '/v1/dict/genders', nurse)).statusCode).toBe(200);
    expect((await api('GET', '/v1/dict/page', nurse)).statusCode).toBe(403);
    expect((await api('GET', '/v1/dict/types', nurse)).statusCode).toBe(403);
    expect((await api('POST', '/v1/dict', nurse, valid)).statusCode).toBe(403);
    expect((await api('DELETE', '/v1/dict/1?version=1', nurse)).statusCode).toBe(403);
  });

  it('answers a tenant-202 session using tenant-101 ids exactly as for a missing id', async () => {
    const mine = (await byType('untestedReason'))[0];
    const missing = await api('DELETE', '/v1/dict/999999999?version=1', admin202);
    expect(missing.statusCode).toBe(404);
    expect((await api('DELETE', `/v1/dict/${mine.id}?version=${mine.version}`, admin202)).json()).toEqual(
      missing.json(),
    );
    const update = await api('POST', '/v1/dict', admin202, {
      type: 'untestedReason',
      code: 'outOfRange',
      nameZh: '接管',
      nameEn: 'Taken over',
      id: mine.id,
      version: mine.version,
    });
    expect(update.json()).toEqual(missing.json());
    expect((await page('size=500', admin202)).records.map((e) => e.id)).not.toContain(mine.id);
    expect((await byType('untestedReason'))[0]).toMatchObject({
      id: mine.id,
      nameEn: 'Measurable range exceeded',
    });
  });
});
