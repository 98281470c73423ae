import { findInErrorChain } from './error-chain';

/**
 * Logging while the database cannot be reached. Every request and every background worker fails the
 * same way during an outage, and logging each failure wrote ~0.6-27 MB per 5 s (issue 22) — each
 * line carrying the failed SQL with its parameters. Instead: the first failure of each kind is logged
 * at once, then at most one line per kind per interval with the number held back since, and one line
 * when a connection succeeds again saying how long the outage lasted and how many failures it had.
 */

/** The logging calls the limiter makes (pino's and Fastify's loggers both fit). */
export interface OutageLogger {
  warn(fields: object, message: string): void;
  info(fields: object, message: string): void;
}

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EPIPE',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);

const UNAVAILABLE_MESSAGES: [RegExp, string][] = [
  [/Connection terminated/i, 'connection terminated'],
  [/timeout exceeded when trying to connect/i, 'connect timeout'],
  [/Client has encountered a connection error/i, 'connection error'],
];

/**
 * Why an error means "the database cannot be reached right now" (an error code or a short class of
 * node-postgres message), wherever drizzle wrapped it; null for any other error.
 */
export function unavailableReason(error: unknown): string | null {
  return findInErrorChain(error, ({ code, message }) => {
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return code;
    if (typeof message !== 'string') return null;
    return UNAVAILABLE_MESSAGES.find(([pattern]) => pattern.test(message))?.[1] ?? null;
  });
}

/**
 * The innermost message of a wrapped error, shortened: drizzle's outer message holds the whole SQL
 * and its parameters (patient data, token hashes), which have no place in an outage line.
 */
function shortMessage(error: unknown): string {
  let current = error as { message?: unknown; cause?: unknown } | undefined;
  let message = '';
  for (let depth = 0; current && depth < 5; depth++) {
    if (typeof current.message === 'string') message = current.message;
    current = current.cause as typeof current;
  }
  return message.length > 200 ? `${message.slice(0, 200)}…` : message;
}

interface KindState {
  lastLoggedAt: number;
  heldBack: number;
  failures: number;
}

export interface DatabaseOutageLogOptions {
  /** at most one line per kind this often (default 5 s) */
  intervalMs?: number;
  now?: () => number;
}

export class DatabaseOutageLog {
  private readonly intervalMs: number;
  private readonly now: () => number;
  private kinds = new Map<string, KindState>();
  private startedAt = 0;
  private lastFailureAt = 0;
  private failures = 0;

  constructor(options: DatabaseOutageLogOptions = {}) {
    this.intervalMs = options.intervalMs ?? 5_000;
    this.now = options.now ?? Date.now;
  }

  /**
   * Whether the database failed within the last interval. Request logging holds back per-request
   * lines only then, so a recovery that went unseen cannot silence the logs for good.
   */
  get failingNow(): boolean {
    return this.failures > 0 && this.now() - this.lastFailureAt < this.intervalMs;
  }

  /**
   * Reports a failure to reach the database from `source` ('request', 'pool', 'hl7 outbox', …).
   * Returns false, logging nothing, when `error` is not such a failure: the caller logs it as usual.
   */
  failure(log: OutageLogger, source: string, error: unknown, fields: object = {}): boolean {
    const reason = unavailableReason(error);
    if (reason === null) return false;
    this.count(log, source, reason, { ...fields, err: shortMessage(error) });
    return true;
  }

  /** Reports a failure already known to come from the outage (e.g. a request that timed out meanwhile). */
  count(log: OutageLogger, source: string, reason: string, fields: object = {}): void {
    const now = this.now();
    if (this.failures === 0) this.startedAt = now;
    this.failures++;
    this.lastFailureAt = now;
    const kind = `${source} ${reason}`;
    const state = this.kinds.get(kind);
    if (!state) {
      this.kinds.set(kind, { lastLoggedAt: now, heldBack: 0, failures: 1 });
      log.warn({ ...fields, kind, source, reason }, 'database unreachable');
      return;
    }
    state.failures++;
    if (now - state.lastLoggedAt < this.intervalMs) {
      state.heldBack++;
      return;
    }
    log.warn(
      { ...fields, kind, source, reason, heldBack: state.heldBack, failures: state.failures },
      `database still unreachable (${state.heldBack} more "${kind}" not logged)`,
    );
    state.lastLoggedAt = now;
    state.heldBack = 0;
  }

  /** A connection to the database succeeded: ends an outage with one line of what it cost. */
  recovered(log: OutageLogger): void {
    if (this.failures === 0) return;
    const seconds = (this.now() - this.startedAt) / 1000;
    const byKind = Object.fromEntries([...this.kinds].map(([kind, state]) => [kind, state.failures]));
    log.info(
      { downSeconds: seconds, failures: this.failures, byKind },
      `database reachable again after ${seconds.toFixed(1)} s, ${this.failures} failures`,
    );
    this.kinds = new Map();
    this.failures = 0;
  }
}

/** The process's one limiter: the pool, the request error handler and the background workers share it. */
export const databaseOutages = new DatabaseOutageLog();
