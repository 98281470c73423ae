import { Suspense, useEffect, useMemo, useRef } from 'react';
import {
  createBrowserRouter,
  Navigate,
  type RouteObject,
  RouterProvider,
  useLocation,
  useParams,
} from 'react-router';
import type { MenuNode } from '../api/users';
import { ErrorPage, NotFoundPage, PageLoading } from '../components/ResultPages';
import { LoginPage } from '../features/auth/LoginPage';
import { deviceTestRoutes } from '../features/interop/routes';
import { bigScreenRoutes } from '../features/monitor/screen/routes';
import { recordRoutes } from '../features/records/routes';
import { RootGuard } from './guard';
import { lazyRoute } from './lazy-route';
import { buildMenuRoutes, type RouteHandle } from './menu-routes';
import { useSession } from './session';

/** /redirect/:path* — navigates to /:path (with the query), e.g. to re-enter a page. */
function RedirectHelper() {
  const params = useParams();
  const location = useLocation();
  return <Navigate to={`/${params['*'] ?? ''}${location.search}`} replace />;
}

const titled = (titleKey: string): RouteHandle => ({ titleKey });

// Only the login page comes with the app's first download; the rest loads when first shown.
const BasicLayout = lazyRoute(() => import('./layout/BasicLayout').then((m) => m.BasicLayout));
const SignLoginPage = lazyRoute(() => import('../features/auth/SignLoginPage').then((m) => m.SignLoginPage));
const AppointmentPage = lazyRoute(() =>
  import('../features/appointments/AppointmentPage').then((m) => m.default),
);
const loading = <PageLoading full />;

/** Fixed routes plus the routes generated from the user's menus (§2 Routes). */
export function createRoutes(menus: readonly MenuNode[] | null): RouteObject[] {
  return [
    {
      id: 'root',
      element: <RootGuard />,
      errorElement: <ErrorPage />,
      hydrateFallbackElement: loading,
      children: [
        { id: 'login', path: '/login', element: <LoginPage />, handle: titled('route.login') },
        {
          id: 'signlogin',
          path: '/signlogin',
          element: (
            <Suspense fallback={loading}>
              <SignLoginPage />
            </Suspense>
          ),
          handle: titled('route.signlogin'),
        },
        {
          // issue 18: pre-admission registration without a session (a public route, like /login)
          id: 'appointment',
          path: '/appointment',
          element: (
            <Suspense fallback={loading}>
              <AppointmentPage />
            </Suspense>
          ),
          handle: titled('route.appointment'),
        },
        { id: 'notFound', path: '/404', element: <NotFoundPage />, handle: titled('route.notFound') },
        // /record, /record/ket, /record/inspect, /ward/record, /trend: outside the layout, printable
        ...recordRoutes(),
        // issue 20: the wall screens, without a session (their data needs a screen link)
        ...bigScreenRoutes(),
        // issue 21: the device test page full screen (/test is the same page inside the app, a menu route)
        ...deviceTestRoutes(),
        {
          id: 'redirect',
          path: '/redirect/*',
          element: <RedirectHelper />,
          handle: titled('route.redirect'),
        },
        {
          id: 'layout',
          path: '/',
          element: (
            <Suspense fallback={loading}>
              <BasicLayout />
            </Suspense>
          ),
          children: [
            { index: true, element: <Navigate to="/index" replace /> },
            { id: 'pages', errorElement: <ErrorPage inLayout />, children: buildMenuRoutes(menus ?? []) },
          ],
        },
        { path: '*', element: <Navigate to="/404" replace /> },
      ],
    },
  ];
}

/**
 * The data router. It is rebuilt when the menus arrive or go (login, logout), so the generated
 * routes always match the signed-in user; the previous router is disposed.
 */
export function AppRouter() {
  const { menus } = useSession();
  const generation = useRef(0);
  const { router, key } = useMemo(() => {
    generation.current += 1;
    return { router: createBrowserRouter(createRoutes(menus)), key: generation.current };
  }, [menus]);
  const previous = useRef<typeof router | null>(null);
  useEffect(() => {
    if (previous.current && previous.current !== router) previous.current.dispose();
    previous.current = router;
  }, [router]);
  // RouterProvider keeps the state of the router it first got: a new router needs a new provider
  return <RouterProvider key={key} router={router} />;
}
