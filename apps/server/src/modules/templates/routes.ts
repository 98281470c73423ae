import {
  catalogueStatusSchema,
  ORDER_TYPES,
  orderTemplateCreateSchema,
  orderTemplateUpdateSchema,
  PERMISSIONS,
} from '@glucocare/domain';
import { orderTemplateView, orderTypeOptionView } from '@glucocare/domain/responses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../http/envelope';
import { activeFilter } from '../../lib/query';
import { resourceRoutes } from '../../lib/resource-routes';
import {
  createTemplate,
  deleteTemplate,
  enabledTemplates,
  orderTypes,
  pageTemplates,
  setTemplateStatus,
  updateTemplate,
} from './service';

const adviceType = z.enum(ORDER_TYPES).optional();
const tags = ['order templates'];

/** Medical-order templates (api-precedents: /v1/templates). */
export async function templateRoutes(app: FastifyInstance) {
  const { list, edit, delete: remove } = PERMISSIONS.system.orderTemplates;
  const templates = resourceRoutes(app, {
    tags,
    view: orderTemplateView,
    noun: 'a template',
    permissions: { read: list, edit, delete: remove },
  });
  templates
    .page('/v1/templates/query', {
      summary: 'Templates, paged: by name or content text, order type and enabled state',
      query: { adviceType, isActive: activeFilter },
      handler: pageTemplates,
    })
    .list('/v1/templates/list', {
      summary: 'Enabled templates, of one order type when given (the order form’s picker)',
      query: { adviceType },
      handler: (db, tenantId, query, lang) => enabledTemplates(db, tenantId, query.adviceType, lang),
    });
  app.withTypeProvider<ZodTypeProvider>().get(
    '/v1/templates/adviceTemplateTypes',
    {
      config: { permission: 'session' },
      schema: {
        tags,
        summary: 'The order types (24-hour, long-term, temporary) with names in the request language',
        response: { 200: envelopeOf(z.array(orderTypeOptionView)) },
      },
    },
    async (request) => ok(request, orderTypes(request.lang)),
  );
  templates
    .create('/v1/templates', { body: orderTemplateCreateSchema, handler: createTemplate })
    .update('/v1/templates', { body: orderTemplateUpdateSchema, handler: updateTemplate })
    .status('/v1/templates/status', { body: catalogueStatusSchema, handler: setTemplateStatus })
    .remove('/v1/templates/:id', { handler: deleteTemplate });
}
