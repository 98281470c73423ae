import { departmentNameSchema, menuCreateSchema } from '@glucocare/domain/admin';
import type { RuleObject } from 'antd/es/form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bindNotify } from '../app/notify';
import { msgOrText, setLanguage } from '../i18n';
import { confirmAction, defaultConfirmText, withContinuePrompt } from './confirm';
import { zodRule } from './form-rules';

afterEach(async () => {
  vi.restoreAllMocks();
  await setLanguage('en-US');
});

async function check(rule: RuleObject, value: unknown): Promise<string | null> {
  try {
    await rule.validator?.(rule, value, () => undefined);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('confirm texts (§8)', () => {
  it('defaults to the delete text plus the continue prompt, in both languages', async () => {
    expect(defaultConfirmText()).toBe('This will permanently delete the record. Continue?');
    expect(withContinuePrompt('Reset the password.')).toBe('Reset the password. Continue?');
    await setLanguage('zh-CN');
    expect(defaultConfirmText()).toBe('此操作将永久删除该记录，是否继续？');
  });

  it('opens a warning-type dialog with hint, confirm and cancel texts and resolves with the choice', async () => {
    const configs: Record<string, unknown>[] = [];
    const modal = {
      confirm: (config: Record<string, unknown>) => {
        configs.push(config);
        return { destroy: () => undefined, update: () => undefined };
      },
    };
    bindNotify({} as Parameters<typeof bindNotify>[0], modal as unknown as Parameters<typeof bindNotify>[1]);
    const accepted = confirmAction({ danger: true });
    const config = configs[0] as { onOk: () => void; okButtonProps: Record<string, unknown> } & Record<
      string,
      unknown
    >;
    expect(config).toMatchObject({
      type: 'warning',
      title: 'Hint',
      content: 'This will permanently delete the record. Continue?',
      okText: 'Confirm',
      cancelText: 'Cancel',
    });
    expect(config.okButtonProps).toMatchObject({ danger: true, 'data-testid': 'confirm-ok' });
    config.onOk();
    await expect(accepted).resolves.toBe(true);

    const declined = confirmAction({ content: 'Reset?' });
    const second = configs[1] as { onCancel: () => void; content: string };
    expect(second.content).toBe('Reset?');
    second.onCancel();
    await expect(declined).resolves.toBe(false);
  });
});

describe('domain messages with parameters', () => {
  it('fills range messages from the zod issue, both limits included', async () => {
    expect(msgOrText('validation.tooLong', { max: 40 })).toBe('Must be at most 40 characters');
    expect(msgOrText('not a key?x=1')).toBe('not a key?x=1');
    expect(await check(zodRule(departmentNameSchema) as RuleObject, 'X')).toBe(
      'The department name must be 2-18 characters',
    );
    await setLanguage('zh-CN');
    expect(await check(zodRule(departmentNameSchema) as RuleObject, '')).toBe('请输入科室名称');
  });

  it('lets blank optional fields pass', async () => {
    const component = menuCreateSchema.shape.component;
    expect(await check(zodRule(component) as RuleObject, '')).not.toBeNull();
    expect(await check(zodRule(component, { optional: true }) as RuleObject, '  ')).toBeNull();
    expect(await check(zodRule(component, { optional: true }) as RuleObject, 'x')).toBe(
      'The component key starts with /',
    );
  });
});
