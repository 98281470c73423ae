import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { answersStream } from '../test/api';
import { createTestContext, type TestContext } from '../test/harness';

/**
 * Bad input never makes the server fail (issue 13 "no 500s"): every write route gets generated bad
 * bodies and every list route bad queries, as an administrator (every department) and as a nurse
 * (one ward); the answer is always a 2xx-4xx in the envelope. Seeded, so a failure reproduces.
 */

let t: TestContext;
const tokens: Record<string, string> = {};
const SEED = 20_260_113;

beforeAll(async () => {
  t = await createTestContext();
  tokens.admin = await t.login('101', 'admin', 'Admin@123456');
  tokens.nurse = await t.login('101', 'nurse01', 'Nurse@2026');
});
afterAll(() => t.close());

/** Routes that would end the caller's own session mid-run: their own tests cover them. */
const SKIPPED = new Set(['POST /app-service/v1/logout']);

interface ZodLike {
  _zod?: { def?: Record<string, unknown> & { type?: string } };
}

/** The top-level field names a route's zod schema knows (objects, also behind refinements and pipes). */
function fieldsOf(schema: unknown, depth = 0): string[] {
  const def = (schema as ZodLike | undefined)?._zod?.def;
  if (!def || depth > 6) return [];
  switch (def.type) {
    case 'object':
      return Object.keys(def.shape as object);
    case 'pipe':
      return fieldsOf(def.in, depth + 1);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      return fieldsOf(def.innerType, depth + 1);
    case 'union':
      return (def.options as unknown[]).flatMap((option) => fieldsOf(option, depth + 1));
    case 'intersection':
      return [...fieldsOf(def.left, depth + 1), ...fieldsOf(def.right, depth + 1)];
    default:
      return [];
  }
}

const INT_EDGES = [0, -1, 1, 2_147_483_647, 2_147_483_648, -2_147_483_649, 2 ** 53, -(2 ** 63), 1e308, 0.5];
const FAR_DATES = [
  '9999-12-31',
  '9999-12-31T23:59:59Z',
  '0000-01-01',
  '0001-01-01T00:00:00+14:00',
  '275760-09-13T00:00:00Z',
  '2026-02-30',
  '2026-13-01T00:00:00Z',
  'yesterday',
  '',
];
/** Values that pass many field checks, so that the rest of a body can reach the services and SQL. */
const PLAUSIBLE = [1, 2, 'ENDO', 'doctor01', 'nurse01', 'female', 'fasting', 'x', true, false, [], {}];

/** A deeply nested object and array (JSON stays small, the nesting is deep). */
const deep = (levels: number) => {
  let value: unknown = 'bottom';
  for (let i = 0; i < levels; i++) value = i % 2 ? { a: value } : [value];
  return value;
};

const badScalar = fc.oneof(
  fc.constantFrom(...INT_EDGES),
  fc.constantFrom(...FAR_DATES),
  fc.constantFrom(...PLAUSIBLE),
  fc.constantFrom(null, 'a\u0000b', '\u0000', 'x'.repeat(5_000), '1e309', '-0', ' ', '<script>'),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.string({ maxLength: 40 }),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
);
const badValue = fc.oneof(
  { weight: 6, arbitrary: badScalar },
  { weight: 1, arbitrary: fc.array(badScalar, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), badScalar, { maxKeys: 3 }) },
  { weight: 1, arbitrary: fc.constant(deep(60)) },
);

/** A bad body for a route with these fields: wrong shapes, and objects of its fields with bad values. */
const badBody = (fields: string[]) =>
  fc.oneof(
    { weight: 1, arbitrary: fc.constantFrom<unknown>([], null, 'text', 0, 2 ** 63, true, [{}], deep(200)) },
    { weight: 1, arbitrary: fc.array(badValue, { maxLength: 3 }) },
    {
      weight: 6,
      arbitrary: fields.length
        ? fc.record(Object.fromEntries(fields.map((field) => [field, badValue])), { requiredKeys: [] })
        : fc.dictionary(fc.string({ maxLength: 8 }), badValue, { maxKeys: 4 }),
    },
  );

const PATH_IDS = ['1', '0', '-1', '2147483648', '99999999999999999999', '1e3', 'abc', '%00', 'ENDO'];
const LIST_FIELDS = ['page', 'size', 'beginDate', 'endDate', 'startTime', 'endTime', 'date', 'id'];
const queryValue = fc.oneof(
  fc.constantFrom('0', '-1', '501', '2147483648', '1e309', '99999999999999999999', '1.5'),
  fc.constantFrom(...FAR_DATES.filter(Boolean)),
  fc.constantFrom('1', '20', 'ENDO', 'true', '2026-01-01', '2026-01-01T00:00:00Z'),
  fc.string({ maxLength: 20 }),
);

interface Target {
  method: string;
  url: string;
  fields: string[];
}

function targets(kind: 'write' | 'list'): Target[] {
  return t.app.routeTable
    .filter((route: RouteOptions) => {
      const method = String(route.method);
      if (!route.url.startsWith('/app-service/') || route.url.startsWith('/app-service/docs')) return false;
      if (SKIPPED.has(`${method} ${route.url}`) || answersStream(route)) return false;
      return kind === 'list' ? method === 'GET' : ['POST', 'PUT', 'DELETE', 'PATCH'].includes(method);
    })
    .map((route) => {
      const schema = (route.schema ?? {}) as { body?: unknown; querystring?: unknown };
      const fields = kind === 'write' ? fieldsOf(schema.body) : fieldsOf(schema.querystring);
      return {
        method: String(route.method),
        url: route.url,
        fields: kind === 'list' ? [...new Set([...fields, ...LIST_FIELDS])] : fields,
      };
    });
}

const withPathIds = (url: string, id: string) => url.replace(/:\w+/g, encodeURIComponent(id));

/** The answer is not a server failure, and an error keeps the envelope with a message. */
function expectHandled(res: Awaited<ReturnType<TestContext['request']>>, what: string) {
  expect(res.statusCode, `${what} → ${res.statusCode} ${res.body.slice(0, 300)}`).toBeLessThan(500);
  // the FHIR API answers bare FHIR resources, failures as OperationOutcome (docs/interop.md)
  if (String(res.headers['content-type'] ?? '').startsWith('application/fhir+json')) {
    const body = res.json();
    if (res.statusCode >= 400) expect(body.resourceType, what).toBe('OperationOutcome');
    else expect(typeof body.resourceType, what).toBe('string');
    return;
  }
  const json = String(res.headers['content-type'] ?? '').startsWith('application/json');
  if (res.statusCode >= 400 || json) {
    const body = res.json();
    expect(typeof body.code, what).toBe('string');
    expect(typeof body.message, what).toBe('string');
    expect(body.message.length, what).toBeGreaterThan(0);
    expect('dataContent' in body, what).toBe(true);
    // no SQL or stack trace in a message
    if (res.statusCode >= 400)
      expect(body.message, what).not.toMatch(/syntax error|relation "|\bat .+\.[jt]s:\d+/);
  }
}

const RUNS = { write: 30, list: 20 };

describe.each(['admin', 'nurse'])('as %s, bad input never gives a 5xx', (who) => {
  it('on every write route (generated bodies and path ids)', { timeout: 180_000 }, async () => {
    const routes = targets('write');
    expect(routes.length).toBeGreaterThan(80);
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(badBody(route.fields), fc.constantFrom(...PATH_IDS), async (body, id) => {
          const url = withPathIds(route.url, id);
          const res = await t.request({
            method: route.method as 'POST',
            url,
            token: tokens[who],
            payload: JSON.stringify(body),
            headers: { 'content-type': 'application/json' },
          });
          expectHandled(res, `${route.method} ${url} ${JSON.stringify(body).slice(0, 300)}`);
        }),
        {
          seed: SEED,
          numRuns: RUNS.write,
          endOnFailure: true,
          // the shapes issue 13 names go to every route, besides the generated ones
          examples: [
            [[], '1'],
            [null, '1'],
            ['text', '1'],
            [deep(200), '1'],
            [
              Object.fromEntries(route.fields.map((f) => [f, f === 'version' ? 2_147_483_648 : 1])),
              '2147483648',
            ],
          ],
        },
      );
    }
    // the session survived the run: the routes were checked, not merely refused
    const me = await t.request({
      method: 'GET',
      url: '/app-service/v1/patients/hospitalizedPatients',
      token: tokens[who],
    });
    expect(me.statusCode).toBe(200);
  });

  it('on every list route (generated queries)', { timeout: 180_000 }, async () => {
    const routes = targets('list');
    expect(routes.length).toBeGreaterThan(80);
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(
          fc.record(Object.fromEntries(route.fields.map((field) => [field, queryValue])), {
            requiredKeys: [],
          }),
          fc.constantFrom(...PATH_IDS),
          async (query, id) => {
            const search = new URLSearchParams(query as Record<string, string>).toString();
            const url = `${withPathIds(route.url, id)}${search ? `?${search}` : ''}`;
            const res = await t.request({ method: 'GET', url, token: tokens[who] });
            expectHandled(res, `GET ${url}`);
          },
        ),
        {
          seed: SEED,
          numRuns: RUNS.list,
          endOnFailure: true,
          examples: [
            [{ endDate: '9999-12-31' }, '1'],
            [{ beginDate: '9999-12-31', endDate: '9999-12-31' }, '1'],
            [{ startTime: '9999-12-31T23:59:59Z', endTime: '9999-12-31T23:59:59Z' }, '1'],
            [{ page: '99999999999', size: '500' }, '99999999999999999999'],
            [{ date: '0000-01-01', beginDate: '2026-02-30' }, '1'],
          ],
        },
      );
    }
  });
});

describe('the cases issue 13 names', () => {
  const send = (method: 'PUT' | 'POST' | 'GET', url: string, body?: unknown, lang?: string) =>
    t.request({
      method,
      url: `/app-service${url}`,
      token: tokens.admin,
      lang,
      ...(body === undefined
        ? {}
        : { payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
    });

  it('a version beyond PostgreSQL’s integer answers 400 at the field; the largest one reaches the row', async () => {
    const list = await send('GET', '/v1/patients/hospitalizedPatients?size=1');
    const id = list.json().dataContent.records[0].id as number;
    const detail = (await send('GET', `/v1/patients/hospitalizedPatient?patientId=${id}`)).json().dataContent;
    const body = {
      id,
      name: detail.name,
      gender: detail.gender,
      dateOfBirth: detail.dateOfBirth,
      age: detail.age,
      inpatientNumber: detail.inpatientNumber,
      wristbandCode: detail.wristbandCode,
    };
    const over = await send('PUT', '/v1/patients', { ...body, version: 2_147_483_648 });
    expect(over.statusCode, over.body).toBe(400);
    expect(over.json().dataContent.errors).toEqual([
      { field: 'version', message: 'The record version is missing; reload the patient and try again' },
    ]);
    // the edge itself is a valid version, only a stale one
    expect((await send('PUT', '/v1/patients', { ...body, version: 2_147_483_647 })).statusCode).toBe(409);
  });

  it('a body of [] where an object is expected answers 400, even where a cross-field rule follows', async () => {
    for (const url of ['/v1/itemDisplay/setting', '/v1/patients/applyHospitalization']) {
      const res = await send('POST', url, []);
      expect(res.statusCode, `${url} ${res.body}`).toBe(400);
      expect(res.json().code).toBe('400');
    }
  });

  it.each([
    ['en-US', 'Dates must lie between 1900-01-01 and 2999-12-31'],
    ['zh-CN', '日期须在 1900-01-01 至 2999-12-31 之间'],
  ])('endDate=9999-12-31 answers 400 saying which dates are accepted (%s)', async (lang, text) => {
    for (const url of [
      '/v1/patients/dischargedPatients?endDate=9999-12-31',
      '/v1/crisisPatient/query?beginDate=2026-01-01&endDate=9999-12-31',
    ]) {
      const res = await send('GET', url, undefined, lang);
      expect(res.statusCode, `${url} ${res.body}`).toBe(400);
      expect(res.json().dataContent.errors).toEqual([{ field: 'endDate', message: text }]);
    }
  });
});

describe('a value PostgreSQL refuses', () => {
  it('answers 400 with a message when a schema let it through, never 500', async () => {
    const app = await buildApp(loadConfig({ LOG_LEVEL: 'silent' }), { db: t.handle.db, logger: false });
    // stands for a route whose schema forgot a bound: the value reaches an integer cast
    app.get('/app-service/v1/unbounded', { config: { permission: 'public' } }, async () => {
      await app.db.execute(sql`select ${'2147483648'}::int`);
      return { code: '1', message: 'Success', dataContent: null };
    });
    for (const [lang, text] of [
      ['en-US', 'A value in the request is outside the range or format this field accepts'],
      ['zh-CN', '请求中的某个值超出了该字段允许的范围或格式'],
    ]) {
      const res = await app.inject({
        method: 'GET',
        url: '/app-service/v1/unbounded',
        headers: { 'accept-language': lang },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: '400', message: text, dataContent: null });
    }
    await app.close();
  });
});
