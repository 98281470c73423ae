import type { Lang } from '@glucocare/domain/i18n';
import { matchPath } from 'react-router';
import type { MenuNode } from '../api/users';

/** `path` of a group node: it has children but no page (§2 Routes). */
export const GROUP_PATH = '#';

/** One routable menu item with where it sits in the tree. */
export interface MenuEntry {
  node: MenuNode;
  /** route name, `menu_{id}` */
  routeId: string;
  path: string;
  /** shown in the sidebar: not hidden itself and no hidden ancestor */
  visible: boolean;
  /** ancestors from the root down (groups included), for breadcrumbs and open sub-menus */
  ancestors: MenuNode[];
}

export function routeIdOf(node: Pick<MenuNode, 'id'>): string {
  return `menu_${node.id}`;
}

export function isGroup(node: Pick<MenuNode, 'path'>): boolean {
  return !node.path || node.path.trim() === GROUP_PATH;
}

/** Menu paths are absolute; a relative one is read from the root. */
export function normalizeMenuPath(path: string): string {
  const trimmed = path.trim();
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

/** The menu label in a language: `labels[lang]`, else the label the server chose. */
export function menuLabel(
  node: Pick<MenuNode, 'label'> & Partial<Pick<MenuNode, 'labels'>>,
  lang: Lang,
): string {
  return node.labels?.[lang] || node.label;
}

/** Every routable menu item, depth first in the server's order (groups are not routable). */
export function flattenMenus(menus: readonly MenuNode[]): MenuEntry[] {
  const entries: MenuEntry[] = [];
  const walk = (nodes: readonly MenuNode[], ancestors: MenuNode[], parentHidden: boolean) => {
    for (const node of nodes) {
      const hidden = parentHidden || node.hidden;
      if (!isGroup(node)) {
        entries.push({
          node,
          routeId: routeIdOf(node),
          path: normalizeMenuPath(node.path),
          visible: !hidden,
          ancestors,
        });
      }
      if (node.children?.length) walk(node.children, [...ancestors, node], hidden);
    }
  };
  walk(menus, [], false);
  return entries;
}

/** The first menu route the sidebar shows, or null when the user has none. */
export function firstVisiblePath(menus: readonly MenuNode[]): string | null {
  return flattenMenus(menus).find((entry) => entry.visible)?.path ?? null;
}

/** The menu entry whose route matches a location path (hidden items included). */
export function findMenuEntry(menus: readonly MenuNode[], path: string): MenuEntry | null {
  for (const entry of flattenMenus(menus)) {
    if (matchPath({ path: entry.path, end: true }, path)) return entry;
  }
  return null;
}

/** The sidebar tree: hidden items and groups left without visible children are dropped. */
export function visibleMenuTree(menus: readonly MenuNode[]): MenuNode[] {
  const result: MenuNode[] = [];
  for (const node of menus) {
    if (node.hidden) continue;
    const children = node.children?.length ? visibleMenuTree(node.children) : [];
    if (isGroup(node) && children.length === 0) continue;
    result.push({ ...node, children });
  }
  return result;
}
