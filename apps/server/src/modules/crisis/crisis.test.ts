import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOf, auditRows } from '../../test/api';
import { createTestContext, type TestContext } from '../../test/harness';

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

type Rule = {
  id: number;
  scope: string;
  item: string;
  periodCode: string | null;
  departmentCode: string | null;
  ageBracketId: number | null;
  low: number | null;
  high: number | null;
  criticalLow: number | null;
  criticalHigh: number | null;
  grade: string | null;
  version: number;
};
type ItemSettings = {
  category: string;
  unit: string;
  item: Rule | null;
  periods: { code: string; name: string; min: number | null; max: number | null; rule: Rule | null }[];
};

const PURPLE = '#722ED1';
const RED = '#F5222D';

async function ok<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, token = admin) {
  const res = await api(method, url, token, body);
  if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json().dataContent as T;
}
const glucose = () => ok<ItemSettings>('GET', '/v2/crisisSetting?category=GLU');
const classify = (query: string, token = admin) =>
  ok<{
    classification: string;
    color: string | null;
    grade: string | null;
    gradeName: string | null;
    value: number | null;
    limits: Record<string, number | null>;
    sources: Record<string, string | null>;
  }>('GET', `/v1/crisisSetting/classify?${query}`, undefined, token);

/** The current version of a rule or grade (deletes name the version they were made from). */
async function versionOf(table: 'crisis_rules' | 'crisis_grades', where: { id?: number; grade?: string }) {
  const { rows } = await t.handle.db.execute<{ version: number }>(
    where.id !== undefined
      ? sql`select version from ${sql.raw(table)} where id = ${where.id}`
      : sql`select version from ${sql.raw(table)} where tenant_id = '101' and grade = ${where.grade}`,
  );
  return rows[0]?.version ?? 1;
}

describe('seeded demo settings', () => {
  it('lists the glucose item rule and every period with its range', async () => {
    const glu = await glucose();
    expect(glu).toMatchObject({ category: 'GLU', unit: 'mmol/L' });
    expect(glu.item).toMatchObject({ scope: 'item', criticalLow: 2.8, criticalHigh: 22.2, grade: 'I' });
    expect(glu.periods.length).toBeGreaterThan(0);
    const fasting = glu.periods.find((p) => p.code === 'fasting');
    expect(fasting).toMatchObject({ name: 'Fasting', min: 3.9, max: 7.0, rule: null });
    const ket = await ok<ItemSettings>('GET', '/v2/crisisSetting?category=KET');
    expect(ket.item).toMatchObject({ high: 0.6, criticalHigh: 3.0 });
    expect(ket.periods).toEqual([]);
    const ua = await ok<ItemSettings>('GET', '/v2/crisisSetting?category=UA');
    expect(ua).toMatchObject({ unit: 'µmol/L', item: { low: 150, high: 420, criticalHigh: 720 } });
  });

  it('lists grades with their use and names in the request language', async () => {
    const grades = await ok<{ grade: string; name: string; color: string; ruleCount: number }[]>(
      'GET',
      '/v1/crisisGrade/list',
    );
    expect(grades.map((g) => g.grade)).toEqual(['I', 'II', 'III']);
    expect(grades[0]).toMatchObject({ name: 'Grade I', color: '#F5222D' });
    expect(grades[0].ruleCount).toBeGreaterThan(0);
    const zh = (await api('GET', '/v1/crisisGrade/list', nurse, undefined, 'zh-CN')).json().dataContent;
    expect(zh[1].name).toBe('二级');
  });

  it('classifies with the department and age rules and says where each limit came from', async () => {
    expect(await classify('category=GLU&value=2.5&periodCode=fasting')).toMatchObject({
      classification: 'criticalLow',
      grade: 'I',
      gradeName: 'Grade I',
      color: PURPLE,
      limits: { low: 3.9, high: 7.0, criticalLow: 2.8, criticalHigh: 22.2 },
      sources: { low: 'period', high: 'period', criticalLow: 'item', criticalHigh: 'item' },
    });
    expect((await classify('category=GLU&value=3.5&periodCode=fasting')).classification).toBe('low');
    const icu = await classify('category=GLU&value=3.5&periodCode=fasting&departmentCode=ICU');
    expect(icu).toMatchObject({ classification: 'criticalLow', sources: { criticalLow: 'department' } });
    const elder = await classify('category=GLU&value=3.8&departmentCode=ENDO&age=70');
    expect(elder).toMatchObject({
      classification: 'criticalLow',
      grade: 'II',
      sources: { criticalLow: 'departmentAge' },
    });
    expect((await classify('category=GLU&value=3.8&departmentCode=ENDO&age=40')).classification).toBe('low');
    // the seeded lows agree with the consensus TIR band (3.9): 4.0 is in range, except where a ward sets a
    // stricter floor (older adults of Endocrinology: 4.4)
    expect((await classify('category=GLU&value=4.0&periodCode=fasting')).classification).toBe('normal');
    const elderFloor = await classify('category=GLU&value=4.0&periodCode=fasting&departmentCode=ENDO&age=70');
    expect(elderFloor).toMatchObject({ classification: 'low', sources: { low: 'departmentAge' } });
    // 450 mg/dL = 25 mmol/L
    expect(await classify('category=GLU&value=450&unit=mgDl')).toMatchObject({
      classification: 'criticalHigh',
      value: 25,
    });
    expect((await classify('category=GLU&value=18&virtualWard=true')).classification).toBe('criticalHigh');
    expect((await classify('category=GLU&value=18')).classification).toBe('high');
    expect((await classify('category=UA&value=800')).grade).toBe('III');
  });

  it('refuses a unit the item cannot take and a value that is not a number', async () => {
    const res = await api('GET', '/v1/crisisSetting/classify?category=KET&value=1&unit=mgDl', admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().dataContent.errors).toEqual([
      { field: 'unit', message: 'The unit mgDl cannot be used for KET' },
    ]);
    const zh = await api(
      'GET',
      '/v1/crisisSetting/classify?category=GLU&value=abc',
      admin,
      undefined,
      'zh-CN',
    );
    expect(zh.json().dataContent.errors).toEqual([{ field: 'value', message: '请输入数字' }]);
  });
});

describe('item and period critical values', () => {
  it('creates a period rule, reads it back, updates it with its version and refuses a stale one', async () => {
    const created = await ok<Rule>('POST', '/v2/crisisSetting', {
      category: 'GLU',
      periodCode: 'afterLunch',
      criticalLow: 3.0,
      criticalLowColor: PURPLE,
      criticalHigh: 25,
      criticalHighColor: RED,
      grade: 'II',
    });
    expect(created).toMatchObject({ scope: 'period', periodCode: 'afterLunch', version: 1 });
    const period = (await glucose()).periods.find((p) => p.code === 'afterLunch');
    expect(period?.rule).toMatchObject({ id: created.id, criticalLow: 3.0, criticalHigh: 25, grade: 'II' });
    expect((await classify('category=GLU&value=2.9&periodCode=afterLunch')).grade).toBe('II');

    const updated = await ok<Rule>('POST', '/v2/crisisSetting', {
      category: 'GLU',
      periodCode: 'afterLunch',
      criticalLow: 3.2,
      criticalLowColor: PURPLE,
      id: created.id,
      version: 1,
    });
    expect(updated).toMatchObject({ criticalLow: 3.2, criticalHigh: null, version: 2 });
    const stale = await api('POST', '/v2/crisisSetting', admin, {
      category: 'GLU',
      periodCode: 'afterLunch',
      criticalLow: 3.3,
      criticalLowColor: PURPLE,
      id: created.id,
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    const [audit] = await auditRows(t, 'crisisRule', created.id, 'update');
    expect(audit).toMatchObject({
      before: { criticalLow: 3.0, version: 1 },
      after: { criticalLow: 3.2, version: 2 },
    });
    expect((await auditRows(t, 'crisisRule', created.id, 'create'))[0].after).toMatchObject({
      periodCode: 'afterLunch',
    });

    expect((await api('DELETE', `/v2/crisisSetting?id=${created.id}&version=2`, admin)).statusCode).toBe(200);
    expect((await glucose()).periods.find((p) => p.code === 'afterLunch')?.rule).toBeNull();
    expect((await auditRows(t, 'crisisRule', created.id, 'delete'))[0].before).toMatchObject({
      id: created.id,
    });
    expect((await api('DELETE', `/v2/crisisSetting?id=${created.id}&version=3`, admin)).statusCode).toBe(404);
  });

  it('refuses a second rule for the same scope', async () => {
    const res = await api('POST', '/v2/crisisSetting', admin, {
      category: 'GLU',
      criticalLow: 2.5,
      criticalLowColor: PURPLE,
    });
    expect(res.statusCode).toBe(409);
  });

  it('refuses settings that contradict each other, saving nothing, in both languages', async () => {
    const glu = await glucose();
    const item = glu.item as Rule;
    // an item critical low of 4.5 would make every fasting reading of 4.4-4.5 critical
    const body = {
      category: 'GLU',
      low: 4.6,
      high: 10,
      criticalLow: 4.5,
      criticalLowColor: PURPLE,
      criticalHigh: 22.2,
      criticalHighColor: RED,
      id: item.id,
      version: item.version,
    };
    const res = await api('POST', '/v2/crisisSetting', admin, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Failed to save the critical values');
    expect(res.json().dataContent.errors).toContainEqual({
      field: 'criticalLow',
      message: 'fasting: The critical low must be below the low limit',
    });
    const zh = await api('POST', '/v2/crisisSetting', admin, body, 'zh-CN');
    expect(zh.json().message).toBe('危急值保存失败');
    expect(zh.json().dataContent.errors).toContainEqual({
      field: 'criticalLow',
      message: 'fasting: 危急低值必须低于偏低界值',
    });
    expect((await glucose()).item).toMatchObject({ criticalLow: 2.8, version: item.version });
  });

  it('refuses an unknown period and an unknown grade', async () => {
    const period = await api('POST', '/v2/crisisSetting', admin, {
      category: 'GLU',
      periodCode: 'brunch',
      criticalLow: 3,
      criticalLowColor: PURPLE,
    });
    expect(period.statusCode).toBe(400);
    expect(period.json().dataContent.errors).toEqual([
      { field: 'periodCode', message: 'Unknown glucose period: brunch' },
    ]);
    const grade = await api(
      'POST',
      '/v2/crisisSetting',
      admin,
      { category: 'GLU', periodCode: 'fasting', criticalLow: 3, criticalLowColor: PURPLE, grade: 'IX' },
      'zh-CN',
    );
    expect(grade.statusCode).toBe(400);
    expect(grade.json().dataContent.errors).toEqual([{ field: 'grade', message: '未知的危急值等级' }]);
  });

  it.each([
    [{ category: 'GLU', criticalLow: 3 }, 'criticalLowColor', 'Please choose a color', '请选择颜色'],
    [
      { category: 'GLU', criticalLow: 5, criticalHigh: 4, criticalLowColor: RED, criticalHighColor: RED },
      'criticalLow',
      'The crisis low value must be below the crisis high value',
      '危急低值必须小于危急高值',
    ],
    [{ category: 'GLU' }, 'criticalLow', 'Enter at least one limit', '请至少填写一个界值'],
    [
      { category: 'GLU', criticalLow: -1, criticalLowColor: RED },
      'criticalLow',
      'The value must be greater than 0 and at most 9999',
      '数值须大于 0 且不超过 9999',
    ],
    [
      { category: 'GLU', criticalLow: 2, criticalLowColor: 'purple' },
      'criticalLowColor',
      'The color must be a hex value such as #FF0000',
      '颜色须为 #RRGGBB 格式，如 #FF0000',
    ],
    [
      { category: 'GLU', periodCode: 'fasting', low: 4, criticalLow: 2, criticalLowColor: RED },
      'low',
      'The normal range of a period is set on the glucose period',
      '时段的正常范围在血糖时段中设置',
    ],
    [{ category: 'XYZ', high: 2 }, 'category', 'The item must be GLU, KET or UA', '项目须为 GLU、KET 或 UA'],
  ])('refuses %j on %s', async (body, field, en, zh) => {
    const res = await api('POST', '/v2/crisisSetting', admin, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().dataContent.errors).toEqual([{ field, message: en }]);
    const zhRes = await api('POST', '/v2/crisisSetting', admin, body, 'zh-CN');
    expect(zhRes.json().dataContent.errors).toEqual([{ field, message: zh }]);
  });

  it('refuses fields a client must not set', async () => {
    const base = { category: 'GLU', periodCode: 'beforeLunch', criticalLow: 3, criticalLowColor: RED };
    for (const extra of [
      { tenantId: '202' },
      { version: 1 },
      { createdAt: '2020-01-01T00:00:00Z' },
      { scope: 'item' },
    ]) {
      const res = await api('POST', '/v2/crisisSetting', admin, { ...base, ...extra });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
    }
    expect((await glucose()).periods.find((p) => p.code === 'beforeLunch')?.rule).toBeNull();
  });
});

describe('department definitions', () => {
  it('creates, lists, grades and deletes a department rule', async () => {
    const created = await ok<Rule>('POST', '/v2/crisisSetting/departmentDefine', {
      departmentCode: 'CARD',
      category: 'GLU',
      periodCode: 'fasting',
      criticalHigh: 15,
      criticalHighColor: RED,
    });
    expect(created).toMatchObject({ scope: 'department', departmentCode: 'CARD', periodCode: 'fasting' });
    const mine = await ok<(Rule & { departmentName: string; periodName: string })[]>(
      'GET',
      '/v2/crisisSetting/departmentDefine?departmentCode=CARD&category=GLU',
    );
    expect(mine).toEqual([
      expect.objectContaining({ id: created.id, departmentName: 'Cardiology', periodName: 'Fasting' }),
    ]);
    const page = await ok<{ records: Rule[]; total: number }>(
      'GET',
      '/v1/crisisSetting/departmentDefine/list?size=50',
    );
    expect(page.records.map((r) => r.departmentCode)).toEqual(expect.arrayContaining(['ICU', 'CARD']));
    const zhPage = (
      await api(
        'GET',
        '/v1/crisisSetting/departmentDefine/list?departmentCode=CARD',
        admin,
        undefined,
        'zh-CN',
      )
    ).json().dataContent;
    expect(zhPage).toMatchObject({ total: 1, records: [{ departmentName: '心内科', periodName: '空腹' }] });

    const graded = await ok<Rule>('POST', '/v1/crisisSetting/departmentDefine/grade', {
      id: created.id,
      version: 1,
      grade: 'III',
    });
    expect(graded).toMatchObject({ grade: 'III', version: 2 });
    expect(
      (
        await api('POST', '/v1/crisisSetting/departmentDefine/grade', admin, {
          id: created.id,
          version: 1,
          grade: 'I',
        })
      ).statusCode,
    ).toBe(409);
    const unknown = await api('POST', '/v1/crisisSetting/departmentDefine/grade', admin, {
      id: created.id,
      version: 2,
      grade: 'IX',
    });
    expect(unknown.json().dataContent.errors).toEqual([
      { field: 'grade', message: 'Unknown critical grade' },
    ]);
    expect((await auditRows(t, 'crisisRule', created.id, 'update'))[0]).toMatchObject({
      before: { grade: null },
      after: { grade: 'III' },
    });
    expect(
      (
        await api(
          'DELETE',
          `/v2/crisisSetting/departmentDefine?id=${created.id}&version=${await versionOf('crisis_rules', { id: created.id })}`,
          admin,
        )
      ).statusCode,
    ).toBe(200);
    expect(await ok<Rule[]>('GET', '/v2/crisisSetting/departmentDefine?departmentCode=CARD')).toEqual([]);
  });

  it('answers 404 for a department that does not exist or belongs to another tenant', async () => {
    const body = { departmentCode: 'NOPE', category: 'GLU', criticalLow: 3, criticalLowColor: RED };
    const missing = await api('POST', '/v2/crisisSetting/departmentDefine', admin, body);
    expect(missing.statusCode).toBe(404);
    // ICU exists in tenant 101 only
    const other = await api('POST', '/v2/crisisSetting/departmentDefine', admin202, {
      ...body,
      departmentCode: 'ICU',
    });
    expect(other.json()).toEqual(
      (await api('POST', '/v2/crisisSetting/departmentDefine', admin202, body)).json(),
    );
    expect(
      (await api('GET', '/v2/crisisSetting/departmentDefine?departmentCode=ICU', admin202)).statusCode,
    ).toBe(404);
  });

  it('keeps department rules out of another department scope', async () => {
    // nurse01 works in ENDO: the ICU rule is outside her scope
    expect(
      (await api('GET', '/v2/crisisSetting/departmentDefine?departmentCode=ICU', nurse)).statusCode,
    ).toBe(404);
    expect(
      (await api('GET', '/v2/crisisSetting/departmentDefine?departmentCode=ENDO', nurse)).statusCode,
    ).toBe(200);
  });
});

describe('age brackets and age settings', () => {
  type Bracket = {
    id: number;
    name: string;
    minAge: number;
    maxAge: number;
    version: number;
    settingCount: number;
  };

  it('lists the seeded brackets and refuses deleting one in use', async () => {
    const brackets = await ok<Bracket[]>('GET', '/v1/ageBracket/list', undefined, nurse);
    expect(brackets.map((b) => [b.minAge, b.maxAge])).toEqual([
      [0, 13],
      [14, 17],
      [18, 64],
      [65, 150],
    ]);
    const older = brackets[3];
    expect(older.settingCount).toBe(1);
    const res = await api('DELETE', `/v1/ageBracket/${older.id}?version=${older.version}`, admin);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This age bracket cannot be deleted while 1 age settings use it');
  });

  it.each([
    [
      { name: 'Bad', minAge: 10, maxAge: 5 },
      'minAge',
      'The minimum age must not be above the maximum age',
      '最小年龄不能大于最大年龄',
    ],
    [{ name: 'Bad', maxAge: 5 }, 'minAge', 'Please enter the minimum age', '请输入最小年龄'],
    [
      { name: 'Bad', minAge: 1, maxAge: 151 },
      'maxAge',
      'The age must be a whole number from 0 to 150',
      '年龄须为 0-150 之间的整数',
    ],
    [{ minAge: 1, maxAge: 5 }, 'name', 'Please enter the name', '请输入名称'],
  ])('refuses the bracket %j', async (body, field, en, zh) => {
    const res = await api('POST', '/v1/ageBracket', admin, body);
    expect(res.json().dataContent.errors).toEqual([{ field, message: en }]);
    const zhRes = await api('POST', '/v1/ageBracket', admin, body, 'zh-CN');
    expect(zhRes.json().dataContent.errors).toEqual([{ field, message: zh }]);
  });

  it('creates an age setting on a new bracket, refuses overlapping brackets and checks bracket changes', async () => {
    const infants = await ok<Bracket>('POST', '/v1/ageBracket', { name: 'Infants', minAge: 0, maxAge: 2 });
    expect((await auditRows(t, 'ageBracket', infants.id, 'create'))[0].after).toMatchObject({
      name: 'Infants',
    });
    const setting = await ok<Rule>('POST', '/v1/crisisSetting/departmentDefine/age/setting', {
      departmentCode: 'ENDO',
      ageBracketId: infants.id,
      category: 'GLU',
      criticalLow: 3.3,
      criticalLowColor: PURPLE,
    });
    const list = await ok<(Rule & { ageBracketName: string; minAge: number })[]>(
      'GET',
      '/v1/crisisSetting/departmentDefine/age/list?departmentCode=ENDO&category=GLU',
    );
    expect(list.map((r) => [r.ageBracketName, r.minAge])).toEqual([
      ['Infants', 0],
      ['Older adults 老年', 65],
    ]);
    expect((await classify('category=GLU&value=3.2&departmentCode=ENDO&age=1')).sources.criticalLow).toBe(
      'departmentAge',
    );

    // moving the infants to 60-70 would overlap the older adults' setting of ENDO
    const moved = await api('PUT', '/v1/ageBracket', admin, {
      id: infants.id,
      version: infants.version,
      name: 'Infants',
      minAge: 60,
      maxAge: 70,
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().dataContent.errors[0]).toMatchObject({ field: 'minAge' });
    const renamed = await ok<Bracket>('PUT', '/v1/ageBracket', {
      id: infants.id,
      version: infants.version,
      name: 'Babies',
      minAge: 0,
      maxAge: 1,
    });
    expect(renamed).toMatchObject({ name: 'Babies', version: 2, settingCount: 1 });

    const changed = await ok<Rule>('PUT', '/v1/crisisSetting/departmentDefine/age/setting', {
      id: setting.id,
      version: setting.version,
      departmentCode: 'ENDO',
      ageBracketId: infants.id,
      category: 'GLU',
      criticalLow: 3.4,
      criticalLowColor: PURPLE,
    });
    expect(changed).toMatchObject({ criticalLow: 3.4, version: 2 });
    expect(
      (
        await api(
          'DELETE',
          `/v1/crisisSetting/departmentDefine/age/setting?id=${setting.id}&version=${await versionOf('crisis_rules', { id: setting.id })}`,
          admin,
        )
      ).statusCode,
    ).toBe(200);
    expect((await api('DELETE', `/v1/ageBracket/${infants.id}?version=2`, admin)).statusCode).toBe(200);
    expect((await auditRows(t, 'ageBracket', infants.id, 'delete'))[0].before).toMatchObject({
      name: 'Babies',
    });
  });

  it('answers 404 for another tenant’s bracket', async () => {
    const [older] = (await ok<Bracket[]>('GET', '/v1/ageBracket/list')).filter((b) => b.minAge === 65);
    const missing = await api('DELETE', '/v1/ageBracket/999999999?version=1', admin202);
    expect(
      (await api('DELETE', `/v1/ageBracket/${older.id}?version=${older.version}`, admin202)).json(),
    ).toEqual(missing.json());
    const put = await api('PUT', '/v1/ageBracket', admin202, {
      id: older.id,
      version: 1,
      name: 'x',
      minAge: 1,
      maxAge: 2,
    });
    expect(put.json()).toEqual(missing.json());
    const setting = await api('POST', '/v1/crisisSetting/departmentDefine/age/setting', admin202, {
      departmentCode: 'ENDO',
      ageBracketId: older.id,
      category: 'GLU',
      criticalLow: 3,
      criticalLowColor: RED,
    });
    expect(setting.json()).toEqual(missing.json());
  });
});

describe('virtual ward', () => {
  it('serves the path with and without the trailing slash and keeps its own limits', async () => {
    const list = await ok<Rule[]>('GET', '/v1/fictitious/crisisSetting/list?category=GLU');
    expect(list).toEqual([expect.objectContaining({ scope: 'virtualWard', criticalHigh: 16.7 })]);
    const [ward] = list;
    const updated = await ok<Rule>('POST', '/v1/fictitious/crisisSetting/', {
      category: 'GLU',
      criticalLow: 3.0,
      criticalLowColor: PURPLE,
      criticalHigh: 15,
      criticalHighColor: RED,
      grade: 'II',
      id: ward.id,
      version: ward.version,
    });
    expect(updated).toMatchObject({ criticalHigh: 15, version: ward.version + 1 });
    expect((await classify('category=GLU&value=15.5&virtualWard=true')).classification).toBe('criticalHigh');
    const period = await ok<Rule>('POST', '/v1/fictitious/crisisSetting', {
      category: 'GLU',
      periodCode: 'fasting',
      criticalHigh: 12,
      criticalHighColor: RED,
    });
    expect(
      (await classify('category=GLU&value=12.5&periodCode=fasting&virtualWard=true')).sources.criticalHigh,
    ).toBe('period');
    expect((await classify('category=GLU&value=12.5&periodCode=fasting')).classification).toBe('high');
    expect(
      (await api('DELETE', `/v1/fictitious/crisisSetting?id=${period.id}&version=1`, admin)).statusCode,
    ).toBe(200);
    // a virtual-ward rule is not an item rule
    expect(
      (await api('DELETE', `/v2/crisisSetting?id=${ward.id}&version=${ward.version + 1}`, admin)).statusCode,
    ).toBe(404);
  });
});

describe('grades', () => {
  it('creates, renames (carrying its rules along) and deletes a grade; refuses deleting one in use', async () => {
    const created = await ok<{ id: number; version: number }>('POST', '/v2/crisisGrade', {
      grade: 'IV',
      nameZh: '四级',
      nameEn: 'Grade IV',
      color: '#52c41a',
      description: 'Watch',
    });
    expect(created).toMatchObject({ grade: 'IV', color: '#52C41A', ruleCount: 0, version: 1 });
    const rule = await ok<Rule>('POST', '/v2/crisisSetting', {
      category: 'GLU',
      periodCode: 'beforeDinner',
      criticalLow: 3,
      criticalLowColor: PURPLE,
      grade: 'IV',
    });
    const inUse = await api('DELETE', '/v1/crisisGrade/delete?grade=IV&version=1', admin, undefined, 'zh-CN');
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().message).toBe('该等级正被 1 条危急值规则使用，无法删除');
    const renamed = await ok<{ grade: string; ruleCount: number }>('POST', '/v2/crisisGrade', {
      grade: 'IVa',
      nameZh: '四级',
      nameEn: 'Grade IV',
      color: '#52C41A',
      id: created.id,
      version: 1,
    });
    expect(renamed).toMatchObject({ grade: 'IVa', ruleCount: 1 });
    expect((await glucose()).periods.find((p) => p.code === 'beforeDinner')?.rule?.grade).toBe('IVa');
    const stale = await api('POST', '/v2/crisisGrade', admin, {
      grade: 'IVb',
      nameZh: '四级',
      nameEn: 'Grade IV',
      color: '#52C41A',
      id: created.id,
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect((await auditRows(t, 'crisisGrade', created.id, 'update'))[0]).toMatchObject({
      before: { grade: 'IV' },
      after: { grade: 'IVa' },
    });
    await ok(
      'DELETE',
      `/v2/crisisSetting?id=${rule.id}&version=${await versionOf('crisis_rules', { id: rule.id })}`,
    );
    await ok(
      'DELETE',
      `/v1/crisisGrade/delete?grade=IVa&version=${await versionOf('crisis_grades', { grade: 'IVa' })}`,
    );
    expect((await auditRows(t, 'crisisGrade', created.id, 'delete'))[0].before).toMatchObject({
      grade: 'IVa',
    });
    expect((await api('DELETE', '/v1/crisisGrade/delete?grade=IVa&version=2', admin)).statusCode).toBe(404);
  });

  it.each([
    [{ nameZh: '一', nameEn: 'One', color: RED }, 'grade', 'Please enter the code', '请输入编码'],
    [
      { grade: 'X', nameZh: '一', nameEn: 'N'.repeat(13), color: RED },
      'nameEn',
      'The name must be 1-12 characters',
      '名称长度为 1-12 个字符',
    ],
    [{ grade: 'X', nameZh: '一', nameEn: 'One' }, 'color', 'Please choose a color', '请选择颜色'],
  ])('refuses the grade %j', async (body, field, en, zh) => {
    expect((await api('POST', '/v2/crisisGrade', admin, body)).json().dataContent.errors).toEqual([
      { field, message: en },
    ]);
    expect((await api('POST', '/v2/crisisGrade', admin, body, 'zh-CN')).json().dataContent.errors).toEqual([
      { field, message: zh },
    ]);
  });

  it('keeps grades per tenant', async () => {
    const [mine] = await ok<{ id: number }[]>('GET', '/v1/crisisGrade/list');
    const update = await api('POST', '/v2/crisisGrade', admin202, {
      grade: 'I',
      nameZh: '一级',
      nameEn: 'Grade I',
      color: RED,
      id: mine.id,
      version: 1,
    });
    expect(update.statusCode).toBe(404);
    const { rows } = await t.handle.db.execute<{ n: number }>(
      sql`select count(*)::int as n from crisis_grades where tenant_id = '202'`,
    );
    expect((await ok<unknown[]>('GET', '/v1/crisisGrade/list', undefined, admin202)).length).toBe(rows[0].n);
  });
});

describe('access', () => {
  it('lets clinical staff read and test, and refuses them every change and the admin lists', async () => {
    for (const url of [
      '/v2/crisisSetting?category=GLU',
      '/v1/crisisGrade/list',
      '/v1/ageBracket/list',
      '/v1/fictitious/crisisSetting/list',
      '/v1/crisisSetting/classify?category=GLU&value=5',
    ])
      expect((await api('GET', url, nurse)).statusCode, url).toBe(200);
    const refused: [string, string][] = [
      ['GET', '/v1/crisisSetting/departmentDefine/list'],
      ['GET', '/v1/crisisSetting/departmentDefine/age/list'],
      ['POST', '/v2/crisisSetting'],
      ['DELETE', '/v2/crisisSetting?id=1&version=1'],
      ['POST', '/v2/crisisSetting/departmentDefine'],
      ['DELETE', '/v2/crisisSetting/departmentDefine?id=1&version=1'],
      ['POST', '/v1/crisisSetting/departmentDefine/grade'],
      ['POST', '/v1/crisisSetting/departmentDefine/age/setting'],
      ['PUT', '/v1/crisisSetting/departmentDefine/age/setting'],
      ['DELETE', '/v1/crisisSetting/departmentDefine/age/setting?id=1&version=1'],
      ['POST', '/v1/fictitious/crisisSetting/'],
      ['POST', '/v1/fictitious/crisisSetting'],
      ['DELETE', '/v1/fictitious/crisisSetting?id=1&version=1'],
      ['POST', '/v2/crisisGrade'],
      ['DELETE', '/v1/crisisGrade/delete?grade=I&version=1'],
      ['POST', '/v1/ageBracket'],
      ['PUT', '/v1/ageBracket'],
      ['DELETE', '/v1/ageBracket/1?version=1'],
    ];
    const doctor = await t.login('101', 'doctor01', 'Doctor@2026');
    for (const [method, url] of refused) {
      for (const token of [nurse, doctor]) {
        const res = await api(
          method as 'GET',
          url,
          token,
          method === 'POST' || method === 'PUT' ? {} : undefined,
        );
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
    }
  });

  it('keeps tenants apart: 202 sees its own settings and gets 404 for 101 rule ids', async () => {
    const mine = (await glucose()).item as Rule;
    const theirs = await ok<ItemSettings>('GET', '/v2/crisisSetting?category=GLU', undefined, admin202);
    expect(theirs.item?.id).not.toBe(mine.id);
    const missing = await api('DELETE', '/v2/crisisSetting?id=999999999&version=1', admin202);
    expect(missing.statusCode).toBe(404);
    expect(
      (await api('DELETE', `/v2/crisisSetting?id=${mine.id}&version=${mine.version}`, admin202)).json(),
    ).toEqual(missing.json());
    const update = await api('POST', '/v2/crisisSetting', admin202, {
      category: 'GLU',
      criticalLow: 2.8,
      criticalLowColor: RED,
      id: mine.id,
      version: mine.version,
    });
    expect(update.json()).toEqual(missing.json());
    const page = await ok<{ records: Rule[] }>(
      'GET',
      '/v1/crisisSetting/departmentDefine/list?size=500',
      undefined,
      admin202,
    );
    expect(page.records.every((r) => r.departmentCode !== 'ICU')).toBe(true);
    expect((await glucose()).item).toMatchObject({ id: mine.id, version: mine.version });
  });
});
