import { AlertFilled, BellOutlined, SoundOutlined } from '@ant-design/icons';
import { Badge, Button, Popover, Switch, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDevice } from '../../app/preferences';
import { CRITICAL_PAGE, eventLine, useCriticalWatch } from './CriticalWatch';
import { escalationText } from './critical';
import { useItemUnits } from './units';
import './bell.css';

/**
 * The top bar's bell: open critical values of the user's wards, the newest named, and the tone switch.
 * Values escalated to the user (as the patient's doctor or the ward's head nurse, on the user's wards
 * or not) come first with whom they went to, and turn the bell red.
 */
export function CriticalBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const units = useItemUnits();
  const watch = useCriticalWatch();
  const [open, setOpen] = useState(false);
  // at phone width the bell sits mid-bar: a panel hanging from its right or left edge leaves the screen
  const mobile = useDevice() === 'mobile';
  if (!watch.enabled) return null;
  const escalatedIds = new Set(watch.escalated.map((event) => event.id));
  const others = watch.latest.filter((event) => !escalatedIds.has(event.id));
  const escalated = watch.escalated.length > 0;
  const content = (
    <div className="gc-crit-bell-panel" data-testid="critical-bell-panel">
      {escalated ? (
        <section className="gc-crit-bell-escalated" data-testid="critical-bell-escalated">
          <h4>
            <AlertFilled /> {t('critical.escalation.toYou')}
          </h4>
          <ul className="gc-crit-bell-list">
            {watch.escalated.map((event) => (
              <li key={event.id} data-id={event.id}>
                {eventLine(event, t, units)}
                <div className="gc-crit-bell-escalation">{escalationText(event, t)}</div>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {others.length ? (
        <ul className="gc-crit-bell-list">
          {others.map((event) => (
            <li key={event.id}>
              {eventLine(event, t, units)}
              {event.escalatedAt ? (
                <Tag color="red" className="gc-tag-inline">
                  {t('critical.escalation.tag')}
                </Tag>
              ) : null}
            </li>
          ))}
          {watch.openCount > others.length + watch.escalated.length ? (
            <li>
              {t('critical.alert.more', { count: watch.openCount - others.length - watch.escalated.length })}
            </li>
          ) : null}
        </ul>
      ) : escalated ? null : (
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
      placement={mobile ? 'bottom' : 'bottomRight'}
    >
      <Button
        type="text"
        className={escalated ? 'gc-header-icon gc-crit-bell-alarm' : 'gc-header-icon'}
        aria-label={
          escalated
            ? t('critical.bell.labelEscalated', { count: watch.openCount, escalated: watch.escalated.length })
            : t('critical.bell.label', { count: watch.openCount })
        }
        data-testid="critical-bell"
        data-count={watch.openCount}
        data-escalated={watch.escalated.length}
      >
        <Badge count={watch.openCount} size="small" overflowCount={99}>
          {escalated ? <AlertFilled style={{ fontSize: 18 }} /> : <BellOutlined style={{ fontSize: 18 }} />}
        </Badge>
      </Button>
    </Popover>
  );
}
