import { describe, expect, it } from 'vitest';
import { isMessageKey, messages, resolveLang, translate } from './messages';

describe('message catalogue', () => {
  it('has the same keys in en-US and zh-CN, none empty', () => {
    const en = Object.keys(messages['en-US']).sort();
    const zh = Object.keys(messages['zh-CN']).sort();
    expect(zh).toEqual(en);
    for (const lang of ['en-US', 'zh-CN'] as const) {
      for (const [key, text] of Object.entries(messages[lang]))
        expect(text.trim(), `${lang} ${key}`).not.toBe('');
    }
  });

  it('uses the same placeholders in both languages', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const key of Object.keys(messages['en-US']) as (keyof (typeof messages)['en-US'])[]) {
      expect(placeholders(messages['zh-CN'][key]), key).toEqual(placeholders(messages['en-US'][key]));
    }
  });

  it('carries the spec texts of §5 and §8 word for word', () => {
    expect(translate('en-US', 'error.notFound')).toBe('Page is not found');
    expect(translate('en-US', 'error.internal')).toBe('The page went wrong!');
    expect(translate('en-US', 'password.sameAsOld')).toBe('Old password must not equal new password');
    expect(translate('en-US', 'profile.verifyFailed')).toBe(
      'Verification of information failed, please log in again',
    );
    expect(translate('en-US', 'menu.noPermission')).toBe(
      'This account does not have menu permissions, please assign menu permissions first',
    );
  });

  it('fills placeholders and leaves unknown ones visible', () => {
    expect(translate('en-US', 'password.length', { min: 6, max: 12 })).toBe(
      'Incorrect password length: 6-12 characters',
    );
    expect(translate('zh-CN', 'password.length', { min: 8 })).toBe('密码长度不正确：8-{{max}} 个字符');
  });

  it('recognises its own keys only', () => {
    expect(isMessageKey('auth.loginFailed')).toBe(true);
    expect(isMessageKey('toString')).toBe(false);
    expect(isMessageKey('Invalid input')).toBe(false);
  });
});

describe('resolveLang', () => {
  it.each([
    [undefined, 'en-US'],
    ['', 'en-US'],
    ['zh-CN', 'zh-CN'],
    ['zh', 'zh-CN'],
    ['zh-TW,zh;q=0.9', 'zh-CN'],
    ['en-GB,en;q=0.8', 'en-US'],
    ['fr-FR,fr;q=0.9', 'en-US'],
    ['fr-FR,zh-CN;q=0.5', 'zh-CN'],
    ['en;q=0.4,zh-CN;q=0.9', 'zh-CN'],
    ['zh-CN;q=0,en', 'en-US'],
  ])('%s → %s', (header, lang) => {
    expect(resolveLang(header)).toBe(lang);
  });
});
