import { Input, Typography } from 'antd';
import { useState } from 'react';
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
}: {
  options: ReasonPromptOptions;
  onChange: (reason: string, valid: boolean) => void;
}) {
  const [value, setValue] = useState('');
  const [touched, setTouched] = useState(false);
  const problem = options.check(value.trim());
  return (
    <div>
      <p>{options.content}</p>
      <Typography.Text strong>{options.label}</Typography.Text>
      <Input.TextArea
        autoFocus
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
  return new Promise((resolve) => {
    const dialog = modal.confirm({
      type: 'warning',
      title: options.title,
      okText: options.okText,
      cancelText: options.cancelText,
      okButtonProps: { disabled: true, 'data-testid': 'confirm-ok' },
      cancelButtonProps: { 'data-testid': 'confirm-cancel' },
      content: (
        <ReasonBox
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
