import type { Lang } from '@glucocare/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '../db/client';
import { envelopeOf, noDataEnvelope, ok, pageOf } from '../http/envelope';
import { type Permission, sessionOf } from '../http/session';
import { type RequestMeta, requestMeta } from '../modules/audit/service';
import type { SessionUser } from '../modules/auth/sessions';
import type { Page } from './page';
import { deleteByIdQuery, deleteQuery, idParam, pageQueryFields } from './query';
import type { VersionedKey } from './resource';

/** What one resource's routes share: the OpenAPI tag, the row's response schema, who may read and change. */
export interface ResourceRoutesOptions<V extends z.ZodType> {
  tags: string[];
  /** The response schema of one row (domain `responses`). */
  view: V;
  /** The row's name with its article ("a drug", "an insulin period"), for the summaries not written out. */
  noun: string;
  /** `read` guards the administration page; `edit` the changes; `delete` deletions (`edit` when absent). */
  permissions: { read?: Permission; edit: Permission; delete?: Permission };
}

/** What a handler returns for one row: the shape the response schema checks and sends. */
type Row<V extends z.ZodType> = z.output<V>;
type PageQueryOf<Q extends z.ZodRawShape> = z.output<z.ZodObject<typeof pageQueryFields & Q>>;

interface RouteText {
  summary?: string;
  /** Overrides the permission the options give this kind of route. */
  permission?: Permission;
}

/**
 * The standard routes of a tenant-owned resource (a {@link defineResource} behind its service):
 * page, enabled list, create, versioned update, status and delete, each with the conventions every
 * route keeps (envelope in the caller's language, the session's tenant, the request's audit meta, a
 * declared response schema). Paths are given whole: the spec's paths differ from one resource to the
 * next (`/page`, `/query`, `/list`; `/:id` or `?id=`), and API clients depend on them as they are.
 * Registered without the zod type provider: the handler types here are what tie the schemas to the
 * service functions, which the provider cannot follow through generic schemas.
 * The handlers are the service's functions: (db, tenant, query, lang) to read, (db, session, body,
 * meta, lang) to change; a stale version answers 409 from the service (`defineResource`).
 */
export function resourceRoutes<V extends z.ZodType>(app: FastifyInstance, options: ResourceRoutesOptions<V>) {
  const { tags, view, noun, permissions } = options;
  const edit = permissions.edit;

  function change<B extends z.ZodType>(
    method: 'POST' | 'PUT',
    path: string,
    route: RouteText & {
      body: B;
      handler: (
        db: Database,
        session: SessionUser,
        body: z.output<B>,
        meta: RequestMeta,
        lang: Lang,
      ) => Promise<Row<V>>;
    },
    summary: string,
  ) {
    app.route({
      method,
      url: path,
      config: { permission: route.permission ?? edit },
      schema: {
        tags,
        summary: route.summary ?? summary,
        body: route.body,
        response: { 200: envelopeOf(view) },
      },
      handler: async (request) =>
        ok(
          request,
          await route.handler(
            app.db,
            sessionOf(request),
            request.body as z.output<B>,
            requestMeta(request),
            request.lang,
          ),
        ),
    });
  }

  const routes = {
    /** The administration page: paging and free text plus the resource's own filters. */
    page<Q extends z.ZodRawShape>(
      path: string,
      route: RouteText & {
        summary: string;
        query: Q;
        /** `session` for resources scoped by department (the tenant alone serves the others). */
        handler: (
          db: Database,
          tenantId: string,
          query: PageQueryOf<Q>,
          lang: Lang,
          session: SessionUser,
        ) => Promise<Page<Row<V>>>;
      },
    ) {
      const permission = route.permission ?? permissions.read;
      if (!permission) throw new Error(`${path}: a page needs a read permission`);
      app.get(
        path,
        {
          config: { permission },
          schema: {
            tags,
            summary: route.summary,
            querystring: z.object({ ...pageQueryFields, ...route.query }),
            response: { 200: envelopeOf(pageOf(view)) },
          },
        },
        async (request) =>
          ok(
            request,
            await route.handler(
              app.db,
              sessionOf(request).tenantId,
              request.query as PageQueryOf<Q>,
              request.lang,
              sessionOf(request),
            ),
          ),
      );
      return routes;
    },

    /** The rows pickers offer (any signed-in user unless a permission is given), narrowed by `query` when declared. */
    list<Q extends z.ZodRawShape = Record<never, never>>(
      path: string,
      route: RouteText & {
        summary: string;
        query?: Q;
        handler: (
          db: Database,
          tenantId: string,
          query: z.output<z.ZodObject<Q>>,
          lang: Lang,
        ) => Promise<Row<V>[]>;
      },
    ) {
      app.get(
        path,
        {
          config: { permission: route.permission ?? 'session' },
          schema: {
            tags,
            summary: route.summary,
            ...(route.query ? { querystring: z.object(route.query) } : {}),
            response: { 200: envelopeOf(z.array(view)) },
          },
        },
        async (request) =>
          ok(
            request,
            await route.handler(
              app.db,
              sessionOf(request).tenantId,
              (request.query ?? {}) as z.output<z.ZodObject<Q>>,
              request.lang,
            ),
          ),
      );
      return routes;
    },

    create<B extends z.ZodType>(path: string, route: Parameters<typeof change<B>>[2]) {
      change('POST', path, route, `Create ${noun}`);
      return routes;
    },

    /** One POST that creates (no id) or updates (id, version), where the spec has one save path. */
    save<B extends z.ZodType>(path: string, route: Parameters<typeof change<B>>[2]) {
      change('POST', path, route, `Create (no id) or update (id, version) ${noun}`);
      return routes;
    },

    /** The body names the version it was read at. */
    update<B extends z.ZodType>(path: string, route: Parameters<typeof change<B>>[2]) {
      change('PUT', path, route, `Update ${noun} (version must match)`);
      return routes;
    },

    /** Enable or stop (`{ id, isActive, version }`). */
    status<B extends z.ZodType>(path: string, route: Parameters<typeof change<B>>[2]) {
      change('PUT', path, route, `Enable or stop ${noun} (version must match)`);
      return routes;
    },

    /**
     * An action on one row, `POST …/:id/…` with a body (open a vial, lend a meter): the edit permission
     * unless the route names one; the answer is the row, or `view` when the action answers another.
     */
    action<B extends z.ZodType, A extends z.ZodType = V>(
      path: string,
      route: RouteText & {
        summary: string;
        body: B;
        view?: A;
        handler: (
          db: Database,
          session: SessionUser,
          id: number,
          body: z.output<B>,
          meta: RequestMeta,
          lang: Lang,
        ) => Promise<z.output<A>>;
      },
    ) {
      app.post(
        path,
        {
          config: { permission: route.permission ?? edit },
          schema: {
            tags,
            summary: route.summary,
            params: idParam,
            body: route.body,
            response: { 200: envelopeOf(route.view ?? view) },
          },
        },
        async (request) =>
          ok(
            request,
            await route.handler(
              app.db,
              sessionOf(request),
              (request.params as z.output<typeof idParam>).id,
              request.body as z.output<B>,
              requestMeta(request),
              request.lang,
            ),
          ),
      );
      return routes;
    },

    /**
     * Delete with the version read and an optional reason: the id in the path when the path has
     * `:id`, else in the query (`?id=&version=`), as the spec's paths do.
     */
    remove(
      path: string,
      route: RouteText & {
        handler: (
          db: Database,
          session: SessionUser,
          key: VersionedKey & { reason?: string },
          meta: RequestMeta,
          lang: Lang,
        ) => Promise<unknown>;
      },
    ) {
      const idInPath = path.endsWith('/:id');
      app.delete(
        path,
        {
          config: { permission: route.permission ?? permissions.delete ?? edit },
          schema: {
            tags,
            summary: route.summary ?? `Delete ${noun} (version must match)`,
            ...(idInPath ? { params: idParam, querystring: deleteQuery } : { querystring: deleteByIdQuery }),
            response: { 200: noDataEnvelope },
          },
        },
        async (request) => {
          const query = request.query as z.output<typeof deleteQuery> & { id?: number };
          const id = idInPath ? (request.params as z.output<typeof idParam>).id : (query.id as number);
          await route.handler(
            app.db,
            sessionOf(request),
            { ...query, id },
            requestMeta(request),
            request.lang,
          );
          return ok(request, null);
        },
      );
      return routes;
    },
  };
  return routes;
}
