import { addDays, calendarDate } from '@glucocare/domain';
import { SCREEN_LINK_HEADER } from '@glucocare/domain/monitor';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOf, auditRows } from '../../test/api';
import { createTestContext, type TestContext } from '../../test/harness';
import { demoScreenLinks } from './links';

/**
 * Screen links (issue 20) through HTTP: the administrators' list, creation, revocation and use trail,
 * and the wall calls' 401 for every way a link can be wrong.
 */

let t: TestContext;
let api: ReturnType<typeof apiOf>;
let admin: string;
let nurse: string;
let admin202: string;
let today: string;

beforeAll(async () => {
  t = await createTestContext();
  api = apiOf(t);
  [admin, nurse, admin202] = await Promise.all([
    t.login('101', 'admin', 'Admin@123456'),
    t.login('101', 'nurse01', 'Nurse@2026'),
    t.login('202', 'admin', 'Admin@202202'),
  ]);
  today = calendarDate(t.clock.now, 'Asia/Shanghai');
});
afterAll(() => t.close());

async function createLink(body: Record<string, unknown> = {}, token = admin) {
  const res = await api('POST', '/v1/monitor/links', token, {
    name: 'Endocrine corridor',
    wholeHospital: false,
    departmentCodes: ['ENDO'],
    variant: 'hospital',
    validUntil: addDays(today, 30),
    ...body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().dataContent as {
    link: { id: number; version: number; status: string; useCount: number };
    token: string;
    url: string;
  };
}

const wall = (token: string | undefined, path = '/v1/monitor/personMonitor', ip?: string) =>
  t.request({
    method: 'GET',
    url: `/app-service${path}`,
    headers: token === undefined ? {} : { [SCREEN_LINK_HEADER]: token },
    ...(ip ? { remoteAddress: ip } : {}),
  });

describe('creating and listing screen links', () => {
  it('answers the token and URL once, keeps only its hash, and lists the link without it', async () => {
    const created = await createLink();
    expect(created.token).toMatch(/^101\.\d+\.[A-Za-z0-9_-]{43}$/);
    expect(created.url).toBe(`/bigcharts?link=${encodeURIComponent(created.token)}`);
    expect(created.link).toMatchObject({
      name: 'Endocrine corridor',
      wholeHospital: false,
      variant: 'hospital',
      status: 'active',
      useCount: 0,
      lastUsedAt: null,
    });
    const { rows } = await t.handle.db.execute<{ token_hash: string }>(
      sql`select token_hash from screen_links where tenant_id = '101' and id = ${created.link.id}`,
    );
    expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.token_hash).not.toContain(created.token.split('.')[2]!);
    const list = await api('GET', '/v1/monitor/links?queryCondition=corridor', admin);
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.token.split('.')[2]!);
    expect(list.json().dataContent.records.map((r: { id: number }) => r.id)).toContain(created.link.id);
    const [audit] = await auditRows(t, 'screenLink', created.link.id, 'create');
    expect(audit?.actor_name).toBe('admin');
  });

  it('refuses unknown wards, no wards, a past or too distant last day — in both languages', async () => {
    const unknown = await api('POST', '/v1/monitor/links', admin, {
      name: 'Nowhere',
      wholeHospital: false,
      departmentCodes: ['NOPE'],
      variant: 'hospital',
      validUntil: addDays(today, 3),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('NOPE');
    const none = await api(
      'POST',
      '/v1/monitor/links',
      admin,
      { name: 'Nothing', wholeHospital: false, departmentCodes: [], variant: 'wards', validUntil: today },
      'zh-CN',
    );
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('请选择大屏显示的病区，或选择全院');
    const past = await api('POST', '/v1/monitor/links', admin, {
      name: 'Yesterday',
      wholeHospital: true,
      departmentCodes: [],
      variant: 'hospital',
      validUntil: addDays(today, -1),
    });
    expect(past.statusCode).toBe(400);
    const far = await api('POST', '/v1/monitor/links', admin, {
      name: 'Forever',
      wholeHospital: true,
      departmentCodes: [],
      variant: 'hospital',
      validUntil: addDays(today, 366),
    });
    expect(far.statusCode).toBe(400);
    const lastDay = await api('POST', '/v1/monitor/links', admin, {
      name: 'A year',
      wholeHospital: true,
      departmentCodes: [],
      variant: 'hospital',
      validUntil: addDays(today, 365),
    });
    expect(lastDay.statusCode).toBe(200);
  });

  it('is for administrators: a nurse may neither list nor create links', async () => {
    expect((await api('GET', '/v1/monitor/links', nurse)).statusCode).toBe(403);
    const res = await api('POST', '/v1/monitor/links', nurse, {
      name: 'Sneaky',
      wholeHospital: true,
      departmentCodes: [],
      variant: 'hospital',
      validUntil: today,
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('the wall calls and the link', () => {
  it('answers 401 without a link, with a malformed or tampered one, and with another tenant’s', async () => {
    const { token } = await createLink();
    expect((await wall(token)).statusCode).toBe(200);
    for (const bad of [
      undefined,
      '',
      'nonsense',
      `${token}x`,
      token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
    ]) {
      const res = await wall(bad);
      expect(res.statusCode, String(bad)).toBe(401);
      expect(res.json().code).not.toBe('1');
    }
    // the id of another link under this signature
    const [tenant, id, mac] = token.split('.');
    expect((await wall(`${tenant}.${Number(id) + 1}.${mac}`)).statusCode).toBe(401);
    // the same id claimed for another tenant
    expect((await wall(`202.${id}.${mac}`)).statusCode).toBe(401);
    // another tenant's valid link reads its own tenant only; a bearer token is no link
    const other = await createLink({ departmentCodes: [], wholeHospital: true }, admin202);
    expect((await wall(other.token)).statusCode).toBe(200);
    const bearer = await t.request({
      method: 'GET',
      url: '/app-service/v1/monitor/personMonitor',
      token: admin,
    });
    expect(bearer.statusCode).toBe(401);
    const zh = await t.request({
      method: 'GET',
      url: '/app-service/v1/monitor/',
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(zh.json().message).toContain('院内大屏链接');
  });

  it('stops working when revoked (409 for a stale version) and after its last day', async () => {
    const created = await createLink({ validUntil: addDays(today, 1) });
    const stale = await api('POST', `/v1/monitor/links/${created.link.id}/revoke`, admin, {
      reason: 'TV moved',
      version: created.link.version + 1,
    });
    expect(stale.statusCode).toBe(409);
    const revoked = await api('POST', `/v1/monitor/links/${created.link.id}/revoke`, admin, {
      reason: 'TV moved to ward 3',
      version: created.link.version,
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().dataContent).toMatchObject({
      status: 'revoked',
      revokedByName: expect.any(String),
    });
    expect((await wall(created.token)).statusCode).toBe(401);
    const again = await api('POST', `/v1/monitor/links/${created.link.id}/revoke`, admin, {
      reason: 'again',
      version: created.link.version + 1,
    });
    expect(again.statusCode).toBe(409);
    const [audit] = await auditRows(t, 'screenLink', created.link.id, 'revoke');
    expect(audit).toBeTruthy();

    const expiring = await createLink({ validUntil: addDays(today, 1) });
    expect((await wall(expiring.token)).statusCode).toBe(200);
    const start = t.clock.now;
    try {
      t.clock.advance(2 * 86_400_000);
      expect((await wall(expiring.token)).statusCode).toBe(401);
      // two days on, the morning's session has expired too
      const later = await t.login('101', 'admin', 'Admin@123456');
      const list = await api('GET', '/v1/monitor/links?status=expired&size=100', later);
      expect(list.json().dataContent.records.map((r: { id: number }) => r.id)).toContain(expiring.link.id);
    } finally {
      t.clock.now = start;
    }
    const revokedList = await api('GET', '/v1/monitor/links?status=revoked', admin);
    expect(revokedList.json().dataContent.records.map((r: { id: number }) => r.id)).toEqual([
      created.link.id,
    ]);
  });

  it('records every use per address and hour, and bumps the link’s last use and count', async () => {
    const created = await createLink({ name: 'Trail' });
    for (const path of ['/v1/monitor/', '/v1/monitor/personMonitor', '/v1/monitor/crisisLowRecords']) {
      expect((await wall(created.token, path, '10.20.0.1')).statusCode).toBe(200);
    }
    expect((await wall(created.token, '/v1/monitor/todayPatientDistribution', '10.20.0.2')).statusCode).toBe(
      200,
    );
    // a refused call is no use
    expect((await wall(`${created.token}x`, '/v1/monitor/', '10.20.0.3')).statusCode).toBe(401);
    const uses = await api('GET', `/v1/monitor/links/${created.link.id}/uses`, admin);
    expect(uses.statusCode, uses.body).toBe(200);
    const records = uses.json().dataContent.records as { address: string; calls: number }[];
    expect(records.map((r) => [r.address, r.calls]).sort()).toEqual([
      ['10.20.0.1', 3],
      ['10.20.0.2', 1],
    ]);
    const list = await api('GET', '/v1/monitor/links?queryCondition=Trail', admin);
    expect(list.json().dataContent.records[0]).toMatchObject({ useCount: 4, lastUsedAddress: '10.20.0.2' });
    // another tenant's link id is not found
    expect((await api('GET', `/v1/monitor/links/${created.link.id}/uses`, admin202)).statusCode).toBe(404);
  });
});

describe('the demo wall screens', () => {
  it('are made once, one per layout, and the URLs printed at start open the wall calls', async () => {
    const first = await demoScreenLinks(t.app, '101');
    const again = await demoScreenLinks(t.app, '101');
    expect(again).toEqual(first);
    expect(first.map((wall) => wall.path.split('?')[0])).toEqual([
      '/bigcharts',
      '/bigcharts/screen',
      '/bigcharts/yy',
      '/bigcharts/old',
    ]);
    const token = decodeURIComponent(first[0]!.path.split('link=')[1]!);
    const res = await wall(token, '/v1/monitor/');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().dataContent.config.variant).toBe('hospital');
  });
});
