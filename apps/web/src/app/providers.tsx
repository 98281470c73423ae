import { rootFontSize } from '@glucocare/domain/constants';
import { App, ConfigProvider, type ThemeConfig } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { antdLocale } from '../i18n';
import { bindNotify } from './notify';
import { usePreferences } from './preferences';
import { AppRouter } from './router';

const theme: ThemeConfig = {
  token: {
    colorPrimary: '#0e7c86',
    colorInfo: '#0e7c86',
    colorLink: '#0b6b74',
    borderRadius: 6,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'WenQuanYi Micro Hei', sans-serif",
  },
  components: {
    Layout: {
      siderBg: '#10303b',
      headerBg: '#ffffff',
      headerHeight: 56,
      headerPadding: '0 12px',
      bodyBg: '#f3f6f8',
    },
    Menu: {
      darkItemBg: '#10303b',
      darkSubMenuItemBg: '#0b2430',
      darkItemSelectedBg: '#0e7c86',
      darkItemColor: 'rgba(255,255,255,0.78)',
    },
  },
};

/** Binds antd's message/modal (with this ConfigProvider's locale and theme) for code outside React. */
function NotifyBridge() {
  const { message, modal } = App.useApp();
  useEffect(() => bindNotify(message, modal), [message, modal]);
  return null;
}

/** Root font size = rootFontSize(window width) (§2 Layout, §9), kept up to date on resize. */
function useRootFontSize() {
  useEffect(() => {
    const apply = () => {
      document.documentElement.style.fontSize = `${rootFontSize(window.innerWidth)}px`;
    };
    apply();
    window.addEventListener('resize', apply);
    return () => window.removeEventListener('resize', apply);
  }, []);
}

/** antd configuration (locale follows the language, size from preferences), router. */
export function AppProviders() {
  useTranslation();
  const { size } = usePreferences();
  useRootFontSize();
  return (
    <ConfigProvider locale={antdLocale()} componentSize={size} theme={theme}>
      <App>
        <NotifyBridge />
        <AppRouter />
      </App>
    </ConfigProvider>
  );
}
