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

type Template = {
  id: number;
  name: string;
  type: string;
  typeName: string;
  content: string[];
  isActive: boolean;
  version: number;
};
const valid = {
  name: 'Basal-bolus insulin',
  type: 'longTerm',
  content: ['Insulin glargine 10 IU at 22:00', 'Insulin aspart 4 IU before each meal'],
};

async function create(body: object, token = admin, lang?: string): Promise<Template> {
  const res = await api('POST', '/v1/templates', token, body, lang);
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().dataContent;
}
async function query(q: string, token = admin) {
  return (await api('GET', `/v1/templates/query?${q}`, token)).json().dataContent as {
    records: Template[];
    total: number;
  };
}

describe('order types', () => {
  it('lists the three order types with names in the request language', async () => {
    const en = (await api('GET', '/v1/templates/adviceTemplateTypes', admin)).json().dataContent;
    expect(en).toEqual([
      { code: '24h', name: '24-hour' },
      { code: 'longTerm', name: 'Long-term' },
      { code: 'temporary', name: 'Temporary' },
    ]);
    const zh = (await api('GET', '/v1/templates/adviceTemplateTypes', admin, undefined, 'zh-CN')).json();
    expect(zh.dataContent.map((x: { name: string }) => x.name)).toEqual(['24小时', '长期', '临时']);
  });
});

describe('templates', () => {
  it('creates a template with its ordered items and writes an audit row', async () => {
    const created = await create(valid, admin, 'zh-CN');
    expect(created).toMatchObject({
      name: 'Basal-bolus insulin',
      type: 'longTerm',
      typeName: '长期',
      content: valid.content,
      isActive: true,
      version: 1,
    });
    const [audit] = await auditRows(t, 'orderTemplate', created.id, 'create');
    expect(audit.after).toMatchObject({
      name: 'Basal-bolus insulin',
      type: 'longTerm',
      content: valid.content,
    });
  });

  it('trims items and keeps their order', async () => {
    const created = await create({ name: 'Order kept', type: '24h', content: [' c ', 'a', 'b'] });
    expect(created.content).toEqual(['c', 'a', 'b']);
  });

  it('lists enabled templates for the picker, by type, and pages them for administration', async () => {
    // the demo seed's templates (issue 17) are there before this test's
    const seeded = (await api('GET', '/v1/templates/list?adviceType=temporary', admin)).json()
      .dataContent as Template[];
    const seededTotal = (await query('adviceType=temporary')).total;
    await create({ name: 'Hypoglycaemia rescue', type: 'temporary', content: ['50% glucose 20 mL IV'] });
    const stopped = await create({
      name: 'Stopped template',
      type: 'temporary',
      content: ['x'],
      isActive: false,
    });
    const temporary = (await api('GET', '/v1/templates/list?adviceType=temporary', admin)).json()
      .dataContent as Template[];
    expect(temporary.map((x) => x.name).sort()).toEqual(
      [...seeded.map((x) => x.name), 'Hypoglycaemia rescue'].sort(),
    );
    const all = (await api('GET', '/v1/templates/list', admin)).json().dataContent as Template[];
    expect(all.map((x) => x.id)).not.toContain(stopped.id);
    expect((await query('adviceType=temporary')).total).toBe(seededTotal + 2);
    expect((await query('adviceType=temporary&isActive=false')).records.map((x) => x.id)).toEqual([
      stopped.id,
    ]);
    expect((await query('queryCondition=GLUCOSE%2020')).records.map((x) => x.name)).toEqual([
      'Hypoglycaemia rescue',
    ]);
    expect((await query('queryCondition=basal')).total).toBe(1);
    const paged = (await api('GET', '/v1/templates/query?page=2&size=1', admin)).json().dataContent;
    expect(paged).toMatchObject({ page: 2, size: 1 });
    expect(paged.records).toHaveLength(1);
    expect((await api('GET', '/v1/templates/list?adviceType=weekly', admin)).statusCode).toBe(400);
  });

  it('updates with the version and refuses a stale one with 409', async () => {
    const created = await create({ name: 'Sliding scale', type: '24h', content: ['Check glucose'] });
    const res = await api('PUT', '/v1/templates', admin, {
      id: created.id,
      version: 1,
      name: 'Sliding scale insulin',
      type: '24h',
      content: ['Check glucose before meals', 'Aspart per scale'],
    });
    expect(res.json().dataContent).toMatchObject({ name: 'Sliding scale insulin', version: 2 });
    const stale = await api('PUT', '/v1/templates', admin, {
      ...valid,
      name: 'Stale one',
      id: created.id,
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    const [audit] = await auditRows(t, 'orderTemplate', created.id, 'update');
    expect(audit).toMatchObject({
      before: { content: ['Check glucose'] },
      after: { content: ['Check glucose before meals', 'Aspart per scale'] },
    });
  });

  it('refuses a second template of the same type and name, not of another type', async () => {
    await create({ name: 'Same name', type: '24h', content: ['x'] });
    const res = await api('POST', '/v1/templates', admin, { name: 'Same name', type: '24h', content: ['y'] });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('A template of this type with this name already exists');
    const zh = await api(
      'POST',
      '/v1/templates',
      admin,
      { name: 'Same name', type: '24h', content: ['y'] },
      'zh-CN',
    );
    expect(zh.json().message).toBe('该类型下已存在同名模板');
    await create({ name: 'Same name', type: 'temporary', content: ['y'] });
  });

  it('enables and stops a template, with audit rows', async () => {
    const created = await create({ name: 'On and off', type: 'longTerm', content: ['x'] });
    const off = await api('PUT', '/v1/templates/status', admin, {
      id: created.id,
      isActive: false,
      version: 1,
    });
    expect(off.json().dataContent).toMatchObject({ isActive: false, version: 2 });
    const on = await api('PUT', '/v1/templates/status', admin, {
      id: created.id,
      isActive: true,
      version: 2,
    });
    expect(on.json().dataContent.isActive).toBe(true);
    expect(await auditRows(t, 'orderTemplate', created.id, 'disable')).toHaveLength(1);
    expect(await auditRows(t, 'orderTemplate', created.id, 'enable')).toHaveLength(1);
  });

  it('deletes softly: gone from lists, kept in the table, the name free again', async () => {
    const created = await create({ name: 'To be deleted', type: 'longTerm', content: ['x'] });
    expect((await api('DELETE', `/v1/templates/${created.id}?version=1`, admin)).statusCode).toBe(200);
    expect((await query('queryCondition=To%20be%20deleted')).total).toBe(0);
    const { rows } = await t.handle.db.execute<{ n: number }>(
      sql`select count(*)::int as n from order_templates where id = ${created.id} and deleted_at is not null`,
    );
    expect(rows[0].n).toBe(1);
    expect(await auditRows(t, 'orderTemplate', created.id, 'delete')).toHaveLength(1);
    expect((await api('DELETE', `/v1/templates/${created.id}?version=2`, admin)).statusCode).toBe(404);
    await create({ name: 'To be deleted', type: 'longTerm', content: ['again'] });
  });
});

describe('validation', () => {
  it.each([
    [{ ...valid, name: undefined }, 'name', 'Please enter the template name', '请输入模板名称'],
    [
      { ...valid, name: 'AB' },
      'name',
      'The template name must be 3-40 characters',
      '模板名称长度为 3-40 个字符',
    ],
    [
      { ...valid, name: 'N'.repeat(41) },
      'name',
      'The template name must be 3-40 characters',
      '模板名称长度为 3-40 个字符',
    ],
    [{ ...valid, type: '' }, 'type', 'Please select the order type', '请选择医嘱类型'],
    [
      { ...valid, type: 'weekly' },
      'type',
      'The order type must be 24-hour, long-term or temporary',
      '医嘱类型只能为 24 小时、长期或临时',
    ],
    [
      { ...valid, content: undefined },
      'content',
      'Please add at least one content item',
      '请至少填写一项医嘱内容',
    ],
    [{ ...valid, content: [] }, 'content', 'Please add at least one content item', '请至少填写一项医嘱内容'],
    [
      { ...valid, content: ['ok', '  '] },
      'content.1',
      'Please enter the content of this item',
      '请输入该项内容',
    ],
    [
      { ...valid, content: Array(51).fill('x') },
      'content',
      'A template has at most 50 content items',
      '模板内容最多 50 项',
    ],
    [
      { ...valid, content: ['x'.repeat(501)] },
      'content.0',
      'Must be at most 500 characters',
      '最多 500 个字符',
    ],
  ])('refuses %j with a message on %s in both languages', async (body, field, en, zh) => {
    const res = await api('POST', '/v1/templates', admin, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().dataContent.errors).toEqual([{ field, message: en }]);
    const zhRes = await api('POST', '/v1/templates', admin, body, 'zh-CN');
    expect(zhRes.json().dataContent.errors).toEqual([{ field, message: zh }]);
  });

  it('accepts names of exactly 3 and 40 characters', async () => {
    await create({ ...valid, name: '胰岛素' });
    await create({ ...valid, name: 'N'.repeat(40) });
  });

  it('refuses fields a client must not set, and the status body without isActive', async () => {
    for (const extra of [{ tenantId: '202' }, { createdAt: '2020-01-01T00:00:00Z' }, { version: 3 }]) {
      const res = await api('POST', '/v1/templates', admin, { ...valid, name: 'Mass assign', ...extra });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
    }
    expect((await query('queryCondition=Mass%20assign')).total).toBe(0);
    expect((await api('PUT', '/v1/templates/status', admin, { id: 1 })).statusCode).toBe(400);
  });
});

describe('access', () => {
  it('lets clinical staff read the picker and the types, and only administrators change templates', async () => {
    const doctor = await t.login('101', 'doctor01', 'Doctor@2026');
    expect((await api('GET', '/v1/templates/list', doctor)).statusCode).toBe(200);
    expect((await api('GET', '/v1/templates/adviceTemplateTypes', doctor)).statusCode).toBe(200);
    expect((await api('GET', '/v1/templates/query', doctor)).statusCode).toBe(403);
    expect((await api('POST', '/v1/templates', doctor, valid)).statusCode).toBe(403);
  });

  it('answers a tenant-202 session using tenant-101 ids exactly as for a missing id', async () => {
    const mine = await create({ name: 'Tenant 101 only', type: '24h', content: ['x'] });
    const missing = await api('DELETE', '/v1/templates/999999999?version=1', admin202);
    expect(missing.statusCode).toBe(404);
    expect((await api('DELETE', `/v1/templates/${mine.id}?version=1`, admin202)).json()).toEqual(
      missing.json(),
    );
    const status = await api('PUT', '/v1/templates/status', admin202, {
      id: mine.id,
      isActive: false,
      version: 1,
    });
    expect(status.json()).toEqual(missing.json());
    const put = await api('PUT', '/v1/templates', admin202, { ...valid, id: mine.id, version: 1 });
    expect(put.json()).toEqual(missing.json());
    const theirs = (await query('size=500', admin202)).records.map((x) => x.id);
    expect(theirs).not.toContain(mine.id);
    const picker = (await api('GET', '/v1/templates/list', admin202)).json().dataContent as Template[];
    expect(picker.map((x) => x.id)).not.toContain(mine.id);
    const still = (await query('queryCondition=Tenant%20101%20only')).records[0];
    expect(still).toMatchObject({ isActive: true, version: 1 });
  });
});
