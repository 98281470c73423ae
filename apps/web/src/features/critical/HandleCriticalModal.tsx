import type { MeasurementItem } from '@glucocare/domain/clinical';
import { CRITICAL_LIMITS, criticalNotifiedPersonSchema, handledAtIssue } from '@glucocare/domain/critical';
import type { DisplayUnit } from '@glucocare/domain/hospital-settings';
import { AutoComplete, Button, DatePicker, Form, Modal } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CriticalEvent, handleCritical } from '../../api/critical';
import { isApiError } from '../../api/http';
import { toastSuccess } from '../../app/notify';
import { ConflictAlert } from '../../components/ConflictAlert';
import { applyApiError } from '../../components/form-errors';
import { useRevalidateOnLanguageChange, zodRule } from '../../components/form-rules';
import { fromPicker, hospitalNow, toPicker } from '../../components/format';
import { msg } from '../../i18n';
import { ActionField, CriticalEventSummary } from './CriticalFormParts';

interface HandleForm {
  notifiedPerson: string;
  action: string;
  handledAt: Dayjs;
}

/**
 * Records the handling of a critical value: who was notified (free text, the patient's doctor
 * suggested), what was done (quick phrases to start from) and when (now unless changed; not before
 * the measurement, not in the future).
 */
export function HandleCriticalModal({
  event,
  units,
  onClose,
  onHandled,
}: {
  event: CriticalEvent | null;
  units: Record<MeasurementItem, DisplayUnit>;
  onClose: () => void;
  /** after a handling, or when the list is out of date (409, 404): reload it */
  onHandled: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<HandleForm>();
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState<string | null>(null);
  useRevalidateOnLanguageChange(form);

  useEffect(() => {
    if (!event) return;
    setConflict(null);
    form.resetFields();
    form.setFieldsValue({ notifiedPerson: '', action: '', handledAt: hospitalNow() });
  }, [event, form]);

  if (!event) return null;

  const doctorOptions = event.doctorName
    ? [{ value: event.doctorName, label: t('critical.handle.doctorSuggestion', { name: event.doctorName }) }]
    : [];

  const submit = async () => {
    let values: HandleForm;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      // an untouched time means "now": the server's clock records it
      const handledAt = form.isFieldTouched('handledAt') ? fromPicker(values.handledAt) : undefined;
      await handleCritical({
        id: event.id,
        version: event.version,
        notifiedPerson: values.notifiedPerson,
        action: values.action,
        handledAt,
      });
      toastSuccess(t('critical.handle.done'));
      onHandled();
      onClose();
    } catch (error) {
      if (isApiError(error) && (error.status === 409 || error.status === 404)) {
        setConflict(error.message);
        onHandled();
      } else {
        applyApiError(form, error);
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={t('critical.handle.title')}
      onCancel={onClose}
      destroyOnHidden
      maskClosable={false}
      data-testid="critical-handle-modal"
      footer={[
        <Button key="cancel" onClick={onClose} data-testid="form-cancel">
          {t('common.cancel')}
        </Button>,
        <Button
          key="submit"
          type="primary"
          loading={saving}
          disabled={!!conflict}
          onClick={() => void submit()}
          data-testid="critical-handle-submit"
        >
          {t('critical.handle.submit')}
        </Button>,
      ]}
    >
      <ConflictAlert message={conflict} />
      <CriticalEventSummary event={event} units={units} testId="critical-handle-summary" />
      <Form form={form} layout="vertical" requiredMark name="criticalHandle">
        <Form.Item
          name="notifiedPerson"
          label={t('critical.fields.notifiedPerson')}
          required
          rules={[zodRule(criticalNotifiedPersonSchema)]}
        >
          <AutoComplete
            options={doctorOptions}
            maxLength={CRITICAL_LIMITS.notifiedPerson.max}
            placeholder={t('critical.handle.notifiedPersonPlaceholder')}
            data-testid="critical-notified-person"
          />
        </Form.Item>
        <ActionField form={form} />
        <Form.Item
          name="handledAt"
          label={t('critical.fields.handledAt')}
          rules={[
            { required: true, message: msg('critical.handledAt.invalid') },
            {
              validator: async (_rule, value: Dayjs | null) => {
                if (!value) return;
                const issue = handledAtIssue(new Date(fromPicker(value)), event.measuredAt, new Date());
                if (issue) throw new Error(msg(issue));
              },
            },
          ]}
        >
          <DatePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            allowClear={false}
            style={{ width: '100%' }}
            disabledDate={(day) =>
              day.isAfter(hospitalNow(), 'day') || day.isBefore(toPicker(event.measuredAt), 'day')
            }
            data-testid="critical-handled-at"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
