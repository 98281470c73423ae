import {
  drugCategoryCreateSchema,
  drugCategoryUpdateSchema,
  drugCreateSchema,
  drugUpdateSchema,
  PERMISSIONS,
} from '@glucocare/domain';
import { drugCategoryView, drugView } from '@glucocare/domain/responses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, noDataEnvelope, ok, pageOf } from '../../http/envelope';
import { sessionOf } from '../../http/session';
import { activeFilter, deleteQuery, idParam, pageQueryFields } from '../../lib/query';
import { requestMeta } from '../audit/service';
import {
  createCategory,
  createDrug,
  deleteCategory,
  deleteDrug,
  enabledDrugs,
  listCategories,
  pageDrugs,
  updateCategory,
  updateDrug,
} from './service';

const tags = ['drugs'];

/** Drug categories and the drug dictionary (api-precedents: /v1/medicationCategory, /v1/medication). */
export async function drugRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/v1/medicationCategory/list',
    {
      config: { permission: PERMISSIONS.system.drugs.list },
      schema: {
        tags,
        summary: 'Drug categories with the number of drugs in each',
        response: { 200: envelopeOf(z.array(drugCategoryView)) },
      },
    },
    async (request) => ok(request, await listCategories(app.db, sessionOf(request).tenantId, request.lang)),
  );
  r.post(
    '/v1/medicationCategory',
    {
      config: { permission: PERMISSIONS.system.drugs.edit },
      schema: {
        tags,
        summary: 'Create a drug category',
        body: drugCategoryCreateSchema,
        response: { 200: envelopeOf(drugCategoryView) },
      },
    },
    async (request) =>
      ok(
        request,
        await createCategory(app.db, sessionOf(request), request.body, requestMeta(request), request.lang),
      ),
  );
  r.put(
    '/v1/medicationCategory',
    {
      config: { permission: PERMISSIONS.system.drugs.edit },
      schema: {
        tags,
        summary: 'Update a drug category (version must match)',
        body: drugCategoryUpdateSchema,
        response: { 200: envelopeOf(drugCategoryView) },
      },
    },
    async (request) =>
      ok(
        request,
        await updateCategory(app.db, sessionOf(request), request.body, requestMeta(request), request.lang),
      ),
  );
  r.delete(
    '/v1/medicationCategory/:id',
    {
      config: { permission: PERMISSIONS.system.drugs.delete },
      schema: {
        tags,
        summary: 'Delete a drug category no drug belongs to (version must match)',
        params: idParam,
        querystring: deleteQuery,
        response: { 200: noDataEnvelope },
      },
    },
    async (request) => {
      await deleteCategory(
        app.db,
        sessionOf(request),
        { id: request.params.id, ...request.query },
        requestMeta(request),
      );
      return ok(request, null);
    },
  );

  r.get(
    '/v1/medication/page',
    {
      config: { permission: PERMISSIONS.system.drugs.list },
      schema: {
        tags,
        summary: 'Drugs, paged: by code, short code or name, category and enabled state',
        querystring: z.object({
          ...pageQueryFields,
          categoryCode: z.string().max(32).optional(),
          isActive: activeFilter,
        }),
        response: { 200: envelopeOf(pageOf(drugView)) },
      },
    },
    async (request) =>
      ok(request, await pageDrugs(app.db, sessionOf(request).tenantId, request.query, request.lang)),
  );
  r.get(
    '/v1/medication',
    {
      config: { permission: 'session' },
      schema: {
        tags,
        summary: 'Every enabled drug (pickers of clinical screens)',
        response: { 200: envelopeOf(z.array(drugView)) },
      },
    },
    async (request) => ok(request, await enabledDrugs(app.db, sessionOf(request).tenantId, request.lang)),
  );
  r.post(
    '/v1/medication',
    {
      config: { permission: PERMISSIONS.system.drugs.edit },
      schema: {
        tags,
        summary: 'Create a drug',
        body: drugCreateSchema,
        response: { 200: envelopeOf(drugView) },
      },
    },
    async (request) =>
      ok(
        request,
        await createDrug(app.db, sessionOf(request), request.body, requestMeta(request), request.lang),
      ),
  );
  r.put(
    '/v1/medication',
    {
      config: { permission: PERMISSIONS.system.drugs.edit },
      schema: {
        tags,
        summary: 'Update a drug (version must match)',
        body: drugUpdateSchema,
        response: { 200: envelopeOf(drugView) },
      },
    },
    async (request) =>
      ok(
        request,
        await updateDrug(app.db, sessionOf(request), request.body, requestMeta(request), request.lang),
      ),
  );
  r.delete(
    '/v1/medication/:id',
    {
      config: { permission: PERMISSIONS.system.drugs.delete },
      schema: {
        tags,
        summary: 'Delete a drug (kept for the orders that name it) (version must match)',
        params: idParam,
        querystring: deleteQuery,
        response: { 200: noDataEnvelope },
      },
    },
    async (request) => {
      await deleteDrug(
        app.db,
        sessionOf(request),
        { id: request.params.id, ...request.query },
        requestMeta(request),
      );
      return ok(request, null);
    },
  );
}
