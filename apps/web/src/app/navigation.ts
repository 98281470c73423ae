import { isPublicRoute } from '@glucocare/domain/constants';
import { isExternalLink } from '@glucocare/domain/helpers';
import { matchPath } from 'react-router';
import type { MenuNode } from '../api/users';
import { findMenuEntry, firstVisiblePath, normalizeMenuPath } from './menu';

export const LOGIN_PATH = '/login';
export const HOME_PATH = '/';
export const INDEX_PATH = '/index';
export const NOT_FOUND_PATH = '/404';
export const REDIRECT_PREFIX = '/redirect/';

export type NavigationDecision =
  /** render the route */
  | { type: 'allow' }
  /** go elsewhere (replace) */
  | { type: 'redirect'; to: string }
  /** a token but no session yet: load user info and menus, then decide again */
  | { type: 'load' }
  /** signed in, but no menu to show: "This account does not have menu permissions..." */
  | { type: 'noMenu' }
  /** a page the product knows that the user's menus do not grant: the no-permission page, in place */
  | { type: 'forbidden' };

export interface NavigationInput {
  /** location pathname */
  path: string;
  /** location search, with its '?' (or empty) */
  search?: string;
  hasToken: boolean;
  /** the user's menu tree; null while it is not loaded */
  menus: readonly MenuNode[] | null;
  /** this navigation is the one a sign-in started (its target may be a page the user lacks) */
  fromLogin?: boolean;
  /**
   * Route paths of the pages the product knows (see {@link knownProductPaths}), parameters allowed
   * (`/patients/:id`). A known page the user's menus do not grant shows the no-permission page; a
   * path outside this list (and the user's menus) goes to /404. None when absent.
   */
  knownPaths?: Iterable<string>;
}

/**
 * The paths of the pages this build knows: the page registry's component keys (administration
 * pages are routed at their component key, `/system/user`) plus the home route `/index`.
 */
export function knownProductPaths(registryKeys: Iterable<string>): string[] {
  return [...new Set([INDEX_PATH, ...[...registryKeys].map(normalizeMenuPath)])];
}

/** Whether a location path is one of the known paths (exactly, or matching a parameterised one). */
export function isKnownPath(path: string, knownPaths: Iterable<string> | undefined): boolean {
  if (!knownPaths) return false;
  for (const known of knownPaths) {
    if (!known.trim() || known.trim() === '#') continue;
    if (matchPath({ path: normalizeMenuPath(known), end: true }, path)) return true;
  }
  return false;
}

/** `/login?redirect=...` for a location, the way the guard sends an anonymous visitor there. */
export function loginRedirectPath(path: string, search = ''): string {
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(`${path}${search}`)}`;
}

/**
 * The redirect target after sign-in, if it is a same-origin relative path: never an external URL
 * (http:, https:, mailto:, tel:, nor `javascript:`, `//host`, `/\host`), never the login page itself.
 */
export function safeRedirectTarget(raw: string | null | undefined): string | null {
  if (typeof raw !== 'string') return null;
  const target = raw.trim();
  if (!target || isExternalLink(target)) return null;
  if (!target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return null;
  if ([...target].some((char) => char.charCodeAt(0) < 0x20)) return null;
  try {
    const url = new URL(target, 'http://app.invalid');
    if (url.origin !== 'http://app.invalid') return null;
    if (url.pathname === LOGIN_PATH || url.pathname.startsWith(`${LOGIN_PATH}/`)) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

/**
 * The navigation rules of spec §2, as one pure function:
 * - with a token, /login goes to /;
 * - a public route is always allowed; without a token any other goes to /login?redirect={path+search};
 * - with a token and no session yet: load (user info, organisation, mode, units, then menus);
 * - /404 and /redirect/* are always allowed once signed in;
 * - no visible menu: the no-menu message;
 * - / goes to /index, or to the first visible menu route when /index is not the user's;
 * - a menu route of the user's (hidden ones included) is allowed;
 * - after sign-in, a target that is not among the user's routes ("the target is not allowed") goes to
 *   the first visible menu route, and so does /index for a user without it;
 * - any other page the product knows that is not among them shows the no-permission page at its own
 *   address (issue 14: a person who follows an old link or bookmark is told why, never moved silently);
 * - anything else is unknown: /404.
 */
export function decideNavigation(input: NavigationInput): NavigationDecision {
  const { path, search = '', hasToken, menus } = input;
  if (hasToken && (path === LOGIN_PATH || path === `${LOGIN_PATH}/`))
    return { type: 'redirect', to: HOME_PATH };
  if (isPublicRoute(path)) return { type: 'allow' };
  if (!hasToken) return { type: 'redirect', to: loginRedirectPath(path, search) };
  if (menus === null) return { type: 'load' };
  if (path === NOT_FOUND_PATH || path.startsWith(REDIRECT_PREFIX)) return { type: 'allow' };

  const first = firstVisiblePath(menus);
  if (first === null) return { type: 'noMenu' };
  if (path === HOME_PATH || path === '') {
    return { type: 'redirect', to: findMenuEntry(menus, INDEX_PATH) ? INDEX_PATH : first };
  }
  if (findMenuEntry(menus, path)) return { type: 'allow' };
  // home is wherever the user's menus start
  if (input.fromLogin || path === INDEX_PATH) return { type: 'redirect', to: first };
  if (isKnownPath(path, input.knownPaths)) return { type: 'forbidden' };
  return { type: 'redirect', to: NOT_FOUND_PATH };
}
