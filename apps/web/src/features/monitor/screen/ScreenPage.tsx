import type { ScreenVariant } from '@glucocare/domain/monitor';
import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, theme } from 'antd';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../../components/LanguageSwitch';
import { currentLang } from '../../../i18n';
import { ScreenLayout } from './layouts';
import { LiveBadge, ScreenHeader } from './ScreenHeader';
import { Stage } from './Stage';
import {
  createScreenQueryClient,
  type ScreenLiveState,
  useScreenLive,
  useScreenQueries,
} from './screen-data';
import { adoptScreenLink } from './screen-link';
import type { ScreenView } from './view';
import './screen.css';

/** List rows of the layouts (design pixels): larger on the compact layout, shown on small TVs. */
const ROW_HEIGHT: Record<ScreenVariant, number> = { hospital: 46, wards: 52, operations: 50, compact: 60 };
/** Ward names in the header up to this many; beyond, their count. */
const WARD_NAMES_SHOWN = 4;

/**
 * The hospital big screen (`/bigcharts`, `/bigcharts/screen`, `/bigcharts/yy`, `/bigcharts/old`;
 * issue 20, docs/api.md "Wall screens"): public to the router, its data only with a screen link. The
 * variant comes from the path — any variant path works with any valid link.
 */
export function ScreenPage({ variant }: { variant: ScreenVariant }) {
  const [link] = useState(() => adoptScreenLink());
  const [client] = useState(createScreenQueryClient);
  useEffect(() => {
    document.documentElement.classList.add('bigscreen-document');
    return () => {
      document.documentElement.classList.remove('bigscreen-document');
      client.clear();
    };
  }, [client]);
  return (
    <QueryClientProvider client={client}>
      <ConfigProvider theme={{ algorithm: theme.darkAlgorithm }}>
        <Stage>
          {link ? (
            <LinkedScreen link={link} variant={variant} client={client} />
          ) : (
            <LinkNeeded reason="missing" />
          )}
        </Stage>
      </ConfigProvider>
    </QueryClientProvider>
  );
}

function LinkedScreen({
  link,
  variant,
  client,
}: {
  link: string;
  variant: ScreenVariant;
  client: ReturnType<typeof createScreenQueryClient>;
}) {
  const { t } = useTranslation();
  const { overview, recent, crisis, distribution, refused, panels } = useScreenQueries(link, variant);
  const live = useScreenLive(client, refused ? null : link);
  const data = overview.data;
  const title = data ? data.config.title || data.config.hospitalName : '';
  if (refused) return <LinkNeeded reason="refused" />;
  if (!data) {
    return (
      <div className="bigscreen-message" data-testid="screen-waiting">
        <div className="bigscreen-message-title">
          {overview.isError ? t('monitor.screen.waiting.server') : t('monitor.screen.waiting.loading')}
        </div>
        <LiveBadge live={live} timeZone={Intl.DateTimeFormat().resolvedOptions().timeZone} />
      </div>
    );
  }
  const view: ScreenView = {
    config: data.config,
    overview: data,
    recent: recent.data,
    crisis: crisis.data,
    distribution: distribution.data,
    lang: currentLang(),
    rowHeight: ROW_HEIGHT[variant],
    wide: variant === 'operations',
  };
  return (
    <div className={`bigscreen bigscreen-${variant}`} data-variant={variant} data-testid="screen">
      <ScreenHeader
        title={title}
        variant={variant}
        wards={wardsText(data.config.departments, t)}
        live={live}
        timeZone={data.config.timeZone}
      />
      {panels.length === 0 ? (
        <div className="bigscreen-message">{t('monitor.screen.empty.panels')}</div>
      ) : (
        <ScreenLayout variant={variant} panels={panels} view={view} />
      )}
    </div>
  );
}

function wardsText(wards: readonly { name: string }[], t: TFunction): string {
  if (wards.length > WARD_NAMES_SHOWN) return t('monitor.screen.wards.count', { wards: wards.length });
  return wards.map((ward) => ward.name).join(t('monitor.screen.wards.separator'));
}

/** Without a link, or with one the server refuses: what to do, in large type, in both languages. */
function LinkNeeded({ reason }: { reason: 'missing' | 'refused' }) {
  const { t } = useTranslation();
  return (
    <div className="bigscreen-message" data-testid="screen-link-needed" data-reason={reason}>
      <div className="bigscreen-message-title">{t(`monitor.screen.link.${reason}.title`)}</div>
      <div className="bigscreen-message-text">{t(`monitor.screen.link.${reason}.text`)}</div>
      <LanguageSwitch className="bigscreen-lang" />
    </div>
  );
}

export type { ScreenLiveState };
