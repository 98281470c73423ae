import type { MenuNode, Page, Profile, SignInEvent } from '@glucocare/domain/responses';
import { http } from './http';

export type { MenuNode, Page, Profile, RoleRef, SignInEvent } from '@glucocare/domain/responses';

export function fetchProfile(signal?: AbortSignal): Promise<Profile> {
  return http.get<Profile>('/v1/users/profile', { signal });
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
