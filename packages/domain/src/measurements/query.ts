/** Query strings of a patient's readings (the patient tabs and their printed records). */
import { z } from 'zod';
import { MEASUREMENT_ITEMS } from '../clinical/classification';
import { SORT_OPTIONS } from '../constants';
import { isDateRangeValid } from '../helpers/date-range';
import { optionalIsoDate, whenFieldsValid } from '../rules/common';
import { pageParam } from '../rules/page-param';

/** Longest day × period grid, in days. */
export const PIVOT_MAX_DAYS = 366;
/** Days the patient tabs show by default (today and the 6 before), and the quick choices. */
export const READING_DAYS_DEFAULT = 7;
export const READING_DAY_OPTIONS = [3, 7, 14, 30] as const;

const category = z.enum(MEASUREMENT_ITEMS, { error: 'measurements.category.invalid' }).default('GLU');
/** The optional first and last day of a patient tab's query (YYYY-MM-DD). */
export const patientDayFields = {
  beginDate: optionalIsoDate('validation.invalidDate'),
  endDate: optionalIsoDate('validation.invalidDate'),
};
/** Refinement: the first day not after the last. */
export const patientDayOrder = (
  range: { beginDate?: string | null; endDate?: string | null },
  ctx: z.core.$RefinementCtx,
) => {
  if (!isDateRangeValid(range.beginDate, range.endDate)) {
    ctx.addIssue({ code: 'custom', path: ['beginDate'], message: 'query.dateOrder' });
  }
};

/** Whole days from `beginDate` to `endDate` inclusive (YYYY-MM-DD). */
export function daySpan(beginDate: string, endDate: string): number {
  return (
    Math.round((Date.parse(`${endDate}T00:00:00Z`) - Date.parse(`${beginDate}T00:00:00Z`)) / 86_400_000) + 1
  );
}

/** `GET /v1/testRecord/patient/{id}`: item, days, page, §9 sorting option, deleted ones too. */
export const patientReadingsQuerySchema = z
  .object({
    category,
    ...patientDayFields,
    page: pageParam.default(1),
    size: pageParam.default(20),
    sort: z.enum(SORT_OPTIONS, { error: 'validation.required' }).default('last'),
    includeDeleted: z
      .enum(['true', 'false'])
      .default('false')
      .transform((value) => value === 'true'),
  })
  .superRefine(patientDayOrder, whenFieldsValid('beginDate', 'endDate'));

/** `GET /v1/testRecord/patient/pivot/{id}`: item, days (at most {@link PIVOT_MAX_DAYS}), cell order. */
export const patientPivotQuerySchema = z
  .object({
    category,
    ...patientDayFields,
    sort: z.enum(SORT_OPTIONS, { error: 'validation.required' }).default('allAsc'),
  })
  .superRefine(
    (range, ctx) => {
      patientDayOrder(range, ctx);
      if (range.beginDate && range.endDate && daySpan(range.beginDate, range.endDate) > PIVOT_MAX_DAYS) {
        ctx.addIssue({
          code: 'custom',
          path: ['beginDate'],
          message: 'measurements.range.max',
          maximum: PIVOT_MAX_DAYS,
        });
      }
    },
    whenFieldsValid('beginDate', 'endDate'),
  );
