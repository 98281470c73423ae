import type { Lang, MessageKey } from '../i18n/messages';
import type { QcItem } from '../rules/qc';
import { addDays } from '../tasks/day';

/**
 * The QC registry (issue 19, spec §3 "Analyzer", "Control solution", "Test strip", "Lending"): which lot
 * may be put into a meter, the discard date of an opened control vial, and when a loan is overdue. The
 * dates are calendar days (`YYYY-MM-DD`) in the hospital's time zone, so text order is date order.
 */

/** Names of the test items a lot serves, in each language (GET /v1/dict/qualityReagentTypes). */
export const QC_ITEM_NAMES: Readonly<Record<QcItem, Readonly<Record<Lang, string>>>> = {
  GLU: { 'en-US': 'Blood glucose', 'zh-CN': '血糖' },
  KET: { 'en-US': 'Blood ketone', 'zh-CN': '血酮' },
  UA: { 'en-US': 'Uric acid', 'zh-CN': '尿酸' },
};

/** An analyzer's states (GET /v1/devices/statusTypes; §4 "devices enabled/stopped"). */
export const ANALYZER_STATUS_TYPES = ['enabled', 'stopped'] as const;
export type AnalyzerStatusType = (typeof ANALYZER_STATUS_TYPES)[number];
export const ANALYZER_STATUS_NAMES: Readonly<Record<AnalyzerStatusType, Readonly<Record<Lang, string>>>> = {
  enabled: { 'en-US': 'Enabled', 'zh-CN': '启用' },
  stopped: { 'en-US': 'Stopped', 'zh-CN': '停用' },
};

/** What decides whether a lot may be put into a meter. */
export interface LotState {
  lotNumber: string;
  status: 'normal' | 'invalid' | 'suspended' | string;
  expiryDate: string | null;
  /** control solutions only: the day an opened vial must go */
  discardOn?: string | null;
}

/** Why a lot may not be put into a meter, with the message that says so (null: it may). */
export interface LotRefusal {
  reason: 'invalid' | 'suspended' | 'expired' | 'discarded';
  message: MessageKey;
  params: Record<string, string>;
}

/**
 * A lot may be put into a meter while it is normal, not past its expiry date and, for an opened control
 * vial, not past its discard date. A lot is usable through the whole of its expiry day (the day printed
 * is the last day of use, as on the vial) and of its discard day.
 */
export function lotRefusal(lot: LotState, today: string): LotRefusal | null {
  const lotParam = { lot: lot.lotNumber };
  if (lot.status === 'invalid') return { reason: 'invalid', message: 'qc.lotPick.invalid', params: lotParam };
  if (lot.status === 'suspended') {
    return { reason: 'suspended', message: 'qc.lotPick.suspended', params: lotParam };
  }
  if (lot.expiryDate && lot.expiryDate < today) {
    return {
      reason: 'expired',
      message: 'qc.lotPick.expired',
      params: { ...lotParam, date: lot.expiryDate },
    };
  }
  if (lot.discardOn && lot.discardOn < today) {
    return {
      reason: 'discarded',
      message: 'qc.lotPick.discarded',
      params: { ...lotParam, date: lot.discardOn },
    };
  }
  return null;
}

/** True when the lot's expiry date has passed (the expiry day itself is still in date). */
export function isLotExpired(expiryDate: string | null, today: string): boolean {
  return expiryDate !== null && expiryDate < today;
}

/**
 * The discard date of a control vial opened on `openedOn` with an in-use life of `inUseDays` (the QC
 * strategy's `controlInUseDays`): opened + the days, e.g. opened 2026-01-01 with 90 days → 2026-04-01,
 * the last day it may be used — the manufacturers' "use within N days of opening" counted from the
 * opening day as day 0. The lot's expiry date still applies on its own (lotRefusal).
 */
export function discardDateOf(openedOn: string, inUseDays: number): string {
  return addDays(openedOn, inUseDays);
}

/** A loan is overdue while not returned after its expected return day (the day itself is on time). */
export function isLoanOverdue(
  loan: { returnedOn: string | null; expectedReturnOn: string | null },
  today: string,
): boolean {
  return loan.returnedOn === null && loan.expectedReturnOn !== null && loan.expectedReturnOn < today;
}
