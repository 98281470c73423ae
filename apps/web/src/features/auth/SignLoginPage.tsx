import { Button, Result } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { loginHis } from '../../api/auth';
import { errorText, isApiError } from '../../api/http';
import { setToken } from '../../api/token';
import { safeRedirectTarget } from '../../app/navigation';
import { startSession } from '../../app/session';
import { PageLoading } from '../../components/ResultPages';

type State =
  | { type: 'working' }
  | { type: 'failed'; message: string }
  | { type: 'missing' }
  /** 412: the password must be changed first, which takes the current password at the login page */
  | { type: 'changePassword'; message: string; login: string };

/**
 * /signlogin: HIS single sign-on. Reads userName, tenant, timestamp, nonce, signature (and an optional
 * redirect) from the query, calls POST /v1/loginHis, stores the token and goes on. When the password
 * must be changed first (first sign-in, a reset, or past its validity) it says so and sends the user to
 * the login page, named, where signing in with the password opens the change (as hospital SSO products
 * do: the change needs the current password, which the HIS assertion does not prove).
 */
export function SignLoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [state, setState] = useState<State>({ type: 'working' });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const userName = params.get('userName')?.trim() ?? '';
    const tenant = params.get('tenant')?.trim() ?? '';
    const timestamp = Number(params.get('timestamp'));
    const nonce = params.get('nonce') ?? '';
    const signature = params.get('signature') ?? '';
    if (!userName || !tenant || !Number.isFinite(timestamp) || !nonce || !signature) {
      setState({ type: 'missing' });
      return;
    }
    const target = safeRedirectTarget(params.get('redirect')) ?? '/';
    loginHis({ userName, tenant, timestamp, nonce, signature })
      .then(async (result) => {
        setToken(result.access_token);
        startSession();
        await navigate(target, { replace: true, state: { fromLogin: true } });
      })
      .catch((error: unknown) => {
        if (isApiError(error) && error.status === 412) {
          const query = new URLSearchParams({ tenant, userName });
          const redirect = params.get('redirect');
          if (redirect && safeRedirectTarget(redirect)) query.set('redirect', redirect);
          setState({ type: 'changePassword', message: errorText(error), login: `/login?${query}` });
        } else setState({ type: 'failed', message: errorText(error) });
      });
  }, [params, navigate]);

  if (state.type === 'working') {
    return (
      <div className="gc-result-page">
        <PageLoading />
        <p className="gc-center-text">{t('signlogin.verifying')}</p>
      </div>
    );
  }
  if (state.type === 'changePassword') {
    return (
      <div className="gc-result-page" data-testid="signlogin-change-password">
        <Result
          status="warning"
          title={t('signlogin.changePassword')}
          subTitle={state.message}
          extra={
            <Link to={state.login}>
              <Button type="primary" data-testid="signlogin-to-login">
                {t('signlogin.toLoginToChange')}
              </Button>
            </Link>
          }
        />
      </div>
    );
  }
  return (
    <div className="gc-result-page" data-testid="signlogin-failed">
      <Result
        status="error"
        title={state.type === 'missing' ? t('signlogin.missing') : t('signlogin.failed')}
        subTitle={state.type === 'failed' ? state.message : undefined}
        extra={
          <Link to="/login">
            <Button type="primary">{t('signlogin.toLogin')}</Button>
          </Link>
        }
      />
    </div>
  );
}
