import { type ActionType, type ProColumns, ProTable } from '@ant-design/pro-components';
import { Alert, Button, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, isAbort } from '../../api/http';
import { fetchLoginHistory, type SignInEvent } from '../../api/users';
import { useDevice } from '../../app/preferences';
import { formatDateTime } from '../../components/format';

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
  const actionRef = useRef<ActionType>(null);
  const [error, setError] = useState<string | null>(null);

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
    <div className="gc-page" data-testid="activity">
      <Typography.Title level={4} className="gc-page-title">
        {t('activity.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('activity.intro')}</Typography.Paragraph>
      {error ? (
        <Alert
          type="error"
          showIcon
          className="gc-form-alert"
          message={t('activity.loadFailed')}
          description={error}
          data-testid="activity-error"
          action={
            <Button size="small" onClick={() => actionRef.current?.reload()}>
              {t('common.retry')}
            </Button>
          }
        />
      ) : null}
      <ProTable<SignInEvent>
        actionRef={actionRef}
        rowKey={(row) => `${row.at}-${row.action}-${row.ip ?? ''}`}
        columns={columns}
        search={false}
        options={{ reload: true, density: false, setting: false }}
        cardBordered
        scroll={mobile ? undefined : { x: 720 }}
        cardProps={mobile ? { bodyStyle: { padding: 8 } } : undefined}
        pagination={{ defaultPageSize: 20, showSizeChanger: true, pageSizeOptions: [10, 20, 50, 100] }}
        locale={{ emptyText: error ? t('activity.loadFailed') : t('activity.empty') }}
        request={async (params) => {
          const page = params.current ?? 1;
          const size = params.pageSize ?? 20;
          try {
            const result = await fetchLoginHistory(page, size);
            setError(null);
            return { data: result.records, total: result.total, success: true };
          } catch (failure) {
            if (!isAbort(failure)) setError(errorText(failure));
            // no stale rows under the error message
            return { data: [], total: 0, success: true };
          }
        }}
      />
    </div>
  );
}
