import { z } from 'zod';
import { dataPermissionSchema, permissionScopeSchema, staffGenderSchema } from '../admin/schemas';
import { STAFF_EXPIRY_STATES } from '../admin/staff-expiry';

/** GET /v1/users/profile: the signed-in user, the organisation, and what the roles permit. */
export const profileView = z.object({
  userId: z.number(),
  userName: z.string(),
  nickName: z.string(),
  tenant: z.string(),
  tenantName: z.string(),
  organizationName: z.string(),
  organizationCode: z.string(),
  departmentCode: z.string().nullable(),
  departmentName: z.string().nullable(),
  roles: z.array(
    z.object({
      name: z.string().describe('role code, sent to the menu call'),
      label: z.string().describe('role name in the request language'),
    }),
  ),
  avatar: z.string(),
  isOut: z.boolean(),
  lastLoginAt: z.string().nullable(),
  lastLoginIp: z.string().nullable(),
  permissions: z.array(z.string()).describe('button-level permission codes the roles grant'),
});
export type Profile = z.infer<typeof profileView>;
export type RoleRef = Profile['roles'][number];

const menuNodeFields = z.object({
  id: z.number(),
  parentId: z.number().nullable(),
  path: z.string().describe("'#' marks a group"),
  component: z.string().nullable(),
  label: z.string().describe('the label in the request language'),
  labels: z.object({ 'en-US': z.string(), 'zh-CN': z.string() }),
  icon: z.string().nullable(),
  hidden: z.boolean(),
  sort: z.number(),
});
/** GET /v1/users/authorityMenus: the page menus the user's roles grant, with their groups, as a tree. */
export type MenuNode = z.infer<typeof menuNodeFields> & { children: MenuNode[] };
export const menuNodeView: z.ZodType<MenuNode> = z
  .lazy(() => menuNodeFields.extend({ children: z.array(menuNodeView) }))
  .meta({ id: 'MenuNode' });

/** GET /v1/users/loginHistory: one of the caller's own sign-in events. */
export const signInEventView = z.object({
  at: z.string(),
  action: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type SignInEvent = z.infer<typeof signInEventView>;

/** A staff member as the staff administration shows and edits it. */
export const staffRecordView = z.object({
  id: z.number(),
  userName: z.string(),
  nickName: z.string(),
  gender: staffGenderSchema.nullable(),
  birthDate: z.string().nullable().describe('YYYY-MM-DD'),
  age: z.number().nullable(),
  idCard: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  departmentCode: z.string().nullable(),
  departmentName: z.string().nullable(),
  roles: z.array(
    z.object({ id: z.number(), code: z.string(), name: z.string().describe('in the request language') }),
  ),
  dataPermission: dataPermissionSchema,
  permissionScope: permissionScopeSchema,
  departmentPermissions: z.array(z.string()).describe('department codes'),
  expiresOn: z.string().nullable().describe('YYYY-MM-DD'),
  expiry: z
    .enum(STAFF_EXPIRY_STATES)
    .describe("where the account stands against its expiry date today (the server's calendar)"),
  isActive: z.boolean(),
  mustChangePassword: z.boolean(),
  lockedUntil: z.string().nullable(),
  createdAt: z.string(),
  version: z.number(),
});
export type StaffRecord = z.infer<typeof staffRecordView>;
export type RoleSummary = StaffRecord['roles'][number];

/** POST /v2/users: the new account, with its one-time password (shown once; never stored in clear). */
export const staffCreatedView = staffRecordView.extend({
  initialPassword: z.string().describe('one-time password, to be changed at first sign-in; shown once'),
});
export type StaffCreated = z.infer<typeof staffCreatedView>;

/** PUT /v1/users/resetPassword: the account's new one-time password (shown once). */
export const oneTimePasswordView = z.object({
  userName: z.string(),
  password: z.string().describe('one-time password, to be changed at next sign-in; shown once'),
});
export type OneTimePassword = z.infer<typeof oneTimePasswordView>;

/** GET /v2/users/scopes: the departments one staff member may see. */
export const staffScopeView = z.object({
  userName: z.string(),
  permissionScope: permissionScopeSchema,
  departmentPermissions: z.array(z.string()),
});
export type StaffScope = z.infer<typeof staffScopeView>;

/** PUT /v1/users/batchScope: how many staff members got the scope. */
export const batchScopeResultView = z.object({ updated: z.number() });
export type BatchScopeResult = z.infer<typeof batchScopeResultView>;

/** GET /v1/doctors...: a doctor a patient can be attributed to. */
export const doctorView = z.object({
  userName: z.string(),
  nickName: z.string(),
  departmentCode: z.string().nullable(),
  departmentName: z.string().nullable().describe('in the request language'),
});
export type Doctor = z.infer<typeof doctorView>;
