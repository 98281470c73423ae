import {
  changePasswordBodySchema,
  loginBodySchema,
  loginHisBodySchema,
  passwordRuleQuerySchema,
} from '@glucocare/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../http/envelope';
import { sessionOf } from '../../http/session';
import { requestMeta } from '../audit/service';
import { changePassword, login, loginHis, logout, passwordRuleFor } from './service';

const tokenResponse = envelopeOf(
  z.object({ access_token: z.string(), token_type: z.literal('bearer'), expires_in: z.number() }),
);

export async function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const rateLimit = { max: app.config.loginRateLimit, timeWindow: 60_000 };

  r.post(
    '/v1/login',
    {
      config: { permission: 'public', rateLimit },
      schema: {
        tags: ['session'],
        summary: 'Log in with tenant, user name and RSA-encrypted password',
        body: loginBodySchema,
        response: { 200: tokenResponse },
      },
    },
    async (request) => ok(request, await login(app, request.body, requestMeta(request))),
  );

  r.post(
    '/v1/loginHis',
    {
      config: { permission: 'public', rateLimit },
      schema: {
        tags: ['session'],
        summary: 'HIS single sign-on with a signed, single-use assertion',
        body: loginHisBodySchema,
        response: { 200: tokenResponse },
      },
    },
    async (request) => ok(request, await loginHis(app, request.body, requestMeta(request))),
  );

  r.post(
    '/v1/logout',
    { config: { permission: 'session' }, schema: { tags: ['session'], summary: 'End the current session' } },
    async (request) => {
      await logout(app, sessionOf(request), requestMeta(request));
      return ok(request, null, 'auth.loggedOut');
    },
  );

  r.put(
    '/v1/changePassword',
    {
      config: { permission: 'public', rateLimit },
      schema: {
        tags: ['session'],
        summary: 'Change a password (old password proves the user)',
        body: changePasswordBodySchema,
      },
    },
    async (request) => {
      await changePassword(app, request, request.body, requestMeta(request));
      return ok(request, null, 'auth.passwordUpdated');
    },
  );

  r.get(
    '/v1/passwordRule',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['session'],
        summary: 'Password rule of a tenant (lengths, strong flag, expiry months)',
        querystring: passwordRuleQuerySchema,
        response: {
          200: envelopeOf(
            z.object({
              minLength: z.number(),
              maxLength: z.number(),
              strong: z.boolean(),
              expiryMonths: z.number(),
              adminMinLength: z.number(),
            }),
          ),
        },
      },
    },
    async (request) => ok(request, await passwordRuleFor(app, request.query.tenant)),
  );
}
