import { sql } from 'drizzle-orm';
import type { TestContext } from './harness';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Calls `/app-service{url}` with a bearer token, a JSON body and an Accept-Language. */
export function apiOf(t: TestContext) {
  return (method: Method, url: string, token: string, payload?: unknown, lang?: string) =>
    t.request({ method, url: `/app-service${url}`, token, payload: payload as object, lang });
}

/** Audit rows of one entity and action in a tenant (most recent last). */
export async function auditRows(
  t: TestContext,
  entity: string,
  entityId: number | string,
  action: string,
  tenantId = '101',
) {
  const { rows } = await t.handle.db.execute<{ before: unknown; after: unknown; actor_name: string }>(sql`
    select before, after, actor_name from audit_log
     where tenant_id = ${tenantId} and entity = ${entity} and entity_id = ${String(entityId)}
       and action = ${action}
     order by id`);
  return rows;
}

/**
 * Whether a route answers a never-ending stream (the push channel): tests that call every route with
 * inject() would wait for it forever; its own tests (modules/live) open it over real HTTP.
 */
export function answersStream(route: { schema?: unknown }): boolean {
  const answers = (route.schema as { response?: Record<string, { content?: Record<string, unknown> }> })
    ?.response;
  return Object.values(answers ?? {}).some((answer) => !!answer?.content?.['text/event-stream']);
}
