import type { DataPermission, MenuKind, PermissionScope, StaffGender, UnitCategory } from '@glucocare/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const tenants = pgTable('tenants', {
  id: text('id').primaryKey(),
  nameEn: text('name_en').notNull(),
  nameZh: text('name_zh').notNull(),
  organizationCode: text('organization_code'),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const departments = pgTable(
  'departments',
  {
    tenantId: text('tenant_id').notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    nameEn: text('name_en'),
    parentId: bigint('parent_id', { mode: 'number' }),
    isWard: boolean('is_ward').notNull().default(true),
    isActive: boolean('is_active').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    /** the ward's head nurse (a user of the tenant): critical values of the ward escalate to her (issue 15) */
    headNurseId: bigint('head_nurse_id', { mode: 'number' }),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('departments_code_uq').on(t.tenantId, t.code),
  ],
);

export const users = pgTable(
  'users',
  {
    tenantId: text('tenant_id').notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    userName: text('user_name').notNull(),
    nickName: text('nick_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    gender: text('gender').$type<StaffGender>(),
    birthDate: date('birth_date'),
    idCard: text('id_card'),
    phone: text('phone'),
    email: text('email'),
    departmentCode: text('department_code'),
    /** readWrite: may record and change data; readOnly: may only read */
    dataPermission: text('data_permission').$type<DataPermission>().notNull().default('readWrite'),
    /** all: every department; departments: own department plus user_departments */
    permissionScope: text('permission_scope').$type<PermissionScope>().notNull().default('departments'),
    expiresOn: date('expires_on'),
    isActive: boolean('is_active').notNull().default(true),
    mustChangePassword: boolean('must_change_password').notNull().default(true),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** staff are never hard-deleted: their name stays on the records they made */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('users_user_name_uq').on(t.tenantId, sql`lower(${t.userName})`),
    index('users_department_idx').on(t.tenantId, t.departmentCode),
  ],
);

/** Departments (wards) a user may work in besides their own, when their scope is `departments`. */
export const userDepartments = pgTable(
  'user_departments',
  {
    tenantId: text('tenant_id').notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    departmentCode: text('department_code').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId, t.departmentCode] }),
    index('user_departments_department_idx').on(t.tenantId, t.departmentCode),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete(
      'cascade',
    ),
  ],
);

export const roles = pgTable(
  'roles',
  {
    tenantId: text('tenant_id').notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    nameEn: text('name_en'),
    isActive: boolean('is_active').notNull().default(true),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex('roles_code_uq').on(t.tenantId, t.code)],
);

export const userRoles = pgTable(
  'user_roles',
  {
    tenantId: text('tenant_id').notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    roleId: bigint('role_id', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId, t.roleId] }),
    index('user_roles_role_idx').on(t.tenantId, t.roleId),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [t.tenantId, t.roleId], foreignColumns: [roles.tenantId, roles.id] }).onDelete(
      'cascade',
    ),
  ],
);

export const menus = pgTable(
  'menus',
  {
    tenantId: text('tenant_id').notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    parentId: bigint('parent_id', { mode: 'number' }),
    path: text('path').notNull(),
    component: text('component'),
    labelEn: text('label_en').notNull(),
    labelZh: text('label_zh').notNull(),
    icon: text('icon'),
    sort: integer('sort').notNull().default(0),
    hidden: boolean('hidden').notNull().default(false),
    /** 'menu' for pages and groups, 'button' for an action inside a page */
    kind: text('kind').$type<MenuKind>().notNull().default('menu'),
    /** permission code a route may require (e.g. `system:user:edit`) */
    permission: text('permission'),
    /** stable key of a menu the product ships, so later releases add their menus to existing tenants once */
    seedKey: text('seed_key'),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('menus_parent_idx').on(t.tenantId, t.parentId),
    uniqueIndex('menus_seed_key_uq').on(t.tenantId, t.seedKey),
  ],
);

export const roleMenus = pgTable(
  'role_menus',
  {
    tenantId: text('tenant_id').notNull(),
    roleId: bigint('role_id', { mode: 'number' }).notNull(),
    menuId: bigint('menu_id', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.roleId, t.menuId] }),
    index('role_menus_menu_idx').on(t.tenantId, t.menuId),
    foreignKey({ columns: [t.tenantId, t.roleId], foreignColumns: [roles.tenantId, roles.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [t.tenantId, t.menuId], foreignColumns: [menus.tenantId, menus.id] }).onDelete(
      'cascade',
    ),
  ],
);

export const settings = pgTable(
  'settings',
  {
    tenantId: text('tenant_id').notNull(),
    key: text('key').notNull(),
    value: jsonb('value').notNull(),
    updatedAt: updatedAt(),
    updatedBy: bigint('updated_by', { mode: 'number' }),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.key] })],
);

export const units = pgTable(
  'units',
  {
    tenantId: text('tenant_id').notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    category: text('category').$type<UnitCategory>().notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('units_code_uq').on(t.tenantId, t.category, t.code),
  ],
);

/**
 * A number per tenant that changes (from the sequence `config_version_seq`) with every insert, update
 * or delete of the configuration the hot paths cache: settings, glucose periods and dictionary
 * entries. Triggers of migration 0006 keep it; the session statement reads it, so a request knows
 * whether a cached value is still the one in the database (`modules/settings/config-cache.ts`).
 */
export const configVersions = pgTable('config_versions', {
  tenantId: text('tenant_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});

/**
 * Data migrations that need the domain's rules (not expressible in SQL), applied once after the SQL
 * migrations by `db/data-migrations.ts`, each in one transaction with its row here.
 */
export const dataMigrations = pgTable('data_migrations', {
  name: text('name').primaryKey(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
  /** what it did, e.g. rows changed */
  summary: text('summary'),
});
