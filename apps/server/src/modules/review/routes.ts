import {
  approveSchema,
  dataFilterSchema,
  dataQuerySchema,
  PERMISSIONS,
  pendingFilterSchema,
  pendingQuerySchema,
} from '@glucocare/domain';
import {
  approveAllResultView,
  approveResultView,
  pendingPageView,
  reviewExportView,
  reviewPivotPageView,
  reviewRecordView,
} from '@glucocare/domain/responses';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeOf, ok, pageOf } from '../../http/envelope';
import { sessionOf } from '../../http/session';
import { requestMeta } from '../audit/service';
import { approveAllMatching, approveRecords, dataExport, dataPage, dataPivot, pendingPage } from './service';

const tags = ['review'];

/**
 * Approval and data management (spec §2 "Measurement record approval", "Data management"; paths from
 * api-precedents `testRecord`). Corrections and deletions of values are the measurements module's
 * (`PUT /v1/testRecord/data`, `/data/changeStatus`).
 */
export async function reviewRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const context = (request: FastifyRequest) => ({
    db: app.db,
    session: sessionOf(request),
    lang: request.lang,
  });

  r.get(
    '/v1/testRecord/pending',
    {
      config: { permission: PERMISSIONS.approval.list },
      schema: {
        tags,
        summary: 'Readings waiting for approval, newest first, with the pending count of each item',
        querystring: pendingQuerySchema,
        response: { 200: envelopeOf(pendingPageView) },
      },
    },
    async (request) => ok(request, await pendingPage(context(request), request.query)),
  );

  r.post(
    '/v1/testRecord/approve',
    {
      config: { permission: PERMISSIONS.approval.approve },
      schema: {
        tags,
        summary: 'Approve the selected readings (1-500); others are skipped with the reason',
        body: approveSchema,
        response: {
          200: envelopeOf(approveResultView),
        },
      },
    },
    async (request) => {
      const result = await approveRecords(
        context(request),
        requestMeta(request),
        request.body.ids,
        app.clock(),
      );
      return ok(request, result, 'review.approve.approved', { count: result.approved });
    },
  );

  r.post(
    '/v1/testRecord/approveAll',
    {
      config: { permission: PERMISSIONS.approval.approve },
      schema: {
        tags,
        summary: 'Approve the pending readings matching the filters, oldest first, at most 5000 per call',
        body: pendingFilterSchema,
        response: { 200: envelopeOf(approveAllResultView) },
      },
    },
    async (request) => {
      const result = await approveAllMatching(
        context(request),
        requestMeta(request),
        request.body,
        app.clock(),
      );
      return result.held
        ? ok(request, result, 'review.approveAll.qcHeld', { count: result.approved, held: result.held })
        : ok(request, result, 'review.approve.approved', { count: result.approved });
    },
  );

  r.get(
    '/v1/testRecord/query',
    {
      config: { permission: PERMISSIONS.measurementData.list },
      schema: {
        tags,
        summary: 'Data management: readings of one item in a date range, with the patients, newest first',
        querystring: dataQuerySchema,
        response: { 200: envelopeOf(pageOf(reviewRecordView)) },
      },
    },
    async (request) => ok(request, await dataPage(context(request), request.query)),
  );

  r.get(
    '/v1/testRecord/glus/pivot/query',
    {
      config: { permission: PERMISSIONS.measurementData.list },
      schema: {
        tags,
        summary: 'Data management pivot: rows patient × day (latest first), a cell per period',
        querystring: dataQuerySchema,
        response: {
          200: envelopeOf(reviewPivotPageView),
        },
      },
    },
    async (request) => ok(request, await dataPivot(context(request), request.query)),
  );

  r.get(
    '/v1/testRecord/query/export',
    {
      config: { permission: PERMISSIONS.measurementData.export },
      schema: {
        tags,
        summary: 'Every reading of the query (at most 50,000) for the Excel export',
        querystring: dataFilterSchema,
        response: { 200: envelopeOf(reviewExportView) },
      },
    },
    async (request) => ok(request, await dataExport(context(request), request.query)),
  );
}
