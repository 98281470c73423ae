import {
  AlertFilled,
  CheckCircleFilled,
  CheckCircleOutlined,
  ClockCircleOutlined,
  ExclamationCircleFilled,
  MinusCircleFilled,
} from '@ant-design/icons';
import type { DisplayUnit } from '@glucocare/domain/hospital-settings';
import { formatReadingValue } from '@glucocare/domain/review';
import { Button, Tag } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { CriticalEvent } from '../../api/critical';
import { timeInZone } from '../../components/format';
import { currentLang } from '../../i18n';
import {
  escalationText,
  formatDuration,
  type LoopEvent,
  type LoopStepView,
  loopSteps,
  minutesOpen,
  openUrgency,
  recheckCountdown,
  recheckCountdownText,
} from './critical';

/** Fallback colour of a critical value whose band has none (red for high, purple for low). */
export function criticalColor(event: Pick<CriticalEvent, 'color' | 'classification'>): string {
  return event.color ?? (event.classification === 'criticalLow' ? '#722ED1' : '#CF1322');
}

/** What a card's loop buttons do; the page holds the dialogs and the requests. */
export interface LoopActions {
  onNotify: (event: CriticalEvent) => void;
  onAcknowledge: (event: CriticalEvent) => void;
  onSkipRecheck: (event: CriticalEvent) => void;
  /** the event whose acknowledgement is on its way */
  acknowledging: number | null;
}

const STEP_ICONS = {
  done: <CheckCircleFilled />,
  skipped: <MinusCircleFilled />,
  waiting: <ClockCircleOutlined />,
} as const;

/**
 * The loop as one compact line: measured → notified → acknowledged → handled → rechecked, each done
 * step with its time (and who), the waiting ones named; the recheck counts down to its due time.
 * A value nobody was told of yet is flagged.
 */
export function LoopStepLine({ event, now }: { event: LoopEvent; now: Date }) {
  const { t } = useTranslation();
  const countdown = recheckCountdown(event, now);
  const text = (step: LoopStepView) => {
    if (step.state === 'skipped') return t('critical.loop.skipped', { reason: step.detail });
    if (step.state === 'waiting') {
      return step.step === 'rechecked' && countdown
        ? recheckCountdownText(countdown, t)
        : t(`critical.loop.waiting.${step.step}`);
    }
    const done = t(`critical.loop.${step.step}`, { time: step.at ? timeInZone(step.at) : '' });
    return step.detail ? `${done} · ${step.detail}` : done;
  };
  return (
    <ol className="gc-crit-steps" aria-label={t('critical.loop.steps')} data-testid="critical-steps">
      {loopSteps(event).map((step) => {
        const alarm =
          step.state === 'waiting' &&
          (step.step === 'notified' || (step.step === 'rechecked' && countdown?.state === 'overdue'));
        return (
          <li
            key={step.step}
            className={`gc-crit-step gc-crit-step-${alarm ? 'alarm' : step.state}`}
            data-step={step.step}
            data-state={step.state}
            data-testid={`critical-step-${step.step}`}
          >
            {alarm ? <ExclamationCircleFilled /> : STEP_ICONS[step.state]}
            <span>{text(step)}</span>
          </li>
        );
      })}
    </ol>
  );
}

/** One critical value of today: patient, value, its loop, and either the running timer and Handle, or its handling. */
export function CriticalCard({
  event,
  unit,
  now,
  canHandle,
  onHandle,
  loop,
}: {
  event: CriticalEvent;
  unit: DisplayUnit;
  now: Date;
  canHandle: boolean;
  onHandle: (event: CriticalEvent) => void;
  loop: LoopActions;
}) {
  const { t } = useTranslation();
  const open = event.status === 'open';
  const colon = currentLang() === 'zh-CN' ? '：' : ':';
  const minutes = minutesOpen(event, now);
  const color = criticalColor(event);
  const style = { '--crit-color': color } as CSSProperties;
  const waitsForRecheck = !event.recheckedAt && !event.recheckSkippedReason;
  const loopButtons = [
    canHandle && open && !event.notifiedAt ? (
      <Button key="notify" size="small" onClick={() => loop.onNotify(event)} data-testid="critical-notify">
        {t('critical.loop.notify')}
      </Button>
    ) : null,
    !event.acknowledgedAt ? (
      <Button
        key="acknowledge"
        size="small"
        loading={loop.acknowledging === event.id}
        onClick={() => loop.onAcknowledge(event)}
        data-testid="critical-acknowledge"
      >
        {t('critical.loop.acknowledge')}
      </Button>
    ) : null,
    canHandle && waitsForRecheck ? (
      <Button
        key="skip"
        size="small"
        type="text"
        onClick={() => loop.onSkipRecheck(event)}
        data-testid="critical-skip-recheck"
      >
        {t('critical.loop.skipRecheck')}
      </Button>
    ) : null,
  ].filter(Boolean);
  const escalation = escalationText(event, t);
  const classes = [
    'gc-crit-card',
    open ? 'gc-crit-open' : '',
    escalation && !event.loopClosed ? 'gc-crit-escalated' : '',
  ];
  return (
    <article
      className={classes.filter(Boolean).join(' ')}
      style={style}
      data-testid="critical-card"
      data-status={event.status}
      data-loop-closed={event.loopClosed}
      data-escalated={!!escalation}
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
        <div className="gc-crit-tags">
          <Tag color={open ? 'red' : 'green'} data-testid="critical-status">
            {t(`critical.status.${event.status}`)}
          </Tag>
          {event.loopClosed ? (
            <Tag color="success" icon={<CheckCircleOutlined />} data-testid="critical-loop-closed">
              {t('critical.loop.closed')}
            </Tag>
          ) : null}
        </div>
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
      {escalation ? (
        <div className="gc-crit-escalation" role="status" data-testid="critical-escalated">
          <AlertFilled /> {escalation}
        </div>
      ) : null}
      <LoopStepLine event={event} now={now} />
      {loopButtons.length ? <div className="gc-crit-loop-actions">{loopButtons}</div> : null}
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
