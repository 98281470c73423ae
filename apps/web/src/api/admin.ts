import type { DataPermission, MenuKind, PermissionScope, StaffExpiryFilter } from '@glucocare/domain/admin';
import type { Lang } from '@glucocare/domain/i18n';
import type {
  AdminMenu,
  AdminMenuNode,
  AuditRecord,
  BatchScopeResult,
  Department,
  DepartmentNode,
  Gender,
  Page,
  Role,
  RoleAuthority,
  RoleGrant,
  StaffCreated,
  StaffRecord,
} from '@glucocare/domain/responses';
import { http, requestEnvelope } from './http';

export type { DataPermission, MenuKind, PermissionScope } from '@glucocare/domain/admin';
export type {
  AdminMenu,
  AdminMenuNode,
  AuditRecord,
  BatchScopeResult,
  Department,
  DepartmentNode,
  Gender,
  Role,
  RoleAuthority,
  RoleGrant,
  RoleSummary,
  StaffRecord,
} from '@glucocare/domain/responses';

/**
 * Administration calls (docs/api.md "Administration (issue 3)"): departments, staff, roles, menus.
 * Every function returns the envelope's `dataContent`, except where the server's success message
 * matters to the user (new staff, password reset): those return it too.
 */

// ---------- departments ----------

export interface DepartmentInput {
  code: string;
  name: string;
  nameEn: string | null;
  parentId: number | null;
  isWard: boolean;
  sort: number;
  /** the ward's head nurse (a user id); null: none */
  headNurseId: number | null;
}

export type DepartmentUpdate = DepartmentInput & { id: number; version: number };

/** Enabled departments in the caller's scope (pickers of clinical screens, staff filters). */
export function fetchDepartmentTree(signal?: AbortSignal): Promise<DepartmentNode[]> {
  return http.get<DepartmentNode[]>('/v1/departments/tree', { signal });
}

/** Every department, enabled or stopped (the administration tree). */
export function fetchAllDepartmentTree(signal?: AbortSignal): Promise<DepartmentNode[]> {
  return http.get<DepartmentNode[]>('/v1/departments/allTree', { signal });
}

/** Every enabled department (parent and scope pickers). */
export function fetchUsingDepartmentTree(signal?: AbortSignal): Promise<DepartmentNode[]> {
  return http.get<DepartmentNode[]>('/v1/departments/allUsingTree', { signal });
}

/** Departments whose name or code matches, with their ancestors, as a tree. */
export function searchDepartmentTree(
  queryCondition: string,
  includeStopped = true,
  signal?: AbortSignal,
): Promise<DepartmentNode[]> {
  return http.get<DepartmentNode[]>('/v1/departments/info/tree/search', {
    query: { queryCondition, includeStopped },
    signal,
  });
}

export function createDepartment(input: DepartmentInput): Promise<Department> {
  return http.post<Department>('/v2/departments', input);
}

export function updateDepartment(input: DepartmentUpdate): Promise<Department> {
  return http.put<Department>('/v2/departments', input);
}

export function setDepartmentStatus(id: number, isActive: boolean, version: number): Promise<Department> {
  return http.put<Department>('/v1/departments/status', { id, isActive, version });
}

export function deleteDepartment(id: number, version: number): Promise<null> {
  return http.delete<null>(`/v1/departments/${encodeURIComponent(String(id))}`, { query: { version } });
}

// ---------- staff ----------

export interface StaffQuery {
  queryCondition?: string;
  departmentCode?: string;
  isActive?: boolean;
  expiry?: StaffExpiryFilter;
  /** locked out now after failed sign-ins (true), or not (false) */
  locked?: boolean;
  page: number;
  size: number;
}

export interface StaffInput {
  userName: string;
  nickName: string;
  gender: string | null;
  birthDate: string | null;
  idCard: string | null;
  phone: string | null;
  email: string | null;
  departmentCode: string;
  roleIds: number[];
  dataPermission: DataPermission;
  permissionScope: PermissionScope;
  departmentPermissions: string[];
  expiresOn: string | null;
  isActive: boolean;
}

export type StaffUpdate = Omit<StaffInput, 'userName'> & { id: number; version: number };

/** Largest page the list calls accept; the Excel export walks the pages with it. */
export const MAX_PAGE_SIZE = 100;

export function fetchStaffPage(query: StaffQuery, signal?: AbortSignal): Promise<Page<StaffRecord>> {
  return http.get<Page<StaffRecord>>('/v1/users/page', {
    query: {
      queryCondition: query.queryCondition?.trim() || undefined,
      departmentCode: query.departmentCode || undefined,
      isActive: query.isActive,
      expiry: query.expiry && query.expiry !== 'all' ? query.expiry : undefined,
      locked: query.locked,
      page: query.page,
      size: query.size,
    },
    signal,
  });
}

/**
 * Every record matching a filter, page after page (for the Excel export). `onProgress` hears how
 * many were loaded out of how many.
 */
export async function fetchAllStaff(
  filter: Omit<StaffQuery, 'page' | 'size'>,
  onProgress?: (loaded: number, total: number) => void,
  signal?: AbortSignal,
): Promise<StaffRecord[]> {
  const rows: StaffRecord[] = [];
  for (let page = 1; ; page++) {
    const result = await fetchStaffPage({ ...filter, page, size: MAX_PAGE_SIZE }, signal);
    rows.push(...result.records);
    onProgress?.(rows.length, result.total);
    if (result.records.length === 0 || rows.length >= result.total) return rows;
  }
}

/** A one-time password the server issued for an account: shown once, to be changed at first sign-in. */
export interface IssuedPassword {
  userName: string;
  password: string;
}

/** Creates an account; it starts with a one-time random password, returned this once. */
export async function createStaff(
  input: StaffInput,
): Promise<{ record: StaffRecord; password: string; message: string }> {
  const envelope = await requestEnvelope<StaffCreated>('POST', '/v2/users', { body: input });
  const { initialPassword, ...record } = envelope.dataContent;
  return { record, password: initialPassword, message: envelope.message ?? '' };
}

export function updateStaff(input: StaffUpdate): Promise<StaffRecord> {
  return http.put<StaffRecord>('/v2/users', input);
}

export function deleteStaff(userName: string, version: number): Promise<null> {
  return http.delete<null>('/v1/users', { query: { userName, version } });
}

/** Resets to a one-time random password (sessions end; it must be changed at next sign-in), returned once. */
export async function resetStaffPassword(userName: string): Promise<IssuedPassword> {
  return http.put<IssuedPassword>('/v1/users/resetPassword', { userName });
}

/** Ends a lockout after failed sign-ins (PUT /v1/users/unlock). */
export function unlockStaff(userName: string): Promise<{ userName: string }> {
  return http.put<{ userName: string }>('/v1/users/unlock', { userName });
}

export function setStaffScopes(input: {
  userNames: string[];
  permissionScope: PermissionScope;
  departmentPermissions: string[];
}): Promise<BatchScopeResult> {
  return http.put<BatchScopeResult>('/v1/users/batchScope', input);
}

export function fetchGenders(signal?: AbortSignal): Promise<Gender[]> {
  return http.get<Gender[]>('/v1/dict/genders', { signal });
}

// ---------- roles ----------

export interface RoleInput {
  code: string;
  name: string;
  nameEn: string | null;
  isActive: boolean;
}

export type RoleUpdate = RoleInput & { id: number; version: number };

export function fetchRoles(
  query: { queryCondition?: string; page: number; size: number },
  signal?: AbortSignal,
): Promise<Page<Role>> {
  return http.get<Page<Role>>('/v1/roles', {
    query: { queryCondition: query.queryCondition?.trim() || undefined, page: query.page, size: query.size },
    signal,
  });
}

export function createRole(input: RoleInput): Promise<Role> {
  return http.post<Role>('/v1/roles', input);
}

export function updateRole(input: RoleUpdate): Promise<Role> {
  return http.put<Role>('/v1/roles', input);
}

export function deleteRole(id: number, version: number): Promise<null> {
  return http.delete<null>(`/v1/roles/${encodeURIComponent(String(id))}`, { query: { version } });
}

export function fetchRoleAuthority(roleId: number, signal?: AbortSignal): Promise<RoleAuthority> {
  return http.get<RoleAuthority>(`/v1/roles/authority/${encodeURIComponent(String(roleId))}`, { signal });
}

export function saveRoleAuthority(roleId: number, menuIds: number[]): Promise<RoleGrant> {
  return http.post<RoleGrant>('/v1/roles/authority', { roleId, menuIds });
}

// ---------- menus ----------

export interface MenuInput {
  parentId: number | null;
  path: string;
  component: string | null;
  labelEn: string;
  labelZh: string;
  icon: string | null;
  sort: number;
  hidden: boolean;
  kind: MenuKind;
  permission: string | null;
}

export type MenuUpdate = MenuInput & { id: number; version: number };

export function fetchMenuTree(signal?: AbortSignal): Promise<AdminMenuNode[]> {
  return http.get<AdminMenuNode[]>('/v1/menus/allTree', { signal });
}

export function createMenu(input: MenuInput): Promise<AdminMenu> {
  return http.post<AdminMenu>('/v1/menus', input);
}

export function updateMenu(input: MenuUpdate): Promise<AdminMenu> {
  return http.put<AdminMenu>('/v1/menus', input);
}

export function deleteMenu(id: number, version: number): Promise<null> {
  return http.delete<null>('/v1/menus', { query: { id, version } });
}

/** The label of an administration menu row in a language (falls back to the server's choice). */
export function adminMenuLabel(menu: Pick<AdminMenu, 'labelEn' | 'labelZh' | 'label'>, lang: Lang): string {
  return (lang === 'zh-CN' ? menu.labelZh : menu.labelEn) || menu.label || menu.labelEn || menu.labelZh;
}

/** A department's name in a language: the English name in en-US when it has one. */
export function departmentLabel(node: Pick<DepartmentNode, 'name' | 'nameEn'>, lang: Lang): string {
  return lang === 'en-US' && node.nameEn ? node.nameEn : node.name;
}

/** A role's name in a language: the English name in en-US when it has one. */
export function roleLabel(role: Pick<Role, 'name'> & { nameEn?: string | null }, lang: Lang): string {
  return lang === 'en-US' && role.nameEn ? role.nameEn : role.name;
}

// ---------- audit log ----------

export interface AuditFilter {
  /** part of the user name */
  actorName?: string;
  action?: string;
  entity?: string;
  patientId?: string;
  /** ISO date-times with offset; begin must not be after end */
  beginDate?: string;
  endDate?: string;
}

export type AuditQuery = AuditFilter & { page: number; size: number };

/** Largest page GET /v1/audit/page returns; the Excel export walks the pages with it. */
export const AUDIT_MAX_PAGE_SIZE = 500;

/** GET /v1/audit/page: the audit log, newest first, filtered. */
export function fetchAuditPage(query: AuditQuery, signal?: AbortSignal): Promise<Page<AuditRecord>> {
  return http.get<Page<AuditRecord>>('/v1/audit/page', {
    query: {
      actorName: query.actorName?.trim() || undefined,
      action: query.action || undefined,
      entity: query.entity || undefined,
      patientId: query.patientId?.trim() || undefined,
      beginDate: query.beginDate || undefined,
      endDate: query.endDate || undefined,
      page: query.page,
      size: query.size,
    },
    signal,
  });
}

/**
 * Every audit row matching a filter, pages of {@link AUDIT_MAX_PAGE_SIZE} until done (for the Excel
 * export). `onProgress` hears how many were loaded out of how many.
 */
export async function fetchAllAudit(
  filter: AuditFilter,
  onProgress?: (loaded: number, total: number) => void,
  signal?: AbortSignal,
): Promise<AuditRecord[]> {
  const rows: AuditRecord[] = [];
  for (let page = 1; ; page++) {
    const result = await fetchAuditPage({ ...filter, page, size: AUDIT_MAX_PAGE_SIZE }, signal);
    rows.push(...result.records);
    onProgress?.(rows.length, result.total);
    if (result.records.length === 0 || rows.length >= result.total) return rows;
  }
}
