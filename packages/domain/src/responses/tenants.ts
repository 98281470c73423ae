import { z } from 'zod';

/** GET /v1/tenants/current and PUT /v1/tenants: the organisation (hospital) and its names. */
export const organisationView = z.object({
  tenant: z.string(),
  tenantName: z.string().describe('in the request language'),
  organizationName: z.string(),
  organizationCode: z.string(),
  names: z.object({ 'en-US': z.string(), 'zh-CN': z.string() }),
});
export type Organisation = z.infer<typeof organisationView>;

/** GET /v1/systemSetting/workMode/isOutside: whether the tenant works out of hospital. */
export const isOutsideView = z.boolean();
