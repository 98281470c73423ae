import { isValidElement } from 'react';
import { describe, expect, it } from 'vitest';
import type { MenuNode } from '../api/users';
import { UnknownPage } from '../components/ResultPages';
import { findMenuEntry, firstVisiblePath, flattenMenus, menuLabel, visibleMenuTree } from './menu';
import { buildMenuRoutes, type RouteHandle } from './menu-routes';
import { findPageLoader, normalizeComponentKey } from './page-registry';

const Page = () => null;
const loaders = {
  '/dashboard/index': async () => ({ default: Page }),
  '/account/activity': async () => ({ default: Page }),
  '/patients/detail': async () => ({ default: Page }),
};

function node(id: number, path: string, extra: Partial<MenuNode> = {}): MenuNode {
  return {
    id,
    parentId: null,
    path,
    component: path === '#' ? null : path,
    label: `Label ${id}`,
    labels: { 'en-US': `Label ${id}`, 'zh-CN': `标签 ${id}` },
    icon: null,
    hidden: false,
    sort: id,
    children: [],
    ...extra,
  };
}

const tree: MenuNode[] = [
  node(1, '/index', { component: '/dashboard/index' }),
  node(2, '#', {
    children: [
      node(3, '/account/activity', { parentId: 2 }),
      node(4, '/patients/detail', { parentId: 2, hidden: true }),
      node(5, '/qc/unknown', { parentId: 2, component: '/qc/not-built-yet' }),
    ],
  }),
];

describe('buildMenuRoutes', () => {
  const routes = buildMenuRoutes(tree, loaders);

  it('makes one route per page node, none for group nodes', () => {
    expect(routes.map((route) => route.path)).toEqual([
      '/index',
      '/account/activity',
      '/patients/detail',
      '/qc/unknown',
    ]);
    expect(routes.some((route) => route.path === '#')).toBe(false);
  });

  it('names routes menu_{id}', () => {
    expect(routes.map((route) => route.id)).toEqual(['menu_1', 'menu_3', 'menu_4', 'menu_5']);
  });

  it('keeps children on their own absolute paths', () => {
    expect(routes.every((route) => route.path?.startsWith('/'))).toBe(true);
    const relative = buildMenuRoutes([node(7, '#', { children: [node(8, 'account/activity')] })], loaders);
    expect(relative[0].path).toBe('/account/activity');
  });

  const byId = (id: string) => {
    const route = routes.find((item) => item.id === id);
    if (!route) throw new Error(`no route ${id}`);
    return { route, handle: route.handle as RouteHandle, type: (route.element as { type: unknown }).type };
  };

  it('keeps hidden items routable', () => {
    const hidden = byId('menu_4');
    expect(hidden.handle.menu?.hidden).toBe(true);
    expect(hidden.handle.known).toBe(true);
  });

  it('renders the error page for an unknown component key instead of failing', () => {
    const unknown = byId('menu_5');
    expect(unknown.handle.known).toBe(false);
    expect(isValidElement(unknown.route.element)).toBe(true);
    expect(unknown.type).toBe(UnknownPage);
    expect(byId('menu_1').type).not.toBe(UnknownPage);
  });

  it('treats a page node with a null component as unknown', () => {
    const [route] = buildMenuRoutes([node(9, '/orphan', { component: null })], loaders);
    expect((route.handle as RouteHandle).known).toBe(false);
  });

  it('routes a page node and its children both', () => {
    const nested = buildMenuRoutes(
      [node(11, '/account/activity', { children: [node(12, '/patients/detail', { parentId: 11 })] })],
      loaders,
    );
    expect(nested.map((route) => route.id)).toEqual(['menu_11', 'menu_12']);
  });

  it('yields no routes for an empty tree', () => {
    expect(buildMenuRoutes([], loaders)).toEqual([]);
  });
});

describe('menu helpers', () => {
  it('flattens in tree order with ancestors and visibility', () => {
    const entries = flattenMenus(tree);
    expect(entries.map((entry) => [entry.routeId, entry.visible, entry.ancestors.map((a) => a.id)])).toEqual([
      ['menu_1', true, []],
      ['menu_3', true, [2]],
      ['menu_4', false, [2]],
      ['menu_5', true, [2]],
    ]);
  });

  it('finds the first visible route and matches paths', () => {
    expect(firstVisiblePath(tree)).toBe('/index');
    expect(findMenuEntry(tree, '/patients/detail')?.routeId).toBe('menu_4');
    expect(findMenuEntry(tree, '/nowhere')).toBeNull();
  });

  it('drops hidden items and empty groups from the sidebar tree', () => {
    const sidebar = visibleMenuTree([
      ...tree,
      node(20, '#', { children: [node(21, '/x', { hidden: true })] }),
    ]);
    expect(sidebar.map((item) => item.id)).toEqual([1, 2]);
    expect(sidebar[1].children?.map((item) => item.id)).toEqual([3, 5]);
  });

  it('labels menus in the requested language, falling back to label', () => {
    expect(menuLabel(tree[0], 'zh-CN')).toBe('标签 1');
    expect(menuLabel(tree[0], 'en-US')).toBe('Label 1');
    expect(menuLabel({ label: 'Plain' }, 'zh-CN')).toBe('Plain');
  });
});

describe('page registry', () => {
  it('normalises component keys', () => {
    expect(normalizeComponentKey('dashboard/index')).toBe('/dashboard/index');
    expect(normalizeComponentKey('/account/activity.vue')).toBe('/account/activity');
  });

  it('finds registered pages and nothing else', () => {
    expect(findPageLoader('/dashboard/index', loaders)).toBe(loaders['/dashboard/index']);
    expect(findPageLoader('dashboard', { '/dashboard/index': loaders['/dashboard/index'] })).toBe(
      loaders['/dashboard/index'],
    );
    expect(findPageLoader('/nope', loaders)).toBeNull();
    expect(findPageLoader(null, loaders)).toBeNull();
    expect(findPageLoader('  ', loaders)).toBeNull();
  });

  it('registers the pages the server menus name today', () => {
    expect(findPageLoader('/dashboard/index')).not.toBeNull();
    expect(findPageLoader('/account/activity')).not.toBeNull();
  });
});
