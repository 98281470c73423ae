import { createHmac, timingSafeEqual } from 'node:crypto';
import type { RecordScreen } from '@glucocare/domain';
import type { FastifyInstance } from 'fastify';
import { LINK_KEY_SETTING, tenantLinkKey } from '../../lib/tenant-link-key';

/**
 * Signed, expiring links of the record screens (ARCHITECTURE §5: the screens are public to the
 * router only). A link carries `sig` = `<tenant>.<base64url HMAC-SHA256>` over the tenant, the screen,
 * the id, the range and the expiry, and `exp` (epoch seconds). The key is `RECORD_LINK_SECRET` when
 * set; otherwise each tenant's own random key (lib/tenant-link-key.ts), so links survive restarts.
 */

/** The settings row holding a tenant's generated link key (shared with the wall-screen links). */
export const SECRET_KEY = LINK_KEY_SETTING;

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
  const key = (await tenantLinkKey(app, tenantId, true)) as Buffer;
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
  const key = await tenantLinkKey(app, tenantId, false);
  if (!key) return null;
  const expected = mac(key, tenantId, subject, expiresAt);
  const actual = Buffer.from(given, 'base64url');
  if (actual.length !== expected.length) return null;
  return timingSafeEqual(actual, expected) ? tenantId : null;
}
