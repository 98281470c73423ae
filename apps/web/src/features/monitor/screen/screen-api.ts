import type {
  CrisisRecords,
  MonitorOverview,
  PatientDistribution,
  PersonMonitor,
} from '@glucocare/domain/responses';
import { http, openStream } from '../../../api/http';
import { screenLinkHeaders } from './screen-link';

/**
 * The wall screen's calls (docs/api.md "Wall screens"; shapes: domain responses/monitor.ts): the
 * screen link in its header, no bearer token even if someone is signed in on this browser.
 */

function wallGet<T>(path: string, link: string, signal?: AbortSignal): Promise<T> {
  return http.get<T>(path, { bearer: false, headers: screenLinkHeaders(link), signal });
}

export const fetchOverview = (link: string, signal?: AbortSignal) =>
  wallGet<MonitorOverview>('/v1/monitor/', link, signal);
export const fetchPersonMonitor = (link: string, signal?: AbortSignal) =>
  wallGet<PersonMonitor>('/v1/monitor/personMonitor', link, signal);
export const fetchCrisisRecords = (link: string, signal?: AbortSignal) =>
  wallGet<CrisisRecords>('/v1/monitor/crisisLowRecords', link, signal);
export const fetchDistribution = (link: string, signal?: AbortSignal) =>
  wallGet<PatientDistribution>('/v1/monitor/todayPatientDistribution', link, signal);

/** The wall's push stream (SSE): what changed in the link's wards, nothing about patients. */
export const openScreenEvents = (link: string, signal: AbortSignal) =>
  openStream('/v1/monitor/events', signal, { bearer: false, headers: screenLinkHeaders(link) });
