import { CopyOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { IssuedPassword } from '../api/admin';
import { toastError, toastSuccess } from '../app/notify';
import { copyText } from './copy-text';

async function copy(text: string, done: string, failed: string) {
  if (await copyText(text)) toastSuccess(done);
  else toastError(failed);
}

/**
 * One-time passwords as the administrator sees them the only time they are shown: who, the password
 * (monospace, selectable, with a copy button), "copy all" for several, and the note that they are shown
 * once and must be changed at first sign-in. Nothing here keeps them after the dialog closes.
 */
export function OneTimePasswordList({ entries }: { entries: IssuedPassword[] }) {
  const { t } = useTranslation();
  const copied = t('oneTimePassword.copied');
  const failed = t('oneTimePassword.copyFailed');
  return (
    <div className="gc-one-time-passwords" data-testid="one-time-passwords">
      <Alert
        type="warning"
        showIcon
        className="gc-form-alert"
        message={
          entries.length === 1
            ? t('oneTimePassword.noteOne', { name: entries[0].userName })
            : t('oneTimePassword.noteMany', { count: entries.length })
        }
      />
      <Table<IssuedPassword>
        size="small"
        pagination={entries.length > 10 ? { pageSize: 10, size: 'small' } : false}
        rowKey="userName"
        dataSource={entries}
        columns={[
          { title: t('oneTimePassword.userName'), dataIndex: 'userName' },
          {
            title: t('oneTimePassword.password'),
            dataIndex: 'password',
            render: (password: string) => (
              <Space size={4}>
                <Typography.Text
                  code
                  className="gc-one-time-password"
                  style={{ fontSize: 16, letterSpacing: 1, whiteSpace: 'nowrap' }}
                  data-testid="one-time-password"
                >
                  {password}
                </Typography.Text>
                <Button
                  size="small"
                  type="text"
                  icon={<CopyOutlined />}
                  aria-label={t('oneTimePassword.copy')}
                  title={t('oneTimePassword.copy')}
                  data-testid="one-time-password-copy"
                  onClick={() => void copy(password, copied, failed)}
                />
              </Space>
            ),
          },
        ]}
      />
      {entries.length > 1 ? (
        <Button
          icon={<CopyOutlined />}
          data-testid="one-time-password-copy-all"
          onClick={() =>
            void copy(
              entries.map((entry) => `${entry.userName}\t${entry.password}`).join('\n'),
              copied,
              failed,
            )
          }
        >
          {t('oneTimePassword.copyAll')}
        </Button>
      ) : null}
    </div>
  );
}

/** The dialog that shows one-time passwords once; closing it forgets them. */
export function OneTimePasswordModal({
  title,
  entries,
  onClose,
}: {
  title: string;
  entries: IssuedPassword[] | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={entries !== null}
      title={title}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
      width={520}
      footer={
        <Button type="primary" onClick={onClose} data-testid="one-time-password-close">
          {t('oneTimePassword.done')}
        </Button>
      }
    >
      {entries ? <OneTimePasswordList entries={entries} /> : null}
    </Modal>
  );
}
