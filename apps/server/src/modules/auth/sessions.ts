import { and, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { menus, roleMenus, sessions } from '../../db/schema';
import { hashToken, tokenTenant } from './tokens';

export interface SessionUser {
  tenantId: string;
  userId: number;
  userName: string;
  nickName: string;
  departmentCode: string | null;
  roles: string[];
  roleIds: number[];
  /** the departments whose data the user may see: all, or own department plus those granted */
  scope: DepartmentScope;
  /** data permission readOnly: may read but not record or change */
  readOnly: boolean;
  tokenHash: string;
  /** the tenant's configuration version at the start of the request (see settings/config-cache.ts) */
  configVersion: number;
}

export type DepartmentScope = { all: true } | { all: false; departments: string[] };

/** Writes of last_seen_at are spread out: once a minute is precise enough for idle expiry. */
const TOUCH_INTERVAL_MS = 60_000;

interface SessionRow extends Record<string, unknown> {
  user_id: string;
  created_at: Date;
  last_seen_at: Date;
  user_name: string;
  nick_name: string;
  department_code: string | null;
  is_active: boolean;
  expires_on: string | null;
  permission_scope: string;
  data_permission: string;
  role_codes: string[];
  role_ids: string[];
  scope_codes: string[];
  config_version: string;
  permitted: boolean;
}

/** A session and whether its roles grant the permission asked for with it. */
export interface SessionLookup {
  user: SessionUser;
  /** false when no permission was asked for */
  permitted: boolean;
}

/**
 * Whether any active role of the user is granted a menu or button carrying `permission`: the one
 * rule of the route guard (inside the session statement) and of {@link userHasPermission}.
 */
const grantsPermission = (tenantId: SQL, userId: SQL, permission: string) => sql`exists (
  select 1 from user_roles ur
    join roles r on r.tenant_id = ur.tenant_id and r.id = ur.role_id and r.is_active
    join role_menus rm on rm.tenant_id = r.tenant_id and rm.role_id = r.id
    join menus mn on mn.tenant_id = rm.tenant_id and mn.id = rm.menu_id
   where ur.tenant_id = ${tenantId} and ur.user_id = ${userId} and mn.permission = ${permission})`;

/**
 * The user behind a bearer token, read fresh on every request so that disabling a user or
 * changing a role or scope takes effect at once. Null when the token is unknown, revoked, idle too
 * long, past its maximum age, or its user is disabled, deleted or past the account's expiry date.
 * `permission`, when given, is checked in the same statement (one round trip for the route guard).
 */
export async function loadSession(
  app: FastifyInstance,
  token: string,
  permission?: string,
): Promise<SessionLookup | null> {
  const tenantId = tokenTenant(token);
  if (!tenantId) return null;
  const tokenHash = hashToken(token);
  const result = await app.db.execute<SessionRow>(sql`
    select s.user_id, s.created_at, s.last_seen_at, u.user_name, u.nick_name, u.department_code,
           u.is_active, u.expires_on::text as expires_on, u.permission_scope, u.data_permission,
           array(select r.code from user_roles ur join roles r on r.tenant_id = ur.tenant_id and r.id = ur.role_id
                  where ur.tenant_id = u.tenant_id and ur.user_id = u.id and r.is_active order by r.code) as role_codes,
           array(select r.id from user_roles ur join roles r on r.tenant_id = ur.tenant_id and r.id = ur.role_id
                  where ur.tenant_id = u.tenant_id and ur.user_id = u.id and r.is_active order by r.code) as role_ids,
           array(select ud.department_code from user_departments ud
                  where ud.tenant_id = u.tenant_id and ud.user_id = u.id order by 1) as scope_codes,
           coalesce((select cv.version from config_versions cv where cv.tenant_id = s.tenant_id), 0) as config_version,
           ${permission ? grantsPermission(sql`u.tenant_id`, sql`u.id`, permission) : sql`false`} as permitted
      from sessions s
      join users u on u.tenant_id = s.tenant_id and u.id = s.user_id and u.deleted_at is null
     where s.tenant_id = ${tenantId} and s.token_hash = ${tokenHash} and s.revoked_at is null`);
  const row = result.rows[0];
  if (!row) return null;
  const now = app.clock();
  const { sessionIdleMinutes, sessionMaxHours } = app.config;
  if (!row.is_active) return null;
  if (row.expires_on && row.expires_on < isoDate(now)) return null;
  if (now.getTime() - new Date(row.last_seen_at).getTime() > sessionIdleMinutes * 60_000) return null;
  if (now.getTime() - new Date(row.created_at).getTime() > sessionMaxHours * 3_600_000) return null;
  if (now.getTime() - new Date(row.last_seen_at).getTime() > TOUCH_INTERVAL_MS) {
    await app.db
      .update(sessions)
      .set({ lastSeenAt: now })
      .where(and(eq(sessions.tenantId, tenantId), eq(sessions.tokenHash, tokenHash)));
  }
  const departments = new Set(row.scope_codes);
  if (row.department_code) departments.add(row.department_code);
  const user: SessionUser = {
    tenantId,
    userId: Number(row.user_id),
    userName: row.user_name,
    nickName: row.nick_name,
    departmentCode: row.department_code,
    roles: row.role_codes,
    roleIds: row.role_ids.map(Number),
    scope:
      row.permission_scope === 'all' ? { all: true } : { all: false, departments: [...departments].sort() },
    readOnly: row.data_permission === 'readOnly',
    tokenHash,
    configVersion: Number(row.config_version),
  };
  return { user, permitted: row.permitted };
}

/** Every permission code the user's roles are granted (for the web to show or hide actions). */
export async function userPermissions(app: FastifyInstance, session: SessionUser): Promise<string[]> {
  if (session.roleIds.length === 0) return [];
  const rows = await app.db
    .selectDistinct({ permission: menus.permission })
    .from(roleMenus)
    .innerJoin(menus, and(eq(menus.tenantId, roleMenus.tenantId), eq(menus.id, roleMenus.menuId)))
    .where(
      and(
        eq(roleMenus.tenantId, session.tenantId),
        inArray(roleMenus.roleId, session.roleIds),
        isNotNull(menus.permission),
      ),
    );
  return rows.map((r) => r.permission as string).sort();
}

/** Whether any of the user's roles is granted a menu or button carrying `permission`. */
export async function userHasPermission(
  app: FastifyInstance,
  session: SessionUser,
  permission: string,
): Promise<boolean> {
  const result = await app.db.execute<{ permitted: boolean }>(
    sql`select ${grantsPermission(sql`${session.tenantId}`, sql`${session.userId}`, permission)} as permitted`,
  );
  return result.rows[0]?.permitted === true;
}

/** YYYY-MM-DD of a moment in the server's time zone (account expiry dates are calendar dates). */
export function isoDate(moment: Date): string {
  const y = moment.getFullYear();
  const m = String(moment.getMonth() + 1).padStart(2, '0');
  const d = String(moment.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}
