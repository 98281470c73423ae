import { PERMISSIONS } from '@glucocare/domain';
import { wardDashboardView } from '@glucocare/domain/responses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../http/envelope';
import { sessionOf } from '../../http/session';
import { wardDashboard } from './ward';

const tags = ['monitor'];

const wardQuery = z.object({ departmentCode: z.string().trim().min(1).max(64).optional() });

/** The ward-wide dashboard (spec §2, issue 20): a staff screen behind the session and its scope. */
export async function wardDashboardRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/v1/monitor/ward',
    {
      config: { permission: PERMISSIONS.monitor.wardDashboard.list },
      schema: {
        tags,
        summary:
          'The ward-wide dashboard of one ward of the caller’s scope (or every ward of it): in hospital, ' +
          'newly admitted, managed today, measurements today, abnormal and critical ratios, recent tests and ' +
          'critical values, each bed’s now; a ward outside the scope → 404',
        querystring: wardQuery,
        response: { 200: envelopeOf(wardDashboardView) },
      },
    },
    async (request) =>
      ok(
        request,
        // a screen refreshed every few seconds: the read replica's (app.ts `replica`)
        await wardDashboard(
          app.replica,
          sessionOf(request),
          request.lang,
          app.clock(),
          request.query.departmentCode,
        ),
      ),
  );
}
