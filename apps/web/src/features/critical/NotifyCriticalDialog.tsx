import type { MeasurementItem } from '@glucocare/domain/clinical';
import {
  CRITICAL_LIMITS,
  criticalNotifiedPersonSchema,
  criticalSkipRecheckSchema,
  RECHECK_SKIP_REASON_LIMIT,
} from '@glucocare/domain/critical';
import type { DisplayUnit } from '@glucocare/domain/hospital-settings';
import { useQuery } from '@tanstack/react-query';
import { Alert, AutoComplete, Col, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  type CriticalEvent,
  criticalKeys,
  fetchCriticalOfMeasurement,
  fetchNotifiableDoctors,
  type NotifiableDoctor,
  notifyCritical,
  skipCriticalRecheck,
} from '../../api/critical';
import { isApiError } from '../../api/http';
import { DialogForm, useEditForm } from '../../components/dialog-form/DialogForm';
import { zodRule } from '../../components/form-rules';
import { timeInZone } from '../../components/format';
import { ActionField, CriticalEventSummary } from './CriticalFormParts';
import { recheckCountdown, recheckCountdownText } from './critical';

/** The event again as it is now (the stale-version notice's "Load the latest"); null when it is gone. */
async function latestEvent(base: CriticalEvent): Promise<CriticalEvent | null> {
  try {
    return await fetchCriticalOfMeasurement(base.measurementId);
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

/** "Load the latest" takes the new version and keeps what was typed (the form's values are the step's own). */
const keepTyped = <V,>() => ({}) as V;

interface NotifyValues {
  notifiedPerson: string;
  action: string;
}

/**
 * The user told, when the name is a doctor's as chosen: the patient's responsible doctor first when
 * two doctors share a name; none for a name typed in (someone who is not a user).
 */
export function notifiedUserOf(
  name: string,
  doctors: readonly NotifiableDoctor[],
  responsible: string | null,
): number | null {
  const same = doctors.filter((doctor) => doctor.nickName === name.trim());
  const preferred = same.find((doctor) => doctor.userName.toLowerCase() === responsible?.toLowerCase());
  return (preferred ?? same[0])?.id ?? null;
}

/**
 * The entry dialog of a critical value (issue 15): whom the nurse told — the patient's responsible
 * doctor preselected, another doctor of the ward or any name typed in — what was done at once, and when
 * the recheck is due. It must be answered: "Send" records it, "Later" leaves the value open and not
 * notified on the critical list; there is no close button and Escape does nothing.
 */
export function NotifyCriticalDialog({
  event,
  units,
  now,
  onClose,
  onSaved,
}: {
  event: CriticalEvent;
  units: Record<MeasurementItem, DisplayUnit>;
  now: Date;
  /** "Later" */
  onClose: () => void;
  onSaved: (event: CriticalEvent) => void;
}) {
  const { t } = useTranslation();
  const edit = useEditForm<CriticalEvent, NotifyValues>(event, latestEvent, keepTyped);
  const doctors = useQuery({
    queryKey: criticalKeys.doctors(event.departmentCode),
    queryFn: ({ signal }) => fetchNotifiableDoctors(event.departmentCode, signal),
    meta: { silent: true },
  });
  const options = (doctors.data ?? []).map((doctor) => ({
    key: doctor.id,
    value: doctor.nickName,
    label:
      doctor.userName.toLowerCase() === event.doctorCode?.toLowerCase()
        ? t('critical.handle.doctorSuggestion', { name: doctor.nickName })
        : t('critical.notify.doctor', { name: doctor.nickName, userName: doctor.userName }),
  }));
  const countdown = recheckCountdown(event, now);
  return (
    <DialogForm<CriticalEvent, NotifyValues, CriticalEvent>
      edit={edit}
      title={t('critical.notify.title')}
      width={560}
      testId="critical-notify-dialog"
      dismissible={false}
      submitText={t('critical.notify.submit')}
      cancelText={t('critical.notify.later')}
      initialValues={{ notifiedPerson: event.doctorName ?? '', action: '' }}
      onClose={onClose}
      save={(values, base) => {
        const current = base ?? event;
        return notifyCritical({
          id: current.id,
          version: current.version,
          notifiedPerson: values.notifiedPerson.trim(),
          notifiedUserId: notifiedUserOf(values.notifiedPerson, doctors.data ?? [], event.doctorCode),
          action: values.action.trim(),
        });
      }}
      savedText={() => t('critical.notify.done')}
      onSaved={onSaved}
    >
      <Col xs={24}>
        <CriticalEventSummary event={event} units={units} testId="critical-notify-summary" />
        <Alert
          type={countdown?.state === 'overdue' ? 'warning' : 'info'}
          showIcon
          className="gc-form-alert"
          data-testid="critical-notify-recheck"
          message={
            event.recheckDueAt
              ? t('critical.notify.recheckDue', {
                  time: timeInZone(event.recheckDueAt),
                  countdown: recheckCountdownText(countdown, t, 'critical.notify.countdown'),
                })
              : t('critical.notify.noRecheck')
          }
        />
      </Col>
      <Col xs={24}>
        <Form.Item
          name="notifiedPerson"
          label={t('critical.notify.person')}
          required
          extra={t('critical.notify.personExtra')}
          rules={[zodRule(criticalNotifiedPersonSchema)]}
        >
          <AutoComplete
            options={options}
            maxLength={CRITICAL_LIMITS.notifiedPerson.max}
            placeholder={t('critical.notify.personPlaceholder')}
            data-testid="critical-notify-person"
          />
        </Form.Item>
      </Col>
      <Col xs={24}>
        <ActionField form={edit.form} />
      </Col>
    </DialogForm>
  );
}

/** "No recheck…": why no recheck will be taken; it closes the loop in the recheck's place. */
export function SkipRecheckDialog({
  event,
  onClose,
  onSaved,
}: {
  event: CriticalEvent;
  onClose: () => void;
  onSaved: (event: CriticalEvent) => void;
}) {
  const { t } = useTranslation();
  const edit = useEditForm<CriticalEvent, { reason: string }>(event, latestEvent, keepTyped);
  return (
    <DialogForm<CriticalEvent, { reason: string }, CriticalEvent>
      edit={edit}
      title={t('critical.loop.skipTitle')}
      width={480}
      testId="critical-skip-dialog"
      submitText={t('critical.loop.skipSubmit')}
      initialValues={{ reason: '' }}
      onClose={onClose}
      save={(values, base) => {
        const current = base ?? event;
        return skipCriticalRecheck({
          id: current.id,
          version: current.version,
          reason: values.reason.trim(),
        });
      }}
      savedText={() => t('critical.loop.skipDone')}
      onSaved={onSaved}
    >
      <Col xs={24}>
        <Form.Item
          name="reason"
          label={t('critical.loop.skipReason')}
          required
          rules={[zodRule(criticalSkipRecheckSchema.shape.reason)]}
        >
          <Input.TextArea
            rows={2}
            showCount
            maxLength={RECHECK_SKIP_REASON_LIMIT.max}
            placeholder={t('critical.loop.skipPlaceholder')}
            data-testid="critical-skip-reason"
          />
        </Form.Item>
      </Col>
    </DialogForm>
  );
}
