import { PERMISSIONS, UNIT_CATEGORIES, unitSaveSchema } from '@glucocare/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../http/envelope';
import { sessionOf } from '../../http/session';
import { idParam } from '../../lib/query';
import { requestMeta } from '../audit/service';
import { createUnit, deleteUnit, listUnits } from './service';

const unit = z.object({ id: z.number(), category: z.string(), code: z.string(), name: z.string() });
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
        response: { 200: envelopeOf(z.array(unit)) },
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
        response: { 200: envelopeOf(unit) },
      },
    },
    async (request) =>
      ok(request, await createUnit(app.db, sessionOf(request), request.body, requestMeta(request))),
  );
  r.delete(
    '/v1/units/:id',
    {
      config: { permission: PERMISSIONS.settings.catalogues.edit },
      schema: { tags, summary: 'Remove a DRUG or INSPECTION unit', params: idParam },
    },
    async (request) => {
      await deleteUnit(app.db, sessionOf(request), request.params.id, requestMeta(request));
      return ok(request, null);
    },
  );
}
