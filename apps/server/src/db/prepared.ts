/**
 * Statements the app sends again and again (the session check of every request, the ward dashboard,
 * the data-management page) run as named prepared statements: PostgreSQL then parses them once per
 * connection and, after a few runs, reuses the plan instead of planning each time — planning was most
 * of the database's time for the session check (0.85 of 1.0 ms) and the data-management page (2.2 of
 * 2.8 ms) on the hospital-scale bench.
 *
 * Only parameterised statements qualify, and only once the process has seen the same text
 * {@link PREPARE_AFTER} times (rare statements — reports, administration — stay unnamed), at most
 * {@link MAX_PER_CONNECTION} per connection, so the plans each backend keeps stay bounded. The name
 * is a digest of the text, so a name always stands for the same statement. Turned off with
 * `DB_PREPARED_STATEMENTS=false` (e.g. behind a pooler in transaction mode, where a later transaction
 * may land on another backend).
 */
import { createHash } from 'node:crypto';
import type pg from 'pg';

export const PREPARE_AFTER = 3;
export const MAX_PER_CONNECTION = 250;
/** statement texts whose uses are counted; beyond it the counts start afresh */
const MAX_TRACKED_TEXTS = 2_000;

/** uses of each statement text, and its name once it qualifies */
const uses = new Map<string, number>();
const names = new Map<string, string>();

/** The statement name for `text` when it has been used often enough, else undefined. */
function nameFor(text: string): string | undefined {
  const known = names.get(text);
  if (known) return known;
  const count = (uses.get(text) ?? 0) + 1;
  if (count < PREPARE_AFTER) {
    if (uses.size >= MAX_TRACKED_TEXTS) uses.clear();
    uses.set(text, count);
    return undefined;
  }
  uses.delete(text);
  if (names.size >= MAX_TRACKED_TEXTS) names.clear();
  const name = `gc_${createHash('sha1').update(text).digest('base64url')}`;
  names.set(text, name);
  return name;
}

interface QueryConfigLike {
  text?: unknown;
  name?: unknown;
  values?: unknown;
}

/**
 * Makes `client` send repeated parameterised statements as named prepared statements (see the module
 * comment). Called once for each new connection of the pool.
 */
export function prepareRepeatedStatements(client: pg.PoolClient): void {
  const send = client.query.bind(client) as (...args: unknown[]) => unknown;
  const prepared = new Set<string>();
  const query = (...args: unknown[]) => {
    const [config, values] = args;
    if (config && typeof config === 'object' && !(config as QueryConfigLike).name) {
      const { text, values: own } = config as QueryConfigLike;
      const params = Array.isArray(values) ? values : own;
      if (typeof text === 'string' && Array.isArray(params) && params.length > 0) {
        const name = nameFor(text);
        if (name && (prepared.has(name) || prepared.size < MAX_PER_CONNECTION)) {
          prepared.add(name);
          args[0] = { ...(config as object), name };
        }
      }
    }
    return send(...args);
  };
  client.query = query as typeof client.query;
}
