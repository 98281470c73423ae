import type { MeasurementItem } from '@glucocare/domain/clinical';
import { CRITICAL_LIMITS, criticalActionSchema } from '@glucocare/domain/critical';
import type { DisplayUnit } from '@glucocare/domain/hospital-settings';
import { Form, type FormInstance, Input, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CriticalEvent } from '../../api/critical';
import { zodRule } from '../../components/form-rules';
import { formatDateTime } from '../../components/format';
import { ACTION_PHRASES, appendPhrase } from './critical';
import { valueText } from './units';

/** The critical value a dialog records on: patient, bed, ward, value and when it was measured. */
export function CriticalEventSummary({
  event,
  units,
  testId,
}: {
  event: CriticalEvent;
  units: Record<MeasurementItem, DisplayUnit>;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="gc-crit-summary-box" data-testid={testId}>
      <strong>{event.patientName}</strong>
      {event.bed ? ` · ${t('critical.bedLabel', { bed: event.bed })}` : ''}
      {` · ${event.departmentName}`}
      <div>
        {t(`critical.items.${event.item}`)}
        {event.periodName ? ` (${event.periodName})` : ''}:{' '}
        <strong style={{ color: event.color ?? undefined }}>
          {valueText(event.item, event.value, units[event.item])}
        </strong>{' '}
        {t(`critical.classes.${event.classification}`, { defaultValue: event.classification })}
      </div>
      <div className="gc-secondary">
        {t('critical.measuredAtFull', { time: formatDateTime(event.measuredAt) })}
      </div>
    </div>
  );
}

/** "Action taken": free text with the quick phrases a nurse usually starts from. */
export function ActionField({ form }: { form: FormInstance }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name="action"
        label={t('critical.fields.action')}
        required
        rules={[zodRule(criticalActionSchema)]}
        style={{ marginBottom: 0 }}
      >
        <Input.TextArea
          rows={3}
          showCount
          maxLength={CRITICAL_LIMITS.action.max}
          placeholder={t('critical.handle.actionPlaceholder')}
          data-testid="critical-action"
        />
      </Form.Item>
      <fieldset className="gc-crit-phrases" aria-label={t('critical.handle.quickPhrases')}>
        {ACTION_PHRASES.map((key) => (
          <Tag.CheckableTag
            key={key}
            checked={false}
            data-testid={`critical-phrase-${key}`}
            onChange={() => {
              form.setFieldValue(
                'action',
                appendPhrase(form.getFieldValue('action'), t(`critical.phrases.${key}`)),
              );
              void form.validateFields(['action']).catch(() => undefined);
            }}
          >
            + {t(`critical.phrases.${key}`)}
          </Tag.CheckableTag>
        ))}
      </fieldset>
    </>
  );
}
