import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createTestContext, type TestContext } from '../test/harness';

let t: TestContext;
let adminToken: string;

beforeAll(async () => {
  t = await createTestContext();
  adminToken = await t.login('101', 'admin', 'Admin@123456');
});
afterAll(() => t.close());

describe('envelope and statuses', () => {
  it('wraps success as code "1" with a message in the requested language', async () => {
    const en = await t.request({ method: 'GET', url: '/app-service/health' });
    expect(en.statusCode).toBe(200);
    expect(en.json()).toEqual({
      code: '1',
      message: 'Success',
      dataContent: { status: 'ok', database: 'up' },
    });
    const zh = await t.request({ method: 'GET', url: '/app-service/health', lang: 'zh-CN,zh;q=0.9' });
    expect(zh.json().message).toBe('成功');
  });

  it('answers an unknown API path with a 404 envelope in both languages', async () => {
    const en = await t.request({ method: 'GET', url: '/app-service/v1/nothing-here' });
    expect(en.statusCode).toBe(404);
    expect(en.json()).toEqual({ code: '404', message: 'Not found', dataContent: null });
    const zh = await t.request({ method: 'POST', url: '/app-service/v1/nothing-here', lang: 'zh-CN' });
    expect(zh.json()).toEqual({ code: '404', message: '未找到', dataContent: null });
  });

  it('answers a missing or bad token with HTTP 401 and body code "402"', async () => {
    const none = await t.request({ method: 'GET', url: '/app-service/v1/users/profile' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ code: '402', dataContent: null });
    const bad = await t.request({
      method: 'GET',
      url: '/app-service/v1/users/profile',
      token: '101.not-a-token',
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().code).toBe('402');
    const zh = await t.request({ method: 'GET', url: '/app-service/v1/users/profile', lang: 'zh-CN' });
    expect(zh.json().message).toBe('登录已失效，请重新登录');
  });

  it('sets a request id on every response and honours one sent by a proxy', async () => {
    const res = await t.request({
      method: 'GET',
      url: '/app-service/health',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(res.headers['x-request-id']).toBe('abc-123');
    const generated = await t.request({ method: 'GET', url: '/app-service/health' });
    expect(String(generated.headers['x-request-id'])).toMatch(/^[0-9a-f-]{36}$/);
    const uuid = '0f8fad5b-d9cb-469f-a165-70867728950e';
    const proxied = await t.request({
      method: 'GET',
      url: '/app-service/health',
      headers: { 'x-request-id': uuid },
    });
    expect(proxied.headers['x-request-id']).toBe(uuid);
  });

  it('replaces a request id that is not well-formed with a generated one', async () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    for (const sent of [
      'x'.repeat(2048),
      'a'.repeat(65),
      'abc\n{"level":60}',
      'abc def',
      '"quoted"',
      "it's",
      '',
    ]) {
      const res = await t.request({
        method: 'GET',
        url: '/app-service/health',
        headers: { 'x-request-id': sent },
      });
      expect(String(res.headers['x-request-id'])).toMatch(uuid);
    }
    // two ids (the header sent twice) are not one id
    const twice = await t.request({
      method: 'GET',
      url: '/app-service/health',
      headers: { 'x-request-id': ['a-1', 'b-2'] },
    });
    expect(String(twice.headers['x-request-id'])).toMatch(uuid);
    const longest = 'A'.repeat(64);
    const kept = await t.request({
      method: 'GET',
      url: '/app-service/health',
      headers: { 'x-request-id': longest },
    });
    expect(kept.headers['x-request-id']).toBe(longest);
  });

  it('serves the runtime configuration with the RSA public key', async () => {
    const res = await t.request({ method: 'GET', url: '/project.config.json' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.baseUrl).toBe('/app-service');
    expect(body.defaultLanguage).toBe('en-US');
    expect(body.publicKey).toMatch(/^-----BEGIN PUBLIC KEY-----/);
  });

  it('publishes the OpenAPI document with the login call', async () => {
    const res = await t.request({ method: 'GET', url: '/app-service/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/app-service/v1/login'].post.requestBody).toBeDefined();
    const ui = await t.request({ method: 'GET', url: '/app-service/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });
});

describe('strict input', () => {
  const login = (payload: unknown, headers: Record<string, string> = {}) =>
    t.request({ method: 'POST', url: '/app-service/v1/login', payload: payload as string, headers });

  it('refuses unknown fields with the field named', async () => {
    const res = await login({
      tenant: '101',
      userName: 'admin',
      password: t.encrypt('Admin@123456'),
      isAdmin: true,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('400');
    expect(res.json().dataContent.errors).toEqual([{ field: 'isAdmin', message: expect.any(String) }]);
  });

  it('does not coerce types: a number where text is expected is refused', async () => {
    const res = await login({ tenant: 101, userName: 'admin', password: t.encrypt('Admin@123456') });
    expect(res.statusCode).toBe(400);
    expect(res.json().dataContent.errors[0].field).toBe('tenant');
  });

  it('refuses NUL characters in text', async () => {
    const res = await login({ tenant: '101', userName: 'adm\u0000in', password: t.encrypt('Admin@123456') });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Text must not contain NUL characters');
  });

  it('refuses bodies that are not JSON with 415', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/app-service/v1/login',
      payload: 'tenant=101&userName=admin',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: '415', dataContent: null });
    const text = await t.request({
      method: 'POST',
      url: '/app-service/v1/login',
      payload: '{}',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.statusCode).toBe(415);
  });

  it('answers malformed JSON with 400 and a clear message', async () => {
    const res = await login('{"tenant": "101",', { 'content-type': 'application/json' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The request body is not valid JSON');
  });

  it('words field errors in Chinese for zh-CN', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/app-service/v1/login',
      lang: 'zh-CN',
      payload: { tenant: '1', userName: 'a', password: t.encrypt('x') },
    });
    expect(res.statusCode).toBe(400);
    const fields = Object.fromEntries(
      res.json().dataContent.errors.map((e: { field: string; message: string }) => [e.field, e.message]),
    );
    expect(fields.tenant).toBe('机构代码长度为 3-8 个字符');
    expect(fields.userName).toBe('用户名长度为 2-12 个字符');
  });

  it('refuses a query page that is not a plain positive integer', async () => {
    for (const page of ['1e3', '0', '-1', '1.5', 'abc']) {
      const res = await t.request({
        method: 'GET',
        url: `/app-service/v1/users/loginHistory?page=${page}`,
        token: adminToken,
      });
      expect(res.statusCode, page).toBe(400);
      expect(res.json().dataContent.errors[0].field).toBe('page');
    }
  });
});

describe('X-HTTP-Method-Override', () => {
  it('turns a POST into the PUT of changePassword', async () => {
    // An empty body shows the PUT route was reached: its validation answers, not a 404.
    const res = await t.request({
      method: 'POST',
      url: '/app-service/v1/changePassword',
      payload: {},
      headers: { 'x-http-method-override': 'PUT' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().dataContent.errors.map((e: { field: string }) => e.field)).toContain('newPassword');
    const plain = await t.request({ method: 'POST', url: '/app-service/v1/changePassword', payload: {} });
    expect(plain.statusCode).toBe(404);
  });

  it('refuses other overrides', async () => {
    const res = await t.request({
      method: 'GET',
      url: '/app-service/health',
      headers: { 'x-http-method-override': 'PATCH' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('X-HTTP-Method-Override');
  });
});

describe('every route declares its permission', () => {
  it('has a permission on every API route (health, login and public config are declared public)', () => {
    const api = t.app.routeTable.filter(
      (route) => route.url.startsWith('/app-service') && route.method !== 'HEAD',
    );
    expect(api.length).toBeGreaterThan(8);
    const undeclared = api.filter((route) => !route.config?.permission).map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
    const publicRoutes = api
      .filter((route) => route.config?.permission === 'public' && !route.url.startsWith('/app-service/docs'))
      .map((route) => `${route.method} ${route.url}`)
      .sort();
    expect(publicRoutes).toEqual([
      'GET /app-service/fhir/R4/metadata',
      'GET /app-service/health',
      // issue 20: the wall screens' calls: the handler asks for a valid screen link (screens.test.ts)
      'GET /app-service/v1/monitor/',
      'GET /app-service/v1/monitor/crisisLowRecords',
      'GET /app-service/v1/monitor/events',
      'GET /app-service/v1/monitor/personMonitor',
      'GET /app-service/v1/monitor/todayPatientDistribution',
      'GET /app-service/v1/passwordRule',
      // issue 18: the pre-admission form (rate-limited; answers only the code, or names of departments)
      'GET /app-service/v1/public/appointments/options',
      // record screens: the handler asks for the session or a signed, expiring link (records.test.ts)
      'GET /app-service/v1/records/glucose',
      'GET /app-service/v1/records/inspect',
      'GET /app-service/v1/records/ketone',
      'GET /app-service/v1/records/linked',
      'GET /app-service/v1/records/trend',
      'GET /app-service/v1/records/ward',
      'POST /app-service/v1/login',
      'POST /app-service/v1/loginHis',
      'POST /app-service/v1/public/appointments',
      'PUT /app-service/v1/changePassword',
    ]);
  });
});

describe('request timeout', () => {
  it('answers 503 with a message when a request runs past the limit', async () => {
    const app = await buildApp(loadConfig({ LOG_LEVEL: 'silent' }), {
      db: t.handle.db,
      logger: false,
      requestTimeoutMs: 100,
    });
    app.get('/app-service/v1/slow', { config: { permission: 'public' } }, async () => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      return { code: '1', message: 'late', dataContent: null };
    });
    const res = await app.inject({
      method: 'GET',
      url: '/app-service/v1/slow',
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ code: '503', message: '请求时间过长，已被中止', dataContent: null });
    await app.close();
  });
});

describe('races on unique keys', () => {
  it('answers 409 when two creates of the same code race past the service check', async () => {
    const payload = { code: 'RACE1', name: 'Race ward' };
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        t.request({ method: 'POST', url: '/app-service/v2/departments', token: adminToken, payload }),
      ),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 200).every((s) => s === 409)).toBe(true);
  });
});
