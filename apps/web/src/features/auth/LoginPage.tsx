import {
  AlertOutlined,
  BankOutlined,
  LineChartOutlined,
  LockOutlined,
  SafetyCertificateOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { DEFAULT_TENANT } from '@glucocare/domain/constants';
import { Alert, Button, Form } from 'antd';
// the input and the password input alone: antd's Input also carries TextArea, Search and OTP
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { type AccountBarred, login, type PasswordChangeRequired } from '../../api/auth';
import { isApiError, showError } from '../../api/http';
import { setToken } from '../../api/token';
import { lazyRoute } from '../../app/lazy-route';
import { safeRedirectTarget } from '../../app/navigation';
import { rememberedTenant, rememberTenant } from '../../app/preferences';
import { startSession } from '../../app/session';
import { BrandMark } from '../../components/BrandMark';
import { useRevalidateOnLanguageChange, zodRule } from '../../components/form-rules';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { useOpenedOnce } from '../../components/lazy-dialog';
import { appTitle } from '../../config';
import { currentLang } from '../../i18n';

// the forced password change is rare: its dialog loads when a sign-in asks for it
const ChangePasswordModal = lazyRoute(() =>
  import('./ChangePasswordModal').then((m) => m.ChangePasswordModal),
);

// the fields' rules (and zod) load with the first check, not with the page
const authRules = () => import('@glucocare/domain/auth');
const tenantRule = zodRule(() => authRules().then((rules) => rules.tenantSchema));
const userNameRule = zodRule(() => authRules().then((rules) => rules.userNameSchema));
const passwordRule = zodRule(() => authRules().then((rules) => rules.plainLoginPasswordSchema));

interface LoginValues {
  tenant: string;
  userName: string;
  password: string;
}

interface PendingChange {
  userName: string;
  tenant: string;
  oldPassword: string;
  reason: 'initial' | 'expired';
  rule?: { min: number; max: number; strong: boolean; isAdmin: boolean };
}

/** A 403 of the right password: the account is locked, disabled or expired (the server's words). */
function barredMessage(error: unknown): string | null {
  if (!isApiError(error) || error.status !== 403) return null;
  const reason = (error.data as AccountBarred | null)?.reason;
  return reason === 'locked' || reason === 'disabled' || reason === 'expired' ? error.message : null;
}

/** /login (§5 Login): organisation code, username, password; 412 opens the forced password change. */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [form] = Form.useForm<LoginValues>();
  const [submitting, setSubmitting] = useState(false);
  const [pendingChange, setPendingChange] = useState<PendingChange | null>(null);
  const [barred, setBarred] = useState<string | null>(null);
  const changeDialogMounted = useOpenedOnce(pendingChange !== null);
  useRevalidateOnLanguageChange(form);
  const target = safeRedirectTarget(searchParams.get('redirect')) ?? '/';

  const signIn = async (values: LoginValues) => {
    const tenant = values.tenant.trim();
    const userName = values.userName.trim();
    setSubmitting(true);
    setBarred(null);
    try {
      const result = await login({ tenant, userName, password: values.password });
      rememberTenant(tenant);
      setToken(result.access_token);
      startSession();
      await navigate(target, { replace: true, state: { fromLogin: true } });
    } catch (error) {
      const barredText = barredMessage(error);
      if (isApiError(error) && error.status === 412) {
        const data = error.data as PasswordChangeRequired | null;
        const reason = data?.reason === 'expired' ? 'expired' : 'initial';
        const rule = data?.rule
          ? {
              min: data.rule.minLength,
              max: data.rule.maxLength,
              strong: data.rule.strong,
              isAdmin: data.rule.isAdmin,
            }
          : undefined;
        setPendingChange({ userName, tenant, oldPassword: values.password, reason, rule });
      } else if (barredText) {
        // stays on the page (a toast would go before a long message is read)
        setBarred(barredText);
      } else {
        showError(error);
      }
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className="gc-login">
      <div className="gc-login-bar">
        <div className="gc-login-brand">
          <BrandMark size={32} />
          <span className="gc-login-brand-name">{appTitle(currentLang())}</span>
        </div>
        <LanguageSwitch />
      </div>
      <main className="gc-login-main">
        <section className="gc-login-hero" aria-hidden="false">
          <h1 className="gc-login-hero-title">{t('login.heroTitle')}</h1>
          <p className="gc-login-hero-tagline">{t('app.tagline')}</p>
          <p className="gc-login-hero-text">{t('login.heroText')}</p>
          <ul className="gc-login-features">
            <li>
              <LineChartOutlined /> {t('login.featureMonitoring')}
            </li>
            <li>
              <AlertOutlined /> {t('login.featureCritical')}
            </li>
            <li>
              <SafetyCertificateOutlined /> {t('login.featureQc')}
            </li>
          </ul>
        </section>
        <section className="gc-login-card">
          <h2 className="gc-login-title">{t('login.title')}</h2>
          <p className="gc-login-subtitle">{t('login.subtitle')}</p>
          {barred ? (
            <Alert
              type="error"
              showIcon
              className="gc-form-alert"
              message={barred}
              data-testid="login-account-barred"
            />
          ) : null}
          <Form<LoginValues>
            form={form}
            layout="vertical"
            size="large"
            requiredMark={false}
            initialValues={{
              // the HIS sign-on page sends a user who must change their password here, named
              tenant: searchParams.get('tenant')?.trim() || rememberedTenant() || DEFAULT_TENANT,
              userName: searchParams.get('userName')?.trim() ?? '',
              password: '',
            }}
            onFinish={(values) => void signIn(values)}
          >
            <Form.Item name="tenant" label={t('login.tenant')} rules={[tenantRule]}>
              <Input id="tenant" prefix={<BankOutlined />} autoComplete="organization" maxLength={16} />
            </Form.Item>
            <Form.Item name="userName" label={t('login.userName')} rules={[userNameRule]}>
              <Input
                id="userName"
                prefix={<UserOutlined />}
                autoComplete="username"
                maxLength={32}
                autoFocus
              />
            </Form.Item>
            <Form.Item name="password" label={t('login.password')} rules={[passwordRule]}>
              <Password
                id="password"
                prefix={<LockOutlined />}
                autoComplete="current-password"
                maxLength={64}
              />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={submitting} data-testid="login-submit">
              {t('login.submit')}
            </Button>
          </Form>
          <p className="gc-login-footer">{t('login.footer')}</p>
        </section>
      </main>
      {changeDialogMounted && (
        <Suspense fallback={null}>
          <ChangePasswordModal
            open={pendingChange !== null}
            variant="login"
            userName={pendingChange?.userName ?? ''}
            tenant={pendingChange?.tenant ?? ''}
            oldPassword={pendingChange?.oldPassword}
            reason={pendingChange?.reason}
            accountRule={pendingChange?.rule}
            onClose={() => setPendingChange(null)}
            onChanged={(result) => {
              form.setFieldsValue({
                tenant: result.tenant,
                userName: result.userName,
                password: result.newPassword,
              });
              void signIn({ tenant: result.tenant, userName: result.userName, password: result.newPassword });
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
