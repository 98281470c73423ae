import { type LiveEvent, type LiveMessage, liveEventSchema } from '@glucocare/domain/live';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { databaseOutages } from '../../lib/outage-log';
import type { DepartmentScope } from '../auth/sessions';

/** The PostgreSQL channel every server process listens on (`publishLive` notifies it). */
export const LIVE_CHANNEL = 'glucocare_live';

/** One open stream: who is listening and how to reach them. */
export interface LiveSubscriber {
  tenantId: string;
  /** null: a wall screen's stream (issue 20), which hears no event addressed to users by name */
  userId: number | null;
  /** re-read with the session while the stream is open (a changed scope takes effect) */
  scope: DepartmentScope;
  send(message: LiveMessage): void;
  /** the hub lost its database connection: the stream ends and the browser reconnects and catches up */
  end(): void;
}

/** Whether a subscriber may hear of an event: its tenant, and a department of its scope or by name. */
export function hears(
  subscriber: Pick<LiveSubscriber, 'tenantId' | 'userId' | 'scope'>,
  event: LiveEvent,
): boolean {
  if (event.tenantId !== subscriber.tenantId) return false;
  if (subscriber.userId !== null && event.userIds.includes(subscriber.userId)) return true;
  if (subscriber.scope.all) return true;
  const scope = subscriber.scope.departments;
  return event.departments.some((code) => scope.includes(code));
}

/**
 * The push channel of one server process (issue 15). Writers notify PostgreSQL inside their transaction
 * (`publishLive`), so an event exists exactly when its write committed and reaches every process that
 * listens, whichever process wrote it. This hub holds one listening connection, opened when the first
 * stream subscribes (processes and tests without streams hold none), and fans each event out to the
 * streams allowed to hear it.
 *
 * A lost listening connection ends every stream rather than reconnecting silently: events sent in the
 * gap would be missed, while a browser that reconnects reads its screens again and so catches up.
 */
export class LiveHub {
  private readonly subscribers = new Set<LiveSubscriber>();
  private listener: pg.Client | null = null;
  private listening: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly connection: pg.ClientConfig,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Adds a stream once the process listens (so that `ready` means events will arrive). */
  async subscribe(subscriber: LiveSubscriber): Promise<() => void> {
    await this.listen();
    this.subscribers.add(subscriber);
    return () => {
      this.subscribers.delete(subscriber);
    };
  }

  private listen(): Promise<void> {
    if (this.closed) return Promise.reject(new Error('the live hub is closed'));
    if (!this.listening) {
      this.listening = this.connect().catch((error) => {
        this.listening = null;
        throw error;
      });
    }
    return this.listening;
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ ...this.connection, application_name: 'glucocare-live' });
    client.on('notification', (message) => {
      if (message.channel === LIVE_CHANNEL && message.payload) this.dispatch(message.payload);
    });
    const lost = (reason: string, error?: Error) => {
      if (this.listener !== client) return;
      this.listener = null;
      this.listening = null;
      const fields = { reason, streams: this.subscribers.size };
      if (!error || !databaseOutages.failure(this.log, 'live listen', error, fields)) {
        this.log.warn(fields, 'live channel lost its database connection');
      }
      this.endAll();
    };
    client.on('error', (error) => lost(error.message, error));
    client.on('end', () => lost('connection ended'));
    await client.connect();
    await client.query(`listen ${LIVE_CHANNEL}`);
    this.listener = client;
  }

  private dispatch(payload: string): void {
    let event: LiveEvent;
    try {
      event = liveEventSchema.parse(JSON.parse(payload));
    } catch (error) {
      this.log.error({ err: error }, 'live channel: an event that does not parse');
      return;
    }
    const { tenantId: _tenant, ...message } = event;
    for (const subscriber of this.subscribers) {
      if (hears(subscriber, event)) subscriber.send(message);
    }
  }

  private endAll(): void {
    const ending = [...this.subscribers];
    this.subscribers.clear();
    for (const subscriber of ending) subscriber.end();
  }

  /** Ends every stream and the listening connection (server shutdown). */
  async close(): Promise<void> {
    this.closed = true;
    this.endAll();
    const client = this.listener;
    this.listener = null;
    this.listening = null;
    await client?.end().catch(() => {});
  }
}
