import { useQuery } from '@tanstack/react-query';
import { fetchGenders, fetchRoles, type Role, roleLabel } from '../../api/admin';
import { currentLang } from '../../i18n';

/** Genders of the dictionary, named in the current language. */
export function useGenders() {
  const lang = currentLang();
  return useQuery({
    queryKey: ['dict', 'genders', lang],
    queryFn: ({ signal }) => fetchGenders(signal),
    staleTime: 10 * 60_000,
  });
}

export const roleKeys = { all: ['roles'] as const, options: ['roles', 'options'] as const };

/** Every role (first 100), for pickers. */
export function useRoleOptions() {
  return useQuery({
    queryKey: roleKeys.options,
    queryFn: ({ signal }) => fetchRoles({ page: 1, size: 100 }, signal),
    staleTime: 60_000,
  });
}

export function roleOptions(roles: readonly Role[], disabledSuffix: string) {
  const lang = currentLang();
  return roles.map((role) => ({
    value: role.id,
    label: role.isActive ? roleLabel(role, lang) : `${roleLabel(role, lang)} ${disabledSuffix}`,
  }));
}
