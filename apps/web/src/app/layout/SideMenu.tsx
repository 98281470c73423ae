import { recordScreenOfPath } from '@glucocare/domain/constants';
import type { Lang } from '@glucocare/domain/i18n';
import { Badge, Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { MenuNode } from '../../api/users';
import { currentLang } from '../../i18n';
import { MenuIcon } from '../icons';
import { findMenuEntry, isGroup, menuLabel, normalizeMenuPath, routeIdOf, visibleMenuTree } from '../menu';
import { useMenuBadges } from '../menu-badges';

type Item = Required<MenuProps>['items'][number];

/** A menu label with its count (app/menu-badges.ts) when there is one; a group shows its items' sum. */
function withBadge(label: string, count: number, path: string) {
  if (!count) return label;
  return (
    <span className="gc-menu-badged">
      <span className="gc-menu-badged-label">{label}</span>
      <Badge count={count} size="small" overflowCount={99} data-menu-badge={path} />
    </span>
  );
}

function toItems(
  nodes: MenuNode[],
  lang: Lang,
  paths: Map<string, string>,
  badges: Record<string, number>,
): { items: Item[]; count: number } {
  let total = 0;
  const items = nodes.map((node): Item => {
    const key = routeIdOf(node);
    const title = menuLabel(node, lang);
    const icon = <MenuIcon key={key} name={node.icon} />;
    const children = node.children ?? [];
    const path = isGroup(node) ? '' : normalizeMenuPath(node.path);
    if (path) paths.set(key, path);
    const own = (path && badges[path]) || 0;
    total += own;
    const label = withBadge(title, own, path);
    if (children.length === 0) return { key, label, icon, title };
    const sub = toItems(children, lang, paths, badges);
    total += sub.count;
    // a page that also has children: itself first in its sub-menu
    const self: Item[] = isGroup(node) ? [] : [{ key, label, icon, title }];
    return {
      key: `${key}:group`,
      label: withBadge(title, sub.count, key),
      icon,
      children: [...self, ...sub.items],
    };
  });
  return { items, count: total };
}

/** The sidebar menu: visible items of the user's tree, labels in the current language. */
export function SideMenu({ menus, collapsed }: { menus: MenuNode[]; collapsed: boolean }) {
  useTranslation();
  const lang = currentLang();
  const navigate = useNavigate();
  const location = useLocation();
  const badges = useMenuBadges();
  const badgeKey = JSON.stringify(badges);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the badges change with their text form
  const { items, paths } = useMemo(() => {
    const map = new Map<string, string>();
    return { items: toItems(visibleMenuTree(menus), lang, map, badges).items, paths: map };
  }, [menus, lang, badgeKey]);
  const entry = useMemo(() => findMenuEntry(menus, location.pathname), [menus, location.pathname]);
  const selectedKeys = entry ? [entry.routeId] : [];
  const ancestorKeys = useMemo(
    () => (entry ? entry.ancestors.map((node) => `${routeIdOf(node)}:group`) : []),
    [entry],
  );
  const [openKeys, setOpenKeys] = useState<string[]>(ancestorKeys);
  // open the groups above the current page (keeping the ones the user opened)
  useEffect(() => {
    setOpenKeys((keys) =>
      ancestorKeys.every((key) => keys.includes(key)) ? keys : [...keys, ...ancestorKeys],
    );
  }, [ancestorKeys]);

  return (
    <Menu
      mode="inline"
      theme="dark"
      className="gc-side-menu"
      items={items}
      selectedKeys={selectedKeys}
      inlineCollapsed={collapsed}
      {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
      onClick={({ key }) => {
        const path = paths.get(key);
        // a record screen (the ward record) is a printable page of its own: a new tab, as everywhere
        if (path && recordScreenOfPath(path)) window.open(path, '_blank', 'noopener');
        else if (path && path !== location.pathname) void navigate(path);
      }}
    />
  );
}
