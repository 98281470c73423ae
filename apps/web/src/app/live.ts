import {
  createSseReader,
  LIVE_STREAM_EVENTS,
  LIVE_TOPICS,
  type LiveMessage,
  type LiveTopic,
} from '@glucocare/domain/live';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { isAbort, openStream } from '../api/http';
import { queryClient } from './query';

/**
 * The browser end of the push channel (issue 15; server `modules/live`). One stream per signed-in tab,
 * opened with fetch and the bearer header. An event says what changed; the screens that show it reload
 * through react-query (`LIVE_QUERIES`), so the scope and language checks of the ordinary calls apply.
 *
 * The stream ends when the server stops or loses its database connection: the tab reconnects (after
 * the server's `retry`, growing to 30 s while it keeps failing) and, once subscribed again, reloads every
 * live screen, since events of the gap were not received.
 */

export type LiveStatus = 'off' | 'connecting' | 'live' | 'lost';

/** The query keys (prefixes) each topic makes stale; only screens on view reload at once. */
export const LIVE_QUERIES: Record<LiveTopic, QueryKey[]> = {
  readings: [
    ['patients'],
    ['tasks'],
    ['critical'],
    ['measurements'],
    ['records'],
    ['round'],
    ['list', 'virtualWardWorklist'],
    ['monitor', 'ward'],
  ],
  critical: [['critical'], ['patients'], ['tasks'], ['monitor', 'ward']],
  patients: [['patients'], ['tasks'], ['critical'], ['round'], ['monitor', 'ward']],
  orders: [['orders'], ['list', 'medication'], ['medication'], ['patients'], ['tasks'], ['round']],
  consultations: [['consultations']],
  virtualWard: [
    ['virtualWard'],
    ['list', 'virtualWard'],
    ['list', 'virtualWardWorklist'],
    ['list', 'virtualWardFollowups'],
    ['list', 'virtualWardCurrent'],
    ['list', 'virtualWardHistory'],
    ['patients'],
  ],
  quality: [
    ['quality'],
    ['list', 'qualityRecords'],
    ['list', 'qualityHeld'],
    ['list', 'qualityAnalyzers'],
    ['list', 'qualitySpares'],
    ['list', 'qualityLoans'],
    ['list', 'qualityControls'],
    ['list', 'qualityStrips'],
    ['list', 'qualityReports'],
    ['list', 'qualityAccuracy'],
  ],
};

/** Events that come together (an upload, a round) reload each screen once. */
const COALESCE_MS = 150;
const MAX_RETRY_MS = 30_000;

type Listener = (message: LiveMessage) => void;

export class LiveConnection {
  status: LiveStatus = 'off';
  private controller: AbortController | null = null;
  private readonly statusListeners = new Set<() => void>();
  private readonly listeners = new Set<Listener>();
  private pending = new Set<LiveTopic>();
  private flushTimer: ReturnType<typeof setTimeout> | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private retryMs = 2_000;
  private failures = 0;
  private everLive = false;

  constructor(
    private readonly queryClient: QueryClient,
    private readonly open: (signal: AbortSignal) => Promise<Response> = (signal) =>
      openStream('/v1/live/events', signal),
  ) {}

  start(): void {
    if (this.controller) return;
    this.connect();
  }

  stop(): void {
    this.controller?.abort();
    this.controller = null;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.retryTimer = null;
    this.flushTimer = null;
    this.everLive = false;
    this.setStatus('off');
  }

  /** Calls `listener` for every event heard (e.g. the bell announcing a critical value at once). */
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  onStatus(listener: () => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  private setStatus(status: LiveStatus) {
    if (this.status === status) return;
    this.status = status;
    for (const listener of this.statusListeners) listener();
  }

  private connect(): void {
    const controller = new AbortController();
    this.controller = controller;
    this.setStatus(this.everLive ? 'lost' : 'connecting');
    void this.read(controller).then(
      (outcome) => this.ended(controller, outcome),
      (error: unknown) => this.ended(controller, isAbort(error) ? 'stopped' : 'failed'),
    );
  }

  private async read(controller: AbortController): Promise<'ended' | 'failed' | 'refused'> {
    const response = await this.open(controller.signal);
    // no session (or it ended): nothing to retry; the app's next call handles the session
    if (response.status === 401 || response.status === 403) return 'refused';
    if (!response.ok || !response.body) return 'failed';
    let refused = false;
    const reader = createSseReader(
      (event) => {
        if (event.event === LIVE_STREAM_EVENTS.ready) {
          this.failures = 0;
          if (this.everLive) this.reloadAll();
          this.everLive = true;
          this.setStatus('live');
          return;
        }
        if (event.event === LIVE_STREAM_EVENTS.sessionEnded) {
          refused = true;
          return;
        }
        if (!(LIVE_TOPICS as readonly string[]).includes(event.event)) return;
        try {
          this.heard(JSON.parse(event.data) as LiveMessage);
        } catch {
          // a malformed event is skipped; the next one still arrives
        }
      },
      (ms) => {
        this.retryMs = ms;
      },
    );
    const body = response.body.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { done, value } = await body.read();
      if (done) break;
      reader.push(value);
    }
    return refused ? 'refused' : 'ended';
  }

  private ended(controller: AbortController, outcome: 'ended' | 'failed' | 'refused' | 'stopped') {
    if (this.controller !== controller) return;
    if (outcome === 'stopped') return;
    if (outcome === 'refused') {
      this.controller = null;
      this.setStatus('off');
      return;
    }
    this.failures++;
    this.setStatus(this.everLive ? 'lost' : 'connecting');
    const delay = Math.min(MAX_RETRY_MS, this.retryMs * 2 ** Math.max(0, this.failures - 1));
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (this.controller === controller) this.connect();
    }, delay);
  }

  private heard(message: LiveMessage) {
    for (const listener of this.listeners) listener(message);
    this.pending.add(message.topic);
    if (this.flushTimer) return;
    this.flushTimer = setTimeout(() => {
      this.flushTimer = null;
      const topics = [...this.pending];
      this.pending.clear();
      this.reload(topics);
    }, COALESCE_MS);
  }

  private reload(topics: LiveTopic[]) {
    const keys = new Map<string, QueryKey>();
    for (const topic of topics) for (const key of LIVE_QUERIES[topic]) keys.set(JSON.stringify(key), key);
    for (const key of keys.values()) void this.queryClient.invalidateQueries({ queryKey: key });
  }

  private reloadAll() {
    this.reload([...LIVE_TOPICS]);
  }
}

let connection: LiveConnection | null = null;

/** The tab's one connection, with the app's query client. */
export function liveConnection(): LiveConnection {
  connection ??= new LiveConnection(queryClient);
  return connection;
}

/** Keeps the push channel open while `enabled` (the signed-in layout is on screen). */
export function useLiveChannel(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    const live = liveConnection();
    live.start();
    return () => live.stop();
  }, [enabled]);
}

/** The channel's state, for the top bar's indicator and for polls that stand in while it is down. */
export function useLiveStatus(): LiveStatus {
  const live = liveConnection();
  return useSyncExternalStore(
    (notify) => live.onStatus(notify),
    () => live.status,
  );
}
