// the panels module alone (no imports): the login page's download does not grow by the screen's rules
import { SCREEN_VARIANT_PATHS, SCREEN_VARIANTS } from '@glucocare/domain/monitor/panels';
import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { PageLoading } from '../../../components/ResultPages';
import { withAllTexts } from '../../../i18n';

/** The big screen's page, downloaded when a wall opens it (it brings the charts along). */
const ScreenPage = lazy(() => withAllTexts(import('./ScreenPage').then((m) => ({ default: m.ScreenPage }))));

/**
 * `/bigcharts` and its variants (spec §1, issue 20): outside the layout and without a session, like
 * /appointment; the data needs the screen link the page carries.
 */
export function bigScreenRoutes(): RouteObject[] {
  return SCREEN_VARIANTS.map((variant) => ({
    id: `bigcharts_${variant}`,
    path: SCREEN_VARIANT_PATHS[variant],
    handle: { titleKey: 'route.bigcharts' },
    element: (
      <Suspense fallback={<PageLoading full />}>
        <ScreenPage variant={variant} />
      </Suspense>
    ),
  }));
}
