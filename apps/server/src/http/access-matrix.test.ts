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

const ALL_ROLES = ['tenant_admin', 'doctor', 'nurse', 'reviewer'];
const WARD_STAFF = ['tenant_admin', 'doctor', 'nurse'];
const QC_STAFF = ['tenant_admin', 'nurse', 'reviewer'];
/** Who may do what on the wards (issue 5): permission code → the demo roles granted it. */
const CLINICAL_GRANTS: Record<string, string[]> = {
  'patient:inpatient:list': ALL_ROLES,
  'patient:inpatient:admit': WARD_STAFF,
  'patient:inpatient:transfer': WARD_STAFF,
  'patient:inpatient:discharge': WARD_STAFF,
  'patient:discharged:list': ALL_ROLES,
  'patient:event:edit': WARD_STAFF,
  'patient:task:list': ALL_ROLES,
  'patient:critical:list': ALL_ROLES,
  'patient:critical:handle': WARD_STAFF,
  'measurement:record:edit': WARD_STAFF,
  'measurement:approval:list': ['tenant_admin', 'reviewer', 'doctor'],
  'measurement:approval:approve': ['tenant_admin', 'reviewer'],
  'measurement:data:list': ALL_ROLES,
  'measurement:data:edit': ['tenant_admin', 'reviewer'],
  'measurement:data:export': ALL_ROLES,
  'measurement:upload:create': ['tenant_admin', 'nurse'],
  // issue 16: the pump register of the wards; manufacturers are the administrator's
  'pump:register:list': WARD_STAFF,
  'pump:register:edit': ['tenant_admin', 'nurse'],
  'pump:register:delete': ['tenant_admin'],
  'pump:report:create': ['tenant_admin', 'nurse'],
  // who wears which pump and the history: the wards; up-pump, tube change, basal profile, down-pump: nurses
  'pump:patient:list': WARD_STAFF,
  'pump:history:list': WARD_STAFF,
  'pump:binding:edit': ['tenant_admin', 'nurse'],
  'pump:manufacturer:list': ['tenant_admin'],
  'pump:manufacturer:edit': ['tenant_admin'],
  'pump:manufacturer:delete': ['tenant_admin'],
  // issue 17: medical orders are given, edited, stopped and deleted by doctors
  'patient:order:edit': ['tenant_admin', 'doctor'],
  // issue 17: the wards' medication orders; ordering, stopping and deleting them: doctors
  'patient:medication:list': WARD_STAFF,
  'patient:medication:edit': ['tenant_admin', 'doctor'],
  // issue 18: the outpatients of the out-of-hospital mode, listed, registered and moved by ward staff
  'patient:outpatient:list': WARD_STAFF,
  'patient:outpatient:register': WARD_STAFF,
  // issue 18: lab results (HbA1c) are entered by the wards
  'patient:lab:edit': WARD_STAFF,
  // issue 19: meter QC (seed/menus.ts): ward nurses run the controls, QC coordinators (reviewers) oversee
  'quality:record:list': QC_STAFF,
  'quality:record:edit': QC_STAFF,
  'quality:curve:list': ALL_ROLES,
  'quality:report:list': QC_STAFF,
  'quality:report:submit': QC_STAFF,
  'quality:report:verify': ['tenant_admin', 'reviewer'],
  'quality:statistics:list': ALL_ROLES,
  'quality:accuracy:list': ALL_ROLES,
  'quality:analyzer:list': QC_STAFF,
  'quality:analyzer:edit': ['tenant_admin', 'reviewer'],
  'quality:lock:override': ['tenant_admin', 'reviewer'],
  'quality:lock:release': ['tenant_admin', 'reviewer'],
  'quality:spare:list': QC_STAFF,
  'quality:spare:lend': QC_STAFF,
  'quality:control:list': QC_STAFF,
  'quality:control:edit': ['tenant_admin', 'reviewer'],
  'quality:strip:list': QC_STAFF,
  'quality:strip:edit': ['tenant_admin', 'reviewer'],
  'quality:strategy:list': QC_STAFF,
  'quality:strategy:edit': ['tenant_admin', 'reviewer'],
};

function clinicalRoutes() {
  return t.app.routeTable
    .filter((route) => {
      const permission = String(route.config?.permission ?? '');
      return (
        route.method !== 'HEAD' &&
        (permission.startsWith('patient:') ||
          permission.startsWith('measurement:') ||
          permission.startsWith('pump:') ||
          permission.startsWith('quality:'))
      );
    })
    .map((route) => ({
      method: String(route.method),
      url: route.url.replace(/:(\w+)/g, '999999'),
      permission: String(route.config?.permission),
    }));
}

describe('role × route matrix of the ward routes', () => {
  it('covers the ward routes, each with a known permission', () => {
    expect(clinicalRoutes().length).toBeGreaterThanOrEqual(30);
    for (const route of clinicalRoutes()) {
      expect(CLINICAL_GRANTS[route.permission], `${route.method} ${route.url}`).toBeDefined();
    }
  });

  it.each(ACCOUNTS.map(([role]) => role))(
    '%s reaches exactly the ward routes its role allows',
    async (role) => {
      for (const route of clinicalRoutes()) {
        const res = await t.request({
          method: route.method as 'GET',
          url: route.url,
          token: tokens[role],
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
        });
        const expected = CLINICAL_GRANTS[route.permission]?.includes(role) ?? false;
        if (expected) expect(res.statusCode, `${route.method} ${route.url}`).not.toBe(403);
        else expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
      }
    },
  );
});

describe('ward menus per role', () => {
  const PAGES: [page: string, roles: string[]][] = [
    ['/patient/task', ALL_ROLES],
    ['/patient/round', WARD_STAFF],
    ['/patient/critical', ALL_ROLES],
    ['/patient/handover', WARD_STAFF],
    ['/ward/record', ALL_ROLES],
    ['/patient/discharged', ALL_ROLES],
    ['/measurement/data', ALL_ROLES],
    ['/measurement/approval', ['tenant_admin', 'reviewer', 'doctor']],
    ['/pump/register', WARD_STAFF],
    ['/pump/patients', WARD_STAFF],
    ['/pump/history', WARD_STAFF],
    ['/pump/manufacturer', ['tenant_admin']],
    ['/patient/medication', WARD_STAFF],
  ];
  it.each(ACCOUNTS.map(([role, userName]) => [role, userName]))(
    'shows %s the ward pages of its role',
    async (role, userName) => {
      const res = await t.request({
        method: 'GET',
        url: `/app-service/v1/users/authorityMenus?userName=${userName}`,
        token: tokens[role],
      });
      const paths = JSON.stringify(res.json().dataContent);
      for (const [page, roles] of PAGES)
        expect(paths.includes(`"${page}"`), `${role} ${page}`).toBe(roles.includes(role));
    },
  );
});
