import type { Lang } from '@glucocare/domain';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { auditLog, departments, tenants, users } from '../../db/schema';
import { notFound } from '../../http/errors';
import type { SessionUser } from '../auth/sessions';
import { getSetting } from '../settings/service';

// Not a resource declaration (lib/resource.ts): the signed-in user's own profile and preferences; staff
// administration is users/staff-service.ts, on the resource helper.

export const SIGN_IN_ACTIONS = [
  'login',
  'loginHis',
  'login.failed',
  'login.passwordChangeRequired',
  'lockout',
  'logout',
  'password.change',
] as const;

/** GET /v1/users/profile: who is signed in, where they work, which roles they hold. */
export async function profile(db: Database, session: SessionUser, lang: Lang) {
  const [row] = await db
    .select({
      userId: users.id,
      userName: users.userName,
      nickName: users.nickName,
      departmentCode: users.departmentCode,
      departmentName: departments.name,
      departmentNameEn: departments.nameEn,
      tenantNameEn: tenants.nameEn,
      tenantNameZh: tenants.nameZh,
      organizationCode: tenants.organizationCode,
    })
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .leftJoin(
      departments,
      and(eq(departments.tenantId, users.tenantId), eq(departments.code, users.departmentCode)),
    )
    .where(and(eq(users.tenantId, session.tenantId), eq(users.id, session.userId)));
  if (!row) throw notFound();
  const roleRows = await db.execute<{ code: string; name: string; name_en: string | null }>(sql`
    select r.code, r.name, r.name_en from user_roles ur
      join roles r on r.tenant_id = ur.tenant_id and r.id = ur.role_id and r.is_active
     where ur.tenant_id = ${session.tenantId} and ur.user_id = ${session.userId} order by r.code`);
  // The sign-in before this one: the latest is the session in use.
  const [previous] = await db
    .select({ at: auditLog.at, ip: auditLog.ip })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.tenantId, session.tenantId),
        eq(auditLog.actorId, session.userId),
        inArray(auditLog.action, ['login', 'loginHis']),
      ),
    )
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .offset(1)
    .limit(1);
  const tenantName = lang === 'zh-CN' ? row.tenantNameZh : row.tenantNameEn;
  const departmentName = lang === 'en-US' ? (row.departmentNameEn ?? row.departmentName) : row.departmentName;
  return {
    userId: row.userId,
    userName: row.userName,
    nickName: row.nickName,
    tenant: session.tenantId,
    tenantName,
    organizationName: tenantName,
    organizationCode: row.organizationCode ?? session.tenantId,
    departmentCode: row.departmentCode,
    departmentName: departmentName ?? null,
    roles: roleRows.rows.map((r) => ({
      name: r.code,
      label: lang === 'en-US' ? (r.name_en ?? r.name) : r.name,
    })),
    avatar: row.userName.slice(0, 1).toUpperCase(),
    isOut: await getSetting(db, session.tenantId, 'workMode.isOutside'),
    lastLoginAt: previous?.at.toISOString() ?? null,
    lastLoginIp: previous?.ip ?? null,
  };
}

/** The caller's own sign-in events, newest first. */
export async function loginHistory(db: Database, session: SessionUser, page: number, size: number) {
  const where = and(
    eq(auditLog.tenantId, session.tenantId),
    eq(auditLog.actorId, session.userId),
    inArray(auditLog.action, [...SIGN_IN_ACTIONS]),
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ at: auditLog.at, action: auditLog.action, ip: auditLog.ip, userAgent: auditLog.userAgent })
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ total: count() }).from(auditLog).where(where),
  ]);
  return {
    records: rows.map((row) => ({ ...row, at: row.at.toISOString() })),
    total,
    page,
    size,
  };
}
