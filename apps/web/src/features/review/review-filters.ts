import type { ProColumns } from '@ant-design/pro-components';
import type { MeasurementItem } from '@glucocare/domain/clinical';
import type { MessageKey } from '@glucocare/domain/i18n';
import {
  displayedValueBounds,
  QUERY_RANGE_MESSAGES,
  type QueryRangeProblem,
  queryRangeProblem,
  RECORD_STATUSES,
  REVIEW_CLASSIFICATIONS,
  REVIEW_QUERY_MAX_DAYS,
  type RecordStatus,
  type ReviewClassification,
  valueRangeProblem,
} from '@glucocare/domain/review';
import type { Rule } from 'antd/es/form';
import dayjs, { type Dayjs } from 'dayjs';
import type { DataFilter, PendingFilter } from '../../api/review';
import { hospitalNow } from '../../components/format';
import { msg } from '../../i18n';

/** The three measured items, in the order of the tabs. */
export const REVIEW_ITEMS: readonly MeasurementItem[] = ['GLU', 'KET', 'UA'];

/** A date as the search form holds it: the ProTable's text or a dayjs object. */
export type FormDate = string | Dayjs | null | undefined;

/** What the approval and data-management search forms hold. */
export interface ReviewSearchParams {
  range?: readonly FormDate[] | null;
  departmentCode?: string;
  doctorCode?: string;
  queryCondition?: string;
  status?: string;
  classification?: string;
  minValue?: string | number | null;
  maxValue?: string | number | null;
  includeDeleted?: boolean;
}

export type FilterProblem = QueryRangeProblem | 'valueInvalid' | 'valueOrder';

/** The message (a server catalogue key, "Query error ..." in both languages) of a filter problem. */
export const FILTER_PROBLEM_MESSAGES: Record<FilterProblem, MessageKey> = {
  ...QUERY_RANGE_MESSAGES,
  valueInvalid: 'review.query.valueInvalid',
  valueOrder: 'review.query.valueOrder',
};

/** A form date as `YYYY-MM-DD` (a day of the hospital's calendar), or undefined. */
export function dayText(value: FormDate): string | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed.format('YYYY-MM-DD') : undefined;
}

/** This month, from its first to its last day: the default range of data management. */
export function thisMonth(now: Dayjs = hospitalNow()): [Dayjs, Dayjs] {
  return [now.startOf('month'), now.endOf('month').startOf('day')];
}

function text(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

function oneOf<T extends string>(values: readonly T[], value: string | undefined): T | undefined {
  return value && (values as readonly string[]).includes(value) ? (value as T) : undefined;
}

/** The pending-list filter of a search; the dates are optional but checked when given. */
export function pendingFilterOf(
  params: ReviewSearchParams,
  category: MeasurementItem,
): { filter: PendingFilter; problem: FilterProblem | null } {
  const beginDate = dayText(params.range?.[0]);
  const endDate = dayText(params.range?.[1]);
  const filter: PendingFilter = {
    category,
    departmentCode: text(params.departmentCode),
    queryCondition: text(params.queryCondition),
    classification: oneOf<ReviewClassification>(REVIEW_CLASSIFICATIONS, params.classification),
    beginDate,
    endDate,
  };
  const problem = beginDate || endDate ? queryRangeProblem(beginDate, endDate) : null;
  return { filter, problem };
}

function numberOf(value: string | number | null | undefined): number | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const parsed = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(parsed) ? parsed : undefined;
}

/**
 * The data-management filter of a search: start and end required (start before end, at most a year),
 * the value range typed in the display unit `unitCode` and sent in the storage unit.
 */
export function dataFilterOf(
  params: ReviewSearchParams,
  category: MeasurementItem,
  unitCode: string | null | undefined,
): { filter: DataFilter; problem: FilterProblem | null } {
  const beginDate = dayText(params.range?.[0]) ?? '';
  const endDate = dayText(params.range?.[1]) ?? '';
  const min = numberOf(params.minValue);
  const max = numberOf(params.maxValue);
  const filter: DataFilter = {
    category,
    beginDate,
    endDate,
    departmentCode: text(params.departmentCode),
    doctorCode: text(params.doctorCode),
    queryCondition: text(params.queryCondition),
    status: oneOf<RecordStatus>(RECORD_STATUSES, params.status),
    classification: oneOf<ReviewClassification>(REVIEW_CLASSIFICATIONS, params.classification),
    // what the user sees: a reading shown as 5.6 matches "from 5.6" whatever its stored decimals
    ...displayedValueBounds(category, min, max, unitCode),
    includeDeleted: params.includeDeleted ? true : undefined,
  };
  const range = queryRangeProblem(beginDate, endDate);
  if (range) return { filter, problem: range };
  const values = valueRangeProblem(params.minValue ?? undefined, params.maxValue ?? undefined);
  if (values) return { filter, problem: values === 'order' ? 'valueOrder' : 'valueInvalid' };
  return { filter, problem: null };
}

/** The export's file name: the item, the range and when it was made (`Glucose_2026-03-01_2026-03-31`). */
export function exportFileName(itemName: string, filter: Pick<DataFilter, 'beginDate' | 'endDate'>): string {
  return `${itemName}_${filter.beginDate}_${filter.endDate}`;
}

/** The form rule of the date range: start before end, at most a year ("Query error ..." messages). */
export function queryRangeRule(): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      if (!Array.isArray(value)) return;
      const [begin, end] = (value as FormDate[]).map(dayText);
      if (!begin || !end) return;
      const problem = queryRangeProblem(begin, end);
      if (problem) throw new Error(msg(FILTER_PROBLEM_MESSAGES[problem], { max: REVIEW_QUERY_MAX_DAYS }));
    },
  };
}

/** The form rule of a value bound: empty or a number of 0 or more. */
export function valueBoundRule(): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      if (valueRangeProblem(value as string | undefined, undefined) === 'invalid') {
        throw new Error(msg('review.query.valueInvalid'));
      }
    },
  };
}

/**
 * The "from" and "to" search fields of a value range (typed in the display unit the labels name),
 * `${testIdPrefix}filter-min` / `-max`, each a number of 0 or more.
 */
export function valueBoundColumns<T>(
  labels: { min: string; max: string },
  testIdPrefix = '',
): ProColumns<T>[] {
  return (['min', 'max'] as const).map((bound) => ({
    title: labels[bound],
    dataIndex: `${bound}Value`,
    hideInTable: true,
    fieldProps: { inputMode: 'decimal', maxLength: 10, 'data-testid': `${testIdPrefix}filter-${bound}` },
    formItemProps: { rules: [valueBoundRule()] },
  }));
}
