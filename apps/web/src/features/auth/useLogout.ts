import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { confirmWarning } from '../../app/notify';
import { clearSession, logoutSession } from '../../app/session';

/**
 * Logout (§2 Layout, §4 Auth): a warning confirmation (hint / confirm / cancel), POST /v1/logout,
 * then the cookie, cached queries, user state and generated routes are cleared and the user is on
 * /login. A failed call shows its message and still signs out locally.
 */
export function useLogout(): (ask?: boolean) => Promise<void> {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return useCallback(
    async (ask = true) => {
      if (ask) {
        const confirmed = await confirmWarning({
          title: t('common.hint'),
          content: t('layout.logoutConfirm'),
          okText: t('common.confirm'),
          cancelText: t('common.cancel'),
        });
        if (!confirmed) return;
      }
      await logoutSession();
      await navigate('/login', { replace: true });
      clearSession();
    },
    [navigate, t],
  );
}
