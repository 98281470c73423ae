import { confirmWarning } from '../app/notify';
import i18n from '../i18n';

export interface ConfirmActionOptions {
  /** defaults to "Hint" */
  title?: string;
  /** defaults to the delete text plus the continue prompt (§8) */
  content?: string;
  okText?: string;
  cancelText?: string;
  /** a red confirm button (deletions) */
  danger?: boolean;
}

/** §8: "The default text is the delete text plus the continue prompt". */
export function defaultConfirmText(): string {
  return i18n.t('confirm.defaultText', {
    deleteText: i18n.t('confirm.deleteText'),
    continueText: i18n.t('confirm.continueText'),
  });
}

/** The continue prompt appended to a specific question ("Delete X? " → "... Continue?"). */
export function withContinuePrompt(text: string): string {
  return i18n.t('confirm.defaultText', { deleteText: text, continueText: i18n.t('confirm.continueText') });
}

/**
 * A warning-type confirmation with hint, confirm and cancel texts (§8); resolves true on confirm.
 * The confirm button carries `data-testid="confirm-ok"`.
 */
export function confirmAction(options: ConfirmActionOptions = {}): Promise<boolean> {
  return confirmWarning({
    title: options.title ?? i18n.t('common.hint'),
    content: options.content ?? defaultConfirmText(),
    okText: options.okText ?? i18n.t('common.confirm'),
    cancelText: options.cancelText ?? i18n.t('common.cancel'),
    danger: options.danger,
  });
}
