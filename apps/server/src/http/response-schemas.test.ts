import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestContext, type TestContext } from '../test/harness';

/**
 * ARCHITECTURE §3: every route declares its response schema (zod, in `packages/domain/responses`), so
 * the OpenAPI document is complete and the web takes its types from the same schemas. The API tests
 * check every answer against the declared schema (`checkResponses` in the test harness), so a
 * declared shape cannot drift from what a route sends.
 */

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

function apiRoutes() {
  return t.app.routeTable.flatMap((route) =>
    [route.method]
      .flat()
      .filter((method) => method !== 'HEAD')
      .filter(() => route.url.startsWith('/app-service/') && !route.url.startsWith('/app-service/docs'))
      .map((method) => ({ key: `${method} ${route.url}`, response: route.schema?.response })),
  );
}

describe('response schemas', () => {
  it('every API route declares the schema of its success answer', () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(150);
    const undeclared = routes
      .filter(({ response }) => {
        const declared = response as Record<string, unknown> | undefined;
        return !declared || !Object.keys(declared).some((status) => /^2\d\d$/.test(status));
      })
      .map(({ key }) => key)
      .sort();
    expect(undeclared).toEqual([]);
  });

  it('publishes every declared shape in the OpenAPI document, recursive trees as components', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/app-service/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    const referenced = JSON.stringify(doc).match(/(?<=#\/components\/schemas\/)[^"]+/g) ?? [];
    const dangling = [...new Set(referenced)].filter((name) => !(name in doc.components.schemas));
    expect(dangling).toEqual([]);
    const menuTree = doc.paths['/app-service/v1/menus/allTree'].get.responses['200'];
    expect(menuTree.content['application/json'].schema.properties.dataContent.items).toEqual({
      $ref: '#/components/schemas/AdminMenuNode',
    });
    const icon = doc.paths['/app-service/v1/glu/event/item/{id}/icon'].get.responses;
    expect(Object.keys(icon['200'].content)).toEqual(['image/svg+xml']);
    expect(icon['304'].content).toBeUndefined();
  });

  it('answers 500 under test when an answer drifts from its declared schema, or sends a field it does not declare', async () => {
    const { buildApp } = await import('../app');
    const { loadConfig } = await import('../config');
    const app = await buildApp(loadConfig({ LOG_LEVEL: 'silent' }), {
      db: t.handle.db,
      logger: false,
      checkResponses: true,
    });
    app.get(
      '/drift',
      { config: { permission: 'public' }, schema: { response: { 200: z.object({ n: z.number() }) } } },
      async () => ({ n: 'not a number' }),
    );
    app.get(
      '/undeclared',
      {
        config: { permission: 'public' },
        schema: { response: { 200: z.object({ rows: z.array(z.object({ id: z.number() })) }) } },
      },
      async () => ({ rows: [{ id: 1 }, { id: 2, secret: 'x' }] }),
    );
    app.get(
      '/declared',
      {
        config: { permission: 'public' },
        schema: { response: { 200: z.object({ rows: z.array(z.object({ id: z.number() })) }) } },
      },
      async () => ({ rows: [{ id: 1 }] }),
    );
    await app.ready();
    const spy = console.error;
    const printed: string[] = [];
    console.error = (message: string) => printed.push(message);
    try {
      const res = await app.inject({ method: 'GET', url: '/drift' });
      expect(res.statusCode).toBe(500);
      expect(res.json().message).toContain('GET /drift 200');
      expect(printed.join('\n')).toContain('n: ');
      const extra = await app.inject({ method: 'GET', url: '/undeclared' });
      expect(extra.statusCode).toBe(500);
      expect(extra.json().message).toContain('rows.1.secret: sent but not declared');
      expect((await app.inject({ method: 'GET', url: '/declared' })).statusCode).toBe(200);
    } finally {
      console.error = spy;
      await app.close();
    }
  });
});
