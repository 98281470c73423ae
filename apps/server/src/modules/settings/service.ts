import { DEFAULT_PASSWORD_RULE, type PasswordRule } from '@glucocare/domain';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, DbOrTx } from '../../db/client';
import { settings } from '../../db/schema';
import { auditActor, type RequestMeta, writeAudit } from '../audit/service';
import type { SessionUser } from '../auth/sessions';
import { STRATEGY_SETTINGS } from './strategy-keys';
import { SYSTEM_SETTINGS } from './system-keys';

// Not a resource declaration (lib/resource.ts): typed key/value settings of a tenant (one row per key, with a
// schema per key), not rows of a list.

/**
 * Typed tenant settings: each key has a schema and a default, so a missing or malformed row
 * never breaks a caller (the default applies and the row can be fixed in the settings screens).
 */
export const SETTINGS = {
  'password.policy': {
    schema: z.object({
      minLength: z.number().int().min(1).max(64),
      maxLength: z.number().int().min(1).max(128),
      strong: z.boolean(),
      expiryMonths: z.number().int().min(0).max(120),
    }),
    fallback: DEFAULT_PASSWORD_RULE as PasswordRule,
  },
  'his.sso': {
    schema: z.object({ enabled: z.boolean(), secret: z.string().min(32).nullable() }),
    fallback: { enabled: false, secret: null as string | null },
  },
  'workMode.isOutside': { schema: z.boolean(), fallback: false },
  // (`password.default`, a shared password for new and reset accounts, is gone: they get one-time
  // random passwords instead, issue 22; migration 0025 removed its rows)
  ...SYSTEM_SETTINGS,
  ...STRATEGY_SETTINGS,
} as const;

export type SettingKey = keyof typeof SETTINGS;
export type SettingValue<K extends SettingKey> = z.infer<(typeof SETTINGS)[K]['schema']>;

export async function getSetting<K extends SettingKey>(
  db: DbOrTx,
  tenantId: string,
  key: K,
): Promise<SettingValue<K>> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(and(eq(settings.tenantId, tenantId), eq(settings.key, key)));
  const definition = SETTINGS[key];
  const parsed = definition.schema.safeParse(row?.value);
  return (parsed.success ? parsed.data : definition.fallback) as SettingValue<K>;
}

export async function putSetting<K extends SettingKey>(
  db: DbOrTx,
  tenantId: string,
  key: K,
  value: SettingValue<K>,
  updatedBy: number | null,
): Promise<void> {
  const checked = SETTINGS[key].schema.parse(value);
  await db
    .insert(settings)
    .values({ tenantId, key, value: checked, updatedBy })
    .onConflictDoUpdate({
      target: [settings.tenantId, settings.key],
      set: { value: checked, updatedBy, updatedAt: new Date() },
    });
}

/**
 * Replaces a setting on behalf of a user and writes the audit row (entity `setting`, id = the key,
 * before = the value in effect until now, after = the new one) in the same transaction. `value` may be
 * a function of the value in effect, for a change to part of a setting: changes to one key are
 * serialised, so two administrators changing different parts at once both keep their change.
 */
export async function changeSetting<K extends SettingKey>(
  db: Database,
  session: SessionUser,
  key: K,
  value: SettingValue<K> | ((before: SettingValue<K>) => SettingValue<K>),
  meta: RequestMeta,
): Promise<SettingValue<K>> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`setting:${session.tenantId}:${key}`}))`);
    const before = await getSetting(tx, session.tenantId, key);
    const after = typeof value === 'function' ? value(before) : value;
    await putSetting(tx, session.tenantId, key, after, session.userId);
    await writeAudit(
      tx,
      { ...auditActor(session), action: 'update', entity: 'setting', entityId: key, before, after },
      meta,
    );
    return after;
  });
}

/**
 * Takes a setting back to its default on behalf of a user: the row goes (the default applies when
 * none is stored), audited like a change with after = the default, in one transaction.
 */
export async function resetSetting<K extends SettingKey>(
  db: Database,
  session: SessionUser,
  key: K,
  meta: RequestMeta,
): Promise<SettingValue<K>> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`setting:${session.tenantId}:${key}`}))`);
    const before = await getSetting(tx, session.tenantId, key);
    await tx.delete(settings).where(and(eq(settings.tenantId, session.tenantId), eq(settings.key, key)));
    const after = SETTINGS[key].fallback as SettingValue<K>;
    await writeAudit(
      tx,
      { ...auditActor(session), action: 'update', entity: 'setting', entityId: key, before, after },
      meta,
    );
    return after;
  });
}
