import { adviceFrequencyCreateSchema, adviceFrequencyUpdateSchema, PERMISSIONS } from '@glucocare/domain';
import { adviceFrequencyOptionView, adviceFrequencyView } from '@glucocare/domain/responses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, noDataEnvelope, ok, pageOf } from '../../http/envelope';
import { sessionOf } from '../../http/session';
import { activeFilter, deleteQuery, idParam, pageQueryFields } from '../../lib/query';
import { requestMeta } from '../audit/service';
import {
  createFrequency,
  deleteFrequency,
  enabledFrequencies,
  frequencyOptions,
  pageFrequencies,
  updateFrequency,
} from './service';

const tags = ['advice frequencies'];

/** Advice (order) frequencies: qd, bid, tid ... with their times of day (§7 "Advice frequency"). */
export async function adviceFrequencyRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/v1/adviceFrequency/options',
    {
      config: { permission: 'session' },
      schema: {
        tags,
        summary: 'Enabled frequencies for pickers: code, name and frequency',
        response: { 200: envelopeOf(z.array(adviceFrequencyOptionView)) },
      },
    },
    async (request) => ok(request, await frequencyOptions(app.db, sessionOf(request).tenantId)),
  );
  r.get(
    '/v1/adviceFrequency/list',
    {
      config: { permission: PERMISSIONS.settings.catalogues.list },
      schema: {
        tags,
        summary: 'Frequencies, paged: by code, name or frequency text and enabled state',
        querystring: z.object({ ...pageQueryFields, isActive: activeFilter }),
        response: { 200: envelopeOf(pageOf(adviceFrequencyView)) },
      },
    },
    async (request) => ok(request, await pageFrequencies(app.db, sessionOf(request).tenantId, request.query)),
  );
  r.get(
    '/v1/adviceFrequency/list/all',
    {
      config: { permission: 'session' },
      schema: {
        tags,
        summary: 'Every enabled frequency with its times per day and execution times',
        response: { 200: envelopeOf(z.array(adviceFrequencyView)) },
      },
    },
    async (request) => ok(request, await enabledFrequencies(app.db, sessionOf(request).tenantId)),
  );
  r.post(
    '/v1/adviceFrequency/frequency',
    {
      config: { permission: PERMISSIONS.settings.catalogues.edit },
      schema: {
        tags,
        summary: 'Create a frequency',
        body: adviceFrequencyCreateSchema,
        response: { 200: envelopeOf(adviceFrequencyView) },
      },
    },
    async (request) =>
      ok(request, await createFrequency(app.db, sessionOf(request), request.body, requestMeta(request))),
  );
  r.put(
    '/v1/adviceFrequency/frequency',
    {
      config: { permission: PERMISSIONS.settings.catalogues.edit },
      schema: {
        tags,
        summary: 'Update a frequency (version must match)',
        body: adviceFrequencyUpdateSchema,
        response: { 200: envelopeOf(adviceFrequencyView) },
      },
    },
    async (request) =>
      ok(request, await updateFrequency(app.db, sessionOf(request), request.body, requestMeta(request))),
  );
  r.delete(
    '/v1/adviceFrequency/:id',
    {
      config: { permission: PERMISSIONS.settings.catalogues.edit },
      schema: {
        tags,
        summary: 'Delete a frequency (version must match)',
        params: idParam,
        querystring: deleteQuery,
        response: { 200: noDataEnvelope },
      },
    },
    async (request) => {
      await deleteFrequency(
        app.db,
        sessionOf(request),
        { id: request.params.id, ...request.query },
        requestMeta(request),
      );
      return ok(request, null);
    },
  );
}
