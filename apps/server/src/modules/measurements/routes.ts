import {
  daySpan,
  MEASUREMENT_ITEMS,
  measurementCorrectionSchema,
  measurementEntriesSchema,
  measurementEntrySchema,
  measurementStatusSchema,
  measurementUploadSchema,
  PERMISSIONS,
  patientPivotQuerySchema,
  patientReadingsQuerySchema,
  READING_DAYS_DEFAULT,
} from '@glucocare/domain';
import {
  entryOptionsView,
  readingPivotView,
  readingView,
  uploadResultView,
} from '@glucocare/domain/responses';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok, pageOf } from '../../http/envelope';
import { sessionOf } from '../../http/session';
import { idParam, MAX_PAGE_SIZE } from '../../lib/query';
import { requestMeta } from '../audit/service';
import { patientInScope } from '../patients/access';
import { dateIn, hospitalTimeZone } from '../settings/time-zone';
import { entryOptions } from './options';
import { patientPivot, patientReadingsPage } from './read';
import { uploadMeasurements } from './upload';
import {
  correctMeasurement,
  createMeasurement,
  createMeasurements,
  deleteMeasurement,
  readingInScope,
  restoreMeasurement,
  type WriteOptions,
} from './write';

const tags = ['measurements'];

/** The days a patient tab shows when none are given: the last {@link READING_DAYS_DEFAULT} days. */
export function defaultDays(now: Date, timeZone: string) {
  const endDate = dateIn(now, timeZone);
  const begin = new Date(`${endDate}T00:00:00Z`);
  begin.setUTCDate(begin.getUTCDate() - (READING_DAYS_DEFAULT - 1));
  return { beginDate: begin.toISOString().slice(0, 10), endDate };
}

/**
 * Glucose, ketone and uric-acid readings (api-precedents "measurements"): manual entry, correction,
 * soft delete and restore of pending readings; the same for approved ones from data management;
 * a patient's list and day × period grid; meter and HIS uploads.
 */
export async function measurementRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const options = (request: FastifyRequest, allowApproved = false): WriteOptions => ({
    lang: request.lang,
    meta: requestMeta(request),
    now: app.clock(),
    allowApproved,
    configFrom: app.db,
  });

  r.post(
    '/v1/testRecord/customerRecord',
    {
      config: { permission: PERMISSIONS.measurementEntry.edit },
      schema: {
        tags,
        summary: 'Enter one reading by hand (glucose, ketone or uric acid)',
        description:
          'Period and time required for GLU (KET/UA: time required); the time not in the future nor before the admission; a result in the item’s unit within the meter range, or an untested reason (`cause`; "other" needs `causeText`; "refused" may carry `refusalReason`). A time already taken for the patient and item → 409.',
        body: measurementEntrySchema,
        response: { 200: envelopeOf(readingView) },
      },
    },
    async (request) =>
      ok(
        request,
        await app.db.transaction((tx) =>
          createMeasurement(tx, sessionOf(request), request.body, options(request)),
        ),
        'measurements.saved',
      ),
  );
  r.post(
    '/v1/testRecord/customerRecords',
    {
      config: { permission: PERMISSIONS.measurementEntry.edit },
      schema: {
        tags,
        summary: 'Enter several readings of one patient at once (all or nothing)',
        description:
          'Problems, including times already taken, are reported per row as `records.{index}.{field}`.',
        body: measurementEntriesSchema,
        response: { 200: envelopeOf(z.array(readingView)) },
      },
    },
    async (request) => {
      const views = await app.db.transaction((tx) =>
        createMeasurements(tx, sessionOf(request), request.body, options(request)),
      );
      return ok(request, views, 'measurements.savedMany', { count: views.length });
    },
  );

  const correct =
    (allowApproved: boolean) =>
    async (request: FastifyRequest<{ Body: z.infer<typeof measurementCorrectionSchema> }>) => {
      const { id, ...input } = request.body;
      const view = await app.db.transaction((tx) =>
        correctMeasurement(tx, sessionOf(request), id, input, options(request, allowApproved)),
      );
      return ok(request, view, 'measurements.saved');
    };
  const changeStatus =
    (allowApproved: boolean) =>
    async (request: FastifyRequest<{ Body: z.infer<typeof measurementStatusSchema> }>) => {
      const { recordId, isActive, reason, version } = request.body;
      const change = isActive ? restoreMeasurement : deleteMeasurement;
      const view = await app.db.transaction((tx) =>
        change(tx, sessionOf(request), recordId, { reason, version }, options(request, allowApproved)),
      );
      return ok(request, view, isActive ? 'measurements.restored' : 'measurements.deleted');
    };

  r.put(
    '/v1/testRecord',
    {
      config: { permission: PERMISSIONS.measurementEntry.edit },
      schema: {
        tags,
        summary: 'Correct a pending reading (reason and current version required)',
        description:
          'Fields left out keep their value; null clears one. An approved reading → 409 "must be edited in data management"; a stale version → 409.',
        body: measurementCorrectionSchema,
        response: { 200: envelopeOf(readingView) },
      },
    },
    correct(false),
  );
  r.put(
    '/v1/testRecord/changeStatus',
    {
      config: { permission: PERMISSIONS.measurementEntry.edit },
      schema: {
        tags,
        summary: 'Delete (isActive false) or restore (isActive true) a pending reading, with a reason',
        body: measurementStatusSchema,
        response: { 200: envelopeOf(readingView) },
      },
    },
    changeStatus(false),
  );
  r.put(
    '/v1/testRecord/data',
    {
      config: { permission: PERMISSIONS.measurementData.edit },
      schema: {
        tags,
        summary: 'Data management: correct a reading, approved ones included (they stay approved)',
        body: measurementCorrectionSchema,
        response: { 200: envelopeOf(readingView) },
      },
    },
    correct(true),
  );
  r.put(
    '/v1/testRecord/data/changeStatus',
    {
      config: { permission: PERMISSIONS.measurementData.edit },
      schema: {
        tags,
        summary: 'Data management: delete or restore a reading, approved ones included',
        body: measurementStatusSchema,
        response: { 200: envelopeOf(readingView) },
      },
    },
    changeStatus(true),
  );

  r.get(
    '/v1/testRecord/:id',
    {
      config: { permission: PERMISSIONS.inpatients.list },
      schema: {
        tags,
        summary: 'One reading (deleted ones included), in the caller’s scope',
        params: idParam,
        response: { 200: envelopeOf(readingView) },
      },
    },
    async (request) =>
      ok(request, await readingInScope(app.db, sessionOf(request), request.params.id, request.lang)),
  );
  r.get(
    '/v1/testRecord/patient/:id',
    {
      config: { permission: PERMISSIONS.inpatients.list },
      schema: {
        tags,
        summary: 'A patient’s readings of one item, paged (default: the last 7 days, latest first)',
        params: idParam,
        querystring: patientReadingsQuerySchema,
        response: { 200: envelopeOf(pageOf(readingView)) },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      const patient = await patientInScope(app.db, session, request.params.id);
      const { category, page, size, ...query } = request.query;
      const fallback: { beginDate?: string; endDate?: string } =
        query.beginDate || query.endDate
          ? {}
          : defaultDays(app.clock(), await hospitalTimeZone(app.db, session));
      return ok(
        request,
        await patientReadingsPage(app.db, session, patient.id, {
          item: category,
          beginDate: query.beginDate || fallback.beginDate,
          endDate: query.endDate || fallback.endDate,
          sort: query.sort,
          includeDeleted: query.includeDeleted,
          page,
          size: Math.min(size, MAX_PAGE_SIZE),
          lang: request.lang,
        }),
      );
    },
  );
  r.get(
    '/v1/testRecord/patient/pivot/:id',
    {
      config: { permission: PERMISSIONS.inpatients.list },
      schema: {
        tags,
        summary: 'A patient’s day × period grid of one item (hospital time zone; default the last 7 days)',
        params: idParam,
        querystring: patientPivotQuerySchema,
        response: { 200: envelopeOf(readingPivotView) },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      const patient = await patientInScope(app.db, session, request.params.id);
      const now = app.clock();
      const fallback = defaultDays(now, await hospitalTimeZone(app.db, session));
      const endDate = request.query.endDate || fallback.endDate;
      let beginDate = request.query.beginDate || fallback.beginDate;
      if (beginDate > endDate) beginDate = endDate;
      if (daySpan(beginDate, endDate) > 366) beginDate = endDate;
      return ok(
        request,
        await patientPivot(app.db, session, patient.id, {
          item: request.query.category,
          beginDate,
          endDate,
          sort: request.query.sort,
          lang: request.lang,
          now,
        }),
      );
    },
  );
  r.get(
    '/v1/testRecord/entryOptions/:id',
    {
      config: { permission: PERMISSIONS.inpatients.list },
      schema: {
        tags,
        summary: 'What the entry form of a patient needs: periods, reasons, testers, units, the stay',
        params: idParam,
        querystring: z.object({ category: z.enum(MEASUREMENT_ITEMS).default('GLU') }),
        response: { 200: envelopeOf(entryOptionsView) },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      const patient = await patientInScope(app.db, session, request.params.id);
      return ok(
        request,
        await entryOptions(
          app.db,
          session.tenantId,
          patient,
          request.query.category,
          request.lang,
          app.clock(),
        ),
      );
    },
  );

  r.post(
    '/v1/testRecord/upload',
    {
      config: { permission: PERMISSIONS.meterUpload.create },
      bodyLimit: 2 * 1024 * 1024,
      schema: {
        tags,
        summary: 'Meter and HIS uploads: 1-1000 readings keyed by device serial + record number',
        description:
          'Good rows are kept and bad rows refused one by one with reasons; a device record already received is counted in `duplicates` and adds nothing.',
        body: measurementUploadSchema,
        response: { 200: envelopeOf(uploadResultView) },
      },
    },
    async (request) => {
      const result = await uploadMeasurements(app.db, sessionOf(request), request.body, options(request));
      return ok(request, result, 'measurements.upload.summary', {
        accepted: result.accepted,
        duplicates: result.duplicates,
        rejected: result.rejected.length,
      });
    },
  );
}
