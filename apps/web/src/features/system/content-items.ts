import { CATALOGUE_LIMITS, templateContentSchema } from '@glucocare/domain/admin';
import { issueParams } from '../../components/form-rules';
import { msgOrText } from '../../i18n';

/**
 * The logic of the order-template content editor (an ordered list of text items): what each row may
 * do, what is sent, and the problems of the list and of one item — the domain's
 * `templateContentSchema`, so the browser says what the server would.
 */

/** At most this many items, each at most this many characters. */
export const CONTENT_LIMITS = {
  minItems: CATALOGUE_LIMITS.templateItems.min,
  maxItems: CATALOGUE_LIMITS.templateItems.max,
  maxLength: CATALOGUE_LIMITS.templateItem.max,
} as const;

export interface ItemActions {
  canMoveUp: boolean;
  canMoveDown: boolean;
  /** the last remaining item stays (a template has at least one) */
  canRemove: boolean;
  /** another item may be inserted below this one */
  canInsert: boolean;
}

/** What the row at `index` of `count` items may do. */
export function itemActions(index: number, count: number): ItemActions {
  const inRange = index >= 0 && index < count;
  return {
    canMoveUp: inRange && index > 0,
    canMoveDown: inRange && index < count - 1,
    canRemove: inRange && count > CONTENT_LIMITS.minItems,
    canInsert: inRange && count < CONTENT_LIMITS.maxItems,
  };
}

/** Whether one more item may be added. */
export function canAddItem(count: number): boolean {
  return count < CONTENT_LIMITS.maxItems;
}

/** Where an item moved by one step lands, or null when it cannot move that way. */
export function moveTarget(index: number, direction: 'up' | 'down', count: number): number | null {
  const actions = itemActions(index, count);
  if (direction === 'up') return actions.canMoveUp ? index - 1 : null;
  return actions.canMoveDown ? index + 1 : null;
}

/** The content to send: every item trimmed, in the order shown. */
export function contentOf(items: readonly (string | null | undefined)[] | null | undefined): string[] {
  return (items ?? []).map((item) => (typeof item === 'string' ? item.trim() : ''));
}

/** Characters as the server counts them (code points: a CJK character or an emoji is one). */
export function charLength(text: string): number {
  return [...text].length;
}

/** The problem of the list as a whole (none, too many), translated; null when fine. */
export function contentListProblem(items: readonly unknown[] | null | undefined): string | null {
  const result = templateContentSchema.safeParse(items ?? []);
  if (result.success) return null;
  const issue = result.error.issues.find((item) => item.path.length === 0);
  return issue ? msgOrText(issue.message, issueParams(issue)) : null;
}

/** The problem of one item (blank, too long), translated; null when fine. */
export function contentItemProblem(value: unknown): string | null {
  const result = templateContentSchema.safeParse([typeof value === 'string' ? value : '']);
  if (result.success) return null;
  const issue = result.error.issues.find((item) => item.path[0] === 0);
  return issue ? msgOrText(issue.message, issueParams(issue)) : null;
}
