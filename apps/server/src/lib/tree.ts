/** A node of a tree built by `toTree`. */
export type TreeNode<T> = T & { children: TreeNode<T>[] };

/**
 * Rows with `id` and `parentId` → a forest, siblings in `compare` order. A row whose parent is not
 * among the rows becomes a root, so a filtered list (search results, a scope) still shows.
 */
export function toTree<T extends { id: number; parentId: number | null }>(
  rows: T[],
  compare: (a: T, b: T) => number,
): TreeNode<T>[] {
  const nodes = new Map<number, TreeNode<T>>();
  for (const row of rows) nodes.set(row.id, { ...row, children: [] });
  const roots: TreeNode<T>[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId == null ? undefined : nodes.get(node.parentId);
    (parent && parent !== node ? parent.children : roots).push(node);
  }
  const order = (list: TreeNode<T>[]) => {
    list.sort(compare);
    for (const node of list) order(node.children);
  };
  order(roots);
  return roots;
}

/** The ids of `id` and everything below it. */
export function descendantIds<T extends { id: number; parentId: number | null }>(
  rows: T[],
  id: number,
): Set<number> {
  const found = new Set<number>([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const row of rows) {
      if (row.parentId != null && found.has(row.parentId) && !found.has(row.id)) {
        found.add(row.id);
        grew = true;
      }
    }
  }
  return found;
}

/** The rows plus every ancestor of each, so matches can be shown in place in a tree. */
export function withAncestors<T extends { id: number; parentId: number | null }>(
  all: T[],
  matches: T[],
): T[] {
  const byId = new Map(all.map((row) => [row.id, row]));
  const keep = new Map<number, T>();
  for (const match of matches) {
    let current: T | undefined = match;
    while (current && !keep.has(current.id)) {
      keep.set(current.id, current);
      current = current.parentId == null ? undefined : byId.get(current.parentId);
    }
  }
  return [...keep.values()];
}
