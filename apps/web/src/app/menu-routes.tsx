import { Suspense } from 'react';
import type { RouteObject } from 'react-router';
import type { MenuNode } from '../api/users';
import { PageLoading, UnknownPage } from '../components/ResultPages';
import { flattenMenus } from './menu';
import { findPageLoader, lazyPage, pageLoaders } from './page-registry';

/** What a route carries for titles, breadcrumbs and the sidebar. */
export interface RouteHandle {
  /** fixed routes: i18n key of the page title */
  titleKey?: string;
  /** menu routes: the menu item (labels in both languages) */
  menu?: MenuNode;
  /** menu routes: the component key and whether this build has that page */
  componentKey?: string | null;
  known?: boolean;
}

function LazyPageSlot({ loader }: { loader: NonNullable<ReturnType<typeof findPageLoader>> }) {
  const Page = lazyPage(loader);
  return (
    <Suspense fallback={<PageLoading />}>
      <Page />
    </Suspense>
  );
}

/**
 * Routes generated from the menu tree (§2): group nodes (`#`) have no page but their children do,
 * every item keeps its own absolute path, route names are `menu_{id}`, hidden items are routable,
 * pages load lazily by `component` key, and an unknown key renders the error page instead of crashing.
 */
export function buildMenuRoutes(
  menus: readonly MenuNode[],
  loaders: Parameters<typeof findPageLoader>[1] = pageLoaders,
): RouteObject[] {
  const seen = new Set<string>();
  const routes: RouteObject[] = [];
  for (const entry of flattenMenus(menus)) {
    if (seen.has(entry.routeId)) continue;
    seen.add(entry.routeId);
    const loader = findPageLoader(entry.node.component, loaders);
    const handle: RouteHandle = {
      menu: entry.node,
      componentKey: entry.node.component,
      known: loader !== null,
    };
    routes.push({
      id: entry.routeId,
      path: entry.path,
      handle,
      element: loader ? (
        <LazyPageSlot loader={loader} />
      ) : (
        <UnknownPage componentKey={entry.node.component} />
      ),
    });
  }
  return routes;
}
