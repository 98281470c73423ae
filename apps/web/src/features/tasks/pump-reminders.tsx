import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { PatientPump, PumpReminder } from '../../api/pump-reminders';
import { dateTimeInZone, timeInZone } from '../../components/format';
import './pump-reminders.css';

/** The antd tag colour of a reminder's state: overdue red, due (later today) orange, a low level gold. */
export const PUMP_REMINDER_COLORS: Record<PumpReminder['state'], string> = {
  overdue: 'red',
  due: 'orange',
  low: 'gold',
};

/** "Tube change overdue", "Low battery"… */
export function reminderTitle(t: TFunction, reminder: Pick<PumpReminder, 'kind' | 'state'>): string {
  return reminder.kind === 'tubeChange'
    ? t(`pumpReminders.tube.${reminder.state === 'overdue' ? 'overdue' : 'due'}`)
    : t(`pumpReminders.kinds.${reminder.kind}`);
}

/**
 * The line under a reminder: when the tube change falls due (a time today, a date and time before),
 * or the level last reported against its threshold.
 */
export function reminderDetail(t: TFunction, reminder: PumpReminder, timeZone?: string): string {
  if (reminder.kind === 'tubeChange') {
    const due = reminder.dueAt ?? '';
    const today =
      dateTimeInZone(new Date(), timeZone).slice(0, 10) === dateTimeInZone(due, timeZone).slice(0, 10);
    const time = today ? timeInZone(due, timeZone) : dateTimeInZone(due, timeZone);
    return t(reminder.state === 'overdue' ? 'pumpReminders.detail.overdue' : 'pumpReminders.detail.due', {
      time,
      days: reminder.threshold,
    });
  }
  return t(`pumpReminders.detail.${reminder.kind}`, { value: reminder.value, threshold: reminder.threshold });
}

/**
 * The pump a patient wears on the bed card: a quiet "Pump" chip without reminders, else one chip per
 * reminder in its colour (the serial number and details in the tooltip).
 */
export function PumpBadge({ pump, timeZone }: { pump: PatientPump | null | undefined; timeZone?: string }) {
  const { t } = useTranslation();
  if (!pump) return null;
  const tip = [
    t('pumpReminders.badgeTip', { serial: pump.serialNumber }),
    ...pump.reminders.map((r) => `${reminderTitle(t, r)}: ${reminderDetail(t, r, timeZone)}`),
  ].join('\n');
  return (
    <div className="gc-pump-badges" data-testid="bed-pump" data-serial={pump.serialNumber} title={tip}>
      {pump.reminders.length ? (
        pump.reminders.map((reminder) => (
          <span
            key={reminder.kind}
            className={`gc-pump-badge gc-pump-${reminder.state}`}
            data-testid="bed-pump-reminder"
            data-kind={reminder.kind}
            data-state={reminder.state}
          >
            {t('pumpReminders.badge')} · {reminderTitle(t, reminder)}
          </span>
        ))
      ) : (
        <span className="gc-pump-badge gc-pump-ok">{t('pumpReminders.badge')}</span>
      )}
    </div>
  );
}
