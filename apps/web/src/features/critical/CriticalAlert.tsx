import { AlertOutlined } from '@ant-design/icons';
import { PERMISSIONS } from '@glucocare/domain/admin';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button } from 'antd';
import type { TFunction } from 'i18next';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type CriticalEvent, fetchLatestCritical } from '../../api/critical';
import { fetchFeatureSwitches } from '../../api/settings';
import { usePermission } from '../../app/permissions';
import { useDevice } from '../../app/preferences';
import { currentLang } from '../../i18n';
import { ALERT_POLL_MS, type AlertState, INITIAL_ALERT, nextAlertState, playAlertTone } from './alert';
import { useItemUnits, valueText } from './units';
import './critical.css';
import { timeInZone } from '../../components/format';

const CRITICAL_PAGE = '/patient/critical';

function eventLine(event: CriticalEvent, t: TFunction, units: ReturnType<typeof useItemUnits>) {
  return t('critical.alert.line', {
    patient: event.patientName,
    bed: event.bed ?? '—',
    item: t(`critical.items.${event.item}`),
    value: valueText(event.item, event.value, units[event.item]),
    classification: t(`critical.classes.${event.classification}`, { defaultValue: event.classification }),
    time: timeInZone(event.measuredAt),
  });
}

/**
 * Announces new critical values of the user's departments (mounted on the inpatient list): polls
 * GET /v1/crisisPatient/latest every 30 s, shows a banner with the open ones and a notification (with a
 * short tone) for each new one. Off when the hospital turned the `criticalAlert` feature off or the
 * user may not see critical values.
 */
export function CriticalAlert() {
  const { t } = useTranslation();
  const { notification } = App.useApp();
  const navigate = useNavigate();
  const units = useItemUnits();
  const mobile = useDevice() === 'mobile';
  const canList = usePermission(PERMISSIONS.criticalValues.list);
  const features = useQuery({
    queryKey: ['settings', 'features', currentLang()],
    queryFn: ({ signal }) => fetchFeatureSwitches(signal),
    staleTime: 300_000,
    enabled: canList,
    meta: { silent: true },
  });
  const enabled =
    canList && features.data?.find((feature) => feature.key === 'criticalAlert')?.value === true;

  const [state, setState] = useState<AlertState>(INITIAL_ALERT);
  const [dismissed, setDismissed] = useState(false);
  const current = useRef<AlertState>(INITIAL_ALERT);
  const poll = useQuery({
    queryKey: ['critical', 'alert'],
    queryFn: ({ signal }) => fetchLatestCritical(current.current.since, signal),
    enabled,
    refetchInterval: ALERT_POLL_MS,
    refetchIntervalInBackground: true,
    staleTime: 0,
    gcTime: 0,
    meta: { silent: true },
  });

  // what the notifications need, read when an answer comes (not a reason to announce again)
  const context = useRef({ t, units, notification, navigate });
  context.current = { t, units, notification, navigate };

  useEffect(() => {
    if (!poll.data) return;
    const next = nextAlertState(current.current, poll.data);
    current.current = next;
    setState(next);
    if (!next.arrived.length) return;
    const { t: translate, units: shown, notification: notify, navigate: go } = context.current;
    setDismissed(false);
    playAlertTone();
    for (const event of next.arrived.slice(0, 3)) {
      const key = `critical-${event.id}`;
      notify.error({
        key,
        message: translate('critical.alert.newTitle'),
        description: eventLine(event, translate, shown),
        icon: <AlertOutlined style={{ color: '#cf1322' }} />,
        duration: 15,
        placement: 'topRight',
        actions: (
          <Button
            size="small"
            type="primary"
            danger
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

  if (!enabled || dismissed || state.openCount === 0) return null;
  const more = state.openCount - state.latest.length;
  const view = (
    <Button size="small" danger onClick={() => navigate(CRITICAL_PAGE)} data-testid="critical-alert-view">
      {t('critical.alert.view')}
    </Button>
  );
  return (
    <Alert
      type="error"
      showIcon
      icon={<AlertOutlined />}
      closable
      onClose={() => setDismissed(true)}
      className="gc-crit-alert"
      data-testid="critical-alert"
      message={<strong>{t('critical.alert.banner', { count: state.openCount })}</strong>}
      description={
        <>
          <ul className="gc-crit-alert-list">
            {state.latest.map((event) => (
              <li key={event.id} data-testid="critical-alert-item">
                {eventLine(event, t, units)}
              </li>
            ))}
            {more > 0 ? <li>{t('critical.alert.more', { count: more })}</li> : null}
          </ul>
          {/* phones: the button goes under the list, where it does not squeeze it */}
          {mobile ? <div style={{ marginTop: 8 }}>{view}</div> : null}
        </>
      }
      action={mobile ? undefined : view}
    />
  );
}
