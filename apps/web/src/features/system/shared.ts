import type { Rule } from 'antd/es/form';
import i18n from '../../i18n';

/** Codes of departments and roles: letters, digits, `_` and `-`, 1-32 characters. */
export const CODE_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;

/** Required, blank counts as missing; the message is an i18n key of the web catalogue. */
export function requiredRule(messageKey: string): Rule {
  return { required: true, whitespace: true, message: i18n.t(messageKey) };
}

/** Length of the trimmed text between min and max (an empty value is left to `required`). */
export function lengthRule(
  min: number,
  max: number,
  messageKey: string,
  params: Record<string, string | number> = { min, max },
): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      const text = typeof value === 'string' ? value.trim() : '';
      if (!text) return;
      const length = [...text].length;
      if (length < min || length > max) throw new Error(i18n.t(messageKey, params));
    },
  };
}
