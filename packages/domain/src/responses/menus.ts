import { z } from 'zod';
import { menuKindSchema } from '../admin/schemas';

/** One menu or button as the menu administration edits it (both labels, the permission it guards). */
export const adminMenuView = z.object({
  id: z.number(),
  parentId: z.number().nullable(),
  path: z.string(),
  component: z.string().nullable(),
  labelEn: z.string(),
  labelZh: z.string(),
  label: z.string().describe('the label in the request language'),
  icon: z.string().nullable(),
  sort: z.number(),
  hidden: z.boolean(),
  kind: menuKindSchema,
  permission: z.string().nullable(),
  version: z.number(),
});
export type AdminMenu = z.infer<typeof adminMenuView>;

/** GET /v1/menus/allTree: every menu and button of the tenant as a tree. */
export type AdminMenuNode = AdminMenu & { children: AdminMenuNode[] };
export const adminMenuNodeView: z.ZodType<AdminMenuNode> = z
  .lazy(() => adminMenuView.extend({ children: z.array(adminMenuNodeView) }))
  // an id makes the recursive tree a component of the OpenAPI document (it cannot be inlined)
  .meta({ id: 'AdminMenuNode' });
