import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageWrapper } from '../../components/PageWrapper';
import { GlucosePeriodTab } from './periods/GlucosePeriodTab';
import { InsulinPeriodTab } from './periods/InsulinPeriodTab';

/** `/settings/period`: glucose periods (windows and normal ranges) and insulin periods. */
export default function PeriodSettingsPage() {
  const { t } = useTranslation();
  return (
    <PageWrapper
      title={t('periodSettings.title')}
      description={t('periodSettings.intro')}
      testId="period-settings-page"
    >
      <Tabs
        destroyOnHidden
        items={[
          { key: 'glucose', label: t('periodSettings.glucose.tab'), children: <GlucosePeriodTab /> },
          { key: 'insulin', label: t('periodSettings.insulin.tab'), children: <InsulinPeriodTab /> },
        ]}
      />
    </PageWrapper>
  );
}
