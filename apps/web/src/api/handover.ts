import type { HandoverView } from '@glucocare/domain/responses';
import { http } from './http';

/** The shift hand-over of a ward (docs/api.md "Shift hand-over"). */

export type {
  HandoverCriticalView as HandoverCritical,
  HandoverMovementView as HandoverMovement,
  HandoverPatientView as HandoverPatient,
  HandoverView as Handover,
} from '@glucocare/domain/responses';

/** The ward, and the date and code of the shift (both or neither: neither = the shift going on now). */
export interface HandoverQuery {
  departmentCode: string;
  date?: string;
  shift?: string;
}

export function fetchHandover(query: HandoverQuery, signal?: AbortSignal): Promise<HandoverView> {
  return http.get('/v1/handover', { query: { ...query }, signal });
}
