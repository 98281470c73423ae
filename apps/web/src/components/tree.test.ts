import { describe, expect, it } from 'vitest';
import type { AdminMenuNode } from '../api/admin';
import { knownMenuIds, toggleMenu } from '../features/system/authority';
import {
  branchKeys,
  filterTree,
  findInTree,
  flattenTree,
  parentIndex,
  pruneTree,
  subtreeKeys,
  withoutEmptyChildren,
} from './tree';

interface Node {
  id: number;
  kind?: string;
  children?: Node[];
}

const tree: Node[] = [
  {
    id: 1,
    children: [
      { id: 2, children: [{ id: 3 }, { id: 4, kind: 'button' }] },
      { id: 5, children: [] },
    ],
  },
  { id: 6 },
];

describe('tree helpers', () => {
  it('flattens, finds, indexes parents and lists branches', () => {
    expect(flattenTree(tree).map((node) => node.id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(findInTree(tree, (node) => node.id === 4)?.kind).toBe('button');
    expect(findInTree(tree, (node) => node.id === 9)).toBeNull();
    expect(subtreeKeys(tree[0]!.children![0]!, (node) => node.id)).toEqual([2, 3, 4]);
    expect([...parentIndex(tree, (node) => node.id)]).toEqual([
      [1, null],
      [2, 1],
      [3, 2],
      [4, 2],
      [5, 1],
      [6, null],
    ]);
    expect(branchKeys(tree, (node) => node.id)).toEqual([1, 2]);
  });

  it('filters with ancestors kept, prunes subtrees and drops empty children', () => {
    expect(filterTree(tree, (node) => node.id === 3)).toEqual([
      { id: 1, children: [{ id: 2, children: [{ id: 3 }] }] },
    ]);
    expect(flattenTree(pruneTree(tree, (node) => node.kind !== 'button')).map((node) => node.id)).toEqual([
      1, 2, 3, 5, 6,
    ]);
    expect(withoutEmptyChildren(tree)[0]!.children![1]).toEqual({ id: 5 });
  });
});

const menu = (id: number, children: AdminMenuNode[] = []): AdminMenuNode => ({
  id,
  parentId: null,
  path: '#',
  component: null,
  labelEn: `M${id}`,
  labelZh: `菜单${id}`,
  label: `M${id}`,
  icon: null,
  sort: 0,
  hidden: false,
  kind: children.length ? 'menu' : 'button',
  permission: null,
  version: 1,
  children,
});

describe('role permission tree', () => {
  // group 1 > page 2 > buttons 3, 4; group 1 > page 5; page 6
  const menus = [menu(1, [menu(2, [menu(3), menu(4)]), menu(5)]), menu(6)];

  it('checking a button checks its page and group; checking a page checks its buttons', () => {
    expect([...toggleMenu(menus, new Set(), 3, true)].sort()).toEqual([1, 2, 3]);
    expect([...toggleMenu(menus, new Set(), 2, true)].sort()).toEqual([1, 2, 3, 4]);
  });

  it('unchecking a page unchecks its buttons but keeps the group; unchecking a button keeps the page', () => {
    const all = new Set([1, 2, 3, 4, 5]);
    expect([...toggleMenu(menus, all, 2, false)].sort()).toEqual([1, 5]);
    expect([...toggleMenu(menus, all, 4, false)].sort()).toEqual([1, 2, 3, 5]);
    expect(toggleMenu(menus, all, 99, false)).toEqual(all);
  });

  it('saves only ids that exist, once, in order', () => {
    expect(knownMenuIds(menus, [6, 3, 3, 42, 1])).toEqual([1, 3, 6]);
  });
});
