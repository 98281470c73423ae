import type { AdminMenuNode } from '../../api/admin';
import { flattenTree, parentIndex } from '../../components/tree';

/**
 * Checking a menu in the role's permission tree: a page without its group would not show, and a
 * button without its page is useless, so checking a node also checks everything above it and
 * everything below it; unchecking a node unchecks everything below it (the parents stay).
 */
export function toggleMenu(
  tree: readonly AdminMenuNode[],
  checked: ReadonlySet<number>,
  id: number,
  on: boolean,
): Set<number> {
  const next = new Set(checked);
  const node = flattenTree(tree).find((item) => item.id === id);
  if (!node) return next;
  const below = flattenTree([node]).map((item) => item.id);
  if (!on) {
    for (const key of below) next.delete(key);
    return next;
  }
  for (const key of below) next.add(key);
  const parents = parentIndex(tree, (item) => item.id);
  for (let parent = parents.get(id) ?? null; parent !== null; parent = parents.get(parent) ?? null)
    next.add(parent);
  return next;
}

/** The granted ids that exist in the tree (a stale id from a deleted menu is dropped on save). */
export function knownMenuIds(tree: readonly AdminMenuNode[], ids: Iterable<number>): number[] {
  const known = new Set(flattenTree(tree).map((item) => item.id));
  return [...new Set(ids)].filter((id) => known.has(id)).sort((a, b) => a - b);
}
