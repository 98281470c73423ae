import {
  criticalAcknowledgeSchema,
  criticalHandleSchemaAt,
  criticalLoopReportQuerySchema,
  criticalMonitorQuerySchema,
  criticalNotifySchema,
  criticalQuerySchema,
  criticalSkipRecheckSchema,
  PERMISSIONS,
} from '@glucocare/domain';
import {
  criticalCountsView,
  criticalEventView,
  criticalLatestView,
  criticalLoopReportView,
  notifiableDoctorView,
} from '@glucocare/domain/responses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok, pageOf } from '../../http/envelope';
import { sessionOf } from '../../http/session';
import { idParam, MAX_PAGE_SIZE } from '../../lib/query';
import { requestMeta } from '../audit/service';
import { criticalLoopReport } from './loop-report';
import {
  acknowledgeCriticalEvent,
  countCriticalEvents,
  criticalEventOfMeasurement,
  handleCriticalEvent,
  latestCriticalEvents,
  monitorCriticalEvents,
  notifiableDoctors,
  notifyCriticalEvent,
  queryCriticalEvents,
  skipCriticalRecheck,
} from './service';

const tags = ['critical values'];

const latestQuery = z.object({
  since: z
    .string()
    .regex(/^\d{1,15}$/, { error: 'critical.since.invalid' })
    .transform(Number)
    .optional(),
});

/**
 * Critical values and their handling (api-precedents "critical values": /v1/crisisPatient/monitor and
 * /query; handle, counts and latest follow the same prefix).
 */
export async function criticalRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/v1/crisisPatient/monitor',
    {
      config: { permission: PERMISSIONS.criticalValues.list },
      schema: {
        tags,
        summary: "Today's critical values of the caller's departments: open first, newest first",
        querystring: criticalMonitorQuerySchema,
        response: { 200: envelopeOf(z.array(criticalEventView)) },
      },
    },
    async (request) =>
      ok(
        request,
        await monitorCriticalEvents(app.db, sessionOf(request), request.query, request.lang, app.clock()),
      ),
  );

  r.get(
    '/v1/crisisPatient/query',
    {
      config: { permission: PERMISSIONS.criticalValues.list },
      schema: {
        tags,
        summary: 'Critical values of a date range (start and end required), filtered, newest first, paged',
        querystring: criticalQuerySchema,
        response: { 200: envelopeOf(pageOf(criticalEventView)) },
      },
    },
    async (request) =>
      ok(
        request,
        await queryCriticalEvents(
          app.db,
          sessionOf(request),
          { ...request.query, size: Math.min(request.query.size, MAX_PAGE_SIZE) },
          request.lang,
          app.clock(),
        ),
      ),
  );

  r.get(
    '/v1/crisisPatient/measurement/:id',
    {
      config: { permission: PERMISSIONS.criticalValues.list },
      schema: {
        tags,
        summary: 'The critical value a reading opened (open or handled), for the entry dialog; 404 when none',
        params: idParam,
        response: { 200: envelopeOf(criticalEventView) },
      },
    },
    async (request) =>
      ok(
        request,
        await criticalEventOfMeasurement(
          app.db,
          sessionOf(request),
          request.params.id,
          request.lang,
          app.clock(),
        ),
      ),
  );

  r.get(
    '/v1/crisisPatient/doctors',
    {
      config: { permission: PERMISSIONS.criticalValues.handle },
      schema: {
        tags,
        summary:
          'Doctors a critical value can be told to (of one department when given), with their user ids',
        querystring: z.object({ departmentCode: z.string().trim().max(64).optional() }),
        response: { 200: envelopeOf(z.array(notifiableDoctorView)) },
      },
    },
    async (request) =>
      ok(request, await notifiableDoctors(app.db, sessionOf(request), request.query.departmentCode)),
  );

  r.post(
    '/v1/crisisPatient/handle',
    {
      config: { permission: PERMISSIONS.criticalValues.handle },
      schema: {
        tags,
        summary: 'Record who was notified of a critical value and what was done (version must match)',
        body: criticalHandleSchemaAt(() => app.clock()),
        response: { 200: envelopeOf(criticalEventView) },
      },
    },
    async (request) =>
      ok(
        request,
        await handleCriticalEvent(
          app.db,
          sessionOf(request),
          request.body,
          request.lang,
          app.clock(),
          requestMeta(request),
        ),
        'critical.handled',
      ),
  );

  // the loop's other steps (issue 15): one route each, the same shape as the handling
  const steps = [
    {
      path: '/v1/crisisPatient/notify',
      permission: PERMISSIONS.criticalValues.handle,
      summary: 'The entry dialog: whom the nurse told (a user or a name) and what was done at once',
      body: criticalNotifySchema,
      run: notifyCriticalEvent,
      done: 'critical.notified',
    },
    {
      path: '/v1/crisisPatient/acknowledge',
      permission: PERMISSIONS.criticalValues.list,
      summary: 'The doctor’s read receipt of a critical value (once; version must match)',
      body: criticalAcknowledgeSchema,
      run: acknowledgeCriticalEvent,
      done: 'critical.acknowledged',
    },
    {
      path: '/v1/crisisPatient/skipRecheck',
      permission: PERMISSIONS.criticalValues.handle,
      summary: 'Why no recheck will be taken; it closes the loop in the recheck’s place',
      body: criticalSkipRecheckSchema,
      run: skipCriticalRecheck,
      done: 'critical.recheckSkipped',
    },
  ] as const;
  for (const step of steps) {
    app.post(
      step.path,
      {
        config: { permission: step.permission },
        schema: {
          tags,
          summary: step.summary,
          body: step.body,
          response: { 200: envelopeOf(criticalEventView) },
        },
      },
      async (request) =>
        ok(
          request,
          await step.run(
            app.db,
            sessionOf(request),
            // the schema has checked the body against this step's own input type
            request.body as never,
            request.lang,
            app.clock(),
            requestMeta(request),
          ),
          step.done,
        ),
    );
  }

  r.get(
    '/v1/crisisPatient/loopReport',
    {
      config: { permission: PERMISSIONS.criticalValues.list },
      schema: {
        tags,
        summary:
          'The critical-value loop of a month per ward: counts, median and 90th-percentile minutes of each step, share handled within the target',
        querystring: criticalLoopReportQuerySchema,
        response: { 200: envelopeOf(criticalLoopReportView) },
      },
    },
    async (request) =>
      ok(request, await criticalLoopReport(app.db, sessionOf(request), request.query, request.lang)),
  );

  r.get(
    '/v1/crisisPatient/counts',
    {
      config: { permission: PERMISSIONS.criticalValues.list },
      schema: {
        tags,
        summary: 'Badge counts: open and handled today, open whenever measured',
        response: { 200: envelopeOf(criticalCountsView) },
      },
    },
    async (request) => ok(request, await countCriticalEvents(app.db, sessionOf(request), app.clock())),
  );

  r.get(
    '/v1/crisisPatient/latest',
    {
      config: { permission: PERMISSIONS.criticalValues.list },
      schema: {
        tags,
        summary: 'Open critical values newer than an event id (the ward alert polls it)',
        querystring: latestQuery,
        response: { 200: envelopeOf(criticalLatestView) },
      },
    },
    async (request) =>
      ok(
        request,
        await latestCriticalEvents(
          app.db,
          sessionOf(request),
          request.query.since,
          request.lang,
          app.clock(),
        ),
      ),
  );
}
