import type { Lang } from '@glucocare/domain/i18n';
import { http } from './http';

export interface RoleRef {
  /** role code, sent to the menu call */
  name: string;
  /** role name in the request's language */
  label: string;
}

/** GET /v1/users/profile */
export interface Profile {
  userId: number;
  userName: string;
  nickName: string;
  tenant: string;
  tenantName: string;
  organizationName: string;
  organizationCode: string;
  departmentCode: string | null;
  departmentName: string | null;
  roles: RoleRef[];
  avatar: string;
  isOut: boolean;
  lastLoginAt: string | null;
  lastLoginIp: string | null;
  /** button-level permission codes (`system:user:edit`...) the user's roles grant */
  permissions?: string[];
}

/** One node of the menu tree of GET /v1/users/authorityMenus; `path` '#' marks a group. */
export interface MenuNode {
  id: number;
  parentId: number | null;
  path: string;
  component: string | null;
  label: string;
  labels?: Partial<Record<Lang, string>>;
  icon: string | null;
  hidden: boolean;
  sort?: number;
  children?: MenuNode[];
}

export interface Page<T> {
  records: T[];
  total: number;
  page: number;
  size: number;
}

export interface SignInEvent {
  at: string;
  action: string;
  ip: string | null;
  userAgent: string | null;
}

export function fetchProfile(signal?: AbortSignal): Promise<Profile | null> {
  return http.get<Profile | null>('/v1/users/profile', { signal });
}

export function fetchAuthorityMenus(userName: string, roles: string[]): Promise<MenuNode[]> {
  return http.get<MenuNode[]>('/v1/users/authorityMenus', {
    query: { userName, roles: roles.length ? roles.join(',') : undefined },
  });
}

export function fetchLoginHistory(
  page: number,
  size: number,
  signal?: AbortSignal,
): Promise<Page<SignInEvent>> {
  return http.get<Page<SignInEvent>>('/v1/users/loginHistory', { query: { page, size }, signal });
}
