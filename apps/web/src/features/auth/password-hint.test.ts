import { afterEach, describe, expect, it } from 'vitest';
import i18n, { setLanguage } from '../../i18n';
import { passwordRuleHint } from './password-hint';

afterEach(async () => {
  await setLanguage('en-US');
});

describe('passwordRuleHint', () => {
  it('words the rule that applies to the account, in both languages', async () => {
    const t = i18n.t.bind(i18n);
    expect(passwordRuleHint(t, { min: 8, max: 32, strong: true, isAdmin: false })).toBe(
      '8–32 characters, with an upper-case letter, a digit and a special character',
    );
    expect(passwordRuleHint(t, { min: 12, max: 32, strong: true, isAdmin: true })).toBe(
      '12–32 characters (administrator password), with an upper-case letter, a digit and a special character',
    );
    expect(passwordRuleHint(t, { min: 8, max: 20, strong: false, isAdmin: false })).toBe('8–20 characters');
    await setLanguage('zh-CN');
    expect(passwordRuleHint(t, { min: 12, max: 32, strong: true, isAdmin: true })).toBe(
      '12–32 个字符（管理员密码），须包含大写字母、数字和特殊字符',
    );
    expect(passwordRuleHint(t, { min: 8, max: 32, strong: false, isAdmin: false })).toBe('8–32 个字符');
  });
});
