import { PERMISSIONS } from '@glucocare/domain/admin';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/permissions';
import { PageWrapper } from '../../components/PageWrapper';
import { InspectionPackagesTab } from './periods/InspectionPackagesTab';
import { MappingTab } from './periods/MappingTab';

/** `/settings/inspection`: inspection packages and their items, and mapping items. */
export default function InspectionSettingsPage() {
  const { t } = useTranslation();
  // the mapping list is an administrator's view; clinical staff only read packages and items
  const canListMappings = usePermission(PERMISSIONS.settings.labItems.list);
  return (
    <PageWrapper
      title={t('inspectionSettings.title')}
      description={t('inspectionSettings.intro')}
      testId="inspection-settings-page"
    >
      <Tabs
        destroyOnHidden
        items={[
          {
            key: 'packages',
            label: t('inspectionSettings.packagesTab'),
            children: <InspectionPackagesTab />,
          },
          ...(canListMappings
            ? [{ key: 'mapping', label: t('inspectionSettings.mapping.tab'), children: <MappingTab /> }]
            : []),
        ]}
      />
    </PageWrapper>
  );
}
