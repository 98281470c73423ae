import { useTranslation } from 'react-i18next';
import { PageWrapper } from '../../components/PageWrapper';
import { DeviceTestCards } from './DeviceTestCards';
import './interop.css';

/**
 * `/test` (设备测试), inside the app: ward staff check their hardware against the system — a wristband
 * scan, a meter's state and last messages, a test HL7 message and its ACK. `/task/test` shows the same
 * checks full screen (a ward tablet).
 */
export default function DeviceTestPage() {
  const { t } = useTranslation();
  return (
    <PageWrapper
      title={t('interop.testPage.title')}
      description={t('interop.testPage.intro')}
      testId="device-test-page"
    >
      <DeviceTestCards />
    </PageWrapper>
  );
}
