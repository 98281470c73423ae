import {
  followupDeleteSchema,
  followupQuerySchema,
  followupSchemaFor,
  PERMISSIONS,
  worklistQuerySchema,
} from '@glucocare/domain';
import { followupView, patientVirtualWardView, worklistView } from '@glucocare/domain/responses';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok, pageOf } from '../../http/envelope';
import { sessionOf } from '../../http/session';
import { idParam } from '../../lib/query';
import { requestMeta } from '../audit/service';
import {
  deleteFollowup,
  type FollowupWriteOptions,
  pageFollowups,
  patientVirtualWard,
  writeFollowup,
} from './followups-service';
import { worklist } from './review-service';

const tags = ['virtual ward'];

/**
 * The virtual ward's daily review worklist and follow-up records (issue 18; listed in docs/api.md under
 * "Daily review worklist and follow-up records"). The review criteria setting is served by the strategy
 * settings (settings/strategy-routes.ts).
 */
export async function virtualWardReviewRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const options = (request: FastifyRequest): FollowupWriteOptions => ({
    lang: request.lang,
    meta: requestMeta(request),
    now: app.clock(),
  });

  r.get(
    '/v1/virtualward/worklist',
    {
      config: { permission: PERMISSIONS.virtualWard.worklist.list },
      schema: {
        tags,
        summary: 'The daily review worklist: patients meeting the review criteria in the window',
        description:
          'Inpatients of every ward but the managing department’s, and every patient with a current ' +
          'virtual-ward stay, with ≥ hyperCount readings ≥ hyperValue or any < hypoValue in the past ' +
          'windowHours (setting virtualWard.reviewCriteria). Filters: departmentCode, inVirtualWard, ' +
          'reviewed, queryCondition; hypo first, then by count. The managing department’s staff see the ' +
          'whole hospital, others their scope.',
        querystring: worklistQuerySchema,
        response: { 200: envelopeOf(worklistView) },
      },
    },
    async (request) =>
      ok(request, await worklist(app.db, sessionOf(request), request.query, request.lang, app.clock())),
  );

  r.post(
    '/v1/virtualward/followups',
    {
      config: { permission: PERMISSIONS.virtualWard.worklist.review },
      schema: {
        tags,
        summary: 'Write a follow-up record (review) of a patient',
        description:
          'Specialist = the caller, department = the patient’s ward now, stay = the current stay if any; ' +
          'reasons as shown (computed now when absent). Audited; announced live (topic virtualWard) to ' +
          'the patient’s ward and doctor.',
        body: followupSchemaFor(() => app.clock()),
        response: { 200: envelopeOf(followupView) },
      },
    },
    async (request) =>
      ok(
        request,
        await app.db.transaction((tx) =>
          writeFollowup(tx, sessionOf(request), request.body, options(request)),
        ),
        'virtualWard.followup.saved',
      ),
  );

  r.delete(
    '/v1/virtualward/followups/:id',
    {
      config: { permission: PERMISSIONS.virtualWard.worklist.review },
      schema: {
        tags,
        summary: 'Delete a follow-up record entered in error (its author or an administrator), with a reason',
        params: idParam,
        querystring: followupDeleteSchema,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await app.db.transaction((tx) =>
        deleteFollowup(tx, sessionOf(request), request.params.id, request.query.reason, options(request)),
      );
      return ok(request, null, 'virtualWard.followup.deleted');
    },
  );

  r.get(
    '/v1/virtualward/followups',
    {
      config: { permission: PERMISSIONS.virtualWard.followups.list },
      schema: {
        tags,
        summary: 'Follow-up records (page), newest first',
        description:
          'Filters: queryCondition (patient, inpatient number, bed, specialist, text), specialistId, ' +
          'departmentCode (the patient’s ward at the time), kind, beginDate/endDate (hospital calendar).',
        querystring: followupQuerySchema,
        response: { 200: envelopeOf(pageOf(followupView)) },
      },
    },
    async (request) =>
      ok(request, await pageFollowups(app.db, sessionOf(request), request.query, request.lang)),
  );

  r.get(
    '/v1/virtualward/patient/:id',
    {
      config: { permission: 'session' },
      schema: {
        tags,
        summary: 'A patient’s virtual-ward stays (all, newest first) and follow-up records',
        description: 'Goes with the patient: a patient of the caller’s scope (404 otherwise).',
        params: idParam,
        response: { 200: envelopeOf(patientVirtualWardView) },
      },
    },
    async (request) =>
      ok(request, await patientVirtualWard(app.db, sessionOf(request), request.params.id, request.lang)),
  );
}
