import type { MeasurementItem } from '@glucocare/domain/clinical';
import type { DisplayUnit } from '@glucocare/domain/hospital-settings';
import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { Handover, HandoverCritical, HandoverMovement, HandoverPatient } from '../../api/handover';
import { criticalColor, LoopStepLine } from '../critical/CriticalCard';
import { valueText } from '../critical/units';
import { PUMP_REMINDER_COLORS, reminderDetail, reminderTitle } from '../tasks/pump-reminders';
import { TASK_STATE_COLORS } from '../tasks/tasks';
import { shiftTime } from './handover';

/** One column of a section, shown alike on screen (antd table) and on paper (plain table). */
export interface SectionColumn<T> {
  key: string;
  title: string;
  render: (row: T) => ReactNode;
  /** also at phone width (the others are left out there) */
  phone?: boolean;
}

/** One section of the hand-over: its rows, columns and what it says when it has none. */
export interface HandoverSection<T = unknown> {
  key: 'critical' | 'rechecks' | 'due' | 'pump' | 'movements' | 'patients';
  title: string;
  rows: T[];
  rowKey: (row: T) => string | number;
  columns: SectionColumn<T>[];
  empty: string;
}

const section = <T,>(value: HandoverSection<T>) => value as unknown as HandoverSection;

function PatientCell({ name, bed, note }: { name: string; bed: string | null; note?: string | null }) {
  return (
    <span className="gc-ho-patient">
      {bed ? <span className="gc-ho-bed">{bed}</span> : null}
      <strong>{name}</strong>
      {note ? <span className="gc-secondary"> · {note}</span> : null}
    </span>
  );
}

/**
 * The sections of a hand-over in the order a nurse goes through them: critical values, rechecks
 * pending, measurements due, pump reminders, admissions/transfers/discharges, then every patient's counts.
 */
export function handoverSections(
  data: Handover,
  t: TFunction,
  units: Record<MeasurementItem, DisplayUnit>,
  now: Date,
): HandoverSection[] {
  const time = (at: string | null) => shiftTime(at, data.date, data.timeZone);
  const value = (row: HandoverCritical) => (
    <span
      className="gc-nowrap"
      style={{ color: criticalColor({ color: null, classification: row.classification }) }}
    >
      <strong>{valueText(row.item, row.value, units[row.item])}</strong>{' '}
      <span className="gc-secondary">
        {t(`critical.items.${row.item}`)} · {t(`critical.classes.${row.classification}`)}
      </span>
    </span>
  );
  const patientOf = (row: { patientName: string; bed: string | null }) => (
    <PatientCell name={row.patientName} bed={row.bed} />
  );

  const critical = section<HandoverCritical>({
    key: 'critical',
    title: t('handover.sections.critical'),
    rows: data.criticalValues,
    rowKey: (row) => row.id,
    empty: t('handover.empty.critical'),
    columns: [
      { key: 'patient', title: t('handover.columns.patient'), render: patientOf, phone: true },
      { key: 'value', title: t('handover.columns.value'), render: value, phone: true },
      {
        key: 'measuredAt',
        title: t('handover.columns.measuredAt'),
        render: (row) => (
          <span>
            <span className="gc-nowrap">{time(row.measuredAt)}</span>
            {row.openedInShift ? null : <div className="gc-secondary">{t('handover.openedBefore')}</div>}
          </span>
        ),
      },
      {
        key: 'state',
        title: t('handover.columns.state'),
        phone: true,
        render: (row) => (
          <Tag color={row.state === 'open' ? 'red' : 'green'} data-testid="handover-critical-state">
            {t(`handover.states.${row.state}`)}
          </Tag>
        ),
      },
      {
        key: 'steps',
        title: t('handover.columns.steps'),
        render: (row) => <LoopStepLine event={row} now={now} />,
      },
    ],
  });

  const rechecks = section<HandoverCritical>({
    key: 'rechecks',
    title: t('handover.sections.rechecks'),
    rows: data.criticalValues.filter((row) => row.recheckPending),
    rowKey: (row) => row.id,
    empty: t('handover.empty.rechecks'),
    columns: [
      { key: 'patient', title: t('handover.columns.patient'), render: patientOf, phone: true },
      { key: 'value', title: t('handover.columns.value'), render: value },
      { key: 'measuredAt', title: t('handover.columns.measuredAt'), render: (row) => time(row.measuredAt) },
      {
        key: 'recheckDue',
        title: t('handover.columns.recheckDue'),
        phone: true,
        render: (row) => <strong className="gc-nowrap">{time(row.recheckDueAt)}</strong>,
      },
    ],
  });

  const due = section<HandoverPatient>({
    key: 'due',
    title: t('handover.sections.due'),
    rows: data.patients.filter((row) => row.due.length > 0),
    rowKey: (row) => row.patientId,
    empty: t('handover.empty.due'),
    columns: [
      {
        key: 'patient',
        title: t('handover.columns.patient'),
        phone: true,
        render: (row) => <PatientCell name={row.name} bed={row.bed} />,
      },
      {
        key: 'periods',
        title: t('handover.columns.periods'),
        phone: true,
        render: (row) => (
          <span className="gc-ho-tags">
            {row.due.map((task) => (
              <Tag
                key={task.windowStart}
                color={TASK_STATE_COLORS[task.state]}
                data-testid="handover-due-task"
              >
                {task.periodName} {time(task.windowStart)} · {t(`tasks.states.${task.state}`)}
              </Tag>
            ))}
          </span>
        ),
      },
    ],
  });

  // the insulin pumps worn now and what they need (issue 16): tube change, low battery, low insulin
  const pump = section<HandoverPatient>({
    key: 'pump',
    title: t('pumpReminders.handover.title'),
    rows: data.patients.filter((row) => row.pumpReminders.length > 0),
    rowKey: (row) => row.patientId,
    empty: t('pumpReminders.handover.empty'),
    columns: [
      {
        key: 'patient',
        title: t('handover.columns.patient'),
        phone: true,
        render: (row) => <PatientCell name={row.name} bed={row.bed} note={row.pumpSerialNumber} />,
      },
      {
        key: 'reminders',
        title: t('pumpReminders.fields.reminder'),
        phone: true,
        render: (row) => (
          <span className="gc-ho-pump-reminders">
            {row.pumpReminders.map((reminder) => (
              <span key={reminder.kind} className="gc-ho-pump-reminder">
                <Tag
                  color={PUMP_REMINDER_COLORS[reminder.state]}
                  data-testid="handover-pump-reminder"
                  data-kind={reminder.kind}
                >
                  {reminderTitle(t, reminder)}
                </Tag>
                <span className="gc-secondary">{reminderDetail(t, reminder, data.timeZone)}</span>
              </span>
            ))}
          </span>
        ),
      },
    ],
  });

  const movements = section<HandoverMovement>({
    key: 'movements',
    title: t('handover.sections.movements'),
    rows: data.movements,
    rowKey: (row) => `${row.kind}-${row.patientId}-${row.at}`,
    empty: t('handover.empty.movements'),
    columns: [
      { key: 'time', title: t('handover.columns.time'), render: (row) => time(row.at), phone: true },
      {
        key: 'kind',
        title: t('handover.columns.kind'),
        phone: true,
        render: (row) => <span data-testid="handover-movement-kind">{t(`handover.kinds.${row.kind}`)}</span>,
      },
      {
        key: 'patient',
        title: t('handover.columns.patient'),
        phone: true,
        render: (row) => <PatientCell name={row.patientName} bed={row.bed} note={row.inpatientNumber} />,
      },
      {
        key: 'otherWard',
        title: t('handover.columns.otherWard'),
        render: (row) =>
          row.otherDepartmentName
            ? t(row.kind === 'transferIn' ? 'handover.fromWard' : 'handover.toWard', {
                ward: row.otherDepartmentName,
              })
            : '',
      },
    ],
  });

  const counts = (row: HandoverPatient) =>
    (['GLU', 'KET', 'UA'] as const)
      .filter((item) => row.readings[item] > 0)
      .map((item) => `${t(`critical.items.${item}`)} ${row.readings[item]}`)
      .join(' · ');
  const patients = section<HandoverPatient>({
    key: 'patients',
    title: t('handover.sections.patients'),
    rows: data.patients,
    rowKey: (row) => row.patientId,
    empty: t('handover.empty.patients'),
    columns: [
      {
        key: 'patient',
        title: t('handover.columns.patient'),
        phone: true,
        render: (row) => (
          <PatientCell name={row.name} bed={row.bed} note={row.inDepartment ? null : t('handover.left')} />
        ),
      },
      { key: 'readings', title: t('handover.columns.readings'), render: counts, phone: true },
      { key: 'untested', title: t('handover.columns.untested'), render: (row) => row.untested || '' },
      { key: 'due', title: t('handover.columns.due'), render: (row) => row.due.length || '', phone: true },
      { key: 'critical', title: t('handover.columns.critical'), render: (row) => row.criticalOpened || '' },
      { key: 'rechecks', title: t('handover.columns.rechecks'), render: (row) => row.rechecksPending || '' },
    ],
  });

  return [critical, rechecks, due, pump, movements, patients];
}
