import { useQuery } from '@tanstack/react-query';
import { Radio, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { saveIsOutside } from '../../../api/settings';
import { fetchIsOutside } from '../../../api/tenants';
import { fetchAuthorityMenus } from '../../../api/users';
import { sessionStore } from '../../../app/session';
import { confirmHospitalWide, INLINE_ERROR, SettingCard, useSettingSave } from '../settings-form';

const QUERY_KEY = ['settings', 'isOutside'];

/**
 * Reloads the menus in place (no loading screen): the out-of-hospital mode decides which pages the
 * server's menu tree holds (issue 18). Kept here, not in the session module of the first download.
 */
async function reloadMenus(): Promise<void> {
  const { profile, status } = sessionStore.get();
  if (!profile || status !== 'ready') return;
  const menus = await fetchAuthorityMenus(
    profile.userName,
    profile.roles.map((role) => role.name),
  );
  sessionStore.set((s) => (s.status === 'ready' ? { ...s, menus: Array.isArray(menus) ? menus : [] } : s));
}

/** In-hospital or out-of-hospital work mode (the outpatient variant of §1); the session and the menus follow. */
export function WorkModeCard({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const query = useQuery({ queryKey: QUERY_KEY, queryFn: () => fetchIsOutside(), meta: INLINE_ERROR });
  const save = useSettingSave(saveIsOutside, {
    queryKey: QUERY_KEY,
    onSaved: (isOut) => {
      sessionStore.set((state) => (state.status === 'idle' ? state : { ...state, isOut }));
      // the menus follow the mode (bed-only pages out, the outpatient page in)
      void reloadMenus().catch(() => undefined);
    },
  });
  return (
    <SettingCard
      title={t('systemSettings.workMode.title')}
      description={t('systemSettings.workMode.description')}
      queries={[query]}
      testId="work-mode-card"
    >
      <Radio.Group
        value={query.data}
        disabled={!canEdit || save.isPending}
        onChange={(event) => {
          const outside = event.target.value === true;
          void confirmHospitalWide(
            t('systemSettings.workMode.title'),
            t(outside ? 'systemSettings.workMode.outside' : 'systemSettings.workMode.inside'),
          ).then((confirmed) => confirmed && save.mutate(outside));
        }}
        data-testid="work-mode"
      >
        <Space direction="vertical">
          <Radio value={false} data-testid="work-mode-inside">
            {t('systemSettings.workMode.inside')}
          </Radio>
          <Radio value={true} data-testid="work-mode-outside">
            {t('systemSettings.workMode.outside')}
          </Radio>
        </Space>
      </Radio.Group>
    </SettingCard>
  );
}
