import {
  PERMISSIONS,
  pageParam,
  roleAuthoritySchema,
  roleCreateSchema,
  roleUpdateSchema,
} from '@glucocare/domain';
import { roleAuthorityView, roleGrantView, roleView } from '@glucocare/domain/responses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, noDataEnvelope, ok, pageOf } from '../../http/envelope';
import { sessionOf } from '../../http/session';
import { deleteQuery, idParam } from '../../lib/query';
import { requestMeta } from '../audit/service';
import { createRole, deleteRole, pageRoles, roleAuthority, saveRoleAuthority, updateRole } from './service';

const tags = ['roles'];

export async function roleRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/v1/roles',
    {
      config: { permission: PERMISSIONS.system.roles.list },
      schema: {
        tags,
        summary: 'Roles, paged',
        querystring: z.object({
          queryCondition: z.string().max(50).optional(),
          page: pageParam.default(1),
          size: pageParam.default(20),
        }),
        response: { 200: envelopeOf(pageOf(roleView)) },
      },
    },
    async (request) =>
      ok(
        request,
        await pageRoles(app.db, sessionOf(request).tenantId, {
          ...request.query,
          size: Math.min(request.query.size, 100),
        }),
      ),
  );
  r.post(
    '/v1/roles',
    {
      config: { permission: PERMISSIONS.system.roles.edit },
      schema: {
        tags,
        summary: 'Create a role',
        body: roleCreateSchema,
        response: { 200: envelopeOf(roleView) },
      },
    },
    async (request) =>
      ok(request, await createRole(app.db, sessionOf(request), request.body, requestMeta(request))),
  );
  r.put(
    '/v1/roles',
    {
      config: { permission: PERMISSIONS.system.roles.edit },
      schema: {
        tags,
        summary: 'Update a role',
        body: roleUpdateSchema,
        response: { 200: envelopeOf(roleView) },
      },
    },
    async (request) =>
      ok(request, await updateRole(app.db, sessionOf(request), request.body, requestMeta(request))),
  );
  r.delete(
    '/v1/roles/:id',
    {
      config: { permission: PERMISSIONS.system.roles.delete },
      schema: {
        tags,
        summary: 'Delete a role (version must match)',
        params: idParam,
        querystring: deleteQuery,
        response: { 200: noDataEnvelope },
      },
    },
    async (request) => {
      await deleteRole(
        app.db,
        sessionOf(request),
        { id: request.params.id, ...request.query },
        requestMeta(request),
      );
      return ok(request, null);
    },
  );
  r.get(
    '/v1/roles/authority/:id',
    {
      config: { permission: PERMISSIONS.system.roles.list },
      schema: {
        tags,
        summary: 'Menus and buttons granted to a role',
        params: idParam,
        response: { 200: envelopeOf(roleAuthorityView) },
      },
    },
    async (request) =>
      ok(request, await roleAuthority(app.db, sessionOf(request).tenantId, request.params.id, request.lang)),
  );
  r.post(
    '/v1/roles/authority',
    {
      config: { permission: PERMISSIONS.system.roles.edit },
      schema: {
        tags,
        summary: 'Replace the menus and buttons granted to a role',
        body: roleAuthoritySchema,
        response: { 200: envelopeOf(roleGrantView) },
      },
    },
    async (request) =>
      ok(request, await saveRoleAuthority(app.db, sessionOf(request), request.body, requestMeta(request))),
  );
}
