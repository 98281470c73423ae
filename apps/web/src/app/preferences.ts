import { DEFAULT_SIZE, MOBILE_BREAKPOINT } from '@glucocare/domain/constants';
import { useSyncExternalStore } from 'react';
import { createStore, useStore } from './store';

export type ComponentSize = 'small' | 'middle' | 'large';
export const COMPONENT_SIZES: readonly ComponentSize[] = ['small', 'middle', 'large'];

/** localStorage keys of the persisted app state (§3 Settings and app state, §4 Sidebar). */
export const STORAGE_KEYS = {
  sidebar: 'sidebarStatus',
  size: 'size',
  tenant: 'tenant',
} as const;

/** A value of localStorage (null when absent or storage is unavailable). */
export function readStored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Keeps a value in localStorage (for this page only when storage is unavailable). */
export function writeStored(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // storage unavailable: the preference lasts for this page only
  }
}

function isSize(value: unknown): value is ComponentSize {
  return typeof value === 'string' && (COMPONENT_SIZES as readonly string[]).includes(value);
}

interface Preferences {
  /** desktop sidebar open (persisted as '1') or collapsed ('0') */
  sidebarOpened: boolean;
  /** mobile drawer open; never persisted */
  mobileMenuOpen: boolean;
  size: ComponentSize;
}

export const preferencesStore = createStore<Preferences>({
  sidebarOpened: readStored(STORAGE_KEYS.sidebar) !== '0',
  mobileMenuOpen: false,
  size: ((): ComponentSize => {
    const stored = readStored(STORAGE_KEYS.size);
    return isSize(stored) ? stored : (DEFAULT_SIZE as ComponentSize);
  })(),
});

export function usePreferences(): Preferences {
  return useStore(preferencesStore);
}

export function setSidebarOpened(opened: boolean): void {
  writeStored(STORAGE_KEYS.sidebar, opened ? '1' : '0');
  preferencesStore.set((p) => ({ ...p, sidebarOpened: opened }));
}

export function setMobileMenuOpen(open: boolean): void {
  preferencesStore.set((p) => (p.mobileMenuOpen === open ? p : { ...p, mobileMenuOpen: open }));
}

export function setComponentSize(size: ComponentSize): void {
  writeStored(STORAGE_KEYS.size, size);
  preferencesStore.set((p) => ({ ...p, size }));
}

export function rememberedTenant(): string | null {
  return readStored(STORAGE_KEYS.tenant);
}

export function rememberTenant(tenant: string): void {
  writeStored(STORAGE_KEYS.tenant, tenant);
}

function subscribeResize(listener: () => void): () => void {
  window.addEventListener('resize', listener);
  return () => window.removeEventListener('resize', listener);
}

/** 'mobile' below 992px (§9), else 'desktop'; follows window resizes. */
export function useDevice(): 'mobile' | 'desktop' {
  return useSyncExternalStore(
    subscribeResize,
    () => (window.innerWidth < MOBILE_BREAKPOINT ? 'mobile' : 'desktop'),
    () => 'desktop',
  );
}
