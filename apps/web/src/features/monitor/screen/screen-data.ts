import type { LiveTopic } from '@glucocare/domain/live';
import type { ScreenPanel, ScreenVariant } from '@glucocare/domain/monitor';
import { QueryClient, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/http';
import { LiveConnection, type LiveStatus } from '../../../app/live';
import {
  fetchCrisisRecords,
  fetchDistribution,
  fetchOverview,
  fetchPersonMonitor,
  openScreenEvents,
} from './screen-api';
import { panelsOf } from './screen-format';

/**
 * The wall screen's data: its own react-query cache (a screen runs for days: nothing is kept beyond
 * what is on view, `gcTime` short), the four calls the shown panels need, a refetch every
 * `refreshSeconds` as the fallback, and the push stream that makes them reload within a second.
 */

/** How long an unused answer stays cached: a wall shows the same few queries forever. */
export const SCREEN_GC_MS = 5_000;
/** Events that come together (an upload of many readings) reload the screen once. */
const COALESCE_MS = 150;
/** The fallback refresh until the strategy is read (the strategy's default). */
const DEFAULT_REFRESH_SECONDS = 60;
/** The topics that change what a wall shows: readings, critical values, admissions and transfers. */
export const SCREEN_TOPICS: readonly LiveTopic[] = ['readings', 'critical', 'patients'];

export function createScreenQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: SCREEN_GC_MS,
        staleTime: 0,
        refetchOnWindowFocus: false,
        // a refused link stays refused; a server away is retried by the interval and the stream
        retry: (failures, error) =>
          !(isApiError(error) && error.status >= 400 && error.status < 500) && failures < 2,
        retryDelay: 2_000,
      },
    },
  });
}

/** Whether the server refused the link (absent, tampered, revoked or expired: 401). */
export function isRefused(error: unknown): boolean {
  return isApiError(error) && (error.status === 401 || error.status === 403);
}

const needs = (panels: readonly ScreenPanel[], ...wanted: ScreenPanel[]) =>
  wanted.some((p) => panels.includes(p));

/**
 * The screen's queries. The overview always (it carries the resolved strategy); the others only when
 * a shown panel needs them. Keys hold the language: names of periods and wards follow it.
 */
export function useScreenQueries(link: string, variant: ScreenVariant) {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  const [refreshSeconds, setRefreshSeconds] = useState(DEFAULT_REFRESH_SECONDS);
  const refetchInterval = refreshSeconds * 1000;
  const overview = useQuery({
    queryKey: ['screen', 'overview', link, lang],
    queryFn: ({ signal }) => fetchOverview(link, signal),
    refetchInterval,
  });
  const config = overview.data?.config;
  useEffect(() => {
    if (config) setRefreshSeconds(config.refreshSeconds);
  }, [config]);
  const panels = useMemo(() => (config ? panelsOf(variant, config.panels) : []), [config, variant]);
  const wanted = panels;
  const ready = !!overview.data;
  const recent = useQuery({
    queryKey: ['screen', 'recent', link, lang],
    queryFn: ({ signal }) => fetchPersonMonitor(link, signal),
    enabled: ready && needs(wanted, 'recent'),
    refetchInterval,
  });
  const crisis = useQuery({
    queryKey: ['screen', 'crisis', link, lang],
    queryFn: ({ signal }) => fetchCrisisRecords(link, signal),
    enabled: ready && needs(wanted, 'critical'),
    refetchInterval,
  });
  const distribution = useQuery({
    queryKey: ['screen', 'distribution', link, lang],
    queryFn: ({ signal }) => fetchDistribution(link, signal),
    enabled: ready && needs(wanted, 'distribution', 'highLow', 'abnormal'),
    refetchInterval,
  });
  const refused = [overview, recent, crisis, distribution].some((query) => isRefused(query.error));
  return { overview, recent, crisis, distribution, refused, panels };
}

export interface ScreenLiveState {
  status: LiveStatus;
  /** when the connection was lost (the badge says "reconnecting since hh:mm:ss") */
  since: Date | null;
}

/**
 * The screen's push stream (`GET /v1/monitor/events` with the link): any event of a topic a wall shows
 * reloads the screen's queries (coalesced); once back after a loss it reloads them too (events of the
 * gap were missed); a stream refused (the link revoked) reloads them so the calls say so (401).
 */
export function useScreenLive(client: QueryClient, link: string | null): ScreenLiveState {
  const [state, setState] = useState<ScreenLiveState>({ status: 'connecting', since: null });
  useEffect(() => {
    if (!link) return;
    const live = new LiveConnection(client, (signal) => openScreenEvents(link, signal));
    let timer: ReturnType<typeof setTimeout> | null = null;
    const reload = () => {
      if (timer) return;
      timer = setTimeout(() => {
        timer = null;
        void client.invalidateQueries({ queryKey: ['screen'] });
      }, COALESCE_MS);
    };
    let previous: LiveStatus = live.status;
    const stopListening = live.subscribe((message) => {
      if (SCREEN_TOPICS.includes(message.topic)) reload();
    });
    const stopWatching = live.onStatus(() => {
      const status = live.status;
      if ((status === 'live' && previous === 'lost') || (status === 'off' && previous !== 'off')) reload();
      previous = status;
      setState((before) => ({
        status,
        since: status === 'lost' ? (before.status === 'lost' ? before.since : new Date()) : null,
      }));
    });
    live.start();
    return () => {
      stopListening();
      stopWatching();
      live.stop();
      if (timer) clearTimeout(timer);
    };
  }, [client, link]);
  return state;
}
