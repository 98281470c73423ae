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

export function toastError(text: string): void {
  bridge.message?.error(text);
}

export function toastSuccess(text: string): void {
  bridge.message?.success(text);
}

export interface ConfirmOptions {
  title: string;
  content: string;
  okText: string;
  cancelText: string;
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
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
}
