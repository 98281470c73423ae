import { PERMISSIONS, roleAuthoritySchema, roleCreateSchema, roleUpdateSchema } from '@glucocare/domain';
import { roleAuthorityView, roleGrantView, roleView } from '@glucocare/domain/responses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeOf, ok } from '../../http/envelope';
import { sessionOf } from '../../http/session';
import { idParam } from '../../lib/query';
import { resourceRoutes } from '../../lib/resource-routes';
import { requestMeta } from '../audit/service';
import { createRole, deleteRole, pageRoles, roleAuthority, saveRoleAuthority, updateRole } from './service';

const tags = ['roles'];

export async function roleRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { list, edit, delete: remove } = PERMISSIONS.system.roles;
  resourceRoutes(app, {
    tags,
    view: roleView,
    noun: 'a role',
    permissions: { read: list, edit, delete: remove },
  })
    .page('/v1/roles', {
      summary: 'Roles, paged',
      query: {},
      handler: (db, tenantId, query) =>
        pageRoles(db, tenantId, { ...query, size: Math.min(query.size, 100) }),
    })
    .create('/v1/roles', { body: roleCreateSchema, handler: createRole })
    .update('/v1/roles', { summary: 'Update a role', body: roleUpdateSchema, handler: updateRole })
    .remove('/v1/roles/:id', { handler: deleteRole });
  // A role's grants are not rows of the resource: they stay hand-written.
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
