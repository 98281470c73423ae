import { formatDecimal, roundDecimal } from '@glucocare/domain/helpers';
import type { Lang } from '@glucocare/domain/i18n';
import {
  QUERY_RANGE_MESSAGES,
  type QueryRangeProblem,
  queryRangeProblem,
  REVIEW_QUERY_MAX_DAYS,
} from '@glucocare/domain/review';
import type { Dayjs } from 'dayjs';
import type { TFunction } from 'i18next';
import type { DepartmentAnalysis, DepartmentRow, GlucoseCounts, YearAnalysis } from '../../api/statistics';
import type { ExcelColumn } from '../../components/excel';
import { hospitalNow } from '../../components/format';
import { msg } from '../../i18n';

/**
 * Pure helpers of the statistics pages: how counts and rates read, which columns the tables and
 * exports have, the date range of the department page and the file names.
 */

/** The disjoint bands a reading falls in, in the order of the table's columns. */
export const TABLE_CATEGORIES = ['inTarget', 'low', 'criticalLow', 'high', 'criticalHigh'] as const;
export type TableCategory = (typeof TABLE_CATEGORIES)[number];

/** The bands the charts compare (critical = critically low + critically high). */
export const CHART_CATEGORIES = ['inTarget', 'low', 'high', 'critical'] as const;
export type ChartCategory = (typeof CHART_CATEGORIES)[number];

export type Category = TableCategory | ChartCategory;

/** The colours of the bands (the domain's classification colours: green, blue, orange, red). */
export const CATEGORY_COLORS: Record<Category, string> = {
  inTarget: '#389e0d',
  low: '#1677ff',
  criticalLow: '#722ed1',
  high: '#d46b08',
  criticalHigh: '#cf1322',
  critical: '#cf1322',
};

/** The longest range the department statistics take, in days (the end day included). */
export const STATISTICS_MAX_DAYS = REVIEW_QUERY_MAX_DAYS;

/** Placeholder of a rate without readings. */
export const NO_RATE = '—';

export function countOf(row: GlucoseCounts, category: Category): number {
  return row[`${category}Count`];
}

export function rateOf(row: GlucoseCounts, category: Category): number | null {
  return row[`${category}Rate`];
}

/** A rate as the tables show it: two decimals and `%`, or `—` when there is no reading. */
export function formatRate(rate: number | null | undefined): string {
  if (rate === null || rate === undefined || !Number.isFinite(rate)) return NO_RATE;
  return `${formatDecimal(rate, 2)}%`;
}

/** A count with the language's digit grouping (`12,345`). */
export function formatCount(count: number, lang: Lang = 'en-US'): string {
  return new Intl.NumberFormat(lang).format(count);
}

/** A month (1-12) as its short name in the language ("Jan", "1月"). */
export function monthName(month: number, lang: Lang): string {
  return new Intl.DateTimeFormat(lang, { month: 'short', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2000, month - 1, 1)),
  );
}

/** Whether the year picker offers a year: not a year after the current one. */
export function isFutureYear(value: Dayjs, now: Dayjs = hospitalNow()): boolean {
  return value.year() > now.year();
}

/** Whether the range picker offers a day: not after today. */
export function isFutureDay(value: Dayjs, now: Dayjs = hospitalNow()): boolean {
  return value.isAfter(now, 'day');
}

/** The department page's default range: the first of this month to today. */
export function monthToDate(now: Dayjs = hospitalNow()): [Dayjs, Dayjs] {
  return [now.startOf('month'), now.startOf('day')];
}

/** The quick ranges beside the range picker, each ending today at the latest. */
export function rangePresets(now: Dayjs = hospitalNow()): { key: string; range: [Dayjs, Dayjs] }[] {
  const today = now.startOf('day');
  const lastMonth = today.subtract(1, 'month');
  return [
    { key: 'thisMonth', range: monthToDate(now) },
    { key: 'lastMonth', range: [lastMonth.startOf('month'), lastMonth.endOf('month').startOf('day')] },
    { key: 'last3Months', range: [today.subtract(2, 'month').startOf('month'), today] },
    { key: 'thisYear', range: [today.startOf('year'), today] },
  ];
}

export interface RangeQuery {
  beginDate: string;
  endDate: string;
}

/**
 * The query of a picked range (`YYYY-MM-DD`, both ends included), or the problem that keeps it from
 * being sent: missing, in the wrong order, or longer than {@link STATISTICS_MAX_DAYS} days.
 */
export function rangeQueryOf(range: readonly (Dayjs | null | undefined)[] | null | undefined): {
  query: RangeQuery | null;
  problem: QueryRangeProblem | null;
} {
  const [begin, end] = (range ?? []).map((value) => (value?.isValid() ? value.format('YYYY-MM-DD') : ''));
  const problem = queryRangeProblem(begin ?? '', end ?? '', STATISTICS_MAX_DAYS);
  if (problem || !begin || !end) return { query: null, problem: problem ?? 'required' };
  return { query: { beginDate: begin, endDate: end }, problem: null };
}

/** The words of a range problem ("Query error: the range can be at most 366 days", both languages). */
export function rangeProblemText(problem: QueryRangeProblem): string {
  return msg(QUERY_RANGE_MESSAGES[problem], { max: STATISTICS_MAX_DAYS });
}

/** The leaf columns of the tables after the first (name) column: counts and rates, in order. */
export type StatisticField =
  | { kind: 'count'; key: 'testCount' | 'personCount' }
  | { kind: 'category'; category: TableCategory; part: 'count' | 'rate' };

export const STATISTIC_FIELDS: readonly StatisticField[] = [
  { kind: 'count', key: 'testCount' },
  { kind: 'count', key: 'personCount' },
  ...TABLE_CATEGORIES.flatMap((category) => [
    { kind: 'category' as const, category, part: 'count' as const },
    { kind: 'category' as const, category, part: 'rate' as const },
  ]),
];

/** The property of a leaf column (`testCount`, `lowRate`...): its key, test id and Excel field. */
export function fieldId(field: StatisticField): keyof GlucoseCounts {
  if (field.kind === 'count') return field.key;
  return `${field.category}${field.part === 'count' ? 'Count' : 'Rate'}`;
}

/** What one leaf cell of a row shows (counts grouped by the language, rates as `12.34%` / `—`). */
export function fieldText(row: GlucoseCounts, field: StatisticField, lang: Lang = 'en-US'): string {
  if (field.kind === 'count') return formatCount(row[field.key], lang);
  return field.part === 'count'
    ? formatCount(countOf(row, field.category), lang)
    : formatRate(rateOf(row, field.category));
}

/** A rate as an Excel cell: the number of percent (2 decimals), empty without readings. */
export function excelRate(rate: number | null | undefined): number | null {
  if (rate === null || rate === undefined || !Number.isFinite(rate)) return null;
  return roundDecimal(rate, 2);
}

/** The count and rate columns of an export, after its first column. */
export function statisticExcelColumns<T extends GlucoseCounts>(t: TFunction): ExcelColumn<T>[] {
  return [
    { title: t('statistics.readings'), dataIndex: 'testCount' },
    { title: t('statistics.patients'), dataIndex: 'personCount' },
    ...TABLE_CATEGORIES.flatMap((category): ExcelColumn<T>[] => {
      const name = t(`statistics.categories.${category}`);
      return [
        { title: name, dataIndex: `${category}Count` },
        {
          title: t('statistics.rateHeader', { name }),
          dataIndex: `${category}Rate`,
          render: (value) => excelRate(value as number | null),
        },
      ];
    }),
  ];
}

/** A department row, or the total row under them (no code). */
export type DepartmentExportRow = GlucoseCounts & { departmentCode: string; departmentName: string };

/** The department export's rows: the departments, then the total as a last row named `totalLabel`. */
export function departmentExportRows(data: DepartmentAnalysis, totalLabel: string): DepartmentExportRow[] {
  return [...data.departments, { ...data.total, departmentCode: '', departmentName: totalLabel }];
}

export function departmentExcelColumns(t: TFunction): ExcelColumn<DepartmentExportRow>[] {
  return [
    { title: t('statistics.departmentColumn'), dataIndex: 'departmentName' },
    ...statisticExcelColumns<DepartmentExportRow>(t),
  ];
}

/** `Department glucose statistics_2026-11-01_2026-11-21` (the helper adds `.xlsx`). */
export function departmentExportName(title: string, range: RangeQuery): string {
  return `${title}_${range.beginDate}_${range.endDate}`;
}

export type YearExportRow = GlucoseCounts & { monthLabel: string };

/** The yearly export's rows: the twelve months by name, then the total as a last row named `totalLabel`. */
export function yearExportRows(data: YearAnalysis, lang: Lang, totalLabel: string): YearExportRow[] {
  return [
    ...data.months.map((row) => ({ ...row, monthLabel: monthName(row.month, lang) })),
    { ...data.total, monthLabel: totalLabel },
  ];
}

export function yearExcelColumns(t: TFunction): ExcelColumn<YearExportRow>[] {
  return [
    { title: t('statistics.month'), dataIndex: 'monthLabel' },
    ...statisticExcelColumns<YearExportRow>(t),
  ];
}

/** `Yearly glucose statistics_2026_Endocrinology`, the department being the hospital for all of them. */
export function yearExportName(title: string, data: Pick<YearAnalysis, 'year' | 'departmentName'>): string {
  return [title, String(data.year), data.departmentName.trim()].filter(Boolean).join('_');
}

/** The departments a chart compares: those with readings, in the answer's order. */
export function chartedDepartments(rows: readonly DepartmentRow[]): DepartmentRow[] {
  return rows.filter((row) => row.testCount > 0);
}
