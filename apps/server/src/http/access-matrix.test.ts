import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness';

let t: TestContext;
const tokens: Record<string, string> = {};

const ACCOUNTS: [role: string, userName: string, password: string][] = [
  ['tenant_admin', 'admin', 'Admin@123456'],
  ['doctor', 'doctor01', 'Doctor@2026'],
  ['nurse', 'nurse01', 'Nurse@2026'],
  ['reviewer', 'reviewer01', 'Review@2026'],
];

beforeAll(async () => {
  t = await createTestContext();
  for (const [role, userName, password] of ACCOUNTS) tokens[role] = await t.login('101', userName, password);
});
afterAll(() => t.close());

/** Every administration route: those whose permission code belongs to the system or settings areas. */
const ADMIN_AREAS = ['system:', 'settings:'];
function adminRoutes() {
  return t.app.routeTable
    .filter((route) => {
      const permission = String(route.config?.permission ?? '');
      return route.method !== 'HEAD' && ADMIN_AREAS.some((area) => permission.startsWith(area));
    })
    .map((route) => ({ method: String(route.method), url: route.url.replace(':id', '999999') }));
}

describe('role × route matrix', () => {
  it('covers the administration routes', () => {
    expect(adminRoutes().length).toBeGreaterThanOrEqual(20);
  });

  it.each(ACCOUNTS.map(([role]) => role))(
    '%s reaches exactly the administration routes its role allows',
    async (role) => {
      const outcomes: string[] = [];
      for (const route of adminRoutes()) {
        const res = await t.request({
          method: route.method as 'GET',
          url: route.url,
          token: tokens[role],
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
        });
        const allowed = res.statusCode !== 403 && res.statusCode !== 401;
        outcomes.push(`${route.method} ${route.url} ${allowed ? 'allowed' : 'refused'}`);
        if (role === 'tenant_admin')
          expect(allowed, `${route.method} ${route.url}: ${res.statusCode}`).toBe(true);
        else expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
      }
      expect(outcomes.length).toBe(adminRoutes().length);
    },
  );

  it.each(ACCOUNTS.map(([role, userName]) => [role, userName]))(
    'gives %s a menu tree that matches what it may call',
    async (role, userName) => {
      const res = await t.request({
        method: 'GET',
        url: `/app-service/v1/users/authorityMenus?userName=${userName}`,
        token: tokens[role],
      });
      const paths = JSON.stringify(res.json().dataContent);
      const adminPages = [
        '/system/department',
        '/system/user',
        '/system/role',
        '/system/menu',
        '/system/audit',
        '/settings/hospital',
        '/settings/crisis',
        '/settings/password',
      ];
      for (const page of adminPages)
        expect(paths.includes(`"${page}"`), `${role} ${page}`).toBe(role === 'tenant_admin');
      expect(paths).toContain('"/index"');
    },
  );
});
