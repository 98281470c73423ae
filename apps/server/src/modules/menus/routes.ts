import { menuCreateSchema, menuUpdateSchema, PERMISSIONS } from '@glucocare/domain';
import { adminMenuNodeView, adminMenuView } from '@glucocare/domain/responses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, noDataEnvelope, ok } from '../../http/envelope';
import { sessionOf } from '../../http/session';
import { deleteByIdQuery } from '../../lib/query';
import { requestMeta } from '../audit/service';
import { allMenuTree, createMenu, deleteMenu, updateMenu } from './service';

const tags = ['menus'];

export async function menuRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/v1/menus/allTree',
    {
      config: { permission: PERMISSIONS.system.menus.list },
      schema: {
        tags,
        summary: 'Every menu and button of the tenant',
        response: { 200: envelopeOf(z.array(adminMenuNodeView)) },
      },
    },
    async (request) => ok(request, await allMenuTree(app.db, sessionOf(request).tenantId, request.lang)),
  );
  r.post(
    '/v1/menus',
    {
      config: { permission: PERMISSIONS.system.menus.edit },
      schema: {
        tags,
        summary: 'Create a menu or button',
        body: menuCreateSchema,
        response: { 200: envelopeOf(adminMenuView) },
      },
    },
    async (request) =>
      ok(
        request,
        await createMenu(app.db, sessionOf(request), request.body, request.lang, requestMeta(request)),
      ),
  );
  r.put(
    '/v1/menus',
    {
      config: { permission: PERMISSIONS.system.menus.edit },
      schema: {
        tags,
        summary: 'Update a menu or button',
        body: menuUpdateSchema,
        response: { 200: envelopeOf(adminMenuView) },
      },
    },
    async (request) =>
      ok(
        request,
        await updateMenu(app.db, sessionOf(request), request.body, request.lang, requestMeta(request)),
      ),
  );
  r.delete(
    '/v1/menus',
    {
      config: { permission: PERMISSIONS.system.menus.delete },
      schema: {
        tags,
        summary: 'Delete a menu without children (version must match)',
        querystring: deleteByIdQuery,
        response: { 200: noDataEnvelope },
      },
    },
    async (request) => {
      await deleteMenu(app.db, sessionOf(request), request.query, requestMeta(request));
      return ok(request, null);
    },
  );
}
