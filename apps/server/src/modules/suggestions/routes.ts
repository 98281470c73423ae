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
import { envelopeOf, ok } from '../../http/envelope';
import { activeFilter } from '../../lib/query';
import { resourceRoutes } from '../../lib/resource-routes';
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
  const { list, edit, delete: remove } = PERMISSIONS.system.suggestions;
  const suggestions = resourceRoutes(app, {
    tags,
    view: suggestionView,
    noun: 'a suggestion',
    permissions: { read: list, edit, delete: remove },
  });
  suggestions
    .page('/v1/suggestions/page', {
      summary: 'Suggestions, paged: by title or content text, category and enabled state',
      query: { category, isActive: activeFilter },
      handler: pageSuggestions,
    })
    .list('/v1/suggestions/list', {
      summary: 'Enabled suggestions, of one category when given',
      query: { category },
      handler: (db, tenantId, query, lang) => enabledSuggestions(db, tenantId, query.category, lang),
    });
  app.withTypeProvider<ZodTypeProvider>().get(
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
  suggestions
    .create('/v1/suggestions', { body: suggestionCreateSchema, handler: createSuggestion })
    .update('/v1/suggestions', { body: suggestionUpdateSchema, handler: updateSuggestion })
    .remove('/v1/suggestions/:id', { handler: deleteSuggestion });
}
