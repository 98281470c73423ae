import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Logger } from 'pino';
import { hasErrorCode } from '../lib/error-chain';
import { neverCacheConfigOf } from '../modules/settings/config-cache';
import { createDb, type Database, type DbHandle, isDatabaseUnavailable } from './client';
import * as schema from './schema';

/**
 * The read replica (`DATABASE_REPLICA_URL`): reports, statistics and wall screens read from a
 * streaming standby so that they do not compete with the wards' writes on the primary.
 *
 * When the standby cannot be reached, or lags more than `maxLagSeconds`, those reads go to the
 * primary instead of failing: a wall screen or a report that answers from the primary is what
 * hospital IT expects, never a 503 because a secondary server is being patched. Each change of state is
 * logged once, and while the replica is out a reminder with the number of reads sent to the primary is
 * logged at most once a minute.
 */

export type ReplicaState = 'up' | 'lagging' | 'down';

export interface ReplicaStatus {
  state: ReplicaState;
  /** how far replay is behind what the standby received, in seconds, at the last check; null when unknown */
  lagSeconds: number | null;
}

export interface ReadReplica {
  /** the replica's Database: use it only where a lagging answer is fine (see app.ts `replica`) */
  db: Database;
  status(): ReplicaStatus;
  /** checks the replica at once (tests; the monitor checks every `checkMs`) */
  check(): Promise<ReplicaStatus>;
  close(): Promise<void>;
}

export interface ReplicaOptions {
  /** beyond this lag the replica's reads go to the primary (default 30 s) */
  maxLagSeconds?: number;
  /** how often the replica's reachability and lag are checked (default 5 s) */
  checkMs?: number;
  preparedStatements?: boolean;
}

const REMINDER_MS = 60_000;

/**
 * Replay lag as PostgreSQL's monitoring guide measures it: zero when everything received has been
 * replayed (an idle primary is not lag), else the age of the last transaction replayed. Null on a
 * server that is not a standby.
 */
const LAG_QUERY = `
  select case when pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() then 0
              else extract(epoch from now() - pg_last_xact_replay_timestamp())::float8 end as lag`;

/**
 * Hot-standby conflicts cancel a query with serialization_failure (40001) when replay needs the rows it
 * reads; a read is safe to run again on the primary.
 */
function isRecoveryConflict(error: unknown): boolean {
  return hasErrorCode(error, '40001');
}

type QueryArgs = Parameters<pg.Pool['query']>;

/**
 * What drizzle sees as the replica's pool: queries and transactions go to the standby's pool while it
 * is usable, else to the primary's. Drizzle only calls the promise forms of `query` and `connect`. Its
 * class name ends in "Pool" because drizzle takes a connection for each transaction from anything
 * named so.
 */
export class ReadReplicaPool {
  private state: ReplicaState = 'up';
  private lagSeconds: number | null = null;
  private readsOnPrimary = 0;
  private lastReminder = 0;

  constructor(
    private readonly replica: pg.Pool,
    private readonly primary: pg.Pool,
    private readonly logger: Pick<Logger, 'warn' | 'info'>,
    private readonly maxLagSeconds: number,
  ) {}

  status(): ReplicaStatus {
    return { state: this.state, lagSeconds: this.lagSeconds };
  }

  async query(...args: QueryArgs): Promise<pg.QueryResult> {
    const run = (pool: pg.Pool) => (pool.query as (...a: unknown[]) => Promise<pg.QueryResult>)(...args);
    if (this.state !== 'up') return this.onPrimary(() => run(this.primary));
    try {
      return await run(this.replica);
    } catch (error) {
      if (isDatabaseUnavailable(error)) this.markDown(error);
      else if (!isRecoveryConflict(error)) throw error;
      return this.onPrimary(() => run(this.primary));
    }
  }

  async connect(): Promise<pg.PoolClient> {
    if (this.state !== 'up') return this.onPrimary(() => this.primary.connect());
    try {
      return await this.replica.connect();
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      this.markDown(error);
      return this.onPrimary(() => this.primary.connect());
    }
  }

  /** Measures reachability and lag on the replica itself, and moves the state accordingly. */
  async check(): Promise<ReplicaStatus> {
    try {
      const { rows } = await this.replica.query<{ lag: number | null }>(LAG_QUERY);
      const lag = rows[0]?.lag ?? null;
      this.lagSeconds = lag === null ? null : Math.round(lag * 10) / 10;
      if (lag !== null && lag > this.maxLagSeconds) this.moveTo('lagging', { lagSeconds: this.lagSeconds });
      else this.moveTo('up', { lagSeconds: this.lagSeconds });
    } catch (error) {
      if (isDatabaseUnavailable(error)) this.markDown(error);
      else throw error;
    }
    return this.status();
  }

  private markDown(error: unknown) {
    this.lagSeconds = null;
    this.moveTo('down', { err: (error as Error).message });
  }

  private moveTo(next: ReplicaState, details: Record<string, unknown>) {
    if (next === this.state) return;
    const previous = this.state;
    this.state = next;
    if (next === 'up') {
      this.logger.info(
        { ...details, readsOnPrimary: this.readsOnPrimary },
        'read replica usable again: reports and wall screens read from it',
      );
      this.readsOnPrimary = 0;
      return;
    }
    this.lastReminder = Date.now();
    this.logger.warn(
      { ...details, previous, maxLagSeconds: this.maxLagSeconds },
      next === 'down'
        ? 'read replica unreachable: its reads go to the primary'
        : 'read replica lags too far behind: its reads go to the primary',
    );
  }

  private onPrimary<T>(run: () => Promise<T>): Promise<T> {
    this.readsOnPrimary++;
    const now = Date.now();
    if (now - this.lastReminder >= REMINDER_MS) {
      this.lastReminder = now;
      this.logger.warn(
        { state: this.state, readsOnPrimary: this.readsOnPrimary },
        'read replica still out: its reads go to the primary',
      );
    }
    return run();
  }
}

/** Opens the replica's pool next to the primary's and starts watching its reachability and lag. */
export function createReadReplica(
  replicaUrl: string,
  primary: DbHandle,
  logger: Pick<Logger, 'warn' | 'info'>,
  options: ReplicaOptions = {},
): ReadReplica {
  const replica = createDb(replicaUrl, logger, { preparedStatements: options.preparedStatements });
  const pool = new ReadReplicaPool(replica.pool, primary.pool, logger, options.maxLagSeconds ?? 30);
  const db = drizzle(pool as unknown as pg.Pool, { schema });
  neverCacheConfigOf(db);
  const check = () =>
    pool.check().catch((error) => logger.warn({ err: error.message }, 'replica check failed'));
  void check();
  const monitor = setInterval(check, options.checkMs ?? 5_000);
  monitor.unref();
  return {
    db,
    status: () => pool.status(),
    check: () => pool.check(),
    async close() {
      clearInterval(monitor);
      await replica.close();
    },
  };
}

/** The replica's state when `db` reads through one, else undefined (no replica configured). */
export function replicaStatusOf(db: Database): ReplicaStatus | undefined {
  const client = (db as unknown as { $client: unknown }).$client;
  return client instanceof ReadReplicaPool ? client.status() : undefined;
}
