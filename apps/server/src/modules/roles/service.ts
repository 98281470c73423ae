import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client';
import { menus, roleMenus, roles, userRoles, users } from '../../db/schema';
import { AppError } from '../../http/errors';
import { mapPage } from '../../lib/page';
import { defineResource, type VersionedKey } from '../../lib/resource';
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

/** Roles: codes unique in the tenant, removed outright (their grants and memberships cascade). */
const roleResource = defineResource({
  table: roles,
  entity: 'role',
  deletion: 'hard',
  unique: { fields: ['code'], message: 'role.codeTaken' },
  search: [roles.code, roles.name, roles.nameEn],
  orderBy: [asc(roles.id)],
  auditView: (row) => {
    const { userCount: _count, ...rest } = toRecord(row, 0);
    return rest;
  },
});

export async function pageRoles(
  db: Database,
  tenantId: string,
  query: { queryCondition?: string; page: number; size: number },
) {
  const page = await roleResource.list(db, { tenantId }, query);
  const counts = await userCounts(
    db,
    tenantId,
    page.records.map((r) => r.id),
  );
  return mapPage(page, (r) => toRecord(r, counts.get(r.id) ?? 0));
}

const findRole = (db: DbOrTx, tenantId: string, id: number) => roleResource.find(db, { tenantId }, id);

export async function createRole(db: Database, session: SessionUser, input: RoleInput, meta: RequestMeta) {
  const row = await roleResource.create(
    db,
    session,
    { code: input.code, name: input.name, nameEn: input.nameEn ?? null, isActive: input.isActive ?? true },
    meta,
  );
  return toRecord(row, 0);
}

export async function updateRole(
  db: Database,
  session: SessionUser,
  input: RoleInput & { id: number; version: number },
  meta: RequestMeta,
) {
  const { row } = await roleResource.update(
    db,
    session,
    input,
    (current) => ({
      code: input.code,
      name: input.name,
      nameEn: input.nameEn ?? null,
      isActive: input.isActive ?? current.isActive,
    }),
    meta,
    async (_tx, current) => {
      if (current.code === PROTECTED_ROLE && (input.code !== PROTECTED_ROLE || input.isActive === false)) {
        throw new AppError(400, 'role.protected');
      }
    },
  );
  const counts = await userCounts(db, session.tenantId, [row.id]);
  return toRecord(row, counts.get(row.id) ?? 0);
}

/** Removed outright: user_roles and role_menus rows go with it (foreign keys cascade), so its users lose it at once. */
export async function deleteRole(
  db: Database,
  session: SessionUser,
  key: VersionedKey & { reason?: string },
  meta: RequestMeta,
) {
  await roleResource.remove(db, session, key, meta, async (_tx, current) => {
    if (current.code === PROTECTED_ROLE) throw new AppError(400, 'role.protected');
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
