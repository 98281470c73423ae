import { CheckCircleOutlined, ClockCircleOutlined } from '@ant-design/icons';
import type { DisplayUnit } from '@glucocare/domain/hospital-settings';
import { formatReadingValue } from '@glucocare/domain/review';
import { Button, Tag } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { CriticalEvent } from '../../api/critical';
import { timeInZone } from '../../components/format';
import { currentLang } from '../../i18n';
import { formatDuration, minutesOpen, openUrgency } from './critical';

/** Fallback colour of a critical value whose band has none (red for high, purple for low). */
export function criticalColor(event: Pick<CriticalEvent, 'color' | 'classification'>): string {
  return event.color ?? (event.classification === 'criticalLow' ? '#722ED1' : '#CF1322');
}

/** One critical value of today: patient, value, and either the running timer and Handle, or its handling. */
export function CriticalCard({
  event,
  unit,
  now,
  canHandle,
  onHandle,
}: {
  event: CriticalEvent;
  unit: DisplayUnit;
  now: Date;
  canHandle: boolean;
  onHandle: (event: CriticalEvent) => void;
}) {
  const { t } = useTranslation();
  const open = event.status === 'open';
  const colon = currentLang() === 'zh-CN' ? '：' : ':';
  const minutes = minutesOpen(event, now);
  const color = criticalColor(event);
  const style = { '--crit-color': color } as CSSProperties;
  return (
    <article
      className={open ? 'gc-crit-card gc-crit-open' : 'gc-crit-card'}
      style={style}
      data-testid="critical-card"
      data-status={event.status}
      data-id={event.id}
    >
      <div className="gc-crit-head">
        <div className="gc-crit-patient">
          <span className="gc-crit-name">{event.patientName}</span>
          {event.bed ? <Tag>{t('critical.bedLabel', { bed: event.bed })}</Tag> : null}
          <div className="gc-crit-meta">
            {[event.inpatientNumber, event.departmentName, event.doctorName].filter(Boolean).join(' · ')}
          </div>
        </div>
        <Tag color={open ? 'red' : 'green'} data-testid="critical-status">
          {t(`critical.status.${event.status}`)}
        </Tag>
      </div>
      <div className="gc-crit-body">
        <div className="gc-crit-value" style={{ color }} data-testid="critical-value">
          {formatReadingValue(event.item, event.value, unit.code, event)}
          <small>{unit.name}</small>
        </div>
        <div className="gc-crit-reading">
          <Tag color={color}>
            {t(`critical.classes.${event.classification}`, { defaultValue: event.classification })}
          </Tag>
          <div>
            {t(`critical.items.${event.item}`)}
            {event.periodName ? ` · ${event.periodName}` : ''}
          </div>
          <div className="gc-secondary">
            {t('critical.measuredAtShort', { time: timeInZone(event.measuredAt) })}
          </div>
        </div>
      </div>
      <div className="gc-crit-foot">
        {open ? (
          <>
            <span
              className={`gc-crit-timer gc-crit-timer-${openUrgency(minutes)}`}
              data-testid="critical-open-for"
            >
              <ClockCircleOutlined /> {t('critical.openFor', { duration: formatDuration(minutes, t) })}
            </span>
            {canHandle ? (
              <Button
                type="primary"
                danger
                size="small"
                data-testid="critical-handle"
                onClick={() => onHandle(event)}
              >
                {t('critical.handle.action')}
              </Button>
            ) : null}
          </>
        ) : (
          <dl className="gc-crit-handling" data-testid="critical-handling">
            <div>
              <CheckCircleOutlined style={{ color: '#389e0d' }} />{' '}
              <strong data-testid="critical-minutes">
                {t('critical.handledIn', { duration: formatDuration(event.minutesToHandle, t) })}
              </strong>
            </div>
            <div>
              <dt>
                {t('critical.fields.handledBy')}
                {colon}
              </dt>
              <dd>
                {t('critical.handledByAt', {
                  name: event.handledBy ?? t('common.none'),
                  time: event.handledAt ? timeInZone(event.handledAt) : t('common.none'),
                })}
              </dd>
            </div>
            <div>
              <dt>
                {t('critical.fields.notifiedPerson')}
                {colon}
              </dt>
              <dd>{event.notifiedPerson}</dd>
            </div>
            <div>
              <dt>
                {t('critical.fields.action')}
                {colon}
              </dt>
              <dd>{event.action}</dd>
            </div>
          </dl>
        )}
      </div>
    </article>
  );
}
