import { z } from 'zod';
import { requiredString } from '../auth/schemas';
import { FIELD_LIMITS } from '../constants';
import { lengthIn, recordVersion, requiredId } from '../rules/common';
import {
  PATIENT_GENDERS,
  patientEmailSchema,
  patientIdCardSchema,
  patientMobilePhoneSchema,
} from '../rules/patient';

/** Request bodies of the administration screens (spec §3 Department, Role, Menu; §5 Other). */

const id = z.number().int().positive();
const version = recordVersion;
const optionalText = (max: number) =>
  z.string().trim().max(max, { error: 'validation.tooLong' }).nullable().optional();

/** Department code: required, letters, digits, `_` or `-`, at most 32 (unique per tenant: checked by the server). */
export const departmentCodeSchema = requiredString('department.code.required')
  .trim()
  .min(1, { error: 'department.code.required', abort: true })
  .regex(/^[A-Za-z0-9_-]{1,32}$/, { error: 'department.code.format' });

/** Department name (§5 Other): 2-18 characters. */
export const departmentNameSchema = requiredString('department.name.required')
  .trim()
  .min(1, { error: 'department.name.required', abort: true })
  .check(lengthIn(FIELD_LIMITS.departmentName, 'department.name.length'));

const departmentFields = {
  code: departmentCodeSchema,
  name: departmentNameSchema,
  nameEn: optionalText(64),
  parentId: id.nullable().optional(),
  isWard: z.boolean().optional(),
  sort: z.number().int().min(0).max(9999).optional(),
  /**
   * The ward's head nurse, a user of the tenant (the server checks that the user exists): critical
   * values of the ward escalate to her (issue 15). Null or absent: none.
   */
  headNurseId: requiredId('department.headNurse.unknown').nullable().optional(),
};

export const departmentCreateSchema = z.strictObject(departmentFields);
export const departmentUpdateSchema = z.strictObject({ id, version, ...departmentFields });
export const departmentStatusSchema = z.strictObject({ id, isActive: z.boolean(), version });
export type DepartmentCreate = z.infer<typeof departmentCreateSchema>;
export type DepartmentUpdate = z.infer<typeof departmentUpdateSchema>;

/** Role code: letters, digits and `_`, starting with a letter, 2-32. */
export const roleCodeSchema = requiredString('role.code.required')
  .trim()
  .min(1, { error: 'role.code.required', abort: true })
  .regex(/^[A-Za-z][A-Za-z0-9_]{1,31}$/, { error: 'role.code.format' });

export const roleNameSchema = requiredString('role.name.required')
  .trim()
  .min(1, { error: 'role.name.required', abort: true })
  .max(32, { error: 'validation.tooLong' });

const roleFields = {
  code: roleCodeSchema,
  name: roleNameSchema,
  nameEn: optionalText(64),
  isActive: z.boolean().optional(),
};
export const roleCreateSchema = z.strictObject(roleFields);
export const roleUpdateSchema = z.strictObject({ id, version, ...roleFields });
export const roleAuthoritySchema = z.strictObject({ roleId: id, menuIds: z.array(id).max(2000) });

/** Menu permission code: `area:thing:action` style, lower-camel words separated by colons. */
export const permissionCodeSchema = z
  .string()
  .trim()
  .regex(/^[a-z][A-Za-z0-9]*(:[a-z][A-Za-z0-9]*){1,3}$/, { error: 'menu.permission.format' });

export const menuKindSchema = z.enum(['menu', 'button']);
export type MenuKind = z.infer<typeof menuKindSchema>;

const menuFields = {
  parentId: id.nullable().optional(),
  path: requiredString('menu.path.required')
    .trim()
    .min(1, { error: 'menu.path.required', abort: true })
    .regex(/^(#|\/[A-Za-z0-9/_:-]*)$/, { error: 'menu.path.format' }),
  component: z
    .string()
    .trim()
    .regex(/^\/[A-Za-z0-9/_-]*$/, { error: 'menu.component.format' })
    .nullable()
    .optional(),
  labelEn: requiredString('menu.label.required')
    .trim()
    .min(1, { error: 'menu.label.required', abort: true })
    .max(40, { error: 'validation.tooLong' }),
  labelZh: requiredString('menu.label.required')
    .trim()
    .min(1, { error: 'menu.label.required', abort: true })
    .max(40, { error: 'validation.tooLong' }),
  icon: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{1,40}$/, { error: 'menu.icon.format' })
    .nullable()
    .optional(),
  sort: z.number().int().min(0).max(9999),
  hidden: z.boolean(),
  kind: menuKindSchema,
  permission: permissionCodeSchema.nullable().optional(),
};
export const menuCreateSchema = z.strictObject(menuFields);
export const menuUpdateSchema = z.strictObject({ id, version, ...menuFields });

/** Staff login name: 2-12 characters of letters, digits, `.`, `_` or `-` (it is typed at every login). */
export const staffUserNameSchema = requiredString('login.userName.required')
  .trim()
  .min(1, { error: 'login.userName.required', abort: true })
  .regex(/^[A-Za-z0-9._-]{2,12}$/, { error: 'user.userName.format' });

export const staffNickNameSchema = requiredString('user.nickName.required')
  .trim()
  .min(1, { error: 'user.nickName.required', abort: true })
  .max(32, { error: 'validation.tooLong' });

export const dataPermissionSchema = z.enum(['readWrite', 'readOnly']);
export const permissionScopeSchema = z.enum(['all', 'departments']);
export type DataPermission = z.infer<typeof dataPermissionSchema>;
export type PermissionScope = z.infer<typeof permissionScopeSchema>;
/** Staff share the patients' gender codes (and the genders dictionary). */
export const staffGenderSchema = z.enum(PATIENT_GENDERS);
export type StaffGender = z.infer<typeof staffGenderSchema>;

/** Contact fields shared with patients (§5 Patient): the same ID card, phone and email rules. */
const staffFields = {
  nickName: staffNickNameSchema,
  gender: staffGenderSchema.nullish(),
  birthDate: z.iso.date({ error: 'validation.invalidDate' }).nullish(),
  idCard: patientIdCardSchema,
  phone: patientMobilePhoneSchema,
  email: patientEmailSchema,
  departmentCode: departmentCodeSchema,
  roleIds: z.array(id).max(20),
  dataPermission: dataPermissionSchema,
  permissionScope: permissionScopeSchema,
  departmentPermissions: z.array(departmentCodeSchema).max(200),
  expiresOn: z.iso.date({ error: 'validation.invalidDate' }).nullish(),
  isActive: z.boolean().optional(),
};

/** POST /v2/users: the password is the tenant's default and must be changed at first sign-in. */
export const staffCreateSchema = z.strictObject({ userName: staffUserNameSchema, ...staffFields });
/** PUT /v2/users: the user name cannot change (it is what people type at login). */
export const staffUpdateSchema = z.strictObject({ id, version, ...staffFields });
export const batchScopeSchema = z.strictObject({
  userNames: z.array(staffUserNameSchema).min(1, { error: 'user.selectAtLeastOne' }).max(500),
  permissionScope: permissionScopeSchema,
  departmentPermissions: z.array(departmentCodeSchema).max(200),
});
export const userNameBodySchema = z.strictObject({ userName: staffUserNameSchema });
export type StaffCreate = z.infer<typeof staffCreateSchema>;
export type StaffUpdate = z.infer<typeof staffUpdateSchema>;
