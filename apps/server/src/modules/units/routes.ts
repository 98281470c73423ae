import { PERMISSIONS, UNIT_CATEGORIES, unitSaveSchema } from '@glucocare/domain';
import { unitView } from '@glucocare/domain/responses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, noDataEnvelope, ok } from '../../http/envelope';
import { sessionOf } from '../../http/session';
import { idParam } from '../../lib/query';
import { requestMeta } from '../audit/service';
import { createUnit, deleteUnit, listUnits } from './service';

const tags = ['units'];

/** The units of each category: the display unit of GLU, KET and UA, and the DRUG and INSPECTION catalogues. */
export async function unitRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/v1/units/list',
    {
      config: { permission: 'session' },
      schema: {
        tags: ['session', ...tags],
        summary: 'Units of a category (a GLU unit named mgDl means mg/dL display); every category when none',
        querystring: z.object({ category: z.enum(UNIT_CATEGORIES).optional() }),
        response: { 200: envelopeOf(z.array(unitView)) },
      },
    },
    async (request) =>
      ok(request, await listUnits(app.db, sessionOf(request).tenantId, request.query.category)),
  );
  r.post(
    '/v1/units/save',
    {
      config: { permission: PERMISSIONS.settings.catalogues.edit },
      schema: {
        tags,
        summary: 'Add a DRUG or INSPECTION unit (display units are changed by the item display setting)',
        body: unitSaveSchema,
        response: { 200: envelopeOf(unitView) },
      },
    },
    async (request) =>
      ok(request, await createUnit(app.db, sessionOf(request), request.body, requestMeta(request))),
  );
  r.delete(
    '/v1/units/:id',
    {
      config: { permission: PERMISSIONS.settings.catalogues.edit },
      schema: {
        tags,
        summary: 'Remove a DRUG or INSPECTION unit',
        params: idParam,
        response: { 200: noDataEnvelope },
      },
    },
    async (request) => {
      await deleteUnit(app.db, sessionOf(request), request.params.id, requestMeta(request));
      return ok(request, null);
    },
  );
}
