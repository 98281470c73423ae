import type {
  ScreenLinkCreateInput,
  ScreenLinkRevokeInput,
  ScreenLinkStatus,
} from '@glucocare/domain/monitor';
import type { Page, ScreenLink, ScreenLinkCreated, ScreenLinkUse } from '@glucocare/domain/responses';
import { http } from './http';

export type { ScreenLink, ScreenLinkCreated, ScreenLinkUse } from '@glucocare/domain/responses';

/** What the links list searches by (docs/api.md "Wall screens"). */
export interface ScreenLinkFilter {
  queryCondition?: string;
  status?: ScreenLinkStatus;
}

/** GET /v1/monitor/links: the wall-screen links, newest first (never their tokens). */
export function fetchScreenLinkPage(
  query: ScreenLinkFilter & { page: number; size: number },
  signal?: AbortSignal,
): Promise<Page<ScreenLink>> {
  return http.get<Page<ScreenLink>>('/v1/monitor/links', { query: { ...query }, signal });
}

/** POST /v1/monitor/links: the new link with its token and URL (answered only this once). */
export function createScreenLink(input: ScreenLinkCreateInput): Promise<ScreenLinkCreated> {
  return http.post<ScreenLinkCreated>('/v1/monitor/links', input);
}

/** POST /v1/monitor/links/{id}/revoke (stale version → 409). */
export function revokeScreenLink(id: number, input: ScreenLinkRevokeInput): Promise<ScreenLink> {
  return http.post<ScreenLink>(`/v1/monitor/links/${id}/revoke`, input);
}

/** GET /v1/monitor/links/{id}/uses: calls per client address and hour, newest first. */
export function fetchScreenLinkUses(
  id: number,
  query: { page: number; size: number },
  signal?: AbortSignal,
): Promise<Page<ScreenLinkUse>> {
  return http.get<Page<ScreenLinkUse>>(`/v1/monitor/links/${id}/uses`, { query: { ...query }, signal });
}
