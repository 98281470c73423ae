import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, DbOrTx } from '../../db/client';
import { userSettings } from '../../db/schema';
import { auditActor, type RequestMeta, writeAudit } from '../audit/service';
import type { SessionUser } from '../auth/sessions';

/**
 * A user's own preferences (`user_settings`): each key has a schema and a default, like the tenant
 * settings, and a user only ever reads and changes their own rows.
 */
export const USER_SETTINGS = {
  /** measurement lists oldest first; the default is newest first */
  testTimeAsc: { schema: z.boolean(), fallback: false },
} as const;

export type UserSettingKey = keyof typeof USER_SETTINGS;
export type UserSettingValue<K extends UserSettingKey> = z.infer<(typeof USER_SETTINGS)[K]['schema']>;

export async function getUserSetting<K extends UserSettingKey>(
  db: DbOrTx,
  session: Pick<SessionUser, 'tenantId' | 'userId'>,
  key: K,
): Promise<UserSettingValue<K>> {
  const [row] = await db
    .select({ value: userSettings.value })
    .from(userSettings)
    .where(
      and(
        eq(userSettings.tenantId, session.tenantId),
        eq(userSettings.userId, session.userId),
        eq(userSettings.key, key),
      ),
    );
  const parsed = USER_SETTINGS[key].schema.safeParse(row?.value);
  return (parsed.success ? parsed.data : USER_SETTINGS[key].fallback) as UserSettingValue<K>;
}

/** Replaces one of the signed-in user's preferences, audited (entity `userSetting`, id `<userId>.<key>`). */
export async function changeUserSetting<K extends UserSettingKey>(
  db: Database,
  session: SessionUser,
  key: K,
  value: UserSettingValue<K>,
  meta: RequestMeta,
): Promise<UserSettingValue<K>> {
  const checked = USER_SETTINGS[key].schema.parse(value) as UserSettingValue<K>;
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`userSetting:${session.tenantId}:${session.userId}:${key}`}))`,
    );
    const before = await getUserSetting(tx, session, key);
    await tx
      .insert(userSettings)
      .values({ tenantId: session.tenantId, userId: session.userId, key, value: checked })
      .onConflictDoUpdate({
        target: [userSettings.tenantId, userSettings.userId, userSettings.key],
        set: { value: checked, updatedAt: new Date() },
      });
    await writeAudit(
      tx,
      {
        ...auditActor(session),
        action: 'update',
        entity: 'userSetting',
        entityId: `${session.userId}.${key}`,
        before,
        after: checked,
      },
      meta,
    );
    return checked;
  });
}
