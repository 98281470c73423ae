import {
  labResultDeleteQuerySchema,
  labResultQuerySchema,
  labResultSchema,
  PERMISSIONS,
} from '@glucocare/domain';
import { labResultView } from '@glucocare/domain/responses';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../http/envelope';
import { sessionOf } from '../../http/session';
import { idParam } from '../../lib/query';
import { requestMeta } from '../audit/service';
import { writeConfig } from '../measurements/record';
import {
  addLabResult,
  deleteLabResult,
  type LabResultWriteOptions,
  listLabResults,
} from './lab-results-service';

const tags = ['lab results'];

/** Laboratory results of a patient (issue 18: HbA1c by hand; issue 21's HL7 writes through the same path). */
export async function labResultRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const options = (request: FastifyRequest): LabResultWriteOptions => ({
    lang: request.lang,
    meta: requestMeta(request),
    now: app.clock(),
    config: writeConfig(sessionOf(request), { configFrom: app.db }),
  });

  r.post(
    '/v1/labResults',
    {
      config: { permission: PERMISSIONS.labResults.edit },
      schema: {
        tags,
        summary: 'Enter a lab result (an enabled inspection item of the tenant) for a patient in scope',
        description:
          'The value as given, the unit (the item’s when none); an HbA1c at or above the virtual ward’s ' +
          'threshold joins the patient when auto join is on (joinedStayId). Audited.',
        body: labResultSchema,
        response: { 200: envelopeOf(labResultView) },
      },
    },
    async (request) =>
      ok(
        request,
        await app.db.transaction((tx) =>
          addLabResult(tx, sessionOf(request), request.body, options(request)),
        ),
        'labResult.saved',
      ),
  );

  r.get(
    '/v1/labResults',
    {
      config: { permission: 'session' },
      schema: {
        tags,
        summary: 'A patient’s lab results, newest first',
        querystring: labResultQuerySchema,
        response: { 200: envelopeOf(z.array(labResultView)) },
      },
    },
    async (request) => ok(request, await listLabResults(app.db, sessionOf(request), request.query.patientId)),
  );

  r.delete(
    '/v1/labResults/:id',
    {
      config: { permission: PERMISSIONS.labResults.edit },
      schema: {
        tags,
        summary: 'Delete a lab result entered in error (kept, marked deleted), with the reason',
        params: idParam,
        querystring: labResultDeleteQuerySchema,
        response: { 200: envelopeOf(labResultView) },
      },
    },
    async (request) =>
      ok(
        request,
        await app.db.transaction((tx) =>
          deleteLabResult(tx, sessionOf(request), request.params.id, request.query.reason, options(request)),
        ),
        'labResult.deleted',
      ),
  );
}
