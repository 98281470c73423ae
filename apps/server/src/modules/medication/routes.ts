import {
  adviceOptionsQuerySchema,
  medicationOrderCreateSchema,
  medicationOrderQuerySchema,
  medicationOrderStopSchema,
  medicationReasonSchema,
  PERMISSIONS,
} from '@glucocare/domain';
import { adviceOptionView, medicationDrugOptionView, medicationOrderView } from '@glucocare/domain/responses';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok, pageOf } from '../../http/envelope';
import { sessionOf } from '../../http/session';
import { deleteQuery, idParam, idQuery } from '../../lib/query';
import { requestMeta } from '../audit/service';
import {
  adviceOptions,
  createMedicationOrder,
  deleteMedicationOrder,
  type MedicationWriteOptions,
  medicationDrugOptions,
  medicationOrderInScope,
  medicationOrderPage,
  stopMedicationOrder,
} from './service';

const tags = ['medication orders'];
const EDIT = PERMISSIONS.medicationOrders.edit;

/**
 * Medication orders (issue 17, 用药医嘱; paths from api-precedents, listed in docs/api.md): order,
 * stop with a reason, delete in error with a reason, the wards' list (also one patient's), one order,
 * and the period options of an order type.
 */
export async function medicationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const options = (request: FastifyRequest): MedicationWriteOptions => ({
    lang: request.lang,
    meta: requestMeta(request),
    now: app.clock(),
  });

  r.post(
    '/v1/medicationAdvice',
    {
      config: { permission: EDIT },
      schema: {
        tags,
        summary: 'Order medication for a patient (active, ordered by the caller)',
        description:
          'Name 2-40, order type, drugs of the catalogue (at least one, each once) with the dose per administration ' +
          'in the drug’s unit (> 0, 2 decimals), an insulin period, the number of administrations (whole, ≥ 1), start time.',
        body: medicationOrderCreateSchema,
        response: { 200: envelopeOf(medicationOrderView) },
      },
    },
    async (request) =>
      ok(
        request,
        await app.db.transaction((tx) =>
          createMedicationOrder(tx, sessionOf(request), request.body, options(request)),
        ),
        'medication.saved',
      ),
  );
  r.put(
    '/v1/medicationAdvice/suspend',
    {
      config: { permission: EDIT },
      schema: {
        tags,
        summary: 'Stop an active medication order (current version, reason)',
        description: 'A stopped order → 409; a stale version → 409.',
        body: medicationOrderStopSchema,
        response: { 200: envelopeOf(medicationOrderView) },
      },
    },
    async (request) =>
      ok(
        request,
        await app.db.transaction((tx) =>
          stopMedicationOrder(tx, sessionOf(request), request.body, options(request)),
        ),
        'medication.stoppedNow',
      ),
  );
  r.delete(
    '/v1/medicationAdvice/:id',
    {
      config: { permission: EDIT },
      schema: {
        tags,
        summary: 'Delete a medication order entered in error (soft; current version, reason)',
        params: idParam,
        querystring: z.object({ version: deleteQuery.shape.version, reason: medicationReasonSchema }),
        response: { 200: envelopeOf(medicationOrderView) },
      },
    },
    async (request) =>
      ok(
        request,
        await app.db.transaction((tx) =>
          deleteMedicationOrder(
            tx,
            sessionOf(request),
            { id: request.params.id, ...request.query },
            options(request),
          ),
        ),
        'medication.deleted',
      ),
  );
  r.get(
    '/v1/medicationAdvice/page',
    {
      config: { permission: PERMISSIONS.medicationOrders.list },
      schema: {
        tags,
        summary: 'Medication orders of the caller’s wards, or of one patient (patientId), latest start first',
        querystring: medicationOrderQuerySchema,
        response: { 200: envelopeOf(pageOf(medicationOrderView)) },
      },
    },
    async (request) =>
      ok(request, await medicationOrderPage(app.db, sessionOf(request), request.query, request.lang)),
  );
  r.get(
    '/v1/medicationAdvice',
    {
      config: { permission: PERMISSIONS.medicationOrders.list },
      schema: {
        tags,
        summary: 'One medication order (deleted ones included), in the caller’s scope',
        querystring: idQuery,
        response: { 200: envelopeOf(medicationOrderView) },
      },
    },
    async (request) =>
      ok(request, await medicationOrderInScope(app.db, sessionOf(request), request.query.id, request.lang)),
  );
  r.get(
    '/v1/medicationAdvice/drugOptions',
    {
      config: { permission: EDIT },
      schema: {
        tags,
        summary: 'The enabled drugs of the catalogue the order dialog offers (code, name, unit)',
        response: { 200: envelopeOf(z.array(medicationDrugOptionView)) },
      },
    },
    async (request) =>
      ok(request, await medicationDrugOptions(app.db, sessionOf(request).tenantId, request.lang)),
  );
  r.get(
    '/v1/options',
    {
      config: { permission: PERMISSIONS.inpatients.list },
      schema: {
        tags,
        summary:
          'The period options of an order type: insulin periods (medication), glucose periods (monitoring)',
        querystring: adviceOptionsQuerySchema,
        response: { 200: envelopeOf(z.array(adviceOptionView)) },
      },
    },
    async (request) =>
      ok(request, await adviceOptions(app.db, sessionOf(request), request.query.adviceType, request.lang)),
  );
}
