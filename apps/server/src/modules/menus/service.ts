import type { Lang } from '@glucocare/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { menus, roleMenus } from '../../db/schema';

export interface MenuNode {
  id: number;
  parentId: number | null;
  path: string;
  component: string | null;
  label: string;
  labels: Record<Lang, string>;
  icon: string | null;
  hidden: boolean;
  sort: number;
  children: MenuNode[];
}

type MenuRow = typeof menus.$inferSelect;

/** Rows → tree sorted by `sort` then id; rows whose parent is absent become roots. */
export function buildMenuTree(rows: MenuRow[], lang: Lang): MenuNode[] {
  const nodes = new Map<number, MenuNode>();
  for (const row of rows) {
    nodes.set(row.id, {
      id: row.id,
      parentId: row.parentId,
      path: row.path,
      component: row.component,
      label: lang === 'zh-CN' ? row.labelZh : row.labelEn,
      labels: { 'en-US': row.labelEn, 'zh-CN': row.labelZh },
      icon: row.icon,
      hidden: row.hidden,
      sort: row.sort,
      children: [],
    });
  }
  const roots: MenuNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId == null ? undefined : nodes.get(node.parentId);
    (parent ? parent.children : roots).push(node);
  }
  const order = (list: MenuNode[]) => {
    list.sort((a, b) => a.sort - b.sort || a.id - b.id);
    for (const node of list) order(node.children);
  };
  order(roots);
  return roots;
}

/**
 * The page menus (not buttons) the given roles may see, with the groups above them included even
 * when only a child was granted, as a tree.
 */
export async function authorizedMenuTree(
  db: DbOrTx,
  tenantId: string,
  roleIds: number[],
  lang: Lang,
): Promise<MenuNode[]> {
  if (roleIds.length === 0) return [];
  const all = await db
    .select()
    .from(menus)
    .where(and(eq(menus.tenantId, tenantId), eq(menus.kind, 'menu')));
  const granted = await db
    .selectDistinct({ menuId: roleMenus.menuId })
    .from(roleMenus)
    .where(and(eq(roleMenus.tenantId, tenantId), inArray(roleMenus.roleId, roleIds)));
  const byId = new Map(all.map((row) => [row.id, row]));
  const visible = new Set<number>();
  for (const { menuId } of granted) {
    let current = byId.get(menuId);
    while (current && !visible.has(current.id)) {
      visible.add(current.id);
      current = current.parentId == null ? undefined : byId.get(current.parentId);
    }
  }
  return buildMenuTree(
    all.filter((row) => visible.has(row.id)),
    lang,
  );
}
