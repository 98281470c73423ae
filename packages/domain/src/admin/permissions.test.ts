import { describe, expect, it } from 'vitest';
import { isPermissionCode, PERMISSION_CODES, PERMISSIONS } from './permissions';

/** Every [key, code] pair of the map, wherever it sits. */
function entries(node: object): [string, string][] {
  return Object.entries(node).flatMap(([key, value]): [string, string][] =>
    typeof value === 'string' ? [[key, value]] : entries(value),
  );
}

describe('permission codes', () => {
  it('lists every code once, each area:resource:action, keyed by its action', () => {
    expect(PERMISSION_CODES.length).toBeGreaterThan(60);
    expect(new Set(PERMISSION_CODES).size).toBe(PERMISSION_CODES.length);
    for (const [key, code] of entries(PERMISSIONS)) {
      expect(code, key).toMatch(/^[a-z]+:[a-z]+:[a-zA-Z]+$/);
      // the menu seed names a page's buttons by the key: it must be the code's action
      expect(code.split(':')[2], code).toBe(key);
    }
  });

  it('keeps the stored spelling of codes that tenants and clients already hold', () => {
    expect(PERMISSIONS.system.staff.edit).toBe('system:user:edit');
    expect(PERMISSIONS.system.staff.resetPassword).toBe('system:user:resetPassword');
    expect(PERMISSIONS.settings.criticalValues.edit).toBe('settings:crisis:edit');
    expect(PERMISSIONS.measurementEntry.edit).toBe('measurement:record:edit');
  });

  it('tells codes of the map from other text', () => {
    expect(isPermissionCode('system:menu:delete')).toBe(true);
    expect(isPermissionCode('system:menu')).toBe(false);
    expect(isPermissionCode('session')).toBe(false);
  });
});
