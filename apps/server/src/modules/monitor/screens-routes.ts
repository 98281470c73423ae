import { SCREEN_LINK_HEADER } from '@glucocare/domain/monitor';
import {
  crisisRecordsView,
  envelopeOf,
  monitorOverviewView,
  patientDistributionView,
  personMonitorView,
  type ScreenStreamMessage,
  screenStreamAnswer,
} from '@glucocare/domain/responses';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { AppError } from '../../http/errors';
import { serveLiveStream } from '../live/stream';
import { screenLinkGrant, stillGranted } from './links';
import {
  crisisRecords,
  monitorOverview,
  patientDistribution,
  personMonitor,
  type ScreenContext,
  streamDepartments,
} from './screens';

const tags = ['monitor'];

/** The topics a wall hears: the figures it shows follow readings, critical values and admissions. */
const WALL_TOPICS = new Set<string>(['readings', 'critical', 'patients']);

/**
 * The wall screens' calls (issue 20, spec §7: called without the Authorization header). Public to the
 * session guard; each checks the `X-Screen-Link` header itself (401 `monitor.link.invalid` when
 * missing, malformed, wrongly signed, revoked, expired or of an inactive tenant) and records the use
 * in the same statement. Rate-limited per client address (`SCREEN_RATE_LIMIT` a minute).
 */
export async function screenRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const rateLimit = {
    max: app.config.screenRateLimit,
    timeWindow: 60_000,
    errorResponseBuilder: () => new AppError(429, 'monitor.link.rateLimited'),
  };
  const config = { permission: 'public' as const, rateLimit };
  // the link is checked (and its use recorded) on the primary; the wall's figures come from the read
  // replica (app.ts `replica`)
  const context = async (request: FastifyRequest): Promise<ScreenContext> => ({
    db: app.replica,
    grant: await screenLinkGrant(app, request, { use: true }),
    now: app.clock(),
    lang: request.lang,
  });

  r.get(
    '/v1/monitor/',
    {
      config,
      schema: {
        tags,
        summary:
          'Wall screen (screen link): the day and week of the link’s wards, and the screen’s configuration',
        response: { 200: envelopeOf(monitorOverviewView) },
      },
    },
    async (request) => ok(request, await monitorOverview(await context(request))),
  );
  r.get(
    '/v1/monitor/personMonitor',
    {
      config,
      schema: {
        tags,
        summary: 'Wall screen (screen link): the latest readings of the recent hours, names masked',
        response: { 200: envelopeOf(personMonitorView) },
      },
    },
    async (request) => ok(request, await personMonitor(await context(request))),
  );
  r.get(
    '/v1/monitor/crisisLowRecords',
    {
      config,
      schema: {
        tags,
        summary: 'Wall screen (screen link): the critical values of the recent hours and their loop state',
        response: { 200: envelopeOf(crisisRecordsView) },
      },
    },
    async (request) => ok(request, await crisisRecords(await context(request))),
  );
  r.get(
    '/v1/monitor/todayPatientDistribution',
    {
      config,
      schema: {
        tags,
        summary:
          'Wall screen (screen link): today’s patients by glucose band, high/low wards, abnormal detail',
        response: { 200: envelopeOf(patientDistributionView) },
      },
    },
    async (request) => ok(request, await patientDistribution(await context(request))),
  );

  r.get(
    '/v1/monitor/events',
    {
      config,
      schema: {
        tags,
        summary:
          'Wall screen (screen link): changes of the link’s wards as Server-Sent Events (no patient ids)',
        response: { 200: screenStreamAnswer },
      },
    },
    async (request, reply) => {
      const token = String(request.headers[SCREEN_LINK_HEADER]).trim();
      const ctx = await context(request);
      await serveLiveStream(app, request, reply, {
        tenantId: ctx.grant.tenantId,
        userId: null,
        scope: { all: false, departments: await streamDepartments(ctx) },
        // only what a corridor may know: the topic, the link's wards concerned, the time (no patient ids)
        shape: ({ topic, departments, at }, { scope }): ScreenStreamMessage | null => {
          if (!WALL_TOPICS.has(topic)) return null;
          const shown = scope.all
            ? departments
            : departments.filter((code) => scope.departments.includes(code));
          return { topic, departments: shown, at };
        },
        recheckMs: app.config.screenLinkCheckMs,
        recheck: async (subscriber) => {
          const grant = await stillGranted(app, token);
          // a changed screen strategy (its wards) applies to the next event
          if (grant) {
            subscriber.scope = {
              all: false,
              departments: await streamDepartments({ ...ctx, grant, now: app.clock() }),
            };
          }
          return !!grant;
        },
      });
    },
  );
}
