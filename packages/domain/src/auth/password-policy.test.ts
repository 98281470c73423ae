import { describe, expect, it } from 'vitest';
import {
  checkNewPassword,
  DEFAULT_PASSWORD_RULE,
  effectiveLengthRule,
  isPasswordExpired,
  isStrongPassword,
} from './password-policy';

const rule = DEFAULT_PASSWORD_RULE;
const keys = (oldPassword: string, newPassword: string, isAdmin = false, r = rule) =>
  checkNewPassword({ oldPassword, newPassword, rule: r, isAdmin }).map((v) => v.key);

describe('checkNewPassword (§5 Password change)', () => {
  it('accepts a strong password of allowed length that differs from the old one', () => {
    expect(keys('Old@2026', 'New@2026')).toEqual([]);
  });

  it('requires old and new', () => {
    expect(keys('', 'New@2026')).toEqual(['password.oldRequired']);
    expect(keys('Old@2026', '')).toEqual(['password.newRequired']);
  });

  it('refuses the old password again', () => {
    expect(keys('Same@2026', 'Same@2026')).toEqual(['password.sameAsOld']);
  });

  it('checks length at both boundaries (default 6-12)', () => {
    expect(keys('Old@2026', 'Ab@1x')).toEqual(['password.length']); // 5
    expect(keys('Old@2026', 'Ab@12x')).toEqual([]); // 6
    expect(keys('Old@2026', 'Ab@123456789')).toEqual([]); // 12
    expect(keys('Old@2026', 'Ab@1234567890')).toEqual(['password.length']); // 13
  });

  it('counts characters, not UTF-16 units', () => {
    expect(keys('Old@2026', 'A1@😀😀😀')).toEqual([]);
  });

  it('needs upper-case, digit and special character when the strong flag is on', () => {
    expect(keys('Old@2026', 'abc@2026')).toEqual(['password.strength']);
    expect(keys('Old@2026', 'Abcd@efg')).toEqual(['password.strength']);
    expect(keys('Old@2026', 'Abcd2026')).toEqual(['password.strength']);
    expect(keys('Old@2026', 'abcd2026', false, { ...rule, strong: false })).toEqual([]);
  });

  it('holds administrators to 12 characters or more', () => {
    expect(keys('Admin@123456', 'Admin@2027', true)).toEqual(['password.adminLength']);
    expect(keys('Admin@123456', 'Admin@202712', true)).toEqual([]);
    expect(effectiveLengthRule(rule, true)).toEqual({ min: 12, max: 12 });
    expect(effectiveLengthRule({ ...rule, minLength: 14, maxLength: 20 }, true)).toEqual({
      min: 14,
      max: 20,
    });
    expect(effectiveLengthRule(rule, false)).toEqual({ min: 6, max: 12 });
  });

  it('reports every broken rule at once', () => {
    expect(keys('abc', 'abc')).toEqual(['password.sameAsOld', 'password.length', 'password.strength']);
  });
});

describe('isStrongPassword', () => {
  it.each([
    ['Abc@1234', true],
    ['ABC@1234', true],
    ['abc@1234', false],
    ['Abc 1234', false],
    ['Abc12345', false],
  ])('%s → %s', (text, expected) => {
    expect(isStrongPassword(text)).toBe(expected);
  });
});

describe('isPasswordExpired', () => {
  const changed = new Date('2026-01-31T10:00:00Z');
  it('never expires with 0 months', () => {
    expect(isPasswordExpired(changed, rule, new Date('2036-01-01'))).toBe(false);
  });
  it('expires exactly after the number of months', () => {
    const threeMonths = { ...rule, expiryMonths: 3 };
    expect(
      isPasswordExpired(new Date('2026-02-15T10:00:00Z'), threeMonths, new Date('2026-05-15T09:59:59Z')),
    ).toBe(false);
    expect(
      isPasswordExpired(new Date('2026-02-15T10:00:00Z'), threeMonths, new Date('2026-05-15T10:00:00Z')),
    ).toBe(true);
  });
});
