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

type Suggestion = {
  id: number;
  title: string;
  content: string;
  category: string;
  categoryName: string;
  sort: number;
  isActive: boolean;
  version: number;
};
const valid = {
  title: 'Regular meals',
  content: 'Eat three regular meals a day; do not skip breakfast.',
  category: 'diet',
};

async function create(body: object, token = admin, lang?: string): Promise<Suggestion> {
  const res = await api('POST', '/v1/suggestions', token, body, lang);
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().dataContent;
}
async function page(query: string, token = admin) {
  return (await api('GET', `/v1/suggestions/page?${query}`, token)).json().dataContent as {
    records: Suggestion[];
    total: number;
    page: number;
    size: number;
  };
}

describe('suggestions', () => {
  it('lists the categories in the request language', async () => {
    const en = (await api('GET', '/v1/suggestions/categories', admin)).json().dataContent;
    expect(en.map((c: { code: string }) => c.code)).toEqual([
      'diet',
      'exercise',
      'medication',
      'monitoring',
      'education',
    ]);
    const zh = (await api('GET', '/v1/suggestions/categories', admin, undefined, 'zh-CN')).json().dataContent;
    expect(zh[0]).toEqual({ code: 'diet', name: '饮食' });
  });

  it('creates a suggestion with an audit row, its category named in the request language', async () => {
    const created = await create(valid, admin, 'zh-CN');
    expect(created).toMatchObject({ ...valid, categoryName: '饮食', sort: 0, isActive: true, version: 1 });
    const [audit] = await auditRows(t, 'suggestion', created.id, 'create');
    expect(audit.after).toMatchObject(valid);
  });

  it('lists enabled suggestions by category and pages them by text, category and state', async () => {
    await create({
      title: 'Walk after meals',
      content: 'Walk 30 minutes after dinner.',
      category: 'exercise',
      sort: 2,
    });
    await create({ title: 'Resistance training', content: 'Twice a week.', category: 'exercise', sort: 1 });
    await create({ title: 'Old advice', content: 'Stopped.', category: 'exercise', isActive: false });
    const exercise = (await api('GET', '/v1/suggestions/list?category=exercise', admin)).json()
      .dataContent as Suggestion[];
    expect(exercise.map((s) => s.title)).toEqual(['Resistance training', 'Walk after meals']);
    expect((await page('category=exercise')).total).toBe(3);
    expect((await page('category=exercise&isActive=false')).records.map((s) => s.title)).toEqual([
      'Old advice',
    ]);
    expect((await page('queryCondition=DINNER')).records.map((s) => s.title)).toEqual(['Walk after meals']);
    expect((await page('queryCondition=breakfast')).records.map((s) => s.title)).toEqual(['Regular meals']);
    expect(await page('page=2&size=2')).toMatchObject({ total: 4, page: 2, size: 2 });
    expect((await api('GET', '/v1/suggestions/list?category=sleep', admin)).statusCode).toBe(400);
  });

  it('updates with the version and refuses a stale one', async () => {
    const created = await create({ ...valid, title: 'Check feet', category: 'education' });
    const res = await api('PUT', '/v1/suggestions', admin, {
      id: created.id,
      version: 1,
      title: 'Check your feet daily',
      content: 'Look for cuts, blisters and redness every evening.',
      category: 'education',
      sort: 5,
    });
    expect(res.json().dataContent).toMatchObject({ title: 'Check your feet daily', sort: 5, version: 2 });
    const stale = await api('PUT', '/v1/suggestions', admin, { ...valid, id: created.id, version: 1 });
    expect(stale.statusCode).toBe(409);
    const [audit] = await auditRows(t, 'suggestion', created.id, 'update');
    expect(audit).toMatchObject({
      before: { title: 'Check feet' },
      after: { title: 'Check your feet daily' },
    });
  });

  it('deletes a suggestion with an audit row', async () => {
    const created = await create({ ...valid, title: 'Delete me' });
    expect((await api('DELETE', `/v1/suggestions/${created.id}?version=1`, admin)).statusCode).toBe(200);
    const { rows } = await t.handle.db.execute<{ n: number }>(
      sql`select count(*)::int as n from management_suggestions where id = ${created.id}`,
    );
    expect(rows[0].n).toBe(0);
    const [audit] = await auditRows(t, 'suggestion', created.id, 'delete');
    expect(audit.before).toMatchObject({ title: 'Delete me' });
    expect((await api('DELETE', `/v1/suggestions/${created.id}?version=1`, admin)).statusCode).toBe(404);
  });
});

describe('validation', () => {
  it.each([
    [{ ...valid, title: undefined }, 'title', 'Please enter the title', '请输入标题'],
    [{ ...valid, title: 'A' }, 'title', 'The title must be 2-40 characters', '标题长度为 2-40 个字符'],
    [
      { ...valid, title: 'T'.repeat(41) },
      'title',
      'The title must be 2-40 characters',
      '标题长度为 2-40 个字符',
    ],
    [{ ...valid, content: ' ' }, 'content', 'Please enter the content', '请输入内容'],
    [
      { ...valid, content: 'c'.repeat(501) },
      'content',
      'The content must be 1-500 characters',
      '内容长度为 1-500 个字符',
    ],
    [{ ...valid, category: '' }, 'category', 'Please select the category', '请选择分类'],
    [
      { ...valid, category: 'sleep' },
      'category',
      'The category must be diet, exercise, medication, monitoring or education',
      '分类须为饮食、运动、用药、监测或健康教育',
    ],
  ])('refuses %j with a message on %s in both languages', async (body, field, en, zh) => {
    const res = await api('POST', '/v1/suggestions', admin, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().dataContent.errors).toEqual([{ field, message: en }]);
    const zhRes = await api('POST', '/v1/suggestions', admin, body, 'zh-CN');
    expect(zhRes.json().dataContent.errors).toEqual([{ field, message: zh }]);
  });

  it('accepts a 2-character title and a 500-character content', async () => {
    await create({ ...valid, title: '控糖', content: '字'.repeat(500) });
  });

  it('refuses a sort out of range or not a number, and fields a client must not set', async () => {
    for (const extra of [
      { sort: 10000 },
      { sort: 1.5 },
      { sort: '1' },
      { tenantId: '202' },
      { createdAt: '2020-01-01T00:00:00Z' },
      { version: 1 },
    ]) {
      const res = await api('POST', '/v1/suggestions', admin, { ...valid, title: 'Mass assign', ...extra });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
    }
    expect((await page('queryCondition=Mass%20assign')).total).toBe(0);
  });
});

describe('access', () => {
  it('lets clinical staff read the enabled list, and only administrators the rest', async () => {
    const doctor = await t.login('101', 'doctor01', 'Doctor@2026');
    expect((await api('GET', '/v1/suggestions/list', doctor)).statusCode).toBe(200);
    expect((await api('GET', '/v1/suggestions/categories', doctor)).statusCode).toBe(200);
    expect((await api('GET', '/v1/suggestions/page', doctor)).statusCode).toBe(403);
    expect((await api('POST', '/v1/suggestions', doctor, valid)).statusCode).toBe(403);
    expect((await api('DELETE', '/v1/suggestions/1?version=1', doctor)).statusCode).toBe(403);
  });

  it('answers a tenant-202 session using tenant-101 ids exactly as for a missing id', async () => {
    const mine = await create({ ...valid, title: 'Tenant 101 advice' });
    const missing = await api('DELETE', '/v1/suggestions/999999999?version=1', admin202);
    expect(missing.statusCode).toBe(404);
    expect(
      (await api('DELETE', `/v1/suggestions/${mine.id}?version=${mine.version}`, admin202)).json(),
    ).toEqual(missing.json());
    const put = await api('PUT', '/v1/suggestions', admin202, { ...valid, id: mine.id, version: 1 });
    expect(put.json()).toEqual(missing.json());
    expect((await page('size=500', admin202)).total).toBe(0);
    expect((await api('GET', '/v1/suggestions/list', admin202)).json().dataContent).toEqual([]);
    expect((await page('queryCondition=Tenant%20101%20advice')).records[0].version).toBe(1);
  });
});
