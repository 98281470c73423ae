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
import { envelopeOf, noDataEnvelope, ok, pageOf } from '../../http/envelope';
import { sessionOf } from '../../http/session';
import { activeFilter, deleteQuery, idParam, pageQueryFields } from '../../lib/query';
import { requestMeta } from '../audit/service';
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
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/v1/templates/query',
    {
      config: { permission: PERMISSIONS.system.orderTemplates.list },
      schema: {
        tags,
        summary: 'Templates, paged: by name or content text, order type and enabled state',
        querystring: z.object({ ...pageQueryFields, adviceType, isActive: activeFilter }),
        response: { 200: envelopeOf(pageOf(orderTemplateView)) },
      },
    },
    async (request) =>
      ok(request, await pageTemplates(app.db, sessionOf(request).tenantId, request.query, request.lang)),
  );
  r.get(
    '/v1/templates/list',
    {
      config: { permission: 'session' },
      schema: {
        tags,
        summary: 'Enabled templates, of one order type when given (the order form’s picker)',
        querystring: z.object({ adviceType }),
        response: { 200: envelopeOf(z.array(orderTemplateView)) },
      },
    },
    async (request) =>
      ok(
        request,
        await enabledTemplates(app.db, sessionOf(request).tenantId, request.query.adviceType, request.lang),
      ),
  );
  r.get(
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
  r.post(
    '/v1/templates',
    {
      config: { permission: PERMISSIONS.system.orderTemplates.edit },
      schema: {
        tags,
        summary: 'Create a template',
        body: orderTemplateCreateSchema,
        response: { 200: envelopeOf(orderTemplateView) },
      },
    },
    async (request) =>
      ok(
        request,
        await createTemplate(app.db, sessionOf(request), request.body, requestMeta(request), request.lang),
      ),
  );
  r.put(
    '/v1/templates',
    {
      config: { permission: PERMISSIONS.system.orderTemplates.edit },
      schema: {
        tags,
        summary: 'Update a template (version must match)',
        body: orderTemplateUpdateSchema,
        response: { 200: envelopeOf(orderTemplateView) },
      },
    },
    async (request) =>
      ok(
        request,
        await updateTemplate(app.db, sessionOf(request), request.body, requestMeta(request), request.lang),
      ),
  );
  r.put(
    '/v1/templates/status',
    {
      config: { permission: PERMISSIONS.system.orderTemplates.edit },
      schema: {
        tags,
        summary: 'Enable or stop a template (version must match)',
        body: catalogueStatusSchema,
        response: { 200: envelopeOf(orderTemplateView) },
      },
    },
    async (request) =>
      ok(
        request,
        await setTemplateStatus(app.db, sessionOf(request), request.body, requestMeta(request), request.lang),
      ),
  );
  r.delete(
    '/v1/templates/:id',
    {
      config: { permission: PERMISSIONS.system.orderTemplates.delete },
      schema: {
        tags,
        summary: 'Delete a template (version must match)',
        params: idParam,
        querystring: deleteQuery,
        response: { 200: noDataEnvelope },
      },
    },
    async (request) => {
      await deleteTemplate(
        app.db,
        sessionOf(request),
        { id: request.params.id, ...request.query },
        requestMeta(request),
      );
      return ok(request, null);
    },
  );
}
