import {
  PERMISSIONS,
  qcOverrideSchema,
  qcRecordQueryFields,
  qcRecordUpdateSchema,
  qcReleaseSchema,
  qcRunCreateSchema,
  qcRunEvaluateSchema,
  qcStrategySchema,
  translate,
} from '@glucocare/domain';
import {
  analyzerLockDetailView,
  qcAnalyzerOptionView,
  qcEvaluationView,
  qcHeldReadingView,
  qcRecordView,
  qcReleaseResultView,
} from '@glucocare/domain/responses';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, noDataEnvelope, ok, pageOf } from '../../../http/envelope';
import { sessionOf } from '../../../http/session';
import { deleteQuery, idParam, pageQueryFields } from '../../../lib/query';
import { requestMeta } from '../../audit/service';
import { settingEndpoint } from '../../settings/endpoints';
import { analyzerLockDetail, analyzerOptions, overrideLock, pageHeldReadings, releaseHeld } from './lockout';
import {
  createQcRun,
  deleteQcRecord,
  evaluateQcRunPreview,
  pageQcRecords,
  updateQcRecord,
  type WriteContext,
} from './service';

const tags = ['quality control'];
const Q = PERMISSIONS.quality;

/**
 * QC records, the evaluation, the QC strategy and the lockout (issue 19; paths of api-precedents:
 * deviceQc, controlSetting, devices; docs/api.md "QC records, the Westgard evaluation, the QC strategy
 * and the lockout").
 */
export async function qcRecordRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const context = (request: FastifyRequest): WriteContext => ({
    lang: request.lang,
    meta: requestMeta(request),
    now: app.clock(),
  });

  r.get(
    '/v1/deviceQc/query',
    {
      config: { permission: Q.records.list },
      schema: {
        tags,
        summary:
          "QC records of the caller's departments, newest first: by department, dates (hospital calendar), item, SN, pass/fail, analyzer, level and free text (SN, lots, tester)",
        querystring: z.object({ ...pageQueryFields, ...qcRecordQueryFields }),
        response: { 200: envelopeOf(pageOf(qcRecordView)) },
      },
    },
    async (request) =>
      ok(request, await pageQcRecords(app.db, sessionOf(request), request.query, request.lang)),
  );

  r.get(
    '/v1/deviceQc/analyzers',
    {
      config: { permission: Q.records.list },
      schema: {
        tags,
        summary:
          "The analyzers of the caller's departments a run may be entered on (the entry form's picker): lots in use, last QC and the lock now",
        response: { 200: envelopeOf(z.array(qcAnalyzerOptionView)) },
      },
    },
    async (request) =>
      ok(request, await analyzerOptions(app.db, sessionOf(request), request.lang, app.clock())),
  );

  r.post(
    '/v1/deviceQc/evaluate',
    {
      config: { permission: Q.records.edit },
      schema: {
        tags,
        summary:
          'Judge a run as it would be judged if saved now (the entry form’s live evaluation); nothing is saved',
        body: qcRunEvaluateSchema,
        response: { 200: envelopeOf(qcEvaluationView) },
      },
    },
    async (request) =>
      ok(request, await evaluateQcRunPreview(app.db, sessionOf(request), request.body, context(request))),
  );

  r.post(
    '/v1/deviceQc',
    {
      config: { permission: Q.records.edit },
      schema: {
        tags,
        summary:
          'Enter a control run of one to three levels, judged together against the lot’s range and the strategy’s Westgard rules',
        description:
          'Lots default to the analyzer’s lots in use. A failing run needs failureReason and improvementActions (400 naming the field). The analyzer’s QC state (failed lock, last pass) follows in the same transaction.',
        body: qcRunCreateSchema,
        response: { 200: envelopeOf(z.array(qcRecordView)) },
      },
    },
    async (request) => {
      const records = await createQcRun(app.db, sessionOf(request), request.body, context(request));
      const failed = records.some((record) => record.result === 'fail');
      const result = translate(request.lang, failed ? 'qc.run.resultFail' : 'qc.run.resultPass');
      return ok(request, records, 'qc.run.saved', { result });
    },
  );

  r.put(
    '/v1/deviceQc',
    {
      config: { permission: Q.records.edit },
      schema: {
        tags,
        summary: 'Correct a QC record (version must match); judged again with the other levels of its run',
        body: qcRecordUpdateSchema,
        response: { 200: envelopeOf(qcRecordView) },
      },
    },
    async (request) =>
      ok(request, await updateQcRecord(app.db, sessionOf(request), request.body, context(request))),
  );

  r.delete(
    '/v1/deviceQc/:id',
    {
      config: { permission: Q.records.edit },
      schema: {
        tags,
        summary: 'Delete a QC record with a reason (kept, marked deleted; version must match)',
        params: idParam,
        querystring: deleteQuery,
        response: { 200: noDataEnvelope },
      },
    },
    async (request) => {
      await deleteQcRecord(
        app.db,
        sessionOf(request),
        { id: request.params.id, ...request.query },
        context(request),
      );
      return ok(request, null);
    },
  );

  r.get(
    '/v1/devices/:id/lock',
    {
      config: { permission: Q.analyzers.list },
      schema: {
        tags,
        summary:
          'An analyzer’s QC lockout: the reasons, when a run is due, an override in force, what may be overridden and how many overrides are left today, readings held',
        params: idParam,
        response: { 200: envelopeOf(analyzerLockDetailView) },
      },
    },
    async (request) =>
      ok(request, await analyzerLockDetail(app.db, sessionOf(request), request.params.id, app.clock())),
  );

  r.post(
    '/v1/devices/:id/override',
    {
      config: { permission: Q.lockout.override },
      schema: {
        tags,
        summary:
          'Override a schedule or new-lot lockout for the strategy’s hours, with a reason (a failed QC only clears with a passing run)',
        description:
          '422 when nothing overridable holds; 409 once the analyzer had the strategy’s maxOverridesPerDay overrides in 24 hours.',
        params: idParam,
        body: qcOverrideSchema,
        response: { 200: envelopeOf(analyzerLockDetailView) },
      },
    },
    async (request) => {
      const detail = await overrideLock(
        app.db,
        sessionOf(request),
        request.params.id,
        request.body,
        context(request),
      );
      return ok(request, detail, 'qc.override.done', { until: detail.overriddenUntil ?? '' });
    },
  );

  r.get(
    '/v1/deviceQc/held',
    {
      config: { permission: Q.analyzers.list },
      schema: {
        tags,
        summary: 'Patient readings held by a QC lockout, newest first (one analyzer’s with analyzerId)',
        querystring: z.object({ ...pageQueryFields, analyzerId: z.coerce.number().int().min(1).optional() }),
        response: { 200: envelopeOf(pageOf(qcHeldReadingView)) },
      },
    },
    async (request) => ok(request, await pageHeldReadings(app.db, sessionOf(request), request.query)),
  );

  r.post(
    '/v1/deviceQc/held/release',
    {
      config: { permission: Q.lockout.release },
      schema: {
        tags,
        summary: 'Release readings held by a QC lockout for approval, with a reason (audited per reading)',
        body: qcReleaseSchema,
        response: { 200: envelopeOf(qcReleaseResultView) },
      },
    },
    async (request) => {
      const result = await releaseHeld(app.db, sessionOf(request), request.body, context(request));
      return ok(request, result, 'qc.release.done', { count: result.released });
    },
  );

  settingEndpoint(app, {
    path: '/v1/controlSetting',
    key: 'qc.strategy',
    read: Q.strategy.list,
    write: Q.strategy.edit,
    tags,
    summary:
      'The QC strategy: Westgard rules applied, the levels of a complete run, when runs are due, the lockout and its overrides, the control solution’s in-use days',
    body: qcStrategySchema,
    response: qcStrategySchema,
  });
}
