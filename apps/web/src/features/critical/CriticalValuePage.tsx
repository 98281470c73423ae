import { PERMISSIONS } from '@glucocare/domain/admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Tabs } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type CriticalEvent, criticalKeys, fetchCriticalCounts } from '../../api/critical';
import { usePermission } from '../../app/permissions';
import { useListReload } from '../../components/list-page/ListPage';
import { PageWrapper } from '../../components/PageWrapper';
import { CriticalLoopReportTab } from './CriticalLoopReportTab';
import { CRITICAL_QUERY_LIST, CriticalQueryTab } from './CriticalQueryTab';
import { CriticalTodayTab, MONITOR_REFRESH_MS } from './CriticalTodayTab';
import { HandleCriticalModal } from './HandleCriticalModal';
import { useItemUnits } from './units';
import { useLoopActions } from './useLoopActions';
import './critical.css';
import { hospitalNow } from '../../components/format';

type TabKey = 'today' | 'query' | 'report';

/** The badges above the tabs: open and handled today, open whenever measured. */
function CriticalSummary({ onShowOpen }: { onShowOpen: () => void }) {
  const { t } = useTranslation();
  const counts = useQuery({
    queryKey: criticalKeys.counts,
    queryFn: ({ signal }) => fetchCriticalCounts(signal),
    refetchInterval: MONITOR_REFRESH_MS,
    staleTime: 0,
    meta: { silent: true },
  });
  const value = (n: number | undefined) => (n === undefined ? '–' : n);
  const older = counts.data ? counts.data.open - counts.data.openToday : 0;
  const tiles = [
    { key: 'openToday', className: 'gc-crit-stat-open', testId: 'critical-count-open-today' },
    { key: 'handledToday', className: 'gc-crit-stat-handled', testId: 'critical-count-handled-today' },
    { key: 'open', className: 'gc-crit-stat-all', testId: 'critical-count-open' },
  ] as const;
  return (
    <div className="gc-crit-summary" data-testid="critical-counts">
      {tiles.map((tile) => (
        <div key={tile.key} className={`gc-crit-stat ${tile.className}`}>
          <div className="gc-crit-stat-label">{t(`critical.counts.${tile.key}`)}</div>
          <div className="gc-crit-stat-value" data-testid={tile.testId}>
            {value(counts.data?.[tile.key])}
          </div>
          {tile.key === 'open' && older > 0 ? (
            <Button
              type="link"
              size="small"
              style={{ padding: 0 }}
              onClick={onShowOpen}
              data-testid="critical-show-older"
            >
              {t('critical.counts.olderOpen', { count: older })}
            </Button>
          ) : null}
        </div>
      ))}
    </div>
  );
}

/**
 * `/patient/critical`: today's critical values of the user's wards (open ones highlighted with a
 * running timer, handled ones with who, when and how long it took) and a query by date range.
 */
export default function CriticalValuePage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: TabKey = asked === 'query' || asked === 'report' ? asked : 'today';
  const canHandle = usePermission(PERMISSIONS.criticalValues.handle);
  const units = useItemUnits();
  const [handling, setHandling] = useState<CriticalEvent | null>(null);
  const reloadQuery = useListReload(CRITICAL_QUERY_LIST);
  const [preset, setPreset] = useState<{ status: 'open'; range: [Dayjs, Dayjs] } | null>(null);

  const setTab = (key: TabKey) => {
    const next = new URLSearchParams(params);
    if (key !== 'today') next.set('tab', key);
    else next.delete('tab');
    setParams(next, { replace: true });
  };
  const afterHandling = () => {
    void client.invalidateQueries({ queryKey: criticalKeys.all });
    reloadQuery();
  };
  const { loop, dialogs } = useLoopActions(units, afterHandling);
  const showOpen = () => {
    setTab('query');
    setPreset({
      status: 'open',
      range: [hospitalNow().subtract(29, 'day').startOf('day'), hospitalNow().startOf('day')],
    });
  };

  return (
    <PageWrapper title={t('critical.title')} description={t('critical.intro')} testId="critical-page">
      <CriticalSummary onShowOpen={showOpen} />
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as TabKey)}
        destroyOnHidden={false}
        items={[
          {
            key: 'today',
            label: t('critical.tabs.today'),
            children: (
              <CriticalTodayTab units={units} canHandle={canHandle} onHandle={setHandling} loop={loop} />
            ),
          },
          {
            key: 'query',
            label: t('critical.tabs.query'),
            children: (
              <CriticalQueryTab units={units} canHandle={canHandle} onHandle={setHandling} preset={preset} />
            ),
          },
          { key: 'report', label: t('critical.tabs.report'), children: <CriticalLoopReportTab /> },
        ]}
      />
      <HandleCriticalModal
        event={handling}
        units={units}
        onClose={() => setHandling(null)}
        onHandled={afterHandling}
      />
      {dialogs}
    </PageWrapper>
  );
}
