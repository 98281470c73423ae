import { recordScreenOfPath } from '@glucocare/domain/constants';
import type { Lang } from '@glucocare/domain/i18n';
import { Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { MenuNode } from '../../api/users';
import { currentLang } from '../../i18n';
import { MenuIcon } from '../icons';
import { findMenuEntry, isGroup, menuLabel, normalizeMenuPath, routeIdOf, visibleMenuTree } from '../menu';

type Item = Required<MenuProps>['items'][number];

function toItems(nodes: MenuNode[], lang: Lang, paths: Map<string, string>): Item[] {
  return nodes.map((node): Item => {
    const key = routeIdOf(node);
    const label = menuLabel(node, lang);
    const icon = <MenuIcon key={key} name={node.icon} />;
    const children = node.children ?? [];
    if (!isGroup(node)) paths.set(key, normalizeMenuPath(node.path));
    if (children.length === 0) return { key, label, icon, title: label };
    const childItems = toItems(children, lang, paths);
    // a page that also has children: itself first in its sub-menu
    const own: Item[] = isGroup(node) ? [] : [{ key, label, icon, title: label }];
    return { key: `${key}:group`, label, icon, children: [...own, ...childItems] };
  });
}

/** The sidebar menu: visible items of the user's tree, labels in the current language. */
export function SideMenu({ menus, collapsed }: { menus: MenuNode[]; collapsed: boolean }) {
  useTranslation();
  const lang = currentLang();
  const navigate = useNavigate();
  const location = useLocation();
  const { items, paths } = useMemo(() => {
    const map = new Map<string, string>();
    return { items: toItems(visibleMenuTree(menus), lang, map), paths: map };
  }, [menus, lang]);
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
