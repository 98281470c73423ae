import { Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageWrapper } from '../../components/PageWrapper';
import { AgeTab } from './crisis/AgeTab';
import { CheckTab } from './crisis/CheckTab';
import { DepartmentTab } from './crisis/DepartmentTab';
import { GradeTab } from './crisis/GradeTab';
import { ItemTab } from './crisis/ItemTab';
import { VirtualWardTab } from './crisis/VirtualWardTab';
import './crisis/crisis.css';

const TABS = ['items', 'departments', 'ages', 'virtualWard', 'grades', 'check'] as const;
type TabKey = (typeof TABS)[number];

const CONTENT: Record<TabKey, () => JSX.Element> = {
  items: ItemTab,
  departments: DepartmentTab,
  ages: AgeTab,
  virtualWard: VirtualWardTab,
  grades: GradeTab,
  check: CheckTab,
};

/** `/settings/crisis`: critical values by item and period, per department and age, virtual ward, grades. */
export default function CrisisSettingsPage() {
  const { t } = useTranslation();
  const [active, setActive] = useState<TabKey>('items');
  return (
    <PageWrapper
      title={t('crisisSettings.title')}
      description={t('crisisSettings.intro')}
      testId="crisis-page"
    >
      <Tabs
        activeKey={active}
        onChange={(key) => setActive(key as TabKey)}
        destroyOnHidden
        items={TABS.map((key) => {
          const Content = CONTENT[key];
          return { key, label: t(`crisisSettings.tabs.${key}`), children: <Content /> };
        })}
      />
    </PageWrapper>
  );
}
