import { HomeOutlined } from '@ant-design/icons';
import { Button, Space, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import { getToken } from '../../api/token';
import { loginRedirectPath } from '../../app/navigation';
import { loadSession, useSession } from '../../app/session';
import { BrandMark } from '../../components/BrandMark';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { PageLoading } from '../../components/ResultPages';
import { DeviceTestCards } from './DeviceTestCards';
import './interop.css';

/**
 * `/task/test`: the device test page full screen, outside the app's frame (a ward tablet or the PC a
 * scanner is plugged into). Public to the router only: without a session it goes to the login and
 * comes back; the session is loaded here (the hospital's clock, the permissions) since the frame that
 * would load it is not shown.
 */
export function StandaloneTestPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const session = useSession();
  const token = getToken();
  useEffect(() => {
    if (token && session.status === 'idle') void loadSession();
  }, [token, session.status]);
  if (!token) return <Navigate to={loginRedirectPath(location.pathname, location.search)} replace />;
  if (session.status !== 'ready' && session.status !== 'menuError') return <PageLoading full />;
  return (
    <div className="gc-hl7-standalone" data-testid="device-test-standalone">
      <header className="gc-hl7-standalone-head">
        <Space size={12} align="center">
          <BrandMark />
          <Typography.Title level={4} className="gc-hl7-standalone-title">
            {t('interop.testPage.title')}
          </Typography.Title>
        </Space>
        <Space size={8} wrap>
          <LanguageSwitch compact />
          <Link to="/">
            <Button size="small" icon={<HomeOutlined />} data-testid="device-test-home">
              {t('interop.testPage.home')}
            </Button>
          </Link>
        </Space>
      </header>
      <main className="gc-hl7-standalone-body">
        <Typography.Paragraph type="secondary">{t('interop.testPage.intro')}</Typography.Paragraph>
        <DeviceTestCards />
      </main>
    </div>
  );
}
