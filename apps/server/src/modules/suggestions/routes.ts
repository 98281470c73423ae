import {
  PERMISSIONS,
  SUGGESTION_CATEGORIES,
  suggestionCreateSchema,
  suggestionUpdateSchema,
} from '@glucocare/domain';
import { suggestionCategoryOptionView, suggestionView } from '@glucocare/domain/responses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, noDataEnvelope, ok, pageOf } from '../../http/envelope';
import { sessionOf } from '../../http/session';
import { activeFilter, deleteQuery, idParam, pageQueryFields } from '../../lib/query';
import { requestMeta } from '../audit/service';
import {
  createSuggestion,
  deleteSuggestion,
  enabledSuggestions,
  pageSuggestions,
  suggestionCategories,
  updateSuggestion,
} from './service';

const category = z.enum(SUGGESTION_CATEGORIES).optional();
const tags = ['management suggestions'];

/** The management-suggestion library the virtual ward picks from. */
export async function suggestionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/v1/suggestions/page',
    {
      config: { permission: PERMISSIONS.system.suggestions.list },
      schema: {
        tags,
        summary: 'Suggestions, paged: by title or content text, category and enabled state',
        querystring: z.object({ ...pageQueryFields, category, isActive: activeFilter }),
        response: { 200: envelopeOf(pageOf(suggestionView)) },
      },
    },
    async (request) =>
      ok(request, await pageSuggestions(app.db, sessionOf(request).tenantId, request.query, request.lang)),
  );
  r.get(
    '/v1/suggestions/list',
    {
      config: { permission: 'session' },
      schema: {
        tags,
        summary: 'Enabled suggestions, of one category when given',
        querystring: z.object({ category }),
        response: { 200: envelopeOf(z.array(suggestionView)) },
      },
    },
    async (request) =>
      ok(
        request,
        await enabledSuggestions(app.db, sessionOf(request).tenantId, request.query.category, request.lang),
      ),
  );
  r.get(
    '/v1/suggestions/categories',
    {
      config: { permission: 'session' },
      schema: {
        tags,
        summary: 'The suggestion categories with names in the request language',
        response: { 200: envelopeOf(z.array(suggestionCategoryOptionView)) },
      },
    },
    async (request) => ok(request, suggestionCategories(request.lang)),
  );
  r.post(
    '/v1/suggestions',
    {
      config: { permission: PERMISSIONS.system.suggestions.edit },
      schema: {
        tags,
        summary: 'Create a suggestion',
        body: suggestionCreateSchema,
        response: { 200: envelopeOf(suggestionView) },
      },
    },
    async (request) =>
      ok(
        request,
        await createSuggestion(app.db, sessionOf(request), request.body, requestMeta(request), request.lang),
      ),
  );
  r.put(
    '/v1/suggestions',
    {
      config: { permission: PERMISSIONS.system.suggestions.edit },
      schema: {
        tags,
        summary: 'Update a suggestion (version must match)',
        body: suggestionUpdateSchema,
        response: { 200: envelopeOf(suggestionView) },
      },
    },
    async (request) =>
      ok(
        request,
        await updateSuggestion(app.db, sessionOf(request), request.body, requestMeta(request), request.lang),
      ),
  );
  r.delete(
    '/v1/suggestions/:id',
    {
      config: { permission: PERMISSIONS.system.suggestions.delete },
      schema: {
        tags,
        summary: 'Delete a suggestion (version must match)',
        params: idParam,
        querystring: deleteQuery,
        response: { 200: noDataEnvelope },
      },
    },
    async (request) => {
      await deleteSuggestion(
        app.db,
        sessionOf(request),
        { id: request.params.id, ...request.query },
        requestMeta(request),
      );
      return ok(request, null);
    },
  );
}
