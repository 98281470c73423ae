import { RECORD_SCREEN_PATHS, type RecordScreen } from '@glucocare/domain/constants';
import { type ComponentType, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../app/lazy-route';
import { PageLoading } from '../../components/ResultPages';

/** Each record screen's page, loaded on first use (the trend chart brings ECharts along). */
const PAGES: Record<RecordScreen, ComponentType> = {
  glucose: lazyRoute(() => import('./GlucoseRecordPage').then((m) => m.GlucoseRecordPage)),
  ketone: lazyRoute(() => import('./GlucoseRecordPage').then((m) => m.KetoneRecordPage)),
  inspect: lazyRoute(() => import('./InspectRecordPage').then((m) => m.InspectRecordPage)),
  ward: lazyRoute(() => import('./WardRecordPage').then((m) => m.WardRecordPage)),
  trend: lazyRoute(() => import('./TrendPage').then((m) => m.TrendPage)),
  linked: lazyRoute(() => import('./LinkedRecordPage').then((m) => m.LinkedRecordPage)),
};

const TITLE_KEYS: Record<RecordScreen, string> = {
  glucose: 'records.title.glucose',
  ketone: 'records.title.ketone',
  inspect: 'records.title.inspect',
  ward: 'records.title.ward',
  trend: 'records.title.trend',
  linked: 'records.title.linked',
};

/**
 * The fixed routes of the record screens (spec §2): outside the menu routes and the layout (a clean
 * print layout), public to the router; the data still needs the session or a signed link.
 */
export function recordRoutes(): RouteObject[] {
  return (Object.keys(PAGES) as RecordScreen[]).map((screen) => {
    const Page = PAGES[screen];
    return {
      id: `record_${screen}`,
      path: RECORD_SCREEN_PATHS[screen],
      handle: { titleKey: TITLE_KEYS[screen] },
      element: (
        <Suspense fallback={<PageLoading full />}>
          <Page />
        </Suspense>
      ),
    };
  });
}
