import { ReloadOutlined } from '@ant-design/icons';
import type { MeasurementItem } from '@glucocare/domain/clinical';
import type { CriticalStatus } from '@glucocare/domain/critical';
import type { DisplayUnit } from '@glucocare/domain/hospital-settings';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Input, Segmented, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type CriticalEvent,
  type CriticalMonitorFilter,
  criticalKeys,
  fetchCriticalMonitor,
} from '../../api/critical';
import { errorText } from '../../api/http';
import { DepartmentTreeSelect, useDepartmentTree } from '../../components/DepartmentTreeSelect';
import { secondsInZone } from '../../components/format';
import { LoadError } from '../../components/PageWrapper';
import { flattenTree } from '../../components/tree';
import { currentLang } from '../../i18n';
import { CriticalCard, type LoopActions } from './CriticalCard';
import { sortForToday } from './critical';

/** Today's list refreshes itself this often. */
export const MONITOR_REFRESH_MS = 60_000;

/** "Now", moved on every `intervalMs` so running timers count up. */
export function useNow(intervalMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}

type StatusChoice = 'all' | CriticalStatus;

/** Today's critical values of the user's wards as cards: open ones first with a running timer. */
export function CriticalTodayTab({
  units,
  canHandle,
  onHandle,
  loop,
}: {
  units: Record<MeasurementItem, DisplayUnit>;
  canHandle: boolean;
  onHandle: (event: CriticalEvent) => void;
  loop: LoopActions;
}) {
  const { t } = useTranslation();
  const lang = currentLang();
  const now = useNow(30_000);
  const [keyword, setKeyword] = useState('');
  const [departmentCode, setDepartmentCode] = useState<string | null>(null);
  const [status, setStatus] = useState<StatusChoice>('all');
  // a value escalated to someone outside its ward is theirs to see and acknowledge; handling stays with
  // the ward (the server refuses it), so the button shows only for the wards of the user's scope
  const scopeTree = useDepartmentTree('scope', canHandle);
  const wards = useMemo(
    () => (scopeTree.data ? new Set(flattenTree(scopeTree.data).map((node) => node.code)) : null),
    [scopeTree.data],
  );
  const filter: CriticalMonitorFilter = {
    queryCondition: keyword.trim() || undefined,
    departmentCode: departmentCode ?? undefined,
    status: status === 'all' ? undefined : status,
  };
  const query = useQuery({
    queryKey: criticalKeys.monitor(filter, lang),
    queryFn: ({ signal }) => fetchCriticalMonitor(filter, signal),
    refetchInterval: MONITOR_REFRESH_MS,
    staleTime: 0,
    placeholderData: (previous) => previous,
    meta: { silent: true },
  });
  const rows = sortForToday(query.data ?? []);
  const filtered = !!(filter.queryCondition || filter.departmentCode || filter.status);

  return (
    <div data-testid="critical-today">
      <div className="gc-crit-toolbar">
        <Input.Search
          className="gc-crit-search"
          allowClear
          maxLength={50}
          placeholder={t('critical.keywordPlaceholder')}
          onSearch={(value) => setKeyword(value)}
          data-testid="critical-keyword"
        />
        <div className="gc-crit-department">
          <DepartmentTreeSelect
            source="scope"
            value={departmentCode}
            onChange={(value) => setDepartmentCode(value === null ? null : String(value))}
            placeholder={t('critical.allDepartments')}
            data-testid="critical-department"
          />
        </div>
        <Segmented<StatusChoice>
          value={status}
          onChange={setStatus}
          options={[
            { value: 'all', label: t('common.all') },
            { value: 'open', label: t('critical.status.open') },
            { value: 'handled', label: t('critical.status.handled') },
          ]}
          data-testid="critical-status-filter"
        />
        <Button
          icon={<ReloadOutlined />}
          onClick={() => void query.refetch()}
          loading={query.isFetching}
          aria-label={t('critical.refresh')}
          data-testid="critical-refresh"
        />
        <span className="gc-crit-refreshed">
          {query.dataUpdatedAt ? t('critical.refreshed', { time: secondsInZone(query.dataUpdatedAt) }) : null}
        </span>
      </div>
      {query.isError ? (
        <LoadError
          title={t('critical.loadFailed')}
          message={errorText(query.error)}
          onRetry={() => void query.refetch()}
        />
      ) : null}
      {query.isLoading ? (
        <div className="gc-loading" data-testid="critical-loading">
          <Spin />
        </div>
      ) : rows.length === 0 && !query.isError ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={filtered ? t('critical.empty.filtered') : t('critical.empty.today')}
          data-testid="critical-empty"
        />
      ) : (
        <div className="gc-crit-grid">
          {rows.map((event) => (
            <CriticalCard
              key={event.id}
              event={event}
              unit={units[event.item]}
              now={now}
              canHandle={canHandle && (wards === null || wards.has(event.departmentCode))}
              onHandle={onHandle}
              loop={loop}
            />
          ))}
        </div>
      )}
    </div>
  );
}
