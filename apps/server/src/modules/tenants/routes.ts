import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tenants, units } from '../../db/schema';
import { envelopeOf, ok } from '../../http/envelope';
import { notFound } from '../../http/errors';
import { sessionOf } from '../../http/session';
import { getSetting } from '../settings/service';

const unitCategory = z.enum(['GLU', 'KET', 'UA']);

export async function tenantRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/v1/tenants/current',
    {
      config: { permission: 'session' },
      schema: {
        tags: ['session'],
        summary: "The signed-in user's organisation (hospital) and its names in both languages",
        response: {
          200: envelopeOf(
            z.object({
              tenant: z.string(),
              tenantName: z.string(),
              organizationName: z.string(),
              organizationCode: z.string(),
              names: z.object({ 'en-US': z.string(), 'zh-CN': z.string() }),
            }),
          ),
        },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      const [tenant] = await app.db.select().from(tenants).where(eq(tenants.id, session.tenantId));
      if (!tenant) throw notFound();
      const name = request.lang === 'zh-CN' ? tenant.nameZh : tenant.nameEn;
      return ok(request, {
        tenant: tenant.id,
        tenantName: name,
        organizationName: name,
        organizationCode: tenant.organizationCode ?? tenant.id,
        names: { 'en-US': tenant.nameEn, 'zh-CN': tenant.nameZh },
      });
    },
  );

  r.get(
    '/v1/systemSetting/workMode/isOutside',
    {
      config: { permission: 'session' },
      schema: {
        tags: ['session'],
        summary: 'Whether the tenant works in out-of-hospital mode',
        response: { 200: envelopeOf(z.boolean()) },
      },
    },
    async (request) =>
      ok(request, await getSetting(app.db, sessionOf(request).tenantId, 'workMode.isOutside')),
  );

  r.get(
    '/v1/units/list',
    {
      config: { permission: 'session' },
      schema: {
        tags: ['session'],
        summary: 'Units in use for an item category (a GLU unit named mgDl means mg/dL display)',
        querystring: z.object({ category: unitCategory.optional() }),
        response: {
          200: envelopeOf(
            z.array(z.object({ id: z.number(), category: z.string(), code: z.string(), name: z.string() })),
          ),
        },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      const rows = await app.db
        .select({ id: units.id, category: units.category, code: units.code, name: units.name })
        .from(units)
        .where(
          and(
            eq(units.tenantId, session.tenantId),
            request.query.category ? eq(units.category, request.query.category) : undefined,
          ),
        )
        .orderBy(asc(units.category), asc(units.sort), asc(units.id));
      return ok(request, rows);
    },
  );
}
