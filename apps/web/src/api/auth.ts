import type { AccessToken, TenantPasswordRule } from '@glucocare/domain/responses';
import { encryptPassword } from './crypto';
import { http } from './http';

export type TokenResponse = AccessToken;

/**
 * `dataContent` of a 412 from login or HIS sign-on: the password must be changed first, and the rule
 * the new one must follow for this account (lengths with the administrator minimum applied).
 */
export interface PasswordChangeRequired {
  reason: 'initial' | 'expired';
  rule?: { minLength: number; maxLength: number; strong: boolean; isAdmin: boolean };
}

/** `dataContent` of a 403 from login or HIS sign-on, after the right password: why the account cannot sign in. */
export interface AccountBarred {
  reason: 'locked' | 'disabled' | 'expired';
  lockedUntil?: string;
  expiresOn?: string | null;
}

export type PasswordRuleResponse = TenantPasswordRule;

/** POST /v1/login; the password is encrypted here. */
export async function login(input: {
  userName: string;
  password: string;
  tenant: string;
}): Promise<TokenResponse> {
  return http.post<TokenResponse>('/v1/login', {
    userName: input.userName,
    password: await encryptPassword(input.password),
    tenant: input.tenant,
  });
}

export interface HisAssertion {
  userName: string;
  tenant: string;
  timestamp: number;
  nonce: string;
  signature: string;
}

/** POST /v1/loginHis: HIS single sign-on with a signed, single-use assertion. */
export function loginHis(input: HisAssertion): Promise<TokenResponse> {
  return http.post<TokenResponse>('/v1/loginHis', input);
}

/** POST /v1/logout */
export function logout(): Promise<null> {
  return http.post<null>('/v1/logout');
}

/** PUT /v1/changePassword: both passwords encrypted; the old one proves the user. */
export async function changePassword(input: {
  oldPassword: string;
  newPassword: string;
  userName: string;
  tenant: string;
}): Promise<null> {
  return http.put<null>('/v1/changePassword', {
    password: await encryptPassword(input.oldPassword),
    newPassword: await encryptPassword(input.newPassword),
    userName: input.userName,
    tenant: input.tenant,
  });
}

/** GET /v1/passwordRule?tenant; gaps filled with the domain's defaults. */
export async function passwordRule(tenant?: string): Promise<PasswordRuleResponse> {
  // the domain's auth rules are not part of the login page's first download (this file is)
  const [{ DEFAULT_PASSWORD_RULE }, rule] = await Promise.all([
    import('@glucocare/domain/auth'),
    http.get<Partial<PasswordRuleResponse> | null>('/v1/passwordRule', {
      query: { tenant: tenant || undefined },
    }),
  ]);
  return {
    ...DEFAULT_PASSWORD_RULE,
    adminMinLength: DEFAULT_PASSWORD_RULE.minLength,
    ...(rule ?? {}),
  };
}
