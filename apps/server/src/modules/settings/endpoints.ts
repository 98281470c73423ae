import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { envelopeOf, ok } from '../../http/envelope';
import type { Permission } from '../../http/session';
import { sessionOf } from '../../http/session';
import { requestMeta } from '../audit/service';
import { changeSetting, getSetting, resetSetting, type SettingKey, type SettingValue } from './service';

/**
 * One single-value setting exposed as `GET path` (read) and `POST path` (replace), the shape most
 * "System settings" calls of spec §7 have. The POST body is validated by `body` (a domain schema),
 * turned into the stored value by `apply` (default: the body is the value), saved with an audit row,
 * and answered with the same view as the GET.
 */
export interface SettingEndpoint<K extends SettingKey, B extends z.ZodType, V extends z.ZodType> {
  path: string;
  key: K;
  /** who may GET it; null when another module already serves the GET (only the POST is added) */
  read: Permission | null;
  write: Permission;
  summary: string;
  tags: string[];
  body: B;
  /** the GET/POST answer's schema (OpenAPI) */
  response: V;
  /**
   * what GET answers (default: the stored value); gets the request for answers that depend on its
   * tenant or language (a default taken from the hospital's name)
   */
  view?: (value: SettingValue<K>, request: FastifyRequest) => z.infer<V> | Promise<z.infer<V>>;
  /** the stored value a valid body gives (default: the body itself) */
  apply?: (body: z.infer<B>, current: SettingValue<K>) => SettingValue<K>;
  /**
   * also `DELETE path`: back to the key's default (audited like a change), for a setting whose
   * default is not a value a person could type back (the report title that follows the hospital name)
   */
  resettable?: boolean;
}

export function settingEndpoint<K extends SettingKey, B extends z.ZodType, V extends z.ZodType>(
  app: FastifyInstance,
  endpoint: SettingEndpoint<K, B, V>,
): void {
  // Plain (untyped) routes: the generic schemas defeat the type provider's inference; the zod
  // validator and serializer still run on `schema`.
  const view = endpoint.view ?? ((value: SettingValue<K>) => value as z.infer<V>);
  if (endpoint.read) {
    app.get(
      endpoint.path,
      {
        config: { permission: endpoint.read },
        schema: {
          tags: endpoint.tags,
          summary: endpoint.summary,
          response: { 200: envelopeOf(endpoint.response) },
        },
      },
      async (request) =>
        ok(request, await view(await getSetting(app.db, sessionOf(request).tenantId, endpoint.key), request)),
    );
  }
  app.post(
    endpoint.path,
    {
      config: { permission: endpoint.write },
      schema: {
        tags: endpoint.tags,
        summary: `Change: ${endpoint.summary}`,
        body: endpoint.body,
        response: { 200: envelopeOf(endpoint.response) },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      const body = request.body as z.infer<B>;
      const apply = endpoint.apply;
      const next = apply
        ? (current: SettingValue<K>) => apply(body, current)
        : (body as unknown as SettingValue<K>);
      return ok(
        request,
        await view(await changeSetting(app.db, session, endpoint.key, next, requestMeta(request)), request),
      );
    },
  );
  if (endpoint.resettable) {
    app.delete(
      endpoint.path,
      {
        config: { permission: endpoint.write },
        schema: {
          tags: endpoint.tags,
          summary: `Back to the default: ${endpoint.summary}`,
          response: { 200: envelopeOf(endpoint.response) },
        },
      },
      async (request) =>
        ok(
          request,
          await view(
            await resetSetting(app.db, sessionOf(request), endpoint.key, requestMeta(request)),
            request,
          ),
        ),
    );
  }
}
