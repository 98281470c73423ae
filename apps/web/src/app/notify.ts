import type { App } from 'antd';

type AppApi = ReturnType<typeof App.useApp>;
type MessageInstance = AppApi['message'];
type ModalHookAPI = AppApi['modal'];

/**
 * antd's message and modal APIs bound to the app's ConfigProvider (theme, locale, size). `AppBridge`
 * in providers.tsx fills them from `App.useApp()`; until then calls are dropped, never thrown.
 */
interface Bridge {
  message: MessageInstance | null;
  modal: ModalHookAPI | null;
}

const bridge: Bridge = { message: null, modal: null };

export function bindNotify(message: MessageInstance, modal: ModalHookAPI): void {
  bridge.message = message;
  bridge.modal = modal;
}

/**
 * One error toast per failure: a text already on screen is replaced, not stacked (the same failure
 * reported by the page and by the query cache, or by several requests of one action, shows once).
 */
export function toastError(text: string): void {
  bridge.message?.error({ content: text, key: `error:${text}` });
}

export function toastSuccess(text: string): void {
  bridge.message?.success(text);
}

/** News the user did not cause (a colleague's follow-up arrived live), shown a while longer. */
export function toastInfo(text: string): void {
  bridge.message?.info({ content: text, key: `info:${text}`, duration: 8 });
}

export interface ConfirmOptions {
  title: string;
  content: string;
  okText: string;
  cancelText: string;
  /** a red confirm button (deletions) */
  danger?: boolean;
}

/** A warning-type confirmation (§8 "Confirm dialogs use warning type with hint, confirm and cancel texts"). */
export function confirmWarning(options: ConfirmOptions): Promise<boolean> {
  const modal = bridge.modal;
  if (!modal) return Promise.resolve(window.confirm(options.content));
  return new Promise((resolve) => {
    modal.confirm({
      type: 'warning',
      title: options.title,
      content: options.content,
      okText: options.okText,
      cancelText: options.cancelText,
      okButtonProps: { danger: options.danger, 'data-testid': 'confirm-ok' },
      cancelButtonProps: { 'data-testid': 'confirm-cancel' },
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
}

/** The app's modal API (null until the app mounted), for dialogs built elsewhere (components/reason-prompt). */
export function appModal(): ModalHookAPI | null {
  return bridge.modal;
}

/** A message the user should read before going on (an info-type dialog with one button). */
export function alertDialog(options: {
  title: string;
  content: string;
  okText: string;
  type?: 'info' | 'success';
}): Promise<void> {
  const modal = bridge.modal;
  if (!modal) {
    window.alert(options.content);
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const open = options.type === 'success' ? modal.success : modal.info;
    open({
      title: options.title,
      content: options.content,
      okText: options.okText,
      okButtonProps: { 'data-testid': 'dialog-ok' },
      onOk: () => resolve(),
      onCancel: () => resolve(),
    });
  });
}
