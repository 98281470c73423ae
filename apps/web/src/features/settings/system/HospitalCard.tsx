import { EditOutlined } from '@ant-design/icons';
import { Button, Descriptions } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../app/permissions';
import { useSession } from '../../../app/session';
import { HospitalNameForm, TENANT_EDIT_PERMISSION } from '../../dashboard/HospitalNameForm';
import { SettingCard } from '../settings-form';

/** The hospital's names in both languages (PUT /v1/tenants), renamed with the dashboard's dialog. */
export function HospitalCard() {
  const { t } = useTranslation();
  const { tenant, profile } = useSession();
  const canRename = usePermission(TENANT_EDIT_PERMISSION);
  const [renaming, setRenaming] = useState(false);
  const fallback = tenant?.organizationName ?? profile?.organizationName ?? '';
  const none = t('common.none');
  return (
    <SettingCard
      title={t('hospitalSettings.hospital.title')}
      description={t('hospitalSettings.hospital.description')}
      testId="hospital-card"
      extra={
        canRename ? (
          <Button icon={<EditOutlined />} onClick={() => setRenaming(true)} data-testid="hospital-rename">
            {t('common.edit')}
          </Button>
        ) : null
      }
    >
      <Descriptions column={1} size="small" bordered styles={{ label: { whiteSpace: 'nowrap' } }}>
        <Descriptions.Item label={t('hospital.nameZh')}>
          <span lang="zh-CN">{tenant?.names?.['zh-CN'] || fallback || none}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('hospital.nameEn')}>
          <span lang="en">{tenant?.names?.['en-US'] || fallback || none}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('hospitalSettings.hospital.code')}>
          {tenant?.organizationCode ?? profile?.organizationCode ?? none}
        </Descriptions.Item>
      </Descriptions>
      {renaming ? (
        <HospitalNameForm tenant={tenant} fallbackName={fallback} onClose={() => setRenaming(false)} />
      ) : null}
    </SettingCard>
  );
}
