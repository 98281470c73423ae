import { PERMISSIONS } from '@glucocare/domain/admin';
import { Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/permissions';
import { PageWrapper } from '../../components/PageWrapper';
import { DisplayCard } from './system/DisplayCard';
import { FeaturesCard } from './system/FeaturesCard';
import { UnitsCard } from './system/UnitsCard';
import { WorkModeCard } from './system/WorkModeCard';

export const SYSTEM_SETTINGS_EDIT = PERMISSIONS.settings.system.edit;

/** System settings (§7 "System settings"): display, item units, work mode and feature switches. */
export default function SystemSettingsPage() {
  const { t } = useTranslation();
  const canEdit = usePermission(SYSTEM_SETTINGS_EDIT);
  return (
    <PageWrapper
      title={t('systemSettings.title')}
      description={t('systemSettings.description')}
      testId="system-settings-page"
    >
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <DisplayCard canEdit={canEdit} />
        </Col>
        <Col xs={24} xl={12}>
          <UnitsCard canEdit={canEdit} />
        </Col>
        <Col xs={24} xl={12}>
          <WorkModeCard canEdit={canEdit} />
        </Col>
        <Col xs={24} xl={12}>
          <FeaturesCard canEdit={canEdit} />
        </Col>
      </Row>
    </PageWrapper>
  );
}
