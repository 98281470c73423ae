import { Spin } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';

/** Full-page loading state while the session user and menus load. */
export function PageLoading({ full = false }: { full?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={full ? 'gc-loading gc-loading-full' : 'gc-loading'} role="status" aria-live="polite">
      <Spin size="large" />
      <span className="gc-loading-text">{t('app.loading')}</span>
    </div>
  );
}

// Not-found, error and unknown-page results are not part of the login page: their code loads with
// the signed-in session (preloadResultPages), or when one is first shown.
type Views = typeof import('./ResultViews');
let loaded: Views | null = null;
const views = () =>
  import('./ResultViews').then((module) => {
    loaded = module;
    return module;
  });
const NotFoundView = lazy(() => views().then((m) => ({ default: m.NotFoundView })));
const ForbiddenView = lazy(() => views().then((m) => ({ default: m.ForbiddenView })));
const ErrorView = lazy(() => views().then((m) => ({ default: m.ErrorView })));
const UnknownView = lazy(() => views().then((m) => ({ default: m.UnknownView })));

/** Loads the result pages ahead of need, so they show at once (a signed-in session may land on one). */
export async function preloadResultPages(): Promise<void> {
  await views();
}

/** /404: "Page is not found" with a back-to-home button. */
export function NotFoundPage() {
  if (loaded) return <loaded.NotFoundView />;
  return (
    <Suspense fallback={<PageLoading full />}>
      <NotFoundView />
    </Suspense>
  );
}

/** A known page the user's menus do not grant: "no permission", with a back-to-home button. */
export function ForbiddenPage() {
  if (loaded) return <loaded.ForbiddenView />;
  return (
    <Suspense fallback={<PageLoading full />}>
      <ForbiddenView />
    </Suspense>
  );
}

/** Error boundary of the routes: "The page went wrong!" with a back-to-home button. */
export function ErrorPage({ inLayout = false }: { inLayout?: boolean }) {
  if (loaded) return <loaded.ErrorView inLayout={inLayout} />;
  return (
    <Suspense fallback={<PageLoading full={!inLayout} />}>
      <ErrorView inLayout={inLayout} />
    </Suspense>
  );
}

/** A menu whose `component` key names no page of this build: shown in place, never a crash. */
export function UnknownPage({ componentKey }: { componentKey: string | null }) {
  if (loaded) return <loaded.UnknownView componentKey={componentKey} />;
  return (
    <Suspense fallback={<PageLoading />}>
      <UnknownView componentKey={componentKey} />
    </Suspense>
  );
}
