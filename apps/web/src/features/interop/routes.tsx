import { Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../app/lazy-route';
import { PageLoading } from '../../components/ResultPages';

const StandaloneTestPage = lazyRoute(() => import('./StandaloneTestPage').then((m) => m.StandaloneTestPage));

/** `/task/test` (spec §2: reachable without login): the device test page outside the app's frame. */
export function deviceTestRoutes(): RouteObject[] {
  return [
    {
      id: 'taskTest',
      path: '/task/test',
      handle: { titleKey: 'route.deviceTest' },
      element: (
        <Suspense fallback={<PageLoading full />}>
          <StandaloneTestPage />
        </Suspense>
      ),
    },
  ];
}
