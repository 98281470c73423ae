import { describe, expect, it } from 'vitest';
import { loginBodySchema } from './auth/schemas';
import { pageParam } from './rules/page-param';
import { containsNul, localizedIssues } from './validation';

describe('localizedIssues', () => {
  it('translates the schema message keys in both languages', () => {
    const data = { tenant: '12', userName: ' a ', password: 'QUJD' };
    expect(localizedIssues(loginBodySchema, data, 'en-US')).toEqual([
      { field: 'userName', message: 'The username must be 2-12 characters' },
      { field: 'tenant', message: 'The organisation code must be 3-8 characters' },
    ]);
    expect(localizedIssues(loginBodySchema, data, 'zh-CN')).toEqual([
      { field: 'userName', message: '用户名长度为 2-12 个字符' },
      { field: 'tenant', message: '机构代码长度为 3-8 个字符' },
    ]);
  });

  it("words type errors and unknown fields with zod's own language pack", () => {
    const data = { tenant: 101, userName: 'admin', password: 'QUJD', role: 'x' };
    const en = localizedIssues(loginBodySchema, data, 'en-US');
    expect(en.map((e) => e.field).sort()).toEqual(['role', 'tenant']);
    expect(en.find((e) => e.field === 'tenant')?.message).toMatch(/expected string, received number/);
    const zh = localizedIssues(loginBodySchema, data, 'zh-CN');
    expect(zh.find((e) => e.field === 'tenant')?.message).toMatch(/期望/);
  });

  it('returns nothing for valid data', () => {
    expect(
      localizedIssues(loginBodySchema, { tenant: '101', userName: 'admin', password: 'QUJD' }, 'en-US'),
    ).toEqual([]);
  });
});

describe('containsNul', () => {
  it('finds NUL anywhere in nested text and keys', () => {
    expect(containsNul('a\u0000b')).toBe(true);
    expect(containsNul({ a: [{ b: 'x\u0000' }] })).toBe(true);
    expect(containsNul({ 'k\u0000': 1 })).toBe(true);
    expect(containsNul({ a: ['ok', 1, null, true] })).toBe(false);
  });
});

describe('pageParam', () => {
  it('accepts plain positive integers only', () => {
    expect(pageParam.parse('1')).toBe(1);
    expect(pageParam.parse('250')).toBe(250);
    for (const bad of ['0', '01', '-1', '1.0', '1e3', ' 1', '', '99999999']) {
      expect(pageParam.safeParse(bad).success, bad).toBe(false);
    }
  });
});
