import {
  bigint,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './tenancy';

/** Opaque bearer tokens, kept only as SHA-256 hashes; the token's tenant prefix leads the key. */
export const sessions = pgTable(
  'sessions',
  {
    tenantId: text('tenant_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.tokenHash] }),
    index('sessions_user_idx').on(t.tenantId, t.userId),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete(
      'cascade',
    ),
  ],
);

/** Nonces of HIS single sign-on assertions already used: each is accepted once. */
export const hisNonces = pgTable(
  'his_nonces',
  {
    tenantId: text('tenant_id').notNull(),
    nonce: text('nonce').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.nonce] })],
);

/** Who did what and when, with before/after values; written in the same transaction as the change. */
export const auditLog = pgTable(
  'audit_log',
  {
    tenantId: text('tenant_id').notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: bigint('actor_id', { mode: 'number' }),
    actorName: text('actor_name'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    patientId: bigint('patient_id', { mode: 'number' }),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    requestId: text('request_id'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('audit_log_at_idx').on(t.tenantId, t.at),
    index('audit_log_actor_idx').on(t.tenantId, t.actorId, t.at),
  ],
);

/** Server-wide keys (not tenant data): the RSA key pair for password transport. */
export const systemKeys = pgTable('system_keys', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Password attempts per client address in the current window (modules/auth/attempt-budget.ts), shared
 * by every server process. Unlogged: counters that may be lost in a crash, never replicated nor backed up.
 */
export const passwordAttemptWindows = pgTable('password_attempt_windows', {
  address: text('address').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  attempts: integer('attempts').notNull(),
});
