import { type Lang, menuPathShown } from '@glucocare/domain';
import type { AdminMenu, AdminMenuNode, MenuNode } from '@glucocare/domain/responses';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client';
import { menus, roleMenus } from '../../db/schema';
import { AppError } from '../../http/errors';
import { defineResource, type VersionedKey } from '../../lib/resource';
import { descendantIds, toTree, withAncestors } from '../../lib/tree';
import type { RequestMeta } from '../audit/service';
import type { SessionUser } from '../auth/sessions';
import { getSetting } from '../settings/service';

type MenuRow = typeof menus.$inferSelect;

/** Rows → tree sorted by `sort` then id, labels in `lang`; rows whose parent is absent become roots. */
export function buildMenuTree(rows: MenuRow[], lang: Lang): MenuNode[] {
  const nodes = rows.map((row) => ({
    id: row.id,
    parentId: row.parentId,
    path: row.path,
    component: row.component,
    label: lang === 'zh-CN' ? row.labelZh : row.labelEn,
    labels: { 'en-US': row.labelEn, 'zh-CN': row.labelZh },
    icon: row.icon,
    hidden: row.hidden,
    sort: row.sort,
  }));
  return toTree(nodes, (a, b) => a.sort - b.sort || a.id - b.id);
}

/**
 * The page menus (not buttons) the given roles may see, with the groups above them included even
 * when only a child was granted, as a tree. The work mode (issue 18) decides some pages: in
 * out-of-hospital mode (`workMode.isOutside`) the bed-only pages are left out, otherwise the
 * outpatient page (the lists are the domain's `menuPathShown`).
 */
export async function authorizedMenuTree(
  db: DbOrTx,
  tenantId: string,
  roleIds: number[],
  lang: Lang,
): Promise<MenuNode[]> {
  if (roleIds.length === 0) return [];
  const outOfHospital = await getSetting(db, tenantId, 'workMode.isOutside');
  const all = (
    await db
      .select()
      .from(menus)
      .where(and(eq(menus.tenantId, tenantId), eq(menus.kind, 'menu')))
  ).filter((row) => menuPathShown(row.path, outOfHospital));
  const granted = await db
    .selectDistinct({ menuId: roleMenus.menuId })
    .from(roleMenus)
    .where(and(eq(roleMenus.tenantId, tenantId), inArray(roleMenus.roleId, roleIds)));
  const grantedIds = new Set(granted.map((g) => g.menuId));
  return buildMenuTree(
    withAncestors(
      all,
      all.filter((row) => grantedIds.has(row.id)),
    ),
    lang,
  );
}

function toAdminNode(row: MenuRow, lang: Lang): AdminMenu {
  return {
    id: row.id,
    parentId: row.parentId,
    path: row.path,
    component: row.component,
    labelEn: row.labelEn,
    labelZh: row.labelZh,
    label: lang === 'zh-CN' ? row.labelZh : row.labelEn,
    icon: row.icon,
    sort: row.sort,
    hidden: row.hidden,
    kind: row.kind,
    permission: row.permission,
    version: row.version,
  };
}

/** Every menu and button of the tenant, for the menu screen and the role authority tree. */
export async function allMenuTree(db: DbOrTx, tenantId: string, lang: Lang): Promise<AdminMenuNode[]> {
  const rows = await db.select().from(menus).where(eq(menus.tenantId, tenantId));
  return toTree(
    rows.map((row) => toAdminNode(row, lang)),
    (a, b) => a.sort - b.sort || a.id - b.id,
  );
}

export interface MenuInput {
  parentId?: number | null;
  path: string;
  component?: string | null;
  labelEn: string;
  labelZh: string;
  icon?: string | null;
  sort: number;
  hidden: boolean;
  kind: 'menu' | 'button';
  permission?: string | null;
}

async function checkMenuParent(
  db: DbOrTx,
  tenantId: string,
  parentId: number | null | undefined,
  selfId?: number,
) {
  if (parentId == null) return;
  const rows = await db.select().from(menus).where(eq(menus.tenantId, tenantId));
  if (!rows.some((row) => row.id === parentId)) throw new AppError(400, 'menu.parentInvalid');
  if (selfId != null && descendantIds(rows, selfId).has(parentId))
    throw new AppError(400, 'menu.parentInvalid');
}

function menuColumns(input: MenuInput) {
  return {
    parentId: input.parentId ?? null,
    path: input.path,
    component: input.component ?? null,
    labelEn: input.labelEn,
    labelZh: input.labelZh,
    icon: input.icon ?? null,
    sort: input.sort,
    hidden: input.hidden,
    kind: input.kind,
    permission: input.permission ?? null,
  };
}

/** Menus and buttons: removed outright once they have no children (grants go with them). */
const menuResource = defineResource({
  table: menus,
  entity: 'menu',
  deletion: 'hard',
  orderBy: [asc(menus.sort), asc(menus.id)],
  auditView: (row) => toAdminNode(row, 'en-US'),
});

export async function createMenu(
  db: Database,
  session: SessionUser,
  input: MenuInput,
  lang: Lang,
  meta: RequestMeta,
) {
  return db.transaction(async (tx) => {
    await checkMenuParent(tx, session.tenantId, input.parentId);
    return toAdminNode(await menuResource.create(tx, session, menuColumns(input), meta), lang);
  });
}

export async function updateMenu(
  db: Database,
  session: SessionUser,
  input: MenuInput & { id: number; version: number },
  lang: Lang,
  meta: RequestMeta,
) {
  const { row } = await menuResource.update(db, session, input, menuColumns(input), meta, (tx) =>
    checkMenuParent(tx, session.tenantId, input.parentId, input.id),
  );
  return toAdminNode(row, lang);
}

export async function deleteMenu(
  db: Database,
  session: SessionUser,
  key: VersionedKey & { reason?: string },
  meta: RequestMeta,
) {
  await menuResource.remove(db, session, key, meta, async (tx) => {
    const [child] = await tx
      .select({ id: menus.id })
      .from(menus)
      .where(menuResource.where(session, eq(menus.parentId, key.id)))
      .limit(1);
    if (child) throw new AppError(409, 'menu.hasChildren');
  });
}
