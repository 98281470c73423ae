/**
 * Tenant configuration kept in the process between requests: the hospital's time zone, glucose
 * periods, reason lists and monitoring strategy are read by nearly every clinical request and change
 * a few times a year. A value is cached together with the tenant's configuration version
 * (`config_versions`, bumped by triggers on every change of settings, glucose periods and dictionary
 * entries, whoever makes it and on whichever app instance). The session statement reads the version
 * at the start of each request, so a request uses a cached value only when it is the one the
 * database holds for that request: a change is seen by the next request, as with a fresh read.
 *
 * Reads for a bare tenant id (no version known) always go to the database, and so do reads inside a
 * transaction — a transaction that changes the configuration must read its own change — unless the
 * reader names the database whose cache it may use (`cacheOf`): the reading write path does, since it
 * never changes the configuration and reads eight pieces of it per reading (issue 15 bench).
 */
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';

/** A tenant with the configuration version read with its session (a `SessionUser` is one). */
export interface ConfigReader {
  tenantId: string;
  configVersion: number;
  /** inside a transaction: the database (not the transaction) whose cache may answer */
  cacheOf?: DbOrTx;
}

/** A reader that may use `db`'s cache inside a transaction (see the file's note). */
export function cachedReader(reader: ConfigReader, db: DbOrTx): ConfigReader {
  return { tenantId: reader.tenantId, configVersion: reader.configVersion, cacheOf: db };
}

/** A tenant id (always read fresh) or a reader whose version lets the cache answer. */
export type TenantRef = string | ConfigReader;

export function tenantIdOf(tenant: TenantRef): string {
  return typeof tenant === 'string' ? tenant : tenant.tenantId;
}

interface Entry {
  version: number;
  value: Promise<unknown>;
}

/** One cache per database handle: test processes run several apps, each on its own database. */
const caches = new WeakMap<object, Map<string, Entry>>();

/**
 * Databases whose configuration is read fresh every time: a read replica may still hold the
 * configuration before the version the session read on the primary, and caching that under the new
 * version would keep it until the next change (db/replica.ts).
 */
const uncached = new WeakSet<object>();

export function neverCacheConfigOf(db: DbOrTx): void {
  uncached.add(db);
}

/**
 * `load(tenantId)` through the cache: the stored value when it belongs to the reader's version, else
 * a fresh load, stored when the reader's version is the newest seen (concurrent requests share the
 * load). A failed load is not kept.
 */
export function cachedConfig<T>(
  db: DbOrTx,
  tenant: TenantRef,
  name: string,
  load: (tenantId: string) => Promise<T>,
): Promise<T> {
  if (typeof tenant === 'string') return load(tenant);
  const home = db instanceof PgTransaction ? tenant.cacheOf : db;
  if (!home || home instanceof PgTransaction || uncached.has(home)) return load(tenant.tenantId);
  let cache = caches.get(home);
  if (!cache) {
    cache = new Map();
    caches.set(home, cache);
  }
  const key = `${tenant.tenantId}\u0000${name}`;
  const entry = cache.get(key);
  if (entry && entry.version === tenant.configVersion) return entry.value as Promise<T>;
  const value = load(tenant.tenantId);
  if (!entry || entry.version < tenant.configVersion) {
    const stored: Entry = { version: tenant.configVersion, value };
    cache.set(key, stored);
    value.catch(() => {
      if (cache.get(key) === stored) cache.delete(key);
    });
  }
  return value;
}
