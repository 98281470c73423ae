import { PERMISSIONS } from '@glucocare/domain/admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, type FormInstance, Skeleton } from 'antd';
import type { TFunction } from 'i18next';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, isAbort, isApiError } from '../../../api/http';
import { toastError, toastSuccess } from '../../../app/notify';
import { usePermission } from '../../../app/permissions';
import { type FieldPath, mapFieldErrors } from '../../../components/form-errors';
import { useRevalidateOnLanguageChange } from '../../../components/form-rules';
import { LoadError } from '../../../components/PageWrapper';
import { INLINE_ERROR, SettingActions } from '../settings-form';

export const STRATEGY_EDIT = PERMISSIONS.settings.strategies.edit;

/**
 * §8 "Save failed": field problems of a 400 go under their fields (`fieldMap`: server field → form
 * field), anything else shows as "Save failed: <reason>". A cancelled call or a lost session shows nothing.
 */
export function showSaveFailure(
  form: FormInstance,
  error: unknown,
  t: TFunction,
  fieldMap: Record<string, string | FieldPath> = {},
): void {
  const failedText = t('strategySettings.saveFailed');
  const failedWith = (reason: string) => t('strategySettings.saveFailedReason', { reason });
  if (isAbort(error) || (isApiError(error) && error.kind === 'session')) return;
  if (isApiError(error) && error.errors.length) {
    const formFields = form.getFieldsError().map((field) => field.name as FieldPath);
    const { fields, unmatched } = mapFieldErrors(error.errors, formFields, fieldMap);
    if (fields.length) {
      form.setFields(fields);
      form.scrollToField(fields[0]!.name, { block: 'center' });
      const rest = unmatched.map((item) => item.message).join('; ');
      toastError(rest ? failedWith(rest) : failedText);
      return;
    }
  }
  toastError(failedWith(errorText(error)));
}

export interface StrategyFormProps<Data, Values> {
  /** react-query key of the setting */
  queryKey: readonly unknown[];
  load: (signal?: AbortSignal) => Promise<Data>;
  /** the form's values (display units) of the loaded setting */
  toValues: (data: Data) => Values;
  /** saves the form's values and answers the setting now in effect */
  save: (values: Values, loaded: Data) => Promise<Data>;
  /** server field → form field, for the problems of a refused save */
  fieldMap?: Record<string, string | FieldPath>;
  /** a save made of several calls: the failure of one call and where its fields go */
  unwrapError?: (error: unknown) => { error: unknown; fieldMap?: Record<string, string | FieldPath> };
  /** what failed to load ("The TIR setting could not be loaded") */
  loadFailedText: string;
  testId: string;
  /** rebuild the values when these change (the glucose unit) */
  valueDeps?: readonly unknown[];
  children: (form: FormInstance<Values>, loaded: Data) => ReactNode;
  /** who may change it (default: the strategy settings' edit permission) */
  editPermission?: string;
  /** asked before saving (a setting of the whole hospital); false keeps the form as it is */
  confirm?: () => Promise<boolean>;
}

/**
 * One strategy setting as a form: loading skeleton, load error with retry, the fields (disabled for
 * users without the edit permission), save with a success message or the §8 failure, reset.
 */
export function StrategyForm<Data, Values extends object>({
  queryKey,
  load,
  toValues,
  save,
  fieldMap,
  unwrapError,
  loadFailedText,
  testId,
  valueDeps = [],
  children,
  editPermission = STRATEGY_EDIT,
  confirm,
}: StrategyFormProps<Data, Values>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  useRevalidateOnLanguageChange(form);
  const canEdit = usePermission(editPermission);
  const client = useQueryClient();
  const [saving, setSaving] = useState(false);
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => load(signal),
    meta: INLINE_ERROR,
  });
  const { data } = query;

  // biome-ignore lint/correctness/useExhaustiveDependencies: toValues is recreated every render; the data and unit decide
  useEffect(() => {
    if (data !== undefined) form.setFieldsValue(toValues(data) as Parameters<typeof form.setFieldsValue>[0]);
  }, [data, form, ...valueDeps]);

  if (query.isPending) return <Skeleton active paragraph={{ rows: 6 }} data-testid={`${testId}-loading`} />;
  if (query.isError) {
    return (
      <LoadError
        title={loadFailedText}
        message={errorText(query.error)}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const loaded = query.data;

  const submit = async (values: Values) => {
    if (confirm && !(await confirm())) return;
    setSaving(true);
    try {
      const next = await save(values, loaded);
      client.setQueryData(queryKey, next);
      form.setFieldsValue(toValues(next) as Parameters<typeof form.setFieldsValue>[0]);
      toastSuccess(t('common.saved'));
    } catch (error) {
      const failure = unwrapError ? unwrapError(error) : { error, fieldMap };
      showSaveFailure(form, failure.error, t, failure.fieldMap);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      disabled={!canEdit}
      initialValues={toValues(loaded)}
      // every value the form holds, not only those with a field (the consultation rows' items)
      onFinish={() => void submit(form.getFieldsValue(true) as Values)}
      data-testid={testId}
      className="gc-strategy-form"
    >
      {children(form, loaded)}
      {canEdit ? (
        <SettingActions
          saving={saving}
          testId={testId}
          onReset={() => {
            form.resetFields();
            form.setFieldsValue(toValues(loaded) as Parameters<typeof form.setFieldsValue>[0]);
          }}
        />
      ) : null}
    </Form>
  );
}
