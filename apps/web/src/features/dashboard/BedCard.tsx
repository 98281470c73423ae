import { ExportOutlined, MoreOutlined, SwapOutlined, UserOutlined } from '@ant-design/icons';
import { readingColor } from '@glucocare/domain/patients';
import { Button, Dropdown, type MenuProps, Tooltip } from 'antd';
import type { TFunction } from 'i18next';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Inpatient } from '../../api/patients';
import { formatDateTime } from '../../components/format';
import { GenderIcon, GlucoseValue, PatientTags, type TagOptionsByText } from '../patients/parts';
import { PumpBadge } from '../tasks/pump-reminders';
import { elapsedSince, type PeriodChip } from './inpatients';

export type PatientAction = 'detail' | 'transfer' | 'discharge';

/** "5 min ago", "3 h ago"… */
export function agoText(t: TFunction, iso: string, now: Date): string {
  const elapsed = elapsedSince(iso, now);
  return t(`dashboard.ago.${elapsed.unit}`, { count: elapsed.count });
}

/** The actions a user may take on a patient, as menu items (detail always). */
export function actionItems(
  t: TFunction,
  allowed: { transfer: boolean; discharge: boolean },
): NonNullable<MenuProps['items']> {
  return [
    { key: 'detail', icon: <UserOutlined />, label: t('patients.action.detail') },
    ...(allowed.transfer
      ? [{ key: 'transfer', icon: <SwapOutlined />, label: t('patients.action.transfer') }]
      : []),
    ...(allowed.discharge
      ? [{ key: 'discharge', icon: <ExportOutlined />, label: t('patients.action.discharge'), danger: true }]
      : []),
  ];
}

/**
 * Today's glucose periods as small chips: done, not tested (struck through, the reason in its tooltip
 * and its label), due, overdue (upcoming ones quietly).
 */
export function PeriodChips({ chips }: { chips: PeriodChip[] }) {
  const { t } = useTranslation();
  if (!chips.length) return null;
  return (
    <div className="gc-period-chips" data-testid="period-chips">
      {chips.map((chip) => {
        const tip = t(`dashboard.period.${chip.state}`, { reason: chip.reason ?? '' });
        return (
          <Tooltip key={chip.code} title={tip}>
            <span
              className={`gc-period-chip gc-period-${chip.state}`}
              data-state={chip.state}
              data-code={chip.code}
            >
              {chip.name}
              {chip.state === 'untested' ? <span className="gc-period-reason"> · {tip}</span> : null}
            </span>
          </Tooltip>
        );
      })}
    </div>
  );
}

/**
 * One patient on the ward: bed, name, gender, age, tags, the latest glucose in its classification's
 * colour and how long ago, today's periods, the insulin pump worn with its reminders, a red badge for
 * open critical values. A click (or Enter)
 * opens the patient; the menu holds transfer and discharge.
 */
export function BedCard({
  patient,
  chips,
  tagOptions,
  now,
  allowed,
  onAction,
}: {
  patient: Inpatient;
  chips: PeriodChip[];
  tagOptions: TagOptionsByText;
  now: Date;
  allowed: { transfer: boolean; discharge: boolean };
  onAction: (action: PatientAction, patient: Inpatient) => void;
}) {
  const { t } = useTranslation();
  const reading = patient.latestGlucose;
  const critical = patient.openCriticalCount > 0;
  const open = () => onAction('detail', patient);
  const onKey = (event: KeyboardEvent) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      open();
    }
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: a card holding a menu button cannot itself be a <button>
    <div
      role="button"
      tabIndex={0}
      className={critical ? 'gc-bed-card gc-bed-card-critical' : 'gc-bed-card'}
      style={
        reading && !critical
          ? { borderLeftColor: readingColor(reading.determineType, reading.color) }
          : undefined
      }
      data-testid="bed-card"
      data-patient-id={patient.id}
      aria-label={t('dashboard.cardLabel', { bed: patient.bed ?? '—', name: patient.name })}
      onClick={open}
      onKeyDown={onKey}
    >
      <div className="gc-bed-head">
        <span
          className={patient.bed ? 'gc-bed-number' : 'gc-bed-number gc-bed-number-none'}
          data-testid="bed-number"
        >
          {patient.bed ?? '—'}
        </span>
        <span className="gc-bed-name" data-testid="bed-name">
          {patient.name}
        </span>
        <GenderIcon gender={patient.gender} />
        {patient.age !== null ? (
          <span className="gc-bed-age">{t('patients.ageYears', { age: patient.age })}</span>
        ) : null}
        <span className="gc-bed-head-end">
          {critical ? (
            <span className="gc-bed-critical" data-testid="bed-critical">
              {t('dashboard.criticalBadge', { count: patient.openCriticalCount })}
            </span>
          ) : null}
          {/* biome-ignore lint/a11y/noStaticElementInteractions: only keeps clicks on the menu from opening the card */}
          <span onClick={(event) => event.stopPropagation()} onKeyDown={(event) => event.stopPropagation()}>
            <Dropdown
              trigger={['click']}
              menu={{
                items: actionItems(t, allowed),
                onClick: ({ key }) => onAction(key as PatientAction, patient),
              }}
            >
              <Button
                type="text"
                size="small"
                icon={<MoreOutlined />}
                aria-label={t('common.actions')}
                data-testid="bed-actions"
              />
            </Dropdown>
          </span>
        </span>
      </div>
      <PatientTags tags={patient.tags} options={tagOptions} />
      <div className="gc-bed-reading">
        {reading ? (
          <>
            <GlucoseValue reading={reading} />
            <Tooltip title={formatDateTime(reading.testTime)}>
              <span className="gc-bed-reading-meta">
                {[reading.periodName, agoText(t, reading.testTime, now)].filter(Boolean).join(' · ')}
              </span>
            </Tooltip>
          </>
        ) : (
          <span className="gc-bed-reading-none">{t('dashboard.noReading')}</span>
        )}
      </div>
      <PeriodChips chips={chips} />
      <PumpBadge pump={patient.pump} />
      <div className="gc-bed-meta">
        {[patient.doctorName ?? patient.doctorCode, patient.inpatientNumber].filter(Boolean).join(' · ')}
      </div>
    </div>
  );
}
