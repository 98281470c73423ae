import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Logger } from 'pino';
import { prepareRepeatedStatements } from './prepared';
import * as schema from './schema';

export type Database = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type DbOrTx = Database | Tx;

export interface DbHandle {
  db: Database;
  pool: pg.Pool;
  close(): Promise<void>;
}

/**
 * A pool that survives a database restart: node-postgres emits `error` on idle clients when the
 * server goes away, and an unhandled `error` event would end the process. Repeated statements run as
 * prepared statements unless `preparedStatements` is false (see `prepared.ts`).
 */
export function createDb(
  connectionString: string,
  logger: Pick<Logger, 'warn'>,
  options: { preparedStatements?: boolean } = {},
): DbHandle {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    statement_timeout: 30_000,
    application_name: 'glucocare',
  });
  pool.on('error', (err) => logger.warn({ err: err.message }, 'database connection lost'));
  pool.on('connect', (client) => {
    client.on('error', (err) => logger.warn({ err: err.message }, 'database client error'));
    if (options.preparedStatements !== false) prepareRepeatedStatements(client);
  });
  const db = drizzle(pool, { schema });
  return { db, pool, close: () => pool.end() };
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

/** Whether an error means "the database cannot be reached right now" (→ 503), not a bug. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const e = current as { code?: string; message?: string; cause?: unknown };
    if (e.code && UNAVAILABLE_CODES.has(e.code)) return true;
    if (
      typeof e.message === 'string' &&
      /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
        e.message,
      )
    ) {
      return true;
    }
    current = e.cause;
  }
  return false;
}

/** PostgreSQL's unique_violation (23505), wherever drizzle wrapped it. */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    if ((current as { code?: string }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * PostgreSQL's refusals of a value the request carried (out of range for its column, an impossible
 * date, text it cannot store). The schemas refuse these first; one that slips through is still the
 * client's bad input, never a server failure.
 */
const INPUT_VALUE_CODES = new Set(['22003', '22008', '22007', '22P02', '22001', '22021', '22P05']);

/** The SQLSTATE of a bad value in the request, wherever drizzle wrapped it, or null. */
export function badInputValueCode(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && INPUT_VALUE_CODES.has(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}
