import { type GlucoseUnit, toGlucoseUnit } from '@glucocare/domain/helpers';
import { logout as logoutCall } from '../api/auth';
import { errorText, isApiError, showError } from '../api/http';
import { fetchTimeZone } from '../api/patients';
import { fetchCurrentTenant, fetchIsOutside, fetchUnits, type TenantInfo, type Unit } from '../api/tenants';
import { getToken, removeToken } from '../api/token';
import { fetchAuthorityMenus, fetchProfile, type MenuNode, type Profile } from '../api/users';
import { setHospitalZone } from '../components/hospital-zone';
import { preloadResultPages } from '../components/ResultPages';
import { msg } from '../i18n';
import { toastError } from './notify';
import { createStore, useStore } from './store';

/**
 * The session user (§3 "Session user") and the menu tree the routes are generated from. Loaded on
 * the first navigation with a token (§2 Navigation rules), cleared at logout.
 */
export interface SessionState {
  status: 'idle' | 'loading' | 'ready' | 'menuError';
  profile: Profile | null;
  tenant: TenantInfo | null;
  /** out-of-hospital work mode */
  isOut: boolean;
  /** glucose units in use (category GLU) */
  units: Unit[];
  /** null until loaded; the routes are generated from it */
  menus: MenuNode[] | null;
  /** the hospital's time zone (`hospital.timeZone`): the clock every clinical time is shown on */
  timeZone: string | null;
  menuError: string | null;
  /** a token whose user-info load failed: not tried again (no reload loop) */
  failedToken: string | null;
}

const initialState: SessionState = {
  status: 'idle',
  profile: null,
  tenant: null,
  isOut: false,
  units: [],
  menus: null,
  timeZone: null,
  menuError: null,
  failedToken: null,
};

export const sessionStore = createStore<SessionState>(initialState);

export function useSession(): SessionState {
  return useStore(sessionStore);
}

/** The glucose unit in use: mg/dL when a GLU unit is named mgDl, otherwise mmol/L (§3). */
export function glucoseUnitOf(units: readonly Unit[]): GlucoseUnit {
  return units.some((unit) => toGlucoseUnit(unit.name) === 'mgDl' || toGlucoseUnit(unit.code) === 'mgDl')
    ? 'mgDl'
    : 'mmolL';
}

export type LoadOutcome = 'ready' | 'menuError' | 'profileFailed' | 'stale';

let generation = 0;
let inflight: Promise<LoadOutcome> | null = null;

function settled<T>(result: PromiseSettledResult<T>, fallback: T): T {
  return result.status === 'fulfilled' ? result.value : fallback;
}

/**
 * The hospital's clock is needed before any page shows a time: it is loaded with the menus (and tried
 * again with them) rather than guessed from the browser.
 */
async function loadMenus(profile: Profile, myGeneration: number): Promise<LoadOutcome> {
  try {
    const known = sessionStore.get().timeZone;
    const [menus, timeZone] = await Promise.all([
      fetchAuthorityMenus(
        profile.userName,
        profile.roles.map((role) => role.name),
      ),
      known ?? fetchTimeZone().then((setting) => setting.value),
    ]);
    if (myGeneration !== generation) return 'stale';
    setHospitalZone(timeZone);
    sessionStore.set((s) => ({
      ...s,
      status: 'ready',
      menus: Array.isArray(menus) ? menus : [],
      timeZone,
      menuError: null,
    }));
    return 'ready';
  } catch (error) {
    if (myGeneration !== generation) return 'stale';
    showError(error);
    sessionStore.set((s) => ({ ...s, status: 'menuError', menus: null, menuError: errorText(error) }));
    return 'menuError';
  }
}

/**
 * Loads user info, organisation, out-of-hospital mode and glucose units in parallel, then the menus
 * of the user's roles. A failed or empty profile resets the token and shows the message (§4
 * "User-info load error"); the guard then sends the user to /login?redirect=...
 */
export function loadSession(): Promise<LoadOutcome> {
  if (inflight) return inflight;
  const myGeneration = ++generation;
  const token = getToken();
  sessionStore.set((s) => ({ ...s, status: 'loading', menuError: null }));
  inflight = (async (): Promise<LoadOutcome> => {
    const [profileResult, tenantResult, outsideResult, unitsResult] = await Promise.allSettled([
      fetchProfile(),
      fetchCurrentTenant(),
      fetchIsOutside(),
      fetchUnits('GLU'),
      // a signed-in visit may land on /404 or an error page: they show at once then
      preloadResultPages(),
    ]);
    if (myGeneration !== generation) return 'stale';
    const profile = profileResult.status === 'fulfilled' ? profileResult.value : null;
    const unreachable =
      profileResult.status === 'rejected' &&
      isApiError(profileResult.reason) &&
      (profileResult.reason.kind === 'network' || profileResult.reason.kind === 'timeout');
    if (unreachable) {
      // The server was not reached (network down, or the page is being left): the session may be
      // perfectly valid, so keep the token and offer a retry instead of signing the user out.
      const message = errorText(profileResult.reason);
      sessionStore.set((s) => ({ ...s, status: 'menuError', menus: null, menuError: message }));
      return 'menuError';
    }
    if (!profile?.userName) {
      removeToken();
      if (profileResult.status === 'rejected') showError(profileResult.reason);
      else toastError(msg('profile.verifyFailed'));
      sessionStore.set({ ...initialState, failedToken: token });
      return 'profileFailed';
    }
    sessionStore.set((s) => ({
      ...s,
      profile,
      tenant: settled<TenantInfo | null>(tenantResult, null),
      isOut: settled<boolean | null>(outsideResult, null) ?? profile.isOut ?? false,
      units: settled<Unit[] | null>(unitsResult, null) ?? [],
    }));
    return loadMenus(profile, myGeneration);
  })().finally(() => {
    inflight = null;
  });
  return inflight;
}

/** Tries the menus again after a menu-load failure. */
export function retryMenus(): Promise<LoadOutcome> {
  const { profile } = sessionStore.get();
  if (!profile) return loadSession();
  sessionStore.set((s) => ({ ...s, status: 'loading', menuError: null }));
  return loadMenus(profile, generation);
}

/** Re-reads the profile (its role and department names follow the language); failures are ignored. */
export async function refreshProfile(): Promise<void> {
  const state = sessionStore.get();
  if (state.status !== 'ready' || !getToken()) return;
  const myGeneration = generation;
  try {
    const [profile, tenant] = await Promise.all([
      fetchProfile(),
      fetchCurrentTenant().catch(() => state.tenant),
    ]);
    if (myGeneration !== generation || !profile?.userName) return;
    sessionStore.set((s) => ({ ...s, profile, tenant }));
  } catch {
    // the session guard deals with real session problems on the next navigation
  }
}

/**
 * The organisation as the server now has it (after a rename): the top bar and the home page show it at
 * once; the profile's own copy follows with {@link refreshProfile}.
 */
export function setSessionTenant(tenant: TenantInfo): void {
  sessionStore.set((s) => (s.status === 'idle' ? s : { ...s, tenant }));
}

/** A saved `hospital.timeZone`: every page re-renders on the new clock. */
export function setSessionTimeZone(timeZone: string): void {
  setHospitalZone(timeZone);
  sessionStore.set((s) => (s.status === 'idle' ? s : { ...s, timeZone }));
}

/** Forgets the session user, the menus (so the generated routes go) and every cached query. */
export function clearSession(): void {
  generation++;
  inflight = null;
  sessionStore.set(initialState);
  // the cache is loaded with the first page after login, not with the login page
  void import('./query').then(({ queryClient }) => queryClient.clear());
}

/** Called after a sign-in stored a new token: the next navigation loads the new user. */
export function startSession(): void {
  clearSession();
}

/**
 * Logout (§4 Auth): POST /v1/logout, then the token, cached data, user state and generated routes
 * are cleared even if the call failed (its message is shown as an error toast).
 */
export async function logoutSession(): Promise<void> {
  try {
    await logoutCall();
  } catch (error) {
    showError(error);
  }
  removeToken();
}
