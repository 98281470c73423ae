import { z } from 'zod';
import { LOGIN_LIMITS } from '../constants';
import type { MessageKey } from '../i18n/messages';

/** A text field whose absence gets the field's own "please enter" message; a wrong type gets zod's. */
export function requiredString(requiredKey: MessageKey) {
  return z.string({
    error: (issue) => (issue.input === undefined || issue.input === null ? requiredKey : undefined),
  });
}

/** Login username (§5 Login): trimmed, 2-12 characters. */
export const userNameSchema = requiredString('login.userName.required')
  .trim()
  .min(1, { error: 'login.userName.required', abort: true })
  .min(LOGIN_LIMITS.userName.min, { error: 'login.userName.length' })
  .max(LOGIN_LIMITS.userName.max, { error: 'login.userName.length' });

/** Organisation code (§5 Login): required, 3-8 characters. */
export const tenantSchema = requiredString('login.tenant.required')
  .trim()
  .min(1, { error: 'login.tenant.required', abort: true })
  .min(LOGIN_LIMITS.tenant.min, { error: 'login.tenant.length' })
  .max(LOGIN_LIMITS.tenant.max, { error: 'login.tenant.length' });

/** Password as typed on the login form (6-32, whatever a policy may allow); checked in the browser before encryption. */
export const plainLoginPasswordSchema = requiredString('password.required')
  .min(1, { error: 'password.required', abort: true })
  .min(LOGIN_LIMITS.password.min, { error: 'login.password.length' })
  .max(LOGIN_LIMITS.password.max, { error: 'login.password.length' });

/** An RSA-encrypted password on the wire: base64 of the ciphertext (ARCHITECTURE §3). */
function encryptedPassword(
  requiredKey: 'password.required' | 'password.oldRequired' | 'password.newRequired',
) {
  return requiredString(requiredKey)
    .min(1, { error: requiredKey, abort: true })
    .max(1024, { error: 'auth.passwordDecrypt', abort: true })
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, { error: 'auth.passwordDecrypt' });
}
export const encryptedPasswordSchema = encryptedPassword('password.required');

/** POST /v1/login */
export const loginBodySchema = z.strictObject({
  userName: userNameSchema,
  password: encryptedPasswordSchema,
  tenant: tenantSchema,
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/**
 * POST /v1/loginHis: username and tenant, plus a single-use assertion signed by the HIS with the
 * tenant's shared secret: signature = hex HMAC-SHA256(secret, `${tenant}\n${userName}\n${timestamp}\n${nonce}`).
 */
export const loginHisBodySchema = z.strictObject({
  userName: userNameSchema,
  tenant: tenantSchema,
  timestamp: z.number().int(),
  nonce: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/),
  signature: z.string().regex(/^[0-9a-f]{64}$/),
});
export type LoginHisBody = z.infer<typeof loginHisBodySchema>;

/** The string a HIS signs for loginHis; one place so the server and test clients agree. */
export function hisAssertionPayload(body: Omit<LoginHisBody, 'signature'>): string {
  return `${body.tenant}\n${body.userName}\n${body.timestamp}\n${body.nonce}`;
}

/** PUT /v1/changePassword: old and new passwords encrypted; the login-page variant names the user. */
export const changePasswordBodySchema = z.strictObject({
  password: encryptedPassword('password.oldRequired'),
  newPassword: encryptedPassword('password.newRequired'),
  userName: userNameSchema,
  tenant: tenantSchema,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/** GET /v1/passwordRule?tenant */
export const passwordRuleQuerySchema = z.strictObject({ tenant: tenantSchema.optional() });
