import { RECORD_SCREEN_PATHS, type RecordScreen } from '@glucocare/domain/records';
import { type ComponentType, lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { PageLoading } from '../../components/ResultPages';

/** Each record screen's page, loaded on first use (the trend chart brings ECharts along). */
const PAGES: Record<RecordScreen, ComponentType> = {
  glucose: lazy(() => import('./GlucoseRecordPage').then((m) => ({ default: m.GlucoseRecordPage }))),
  ketone: lazy(() => import('./GlucoseRecordPage').then((m) => ({ default: m.KetoneRecordPage }))),
  inspect: lazy(() => import('./InspectRecordPage').then((m) => ({ default: m.InspectRecordPage }))),
  ward: lazy(() => import('./WardRecordPage').then((m) => ({ default: m.WardRecordPage }))),
  trend: lazy(() => import('./TrendPage').then((m) => ({ default: m.TrendPage }))),
};

const TITLE_KEYS: Record<RecordScreen, string> = {
  glucose: 'records.title.glucose',
  ketone: 'records.title.ketone',
  inspect: 'records.title.inspect',
  ward: 'records.title.ward',
  trend: 'records.title.trend',
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
