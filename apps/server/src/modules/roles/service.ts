import { and, asc, count, eq, ilike, inArray, isNull, or } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client';
import { menus, roleMenus, roles, userRoles, users } from '../../db/schema';
import { AppError, recordNotFound } from '../../http/errors';
import { updateVersioned } from '../../lib/versioned';
import { auditActor as actor, type RequestMeta, writeAudit } from '../audit/service';
import type { SessionUser } from '../auth/sessions';
import { allMenuTree } from '../menus/service';

/** The role every tenant needs to administer itself: it can be renamed but not removed or disabled. */
const PROTECTED_ROLE = 'tenant_admin';

export interface RoleInput {
  code: string;
  name: string;
  nameEn?: string | null;
  isActive?: boolean;
}

type RoleRow = typeof roles.$inferSelect;

function toRecord(row: RoleRow, userCount: number) {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    nameEn: row.nameEn,
    isActive: row.isActive,
    userCount,
    version: row.version,
  };
}

async function userCounts(db: DbOrTx, tenantId: string, roleIds: number[]) {
  if (roleIds.length === 0) return new Map<number, number>();
  const rows = await db
    .select({ roleId: userRoles.roleId, n: count() })
    .from(userRoles)
    .innerJoin(
      users,
      and(eq(users.tenantId, userRoles.tenantId), eq(users.id, userRoles.userId), isNull(users.deletedAt)),
    )
    .where(and(eq(userRoles.tenantId, tenantId), inArray(userRoles.roleId, roleIds)))
    .groupBy(userRoles.roleId);
  return new Map(rows.map((r) => [r.roleId, r.n]));
}

export async function pageRoles(
  db: Database,
  tenantId: string,
  query: { queryCondition?: string; page: number; size: number },
) {
  const text = query.queryCondition?.trim();
  const where = and(
    eq(roles.tenantId, tenantId),
    text
      ? or(ilike(roles.code, `%${text}%`), ilike(roles.name, `%${text}%`), ilike(roles.nameEn, `%${text}%`))
      : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(roles)
      .where(where)
      .orderBy(asc(roles.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db.select({ total: count() }).from(roles).where(where),
  ]);
  const counts = await userCounts(
    db,
    tenantId,
    rows.map((r) => r.id),
  );
  return {
    records: rows.map((r) => toRecord(r, counts.get(r.id) ?? 0)),
    total,
    page: query.page,
    size: query.size,
  };
}

async function findRole(db: DbOrTx, tenantId: string, id: number): Promise<RoleRow> {
  const [row] = await db
    .select()
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), eq(roles.id, id)));
  if (!row) throw recordNotFound();
  return row;
}

async function checkCodeFree(db: DbOrTx, tenantId: string, code: string, selfId?: number) {
  const [clash] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), eq(roles.code, code)));
  if (clash && clash.id !== selfId) throw new AppError(409, 'role.codeTaken');
}

export async function createRole(db: Database, session: SessionUser, input: RoleInput, meta: RequestMeta) {
  return db.transaction(async (tx) => {
    await checkCodeFree(tx, session.tenantId, input.code);
    const [row] = await tx
      .insert(roles)
      .values({
        tenantId: session.tenantId,
        code: input.code,
        name: input.name,
        nameEn: input.nameEn ?? null,
        isActive: input.isActive ?? true,
      })
      .returning();
    const after = toRecord(row, 0);
    await writeAudit(
      tx,
      { ...actor(session), action: 'create', entity: 'role', entityId: row.id, after },
      meta,
    );
    return after;
  });
}

export async function updateRole(
  db: Database,
  session: SessionUser,
  input: RoleInput & { id: number; version: number },
  meta: RequestMeta,
) {
  return db.transaction(async (tx) => {
    const current = await findRole(tx, session.tenantId, input.id);
    if (current.version !== input.version) throw new AppError(409, 'error.conflict');
    if (current.code === PROTECTED_ROLE && (input.code !== PROTECTED_ROLE || input.isActive === false)) {
      throw new AppError(400, 'role.protected');
    }
    await checkCodeFree(tx, session.tenantId, input.code, input.id);
    const row = await updateVersioned(
      tx,
      roles,
      { tenantId: session.tenantId, id: input.id },
      input.version,
      {
        code: input.code,
        name: input.name,
        nameEn: input.nameEn ?? null,
        isActive: input.isActive ?? current.isActive,
      },
    );
    const counts = await userCounts(tx, session.tenantId, [row.id]);
    const after = toRecord(row, counts.get(row.id) ?? 0);
    await writeAudit(
      tx,
      {
        ...actor(session),
        action: 'update',
        entity: 'role',
        entityId: row.id,
        before: toRecord(current, after.userCount),
        after,
      },
      meta,
    );
    return after;
  });
}

export async function deleteRole(db: Database, session: SessionUser, id: number, meta: RequestMeta) {
  await db.transaction(async (tx) => {
    const current = await findRole(tx, session.tenantId, id);
    if (current.code === PROTECTED_ROLE) throw new AppError(400, 'role.protected');
    // user_roles and role_menus rows go with it (foreign keys cascade): its users lose it at once.
    await tx.delete(roles).where(and(eq(roles.tenantId, session.tenantId), eq(roles.id, id)));
    await writeAudit(
      tx,
      { ...actor(session), action: 'delete', entity: 'role', entityId: id, before: toRecord(current, 0) },
      meta,
    );
  });
}

export async function roleAuthority(db: Database, tenantId: string, id: number, lang: 'en-US' | 'zh-CN') {
  await findRole(db, tenantId, id);
  const granted = await db
    .select({ menuId: roleMenus.menuId })
    .from(roleMenus)
    .where(and(eq(roleMenus.tenantId, tenantId), eq(roleMenus.roleId, id)))
    .orderBy(asc(roleMenus.menuId));
  return { roleId: id, menuIds: granted.map((g) => g.menuId), tree: await allMenuTree(db, tenantId, lang) };
}

export async function saveRoleAuthority(
  db: Database,
  session: SessionUser,
  input: { roleId: number; menuIds: number[] },
  meta: RequestMeta,
) {
  return db.transaction(async (tx) => {
    await findRole(tx, session.tenantId, input.roleId);
    const wanted = [...new Set(input.menuIds)].sort((a, b) => a - b);
    if (wanted.length) {
      const found = await tx
        .select({ id: menus.id })
        .from(menus)
        .where(and(eq(menus.tenantId, session.tenantId), inArray(menus.id, wanted)));
      if (found.length !== wanted.length) throw new AppError(400, 'menu.unknown');
    }
    const before = await tx
      .select({ menuId: roleMenus.menuId })
      .from(roleMenus)
      .where(and(eq(roleMenus.tenantId, session.tenantId), eq(roleMenus.roleId, input.roleId)));
    await tx
      .delete(roleMenus)
      .where(and(eq(roleMenus.tenantId, session.tenantId), eq(roleMenus.roleId, input.roleId)));
    if (wanted.length) {
      await tx
        .insert(roleMenus)
        .values(wanted.map((menuId) => ({ tenantId: session.tenantId, roleId: input.roleId, menuId })));
    }
    await writeAudit(
      tx,
      {
        ...actor(session),
        action: 'authority',
        entity: 'role',
        entityId: input.roleId,
        before: { menuIds: before.map((b) => b.menuId).sort((a, b) => a - b) },
        after: { menuIds: wanted },
      },
      meta,
    );
    return { roleId: input.roleId, menuIds: wanted };
  });
}
