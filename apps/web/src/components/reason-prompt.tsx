import { Input, Typography } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { createRef, type RefObject, useEffect, useState } from 'react';
import { appModal } from '../app/notify';

interface ReasonPromptOptions {
  title: string;
  /** what the user is told before the box */
  content: string;
  label: string;
  okText: string;
  cancelText: string;
  /** the problem of a reason (shown under the box), or null when it will do */
  check: (reason: string) => string | null;
}

function ReasonBox({
  options,
  onChange,
  inputRef,
}: {
  options: ReasonPromptOptions;
  onChange: (reason: string, valid: boolean) => void;
  inputRef: RefObject<TextAreaRef>;
}) {
  const [value, setValue] = useState('');
  const [touched, setTouched] = useState(false);
  const problem = options.check(value.trim());
  useEffect(() => {
    // as soon as the dialog is on the screen (and again once it has settled: afterOpenChange)
    const frame = requestAnimationFrame(() => inputRef.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [inputRef]);
  return (
    <div>
      <p>{options.content}</p>
      <Typography.Text strong>{options.label}</Typography.Text>
      <Input.TextArea
        ref={inputRef}
        rows={2}
        value={value}
        status={touched && problem ? 'error' : undefined}
        aria-label={options.label}
        data-testid="reason-prompt-input"
        onChange={(event) => {
          setValue(event.target.value);
          setTouched(true);
          onChange(event.target.value.trim(), !options.check(event.target.value.trim()));
        }}
      />
      {touched && problem ? (
        <Typography.Text type="danger" data-testid="reason-prompt-problem">
          {problem}
        </Typography.Text>
      ) : null}
    </div>
  );
}

/**
 * A warning that asks for a reason before going on (e.g. discharging a patient while a critical value is
 * open). The confirm button stays disabled until the reason passes `check`. Resolves the reason, or null
 * when cancelled.
 */
export function askReason(options: ReasonPromptOptions): Promise<string | null> {
  const modal = appModal();
  if (!modal) return Promise.resolve(window.prompt(options.content));
  let reason = '';
  const input = createRef<TextAreaRef>();
  return new Promise((resolve) => {
    const dialog = modal.confirm({
      type: 'warning',
      title: options.title,
      okText: options.okText,
      cancelText: options.cancelText,
      okButtonProps: { disabled: true, 'data-testid': 'confirm-ok' },
      cancelButtonProps: { 'data-testid': 'confirm-cancel' },
      // The box, not the (disabled) OK button, takes the focus once the dialog is shown: the dialog
      // focuses its own frame when it opens, which an autoFocus on the box would lose to.
      autoFocusButton: null,
      afterOpenChange: (open) => {
        if (open) input.current?.focus();
      },
      content: (
        <ReasonBox
          inputRef={input}
          options={options}
          onChange={(value, valid) => {
            reason = value;
            dialog.update({ okButtonProps: { disabled: !valid, 'data-testid': 'confirm-ok' } });
          }}
        />
      ),
      onOk: () => resolve(reason),
      onCancel: () => resolve(null),
    });
  });
}
