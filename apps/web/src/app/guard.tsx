import { Fragment, lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { getToken } from '../api/token';
import { ForbiddenPage, PageLoading } from '../components/ResultPages';
import { appTitle } from '../config';
import { currentLang } from '../i18n';
import { menuLabel } from './menu';
import type { RouteHandle } from './menu-routes';
import { decideNavigation, knownProductPaths } from './navigation';
import { MENU_ROUTED_FIXED_PATHS, pageLoaders } from './page-registry';
import { loadSession, useSession } from './session';

/** The pages this build knows, for "a target that is not allowed goes to the first menu route". */
const KNOWN_PATHS = knownProductPaths([...Object.keys(pageLoaders), ...MENU_ROUTED_FIXED_PATHS]);

// Shown only when the menus cannot be used: their code (antd's Result) loads when first needed.
const NoMenuPage = lazy(() => import('./session-pages').then((m) => ({ default: m.NoMenuPage })));
const MenuErrorPage = lazy(() => import('./session-pages').then((m) => ({ default: m.MenuErrorPage })));

/** Tab title '{page title} - {app title}' (§2), in the current language. */
function useDocumentTitle(fallbackKey: string | null) {
  const { t } = useTranslation();
  const matches = useMatches();
  const lang = currentLang();
  let title: string | null = null;
  for (const match of matches) {
    const handle = match.handle as RouteHandle | undefined;
    if (handle?.menu) title = menuLabel(handle.menu, lang);
    else if (handle?.titleKey) title = t(handle.titleKey);
  }
  if (fallbackKey) title = t(fallbackKey);
  const text = title ? `${title} - ${appTitle(lang)}` : appTitle(lang);
  useEffect(() => {
    document.title = text;
  }, [text]);
}

/**
 * The guard around every route: applies `decideNavigation`, loads the session user and menus on the
 * first navigation with a token, sets the tab title and scrolls to the top on navigation.
 */
export function RootGuard() {
  const location = useLocation();
  const session = useSession();
  const token = getToken();
  const fromLogin = (location.state as { fromLogin?: boolean } | null)?.fromLogin === true;
  const decision = decideNavigation({
    path: location.pathname,
    search: location.search,
    // a token whose user info failed to load is as good as none (no reload loop)
    hasToken: token !== null && token !== session.failedToken,
    menus: session.status === 'ready' ? session.menus : null,
    fromLogin,
    knownPaths: KNOWN_PATHS,
  });

  useEffect(() => {
    if (decision.type === 'load' && session.status === 'idle') void loadSession();
  }, [decision.type, session.status]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls to the top on every navigation
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location.pathname]);

  useDocumentTitle(
    decision.type === 'noMenu' ? 'route.noMenu' : decision.type === 'forbidden' ? 'route.forbidden' : null,
  );

  switch (decision.type) {
    case 'redirect':
      return <Navigate to={decision.to} replace />;
    case 'forbidden':
      return <ForbiddenPage />;
    case 'noMenu':
      return (
        <Suspense fallback={<PageLoading full />}>
          <NoMenuPage />
        </Suspense>
      );
    case 'load':
      return session.status === 'menuError' ? (
        <Suspense fallback={<PageLoading full />}>
          <MenuErrorPage message={session.menuError} />
        </Suspense>
      ) : (
        <PageLoading full />
      );
    default:
      // a new hospital time zone re-renders every page on the new clock
      return (
        <Fragment key={session.timeZone ?? ''}>
          <Outlet />
        </Fragment>
      );
  }
}
