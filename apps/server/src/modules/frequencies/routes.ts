import { adviceFrequencyCreateSchema, adviceFrequencyUpdateSchema, PERMISSIONS } from '@glucocare/domain';
import { adviceFrequencyOptionView, adviceFrequencyView } from '@glucocare/domain/responses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../http/envelope';
import { sessionOf } from '../../http/session';
import { activeFilter } from '../../lib/query';
import { resourceRoutes } from '../../lib/resource-routes';
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
  // the pickers' options are a narrower view than the resource's rows
  app.withTypeProvider<ZodTypeProvider>().get(
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
  const { list, edit } = PERMISSIONS.settings.catalogues;
  resourceRoutes(app, {
    tags,
    view: adviceFrequencyView,
    noun: 'a frequency',
    permissions: { read: list, edit },
  })
    .page('/v1/adviceFrequency/list', {
      summary: 'Frequencies, paged: by code, name or frequency text and enabled state',
      query: { isActive: activeFilter },
      handler: pageFrequencies,
    })
    .list('/v1/adviceFrequency/list/all', {
      summary: 'Every enabled frequency with its times per day and execution times',
      handler: enabledFrequencies,
    })
    .create('/v1/adviceFrequency/frequency', { body: adviceFrequencyCreateSchema, handler: createFrequency })
    .update('/v1/adviceFrequency/frequency', { body: adviceFrequencyUpdateSchema, handler: updateFrequency })
    .remove('/v1/adviceFrequency/:id', { handler: deleteFrequency });
}
