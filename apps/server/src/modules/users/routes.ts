import { pageParam, userNameSchema } from '@glucocare/domain';
import { menuNodeView, profileView, signInEventView } from '@glucocare/domain/responses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok, pageOf } from '../../http/envelope';
import { forbidden } from '../../http/errors';
import { sessionOf } from '../../http/session';
import { userPermissions } from '../auth/sessions';
import { authorizedMenuTree } from '../menus/service';
import { loginHistory, profile } from './service';

export async function userRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/v1/users/profile',
    {
      config: { permission: 'session' },
      schema: {
        tags: ['session'],
        summary: 'The signed-in user',
        response: {
          200: envelopeOf(profileView),
        },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      const [user, permissions] = await Promise.all([
        profile(app.db, session, request.lang),
        userPermissions(app, session),
      ]);
      return ok(request, { ...user, permissions });
    },
  );

  r.get(
    '/v1/users/authorityMenus',
    {
      config: { permission: 'session' },
      schema: {
        tags: ['session'],
        summary: "The menu tree of the user's roles",
        querystring: z.object({ userName: userNameSchema, roles: z.string().max(500).optional() }),
        response: { 200: envelopeOf(z.array(menuNodeView)) },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      // The query names the user as the spec's client sends it; the session decides what is shown.
      if (request.query.userName.toLowerCase() !== session.userName.toLowerCase()) throw forbidden();
      return ok(request, await authorizedMenuTree(app.db, session.tenantId, session.roleIds, request.lang));
    },
  );

  r.get(
    '/v1/users/loginHistory',
    {
      config: { permission: 'session' },
      schema: {
        tags: ['session'],
        summary: "The caller's own sign-in events",
        querystring: z.object({ page: pageParam.default(1), size: pageParam.default(20) }),
        response: {
          200: envelopeOf(pageOf(signInEventView)),
        },
      },
    },
    async (request) => {
      const size = Math.min(request.query.size, 100);
      return ok(request, await loginHistory(app.db, sessionOf(request), request.query.page, size));
    },
  );
}
