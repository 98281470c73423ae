import { RECORD_STATUSES, REVIEW_CLASSIFICATIONS } from '@glucocare/domain/review';
import type { TFunction } from 'i18next';
import type { ReviewRecord } from '../../api/review';

/** The classification filter's options, in clinical order. */
export function classificationOptions(t: TFunction) {
  return REVIEW_CLASSIFICATIONS.map((value) => ({ value, label: t(`review.classes.${value}`) }));
}

/** The status filter's options (pending, approved). */
export function statusOptions(t: TFunction) {
  return RECORD_STATUSES.map((value) => ({ value, label: t(`review.status.${value}`) }));
}

/** Where a reading came from: entered by hand, a meter or the HIS. */
export function sourceLabel(t: TFunction, source: ReviewRecord['source']): string {
  return t(`review.sources.${source}`, { defaultValue: source });
}
