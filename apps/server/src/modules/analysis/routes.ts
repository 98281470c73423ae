import {
  type AnalysisQuery,
  type AnalysisTrendQuery,
  analysisQuerySchema,
  analysisTrendQuerySchema,
  PERMISSIONS,
  type TestTrendQuery,
  testTrendQuerySchema,
} from '@glucocare/domain';
import {
  fluctuationDayView,
  glucoseMapView,
  glucoseReportView,
  glucoseTrendView,
  testTrendView,
} from '@glucocare/domain/responses';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { envelopeOf, ok } from '../../http/envelope';
import { sessionOf } from '../../http/session';
import {
  type AnalysisContext,
  bloodGlucoseFluctuation,
  bloodGlucoseMap,
  bloodGlucoseReport,
  bloodGlucoseTrend,
  testTrend,
} from './service';

const tags = ['analysis'];
const PERMISSION = PERMISSIONS.inpatients.list;

const RANGE_NOTE =
  'Values in mmol/L (uric acid in µmol/L), rounded to 2 decimals. beginDate and endDate are hospital calendar ' +
  'days, both or neither (neither: the current or last stay), at most 366 days. Department scope applies: a ' +
  'patient outside it answers 404.';

/** A patient's glucose analysis (spec §2 patient tabs "analysis", "TIR", "glucose report"; docs/api.md). */
export async function analysisRoutes(app: FastifyInstance) {
  const contextOf = (request: FastifyRequest): AnalysisContext => {
    const session = sessionOf(request);
    // an analysis to look at, never edited from: the read replica's (app.ts `replica`)
    return {
      db: app.replica,
      tenantId: session.tenantId,
      tenant: session,
      scope: session.scope,
      lang: request.lang,
      now: app.clock(),
    };
  };

  // Plain (untyped) routes as in the record screens: the zod validator runs on `querystring` and hands
  // over the parsed query.
  const route = <Q, V extends z.ZodType>(
    path: string,
    summary: string,
    querystring: z.ZodType<Q, unknown>,
    view: V,
    load: (ctx: AnalysisContext, query: Q) => Promise<z.infer<V>>,
  ) =>
    app.get(
      path,
      {
        config: { permission: PERMISSION },
        schema: { tags, summary, description: RANGE_NOTE, querystring, response: { 200: envelopeOf(view) } },
      },
      async (request) => {
        return ok(request, await load(contextOf(request), request.query as Q));
      },
    );

  route(
    '/v1/gluDataAnalysis/bloodGlucoseReport',
    'Glucose report: count, days, mean, SD, CV, min, max, GMI, estimated A1c, LAGE, SDBG, PPGE, MAGE, MODD, ranges',
    analysisQuerySchema,
    glucoseReportView,
    (ctx, query: AnalysisQuery) => bloodGlucoseReport(ctx, query),
  );
  route(
    '/v1/gluDataAnalysis/bloodGlucoseFluctuation',
    'Glucose fluctuation per day: PPGE, LAGE, SDBG and MAGE for every day of the range',
    analysisQuerySchema,
    z.array(fluctuationDayView),
    (ctx, query: AnalysisQuery) => bloodGlucoseFluctuation(ctx, query),
  );
  route(
    '/v1/gluDataAnalysis/bloodGlucoseTrend',
    'Glucose readings of some periods (`periods`, comma-separated codes; all when absent) with the target band',
    analysisTrendQuerySchema,
    glucoseTrendView,
    (ctx, query: AnalysisTrendQuery) => bloodGlucoseTrend(ctx, query),
  );
  route(
    '/v1/gluDataAnalysis/bloodGlucoseMap',
    'The 24-hour scatter of the readings (minute of the day) and the AGP percentiles by hour',
    analysisQuerySchema,
    glucoseMapView,
    (ctx, query: AnalysisQuery) => bloodGlucoseMap(ctx, query),
  );
  route(
    '/v1/gluDataAnalysis/testTrend',
    'Ketone (category=KET) or uric-acid (category=UA) readings with the reference range',
    testTrendQuerySchema,
    testTrendView,
    (ctx, query: TestTrendQuery) => testTrend(ctx, query),
  );
}
