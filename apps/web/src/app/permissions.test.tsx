import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Profile } from '../api/users';
import { hasPermission, usePermission } from './permissions';
import { type SessionState, sessionStore } from './session';

const profile = (permissions?: string[]): Profile => ({
  userId: 1,
  userName: 'admin',
  nickName: 'Admin',
  tenant: '101',
  tenantName: 'Demo',
  organizationName: 'Demo',
  organizationCode: '101',
  departmentCode: null,
  departmentName: null,
  roles: [],
  avatar: 'A',
  isOut: false,
  lastLoginAt: null,
  lastLoginIp: null,
  permissions: permissions ?? [],
});

function Probe({ code }: { code: string | string[] }) {
  return <span>{usePermission(code) ? 'yes' : 'no'}</span>;
}

let container: HTMLDivElement;
let root: Root;
const initial: SessionState = sessionStore.get();

beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  sessionStore.set(initial);
});

describe('button-level permissions', () => {
  it('grants exact codes, any of several, and the all-permissions code; nothing without a list', () => {
    const user = profile(['system:user:list', 'system:user:edit']);
    expect(hasPermission(user, 'system:user:edit')).toBe(true);
    expect(hasPermission(user, 'system:user:delete')).toBe(false);
    expect(hasPermission(user, 'system:user')).toBe(false);
    expect(hasPermission(user, ['system:user:delete', 'system:user:edit'])).toBe(true);
    expect(hasPermission(profile(['*:*:*']), 'system:menu:delete')).toBe(true);
    expect(hasPermission(profile(undefined), 'system:user:list')).toBe(false);
    expect(hasPermission(profile([]), 'system:user:list')).toBe(false);
    expect(hasPermission(null, 'system:user:list')).toBe(false);
  });

  it('usePermission follows the session user and re-renders when it changes', () => {
    act(() => root.render(<Probe code="system:user:delete" />));
    expect(container.textContent).toBe('no');
    act(() => sessionStore.set((s) => ({ ...s, profile: profile(['system:user:delete']) })));
    expect(container.textContent).toBe('yes');
    act(() => sessionStore.set((s) => ({ ...s, profile: profile(['system:user:list']) })));
    expect(container.textContent).toBe('no');
    act(() => sessionStore.set(initial));
    expect(container.textContent).toBe('no');
  });
});
