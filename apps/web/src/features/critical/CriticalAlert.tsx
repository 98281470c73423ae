import { AlertOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDevice } from '../../app/preferences';
import { CRITICAL_PAGE, eventLine, useCriticalWatch } from './CriticalWatch';
import { useItemUnits } from './units';
import './critical.css';

/**
 * The banner of open critical values on the ward dashboard. What it shows comes from the app-wide
 * watch (`CriticalWatch`), which also announces new values wherever the user is.
 */
export function CriticalAlert() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const units = useItemUnits();
  const mobile = useDevice() === 'mobile';
  const state = useCriticalWatch();
  const [dismissed, setDismissed] = useState(false);

  if (!state.enabled || dismissed || state.openCount === 0) return null;
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
