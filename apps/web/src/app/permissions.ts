import type { Profile } from '../api/users';
import { useSession } from './session';

/** A code granting everything (administrator convention); exact codes otherwise. */
export const ALL_PERMISSIONS = '*:*:*';

/**
 * Whether a profile holds a permission code (or any of several). A profile without a `permissions`
 * list holds none: actions stay hidden rather than failing on click. The server enforces them anyway.
 */
export function hasPermission(
  profile: Pick<Profile, 'permissions'> | null | undefined,
  code: string | readonly string[],
): boolean {
  const granted = profile?.permissions;
  if (!granted?.length) return false;
  if (granted.includes(ALL_PERMISSIONS)) return true;
  const wanted = typeof code === 'string' ? [code] : code;
  return wanted.some((item) => granted.includes(item));
}

/** Button-level permission of the signed-in user; re-renders when the session changes. */
export function usePermission(code: string | readonly string[]): boolean {
  const { profile } = useSession();
  return hasPermission(profile, code);
}
