import { PASSWORD_LENGTH_DEFAULT } from '../constants';
import type { MessageKey } from '../i18n/messages';

/** The tenant's password policy (§3 Hospital settings: strong flag, length, expiry in months). */
export interface PasswordRule {
  minLength: number;
  maxLength: number;
  /** upper-case letter, digit and special character all required */
  strong: boolean;
  /** months a password stays valid; 0 = no expiry */
  expiryMonths: number;
}

export const DEFAULT_PASSWORD_RULE: PasswordRule = {
  minLength: PASSWORD_LENGTH_DEFAULT.min,
  maxLength: PASSWORD_LENGTH_DEFAULT.max,
  strong: true,
  expiryMonths: 0,
};

/** §5: "Admin passwords should exceed 11 characters" (issue 22: administrators 12 or more). */
export const ADMIN_PASSWORD_MIN_LENGTH = 12;

export interface PolicyViolation {
  key: MessageKey;
  params?: Record<string, number>;
}

/** The length bounds that apply to one account: administrators never go below 12 characters. */
export function effectiveLengthRule(rule: PasswordRule, isAdmin: boolean): { min: number; max: number } {
  if (!isAdmin) return { min: rule.minLength, max: rule.maxLength };
  const min = Math.max(rule.minLength, ADMIN_PASSWORD_MIN_LENGTH);
  return { min, max: Math.max(rule.maxLength, min) };
}

/** Counts characters as a person does (code points), so CJK and emoji count once. */
function length(text: string): number {
  return [...text].length;
}

/** Whether the text has an upper-case letter, a digit and a special character (§5 Password change). */
export function isStrongPassword(text: string): boolean {
  return /[A-Z]/.test(text) && /\d/.test(text) && /[^A-Za-z0-9\s]/.test(text);
}

/**
 * Every rule of §5 "Password change" a proposed password breaks, in the order a user should fix
 * them: required, new differs from old, length (with admin minimum), strength.
 */
export function checkNewPassword(input: {
  oldPassword: string;
  newPassword: string;
  rule: PasswordRule;
  isAdmin?: boolean;
}): PolicyViolation[] {
  const { oldPassword, newPassword, rule } = input;
  if (!oldPassword) return [{ key: 'password.oldRequired' }];
  if (!newPassword) return [{ key: 'password.newRequired' }];
  const violations: PolicyViolation[] = [];
  if (newPassword === oldPassword) violations.push({ key: 'password.sameAsOld' });
  const bounds = effectiveLengthRule(rule, input.isAdmin ?? false);
  const size = length(newPassword);
  if (size < bounds.min || size > bounds.max) {
    violations.push(
      input.isAdmin && size < bounds.min && size >= rule.minLength
        ? { key: 'password.adminLength', params: { min: bounds.min } }
        : { key: 'password.length', params: { min: bounds.min, max: bounds.max } },
    );
  }
  if (rule.strong && !isStrongPassword(newPassword)) violations.push({ key: 'password.strength' });
  return violations;
}

/** Whether a password set at `changedAt` is past the policy's expiry at `now`. */
export function isPasswordExpired(changedAt: Date, rule: PasswordRule, now: Date): boolean {
  if (rule.expiryMonths <= 0) return false;
  const expiry = new Date(changedAt);
  expiry.setMonth(expiry.getMonth() + rule.expiryMonths);
  return now.getTime() >= expiry.getTime();
}

/**
 * The characters of a one-time password: none that people mistake for another when reading it out or
 * typing it from a screen (0/O/o, 1/l/I), and no quotes, commas or spaces (they break a copy into a
 * spreadsheet or a chat message).
 */
export const ONE_TIME_PASSWORD_ALPHABET = {
  lower: 'abcdefghijkmnpqrstuvwxyz',
  upper: 'ABCDEFGHJKLMNPQRSTUVWXYZ',
  digits: '23456789',
  special: '@#$%&*+=?!',
} as const;

/** Length of a one-time password where the policy allows it (about 70 bits from the alphabet above). */
export const ONE_TIME_PASSWORD_LENGTH = 12;

/**
 * A random password for a new or reset account that the applicable policy accepts: at least
 * ONE_TIME_PASSWORD_LENGTH characters (more if the policy's minimum is higher, fewer only if its maximum is
 * lower), always with a lower-case and an upper-case letter, a digit and a special character, so it is
 * strong whether or not the policy asks for it. `randomInt(n)` returns an integer in [0, n): the server
 * passes `crypto.randomInt`.
 */
export function oneTimePassword(
  rule: PasswordRule,
  isAdmin: boolean,
  randomInt: (max: number) => number,
): string {
  const bounds = effectiveLengthRule(rule, isAdmin);
  const size = Math.max(4, Math.min(bounds.max, Math.max(bounds.min, ONE_TIME_PASSWORD_LENGTH)));
  const { lower, upper, digits, special } = ONE_TIME_PASSWORD_ALPHABET;
  const pick = (set: string) => set[randomInt(set.length)];
  const chars = [pick(lower), pick(upper), pick(digits), pick(special)];
  const all = lower + upper + digits + special;
  while (chars.length < size) chars.push(pick(all));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}
