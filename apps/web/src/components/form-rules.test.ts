import { DEFAULT_PASSWORD_RULE, tenantSchema, userNameSchema } from '@glucocare/domain/auth';
import type { RuleObject } from 'antd/es/form';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../i18n';
import { confirmPasswordRule, newPasswordRule, zodRule } from './form-rules';

async function check(rule: RuleObject, value: unknown): Promise<string | null> {
  try {
    await rule.validator?.(rule, value, () => undefined);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

const form = (values: Record<string, string>) => ({ getFieldValue: (name: string) => values[name] });

afterEach(async () => {
  await setLanguage('en-US');
});

describe('form rules from domain schemas', () => {
  it('translates zod problems of the login schemas in both languages', async () => {
    const userName = zodRule(userNameSchema) as RuleObject;
    expect(await check(userName, '')).toBe('Please enter the username');
    expect(await check(userName, 'a')).toBe('The username must be 2-12 characters');
    expect(await check(userName, '  admin  ')).toBeNull();
    await setLanguage('zh-CN');
    expect(await check(userName, 'a')).toBe('用户名长度为 2-12 个字符');
    expect(await check(zodRule(tenantSchema) as RuleObject, '10')).toBe('机构代码长度为 3-8 个字符');
  });

  it('applies the new-password policy: differs from old, length, strength', async () => {
    const rule = DEFAULT_PASSWORD_RULE;
    const values = { oldPassword: 'Old@12345' };
    const check1 = (value: string) => check(newPasswordRule(rule)(form(values)), value);
    expect(await check1('')).toBe('Please enter the new password');
    expect(await check1('Old@12345')).toBe('Old password must not equal new password');
    expect(await check1('A@1')).toBe('Incorrect password length: 8-32 characters');
    expect(await check1('abcdefgh')).toMatch(/^Incorrect password format/);
    expect(await check1('New@12345')).toBeNull();
    const wide = { ...rule, minLength: 8, maxLength: 20 };
    expect(await check(newPasswordRule(wide)(form(values)), 'New@123')).toBe(
      'Incorrect password length: 8-20 characters',
    );
  });

  it('requires the confirmation to match', async () => {
    const rule = confirmPasswordRule()(form({ newPassword: 'New@12345' }));
    expect(await check(rule, '')).toBe('Please enter the new password again');
    expect(await check(rule, 'New@1234')).toBe('The two passwords do not match');
    expect(await check(rule, 'New@12345')).toBeNull();
  });
});
