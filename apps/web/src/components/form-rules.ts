import type { PasswordRule } from '@glucocare/domain/auth';
import type { FormInstance } from 'antd';
import type { Rule, RuleObject } from 'antd/es/form';

/** The part of a form a dependent rule reads. */
interface FieldReader {
  getFieldValue: (name: string) => unknown;
}

import { useEffect } from 'react';
import type { z } from 'zod';
import i18n, { msg, msgOrText } from '../i18n';

/**
 * The bounds a zod issue carries (`minimum`, `maximum`) as message parameters `min` and `max`, and the
 * `params` a custom issue names for its message.
 */
export function issueParams(issue: unknown): Record<string, string | number> {
  const params: Record<string, string | number> = {};
  if (!issue || typeof issue !== 'object') return params;
  const {
    minimum,
    maximum,
    params: named,
  } = issue as { minimum?: unknown; maximum?: unknown; params?: unknown };
  if (typeof minimum === 'number' || typeof minimum === 'bigint') params.min = Number(minimum);
  if (typeof maximum === 'number' || typeof maximum === 'bigint') params.max = Number(maximum);
  if (named && typeof named === 'object') {
    for (const [name, value] of Object.entries(named)) {
      if (typeof value === 'string' || typeof value === 'number') params[name] = value;
    }
  }
  return params;
}

/**
 * An antd form rule from a domain zod schema: the schema's first problem, translated from the
 * domain message catalogue into the current language. `optional`: a blank value passes. The schema
 * may be given as a loader, so a page that must come up fast (the login page) loads the rules and
 * zod with the first check rather than with the page.
 */
export function zodRule(
  schema: z.ZodType | (() => Promise<z.ZodType>),
  options: { optional?: boolean } = {},
): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      // an optional field left blank is sent as null: nothing to check
      if (options.optional && (value === undefined || value === null || String(value).trim() === '')) return;
      const resolved = typeof schema === 'function' ? await schema() : schema;
      const result = resolved.safeParse(value ?? '');
      if (result.success) return;
      const issue = result.error.issues[0];
      throw new Error(msgOrText(issue?.message ?? 'validation.required', issueParams(issue)));
    },
  };
}

/** New-password rule of §5: required, differs from the old one, length, strength (domain `checkNewPassword`). */
export function newPasswordRule(
  rule: PasswordRule,
  oldPasswordField = 'oldPassword',
): (form: FieldReader) => RuleObject {
  return (form) => ({
    validator: async (_rule, value: unknown) => {
      const newPassword = typeof value === 'string' ? value : '';
      if (!newPassword) throw new Error(msg('password.newRequired'));
      const oldPassword = String(form.getFieldValue(oldPasswordField) ?? '');
      // the rules come with the first check: the login page's forced change needs them only then
      const { checkNewPassword } = await import('@glucocare/domain/auth');
      // the old password's own field reports it missing; here a stand-in lets the other rules run
      const violations = checkNewPassword({ oldPassword: oldPassword || '\u0000', newPassword, rule });
      const first = violations[0];
      if (first) throw new Error(msg(first.key, first.params));
    },
  });
}

/** Confirmation: required and equal to the new password. */
export function confirmPasswordRule(newPasswordField = 'newPassword'): (form: FieldReader) => RuleObject {
  return (form) => ({
    validator: async (_rule, value: unknown) => {
      if (!value) throw new Error(i18n.t('password.confirmRequired'));
      if (value !== form.getFieldValue(newPasswordField)) throw new Error(msg('password.confirmMismatch'));
    },
  });
}

/** Re-checks the fields that show an error when the language changes, so their messages switch too. */
export function useRevalidateOnLanguageChange(form: FormInstance): void {
  useEffect(() => {
    const onChange = () => {
      const withErrors = form
        .getFieldsError()
        .filter((field) => field.errors.length > 0)
        .map((field) => field.name);
      if (withErrors.length) void form.validateFields(withErrors).catch(() => undefined);
    };
    i18n.on('languageChanged', onChange);
    return () => i18n.off('languageChanged', onChange);
  }, [form]);
}
