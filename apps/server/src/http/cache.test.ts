import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answersStream } from '../test/api';
import { createTestContext, type TestContext } from '../test/harness';

let t: TestContext;
let admin: string;
let nurse: string;

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login('101', 'admin', 'Admin@123456');
  nurse = await t.login('101', 'nurse01', 'Nurse@2026');
});
afterAll(() => t.close());

/**
 * Answers deliberately cacheable: no patient or staff data in them. Each entry is a decision; a new
 * one belongs here only with its reason.
 */
const CACHEABLE: Record<string, string> = {
  // an event item's SVG icon, the same for every user of the tenant, revalidated by its ETag
  'GET /app-service/v1/glu/event/item/:id/icon': 'private, no-cache',
};

/** Every GET of the API (the OpenAPI pages aside), path parameters filled with a row id of the seed. */
function apiGets() {
  return t.app.routeTable
    .filter(
      (route) =>
        route.method === 'GET' &&
        route.url.startsWith('/app-service/') &&
        !route.url.startsWith('/app-service/docs') &&
        !answersStream(route),
    )
    .map((route) => ({ key: `GET ${route.url}`, url: route.url.replace(/:\w+/g, '1') }));
}

describe('Cache-Control of API answers', () => {
  it.each([
    ['an administrator', () => admin],
    ['a nurse', () => nurse],
  ])('is no-store on every GET %s calls, whatever the outcome', async (_who, token) => {
    const routes = apiGets();
    expect(routes.length).toBeGreaterThan(100);
    const wrong: string[] = [];
    const statuses = new Map<number, number>();
    for (const route of routes) {
      const res = await t.request({ method: 'GET', url: route.url, token: token() });
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      // a cacheable route's refusal (no such icon) is an error answer like any other
      const expected = (res.statusCode === 200 && CACHEABLE[route.key]) || 'no-store';
      if (res.headers['cache-control'] !== expected)
        wrong.push(`${route.key} ${res.statusCode}: ${res.headers['cache-control']}`);
    }
    expect(wrong).toEqual([]);
    // the check covered answers that carry data, not only refusals
    expect(statuses.get(200) ?? 0).toBeGreaterThan(40);
  });

  it('is no-store on refusals and unknown API paths too', async () => {
    const anonymous = await t.request({
      method: 'GET',
      url: '/app-service/v1/patients/hospitalizedPatients',
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['cache-control']).toBe('no-store');
    const unknown = await t.request({ method: 'GET', url: '/app-service/v1/nothing', token: admin });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['cache-control']).toBe('no-store');
  });

  it('leaves the public web configuration revalidated, not forbidden to cache', async () => {
    const res = await t.request({ method: 'GET', url: '/project.config.json' });
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});
