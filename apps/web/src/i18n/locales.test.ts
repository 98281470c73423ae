import { describe, expect, it } from 'vitest';
import enUS from './en-US.json';
import enUSText from './en-US.json?raw';
import i18n, { msg, setLanguage } from './index';
import zhCN from './zh-CN.json';
import zhCNText from './zh-CN.json?raw';

/** Every leaf key of a nested locale object, dotted: { a: { b: 'x' } } → ['a.b']. */
export function flattenKeys(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return prefix ? [prefix] : [];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, inner]) =>
    flattenKeys(inner, prefix ? `${prefix}.${key}` : key),
  );
}

/**
 * Keys given twice in one object of a JSON text (JSON.parse keeps the last silently, so a merge that
 * appends a second `"monitor": {…}` block loses the first block's texts): their dotted paths.
 */
export function repeatedKeys(text: string): string[] {
  const repeated: string[] = [];
  const stack: { keys: Set<string>; path: string }[] = [];
  let pendingKey: string | null = null;
  const token = /"(?:[^"\\]|\\.)*"|[{}[\],:]/g;
  let lastString: string | null = null;
  for (const match of text.matchAll(token)) {
    const part = match[0];
    if (part === '{') {
      const parent = stack.at(-1);
      stack.push({ keys: new Set(), path: parent && pendingKey ? `${parent.path}${pendingKey}.` : '' });
      pendingKey = null;
    } else if (part === '}') stack.pop();
    else if (part === ':' && lastString !== null) {
      const object = stack.at(-1)!;
      if (object.keys.has(lastString)) repeated.push(`${object.path}${lastString}`);
      object.keys.add(lastString);
      pendingKey = lastString;
    } else if (part.startsWith('"')) {
      lastString = JSON.parse(part) as string;
      continue;
    }
    lastString = null;
  }
  return repeated;
}

describe('locale files', () => {
  it('repeatedKeys finds a key given twice in one object (so the check below can fail)', () => {
    expect(repeatedKeys('{"a": {"b": "x"}, "c": "{", "a": {"d": "y", "d": "z"}}')).toEqual(['a', 'a.d']);
    expect(repeatedKeys('{"a": {"b": "x"}, "c": {"b": "y"}}')).toEqual([]);
  });

  it('gives no key twice in one object', () => {
    expect(repeatedKeys(enUSText), 'en-US').toEqual([]);
    expect(repeatedKeys(zhCNText), 'zh-CN').toEqual([]);
  });

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
