import type { TFunction } from 'i18next';

/** The rule a new password must follow for one account: lengths after the administrator minimum. */
export interface AccountPasswordRule {
  min: number;
  max: number;
  strong: boolean;
  /** administrators need 12 characters or more, whatever the policy's minimum */
  isAdmin: boolean;
}

/**
 * The rule in words, as the change-password dialogs and the policy preview show it: "8–32 characters,
 * with an upper-case letter, a digit and a special character", or "12–32 characters (administrator
 * password), …".
 */
export function passwordRuleHint(t: TFunction, rule: AccountPasswordRule): string {
  const key = rule.isAdmin
    ? rule.strong
      ? 'password.ruleHintAdminStrong'
      : 'password.ruleHintAdmin'
    : rule.strong
      ? 'password.ruleHintStrong'
      : 'password.ruleHint';
  return t(key, { min: rule.min, max: rule.max });
}
