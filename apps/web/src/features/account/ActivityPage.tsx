import type { ProColumns } from '@ant-design/pro-components';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { fetchLoginHistory, type SignInEvent } from '../../api/users';
import { useDevice } from '../../app/preferences';
import { formatDateTime } from '../../components/format';
import { ListPage } from '../../components/list-page/ListPage';
import { PageWrapper } from '../../components/PageWrapper';

const ACTION_COLORS: Record<string, string> = {
  login: 'green',
  loginHis: 'green',
  logout: 'default',
  'login.failed': 'red',
  lockout: 'volcano',
  'password.change': 'blue',
  'login.passwordChangeRequired': 'gold',
};

/** i18n key of a sign-in action: `login.failed` → `activity.actions.loginFailed`. */
export function actionKey(action: string): string {
  return `activity.actions.${action.replace(/\.(\w)/g, (_, letter: string) => letter.toUpperCase())}`;
}

/** `/account/activity`: the user's own sign-in events (GET /v1/users/loginHistory). */
export default function ActivityPage() {
  const { t, i18n } = useTranslation();
  const mobile = useDevice() === 'mobile';
  const actionTag = (row: SignInEvent) => (
    <Tag color={ACTION_COLORS[row.action] ?? 'default'} data-action={row.action}>
      {i18n.exists(actionKey(row.action)) ? t(actionKey(row.action)) : row.action}
    </Tag>
  );
  const columns: ProColumns<SignInEvent>[] = mobile
    ? [
        {
          title: `${t('activity.at')} / ${t('activity.ip')}`,
          dataIndex: 'at',
          render: (_, row) => (
            <div>
              <div className="gc-nowrap">{formatDateTime(row.at)}</div>
              <div className="gc-secondary">{row.ip || t('common.none')}</div>
            </div>
          ),
        },
        { title: t('activity.action'), dataIndex: 'action', render: (_, row) => actionTag(row) },
      ]
    : [
        {
          title: t('activity.at'),
          dataIndex: 'at',
          width: 190,
          render: (_, row) => <span className="gc-nowrap">{formatDateTime(row.at)}</span>,
        },
        { title: t('activity.action'), dataIndex: 'action', width: 200, render: (_, row) => actionTag(row) },
        {
          title: t('activity.ip'),
          dataIndex: 'ip',
          width: 160,
          render: (_, row) => row.ip || t('common.none'),
        },
        {
          title: t('activity.userAgent'),
          dataIndex: 'userAgent',
          ellipsis: true,
          render: (_, row) => row.userAgent || t('common.none'),
        },
      ];

  return (
    <PageWrapper title={t('activity.title')} description={t('activity.intro')} testId="activity">
      <ListPage<SignInEvent, Record<string, never>>
        name="signInActivity"
        columnsKey="gc-columns-activity"
        search={false}
        // an event has no id: the time, the action and the address tell events apart
        rowKey={(row) => `${row.at}-${row.action}-${row.ip ?? ''}`}
        columns={columns}
        request={({ page, size }, signal) => fetchLoginHistory(page, size, signal)}
        texts={{ empty: t('activity.empty'), loadFailed: t('activity.loadFailed') }}
      />
    </PageWrapper>
  );
}
