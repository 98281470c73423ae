import { z } from 'zod';
import { adminMenuNodeView } from './menus';

export const roleView = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  nameEn: z.string().nullable(),
  isActive: z.boolean(),
  userCount: z.number(),
  version: z.number(),
});
export type Role = z.infer<typeof roleView>;

/** POST /v1/roles/authority: the menus and buttons now granted. */
export const roleGrantView = z.object({ roleId: z.number(), menuIds: z.array(z.number()) });
export type RoleGrant = z.infer<typeof roleGrantView>;

/** GET /v1/roles/authority/:id: the granted ids and every menu and button to choose from. */
export const roleAuthorityView = roleGrantView.extend({ tree: z.array(adminMenuNodeView) });
export type RoleAuthority = z.infer<typeof roleAuthorityView>;
