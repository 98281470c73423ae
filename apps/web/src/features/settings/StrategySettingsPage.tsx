import { Alert, Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePermission } from '../../app/permissions';
import { glucoseUnitOf, useSession } from '../../app/session';
import { PageWrapper } from '../../components/PageWrapper';
import { BaselineTab } from './strategy/BaselineTab';
import { ConsultationTab } from './strategy/ConsultationTab';
import { MonitorTab } from './strategy/MonitorTab';
import { PumpTab } from './strategy/PumpTab';
import { ScreenTab } from './strategy/ScreenTab';
import { ShiftSettingsCard } from './strategy/ShiftSettingsCard';
import { STRATEGY_EDIT } from './strategy/StrategyForm';
import { TirTab } from './strategy/TirTab';
import { VirtualWardTab } from './strategy/VirtualWardTab';
import './strategy/strategy.css';

const TABS = ['consultation', 'monitor', 'screen', 'tir', 'baseline', 'virtualWard', 'pump'] as const;
type TabKey = (typeof TABS)[number];

/**
 * `/settings/strategy`: auto consultation, monitoring and wall-screen strategies, TIR, baseline,
 * virtual-ward and insulin pump settings, one tab each (the open tab is kept in `?tab=` so a reload stays on it).
 */
export default function StrategySettingsPage() {
  const { t } = useTranslation();
  const { units } = useSession();
  const unit = glucoseUnitOf(units);
  const canEdit = usePermission(STRATEGY_EDIT);
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const active: TabKey = TABS.includes(requested as TabKey) ? (requested as TabKey) : 'consultation';

  const content: Record<TabKey, React.ReactNode> = {
    consultation: <ConsultationTab unit={unit} />,
    monitor: <MonitorTab />,
    screen: <ScreenTab />,
    tir: <TirTab unit={unit} />,
    baseline: <BaselineTab />,
    virtualWard: <VirtualWardTab unit={unit} />,
    pump: <PumpTab />,
  };

  return (
    <PageWrapper
      title={t('strategySettings.title')}
      description={t('strategySettings.intro')}
      testId="strategy-page"
    >
      {canEdit ? null : (
        <Alert type="info" showIcon className="gc-form-alert" message={t('strategySettings.readOnly')} />
      )}
      <Card className="gc-card">
        <Tabs
          activeKey={active}
          destroyOnHidden
          onChange={(key) => setSearchParams({ tab: key }, { replace: true })}
          items={TABS.map((key) => ({
            key,
            label: <span data-testid={`strategy-tab-${key}`}>{t(`strategySettings.tabs.${key}`)}</span>,
            children: content[key],
          }))}
        />
      </Card>
      <ShiftSettingsCard />
    </PageWrapper>
  );
}
