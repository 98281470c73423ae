import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { SIDEBAR_WIDTH } from '@glucocare/domain/constants';
import { Breadcrumb, Button, Drawer, Layout } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import type { MenuNode } from '../../api/users';
import { BrandMark } from '../../components/BrandMark';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { SizeSwitch } from '../../components/SizeSwitch';
import { appTitle } from '../../config';
import { CriticalBell } from '../../features/critical/CriticalBell';
import { CriticalWatch } from '../../features/critical/CriticalWatch';
import { currentLang } from '../../i18n';
import { useLiveChannel } from '../live';
import { findMenuEntry, isGroup, menuLabel, normalizeMenuPath } from '../menu';
import { setMobileMenuOpen, setSidebarOpened, useDevice, usePreferences } from '../preferences';
import { useSession } from '../session';
import { LiveIndicator } from './LiveIndicator';
import { SideMenu } from './SideMenu';
import { UserMenu } from './UserMenu';
import { WristbandScan } from './WristbandScan';

const COLLAPSED_WIDTH = 64;

/** Settings of §3 / §9: the header and the sidebar logo are fixed on. */
export const LAYOUT_SETTINGS = { fixedHeader: true, sidebarLogo: true, showSettings: false } as const;

function SidebarLogo({ collapsed }: { collapsed: boolean }) {
  const lang = currentLang();
  return (
    <Link to="/" className="gc-sider-logo" aria-label={appTitle(lang)}>
      <BrandMark size={30} />
      {collapsed ? null : <span className="gc-sider-title">{appTitle(lang)}</span>}
    </Link>
  );
}

/** `organizationName(departmentName)` for the top bar (§2 Layout). */
function useOrganisationLabel(): string | null {
  const { profile, tenant } = useSession();
  const lang = currentLang();
  if (!profile) return null;
  const organisation = tenant?.names?.[lang] || tenant?.organizationName || profile.organizationName;
  if (!organisation) return profile.departmentName ?? null;
  return profile.departmentName ? `${organisation}(${profile.departmentName})` : organisation;
}

function PageBreadcrumb({ menus, compact }: { menus: MenuNode[]; compact: boolean }) {
  const location = useLocation();
  const lang = currentLang();
  const entry = findMenuEntry(menus, location.pathname);
  if (!entry) return null;
  // on a phone only the page itself fits
  const trail = compact ? [entry.node] : [...entry.ancestors, entry.node];
  const items = trail.map((node, index, all) => {
    const label = menuLabel(node, lang);
    const last = index === all.length - 1;
    if (last || isGroup(node)) return { key: node.id, title: label };
    return { key: node.id, title: <Link to={normalizeMenuPath(node.path)}>{label}</Link> };
  });
  return <Breadcrumb className="gc-breadcrumb" items={items} />;
}

/** The signed-in layout: sidebar (drawer below 992px), top bar, content (§2 Layout, §4 Sidebar). */
export function BasicLayout() {
  const { t } = useTranslation();
  const device = useDevice();
  const mobile = device === 'mobile';
  const { sidebarOpened, mobileMenuOpen } = usePreferences();
  const { menus } = useSession();
  const location = useLocation();
  const orgLabel = useOrganisationLabel();
  const tree = menus ?? [];
  useLiveChannel(true);

  // mobile: the drawer closes on navigation and when the layout turns desktop
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on every navigation and device change
  useEffect(() => {
    setMobileMenuOpen(false);
  }, [location.pathname, mobile]);

  const collapsed = !mobile && !sidebarOpened;
  const siderWidth = mobile ? 0 : collapsed ? COLLAPSED_WIDTH : SIDEBAR_WIDTH;
  const toggle = () => (mobile ? setMobileMenuOpen(!mobileMenuOpen) : setSidebarOpened(!sidebarOpened));
  const toggleOpen = mobile ? mobileMenuOpen : sidebarOpened;

  return (
    <CriticalWatch>
      <Layout className={`gc-layout ${mobile ? 'gc-mobile' : 'gc-desktop'}`}>
        {mobile ? (
          <Drawer
            open={mobileMenuOpen}
            placement="left"
            width={SIDEBAR_WIDTH}
            closable={false}
            onClose={() => setMobileMenuOpen(false)}
            rootClassName="gc-drawer"
            styles={{ body: { padding: 0 } }}
          >
            <nav className="gc-sider-inner" data-testid="sidebar" aria-label="menu">
              <SidebarLogo collapsed={false} />
              <SideMenu menus={tree} collapsed={false} />
            </nav>
          </Drawer>
        ) : (
          <Layout.Sider
            className="gc-sider"
            data-testid="sidebar"
            data-collapsed={collapsed ? 'true' : 'false'}
            width={SIDEBAR_WIDTH}
            collapsedWidth={COLLAPSED_WIDTH}
            collapsed={collapsed}
            trigger={null}
            collapsible
          >
            <nav className="gc-sider-inner" aria-label="menu">
              {LAYOUT_SETTINGS.sidebarLogo ? <SidebarLogo collapsed={collapsed} /> : null}
              <SideMenu menus={tree} collapsed={collapsed} />
            </nav>
          </Layout.Sider>
        )}
        <Layout className="gc-main" style={{ marginLeft: siderWidth }}>
          <Layout.Header className="gc-header" style={{ left: siderWidth }}>
            <Button
              type="text"
              className="gc-header-toggle"
              data-testid="sidebar-toggle"
              aria-label={t('layout.toggleSidebar')}
              aria-expanded={toggleOpen}
              icon={toggleOpen ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
              onClick={toggle}
            />
            <div className="gc-header-crumbs">
              <PageBreadcrumb menus={tree} compact={mobile} />
            </div>
            <div className="gc-header-right">
              {!mobile && orgLabel ? (
                <span className="gc-org-label" data-testid="org-label" title={orgLabel}>
                  {orgLabel}
                </span>
              ) : null}
              <LiveIndicator />
              <CriticalBell />
              <LanguageSwitch compact />
              <SizeSwitch />
              <UserMenu showName={!mobile} orgLabel={orgLabel} />
            </div>
          </Layout.Header>
          <Layout.Content className="gc-content">
            <Outlet />
          </Layout.Content>
          <WristbandScan />
        </Layout>
      </Layout>
    </CriticalWatch>
  );
}
