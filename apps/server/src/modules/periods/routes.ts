import {
  glucosePeriodCreateSchema,
  glucosePeriodUpdateSchema,
  insulinPeriodCreateSchema,
  insulinPeriodUpdateSchema,
  PERMISSIONS,
  settingStatusSchema,
} from '@glucocare/domain';
import { glucosePeriodView, insulinPeriodView, noDataEnvelope } from '@glucocare/domain/responses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../http/envelope';
import { sessionOf } from '../../http/session';
import { activeFilter, deleteByIdQuery, idQuery } from '../../lib/query';
import { requestMeta } from '../audit/service';
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

const EDIT = PERMISSIONS.settings.periods.edit;

/** Glucose periods (`/v1/gluPeriod`) and insulin periods (`/v1/insulinTimePeriod`). */
export async function periodRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['glucose periods'];

  r.get(
    '/v1/gluPeriod/list',
    {
      config: { permission: 'session' },
      schema: {
        tags,
        summary: 'Glucose periods by sort then code (stopped ones too unless isActive=true)',
        querystring: z.object({ isActive: activeFilter }),
        response: { 200: envelopeOf(z.array(glucosePeriodView)) },
      },
    },
    async (request) =>
      ok(
        request,
        await glucosePeriodList(app.db, sessionOf(request).tenantId, request.query.isActive, request.lang),
      ),
  );
  r.post(
    '/v1/gluPeriod',
    {
      config: { permission: EDIT },
      schema: {
        tags,
        summary: 'Create a glucose period',
        body: glucosePeriodCreateSchema,
        response: { 200: envelopeOf(glucosePeriodView) },
      },
    },
    async (request) =>
      ok(
        request,
        await createGlucosePeriod(
          app.db,
          sessionOf(request),
          request.body,
          requestMeta(request),
          request.lang,
        ),
      ),
  );
  r.put(
    '/v1/gluPeriod',
    {
      config: { permission: EDIT },
      schema: {
        tags,
        summary: 'Update a glucose period (version must match)',
        body: glucosePeriodUpdateSchema,
        response: { 200: envelopeOf(glucosePeriodView) },
      },
    },
    async (request) =>
      ok(
        request,
        await updateGlucosePeriod(
          app.db,
          sessionOf(request),
          request.body,
          requestMeta(request),
          request.lang,
        ),
      ),
  );
  r.put(
    '/v1/gluPeriod/status',
    {
      config: { permission: EDIT },
      schema: {
        tags,
        summary: 'Enable or stop a glucose period (version must match)',
        body: settingStatusSchema,
        response: { 200: envelopeOf(glucosePeriodView) },
      },
    },
    async (request) =>
      ok(
        request,
        await setGlucosePeriodStatus(
          app.db,
          sessionOf(request),
          request.body,
          requestMeta(request),
          request.lang,
        ),
      ),
  );

  const insulinTags = ['insulin periods'];
  r.get(
    '/v1/insulinTimePeriod/list',
    {
      config: { permission: 'session' },
      schema: {
        tags: insulinTags,
        summary: 'Insulin periods by sort then code',
        querystring: z.object({ isActive: activeFilter }),
        response: { 200: envelopeOf(z.array(insulinPeriodView)) },
      },
    },
    async (request) =>
      ok(
        request,
        await insulinPeriodList(app.db, sessionOf(request).tenantId, request.query.isActive, request.lang),
      ),
  );
  r.get(
    '/v1/insulinTimePeriod',
    {
      config: { permission: 'session' },
      schema: {
        tags: insulinTags,
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
  r.post(
    '/v1/insulinTimePeriod',
    {
      config: { permission: EDIT },
      schema: {
        tags: insulinTags,
        summary: 'Create an insulin period',
        body: insulinPeriodCreateSchema,
        response: { 200: envelopeOf(insulinPeriodView) },
      },
    },
    async (request) =>
      ok(
        request,
        await createInsulinPeriod(
          app.db,
          sessionOf(request),
          request.body,
          requestMeta(request),
          request.lang,
        ),
      ),
  );
  r.put(
    '/v1/insulinTimePeriod',
    {
      config: { permission: EDIT },
      schema: {
        tags: insulinTags,
        summary: 'Update, enable or stop an insulin period (version must match)',
        body: insulinPeriodUpdateSchema,
        response: { 200: envelopeOf(insulinPeriodView) },
      },
    },
    async (request) =>
      ok(
        request,
        await updateInsulinPeriod(
          app.db,
          sessionOf(request),
          request.body,
          requestMeta(request),
          request.lang,
        ),
      ),
  );
  r.delete(
    '/v1/insulinTimePeriod',
    {
      config: { permission: EDIT },
      schema: {
        tags: insulinTags,
        summary: 'Delete an insulin period (version must match)',
        querystring: deleteByIdQuery,
        response: { 200: noDataEnvelope },
      },
    },
    async (request) => {
      await deleteInsulinPeriod(app.db, sessionOf(request), request.query, requestMeta(request));
      return ok(request, null);
    },
  );
}
