// The result pages themselves (antd's Result brings its pictures along): ResultPages.tsx loads this
// module the first time one of them is shown.
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useNavigate, useRouteError } from 'react-router';
import { msg } from '../i18n';

function BackHome({ testId }: { testId?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Button type="primary" data-testid={testId} onClick={() => navigate('/', { replace: true })}>
      {t('common.backHome')}
    </Button>
  );
}

/** /404: "Page is not found" with a back-to-home button. */
export function NotFoundView() {
  useTranslation();
  return (
    <div className="gc-result-page" data-testid="not-found">
      <Result
        status="404"
        title="404"
        subTitle={msg('error.notFound')}
        extra={<BackHome testId="back-home" />}
      />
    </div>
  );
}

/**
 * A page the product has that the user's menus do not grant (an old bookmark, a shared link): said in
 * place, with the way home, instead of moving the user elsewhere without a word.
 */
export function ForbiddenView() {
  useTranslation();
  return (
    <div className="gc-result-page" data-testid="no-permission">
      <Result
        status="403"
        title="403"
        subTitle={msg('error.noPagePermission')}
        extra={<BackHome testId="back-home" />}
      />
    </div>
  );
}

/** Error boundary of the routes: "The page went wrong!" with a back-to-home button. */
export function ErrorView({ inLayout = false }: { inLayout?: boolean }) {
  useTranslation();
  const error = useRouteError();
  if (error) console.error(error);
  const status = isRouteErrorResponse(error) && error.status === 404 ? '404' : '500';
  return (
    <div className={inLayout ? 'gc-result-inline' : 'gc-result-page'} data-testid="error-page">
      <Result
        status={status}
        title={msg('error.internal')}
        subTitle={status === '404' ? msg('error.notFound') : undefined}
        extra={<BackHome testId="back-home" />}
      />
    </div>
  );
}

/** A menu whose `component` key names no page of this build: shown in place, never a crash. */
export function UnknownView({ componentKey }: { componentKey: string | null }) {
  const { t } = useTranslation();
  return (
    <div className="gc-result-inline" data-testid="unknown-page" data-component={componentKey ?? ''}>
      <Result
        status="warning"
        title={msg('error.internal')}
        subTitle={t('error.unknownPage')}
        extra={<BackHome testId="back-home" />}
      />
    </div>
  );
}
