import {
  departmentAnalysisQuerySchema,
  PERMISSIONS,
  type YearAnalysisQuery,
  yearAnalysisQuerySchema,
} from '@glucocare/domain';
import {
  departmentAnalysisView,
  fileAnswerOf,
  XLSX_CONTENT_TYPE,
  yearAnalysisView,
} from '@glucocare/domain/responses';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeOf, ok } from '../../http/envelope';
import { sessionOf } from '../../http/session';
import { yearAnalysisWorkbook } from './excel';
import { departmentAnalysis, type StatisticsContext, yearAnalysis, yearReport } from './service';

const tags = ['statistics'];

const YEAR_PERMISSION = PERMISSIONS.yearStatistics.list;
const DEPARTMENT_PERMISSION = PERMISSIONS.departmentStatistics.list;

const RULES =
  'Counts live glucose readings with a value by the classification stored with each (normal = in target; ' +
  'unknown counts in testCount only); rates are percent of testCount with 2 decimals, null without ' +
  'readings; the five band rates (and the unknown rest) add up to exactly 100.00 (largest remainder); a reading belongs to the department it was measured in and to its hospital calendar day. ' +
  'Department scope applies: a department outside it answers 404.';

/**
 * `attachment` with the file name twice: `filename` in plain ASCII (other characters as `_`) for old
 * clients, `filename*` UTF-8 percent-encoded (RFC 5987/6266) with the real name.
 */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** Hospital glucose statistics (docs/api.md "Statistics"; web contract apps/web/src/api/statistics.ts). */
export async function statisticsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // statistics of past periods: the read replica's (app.ts `replica`)
  const contextOf = (request: FastifyRequest): StatisticsContext => ({
    db: app.replica,
    session: sessionOf(request),
    lang: request.lang,
  });

  r.get(
    '/v1/statistics/gluYearAnalysis',
    {
      config: { permission: YEAR_PERMISSION },
      schema: {
        tags,
        summary:
          'Glucose statistics of a year by hospital month (12 rows) and the total, one department or all in scope',
        description: RULES,
        querystring: yearAnalysisQuerySchema,
        response: { 200: envelopeOf(yearAnalysisView) },
      },
    },
    async (request) => ok(request, await yearAnalysis(contextOf(request), request.query)),
  );

  // A plain (untyped) route: the type provider would type the answer as the documented binary string,
  // while the handler sends the workbook's Buffer (never serialized); the zod validator still runs on
  // `querystring` and hands over the parsed query.
  app.get(
    '/v1/statistics/gluYearAnalysisExcel',
    {
      config: { permission: YEAR_PERMISSION },
      schema: {
        tags,
        summary: 'The yearly glucose statistics as an .xlsx file in the request language',
        description: `${RULES} Answers the file (attachment); errors answer the JSON envelope.`,
        querystring: yearAnalysisQuerySchema,
        produces: [XLSX_CONTENT_TYPE],
        response: { 200: fileAnswerOf(XLSX_CONTENT_TYPE, 'The statistics workbook (attachment)') },
      },
    },
    async (request, reply) => {
      const query = request.query as YearAnalysisQuery;
      const { analysis, hospitalName } = await yearReport(contextOf(request), query);
      const { buffer, fileName } = await yearAnalysisWorkbook(analysis, hospitalName, request.lang);
      return reply
        .header('content-type', XLSX_CONTENT_TYPE)
        .header('content-disposition', contentDisposition(fileName))
        .header('cache-control', 'no-store')
        .send(buffer);
    },
  );

  r.get(
    '/v1/statistics/departmentAnalysis',
    {
      config: { permission: DEPARTMENT_PERMISSION },
      schema: {
        tags,
        summary:
          'Glucose statistics of every department in scope (or one) over hospital days beginDate..endDate, and the total',
        description: `${RULES} At most 366 days; a patient measured in two departments counts once in the total.`,
        querystring: departmentAnalysisQuerySchema,
        response: { 200: envelopeOf(departmentAnalysisView) },
      },
    },
    async (request) => ok(request, await departmentAnalysis(contextOf(request), request.query)),
  );
}
