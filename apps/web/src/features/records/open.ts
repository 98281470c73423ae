import type { RecordScreen } from '@glucocare/domain/constants';
import { type RecordScreenParams, recordScreenUrl } from '@glucocare/domain/records';

/** The record screens that open in a new tab (spec §2 fixed routes). */
export type { RecordScreen } from '@glucocare/domain/constants';

/** What a record screen may be opened with besides its id: a range, or for the ward record a day. */
export type RecordScreenOptions = Pick<RecordScreenParams, 'beginDate' | 'endDate' | 'date'>;

/**
 * Opens a record screen for a patient (or, for `ward`, a department) in a new browser tab at
 * `/record?id=145` (and so on); the new tab shares the session of this one (the token cookie is shared
 * by tabs, so `noopener` is fine). Options open it at a range, or the ward record at a day.
 */
export function openRecordScreen(
  screen: RecordScreen,
  id: number | string,
  options: RecordScreenOptions = {},
): void {
  window.open(recordScreenUrl(screen, id, options), '_blank', 'noopener');
}
