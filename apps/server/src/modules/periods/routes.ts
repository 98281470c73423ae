import {
  glucosePeriodCreateSchema,
  glucosePeriodUpdateSchema,
  insulinPeriodCreateSchema,
  insulinPeriodUpdateSchema,
  PERMISSIONS,
  settingStatusSchema,
} from '@glucocare/domain';
import { glucosePeriodView, insulinPeriodView } from '@glucocare/domain/responses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeOf, ok } from '../../http/envelope';
import { sessionOf } from '../../http/session';
import { activeFilter, idQuery } from '../../lib/query';
import { resourceRoutes } from '../../lib/resource-routes';
import {
  createInsulinPeriod,
  deleteInsulinPeriod,
  insulinPeriodById,
  insulinPeriodList,
  updateInsulinPeriod,
} from './insulin';
import {
  createGlucosePeriod,
  glucosePeriodList,
  setGlucosePeriodStatus,
  updateGlucosePeriod,
} from './service';

const permissions = { edit: PERMISSIONS.settings.periods.edit };
const isActive = { isActive: activeFilter };

/** Glucose periods (`/v1/gluPeriod`) and insulin periods (`/v1/insulinTimePeriod`). */
export async function periodRoutes(app: FastifyInstance) {
  resourceRoutes(app, {
    tags: ['glucose periods'],
    view: glucosePeriodView,
    noun: 'a glucose period',
    permissions,
  })
    .list('/v1/gluPeriod/list', {
      summary: 'Glucose periods by sort then code (stopped ones too unless isActive=true)',
      query: isActive,
      handler: (db, tenantId, query, lang) => glucosePeriodList(db, tenantId, query.isActive, lang),
    })
    .create('/v1/gluPeriod', { body: glucosePeriodCreateSchema, handler: createGlucosePeriod })
    .update('/v1/gluPeriod', { body: glucosePeriodUpdateSchema, handler: updateGlucosePeriod })
    .status('/v1/gluPeriod/status', { body: settingStatusSchema, handler: setGlucosePeriodStatus });

  const tags = ['insulin periods'];
  const insulin = resourceRoutes(app, {
    tags,
    view: insulinPeriodView,
    noun: 'an insulin period',
    permissions,
  });
  insulin.list('/v1/insulinTimePeriod/list', {
    summary: 'Insulin periods by sort then code',
    query: isActive,
    handler: (db, tenantId, query, lang) => insulinPeriodList(db, tenantId, query.isActive, lang),
  });
  // One row by id: the spec's only single-row read of a resource, so not a kit route.
  app.withTypeProvider<ZodTypeProvider>().get(
    '/v1/insulinTimePeriod',
    {
      config: { permission: 'session' },
      schema: {
        tags,
        summary: 'One insulin period',
        querystring: idQuery,
        response: { 200: envelopeOf(insulinPeriodView) },
      },
    },
    async (request) =>
      ok(
        request,
        await insulinPeriodById(app.db, sessionOf(request).tenantId, request.query.id, request.lang),
      ),
  );
  insulin
    .create('/v1/insulinTimePeriod', { body: insulinPeriodCreateSchema, handler: createInsulinPeriod })
    .update('/v1/insulinTimePeriod', {
      summary: 'Update, enable or stop an insulin period (version must match)',
      body: insulinPeriodUpdateSchema,
      handler: updateInsulinPeriod,
    })
    .remove('/v1/insulinTimePeriod', { handler: deleteInsulinPeriod });
}
