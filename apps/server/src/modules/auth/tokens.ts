import { createHash, randomBytes } from 'node:crypto';

/** An opaque bearer token: the tenant (so the lookup key starts with it) and 256 random bits. */
export function newToken(tenantId: string): string {
  return `${tenantId}.${randomBytes(32).toString('base64url')}`;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The tenant part of a well-formed token, or null. */
export function tokenTenant(token: string): string | null {
  const match = /^([A-Za-z0-9_-]{1,16})\.[A-Za-z0-9_-]{43}$/.exec(token);
  return match ? match[1] : null;
}
