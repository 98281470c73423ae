import {
  outpatientFromDischargedSchema,
  outpatientListQuerySchema,
  outpatientRegistrationSchema,
  outpatientUpdateSchema,
  PERMISSIONS,
  pageParam,
} from '@glucocare/domain';
import { outpatientServiceView, outpatientView } from '@glucocare/domain/responses';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeOf, ok, pageOf } from '../../http/envelope';
import { sessionOf } from '../../http/session';
import { idParam, MAX_PAGE_SIZE } from '../../lib/query';
import { requestMeta } from '../audit/service';
import {
  outpatientSummary,
  pageOutpatients,
  registerDischarged,
  registerOutpatient,
  updateOutpatient,
} from './outpatients';
import type { PatientContext } from './service';

const tags = ['patients'];
const LIST = PERMISSIONS.outpatients.list;
const REGISTER = PERMISSIONS.outpatients.register;
const changed = envelopeOf(outpatientView.nullable());

/**
 * Outpatients of the out-of-hospital mode (issue 18): list, home-page figures, registration, edit and
 * a discharged patient's registration as an outpatient. Admission of an outpatient is the readmission
 * route (`POST /v1/patients/reApplyHospitalization/{id}`).
 */
export async function outpatientRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = (request: FastifyRequest): PatientContext => ({
    db: app.db,
    session: sessionOf(request),
    lang: request.lang,
    now: app.clock(),
    meta: requestMeta(request),
  });

  r.get(
    '/v1/outpatients',
    {
      config: { permission: LIST },
      schema: {
        tags,
        summary:
          'Outpatients of the caller’s departments, newest registration first, with the latest glucose and ' +
          'whether in the virtual ward; search over name, outpatient number and phone',
        querystring: outpatientListQuerySchema.extend({
          page: pageParam.default(1),
          size: pageParam.default(20),
        }),
        response: { 200: envelopeOf(pageOf(outpatientView)) },
      },
    },
    async (request) => {
      const c = ctx(request);
      const query = { ...request.query, size: Math.min(request.query.size, MAX_PAGE_SIZE) };
      return ok(request, await pageOutpatients(c.db, c.session, query, c.lang, c.now));
    },
  );
  r.get(
    '/v1/outpatients/summary',
    {
      config: { permission: LIST },
      schema: {
        tags,
        summary:
          'The home page of the out-of-hospital mode: outpatients, today’s registrations and readings, virtual ward',
        response: { 200: envelopeOf(outpatientServiceView) },
      },
    },
    async (request) => {
      const c = ctx(request);
      return ok(request, await outpatientSummary(c.db, c.session, c.now));
    },
  );
  r.post(
    '/v1/outpatients',
    {
      config: { permission: REGISTER },
      schema: {
        tags,
        summary: 'Register an outpatient (no bed, no inpatient number; the department is the clinic)',
        body: outpatientRegistrationSchema,
        response: { 200: changed },
      },
    },
    async (request) =>
      ok(request, await registerOutpatient(ctx(request), request.body), 'outpatients.created'),
  );
  r.put(
    '/v1/outpatients/:id',
    {
      config: { permission: REGISTER },
      schema: {
        tags,
        summary: 'Edit an outpatient’s details (version checked)',
        params: idParam,
        body: outpatientUpdateSchema,
        response: { 200: changed },
      },
    },
    async (request) => ok(request, await updateOutpatient(ctx(request), request.params.id, request.body)),
  );
  r.post(
    '/v1/outpatients/:id/register',
    {
      config: { permission: REGISTER },
      schema: {
        tags,
        summary: 'Register a discharged patient as an outpatient of a clinic (stays kept)',
        params: idParam,
        body: outpatientFromDischargedSchema,
        response: { 200: changed },
      },
    },
    async (request) => ok(request, await registerDischarged(ctx(request), request.params.id, request.body)),
  );
}
