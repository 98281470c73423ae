import { DrawerForm, ModalForm, type ModalFormProps } from '@ant-design/pro-components';
import { CATALOGUE_LIMITS } from '@glucocare/domain/admin';
import { Col, Form, type FormInstance, Input, InputNumber, type InputProps, Row, Switch } from 'antd';
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { createContext, type KeyboardEvent, type ReactNode, useContext, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError } from '../../api/http';
import { toastSuccess } from '../../app/notify';
import { useDevice } from '../../app/preferences';
import i18n from '../../i18n';
import { ConflictAlert } from '../ConflictAlert';
import { confirmAction } from '../confirm';
import { handleSaveError } from '../form-errors';
import { useRevalidateOnLanguageChange } from '../form-rules';
import { isDropdownOpen } from './dropdown';

/**
 * Save / cancel buttons of every dialog and side panel; save carries `data-testid="form-submit"`.
 * A dialog may name them for what they do ("Send", "Later").
 */
export function submitterProps(
  t: TFunction,
  texts: { submit?: string; cancel?: string } = {},
): ModalFormProps['submitter'] {
  return {
    searchConfig: {
      submitText: texts.submit ?? t('common.save'),
      resetText: texts.cancel ?? t('common.cancel'),
    },
    submitButtonProps: { 'data-testid': 'form-submit' },
    resetButtonProps: { 'data-testid': 'form-cancel' },
  };
}

/**
 * The stale-version notice of an edit form: the 409 message, and "Load the latest version", which
 * finds the record again (`find`: null when it is gone) and puts it into the form.
 */
export function useEditConflict<T extends { id: number }, V>(
  form: FormInstance<V>,
  record: T | null,
  find: (base: T) => Promise<T | null>,
  valuesOf: (record: T) => V,
) {
  const { t } = useTranslation();
  const [base, setBase] = useState(record);
  const [conflict, setConflict] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);
  const reloadLatest = async () => {
    if (!base) return;
    setReloading(true);
    try {
      const latest = await find(base);
      if (latest) {
        setBase(latest);
        form.setFieldsValue(valuesOf(latest) as Parameters<FormInstance<V>['setFieldsValue']>[0]);
        setConflict(null);
      } else setConflict(t('form.recordGone'));
    } catch (error) {
      showError(error);
    } finally {
      setReloading(false);
    }
  };
  return { base, conflict, setConflict, reloading, reloadLatest };
}

/** The form of a create / edit dialog (revalidated when the language changes) and its stale-version state. */
export function useEditForm<T extends { id: number }, V>(
  record: T | null,
  find: (base: T) => Promise<T | null>,
  valuesOf: (record: T) => V,
) {
  const [form] = Form.useForm<V>();
  useRevalidateOnLanguageChange(form);
  return { form, ...useEditConflict(form, record, find, valuesOf) };
}

export type EditFormState<T extends { id: number }, V> = ReturnType<typeof useEditForm<T, V>>;

const noRecord = async () => null;
const noValues = () => ({});

/**
 * The form of a dialog that edits no one record (a batch action on several): it always "creates", so
 * a stale version never comes up.
 */
export function useActionForm<V>() {
  return useEditForm<{ id: number }, V>(null, noRecord, noValues as () => V);
}

/** Whether the open form creates a record or edits one (codes are locked when editing). */
const FormModeContext = createContext<'create' | 'edit'>('create');

/** 'edit' inside the dialog of an existing record, else 'create'. */
export function useFormMode(): 'create' | 'edit' {
  return useContext(FormModeContext);
}

/**
 * Asks before a form with unsaved changes closes; resolves true when it may close. A form the user
 * has not touched closes at once.
 */
export async function mayClose(form: Pick<FormInstance, 'isFieldsTouched'>): Promise<boolean> {
  if (!form.isFieldsTouched()) return true;
  return confirmAction({
    title: i18n.t('form.unsavedTitle'),
    content: i18n.t('form.unsaved'),
    okText: i18n.t('form.discard'),
    cancelText: i18n.t('form.keepEditing'),
    danger: true,
  });
}

/**
 * The dialog-form kit: every create / edit form of a record.
 *
 * Dialog or side panel, one rule: a form opens as a centred dialog, unless it is long — more fields
 * than a laptop screen shows without scrolling (about a dozen), or a list or tree to work through (a
 * role's permissions, an order template's lines) — then it opens as a side panel (`panel`), so the list
 * stays in view beside it. On a phone both take the whole width.
 *
 * Both behave the same: Save / Cancel at the bottom (`form-submit`, `form-cancel`); a click outside does
 * nothing; Cancel and the close button close it, asking first when there are unsaved changes; Escape
 * inside an open drop-down (Select, AutoComplete, TreeSelect, DatePicker) closes the drop-down only.
 * Escape elsewhere closes a dialog (asking likewise) but not a side panel: a long form is the costliest
 * to lose to a stray key. Codes are locked once the record exists ({@link CodeField}); `save` creates (`base` null) or
 * updates `base`, then "Saved" and `onSaved`. A failure shows under its fields, a 409 of a new record
 * under `conflictField`, a stale version as the conflict notice with "Load the latest version".
 */
export function DialogForm<T extends { id: number }, V, S = unknown>({
  edit,
  title,
  width,
  panel = false,
  initialValues,
  conflictField,
  fieldMap,
  dateFormatter,
  testId,
  onClose,
  save,
  onSaved,
  savedText,
  submitText,
  cancelText,
  dismissible = true,
  children,
}: {
  edit: EditFormState<T, V>;
  title: string;
  /** the dialog's width on a desktop (a phone uses the whole screen) */
  width: number;
  /** a side panel instead of a dialog (see the rule above) */
  panel?: boolean;
  initialValues: Partial<V>;
  conflictField?: string;
  /** server field → form field, where the form names a field otherwise */
  fieldMap?: Record<string, string>;
  /** ProForm's date conversion before `save`; false keeps dayjs values */
  dateFormatter?: false;
  testId?: string;
  onClose: () => void;
  save: (values: V, base: T | null) => Promise<S>;
  onSaved: (saved: S) => void;
  /** the success message; "Saved" when absent, none when `save` says it itself (null) */
  savedText?: (saved: S) => string | null;
  /** the buttons' words when "Save" / "Cancel" do not say what they do */
  submitText?: string;
  cancelText?: string;
  /**
   * false: a dialog that must be answered — no close button, Escape does nothing; only its two
   * buttons end it (the critical value's entry dialog: "Send" or an explicit "Later")
   */
  dismissible?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const mobile = useDevice() === 'mobile';
  const { form, base, conflict, setConflict, reloading, reloadLatest } = edit;

  const requestClose = async () => {
    if (await mayClose(form)) onClose();
  };
  // keyboard is off on the dialog itself: Escape is decided here, before the focused control sees it
  const onKeyDownCapture = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || isDropdownOpen(event.target)) return;
    event.stopPropagation();
    if (!panel && dismissible) void requestClose();
  };
  const keyboardScope = (node: ReactNode) => (
    <div onKeyDownCapture={onKeyDownCapture} data-testid={testId}>
      {node}
    </div>
  );
  const common = {
    open: true,
    form,
    title,
    layout: 'vertical' as const,
    initialValues,
    dateFormatter,
    submitter: submitterProps(t, { submit: submitText, cancel: cancelText }),
    onFinish: async (values: V) => {
      try {
        const saved = await save(values, base);
        const text = savedText ? savedText(saved) : t('common.saved');
        if (text) toastSuccess(text);
        onSaved(saved);
        return true;
      } catch (error) {
        handleSaveError(
          form,
          error,
          base ? { onConflict: setConflict, fieldMap } : { conflictField, fieldMap },
        );
        return false;
      }
    },
  };
  const body = (
    <FormModeContext.Provider value={base ? 'edit' : 'create'}>
      <ConflictAlert message={conflict} onReload={() => void reloadLatest()} reloading={reloading} />
      <Row gutter={16}>{children}</Row>
    </FormModeContext.Provider>
  );
  if (panel) {
    return (
      <DrawerForm<V>
        {...common}
        width={mobile ? '100%' : width}
        drawerProps={{
          destroyOnHidden: true,
          maskClosable: false,
          keyboard: false,
          onClose: () => void requestClose(),
        }}
      >
        {keyboardScope(body)}
      </DrawerForm>
    );
  }
  return (
    <ModalForm<V>
      {...common}
      width={width}
      modalProps={{
        destroyOnHidden: true,
        maskClosable: false,
        keyboard: false,
        closable: dismissible,
        onCancel: () => void requestClose(),
        modalRender: keyboardScope,
      }}
    >
      {body}
    </ModalForm>
  );
}

/**
 * The code of a record (or a similar identifier others refer to): entered when creating, locked once
 * the record exists, since records elsewhere keep it.
 */
export function CodeField({
  name = 'code',
  label,
  rules,
  maxLength,
  sm = 12,
  inputProps,
}: {
  name?: string;
  label: string;
  rules?: Rule[];
  maxLength: number;
  sm?: number;
  inputProps?: InputProps;
}) {
  const { t } = useTranslation();
  const locked = useFormMode() === 'edit';
  return (
    <Col xs={24} sm={sm}>
      <Form.Item
        name={name}
        label={label}
        rules={locked ? undefined : rules}
        required={!locked}
        extra={locked ? t('form.codeLocked') : undefined}
      >
        <Input maxLength={maxLength} autoComplete="off" disabled={locked} {...inputProps} />
      </Form.Item>
    </Col>
  );
}

/** `sort`: a whole number 0-9999. */
export function SortInput(props: {
  id?: string;
  value?: number | null;
  onChange?: (value: number | null) => void;
}) {
  return (
    <InputNumber
      {...props}
      min={CATALOGUE_LIMITS.sort.min}
      max={CATALOGUE_LIMITS.sort.max}
      precision={0}
      style={{ width: '100%' }}
    />
  );
}

/** The sort field of a form, half a row on a phone. */
export function SortField({ sm }: { sm?: number }) {
  const { t } = useTranslation();
  return (
    <Col xs={12} sm={sm}>
      <Form.Item name="sort" label={t('common.sort')}>
        <SortInput />
      </Form.Item>
    </Col>
  );
}

/** The sort and enabled fields of a form, half a row each on a phone. */
export function SortStatusFields({ sm }: { sm?: number }) {
  const { t } = useTranslation();
  return (
    <>
      <SortField sm={sm} />
      <Col xs={12} sm={sm}>
        <Form.Item name="isActive" label={t('common.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Col>
    </>
  );
}

/** Trimmed text, or null when blank. */
export function textOrNull(value: string | null | undefined): string | null {
  const text = value?.trim();
  return text ? text : null;
}
