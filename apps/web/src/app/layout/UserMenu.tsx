import { DownOutlined, LockOutlined, LogoutOutlined, QrcodeOutlined } from '@ant-design/icons';
import { DEFAULT_TENANT } from '@glucocare/domain/constants';
import { Avatar, Dropdown } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOpenedOnce } from '../../components/lazy-dialog';
import { ChangePasswordModal } from '../../features/auth/ChangePasswordModal';
import { useLogout } from '../../features/auth/useLogout';
import { rememberedTenant } from '../preferences';
import { useSession } from '../session';

// the QR code (and its encoder) loads when the user first asks for it
const DoctorQrModal = lazy(() =>
  import('../../features/auth/DoctorQrModal').then((m) => ({ default: m.DoctorQrModal })),
);

/** The user dropdown: change password, doctor QR code, log out (§2 Layout). */
export function UserMenu({ showName, orgLabel }: { showName: boolean; orgLabel: string | null }) {
  const { t } = useTranslation();
  const { profile } = useSession();
  const logout = useLogout();
  const [dialog, setDialog] = useState<'password' | 'qrcode' | null>(null);
  const qrMounted = useOpenedOnce(dialog === 'qrcode');
  if (!profile) return null;
  const avatarText = (profile.avatar || profile.userName.slice(0, 1)).toUpperCase();
  const displayName = profile.nickName || profile.userName;

  return (
    <>
      <Dropdown
        trigger={['click']}
        placement="bottomRight"
        menu={{
          items: [
            ...(orgLabel && !showName
              ? [
                  { key: 'org', label: <span className="gc-menu-org">{orgLabel}</span>, disabled: true },
                  { type: 'divider' as const },
                ]
              : []),
            {
              key: 'password',
              icon: <LockOutlined />,
              label: <span data-testid="menu-change-password">{t('layout.changePassword')}</span>,
            },
            {
              key: 'qrcode',
              icon: <QrcodeOutlined />,
              label: <span data-testid="menu-qrcode">{t('layout.qrcode')}</span>,
            },
            { type: 'divider' },
            {
              key: 'logout',
              icon: <LogoutOutlined />,
              label: <span data-testid="menu-logout">{t('layout.logout')}</span>,
            },
          ],
          onClick: ({ key }) => {
            if (key === 'password') setDialog('password');
            else if (key === 'qrcode') setDialog('qrcode');
            else if (key === 'logout') void logout();
          },
        }}
      >
        <button type="button" className="gc-user-trigger" data-testid="user-menu" aria-label={displayName}>
          <Avatar size={30} className="gc-avatar">
            {avatarText}
          </Avatar>
          {showName ? <span className="gc-user-name">{displayName}</span> : null}
          <DownOutlined className="gc-user-caret" />
        </button>
      </Dropdown>
      <ChangePasswordModal
        open={dialog === 'password'}
        variant="navbar"
        userName={profile.userName}
        tenant={profile.tenant || rememberedTenant() || DEFAULT_TENANT}
        isAdmin={profile.roles.some((role) => role.name === 'tenant_admin')}
        onClose={() => setDialog(null)}
      />
      {qrMounted && (
        <Suspense fallback={null}>
          <DoctorQrModal open={dialog === 'qrcode'} profile={profile} onClose={() => setDialog(null)} />
        </Suspense>
      )}
    </>
  );
}
