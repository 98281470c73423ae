import { PERMISSIONS } from '@glucocare/domain/admin';
import { Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/permissions';
import { PageWrapper } from '../../components/PageWrapper';
import { FileStorageCard } from './system/FileStorageCard';
import { HisCard } from './system/HisCard';
import { HospitalCard } from './system/HospitalCard';
import { ReportTitleCard } from './system/ReportTitleCard';
import { TimeZoneCard } from './system/TimeZoneCard';

export const HOSPITAL_SETTINGS_EDIT = PERMISSIONS.settings.hospital.edit;

/** Hospital information and communication (§3 Hospital settings): names, HIS/LIS, files, report title, time zone. */
export default function HospitalSettingsPage() {
  const { t } = useTranslation();
  const canEdit = usePermission(HOSPITAL_SETTINGS_EDIT);
  return (
    <PageWrapper
      title={t('hospitalSettings.title')}
      description={t('hospitalSettings.description')}
      testId="hospital-settings-page"
    >
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <HospitalCard />
        </Col>
        <Col xs={24} xl={12}>
          <HisCard canEdit={canEdit} />
        </Col>
        <Col xs={24} xl={12}>
          <FileStorageCard canEdit={canEdit} />
        </Col>
        <Col xs={24} xl={12}>
          <ReportTitleCard canEdit={canEdit} />
        </Col>
        <Col xs={24} xl={12}>
          <TimeZoneCard canEdit={canEdit} />
        </Col>
      </Row>
    </PageWrapper>
  );
}
