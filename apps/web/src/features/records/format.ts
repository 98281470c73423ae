import type { MeasurementItem } from '@glucocare/domain/clinical';
import { chunk } from '@glucocare/domain/helpers';
import { formatReading } from '@glucocare/domain/measurements';
import type { Limits, UnitView } from '../../api/records';

/**
 * Pure helpers of the printed records: reference ranges in the hospital's display unit, the flags that
 * mark a value outside its range in black-and-white print, and the split of a record into printed
 * pages (§9 "A page-splitting helper for printing makes chunks of a given size"). Values are shown with
 * the domain's `formatReading`, times with the measurements' `reading-format` helpers.
 */

/** "4.4-10.0", "≤ 420", "≥ 150" or '' — a reference range in the display unit. */
export function formatRange(
  item: MeasurementItem,
  limits: Pick<Limits, 'low' | 'high'> | null | undefined,
  unit: Pick<UnitView, 'unit'>,
): string {
  if (!limits) return '';
  const low = formatReading(item, limits.low, unit.unit);
  const high = formatReading(item, limits.high, unit.unit);
  if (low && high) return `${low}-${high}`;
  if (high) return `≤ ${high}`;
  if (low) return `≥ ${low}`;
  return '';
}

/** The mark of a classification in print: ↑ high, ↓ low, ↑↑ / ↓↓ critical; '' otherwise. */
export function flagOf(classification: string | null | undefined): string {
  switch (classification) {
    case 'high':
      return '↑';
    case 'low':
      return '↓';
    case 'criticalHigh':
      return '↑↑';
    case 'criticalLow':
      return '↓↓';
    default:
      return '';
  }
}

/** The Monday (YYYY-MM-DD) of the week a calendar date falls in. */
export function weekOf(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  const offset = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - offset * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Printed pages of day rows: at most `daysPerPage` rows a page, and a page breaks only between weeks
 * (Monday to Sunday) so a week is never split — unless a page holds less than a week, when the week
 * is cut into chunks of the page size. Rows keep their order; no rows give no pages.
 */
export function pagesByWeek<R extends { date: string }>(rows: readonly R[], daysPerPage: number): R[][] {
  const weeks: R[][] = [];
  for (const row of rows) {
    const last = weeks.at(-1);
    if (last && weekOf(last[0].date) === weekOf(row.date)) last.push(row);
    else weeks.push([row]);
  }
  const pages: R[][] = [];
  let current: R[] = [];
  for (const week of weeks) {
    if (week.length > daysPerPage) {
      if (current.length) pages.push(current);
      current = [];
      pages.push(...chunk(week, daysPerPage));
      continue;
    }
    if (current.length + week.length > daysPerPage) {
      pages.push(current);
      current = [];
    }
    current.push(...week);
  }
  if (current.length) pages.push(current);
  return pages;
}
