import {
  PERMISSIONS,
  virtualWardCurrentQuerySchema,
  virtualWardExitSchema,
  virtualWardHistoryQuerySchema,
  virtualWardJoinSchema,
  virtualWardStayEditSchema,
} from '@glucocare/domain';
import { virtualWardPatientStateView, virtualWardStayView } from '@glucocare/domain/responses';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok, pageOf } from '../../http/envelope';
import { sessionOf } from '../../http/session';
import { requestMeta } from '../audit/service';
import { patientInScope } from '../patients/access';
import {
  editStay,
  exitVirtualWard,
  joinVirtualWard,
  type MembershipWriteOptions,
  pageStays,
  patientVirtualWardState,
} from './membership-service';

const tags = ['virtual ward'];
const patientIdQuery = z.object({
  patientId: z
    .string()
    .regex(/^[1-9]\d{0,15}$/, { error: 'validation.positiveInteger' })
    .transform(Number),
});

/**
 * Virtual-ward membership (issue 18, docs/api.md "Membership"): join, exit (one or a batch), edit a
 * current stay, the current and history lists, and a patient's state for the patient page. The
 * managing-department setting is a strategy setting (settings/strategy-routes.ts).
 */
export async function virtualWardMembershipRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const options = (request: FastifyRequest): MembershipWriteOptions => ({
    lang: request.lang,
    meta: requestMeta(request),
    now: app.clock(),
  });

  r.post(
    '/v1/virtualward/join',
    {
      config: { permission: PERMISSIONS.virtualWard.current.edit },
      schema: {
        tags,
        summary: 'Join a patient to the virtual ward (join time and management suggestion required)',
        description:
          'The patient in the caller’s scope, or any patient of the tenant for the managing department’s ' +
          'staff (404 otherwise). No managing department set → 400; an inpatient of the managing ' +
          'department → 400; already in the virtual ward → 409. Join count = previous stays + 1. Audited, ' +
          'announced live (topic virtualWard) to the patient’s ward and the managing department.',
        body: virtualWardJoinSchema,
        response: { 200: envelopeOf(virtualWardStayView) },
      },
    },
    async (request) =>
      ok(
        request,
        await app.db.transaction((tx) =>
          joinVirtualWard(tx, sessionOf(request), request.body, options(request)),
        ),
        'virtualWard.joined',
      ),
  );

  r.post(
    '/v1/virtualward/exit',
    {
      config: { permission: PERMISSIONS.virtualWard.current.edit },
      schema: {
        tags,
        summary: 'End the management of one or many stays (batch end management) with one reason',
        description:
          'All or nothing: a stay out of scope → 404, already ended → 409, an exit time before a join → 400.',
        body: virtualWardExitSchema,
        response: { 200: envelopeOf(z.array(virtualWardStayView)) },
      },
    },
    async (request) =>
      ok(
        request,
        await app.db.transaction((tx) =>
          exitVirtualWard(tx, sessionOf(request), request.body, options(request)),
        ),
        'virtualWard.exited',
      ),
  );

  r.put(
    '/v1/virtualward/stay',
    {
      config: { permission: PERMISSIONS.virtualWard.current.edit },
      schema: {
        tags,
        summary: 'Change a current stay’s management suggestion, mark or group labels',
        description: 'Ended → 409 “already ended”; a stale version → 409.',
        body: virtualWardStayEditSchema,
        response: { 200: envelopeOf(virtualWardStayView) },
      },
    },
    async (request) =>
      ok(
        request,
        await app.db.transaction((tx) => editStay(tx, sessionOf(request), request.body, options(request))),
        'virtualWard.updated',
      ),
  );

  r.get(
    '/v1/virtualward/current',
    {
      config: { permission: PERMISSIONS.virtualWard.current.list },
      schema: {
        tags,
        summary: 'Current virtual-ward patients (newest join first)',
        description:
          'Filters: queryCondition (name, inpatient/outpatient number, bed), departmentCode (the patient’s ' +
          'ward), deviceMark, groupLabel. Rows: patient, ward and bed, state, join time and count, source, ' +
          'days managed, compliance days and rate, latest glucose (as entered), suggestion, labels, mark.',
        querystring: virtualWardCurrentQuerySchema,
        response: { 200: envelopeOf(pageOf(virtualWardStayView)) },
      },
    },
    async (request) =>
      ok(
        request,
        await pageStays(app.db, sessionOf(request), false, request.query, request.lang, app.clock()),
      ),
  );

  r.get(
    '/v1/virtualward/history',
    {
      config: { permission: PERMISSIONS.virtualWard.history.list },
      schema: {
        tags,
        summary: 'Ended virtual-ward stays (latest exit first), with the exit reason and who ended them',
        description:
          'The current list’s filters; beginDate/endDate: days of the exit in the hospital calendar.',
        querystring: virtualWardHistoryQuerySchema,
        response: { 200: envelopeOf(pageOf(virtualWardStayView)) },
      },
    },
    async (request) =>
      ok(
        request,
        await pageStays(app.db, sessionOf(request), true, request.query, request.lang, app.clock()),
      ),
  );

  r.get(
    '/v1/virtualward/patient',
    {
      config: { permission: 'session' },
      schema: {
        tags,
        summary: 'A patient’s virtual-ward state: the current stay (if any) and the number of ended stays',
        querystring: patientIdQuery,
        response: { 200: envelopeOf(virtualWardPatientStateView) },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      const patient = await patientInScope(app.db, session, request.query.patientId);
      return ok(request, await patientVirtualWardState(app.db, session, patient, request.lang, app.clock()));
    },
  );
}
