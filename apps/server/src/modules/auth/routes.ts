import {
  changePasswordBodySchema,
  loginBodySchema,
  loginHisBodySchema,
  passwordRuleQuerySchema,
} from '@glucocare/domain';
import { accessTokenView, tenantPasswordRuleView } from '@glucocare/domain/responses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeOf, noDataEnvelope, ok } from '../../http/envelope';
import { sessionOf } from '../../http/session';
import { requestMeta } from '../audit/service';
import { passwordAttemptBudget } from './attempt-budget';
import { changePassword, login, loginHis, logout, passwordRuleFor } from './service';

const tokenResponse = envelopeOf(accessTokenView);

export async function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // one budget per client address for every way of trying a password, shared by all processes
  const passwordAttempts = passwordAttemptBudget(app);

  r.post(
    '/v1/login',
    {
      config: { permission: 'public' },
      onRequest: passwordAttempts,
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
      config: { permission: 'public' },
      onRequest: passwordAttempts,
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
    {
      config: { permission: 'session' },
      schema: { tags: ['session'], summary: 'End the current session', response: { 200: noDataEnvelope } },
    },
    async (request) => {
      await logout(app, sessionOf(request), requestMeta(request));
      return ok(request, null, 'auth.loggedOut');
    },
  );

  r.put(
    '/v1/changePassword',
    {
      config: { permission: 'public' },
      onRequest: passwordAttempts,
      schema: {
        tags: ['session'],
        summary: 'Change a password (old password proves the user)',
        body: changePasswordBodySchema,
        response: { 200: noDataEnvelope },
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
        response: { 200: envelopeOf(tenantPasswordRuleView) },
      },
    },
    async (request) => ok(request, await passwordRuleFor(app, request.query.tenant)),
  );
}
