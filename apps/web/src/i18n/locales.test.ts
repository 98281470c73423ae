import { describe, expect, it } from 'vitest';
import enUS from './en-US.json';
import i18n, { msg, setLanguage } from './index';
import zhCN from './zh-CN.json';

/** Every leaf key of a nested locale object, dotted: { a: { b: 'x' } } → ['a.b']. */
export function flattenKeys(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return prefix ? [prefix] : [];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, inner]) =>
    flattenKeys(inner, prefix ? `${prefix}.${key}` : key),
  );
}

describe('locale files', () => {
  it('flattenKeys sees nested and missing keys (so the comparison below can fail)', () => {
    expect(flattenKeys({ a: { b: 'x', c: { d: 'y' } }, e: 'z' })).toEqual(['a.b', 'a.c.d', 'e']);
    const left = new Set(flattenKeys({ a: { b: 'x' } }));
    const right = new Set(flattenKeys({ a: { b: 'x', c: 'y' } }));
    expect([...right].filter((key) => !left.has(key))).toEqual(['a.c']);
  });

  it('en-US.json and zh-CN.json have identical key sets', () => {
    const en = new Set(flattenKeys(enUS));
    const zh = new Set(flattenKeys(zhCN));
    expect(
      [...en].filter((key) => !zh.has(key)),
      'keys missing from zh-CN.json',
    ).toEqual([]);
    expect(
      [...zh].filter((key) => !en.has(key)),
      'keys missing from en-US.json',
    ).toEqual([]);
  });

  it('has no empty translations', () => {
    for (const [name, locale] of [
      ['en-US', enUS],
      ['zh-CN', zhCN],
    ] as const) {
      const empty = flattenKeys(locale).filter(
        (key) => !String(i18n.getResource(name, 'translation', key)).trim(),
      );
      expect(empty, name).toEqual([]);
    }
  });

  it('switches every text at once and translates the domain catalogue too', async () => {
    await setLanguage('zh-CN');
    expect(i18n.t('login.submit')).toBe('登录');
    expect(msg('menu.noPermission')).toBe('该账号没有菜单权限，请先分配菜单权限');
    expect(msg('password.length', { min: 6, max: 12 })).toBe('密码长度不正确：6-12 个字符');
    await setLanguage('en-US');
    expect(i18n.t('login.submit')).toBe('Sign in');
    expect(msg('menu.noPermission')).toBe(
      'This account does not have menu permissions, please assign menu permissions first',
    );
    expect(window.localStorage.getItem('language')).toBe('en-US');
  });

  it('falls back to en-US for an unknown language', async () => {
    await i18n.changeLanguage('fr-FR');
    expect(i18n.t('login.submit')).toBe('Sign in');
    await setLanguage('en-US');
  });
});
