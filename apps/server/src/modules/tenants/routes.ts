import { PERMISSIONS, tenantNameSchema } from '@glucocare/domain';
import { isOutsideView, organisationView } from '@glucocare/domain/responses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeOf, ok } from '../../http/envelope';
import { sessionOf } from '../../http/session';
import { requestMeta } from '../audit/service';
import { getSetting } from '../settings/service';
import { findTenant, renameTenant, tenantView } from './service';

export async function tenantRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/v1/tenants/current',
    {
      config: { permission: 'session' },
      schema: {
        tags: ['session'],
        summary: "The signed-in user's organisation (hospital) and its names in both languages",
        response: { 200: envelopeOf(organisationView) },
      },
    },
    async (request) =>
      ok(request, tenantView(await findTenant(app.db, sessionOf(request).tenantId), request.lang)),
  );

  r.put(
    '/v1/tenants',
    {
      config: { permission: PERMISSIONS.system.hospitalName.edit },
      schema: {
        tags: ['session'],
        summary: 'Rename the hospital: tenantName in the request language, or tenantNameEn / tenantNameZh',
        body: tenantNameSchema,
        response: { 200: envelopeOf(organisationView) },
      },
    },
    async (request) =>
      ok(
        request,
        await renameTenant(app.db, sessionOf(request), request.body, request.lang, requestMeta(request)),
      ),
  );

  r.get(
    '/v1/systemSetting/workMode/isOutside',
    {
      config: { permission: 'session' },
      schema: {
        tags: ['session'],
        summary: 'Whether the tenant works in out-of-hospital mode',
        response: { 200: envelopeOf(isOutsideView) },
      },
    },
    async (request) =>
      ok(request, await getSetting(app.db, sessionOf(request).tenantId, 'workMode.isOutside')),
  );
}
