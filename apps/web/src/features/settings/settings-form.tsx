import { type QueryKey, type UseQueryResult, useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Skeleton, Space, Switch, Typography } from 'antd';
import type { RuleObject } from 'antd/es/form';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { errorText, showError } from '../../api/http';
import { toastSuccess } from '../../app/notify';
import { confirmAction } from '../../components/confirm';
import { issueParams } from '../../components/form-rules';
import { LoadError } from '../../components/PageWrapper';
import i18n, { msgOrText } from '../../i18n';

/**
 * Pieces the hospital-settings forms share: a card that shows its setting's loading and error states,
 * a switch row that saves at once, a form rule checking one field against a whole-body domain schema
 * (for rules that involve several fields), and a save hook that updates the cached setting.
 */

/** Queries of settings screens show their failure inside the card (with a retry), not as a toast. */
export const INLINE_ERROR = { silent: true } as const;

interface SettingCardProps {
  title: ReactNode;
  description?: ReactNode;
  extra?: ReactNode;
  /** the setting(s) the card edits: loading → skeleton, failure → the message with a retry */
  queries?: UseQueryResult<unknown>[];
  testId?: string;
  children: ReactNode;
}

export function SettingCard({ title, description, extra, queries = [], testId, children }: SettingCardProps) {
  const { t } = useTranslation();
  const failed = queries.find((query) => query.isError);
  const loading = queries.some((query) => query.isPending);
  return (
    <Card title={title} extra={extra} className="gc-card" data-testid={testId}>
      {description ? (
        <Typography.Paragraph type="secondary" className="gc-form-note">
          {description}
        </Typography.Paragraph>
      ) : null}
      {failed ? (
        <LoadError
          title={t('systemSettings.form.loadFailed')}
          message={errorText(failed.error)}
          onRetry={() => {
            for (const query of queries) if (query.isError) void query.refetch();
          }}
        />
      ) : loading ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : (
        children
      )}
    </Card>
  );
}

interface SwitchRowProps {
  title: ReactNode;
  /** the switch's accessible name when `title` is not plain text */
  ariaLabel?: string;
  description?: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  loading?: boolean;
  disabled?: boolean;
  testId?: string;
  /** a setting of the whole hospital: asks before it changes (everyone's screens follow) */
  hospitalWide?: boolean;
}

/**
 * Asks before a setting of the whole hospital changes: "Change “{name}” to “{value}” for the whole
 * hospital?" (a personal setting changes at once). Resolves true to go ahead.
 */
export function confirmHospitalWide(name: string, value: string): Promise<boolean> {
  return confirmAction({ content: i18n.t('systemSettings.form.confirmHospitalWide', { name, value }) });
}

/** A setting that is on or off: its name and what it does on the left, the switch on the right. */
export function SwitchRow({
  title,
  ariaLabel,
  description,
  checked,
  onChange,
  loading,
  disabled,
  testId,
  hospitalWide,
}: SwitchRowProps) {
  const { t } = useTranslation();
  const name = ariaLabel ?? (typeof title === 'string' ? title : '');
  const change = async (next: boolean) => {
    const state = t(next ? 'systemSettings.form.on' : 'systemSettings.form.off');
    if (!hospitalWide || (await confirmHospitalWide(name, state))) onChange(next);
  };
  return (
    <Flex justify="space-between" align="flex-start" gap={16}>
      <div style={{ minWidth: 0 }}>
        <Typography.Text strong>{title}</Typography.Text>
        {description ? (
          <Typography.Text type="secondary" className="gc-block">
            {description}
          </Typography.Text>
        ) : null}
      </div>
      <Switch
        checked={checked}
        loading={loading}
        disabled={disabled}
        onChange={(next) => void change(next)}
        checkedChildren={t('systemSettings.form.on')}
        unCheckedChildren={t('systemSettings.form.off')}
        data-testid={testId}
        aria-label={name || undefined}
        style={{ flex: 'none' }}
      />
    </Flex>
  );
}

/** Save and reset buttons of a settings form (save carries `data-testid="<testId>-save"`). */
export function SettingActions({
  saving,
  onReset,
  testId,
}: {
  saving: boolean;
  onReset: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Space wrap>
      <Button type="primary" htmlType="submit" loading={saving} data-testid={`${testId}-save`}>
        {t('common.save')}
      </Button>
      <Button onClick={onReset} disabled={saving} data-testid={`${testId}-reset`}>
        {t('systemSettings.form.reset')}
      </Button>
    </Space>
  );
}

/** The part of a form a dependent rule reads. */
interface FieldReader {
  getFieldsValue: (all: true) => unknown;
}

/**
 * A form rule for the field at `path` of a whole request body: the body that `bodyOf` builds from the
 * form's values is checked with the domain `schema`, and the first problem on that field is shown.
 * Rules that involve several fields ("address required when the service is on", "shortest ≤ longest")
 * so stay in the domain schema the server uses.
 */
export function bodyFieldRule<V>(
  schema: z.ZodType,
  path: readonly (string | number)[],
  bodyOf: (values: V) => unknown,
): (form: FieldReader) => RuleObject {
  const key = path.join('.');
  return (form) => ({
    validator: async () => {
      const result = schema.safeParse(bodyOf(form.getFieldsValue(true) as V));
      if (result.success) return;
      const issue = result.error.issues.find((item) => item.path.map(String).join('.') === key);
      if (issue) throw new Error(msgOrText(issue.message, issueParams(issue)));
    },
  });
}

/**
 * Saves a setting: on success the cached value under `queryKey` becomes the server's answer and a
 * success message shows; failures go to `onError` (a form showing field problems) or a toast.
 */
export function useSettingSave<TInput, TResult>(
  save: (input: TInput) => Promise<TResult>,
  options: {
    queryKey: QueryKey;
    successText?: string;
    onSaved?: (result: TResult) => void;
    onError?: (error: unknown) => void;
  },
) {
  const { t } = useTranslation();
  const client = useQueryClient();
  return useMutation({
    mutationFn: save,
    onSuccess: (result) => {
      client.setQueryData(options.queryKey, result);
      toastSuccess(options.successText ?? t('common.saved'));
      options.onSaved?.(result);
    },
    onError: (error) => (options.onError ? options.onError(error) : showError(error)),
  });
}
