/** Helpers for the `children` trees the API returns (departments, menus). */
export interface TreeLike<T> {
  children?: T[] | null;
}

/** Every node, depth first, parents before children. */
export function flattenTree<T extends TreeLike<T>>(nodes: readonly T[] | null | undefined): T[] {
  const result: T[] = [];
  const walk = (list: readonly T[]) => {
    for (const node of list) {
      result.push(node);
      if (node.children?.length) walk(node.children);
    }
  };
  walk(nodes ?? []);
  return result;
}

/** The first node satisfying a test, or null. */
export function findInTree<T extends TreeLike<T>>(
  nodes: readonly T[] | null | undefined,
  test: (node: T) => boolean,
): T | null {
  return flattenTree(nodes).find(test) ?? null;
}

/** The same tree with each node mapped; `children` is left out where a node has none. */
export function mapTree<T extends TreeLike<T>, R>(
  nodes: readonly T[] | null | undefined,
  map: (node: T, children: R[] | undefined) => R,
): R[] {
  return (nodes ?? []).map((node) =>
    map(node, node.children?.length ? mapTree(node.children, map) : undefined),
  );
}

/** Drops the nodes failing a test together with everything below them. */
export function pruneTree<T extends TreeLike<T>>(
  nodes: readonly T[] | null | undefined,
  keep: (node: T) => boolean,
): T[] {
  return (nodes ?? []).filter(keep).map((node) => ({
    ...node,
    children: node.children?.length ? pruneTree(node.children, keep) : node.children,
  }));
}

/** The keys of a node and everything below it. */
export function subtreeKeys<T extends TreeLike<T>, K>(node: T, key: (node: T) => K): K[] {
  return flattenTree([node]).map(key);
}

/** Parent of every node, by key (roots map to null). */
export function parentIndex<T extends TreeLike<T>, K>(
  nodes: readonly T[] | null | undefined,
  key: (node: T) => K,
): Map<K, K | null> {
  const parents = new Map<K, K | null>();
  const walk = (list: readonly T[], parent: K | null) => {
    for (const node of list) {
      parents.set(key(node), parent);
      if (node.children?.length) walk(node.children, key(node));
    }
  };
  walk(nodes ?? [], null);
  return parents;
}

/** Keys of the nodes that have children (for "expand all"). */
export function branchKeys<T extends TreeLike<T>, K>(
  nodes: readonly T[] | null | undefined,
  key: (node: T) => K,
): K[] {
  return flattenTree(nodes)
    .filter((node) => node.children?.length)
    .map(key);
}

/** The nodes matching a test together with their ancestors (a search over a tree, shown as a tree). */
export function filterTree<T extends TreeLike<T>>(
  nodes: readonly T[] | null | undefined,
  test: (node: T) => boolean,
): T[] {
  const result: T[] = [];
  for (const node of nodes ?? []) {
    const children = filterTree(node.children, test);
    if (test(node) || children.length)
      result.push({ ...node, children: children.length ? children : undefined });
  }
  return result;
}

/** The same tree without empty `children` arrays (tables would draw an expander for them). */
export function withoutEmptyChildren<T extends TreeLike<T>>(nodes: readonly T[] | null | undefined): T[] {
  return (nodes ?? []).map((node) => {
    const { children, ...rest } = node;
    return (children?.length ? { ...rest, children: withoutEmptyChildren(children) } : rest) as T;
  });
}
