import { Button, Result, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLogout } from '../features/auth/useLogout';
import { msg } from '../i18n';
import { retryMenus } from './session';

/** "This account does not have menu permissions..." with a logout button. */
export function NoMenuPage() {
  const { t } = useTranslation();
  const logout = useLogout();
  return (
    <div className="gc-result-page">
      <Result
        status="403"
        title={<span data-testid="no-menu">{msg('menu.noPermission')}</span>}
        extra={
          <Button type="primary" data-testid="no-menu-logout" onClick={() => void logout(false)}>
            {t('common.logout')}
          </Button>
        }
      />
    </div>
  );
}

export function MenuErrorPage({ message }: { message: string | null }) {
  const { t } = useTranslation();
  const logout = useLogout();
  return (
    <div className="gc-result-page" data-testid="menu-error">
      <Result
        status="error"
        title={t('menu.loadFailed')}
        subTitle={message}
        extra={
          <Space>
            <Button type="primary" onClick={() => void retryMenus()}>
              {t('common.retry')}
            </Button>
            <Button onClick={() => void logout(false)}>{t('common.logout')}</Button>
          </Space>
        }
      />
    </div>
  );
}
