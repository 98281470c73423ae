import { AlertOutlined } from '@ant-design/icons';
import { PERMISSIONS } from '@glucocare/domain/admin';
import { useQuery } from '@tanstack/react-query';
import { App, Button } from 'antd';
import type { TFunction } from 'i18next';
import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type CriticalEvent, fetchLatestCritical } from '../../api/critical';
import { fetchFeatureSwitches } from '../../api/settings';
import { useLiveStatus } from '../../app/live';
import { usePermission } from '../../app/permissions';
import { useSession } from '../../app/session';
import { timeInZone } from '../../components/format';
import { currentLang } from '../../i18n';
import {
  ALERT_POLL_MS,
  ALERT_SAFETY_POLL_MS,
  type AlertState,
  alertMuted,
  INITIAL_ALERT,
  nextAlertState,
  playAlertTone,
  setAlertMuted,
} from './alert';
import { escalationText } from './critical';
import { useItemUnits, valueText } from './units';

export const CRITICAL_PAGE = '/patient/critical';

export function eventLine(event: CriticalEvent, t: TFunction, units: ReturnType<typeof useItemUnits>) {
  return t('critical.alert.line', {
    patient: event.patientName,
    bed: event.bed ?? '—',
    item: t(`critical.items.${event.item}`),
    value: valueText(event.item, event.value, units[event.item]),
    classification: t(`critical.classes.${event.classification}`, { defaultValue: event.classification }),
    time: timeInZone(event.measuredAt),
  });
}

export interface CriticalWatchState extends AlertState {
  /** the hospital's `criticalAlert` switch is on and the user may see critical values */
  enabled: boolean;
  muted: boolean;
  setMuted(muted: boolean): void;
}

const WatchContext = createContext<CriticalWatchState>({
  ...INITIAL_ALERT,
  enabled: false,
  muted: false,
  setMuted: () => {},
});

/** What the watch knows: the top bar's bell and the ward dashboard's banner read it. */
export function useCriticalWatch(): CriticalWatchState {
  return useContext(WatchContext);
}

/**
 * Watches the critical values of the user's wards for the whole signed-in app (issue 15: "everyone in
 * scope is told at once, wherever they are"): mounted once in the layout, so a value is announced once
 * per tab whichever page is open. The push channel makes the latest values reload within a second of
 * the write (`app/live.ts` invalidates `['critical']`); the poll stays as a safety net, every 30 s while
 * the channel is down and every 5 minutes while it is live. Each new value gets a notification and a
 * tone, unless the user muted the tone on this workstation.
 */
export function CriticalWatch({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { notification } = App.useApp();
  const navigate = useNavigate();
  const units = useItemUnits();
  const { profile } = useSession();
  const canList = usePermission(PERMISSIONS.criticalValues.list);
  const live = useLiveStatus();
  const features = useQuery({
    queryKey: ['settings', 'features', currentLang()],
    queryFn: ({ signal }) => fetchFeatureSwitches(signal),
    staleTime: 300_000,
    enabled: canList,
    meta: { silent: true },
  });
  const enabled =
    canList && features.data?.find((feature) => feature.key === 'criticalAlert')?.value === true;
  const mutedKey = profile ? `${profile.tenant}:${profile.userId}` : '';
  const [muted, setMutedState] = useState(() => alertMuted(mutedKey));
  useEffect(() => setMutedState(alertMuted(mutedKey)), [mutedKey]);

  const [state, setState] = useState<AlertState>(INITIAL_ALERT);
  const current = useRef<AlertState>(INITIAL_ALERT);
  const poll = useQuery({
    queryKey: ['critical', 'alert'],
    queryFn: ({ signal }) => fetchLatestCritical(current.current.since, signal),
    enabled,
    refetchInterval: live === 'live' ? ALERT_SAFETY_POLL_MS : ALERT_POLL_MS,
    refetchIntervalInBackground: true,
    staleTime: 0,
    gcTime: 0,
    meta: { silent: true },
  });

  // what the notifications need, read when an answer comes (not a reason to announce again)
  const context = useRef({ t, units, notification, navigate, muted });
  context.current = { t, units, notification, navigate, muted };

  useEffect(() => {
    if (!poll.data) return;
    const next = nextAlertState(current.current, poll.data);
    current.current = next;
    setState(next);
    if (!next.arrived.length && !next.escalatedArrived.length) return;
    const { t: translate, units: shown, notification: notify, navigate: go, muted: quiet } = context.current;
    if (!quiet) playAlertTone();
    // escalations to this user first: they are why the user is told at all when the value is not on
    // their wards, and they stay on screen until closed
    const announcements = [
      ...next.escalatedArrived.slice(0, 3).map((event) => ({
        key: `critical-escalated-${event.id}`,
        title: translate('critical.escalation.newTitle'),
        description: `${eventLine(event, translate, shown)} — ${escalationText(event, translate)}`,
        duration: 0,
      })),
      ...next.arrived.slice(0, 3).map((event) => ({
        key: `critical-${event.id}`,
        title: translate('critical.alert.newTitle'),
        description: eventLine(event, translate, shown),
        duration: 15,
      })),
    ];
    for (const { key, title, description, duration } of announcements) {
      notify.error({
        key,
        message: title,
        description,
        icon: <AlertOutlined style={{ color: '#cf1322' }} />,
        duration,
        placement: 'topRight',
        actions: (
          <Button
            size="small"
            type="primary"
            danger
            data-testid="critical-notification-view"
            onClick={() => {
              notify.destroy(key);
              go(CRITICAL_PAGE);
            }}
          >
            {translate('critical.alert.view')}
          </Button>
        ),
      });
    }
  }, [poll.data]);

  const value: CriticalWatchState = {
    ...state,
    enabled,
    muted,
    setMuted: (next) => {
      setAlertMuted(mutedKey, next);
      setMutedState(next);
    },
  };
  return <WatchContext.Provider value={value}>{children}</WatchContext.Provider>;
}
