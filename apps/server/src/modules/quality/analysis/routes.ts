import {
  PERMISSIONS,
  qcAccuracyQuerySchema,
  qcCurveQuerySchema,
  qcMonthReportQuerySchema,
  qcReportArchiveSchema,
  qcReportRejectSchema,
  qcReportSubmitSchema,
  qcStatisticsQuerySchema,
} from '@glucocare/domain';
import {
  qcAccuracyView,
  qcCurveView,
  qcMonthReportsView,
  qcMonthReportView,
  qcStatisticsView,
} from '@glucocare/domain/responses';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeOf, ok } from '../../../http/envelope';
import { sessionOf } from '../../../http/session';
import { requestMeta } from '../../audit/service';
import { qcAccuracy } from './accuracy';
import type { AnalysisContext } from './common';
import { archiveReport, monthReports, rejectReport, submitReport } from './reports';
import { qcCurve, qcStatistics } from './statistics';

const tags = ['quality'];

const FIGURES =
  'Figures by CLSI C24 (Statistical Quality Control for Quantitative Measurement Procedures): mean; sample SD ' +
  '(n − 1; null with fewer than 2 values); CV % = SD / mean × 100 (null when the mean is 0); pass rate % = ' +
  'runs judged pass / runs. Mean and SD 3 decimals, CV and rates 2. Months and days are the hospital calendar.';

/**
 * The QC analysis (issue 19, docs/api.md "Levey-Jennings curve, statistics, monthly reports and accuracy
 * against the laboratory"): paths in the api-precedents style.
 */
export async function qualityAnalysisRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const contextOf = (request: FastifyRequest): AnalysisContext => ({
    db: app.db,
    session: sessionOf(request),
    lang: request.lang,
    now: app.clock(),
  });
  // the curve, statistics and accuracy are looked at, never edited from: the read replica's (app.ts
  // `replica`); the monthly reports are a list their submitters and verifiers act on: the primary's
  const replicaContextOf = (request: FastifyRequest): AnalysisContext => ({
    ...contextOf(request),
    db: app.replica,
  });
  const quality = PERMISSIONS.quality;

  r.get(
    '/v2/deviceQc/control',
    {
      config: { permission: quality.curve.list },
      schema: {
        tags,
        summary: 'The Levey-Jennings month of one analyzer, level and control lot, with ±1/2/3 SD lines',
        description:
          `sn or analyzerId (of the caller’s departments, else 404), month (YYYY-MM), itemCategory (GLU), level ` +
          `(0-2, default 0), lot (default: the analyzer’s control lot in use, else the lot last run that month). ` +
          `Points: each run’s value, z-score on its own target and SD, result, rules broken. ${FIGURES}`,
        querystring: qcCurveQuerySchema,
        response: { 200: envelopeOf(qcCurveView) },
      },
    },
    async (request) => ok(request, await qcCurve(replicaContextOf(request), request.query)),
  );

  r.get(
    '/v1/deviceQc/departmentControlStatistics',
    {
      config: { permission: quality.statistics.list },
      schema: {
        tags,
        summary: 'QC statistics per analyzer, level, lot and month, and per department and month',
        description:
          `Runs tested on hospital days beginDate..endDate (at most 366) of the caller’s departments, narrowed by ` +
          `departmentCode, itemCategory (GLU) and sn. Per department: analyzers, runs, passes, rules broken (values ` +
          `of different levels are not pooled into one mean). ${FIGURES}`,
        querystring: qcStatisticsQuerySchema,
        response: { 200: envelopeOf(qcStatisticsView) },
      },
    },
    async (request) => ok(request, await qcStatistics(replicaContextOf(request), request.query)),
  );

  r.get(
    '/v1/deviceQc/monthReport',
    {
      config: { permission: quality.reports.list },
      schema: {
        tags,
        summary:
          'The monthly QC reports of a month: one per analyzer of the caller’s departments, with its state',
        description:
          `State notSubmitted (no report), submitted, rejected (may be submitted again) or archived. The summary ` +
          `is the month’s runs now, or as submitted once submitted. ${FIGURES}`,
        querystring: qcMonthReportQuerySchema,
        response: { 200: envelopeOf(qcMonthReportsView) },
      },
    },
    async (request) => ok(request, await monthReports(contextOf(request), request.query)),
  );

  const writeOptions = (request: FastifyRequest) => ({ meta: requestMeta(request) });
  r.post(
    '/v1/deviceQc/monthReport/submit',
    {
      config: { permission: quality.reports.submit },
      schema: {
        tags,
        summary: 'Submit the monthly report of an analyzer (first time, or again after a rejection)',
        description:
          'Only the current or an earlier hospital month (else 400). No version for a first submission; the ' +
          'report’s version to submit a rejected one again (stale → 409). Submitted or archived already → 409. ' +
          'The month’s figures are kept as submitted. Audited; announced on the live topic quality.',
        body: qcReportSubmitSchema,
        response: { 200: envelopeOf(qcMonthReportView) },
      },
    },
    async (request) => {
      const view = await submitReport(contextOf(request), request.body, writeOptions(request));
      return ok(request, view, 'qc.report.submitted', { sn: view.sn, month: view.month });
    },
  );

  r.post(
    '/v1/deviceQc/monthReport/reject',
    {
      config: { permission: quality.reports.verify },
      schema: {
        tags,
        summary: 'Reject a submitted monthly report back to its submitter, with a reason',
        description:
          'Only a submitted report (else 409); version must match (409). Audited with the reason; announced.',
        body: qcReportRejectSchema,
        response: { 200: envelopeOf(qcMonthReportView) },
      },
    },
    async (request) => {
      const view = await rejectReport(contextOf(request), request.body, writeOptions(request));
      return ok(request, view, 'qc.report.rejected', { sn: view.sn, month: view.month });
    },
  );

  r.post(
    '/v1/deviceQc/monthReport/archive',
    {
      config: { permission: quality.reports.verify },
      schema: {
        tags,
        summary: 'Verify and archive a submitted monthly report',
        description: 'Only a submitted report (else 409); version must match (409). Audited; announced.',
        body: qcReportArchiveSchema,
        response: { 200: envelopeOf(qcMonthReportView) },
      },
    },
    async (request) => {
      const view = await archiveReport(contextOf(request), request.body, writeOptions(request));
      return ok(request, view, 'qc.report.archived', { sn: view.sn, month: view.month });
    },
  );

  r.get(
    '/v1/deviceQc/accuracy',
    {
      config: { permission: quality.accuracy.list },
      schema: {
        tags,
        summary: 'Meter accuracy against the laboratory (ISO 15197:2013): pairs, share within limits, bias',
        description:
          'Each live meter glucose reading (with a device serial) of the hospital month in the caller’s departments, ' +
          'paired with the same patient’s lab glucose (items GLU, GLU_LAB, PGLU) closest in time within ±15 minutes; ' +
          'a lab result may serve several readings. Within limits: ±0.83 mmol/L below 5.55 mmol/L, ±15 % at or ' +
          'above; the standard asks 95 % within. Bias = meter − lab (mmol/L), mean over the pairs.',
        querystring: qcAccuracyQuerySchema,
        response: { 200: envelopeOf(qcAccuracyView) },
      },
    },
    async (request) => ok(request, await qcAccuracy(replicaContextOf(request), request.query)),
  );
}
