import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../db/client';
import { settings } from '../db/schema';

/**
 * The per-tenant key of every signed link the server hands out (record screens, issue 5; wall-screen
 * links, issue 20). `RECORD_LINK_SECRET` when set; otherwise each tenant's own random key, made the
 * first time one of its links is signed and kept in its settings (key {@link LINK_KEY_SETTING}, never
 * served by any endpoint), so links survive restarts and every server process agrees. Each kind of link
 * signs its own message with its own prefix, so a signature of one kind never passes as another.
 */

/** The settings row holding a tenant's generated link key (base64url of 32 random bytes). */
export const LINK_KEY_SETTING = 'records.linkSecret';

// Keys by database (each test context has its own) and tenant; a key never changes once made.
const keyCache = new WeakMap<object, Map<string, Buffer>>();

async function storedKey(db: DbOrTx, tenantId: string): Promise<Buffer | null> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(and(eq(settings.tenantId, tenantId), eq(settings.key, LINK_KEY_SETTING)));
  return typeof row?.value === 'string' && row.value.length >= 43
    ? Buffer.from(row.value, 'base64url')
    : null;
}

/**
 * The key of a tenant's links. `create`: make and store one when the tenant has none yet (two
 * concurrent first signings agree: the first insert wins and both read it back); otherwise null.
 */
export async function tenantLinkKey(
  app: FastifyInstance,
  tenantId: string,
  create: boolean,
): Promise<Buffer | null> {
  if (app.config.recordLinkSecret) return Buffer.from(app.config.recordLinkSecret, 'utf8');
  let cache = keyCache.get(app.db);
  if (!cache) {
    cache = new Map();
    keyCache.set(app.db, cache);
  }
  const cached = cache.get(tenantId);
  if (cached) return cached;
  let key = await storedKey(app.db, tenantId);
  if (!key && create) {
    await app.db
      .insert(settings)
      .values({
        tenantId,
        key: LINK_KEY_SETTING,
        value: randomBytes(32).toString('base64url'),
        updatedBy: null,
      })
      .onConflictDoNothing();
    key = await storedKey(app.db, tenantId);
  }
  if (key) cache.set(tenantId, key);
  return key;
}
