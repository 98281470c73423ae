import { randomInt } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkNewPassword,
  DEFAULT_PASSWORD_RULE,
  effectiveLengthRule,
  isPasswordExpired,
  isStrongPassword,
  ONE_TIME_PASSWORD_ALPHABET,
  ONE_TIME_PASSWORD_LENGTH,
  oneTimePassword,
  type PasswordRule,
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

  it('checks length at both boundaries (default 8-32)', () => {
    expect(DEFAULT_PASSWORD_RULE).toMatchObject({ minLength: 8, maxLength: 32, strong: true });
    expect(keys('Old@2026', 'Ab@1234')).toEqual(['password.length']); // 7
    expect(keys('Old@2026', 'Ab@12345')).toEqual([]); // 8
    expect(keys('Old@2026', `Ab@${'1'.repeat(29)}`)).toEqual([]); // 32
    expect(keys('Old@2026', `Ab@${'1'.repeat(30)}`)).toEqual(['password.length']); // 33
  });

  it('counts characters, not UTF-16 units', () => {
    expect(keys('Old@2026', 'A1@😀😀😀😀😀')).toEqual([]); // 8 characters, 13 UTF-16 units
  });

  it('needs upper-case, digit and special character when the strong flag is on', () => {
    expect(keys('Old@2026', 'abc@2026')).toEqual(['password.strength']);
    expect(keys('Old@2026', 'Abcd@efgh')).toEqual(['password.strength']);
    expect(keys('Old@2026', 'Abcd2026')).toEqual(['password.strength']);
    expect(keys('Old@2026', 'abcd2026', false, { ...rule, strong: false })).toEqual([]);
  });

  it('holds administrators to 12 characters or more', () => {
    expect(keys('Admin@123456', 'Admin@2027', true)).toEqual(['password.adminLength']);
    expect(keys('Admin@123456', 'Admin@202712', true)).toEqual([]);
    expect(effectiveLengthRule(rule, true)).toEqual({ min: 12, max: 32 });
    // a policy whose maximum is below 12 still lets administrators reach 12
    expect(effectiveLengthRule({ ...rule, minLength: 6, maxLength: 10 }, true)).toEqual({ min: 12, max: 12 });
    expect(effectiveLengthRule({ ...rule, minLength: 14, maxLength: 20 }, true)).toEqual({
      min: 14,
      max: 20,
    });
    expect(effectiveLengthRule(rule, false)).toEqual({ min: 8, max: 32 });
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

describe('oneTimePassword', () => {
  const unambiguous = new RegExp(
    `^[${Object.values(ONE_TIME_PASSWORD_ALPHABET)
      .join('')
      .replace(/[-\\^\]]/g, '\\$&')}]+$`,
  );

  it('is 12 characters under the default policy, for staff and administrators alike', () => {
    expect(oneTimePassword(rule, false, randomInt)).toHaveLength(ONE_TIME_PASSWORD_LENGTH);
    expect(oneTimePassword(rule, true, randomInt)).toHaveLength(12);
  });

  it('avoids characters people confuse (0/O/o, 1/l/I), quotes, commas and spaces', () => {
    for (let i = 0; i < 200; i++) {
      const password = oneTimePassword(rule, false, randomInt);
      expect(password).toMatch(unambiguous);
      expect(password).not.toMatch(/[0O1lIo'",\s]/);
    }
  });

  it('differs from one call to the next', () => {
    const seen = new Set(Array.from({ length: 100 }, () => oneTimePassword(rule, false, randomInt)));
    expect(seen.size).toBe(100);
  });

  it('always satisfies the policy that applies to the account, whatever the policy', () => {
    const policies = fc
      .record({
        minLength: fc.integer({ min: 6, max: 32 }),
        span: fc.integer({ min: 0, max: 26 }),
        strong: fc.boolean(),
        expiryMonths: fc.constant(0),
      })
      .map(({ span, ...r }): PasswordRule => ({ ...r, maxLength: Math.min(32, r.minLength + span) }));
    fc.assert(
      fc.property(policies, fc.boolean(), (policy, isAdmin) => {
        const password = oneTimePassword(policy, isAdmin, randomInt);
        expect(checkNewPassword({ oldPassword: 'x', newPassword: password, rule: policy, isAdmin })).toEqual(
          [],
        );
        expect(isStrongPassword(password)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
