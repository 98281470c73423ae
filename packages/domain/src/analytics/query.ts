/**
 * The queries of a patient's glucose analysis (`/v1/gluDataAnalysis/*`): the patient, an optional
 * range of hospital days (both dates or neither: neither means the current or last stay; the record
 * screens' rule, at most `RECORD_MAX_RANGE_DAYS` days), and for the trend the periods, for the test
 * trend the item.
 */
import { z } from 'zod';
import { checkRecordRange, patientIdParam } from '../records/links';
import { requiredEnum } from '../rules/common';

const optionalDate = z.string().max(10).optional();

const rangeFields = { patientId: patientIdParam, beginDate: optionalDate, endDate: optionalDate };

const toNumberId = <T extends { patientId: string }>(query: T) => ({
  ...query,
  patientId: Number(query.patientId),
});

/** `patientId`, `beginDate`, `endDate`. */
export const analysisQuerySchema = z.strictObject(rangeFields).check(checkRecordRange).transform(toNumberId);
export type AnalysisQuery = z.infer<typeof analysisQuerySchema>;

/** A period code as the settings allow them (letters, digits, `_`, `-`). */
const PERIOD_LIST = /^[A-Za-z0-9_-]{1,32}(,[A-Za-z0-9_-]{1,32}){0,49}$/;

/** The trend's query: the range and `periods`, glucose period codes separated by commas (all when absent). */
export const analysisTrendQuerySchema = z
  .strictObject({
    ...rangeFields,
    periods: z
      .string()
      .max(1700)
      .optional()
      .check((ctx) => {
        if (ctx.value && !PERIOD_LIST.test(ctx.value))
          ctx.issues.push({ code: 'custom', input: ctx.value, message: 'analysis.periods.invalid' });
      }),
  })
  .check(checkRecordRange)
  .transform((query) => ({
    ...toNumberId(query),
    periods: query.periods ? [...new Set(query.periods.split(','))] : [],
  }));
export type AnalysisTrendQuery = z.infer<typeof analysisTrendQuerySchema>;

/** The items of the test trend: ketone and uric acid. */
export const TEST_TREND_ITEMS = ['KET', 'UA'] as const;

/** The test trend's query: the range and `category`, KET or UA. */
export const testTrendQuerySchema = z
  .strictObject({
    ...rangeFields,
    category: requiredEnum(TEST_TREND_ITEMS, 'analysis.category.required', 'analysis.category.invalid'),
  })
  .check(checkRecordRange)
  .transform(toNumberId);
export type TestTrendQuery = z.infer<typeof testTrendQuerySchema>;
