import {
  consultationFinishSchema,
  consultationPatientQuerySchema,
  consultationQuerySchema,
  consultationReplySchema,
  consultationRequestSchemaFor,
  PERMISSIONS,
} from '@glucocare/domain';
import {
  consultationDetailView,
  consultationOptionsView,
  consultationReplyView,
  consultationUnreadView,
  consultationView,
} from '@glucocare/domain/responses';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok, pageOf } from '../../http/envelope';
import { forbidden } from '../../http/errors';
import { sessionOf } from '../../http/session';
import { idQuery } from '../../lib/query';
import { requestMeta } from '../audit/service';
import { userHasPermission } from '../auth/sessions';
import { patientInScope } from '../patients/access';
import {
  type ConsultationWriteOptions,
  consultationDetail,
  consultationOptions,
  finishConsultation,
  pageConsultations,
  replyToConsultation,
  requestConsultation,
  unreadCounts,
} from './service';

const tags = ['consultations'];
const patientIdQuery = z.object({ patientId: consultationPatientQuerySchema.shape.patientId });

/**
 * Consultations (issue 17; paths from the api-precedents, listed in docs/api.md): request, the
 * consulting department's inbox, one's own requests, a patient's consultations, the detail with its
 * thread (opening marks it read), replies, completing or closing, and the unread counts of the menu.
 */
export async function consultationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const options = (request: FastifyRequest): ConsultationWriteOptions => ({
    lang: request.lang,
    meta: requestMeta(request),
    now: app.clock(),
  });
  const requestSchema = consultationRequestSchemaFor(() => app.clock());

  r.post(
    '/v1/consultations',
    {
      config: { permission: PERMISSIONS.consultationRequests.create },
      schema: {
        tags,
        summary: 'Request a consultation for a patient of the caller’s scope',
        description:
          'Requesting department = the patient’s department, requesting doctor a doctor of it; consulting ' +
          'department enabled, consulting doctor a staff member of it; time (at most 7 days ahead), ' +
          'description (2-1000) and urgency (routine, urgent, emergency). Audited, announced live.',
        body: requestSchema,
        response: { 200: envelopeOf(consultationView) },
      },
    },
    async (request) =>
      ok(
        request,
        await app.db.transaction((tx) =>
          requestConsultation(tx, sessionOf(request), request.body, options(request)),
        ),
        'consultation.requested',
      ),
  );

  r.get(
    '/v1/consultations/query/',
    {
      config: { permission: PERMISSIONS.consultationInbox.list },
      schema: {
        tags,
        summary: 'The inbox: consultations whose consulting department is in the caller’s scope',
        description:
          'Filters: status, urgency, source, departmentCode (the requesting department), queryCondition ' +
          '(patient, inpatient number, bed, doctors, description), beginDate/endDate (request time, ' +
          'hospital calendar); newest activity first; `unread` per row for the caller.',
        querystring: consultationQuerySchema,
        response: { 200: envelopeOf(pageOf(consultationView)) },
      },
    },
    async (request) =>
      ok(request, await pageConsultations(app.db, sessionOf(request), 'inbox', request.query, request.lang)),
  );

  r.get(
    '/v1/consultations/list',
    {
      config: { permission: PERMISSIONS.consultationRequests.list },
      schema: {
        tags,
        summary: 'My requests: consultations whose requesting department is in the caller’s scope',
        description: 'The inbox’s filters; departmentCode names the consulting department.',
        querystring: consultationQuerySchema,
        response: { 200: envelopeOf(pageOf(consultationView)) },
      },
    },
    async (request) =>
      ok(
        request,
        await pageConsultations(app.db, sessionOf(request), 'requests', request.query, request.lang),
      ),
  );

  r.get(
    '/v1/consultations/queryPatient',
    {
      config: { permission: PERMISSIONS.consultationRequests.list },
      schema: {
        tags,
        summary: 'A patient’s consultations (the patient tab), newest activity first',
        querystring: consultationPatientQuerySchema,
        response: { 200: envelopeOf(pageOf(consultationView)) },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      const patient = await patientInScope(app.db, session, request.query.patientId);
      return ok(
        request,
        await pageConsultations(
          app.db,
          session,
          'patient',
          { ...request.query, patientId: patient.id },
          request.lang,
        ),
      );
    },
  );

  r.get(
    '/v1/consultations/options',
    {
      config: { permission: PERMISSIONS.consultationRequests.create },
      schema: {
        tags,
        summary:
          'What the request dialog of a patient offers: requesting doctors, departments and their staff',
        querystring: patientIdQuery,
        response: { 200: envelopeOf(consultationOptionsView) },
      },
    },
    async (request) =>
      ok(
        request,
        await consultationOptions(
          app.db,
          sessionOf(request),
          request.query.patientId,
          request.lang,
          app.clock(),
        ),
      ),
  );

  r.get(
    '/v1/consultations/logs',
    {
      config: { permission: 'session' },
      schema: {
        tags,
        summary:
          'One consultation with the patient in brief, the last 3 days’ glucose readings and the thread',
        description:
          'Needs consultation:inbox:list or consultation:request:list (403 otherwise) and the consulting, ' +
          'requesting or patient’s department in scope (404 otherwise). Marks it read for the caller.',
        querystring: idQuery,
        response: { 200: envelopeOf(consultationDetailView) },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      const [inbox, requests, reply] = await Promise.all([
        userHasPermission(app, session, PERMISSIONS.consultationInbox.list),
        userHasPermission(app, session, PERMISSIONS.consultationRequests.list),
        userHasPermission(app, session, PERMISSIONS.consultationInbox.reply),
      ]);
      if (!inbox && !requests) throw forbidden();
      return ok(
        request,
        await consultationDetail(
          app.db,
          session,
          request.query.id,
          { reply: reply && !session.readOnly },
          request.lang,
          app.clock(),
        ),
      );
    },
  );

  r.post(
    '/v1/consultations/logs',
    {
      config: { permission: PERMISSIONS.consultationInbox.reply },
      schema: {
        tags,
        summary: 'Reply to a consultation in progress: free text and/or management suggestions',
        description:
          'A closed (or completed) consultation → 409 “The consultation is already closed” (completed). ' +
          'The consulting doctor becomes the replier when none was set. Bumps the last activity.',
        body: consultationReplySchema,
        response: { 200: envelopeOf(consultationReplyView) },
      },
    },
    async (request) =>
      ok(
        request,
        await app.db.transaction((tx) =>
          replyToConsultation(tx, sessionOf(request), request.body, options(request)),
        ),
        'consultation.replied',
      ),
  );

  r.post(
    '/v1/consultations/finish',
    {
      config: { permission: PERMISSIONS.consultationInbox.reply },
      schema: {
        tags,
        summary: 'Complete (with the consulting doctor’s record) or close (with a reason) a consultation',
        description:
          'Completing needs the consulting department in scope (403 otherwise); closing either side. ' +
          'Finished → 409 with its message; a stale version → 409.',
        body: consultationFinishSchema,
        response: { 200: envelopeOf(consultationView) },
      },
    },
    async (request) =>
      ok(
        request,
        await app.db.transaction((tx) =>
          finishConsultation(tx, sessionOf(request), request.body, options(request)),
        ),
        request.body.action === 'complete' ? 'consultation.finished.complete' : 'consultation.finished.close',
      ),
  );

  r.get(
    '/v1/consultations/unread',
    {
      config: { permission: 'session' },
      schema: {
        tags,
        summary: 'Unread counts for the menu badges: inbox, and own requests with unread replies or an end',
        response: { 200: envelopeOf(consultationUnreadView) },
      },
    },
    async (request) => ok(request, await unreadCounts(app.db, sessionOf(request))),
  );
}
