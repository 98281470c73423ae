import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { RecordScreen } from '@glucocare/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { settings } from '../../db/schema';

/**
 * Signed, expiring links of the record screens (ARCHITECTURE §5: the screens are public to the
 * router only). A link carries `sig` = `<tenant>.<base64url HMAC-SHA256>` over the tenant, the screen,
 * the id, the range and the expiry, and `exp` (epoch seconds). The key is `RECORD_LINK_SECRET` when
 * set; otherwise each tenant's own random key, made the first time one of its links is signed and kept
 * in its settings (key {@link SECRET_KEY}, never served by any endpoint), so links survive restarts.
 */

/** The settings row holding a tenant's generated link key (base64url of 32 random bytes). */
export const SECRET_KEY = 'records.linkSecret';

/** What a link is for: exactly this screen, id and range. */
export interface LinkSubject {
  screen: RecordScreen;
  /** patient id, or the department code of the ward record */
  id: string;
  /** `beginDate..endDate` of a patient record, the day of the ward record; '' when none was given */
  range: string;
}

/** The range part of a link's subject, from the query of a screen. */
export function rangeOf(query: { beginDate?: string | null; endDate?: string | null; date?: string | null }) {
  if (query.date) return query.date;
  if (query.beginDate || query.endDate) return `${query.beginDate ?? ''}..${query.endDate ?? ''}`;
  return '';
}

const SIGNATURE = /^([A-Za-z0-9_-]{1,16})\.([A-Za-z0-9_-]{43})$/;
const EXPIRY = /^[1-9]\d{0,11}$/;

// Keys by database (each test context has its own) and tenant; a key never changes once made.
const keyCache = new WeakMap<object, Map<string, Buffer>>();

async function storedKey(db: DbOrTx, tenantId: string): Promise<Buffer | null> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(and(eq(settings.tenantId, tenantId), eq(settings.key, SECRET_KEY)));
  return typeof row?.value === 'string' && row.value.length >= 43
    ? Buffer.from(row.value, 'base64url')
    : null;
}

/**
 * The key of a tenant's links. `create`: make and store one when the tenant has none yet (two
 * concurrent first signings agree: the first insert wins and both read it back); otherwise null.
 */
async function tenantKey(app: FastifyInstance, tenantId: string, create: boolean): Promise<Buffer | null> {
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
      .values({ tenantId, key: SECRET_KEY, value: randomBytes(32).toString('base64url'), updatedBy: null })
      .onConflictDoNothing();
    key = await storedKey(app.db, tenantId);
  }
  if (key) cache.set(tenantId, key);
  return key;
}

function mac(key: Buffer, tenantId: string, subject: LinkSubject, expiresAt: number): Buffer {
  const message = ['v1', tenantId, subject.screen, subject.id, subject.range, String(expiresAt)].join('\n');
  return createHmac('sha256', key).update(message, 'utf8').digest();
}

/** The `sig` of a link made with `key` (the form {@link verifyLink} checks). */
export function linkSignature(
  key: Buffer,
  tenantId: string,
  subject: LinkSubject,
  expiresAt: number,
): string {
  return `${tenantId}.${mac(key, tenantId, subject, expiresAt).toString('base64url')}`;
}

/** Signs a link of `tenantId` for `subject`, valid until `expiresAt` (epoch seconds). */
export async function signLink(
  app: FastifyInstance,
  tenantId: string,
  subject: LinkSubject,
  expiresAt: number,
): Promise<{ sig: string; exp: number }> {
  const key = (await tenantKey(app, tenantId, true)) as Buffer;
  return {
    sig: `${tenantId}.${mac(key, tenantId, subject, expiresAt).toString('base64url')}`,
    exp: expiresAt,
  };
}

/**
 * The tenant of a valid, unexpired link for exactly `subject`, or null (malformed, expired, signed
 * for another screen, id or range, or with another key). The signature is compared in constant time.
 */
export async function verifyLink(
  app: FastifyInstance,
  subject: LinkSubject,
  sig: string | undefined,
  exp: string | undefined,
): Promise<string | null> {
  if (!sig || !exp) return null;
  const parts = SIGNATURE.exec(sig);
  if (!parts || !EXPIRY.test(exp)) return null;
  const expiresAt = Number(exp);
  if (expiresAt * 1000 <= app.clock().getTime()) return null;
  const [, tenantId, given] = parts;
  const key = await tenantKey(app, tenantId, false);
  if (!key) return null;
  const expected = mac(key, tenantId, subject, expiresAt);
  const actual = Buffer.from(given, 'base64url');
  if (actual.length !== expected.length) return null;
  return timingSafeEqual(actual, expected) ? tenantId : null;
}
