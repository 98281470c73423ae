import {
  type PatientRecordQuery,
  patientRecordQuerySchema,
  type RecordScreen,
  recordLinkSchema,
  recordScreenUrl,
  wardRecordQuerySchema,
} from '@glucocare/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../http/envelope';
import { sessionOf } from '../../http/session';
import { trendAnalysisView } from '../analysis/views';
import { auditActor, requestMeta, writeAudit } from '../audit/service';
import { readingView } from '../measurements/view';
import { READ_PERMISSION, recordReader } from './access';
import { rangeOf, signLink } from './links';
import {
  departmentInScope,
  inspectionRecord,
  patientOf,
  periodRecord,
  type RecordContext,
  trendRecord,
  wardRecord,
} from './service';

const tags = ['record screens'];

const unitView = z.object({
  item: z.string(),
  unit: z.string(),
  unitName: z.string(),
  precision: z.number(),
});
const header = z.object({
  hospitalName: z.string(),
  reportTitle: z.string(),
  reportSubtitle: z.string().nullable(),
  printedAt: z.string(),
  timeZone: z.string(),
  units: z.object({ GLU: unitView, KET: unitView, UA: unitView }),
});
const patient = z.object({
  id: z.number(),
  name: z.string(),
  gender: z.string(),
  age: z.number().nullable(),
  status: z.string(),
  departmentCode: z.string(),
  departmentName: z.string(),
  bed: z.string().nullable(),
  inpatientNumber: z.string().nullable(),
  doctorCode: z.string().nullable(),
  doctorName: z.string().nullable(),
  admittedAt: z.string(),
  dischargedAt: z.string().nullable(),
  heightCm: z.number().nullable(),
  weightKg: z.number().nullable(),
});
const range = z.object({ beginDate: z.string(), endDate: z.string(), isStay: z.boolean() });
const period = z.object({ code: z.string(), name: z.string(), startTime: z.string(), endTime: z.string() });
const cells = z.record(z.string(), z.array(readingView));
const summary = z.object({
  readings: z.number(),
  tested: z.number(),
  untested: z.number(),
  critical: z.number(),
  low: z.number(),
  high: z.number(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  mean: z.number().nullable(),
});
const limits = z.object({
  low: z.number().nullable(),
  high: z.number().nullable(),
  criticalLow: z.number().nullable(),
  criticalHigh: z.number().nullable(),
});

const periodRecordView = z.object({
  header,
  patient,
  item: z.enum(['GLU', 'KET']),
  unit: z.string(),
  range,
  periods: z.array(period),
  rows: z.array(
    z.object({
      date: z.string(),
      cells,
      notes: z.array(z.object({ testTime: z.string(), periodName: z.string().nullable(), note: z.string() })),
    }),
  ),
  untested: z.array(readingView),
  summary,
});
const inspectionView = z.object({
  header,
  patient,
  range,
  items: z.array(z.object({ item: z.enum(['UA', 'KET']), unit: z.string(), reference: limits, summary })),
  rows: z.array(readingView),
});
const trendView = z.object({
  header,
  patient,
  range,
  unit: z.string(),
  periods: z.array(period),
  band: z.object({ low: z.number().nullable(), high: z.number().nullable() }).nullable(),
  periodBands: z.array(limits.extend({ periodCode: z.string() })),
  readings: z.array(readingView),
  summary,
  analysis: trendAnalysisView,
});
const wardView = z.object({
  header,
  department: z.object({ code: z.string(), name: z.string() }),
  date: z.string(),
  unit: z.string(),
  periods: z.array(period),
  rows: z.array(
    z.object({
      patientId: z.number(),
      bed: z.string().nullable(),
      name: z.string(),
      gender: z.string(),
      age: z.number().nullable(),
      inpatientNumber: z.string().nullable(),
      status: z.string(),
      inDepartment: z.boolean(),
      cells,
      critical: z.number(),
      testers: z.array(z.string()),
    }),
  ),
  summary: summary.extend({ patients: z.number(), measured: z.number() }),
});
const linkView = z.object({ screen: z.string(), url: z.string(), expiresAt: z.string() });

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
    const reader = await recordReader(app, request, { screen, id, range: rangeOf(query) }, query);
    return {
      db: app.db,
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
        response: { 200: envelopeOf(linkView) },
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
    inspectionView,
    (ctx, query) => inspectionRecord(ctx, query.id, query),
  );
  patientRoute(
    '/v1/records/trend',
    'trend',
    'Glucose trend of one patient: readings by period and the target band',
    trendView,
    (ctx, query) => trendRecord(ctx, query.id, query),
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
        response: { 200: envelopeOf(wardView) },
      },
    },
    async (request) => {
      const query = request.query;
      const ctx = await contextOf(request, 'ward', query.id, query);
      return ok(request, await wardRecord(ctx, query.id, query.date));
    },
  );
}
