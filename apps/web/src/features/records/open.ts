/** The record screens that open in a new tab (spec §2 fixed routes). */
export type RecordScreen = 'glucose' | 'ketone' | 'inspect' | 'ward' | 'trend';

/**
 * Opens a record screen for a patient (or, for `ward`, a department) in a new browser tab; the new
 * tab shares the session of this one.
 */
export function openRecordScreen(_screen: RecordScreen, _id: number | string): void {}
