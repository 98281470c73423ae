import { menuCreateSchema, menuUpdateSchema, PERMISSIONS } from '@glucocare/domain';
import { adminMenuNodeView, adminMenuView } from '@glucocare/domain/responses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../http/envelope';
import { sessionOf } from '../../http/session';
import { resourceRoutes } from '../../lib/resource-routes';
import { allMenuTree, createMenu, deleteMenu, updateMenu } from './service';

const tags = ['menus'];

export async function menuRoutes(app: FastifyInstance) {
  const { list, edit, delete: remove } = PERMISSIONS.system.menus;
  // The tree answers nodes with their children, not the resource's rows: not the kit's list.
  app.withTypeProvider<ZodTypeProvider>().get(
    '/v1/menus/allTree',
    {
      config: { permission: list },
      schema: {
        tags,
        summary: 'Every menu and button of the tenant',
        response: { 200: envelopeOf(z.array(adminMenuNodeView)) },
      },
    },
    async (request) => ok(request, await allMenuTree(app.db, sessionOf(request).tenantId, request.lang)),
  );
  resourceRoutes(app, {
    tags,
    view: adminMenuView,
    noun: 'a menu or button',
    permissions: { read: list, edit, delete: remove },
  })
    .create('/v1/menus', {
      body: menuCreateSchema,
      handler: (db, session, body, meta, lang) => createMenu(db, session, body, lang, meta),
    })
    .update('/v1/menus', {
      summary: 'Update a menu or button',
      body: menuUpdateSchema,
      handler: (db, session, body, meta, lang) => updateMenu(db, session, body, lang, meta),
    })
    .remove('/v1/menus', {
      summary: 'Delete a menu without children (version must match)',
      handler: deleteMenu,
    });
}
