import { z } from 'zod';

/** POST /v1/login and /v1/loginHis: the session token the web sends as `Authorization: Bearer`. */
export const accessTokenView = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().describe('seconds of idle time allowed'),
});
export type AccessToken = z.infer<typeof accessTokenView>;

/** GET /v1/passwordRule: the tenant's password policy, with the longer minimum of administrators. */
export const tenantPasswordRuleView = z.object({
  minLength: z.number(),
  maxLength: z.number(),
  strong: z.boolean(),
  expiryMonths: z.number(),
  adminMinLength: z.number(),
});
export type TenantPasswordRule = z.infer<typeof tenantPasswordRuleView>;
