import type { ScreenVariant } from '@glucocare/domain/monitor';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../../components/LanguageSwitch';
import type { ScreenLiveState } from './screen-data';
import { calendarDay, clockSeconds } from './screen-format';

/** The wall's clock on the hospital's time, ticking each second (only this part re-renders). */
function Clock({ timeZone }: { timeZone: string }) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <div className="bigscreen-clock" data-testid="screen-clock">
      <span className="bigscreen-clock-day">{calendarDay(now, timeZone)}</span>
      <span className="bigscreen-clock-time">{clockSeconds(now, timeZone)}</span>
    </div>
  );
}

/** Live / connecting / reconnecting since hh:mm:ss / stopped: a lost connection shows as such. */
export function LiveBadge({ live, timeZone }: { live: ScreenLiveState; timeZone: string }) {
  const { t } = useTranslation();
  const label =
    live.status === 'lost' && live.since
      ? t('monitor.screen.live.lostSince', { time: clockSeconds(live.since, timeZone) })
      : t(`monitor.screen.live.${live.status}`);
  return (
    <span
      className={`bigscreen-live bigscreen-live-${live.status}`}
      role="status"
      data-testid="screen-live"
      data-status={live.status}
    >
      <i />
      {label}
    </span>
  );
}

export function ScreenHeader({
  title,
  variant,
  wards,
  live,
  timeZone,
}: {
  title: string;
  variant: ScreenVariant;
  wards: string;
  live: ScreenLiveState;
  timeZone: string;
}) {
  const { t } = useTranslation();
  return (
    <header className="bigscreen-header">
      <div className="bigscreen-header-side">
        <span className="bigscreen-variant">{t(`monitor.screen.variant.${variant}`)}</span>
        <span className="bigscreen-wards-label" title={wards}>
          {wards}
        </span>
      </div>
      <h1 className="bigscreen-title" data-testid="screen-title">
        {title}
      </h1>
      <div className="bigscreen-header-side bigscreen-header-right">
        <LiveBadge live={live} timeZone={timeZone} />
        <Clock timeZone={timeZone} />
        <LanguageSwitch compact className="bigscreen-lang" />
      </div>
    </header>
  );
}
