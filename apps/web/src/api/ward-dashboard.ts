import type { WardDashboard } from '@glucocare/domain/responses';
import { http } from './http';

/** The ward-wide dashboard (docs/api.md "Ward dashboard"; issue 20). */

export type { WardDashboard };

/** One ward of the caller's scope, or every ward of it without `departmentCode`. */
export function fetchWardDashboard(
  departmentCode: string | undefined,
  signal?: AbortSignal,
): Promise<WardDashboard> {
  return http.get('/v1/monitor/ward', { query: { departmentCode: departmentCode || undefined }, signal });
}
