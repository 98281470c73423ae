import type { ModalFormProps } from '@ant-design/pro-components';
import type { TablePaginationConfig } from 'antd';
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import i18n from '../../i18n';

/** Codes of departments and roles: letters, digits, `_` and `-`, 1-32 characters. */
export const CODE_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;

/** Default pagination of the administration tables. */
export const TABLE_PAGINATION: TablePaginationConfig = {
  defaultPageSize: 20,
  showSizeChanger: true,
  pageSizeOptions: [10, 20, 50, 100],
};

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

/** Save / cancel buttons of the ModalForm and DrawerForm dialogs; save carries `data-testid="form-submit"`. */
export function submitterProps(t: TFunction): ModalFormProps['submitter'] {
  return {
    searchConfig: { submitText: t('common.save'), resetText: t('common.cancel') },
    submitButtonProps: { 'data-testid': 'form-submit' },
    resetButtonProps: { 'data-testid': 'form-cancel' },
  };
}

/** Trimmed text, or null when blank. */
export function textOrNull(value: string | null | undefined): string | null {
  const text = value?.trim();
  return text ? text : null;
}
