import { BellOutlined, SoundOutlined } from '@ant-design/icons';
import { Badge, Button, Popover, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CRITICAL_PAGE, eventLine, useCriticalWatch } from './CriticalWatch';
import { useItemUnits } from './units';
import './bell.css';

/** The top bar's bell: open critical values of the user's wards, the newest named, and the tone switch. */
export function CriticalBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const units = useItemUnits();
  const watch = useCriticalWatch();
  const [open, setOpen] = useState(false);
  if (!watch.enabled) return null;
  const content = (
    <div className="gc-crit-bell-panel" data-testid="critical-bell-panel">
      {watch.latest.length ? (
        <ul className="gc-crit-bell-list">
          {watch.latest.map((event) => (
            <li key={event.id}>{eventLine(event, t, units)}</li>
          ))}
          {watch.openCount > watch.latest.length ? (
            <li>{t('critical.alert.more', { count: watch.openCount - watch.latest.length })}</li>
          ) : null}
        </ul>
      ) : (
        <p className="gc-secondary">{t('critical.bell.empty')}</p>
      )}
      <div className="gc-crit-bell-actions">
        <span className="gc-crit-bell-sound">
          <SoundOutlined />
          <span id="critical-bell-sound-label">{t('critical.bell.sound')}</span>
          <Switch
            size="small"
            checked={!watch.muted}
            onChange={(on) => watch.setMuted(!on)}
            aria-labelledby="critical-bell-sound-label"
            data-testid="critical-bell-sound"
          />
        </span>
        <Button
          size="small"
          type="primary"
          danger
          onClick={() => {
            setOpen(false);
            navigate(CRITICAL_PAGE);
          }}
        >
          {t('critical.alert.view')}
        </Button>
      </div>
    </div>
  );
  return (
    <Popover
      content={content}
      title={t('critical.bell.title')}
      trigger="click"
      open={open}
      onOpenChange={setOpen}
      placement="bottomRight"
    >
      <Button
        type="text"
        className="gc-header-icon"
        aria-label={t('critical.bell.label', { count: watch.openCount })}
        data-testid="critical-bell"
        data-count={watch.openCount}
      >
        <Badge count={watch.openCount} size="small" overflowCount={99}>
          <BellOutlined style={{ fontSize: 18 }} />
        </Badge>
      </Button>
    </Popover>
  );
}
