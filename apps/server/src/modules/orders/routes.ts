import {
  medicalOrderCreateSchema,
  medicalOrderDeleteSchema,
  medicalOrderEditSchema,
  medicalOrderListQuerySchema,
  medicalOrderStopSchema,
  PERMISSIONS,
} from '@glucocare/domain';
import { patientOrderOptionsView, patientOrderView } from '@glucocare/domain/responses';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../http/envelope';
import { sessionOf } from '../../http/session';
import { idParam, idQuery } from '../../lib/query';
import { requestMeta } from '../audit/service';
import {
  createOrder,
  deleteOrder,
  editOrder,
  listOrders,
  type OrderWriteOptions,
  orderInScope,
  orderOptions,
  stopOrder,
} from './service';

const tags = ['medical orders'];

/**
 * Medical orders of a patient (issue 17; paths of api-precedents `/v1/patientAdvice`, listed in
 * docs/api.md): order, edit with a reason, stop (停嘱), delete an order entered in error, one order, the
 * patient tab's list and the order dialog's options. Reads need access to the patient (department
 * scope, 404 outside it); writes need `patient:order:edit`.
 */
export async function orderRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { edit } = PERMISSIONS.patientOrders;
  const options = (request: FastifyRequest): OrderWriteOptions => ({
    lang: request.lang,
    meta: requestMeta(request),
    now: app.clock(),
  });

  r.post(
    '/v1/patientAdvice',
    {
      config: { permission: edit },
      schema: {
        tags,
        summary: 'Order for an in-hospital patient (active, ordered by the caller)',
        description:
          'Name 2-40, classification, type (24h, longTerm, temporary), an enabled template of that type and ' +
          'content items of it, frequency (an advice frequency), start within the stay, execute time not ' +
          'before the start, a temporary order’s test time; a monitoring order names its item (GLU, KET, UA) ' +
          'and schedule (enabled glucose periods, HH:mm clock times or a frequency’s execute times).',
        body: medicalOrderCreateSchema,
        response: { 200: envelopeOf(patientOrderView) },
      },
    },
    async (request) =>
      ok(
        request,
        await app.db.transaction((tx) => createOrder(tx, sessionOf(request), request.body, options(request))),
        'patientOrder.saved',
      ),
  );
  r.put(
    '/v1/patientAdvice',
    {
      config: { permission: edit },
      schema: {
        tags,
        summary: 'Edit an active order (whole order, reason and the version read)',
        description:
          'A stopped or deleted order → 409; a stale version → 409; the patient must be in hospital.',
        body: medicalOrderEditSchema,
        response: { 200: envelopeOf(patientOrderView) },
      },
    },
    async (request) =>
      ok(
        request,
        await app.db.transaction((tx) => editOrder(tx, sessionOf(request), request.body, options(request))),
        'patientOrder.saved',
      ),
  );
  r.put(
    '/v1/patientAdvice/suspend',
    {
      config: { permission: edit },
      schema: {
        tags,
        summary: 'Stop an active order (停嘱): who, when and why are kept',
        description: 'An order already stopped → 409 naming who stopped it; a stale version → 409.',
        body: medicalOrderStopSchema,
        response: { 200: envelopeOf(patientOrderView) },
      },
    },
    async (request) =>
      ok(
        request,
        await app.db.transaction((tx) => stopOrder(tx, sessionOf(request), request.body, options(request))),
        'patientOrder.stoppedDone',
      ),
  );
  r.delete(
    '/v1/patientAdvice/:id',
    {
      config: { permission: edit },
      schema: {
        tags,
        summary: 'Delete an order entered in error (kept and marked: who, when, why)',
        params: idParam,
        querystring: medicalOrderDeleteSchema,
        response: { 200: envelopeOf(patientOrderView) },
      },
    },
    async (request) =>
      ok(
        request,
        await app.db.transaction((tx) =>
          deleteOrder(tx, sessionOf(request), request.params.id, request.query, options(request)),
        ),
        'patientOrder.deletedDone',
      ),
  );
  r.get(
    '/v1/patientAdvice',
    {
      config: { permission: PERMISSIONS.inpatients.list },
      schema: {
        tags,
        summary: 'One order (a deleted one too) in the caller’s scope',
        querystring: idQuery,
        response: { 200: envelopeOf(patientOrderView) },
      },
    },
    async (request) =>
      ok(request, await orderInScope(app.db, sessionOf(request), request.query.id, request.lang)),
  );
  r.get(
    '/v1/patientAdvice/list',
    {
      config: { permission: PERMISSIONS.inpatients.list },
      schema: {
        tags,
        summary: 'A patient’s orders (the patient tab): active first, then by start, latest first',
        querystring: medicalOrderListQuerySchema,
        response: { 200: envelopeOf(z.array(patientOrderView)) },
      },
    },
    async (request) => ok(request, await listOrders(app.db, sessionOf(request), request.query, request.lang)),
  );
  r.get(
    '/v1/patientAdvice/options',
    {
      config: { permission: PERMISSIONS.inpatients.list },
      schema: {
        tags,
        summary:
          'What the order dialog offers: classes, monitoring items, enabled glucose periods, presets, every-N-hours, frequencies',
        response: { 200: envelopeOf(patientOrderOptionsView) },
      },
    },
    async (request) => ok(request, await orderOptions(app.db, sessionOf(request).tenantId, request.lang)),
  );
}
