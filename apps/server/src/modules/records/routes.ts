import {
  type PatientRecordQuery,
  patientRecordQuerySchema,
  type RecordScreen,
  recordLinkSchema,
  recordScreenUrl,
  wardRecordQuerySchema,
} from '@glucocare/domain';
import {
  inspectionRecordView,
  linkedRecordView,
  periodRecordView,
  recordLinkView,
  trendRecordView,
  wardRecordView,
} from '@glucocare/domain/responses';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { envelopeOf, ok } from '../../http/envelope';
import { sessionOf } from '../../http/session';
import { auditActor, requestMeta, writeAudit } from '../audit/service';
import { READ_PERMISSION, recordReader } from './access';
import { rangeOf, signLink } from './links';
import {
  departmentInScope,
  inspectionRecord,
  linkedRecord,
  patientOf,
  periodRecord,
  type RecordContext,
  trendRecord,
  wardRecord,
} from './service';

const tags = ['record screens'];

const PUBLIC_NOTE =
  'Public to the router; the data needs a session with patient:inpatient:list (department scope applies) ' +
  'or a valid signed link (`sig`, `exp`) for exactly this screen, id and range.';

/** Printable record screens and their signed share links (spec §2; ARCHITECTURE §5). */
export async function recordRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const contextOf = async (
    request: FastifyRequest,
    screen: RecordScreen,
    id: string,
    query: { beginDate?: string; endDate?: string; date?: string; sig?: string; exp?: string },
  ): Promise<RecordContext> => {
    // the session or signed link is checked on the primary; the printable record comes from the read
    // replica (app.ts `replica`)
    const reader = await recordReader(app, request, { screen, id, range: rangeOf(query) }, query);
    return {
      db: app.replica,
      tenantId: reader.tenantId,
      scope: reader.scope,
      lang: request.lang,
      now: app.clock(),
    };
  };

  r.post(
    '/v1/recordLinks',
    {
      config: { permission: READ_PERMISSION },
      schema: {
        tags,
        summary: 'A signed link to a record screen that works without a session until it expires',
        description:
          'The caller must be able to read the patient (or the ward). The link covers exactly the screen, id ' +
          'and range given; it expires after RECORD_LINK_TTL_MINUTES (default 24 h). Audited.',
        body: recordLinkSchema,
        response: { 200: envelopeOf(recordLinkView) },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      const body = request.body;
      const now = app.clock();
      if (body.screen === 'ward') {
        await departmentInScope(app.db, session.tenantId, session.scope, body.id);
      } else {
        const ctx = { db: app.db, tenantId: session.tenantId, scope: session.scope, lang: request.lang, now };
        await patientOf(ctx, Number(body.id));
      }
      const expiresAt = Math.floor(now.getTime() / 1000) + app.config.recordLinkTtlMinutes * 60;
      const { sig, exp } = await signLink(
        app,
        session.tenantId,
        { screen: body.screen, id: body.id, range: rangeOf(body) },
        expiresAt,
      );
      const url = recordScreenUrl(body.screen, body.id, { ...body, sig, exp });
      const expiresIso = new Date(expiresAt * 1000).toISOString();
      await writeAudit(
        app.db,
        {
          ...auditActor(session),
          action: 'share',
          entity: 'recordLink',
          entityId: `${body.screen}:${body.id}`,
          patientId: body.screen === 'ward' ? null : Number(body.id),
          after: {
            screen: body.screen,
            id: body.id,
            beginDate: body.beginDate,
            endDate: body.endDate,
            date: body.date,
            expiresAt: expiresIso,
          },
        },
        requestMeta(request),
      );
      return ok(request, { screen: body.screen, url, expiresAt: expiresIso }, 'records.link.created');
    },
  );

  // Plain (untyped) routes: the generic response schema defeats the type provider's inference; the
  // zod validator still runs on `querystring` and hands over the parsed query.
  const patientRoute = <V extends z.ZodType>(
    path: string,
    screen: RecordScreen,
    summaryText: string,
    view: V,
    load: (ctx: RecordContext, query: PatientRecordQuery) => Promise<z.infer<V>>,
  ) =>
    app.get(
      path,
      {
        config: { permission: 'public' },
        schema: {
          tags,
          summary: summaryText,
          description: PUBLIC_NOTE,
          querystring: patientRecordQuerySchema,
          response: { 200: envelopeOf(view) },
        },
      },
      async (request) => {
        const query = request.query as PatientRecordQuery;
        const ctx = await contextOf(request, screen, String(query.id), query);
        return ok(request, await load(ctx, query));
      },
    );

  patientRoute(
    '/v1/records/glucose',
    'glucose',
    'Glucose record of one patient: day × period grid, notes, untested reasons (default: the current stay)',
    periodRecordView,
    (ctx, query) => periodRecord(ctx, 'GLU', query.id, query),
  );
  patientRoute(
    '/v1/records/ketone',
    'ketone',
    'Ketone record of one patient: day × period grid, notes, untested reasons (default: the current stay)',
    periodRecordView,
    (ctx, query) => periodRecord(ctx, 'KET', query.id, query),
  );
  patientRoute(
    '/v1/records/inspect',
    'inspect',
    'Inspection record of one patient: uric acid and ketone by time with reference ranges',
    inspectionRecordView,
    (ctx, query) => inspectionRecord(ctx, query.id, query),
  );
  patientRoute(
    '/v1/records/trend',
    'trend',
    'Glucose trend of one patient: readings by period and the target band',
    trendRecordView,
    (ctx, query) => trendRecord(ctx, query.id, query),
  );
  patientRoute(
    '/v1/records/linked',
    'linked',
    'Glucose–insulin linked chart of one patient: glucose, insulin doses by type, pump basal rate (default: the last 3 days; at most 31)',
    linkedRecordView,
    (ctx, query) => linkedRecord(ctx, query.id, query),
  );

  r.get(
    '/v1/records/ward',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary: 'Ward record: every patient of a department for one hospital day (default today)',
        description: PUBLIC_NOTE,
        querystring: wardRecordQuerySchema,
        response: { 200: envelopeOf(wardRecordView) },
      },
    },
    async (request) => {
      const query = request.query;
      const ctx = await contextOf(request, 'ward', query.id, query);
      return ok(request, await wardRecord(ctx, query.id, query.date));
    },
  );
}
