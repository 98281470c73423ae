import fs from 'node:fs';
import path from 'node:path';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { HTTP_TIMEOUT_MS } from '@glucocare/domain';
import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type pg from 'pg';
import type { Config } from './config';
import type { Database } from './db/client';
import { registerNoStore, webAssetHeaders } from './http/cache';
import { apiNotFound, registerErrorHandling } from './http/error-handler';
import { AppError } from './http/errors';
import { registerLanguage } from './http/lang';
import { OutageAwareLogController, requestIdOf, serializeRequest } from './http/log';
import { registerMethodOverrideCheck, rewriteMethodOverride } from './http/method-override';
import { registerSessionGuard } from './http/session';
import { registerRequestTimeout } from './http/timeout';
import { registerStrictInput } from './http/validation';
import { analysisRoutes } from './modules/analysis/routes';
import { appointmentRoutes } from './modules/appointments/routes';
import { auditRoutes } from './modules/audit/routes';
import { loadPasswordCrypto, type PasswordCrypto } from './modules/auth/password-crypto';
import { authRoutes } from './modules/auth/routes';
import { consultationRoutes } from './modules/consultations/routes';
import { crisisRoutes } from './modules/crisis/routes';
import {
  ESCALATION_SWEEP_MS,
  type EscalationSweeper,
  escalationSweeper,
} from './modules/critical/escalation';
import { criticalRoutes } from './modules/critical/routes';
import { departmentRoutes } from './modules/departments/routes';
import { dictionaryRoutes } from './modules/dictionaries/routes';
import { drugRoutes } from './modules/drugs/routes';
import { eventRoutes } from './modules/events/routes';
import { adviceFrequencyRoutes } from './modules/frequencies/routes';
import { handoverRoutes } from './modules/handover/routes';
import { importRoutes } from './modules/imports/routes';
import { inspectionRoutes } from './modules/inspection/routes';
import { insulinRoutes } from './modules/insulin/routes';
import { fhirRoutes } from './modules/interop/fhir/routes';
import { Hl7Listeners } from './modules/interop/hl7/listener';
import { Hl7Outbox } from './modules/interop/hl7/outbox';
import { interopRoutes } from './modules/interop/routes';
import { LiveHub } from './modules/live/hub';
import { liveRoutes } from './modules/live/routes';
import { measurementRoutes } from './modules/measurements/routes';
import { medicationRoutes } from './modules/medication/routes';
import { menuRoutes } from './modules/menus/routes';
import { screenLinkRoutes } from './modules/monitor/links-routes';
import { screenRoutes } from './modules/monitor/screens-routes';
import { wardDashboardRoutes } from './modules/monitor/ward-routes';
import { orderRoutes } from './modules/orders/routes';
import { outpatientRoutes } from './modules/patients/outpatients-routes';
import { patientRoutes } from './modules/patients/routes';
import { periodRoutes } from './modules/periods/routes';
import { pumpBindingRoutes, pumpRoutes } from './modules/pumps/routes';
import { qualityAnalysisRoutes } from './modules/quality/analysis/routes';
import { qcRecordRoutes } from './modules/quality/records/routes';
import { qualityRegistryRoutes } from './modules/quality/registry/routes';
import { recordRoutes } from './modules/records/routes';
import { reviewRoutes } from './modules/review/routes';
import { roleRoutes } from './modules/roles/routes';
import { settingsRoutes } from './modules/settings/routes';
import { strategyRoutes } from './modules/settings/strategy-routes';
import { statisticsRoutes } from './modules/statistics/routes';
import { suggestionRoutes } from './modules/suggestions/routes';
import { systemRoutes } from './modules/system/routes';
import { tagRoutes } from './modules/tags/routes';
import { targetRoutes } from './modules/targets/routes';
import { taskRoutes } from './modules/tasks/routes';
import { templateRoutes } from './modules/templates/routes';
import { tenantRoutes } from './modules/tenants/routes';
import { unitRoutes } from './modules/units/routes';
import { userRoutes } from './modules/users/routes';
import { staffRoutes } from './modules/users/staff-routes';
import { labResultRoutes } from './modules/virtual-ward/lab-results-routes';
import { virtualWardMembershipRoutes } from './modules/virtual-ward/membership-routes';
import { virtualWardReviewRoutes } from './modules/virtual-ward/review-routes';
import { virtualWardStatisticsRoutes } from './modules/virtual-ward/statistics-routes';

export const API_PREFIX = '/app-service';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    /**
     * Where reads may lag the primary by the replica's delay (normally under a second; at most
     * DATABASE_REPLICA_MAX_LAG_SECONDS, else they go to the primary): reports over past periods,
     * statistics, analyses, printable records and wall screens — pages opened to look at, which
     * nobody edits from. Everything else stays on `db`: writes, any read in a request that writes,
     * sessions and links (auth), lists a user edits from and reloads after a change, and the live
     * push channel (NOTIFY never reaches a standby). `db` itself when no replica is configured.
     */
    replica: Database;
    config: Config;
    /** the server's notion of "now"; tests move it to check expiry rules */
    clock: () => Date;
    passwordCrypto: PasswordCrypto;
    /** every route registered, for the permission audit test and the docs */
    routeTable: RouteOptions[];
    /** the push channel of this process (modules/live) */
    live: LiveHub;
    /** escalates waiting critical values every 30 s; tests call `sweep()` at the clock they set */
    criticalEscalation: EscalationSweeper;
    /** the hospitals' HL7 listeners (issue 21); main.ts starts them, tests start them when they need them */
    hl7: Hl7Listeners;
    /** sends the queued ORU^R01 of approved readings (issue 21); tests call `drain()` */
    hl7Outbox: Hl7Outbox;
  }
}

export interface BuildOptions {
  db: Database;
  /** the read replica (db/replica.ts); default `db` */
  readDb?: Database;
  /** answer 503 when a request runs longer (spec §7: 30 s) */
  requestTimeoutMs?: number;
  clock?: () => Date;
  logger?: FastifyServerOptions['logger'];
  /** tests: check every answer against its route's response schema (a mismatch answers 500 and is printed) */
  checkResponses?: boolean;
  /** how often the critical-value escalation sweeps (default 30 s; 0: only when asked, as tests do) */
  escalationSweepMs?: number;
  /** the HL7 outbox's first retry wait (default 5 s, doubling to 5 min) */
  hl7RetryFirstMs?: number;
}

/** The server's request logging; tests pass it a stream to read what it writes. */
export function loggerOptions(config: Config) {
  return {
    level: config.logLevel,
    serializers: { req: serializeRequest },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        '*.password',
        '*.newPassword',
        '*.access_token',
      ],
      censor: '[redacted]',
    },
  } satisfies FastifyServerOptions['logger'];
}

/** The whole server, ready to listen or to be driven with inject() by tests. */
export async function buildApp(config: Config, options: BuildOptions): Promise<FastifyInstance> {
  const requestTimeoutMs = options.requestTimeoutMs ?? HTTP_TIMEOUT_MS;
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config),
    trustProxy: config.trustProxy,
    requestTimeout: requestTimeoutMs,
    connectionTimeout: requestTimeoutMs + 5_000,
    bodyLimit: 4 * 1024 * 1024,
    // read and checked by requestIdOf: Fastify would take any header value as is
    requestIdHeader: false,
    genReqId: requestIdOf,
    logController: new OutageAwareLogController(),
    rewriteUrl: rewriteMethodOverride,
    return503OnClosing: true,
  });

  app.decorate('db', options.db);
  app.decorate('replica', options.readDb ?? options.db);
  app.decorate('config', config);
  app.decorate('clock', options.clock ?? (() => new Date()));
  app.decorate('passwordCrypto', await loadPasswordCrypto(options.db));
  app.decorate('routeTable', [] as RouteOptions[]);
  // the listening connection uses the pool's own settings (drizzle keeps the pool as `$client`)
  const pool = (options.db as unknown as { $client: pg.Pool }).$client;
  app.decorate('live', new LiveHub(pool.options, app.log));
  app.decorate('hl7', new Hl7Listeners(options.db, app.log, () => app.clock(), config.hl7Host));
  app.decorate('hl7Outbox', new Hl7Outbox(options.db, app.log, () => app.clock(), options.hl7RetryFirstMs));
  app.decorate(
    'criticalEscalation',
    escalationSweeper(app, options.escalationSweepMs ?? ESCALATION_SWEEP_MS),
  );
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith(`${API_PREFIX}/docs`)) route.config = { ...route.config, permission: 'public' };
    app.routeTable.push(route);
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // a change of the HL7 settings opens or closes this process's listener at once (others within 5 s)
  app.addHook('onResponse', async (request, reply) => {
    if (
      request.method === 'POST' &&
      reply.statusCode === 200 &&
      request.routeOptions.url === `${API_PREFIX}/v1/his`
    ) {
      await app.hl7.reconcile();
    }
  });
  registerNoStore(app, API_PREFIX);
  // Once closing, an answer ends its keep-alive connection, so a graceful stop (main.ts) waits for
  // the requests in flight only, not for their clients' idle connections.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
    // open streams never finish by themselves: end them so that the stop waits only for real requests
    await app.live.close();
    await app.hl7.close();
    await app.hl7Outbox.close();
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });

  registerLanguage(app);
  registerRequestTimeout(app, requestTimeoutMs);
  registerErrorHandling(app);
  registerStrictInput(app, { checkResponses: options.checkResponses });
  registerMethodOverrideCheck(app);
  registerSessionGuard(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // antd writes its component styles at run time
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // intranet deployments are often plain HTTP; HSTS is for the TLS terminator to decide
    strictTransportSecurity: false,
  });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => new AppError(429, 'error.rateLimited'),
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'GlucoCare API',
        version: '0.1.0',
        description: 'Every path sits under /app-service; see docs/api.md.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
    // schemas with an id (the recursive trees) become components that the routes refer to
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: `${API_PREFIX}/docs`, staticCSP: true });

  await app.register(systemRoutes);
  await app.register(
    async (api) => {
      await api.register(authRoutes);
      await api.register(userRoutes);
      await api.register(staffRoutes);
      await api.register(tenantRoutes);
      await api.register(departmentRoutes);
      await api.register(roleRoutes);
      await api.register(menuRoutes);
      await api.register(auditRoutes);
      await api.register(dictionaryRoutes);
      await api.register(drugRoutes);
      await api.register(pumpRoutes);
      await api.register(pumpBindingRoutes);
      await api.register(qualityRegistryRoutes);
      await api.register(qcRecordRoutes);
      await api.register(templateRoutes);
      await api.register(eventRoutes);
      await api.register(suggestionRoutes);
      await api.register(settingsRoutes);
      await api.register(strategyRoutes);
      await api.register(periodRoutes);
      await api.register(targetRoutes);
      await api.register(inspectionRoutes);
      await api.register(interopRoutes);
      await api.register(unitRoutes);
      await api.register(tagRoutes);
      await api.register(adviceFrequencyRoutes);
      await api.register(crisisRoutes);
      await api.register(patientRoutes);
      await api.register(outpatientRoutes);
      await api.register(appointmentRoutes);
      await api.register(measurementRoutes);
      await api.register(insulinRoutes);
      await api.register(orderRoutes);
      await api.register(medicationRoutes);
      await api.register(consultationRoutes);
      await api.register(virtualWardReviewRoutes);
      await api.register(virtualWardMembershipRoutes);
      await api.register(labResultRoutes);
      await api.register(reviewRoutes);
      await api.register(criticalRoutes);
      await api.register(taskRoutes);
      await api.register(handoverRoutes);
      await api.register(recordRoutes);
      await api.register(statisticsRoutes);
      await api.register(wardDashboardRoutes);
      await api.register(virtualWardStatisticsRoutes);
      await api.register(qualityAnalysisRoutes);
      await api.register(analysisRoutes);
      await api.register(importRoutes);
      await api.register(liveRoutes);
      await api.register(screenLinkRoutes);
      await api.register(screenRoutes);
      await api.register(fhirRoutes, { prefix: '/fhir/R4' });
    },
    { prefix: API_PREFIX },
  );

  const indexHtml = path.join(config.webDist, 'index.html');
  const hasWeb = fs.existsSync(indexHtml);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: false,
      index: false,
      // the build writes a .br and a .gz copy of each file: sent as they are when the client accepts
      preCompressed: true,
      cacheControl: false,
      setHeaders: webAssetHeaders(config.webDist),
    });
    app.get('/', { config: { permission: 'public' }, schema: { hide: true } }, (_request, reply) =>
      reply.sendFile('index.html'),
    );
  }
  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === 'GET' && !request.url.startsWith(`${API_PREFIX}/`);
    if (hasWeb && wantsPage) {
      // The single-page app owns every other path (its router shows /404 itself).
      return reply.sendFile('index.html');
    }
    return apiNotFound(request, reply);
  });
  return app;
}
