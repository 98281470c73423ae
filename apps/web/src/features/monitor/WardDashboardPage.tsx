import { FullscreenExitOutlined, FullscreenOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Select, Skeleton, Space, Tag, Tooltip } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorText } from '../../api/http';
import { fetchWardDashboard } from '../../api/ward-dashboard';
import { type LiveStatus, useLiveStatus } from '../../app/live';
import { secondsInZone } from '../../components/format';
import { LoadError, PageWrapper } from '../../components/PageWrapper';
import { currentLang } from '../../i18n';
import { useItemUnits } from '../critical/units';
import { RecentCriticals, RecentTests, WardBeds, WardTiles } from './WardParts';
import { readWardChoice, writeWardChoice } from './ward-view';
import './ward.css';

/** While the push channel is down the dashboard polls at this pace, then goes back to listening. */
const FALLBACK_POLL_MS = 30_000;

const STATUS_COLORS: Record<LiveStatus, string> = {
  live: 'green',
  connecting: 'default',
  lost: 'orange',
  off: 'default',
};

/** Whether the dashboard fills the screen (the Fullscreen API; a nurses' station TV). */
function useFullscreen(target: React.RefObject<HTMLElement | null>) {
  const [active, setActive] = useState(false);
  useEffect(() => {
    const changed = () => setActive(document.fullscreenElement === target.current && !!target.current);
    document.addEventListener('fullscreenchange', changed);
    return () => document.removeEventListener('fullscreenchange', changed);
  }, [target]);
  const toggle = useCallback(() => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => {});
    else void target.current?.requestFullscreen?.().catch(() => {});
  }, [target]);
  const supported = typeof document !== 'undefined' && !!document.fullscreenEnabled;
  return { active, toggle, supported };
}

/**
 * The ward-wide dashboard (`/monitor/ward`, spec §2, issue 20): one ward of the user's scope or all of
 * them — the six figures, every bed's now, the recent tests and critical values — kept fresh by the push
 * channel (readings, critical values, admissions reload it), with the channel's state on the screen and
 * a full-screen mode for the nurses' station.
 */
export default function WardDashboardPage() {
  const { t } = useTranslation();
  const lang = currentLang();
  const units = useItemUnits();
  const live = useLiveStatus();
  const [ward, setWard] = useState<string>(readWardChoice);
  const root = useRef<HTMLDivElement>(null);
  const fullscreen = useFullscreen(root);

  const query = useQuery({
    queryKey: ['monitor', 'ward', ward, lang],
    queryFn: ({ signal }) => fetchWardDashboard(ward, signal),
    staleTime: 0,
    refetchInterval: live === 'live' ? false : FALLBACK_POLL_MS,
    placeholderData: (previous) => previous,
    meta: { silent: true },
  });

  const choose = (code: string) => {
    writeWardChoice(code);
    setWard(code);
  };
  // a remembered ward that left the user's scope (404): back to every ward of the scope
  const gone = query.error instanceof ApiError && query.error.status === 404 && ward !== '';
  useEffect(() => {
    if (!gone) return;
    writeWardChoice('');
    setWard('');
  }, [gone]);

  const data = query.data;
  const options = [
    ...((data?.departments.length ?? 0) > 1 ? [{ value: '', label: t('monitor.ward.allWards') }] : []),
    ...(data?.departments ?? []).map((d) => ({ value: d.code, label: d.name })),
  ];
  const selectValue = ward || (data?.departments.length === 1 ? data.departments[0]!.code : '');

  const extra = (
    <Space wrap size={8} className="gc-wd-toolbar">
      <Select
        className="gc-wd-ward-select"
        value={data ? selectValue : undefined}
        placeholder={t('monitor.ward.ward')}
        options={options}
        onChange={choose}
        loading={query.isLoading}
        aria-label={t('monitor.ward.ward')}
        data-testid="ward-select"
        popupMatchSelectWidth={false}
      />
      <Tooltip title={t(`live.status.${live === 'off' ? 'connecting' : live}`)}>
        <Tag color={STATUS_COLORS[live]} data-testid="ward-live" data-status={live} className="gc-wd-live">
          <span className={`gc-wd-live-dot gc-wd-live-dot-${live}`} />
          {t(`monitor.ward.status.${live}`)}
        </Tag>
      </Tooltip>
      {data ? (
        <span className="gc-wd-muted" data-testid="ward-updated">
          {t('monitor.ward.updatedAt', { time: secondsInZone(data.at) })}
        </span>
      ) : null}
      <Button
        icon={<ReloadOutlined />}
        onClick={() => void query.refetch()}
        loading={query.isFetching}
        aria-label={t('monitor.ward.refresh')}
        data-testid="ward-refresh"
      />
      {fullscreen.supported ? (
        <Button
          icon={fullscreen.active ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
          onClick={fullscreen.toggle}
          data-testid="ward-fullscreen"
        >
          {fullscreen.active ? t('monitor.ward.exitFullScreen') : t('monitor.ward.fullScreen')}
        </Button>
      ) : null}
    </Space>
  );

  return (
    <PageWrapper
      ref={root}
      title={t('monitor.ward.title')}
      description={t('monitor.ward.description')}
      extra={extra}
      testId="ward-dashboard"
      className={fullscreen.active ? 'gc-wd gc-wd-fullscreen' : 'gc-wd'}
    >
      {query.isError && !gone && !data ? (
        <LoadError
          title={t('monitor.ward.loadError')}
          message={errorText(query.error)}
          onRetry={() => void query.refetch()}
        />
      ) : !data ? (
        <Skeleton active paragraph={{ rows: 8 }} data-testid="ward-loading" />
      ) : (
        <>
          {query.isError && !gone ? (
            <LoadError
              title={t('monitor.ward.staleError')}
              message={errorText(query.error)}
              onRetry={() => void query.refetch()}
              testId="ward-stale"
            />
          ) : null}
          <WardTiles data={data} />
          <div className="gc-wd-body">
            <section className="gc-wd-panel gc-wd-beds-panel">
              <h3 className="gc-wd-panel-title">
                {t('monitor.ward.beds.title')} <span className="gc-wd-muted">{data.beds.length}</span>
              </h3>
              <WardBeds data={data} units={units} />
            </section>
            <div className="gc-wd-side">
              <RecentCriticals data={data} units={units} />
              <RecentTests data={data} units={units} />
            </div>
          </div>
        </>
      )}
    </PageWrapper>
  );
}
