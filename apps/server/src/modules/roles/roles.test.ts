import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
let admin: string;
let admin202: string;

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login('101', 'admin', 'Admin@123456');
  admin202 = await t.login('202', 'admin', 'Admin@202202');
});
afterAll(() => t.close());

type MenuNode = {
  id: number;
  path: string;
  kind: string;
  permission: string | null;
  labelEn: string;
  version: number;
  children: MenuNode[];
};
const flat = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...flat(n.children)]);
const api = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token: string,
  payload?: object,
  lang?: string,
) => t.request({ method, url: `/app-service${url}`, token, payload, lang });

async function roleId(code: string, token = admin): Promise<number> {
  const page = (await api('GET', '/v1/roles?size=100', token)).json().dataContent;
  return page.records.find((r: { code: string }) => r.code === code).id;
}

describe('roles', () => {
  it('lists roles with their user counts', async () => {
    const page = (await api('GET', '/v1/roles', admin)).json().dataContent;
    expect(page.total).toBe(4);
    const nurse = page.records.find((r: { code: string }) => r.code === 'nurse');
    expect(nurse).toMatchObject({ name: '护士', nameEn: 'Nurse', isActive: true, userCount: 6 });
  });

  it('creates, validates and refuses duplicate codes', async () => {
    const res = await api('POST', '/v1/roles', admin, {
      code: 'dietitian',
      name: '营养师',
      nameEn: 'Dietitian',
    });
    expect(res.json().dataContent).toMatchObject({ code: 'dietitian', userCount: 0, version: 1 });
    const dup = await api('POST', '/v1/roles', admin, { code: 'dietitian', name: 'Again' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('A role with this code already exists');
    const bad = await api('POST', '/v1/roles', admin, { code: '1x', name: '' }, 'zh-CN');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().dataContent.errors).toEqual([
      { field: 'code', message: '角色代码以字母开头，可使用字母、数字和 _（2-32 个字符）' },
      { field: 'name', message: '请输入角色名称' },
    ]);
  });

  it('protects the administrator role from deletion and disabling', async () => {
    const id = await roleId('tenant_admin');
    const del = await api('DELETE', `/v1/roles/${id}?version=1`, admin);
    expect(del.statusCode).toBe(400);
    expect(del.json().message).toBe('The administrator role cannot be deleted or disabled');
    const off = await api('PUT', '/v1/roles', admin, {
      id,
      version: 1,
      code: 'tenant_admin',
      name: '管理员',
      isActive: false,
    });
    expect(off.statusCode).toBe(400);
  });

  it('grants menus and buttons; the role holder sees and may use them at the next request', async () => {
    const reviewer = await t.login('101', 'reviewer01', 'Review@2026');
    const before = (await api('GET', '/v1/users/authorityMenus?userName=reviewer01', reviewer)).json()
      .dataContent;
    expect(JSON.stringify(before)).not.toContain('/system/department');
    expect((await api('GET', '/v1/departments/allTree', reviewer)).statusCode).toBe(403);

    const id = await roleId('reviewer');
    const authority = (await api('GET', `/v1/roles/authority/${id}`, admin)).json().dataContent;
    const all = flat(authority.tree);
    const page = all.find((m) => m.path === '/system/department')!;
    const edit = all.find((m) => m.permission === 'system:department:edit')!;
    expect(edit.kind).toBe('button');
    const saved = await api('POST', '/v1/roles/authority', admin, {
      roleId: id,
      menuIds: [...authority.menuIds, page.id, edit.id],
    });
    expect(saved.statusCode).toBe(200);

    const after = (await api('GET', '/v1/users/authorityMenus?userName=reviewer01', reviewer)).json()
      .dataContent;
    expect(JSON.stringify(after)).toContain('/system/department');
    expect((await api('GET', '/v1/departments/allTree', reviewer)).statusCode).toBe(200);
    const profile = (await api('GET', '/v1/users/profile', reviewer)).json().dataContent;
    const adminPermissions = profile.permissions.filter((code: string) => code.startsWith('system:'));
    expect(adminPermissions).toEqual(['system:department:edit', 'system:department:list']);
    const { rows } = await t.handle.db.execute<{ n: number }>(sql`select count(*)::int as n from audit_log
      where tenant_id = '101' and entity = 'role' and action = 'authority' and entity_id = ${String(id)}`);
    expect(rows[0].n).toBe(1);
  });

  it('takes a deleted role away from its users at their next request', async () => {
    const created = (await api('POST', '/v1/roles', admin, { code: 'temp_role', name: 'Temporary' })).json()
      .dataContent;
    const authority = (await api('GET', `/v1/roles/authority/${created.id}`, admin)).json().dataContent;
    const page = flat(authority.tree).find((m) => m.permission === 'system:menu:list')!;
    await api('POST', '/v1/roles/authority', admin, { roleId: created.id, menuIds: [page.id] });
    await t.handle.db.execute(sql`insert into user_roles (tenant_id, user_id, role_id)
      select '101', id, ${created.id} from users where tenant_id = '101' and user_name = 'nurse01'`);
    const nurse = await t.login('101', 'nurse01', 'Nurse@2026');
    expect((await api('GET', '/v1/menus/allTree', nurse)).statusCode).toBe(200);
    expect((await api('DELETE', `/v1/roles/${created.id}?version=1`, admin)).statusCode).toBe(200);
    expect((await api('GET', '/v1/menus/allTree', nurse)).statusCode).toBe(403);
  });

  it('refuses unknown menus in a grant and answers other tenants’ role ids as missing', async () => {
    const id = await roleId('doctor');
    const bad = await api('POST', '/v1/roles/authority', admin, { roleId: id, menuIds: [999999] });
    expect(bad.statusCode).toBe(400);
    const foreign = await api('GET', `/v1/roles/authority/${id}`, admin202);
    const missing = await api('GET', '/v1/roles/authority/999999999', admin202);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
    const foreignMenus = flat((await api('GET', '/v1/menus/allTree', admin)).json().dataContent).map(
      (m) => m.id,
    );
    const grant = await api('POST', '/v1/roles/authority', admin202, {
      roleId: await roleId('doctor', admin202),
      menuIds: [foreignMenus[0]],
    });
    expect(grant.statusCode).toBe(400);
  });
});

describe('menus', () => {
  it('creates a group and a page under it, updates with the version, refuses deleting a parent', async () => {
    const group = (
      await api('POST', '/v1/menus', admin, {
        path: '#',
        labelEn: 'Reports',
        labelZh: '报表',
        sort: 50,
        hidden: false,
        kind: 'menu',
        icon: 'BarChartOutlined',
      })
    ).json().dataContent;
    const page = await api('POST', '/v1/menus', admin, {
      parentId: group.id,
      path: '/reports/daily',
      component: '/reports/daily',
      labelEn: 'Daily report',
      labelZh: '日报',
      sort: 1,
      hidden: true,
      kind: 'menu',
      permission: 'reports:daily:list',
    });
    expect(page.statusCode).toBe(200);
    const created = page.json().dataContent;
    const tree = flat((await api('GET', '/v1/menus/allTree', admin)).json().dataContent);
    expect(tree.find((m) => m.id === group.id)?.children.map((c) => c.id)).toEqual([created.id]);
    const updated = await api('PUT', '/v1/menus', admin, { ...strip(created), labelEn: 'Daily summary' });
    expect(updated.json().dataContent).toMatchObject({ labelEn: 'Daily summary', version: 2 });
    const stale = await api('PUT', '/v1/menus', admin, { ...strip(created), labelEn: 'Stale' });
    expect(stale.statusCode).toBe(409);
    const delParent = await api('DELETE', `/v1/menus?id=${group.id}&version=1`, admin);
    expect(delParent.statusCode).toBe(409);
    expect(delParent.json().message).toBe('Delete its sub-menus first');
    expect((await api('DELETE', `/v1/menus?id=${created.id}&version=2`, admin)).statusCode).toBe(200);
    expect((await api('DELETE', `/v1/menus?id=${group.id}&version=1`, admin)).statusCode).toBe(200);
  });

  it('validates paths, labels, icons and permission codes', async () => {
    const res = await api('POST', '/v1/menus', admin, {
      path: 'reports',
      labelEn: '',
      labelZh: '报表',
      icon: '<svg>',
      sort: 1,
      hidden: false,
      kind: 'menu',
      permission: 'Not A Code',
    });
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .dataContent.errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['icon', 'labelEn', 'path', 'permission']);
  });

  it('answers a tenant-202 administrator changing a tenant-101 menu exactly as a missing one', async () => {
    const menu = flat((await api('GET', '/v1/menus/allTree', admin)).json().dataContent).find(
      (m) => m.path === '/index',
    )!;
    const body = {
      id: menu.id,
      version: menu.version,
      path: '/index',
      labelEn: 'Hijack',
      labelZh: '劫持',
      sort: 0,
      hidden: false,
      kind: 'menu',
    };
    const foreign = await api('PUT', '/v1/menus', admin202, body);
    const missing = await api('PUT', '/v1/menus', admin202, { ...body, id: 999999999 });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
    expect((await api('DELETE', `/v1/menus?id=${menu.id}&version=${menu.version}`, admin202)).json()).toEqual(
      missing.json(),
    );
  });

  it('words menu validation in Chinese too', async () => {
    const res = await api(
      'POST',
      '/v1/menus',
      admin,
      { path: 'x', labelEn: 'A', labelZh: '', sort: 1, hidden: false, kind: 'menu' },
      'zh-CN',
    );
    const byField = Object.fromEntries(
      res.json().dataContent.errors.map((e: { field: string; message: string }) => [e.field, e.message]),
    );
    expect(byField).toEqual({ path: '路径为 #（分组）或以 / 开头', labelZh: '请输入中英文名称' });
  });

  it('is refused to roles without menu permissions', async () => {
    const doctor = await t.login('101', 'doctor01', 'Doctor@2026');
    expect((await api('GET', '/v1/menus/allTree', doctor)).statusCode).toBe(403);
    expect((await api('POST', '/v1/roles', doctor, { code: 'x_role', name: 'X' })).statusCode).toBe(403);
  });
});

function strip(menu: Record<string, unknown>) {
  const { label: _label, children: _children, ...rest } = menu;
  return rest;
}
