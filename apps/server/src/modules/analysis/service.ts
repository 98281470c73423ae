import {
  hospitalDateRange,
  type Lang,
  type MeasurementItem,
  NO_PERIOD,
  STORAGE_UNITS,
} from '@glucocare/domain';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { DepartmentScope } from '../auth/sessions';
import { type PatientRow, patientInScope } from '../patients/access';
import { glucoseBands, patientLimits, periodColumns, recordRange } from '../records/service';
import type { TenantRef } from '../settings/config-cache';
import { readTirSetting } from '../settings/strategy-service';
import { hospitalTimeZone } from '../settings/time-zone';
import {
  type AnalysisRange,
  bandsOf,
  fluctuationByDay,
  glucoseReport,
  hourlyOf,
  readingView,
  type StoredReading,
} from './metrics';

// Not a resource declaration (lib/resource.ts): reads only: the glucose analyses compute over readings and
// store nothing, so there is no resource to declare.

/**
 * A patient's glucose analysis (`/v1/gluDataAnalysis/*`, and the printable report of `/trend`): the
 * readings of a range of hospital days run through the domain's metrics engine
 * (`packages/domain/src/analytics`). Everything is mmol/L, rounded to 2 decimals on the way out only.
 */

export interface AnalysisContext {
  db: DbOrTx;
  tenantId: string;
  /** the session (configuration from the cache) or the tenant id (read afresh) */
  tenant: TenantRef;
  scope: DepartmentScope;
  lang: Lang;
  now: Date;
}

/** The patient (404 outside the tenant or the scope), the hospital's time zone and the range asked for. */
export async function analysisBase(
  ctx: AnalysisContext,
  patientId: number,
  query: { beginDate?: string; endDate?: string },
): Promise<{ patient: PatientRow; timeZone: string; range: AnalysisRange }> {
  const patient = await patientInScope(ctx.db, ctx, patientId);
  const timeZone = await hospitalTimeZone(ctx.db, ctx.tenant);
  return { patient, timeZone, range: recordRange(patient, query, timeZone, ctx.now) };
}

/** One item's readings with a value of a patient in a range of hospital days, in time order. */
export async function readingsIn(
  ctx: AnalysisContext,
  patientId: number,
  item: MeasurementItem,
  range: AnalysisRange,
  timeZone: string,
): Promise<StoredReading[]> {
  const { start, end } = hospitalDateRange(range.beginDate, range.endDate, timeZone);
  // plain rows in the engine's shape, without the ORM's per-field mapping and a Date per reading (a
  // year of 7-point data is 2,500 rows); ids stay far below 2^53
  const { rows } = await ctx.db.execute<StoredReading & Record<string, unknown>>(sql`
    select id::float8 as id, (extract(epoch from test_time) * 1000)::float8 as "testTime", value,
           period_code as "periodCode", classification, entered_unit as "enteredUnit"
      from measurements
     where tenant_id = ${ctx.tenantId} and patient_id = ${patientId} and item = ${item}
       and deleted_at is null and value is not null
       and test_time >= ${start.toISOString()}::timestamptz and test_time < ${end.toISOString()}::timestamptz
     order by test_time, id`);
  return rows;
}

/** The analysis of one patient's glucose in a range: what every `/v1/gluDataAnalysis` answer starts from. */
async function glucoseAnalysis(
  ctx: AnalysisContext,
  patientId: number,
  query: { beginDate?: string; endDate?: string },
) {
  const base = await analysisBase(ctx, patientId, query);
  const readings = await readingsIn(ctx, patientId, 'GLU', base.range, base.timeZone);
  const periods = await periodColumns(ctx, readings);
  return { ...base, readings, periods, names: new Map(periods.map((p) => [p.code, p.name])) };
}

/** GET /v1/gluDataAnalysis/bloodGlucoseReport */
export async function bloodGlucoseReport(
  ctx: AnalysisContext,
  query: { patientId: number; beginDate?: string; endDate?: string },
) {
  const analysis = await glucoseAnalysis(ctx, query.patientId, query);
  const tir = await readTirSetting(ctx.db, ctx.tenant);
  return {
    range: analysis.range,
    ...glucoseReport(analysis.readings, analysis.timeZone, tir, analysis.periods, ctx.lang),
  };
}

/** GET /v1/gluDataAnalysis/bloodGlucoseFluctuation */
export async function bloodGlucoseFluctuation(
  ctx: AnalysisContext,
  query: { patientId: number; beginDate?: string; endDate?: string },
) {
  const analysis = await glucoseAnalysis(ctx, query.patientId, query);
  return fluctuationByDay(analysis.readings, analysis.timeZone, analysis.range);
}

/** The patient's glucose target band (as the trend record shows it). */
async function targetBand(
  ctx: AnalysisContext,
  patient: PatientRow,
  timeZone: string,
  periodCodes: string[],
) {
  const limitsFor = await patientLimits(ctx, patient, timeZone);
  return glucoseBands(limitsFor, periodCodes).band;
}

/** GET /v1/gluDataAnalysis/bloodGlucoseTrend: the readings of some periods (all when none given). */
export async function bloodGlucoseTrend(
  ctx: AnalysisContext,
  query: { patientId: number; beginDate?: string; endDate?: string; periods: string[] },
) {
  const analysis = await glucoseAnalysis(ctx, query.patientId, query);
  const wanted = new Set(query.periods);
  const readings = wanted.size
    ? analysis.readings.filter((reading) => wanted.has(reading.periodCode ?? NO_PERIOD))
    : analysis.readings;
  const periods = wanted.size
    ? analysis.periods.filter((period) => wanted.has(period.code))
    : analysis.periods;
  return {
    range: analysis.range,
    timeZone: analysis.timeZone,
    periods,
    band: await targetBand(
      ctx,
      analysis.patient,
      analysis.timeZone,
      periods.map((period) => period.code),
    ),
    readings: readings.map((reading) => readingView(reading, analysis.timeZone, analysis.names)),
  };
}

/** GET /v1/gluDataAnalysis/bloodGlucoseMap: the 24-hour scatter and the AGP percentiles by hour. */
export async function bloodGlucoseMap(
  ctx: AnalysisContext,
  query: { patientId: number; beginDate?: string; endDate?: string },
) {
  const analysis = await glucoseAnalysis(ctx, query.patientId, query);
  const tir = await readTirSetting(ctx.db, ctx.tenant);
  return {
    range: analysis.range,
    timeZone: analysis.timeZone,
    band: await targetBand(
      ctx,
      analysis.patient,
      analysis.timeZone,
      analysis.periods.map((period) => period.code),
    ),
    bands: bandsOf(tir),
    readings: analysis.readings.map((reading) => readingView(reading, analysis.timeZone, analysis.names)),
    hourly: hourlyOf(analysis.readings, analysis.timeZone),
  };
}

/** GET /v1/gluDataAnalysis/testTrend: ketone or uric-acid readings with the patient's reference range. */
export async function testTrend(
  ctx: AnalysisContext,
  query: { patientId: number; beginDate?: string; endDate?: string; category: 'KET' | 'UA' },
) {
  const base = await analysisBase(ctx, query.patientId, query);
  const readings = await readingsIn(ctx, query.patientId, query.category, base.range, base.timeZone);
  const periods = await periodColumns(ctx, readings);
  const names = new Map(periods.map((period) => [period.code, period.name]));
  const limitsFor = await patientLimits(ctx, base.patient, base.timeZone);
  return {
    range: base.range,
    timeZone: base.timeZone,
    item: query.category,
    unit: STORAGE_UNITS[query.category],
    reference: limitsFor(query.category, null),
    readings: readings.map((reading) => readingView(reading, base.timeZone, names)),
  };
}
