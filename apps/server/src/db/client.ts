import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Logger } from 'pino';
import { findInErrorChain, hasErrorCode } from '../lib/error-chain';
import { databaseOutages, unavailableReason } from '../lib/outage-log';
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
  logger: Pick<Logger, 'warn'> & Partial<Pick<Logger, 'info'>>,
  options: { preparedStatements?: boolean } = {},
): DbHandle {
  const outageLogger = { warn: logger.warn.bind(logger), info: (logger.info ?? logger.warn).bind(logger) };
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    statement_timeout: 30_000,
    application_name: 'glucocare',
  });
  // a database restart ends every idle connection at once: counted by the outage log, not a line each
  pool.on('error', (err) => {
    if (!databaseOutages.failure(outageLogger, 'pool', err)) {
      logger.warn({ err: err.message }, 'database connection lost');
    }
  });
  pool.on('connect', (client) => {
    // a new connection is the sign that an outage is over
    databaseOutages.recovered(outageLogger);
    client.on('error', (err) => {
      if (!databaseOutages.failure(outageLogger, 'pool client', err)) {
        logger.warn({ err: err.message }, 'database client error');
      }
    });
    if (options.preparedStatements !== false) prepareRepeatedStatements(client);
  });
  const db = drizzle(pool, { schema });
  return { db, pool, close: () => pool.end() };
}

/** Whether an error means "the database cannot be reached right now" (→ 503), not a bug. */
export function isDatabaseUnavailable(error: unknown): boolean {
  return unavailableReason(error) !== null;
}

/** PostgreSQL's unique_violation (23505), wherever drizzle wrapped it. */
export function isUniqueViolation(error: unknown): boolean {
  return hasErrorCode(error, '23505');
}

/**
 * PostgreSQL's refusals of a value the request carried (out of range for its column, an impossible
 * date, text it cannot store). The schemas refuse these first; one that slips through is still the
 * client's bad input, never a server failure.
 */
const INPUT_VALUE_CODES = new Set(['22003', '22008', '22007', '22P02', '22001', '22021', '22P05']);

/** The SQLSTATE of a bad value in the request, wherever drizzle wrapped it, or null. */
export function badInputValueCode(error: unknown): string | null {
  return findInErrorChain(error, ({ code }) =>
    typeof code === 'string' && INPUT_VALUE_CODES.has(code) ? code : null,
  );
}
