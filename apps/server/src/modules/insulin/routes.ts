import {
  daySpan,
  insulinConfirmSchema,
  insulinCorrectionSchema,
  insulinEntrySchema,
  insulinPivotQuerySchema,
  insulinRecordsQuerySchema,
  insulinStatusSchema,
  type LinkedChartQuery,
  linkedChartQuerySchema,
  PERMISSIONS,
  PIVOT_MAX_DAYS,
} from '@glucocare/domain';
import {
  insulinEntryOptionsView,
  insulinPivotView,
  insulinRecordView,
  linkedChartView,
} from '@glucocare/domain/responses';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok, pageOf } from '../../http/envelope';
import { sessionOf } from '../../http/session';
import { idParam, MAX_PAGE_SIZE } from '../../lib/query';
import { requestMeta } from '../audit/service';
import { defaultDays } from '../measurements/routes';
import { patientInScope } from '../patients/access';
import { hospitalTimeZone } from '../settings/time-zone';
import { linkedChart } from './linked-chart';
import {
  changeInsulinStatus,
  confirmInsulinRecords,
  correctInsulinRecord,
  createInsulinRecord,
  type InsulinWriteOptions,
  insulinEntryOptions,
  insulinPivot,
  insulinRecordInScope,
  insulinRecordsPage,
} from './service';

const tags = ['insulin'];

/**
 * Insulin records of a patient (issue 16; paths in the api-precedents style, listed in docs/api.md):
 * entry, correction, delete/restore with a reason, confirmation by a nurse, the patient's list and
 * day × insulin-period grid with daily totals, and the entry dialog's options.
 */
export async function insulinRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const options = (request: FastifyRequest): InsulinWriteOptions => ({
    lang: request.lang,
    meta: requestMeta(request),
    now: app.clock(),
  });
  /** the days asked for, else the last 7 of the hospital's calendar; a grid spans at most a year */
  const daysOf = async (
    request: FastifyRequest,
    query: { beginDate?: string | null; endDate?: string | null },
  ) => {
    const fallback = defaultDays(app.clock(), await hospitalTimeZone(app.db, sessionOf(request)));
    const endDate = query.endDate || fallback.endDate;
    let beginDate = query.beginDate || (query.endDate ? endDate : fallback.beginDate);
    if (daySpan(beginDate, endDate) > PIVOT_MAX_DAYS) beginDate = endDate;
    return { beginDate, endDate };
  };

  r.post(
    '/v1/insulinRecord',
    {
      config: { permission: PERMISSIONS.insulinRecords.edit },
      schema: {
        tags,
        summary: 'Record one insulin dose (unconfirmed)',
        description:
          'Drug of an insulin class, total dose in IU (> 0, 2 decimals) with an optional basal/bolus/correction breakdown that adds up to it, insulin period, time (not in the future, within the stay), ordering doctor, executing nurse (default: the caller).',
        body: insulinEntrySchema,
        response: { 200: envelopeOf(insulinRecordView) },
      },
    },
    async (request) =>
      ok(
        request,
        await app.db.transaction((tx) =>
          createInsulinRecord(tx, sessionOf(request), request.body, options(request)),
        ),
        'insulin.saved',
      ),
  );
  r.put(
    '/v1/insulinRecord',
    {
      config: { permission: PERMISSIONS.insulinRecords.edit },
      schema: {
        tags,
        summary: 'Correct an unconfirmed insulin record (whole record, reason and current version)',
        description: 'A confirmed or deleted record → 409; a stale version → 409.',
        body: insulinCorrectionSchema,
        response: { 200: envelopeOf(insulinRecordView) },
      },
    },
    async (request) =>
      ok(
        request,
        await app.db.transaction((tx) =>
          correctInsulinRecord(tx, sessionOf(request), request.body, options(request)),
        ),
        'insulin.saved',
      ),
  );
  r.put(
    '/v1/insulinRecord/changeStatus',
    {
      config: { permission: PERMISSIONS.insulinRecords.edit },
      schema: {
        tags,
        summary:
          'Delete (isActive false) or restore (isActive true) an unconfirmed insulin record, with a reason',
        body: insulinStatusSchema,
        response: { 200: envelopeOf(insulinRecordView) },
      },
    },
    async (request) =>
      ok(
        request,
        await app.db.transaction((tx) =>
          changeInsulinStatus(tx, sessionOf(request), request.body, options(request)),
        ),
        request.body.isActive ? 'insulin.restored' : 'insulin.deleted',
      ),
  );
  r.put(
    '/v1/insulinRecord/confirm',
    {
      config: { permission: PERMISSIONS.insulinRecords.confirm },
      schema: {
        tags,
        summary: 'Confirm insulin records as given (the caller, now); all or nothing',
        body: insulinConfirmSchema,
        response: { 200: envelopeOf(z.array(insulinRecordView)) },
      },
    },
    async (request) => {
      const views = await app.db.transaction((tx) =>
        confirmInsulinRecords(tx, sessionOf(request), request.body.ids, options(request)),
      );
      return ok(request, views, 'insulin.confirmedMany', { count: views.length });
    },
  );
  r.get(
    '/v1/insulinRecord/:id',
    {
      config: { permission: PERMISSIONS.inpatients.list },
      schema: {
        tags,
        summary: 'One insulin record (deleted ones included), in the caller’s scope',
        params: idParam,
        response: { 200: envelopeOf(insulinRecordView) },
      },
    },
    async (request) =>
      ok(request, await insulinRecordInScope(app.db, sessionOf(request), request.params.id, request.lang)),
  );
  r.get(
    '/v1/insulinRecord/patient/:id',
    {
      config: { permission: PERMISSIONS.inpatients.list },
      schema: {
        tags,
        summary: 'A patient’s insulin records, paged, latest first (default: the last 7 days)',
        params: idParam,
        querystring: insulinRecordsQuerySchema,
        response: { 200: envelopeOf(pageOf(insulinRecordView)) },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      const patient = await patientInScope(app.db, session, request.params.id);
      const { page, size, includeDeleted } = request.query;
      return ok(
        request,
        await insulinRecordsPage(app.db, session.tenantId, patient.id, {
          ...(await daysOf(request, request.query)),
          page,
          size: Math.min(size, MAX_PAGE_SIZE),
          includeDeleted,
          lang: request.lang,
        }),
      );
    },
  );
  r.get(
    '/v1/insulinRecord/patient/pivot/:id',
    {
      config: { permission: PERMISSIONS.inpatients.list },
      schema: {
        tags,
        summary:
          'A patient’s day × insulin-period grid with daily totals (basal, bolus, correction, TDD, per kg)',
        params: idParam,
        querystring: insulinPivotQuerySchema,
        response: { 200: envelopeOf(insulinPivotView) },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      const patient = await patientInScope(app.db, session, request.params.id);
      return ok(
        request,
        await insulinPivot(
          app.db,
          session.tenantId,
          patient,
          await daysOf(request, request.query),
          request.lang,
          app.clock(),
        ),
      );
    },
  );
  r.get(
    '/v1/insulinRecord/entryOptions/:id',
    {
      config: { permission: PERMISSIONS.inpatients.list },
      schema: {
        tags,
        summary: 'What the insulin entry dialog of a patient needs: insulin drugs, periods, doctors, nurses',
        params: idParam,
        response: { 200: envelopeOf(insulinEntryOptionsView) },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      const patient = await patientInScope(app.db, session, request.params.id);
      return ok(
        request,
        await insulinEntryOptions(app.db, session.tenantId, patient, request.lang, app.clock()),
      );
    },
  );

  // the glucose–insulin linked chart (issue 16); a plain route as the record screens': the zod validator
  // runs on `querystring` and hands over the parsed query
  app.get(
    '/v1/insulinRecord/linkedChart/:id',
    {
      config: { permission: PERMISSIONS.inpatients.list },
      schema: {
        tags,
        summary:
          'A patient’s glucose readings, insulin doses and pump basal rate on one time axis (1/3/7/14 days or a range)',
        description:
          'days = 1, 3, 7 or 14 (ending today in the hospital calendar; default 3), or beginDate and endDate ' +
          '(at most 31 days). Glucose in mmol/L as stored with its classification; doses with their parts; ' +
          'the pump basal rate (IU/h) as steps clipped to the range and to each profile and binding; the ' +
          'target band; the hospital time zone. Department scope applies (404 outside it).',
        params: idParam,
        querystring: linkedChartQuerySchema,
        response: { 200: envelopeOf(linkedChartView) },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      const { id } = request.params as { id: number };
      const ctx = {
        db: app.db,
        tenantId: session.tenantId,
        tenant: session,
        lang: request.lang,
        now: app.clock(),
      };
      // the scope check is part of the chart's one statement (404 outside it)
      return ok(request, await linkedChart(ctx, id, session.scope, request.query as LinkedChartQuery));
    },
  );
}
