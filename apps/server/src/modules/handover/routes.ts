import { handoverQuerySchema, PERMISSIONS } from '@glucocare/domain';
import { handoverView } from '@glucocare/domain/responses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeOf, ok } from '../../http/envelope';
import { sessionOf } from '../../http/session';
import { handoverSummary } from './service';

const tags = ['shift hand-over'];

/** The shift hand-over summary of a ward (issue 15). */
export async function handoverRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/v1/handover',
    {
      config: { permission: PERMISSIONS.tasks.list },
      schema: {
        tags,
        summary:
          'Shift hand-over of a ward: readings taken and due, critical values opened and open at the end, rechecks pending, admissions, transfers and discharges of one shift (default: the one going on)',
        querystring: handoverQuerySchema,
        response: { 200: envelopeOf(handoverView) },
      },
    },
    async (request) =>
      ok(
        request,
        await handoverSummary(app.db, sessionOf(request), request.query, request.lang, app.clock()),
      ),
  );
}
