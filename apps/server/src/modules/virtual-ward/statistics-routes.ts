import {
  outcomeQuerySchema,
  PERMISSIONS,
  statisticsRangeQuerySchema,
  workloadQuerySchema,
} from '@glucocare/domain';
import {
  chartsView,
  outcomeStaysView,
  outcomesView,
  stayBeforeAfterView,
  testTimeView,
  workloadView,
} from '@glucocare/domain/responses';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeOf, ok } from '../../http/envelope';
import { sessionOf } from '../../http/session';
import { idParam } from '../../lib/query';
import { type OutcomesContext, outcomeStays, outcomes, stayBeforeAfter } from './outcomes-service';
import { charts, testTime, workload } from './statistics-service';

const tags = ['virtual-ward'];

const OUTCOME_RULES =
  'Patient-days (Goldberg et al., Diabetes Technol Ther 2006): a patient with ≥ 1 live glucose reading on a ' +
  'hospital calendar day (hospital time zone). Hypoglycaemic: any reading < 3.9 mmol/L; severe: < 2.2; ' +
  'hyperglycaemic: at least the review criteria’s count of readings ≥ its value (default 2 ≥ 12.5); at goal: ' +
  'every reading within the TIR setting’s low..high. Stored mmol/L values are compared. Shares are percent ' +
  'of patient-days (2 decimals, null without any); the mean per patient-day is the mean of the daily means.';

/**
 * The virtual ward's statistics and outcomes (issue 18, docs/api.md "Statistics and outcomes
 * (patient-days)").
 */
export async function virtualWardStatisticsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // statistics of past periods: the read replica's (app.ts `replica`)
  const contextOf = (request: FastifyRequest): OutcomesContext => ({
    db: app.replica,
    session: sessionOf(request),
    lang: request.lang,
  });

  r.get(
    '/v1/virtualward/outcomes',
    {
      config: { permission: PERMISSIONS.virtualWard.outcomes.list },
      schema: {
        tags,
        summary: 'Outcomes as patient-days, month by month (at most 24 hospital months) and in total',
        description:
          `${OUTCOME_RULES} scope=virtualWard: readings of patients during their stays (stays managed by or ` +
          'joined from a department of the caller’s scope); department: readings taken in departmentCode ' +
          '(outside the caller’s scope: 404); hospital: readings taken in the departments of the caller’s scope.',
        querystring: outcomeQuerySchema,
        response: { 200: envelopeOf(outcomesView) },
      },
    },
    async (request) => ok(request, await outcomes(contextOf(request), request.query)),
  );

  r.get(
    '/v1/virtualward/outcomes/stays',
    {
      config: { permission: PERMISSIONS.virtualWard.outcomes.list },
      schema: {
        tags,
        summary:
          'The stays current at some time of beginMonth..endMonth, to compare before and after joining',
        description:
          'Stays the caller sees (managed by or joined from a department of the scope), the latest joined ' +
          'first, at most 500. Takes the outcome query (scope and department are not used).',
        querystring: outcomeQuerySchema,
        response: { 200: envelopeOf(outcomeStaysView) },
      },
    },
    async (request) => ok(request, await outcomeStays(contextOf(request), request.query)),
  );

  r.get(
    '/v1/virtualward/stays/:id/beforeAfter',
    {
      config: { permission: PERMISSIONS.virtualWard.outcomes.list },
      schema: {
        tags,
        summary: 'A stay’s glucose before joining (the baseline days) and after joining (until exit or now)',
        description:
          'Before: the patient’s readings in [joinedAt − baseline days × 24 h, joinedAt); after: [joinedAt, ' +
          'exitedAt or now). Only the baseline setting’s periods when it names some. Count, mean and sample ' +
          'SD (mmol/L), hypo- and hyperglycaemic shares of patient-days, TIR as a share of readings. A stay whose ' +
          'patient, ward or managing department is outside the caller’s scope answers 404.',
        params: idParam,
        response: { 200: envelopeOf(stayBeforeAfterView) },
      },
    },
    async (request) => ok(request, await stayBeforeAfter(contextOf(request), request.params.id)),
  );
  r.get(
    '/v1/virtualward/statistics/workload',
    {
      config: { permission: PERMISSIONS.virtualWard.workload.list },
      schema: {
        tags,
        summary:
          'The specialists’ reviews, follow-ups, joins and exits, and the patients managed, per day or month',
        description:
          'Hospital days beginDate..endDate (at most 366). Reviews: follow-ups of kind review; follow-ups: visit ' +
          'or phone (deleted ones not counted); joins: stays created by the specialist; exits: stays ended by them. ' +
          'Managed: distinct patients with a stay current at some time of the period. Stays and follow-ups of ' +
          'the caller’s scope (managing department, or the patient’s ward).',
        querystring: workloadQuerySchema,
        response: { 200: envelopeOf(workloadView) },
      },
    },
    async (request) => ok(request, await workload(contextOf(request), request.query)),
  );

  r.get(
    '/v1/virtualward/statistics/testTime',
    {
      config: { permission: PERMISSIONS.virtualWard.testTime.list },
      schema: {
        tags,
        summary:
          'When virtual-ward readings were taken: per hour and period (inside the window), and missed ones',
        description:
          'Glucose readings of patients during their virtual-ward stays over hospital days beginDate..endDate (at ' +
          'most 366): per hour 0-23 of the hospital clock; per glucose period with those inside its window (no ' +
          'early/late mark set at write); rows without a value by their untested or not-done reason.',
        querystring: statisticsRangeQuerySchema,
        response: { 200: envelopeOf(testTimeView) },
      },
    },
    async (request) => ok(request, await testTime(contextOf(request), request.query)),
  );

  r.get(
    '/v1/virtualward/statistics/charts',
    {
      config: { permission: PERMISSIONS.virtualWard.charts.list },
      schema: {
        tags,
        summary:
          'Per day: virtual-ward readings by classification, mean glucose, patients managed; the TIR bands',
        description:
          'Readings of patients during their virtual-ward stays over hospital days beginDate..endDate (at most ' +
          '366), by the classification stored at write; mean in mmol/L; patients with a stay current that day; ' +
          'the distribution over the TIR setting’s bands (stored mmol/L values).',
        querystring: statisticsRangeQuerySchema,
        response: { 200: envelopeOf(chartsView) },
      },
    },
    async (request) => ok(request, await charts(contextOf(request), request.query)),
  );
}
