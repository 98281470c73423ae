import { ModalForm } from '@ant-design/pro-components';
import { Col, type ColProps, DatePicker, Form, type FormInstance, Input } from 'antd';
import type { Rule } from 'antd/es/form';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { toastSuccess } from '../../app/notify';
import { ConflictAlert } from '../../components/ConflictAlert';
import { submitterProps } from '../../components/dialog-form/DialogForm';
import { handleSaveError } from '../../components/form-errors';
import { useRevalidateOnLanguageChange, zodRule } from '../../components/form-rules';
import { type DateValue, dayOf, isoOf } from './patient-form';

/** A zod rule of the domain for a date picker: the value is checked as the API will receive it. */
export function dateRule(schema: z.ZodType, kind: 'date' | 'dateTime'): Rule {
  const inner = zodRule(schema) as { validator: (rule: unknown, value: unknown) => Promise<void> };
  return {
    validator: (rule, value: DateValue | null | undefined) =>
      inner.validator(rule, value ? (kind === 'date' ? dayOf(value) : isoOf(value)) : undefined),
  };
}

/** A date and time to the minute, full width (admission, transfer, readmission, events). */
export function DateTimeInput(props: {
  id?: string;
  value?: DateValue | null;
  onChange?: (value: DateValue | null) => void;
  'data-testid'?: string;
}) {
  return (
    <DatePicker
      {...(props as object)}
      showTime={{ format: 'HH:mm' }}
      format="YYYY-MM-DD HH:mm"
      style={{ width: '100%' }}
    />
  );
}

/** A text field in a column of a patient form. */
export function TextField({
  name,
  label,
  rules,
  max,
  span,
  required,
  extra,
  testId,
  autoFocus,
}: {
  name: string;
  label: ReactNode;
  rules: Rule[];
  max: number;
  span: ColProps;
  required?: boolean;
  extra?: ReactNode;
  testId?: string;
  autoFocus?: boolean;
}) {
  return (
    <Col {...span}>
      <Form.Item name={name} label={label} rules={rules} required={required} extra={extra}>
        <Input maxLength={max} autoComplete="off" autoFocus={autoFocus} data-testid={testId} />
      </Form.Item>
    </Col>
  );
}

/**
 * The dialog of a patient form: `save` sends the values; success says `successText` and calls
 * `onSaved`; a failure shows under its fields, a stale version as the conflict notice, anything else
 * as a toast. Dates stay dayjs values (no pro-form string conversion).
 */
export function PatientModalForm<V extends object, R>({
  form,
  title,
  width,
  initialValues,
  className,
  save,
  successText,
  onClose,
  onSaved,
  before,
  children,
}: {
  form: FormInstance<V>;
  title: ReactNode;
  width: number;
  initialValues: Partial<V>;
  className?: string;
  save: (values: V) => Promise<R | false>;
  successText: (values: V) => string;
  onClose: () => void;
  onSaved: (saved: R) => void;
  /** shown above the fields (where the values came from, the original place of a transfer) */
  before?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  useRevalidateOnLanguageChange(form);
  const [conflict, setConflict] = useState<string | null>(null);
  return (
    <ModalForm<V>
      open
      form={form}
      title={title}
      width={width}
      layout="vertical"
      dateFormatter={false}
      initialValues={initialValues}
      modalProps={{ destroyOnHidden: true, maskClosable: false, onCancel: onClose, className }}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      submitter={submitterProps(t)}
      onFinish={async (values) => {
        try {
          const saved = await save(values);
          if (saved === false) return false;
          toastSuccess(successText(values));
          onSaved(saved);
          return true;
        } catch (error) {
          handleSaveError(form, error, { onConflict: setConflict });
          return false;
        }
      }}
    >
      <ConflictAlert message={conflict} />
      {before}
      {children}
    </ModalForm>
  );
}
