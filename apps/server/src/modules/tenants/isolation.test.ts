import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
let token101: string;
let token202: string;

beforeAll(async () => {
  t = await createTestContext();
  token101 = await t.login('101', 'admin', 'Admin@123456');
  token202 = await t.login('202', 'admin', 'Admin@202202');
});
afterAll(() => t.close());

const get = (url: string, token: string, lang?: string) => t.request({ method: 'GET', url, token, lang });

describe('tenant isolation', () => {
  it('gives each tenant its own profile and organisation', async () => {
    const p202 = (await get('/app-service/v1/users/profile', token202)).json().dataContent;
    expect(p202).toMatchObject({
      tenant: '202',
      tenantName: 'Riverside Community Hospital',
      userName: 'admin',
    });
    const org = (await get('/app-service/v1/tenants/current', token202)).json().dataContent;
    expect(org).toMatchObject({
      tenant: '202',
      names: { 'en-US': 'Riverside Community Hospital', 'zh-CN': '滨江社区医院' },
    });
  });

  it("never returns another tenant's menus or sign-in events", async () => {
    const menus101 = (await get('/app-service/v1/users/authorityMenus?userName=admin', token101)).json()
      .dataContent;
    const menus202 = (await get('/app-service/v1/users/authorityMenus?userName=admin', token202)).json()
      .dataContent;
    const ids = (nodes: { id: number; children: unknown[] }[]): number[] =>
      nodes.flatMap((n) => [n.id, ...ids(n.children as { id: number; children: unknown[] }[])]);
    expect(ids(menus101).length).toBeGreaterThan(0);
    expect(ids(menus101).filter((id) => ids(menus202).includes(id))).toEqual([]);
    const history202 = (await get('/app-service/v1/users/loginHistory', token202)).json().dataContent;
    expect(history202.total).toBe(1);
    expect(history202.records[0].action).toBe('login');
  });

  it("refuses a tenant-202 session asking for a tenant-101 user's menus", async () => {
    const res = await get('/app-service/v1/users/authorityMenus?userName=nurse01', token202);
    expect(res.statusCode).toBe(403);
  });

  it('does not accept a token whose tenant prefix was changed', async () => {
    const forged = `101.${token202.split('.')[1]}`;
    const res = await get('/app-service/v1/users/profile', forged);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('402');
  });
});

describe('menus', () => {
  it('returns the tree of the roles with labels in both languages', async () => {
    const token = await t.login('101', 'nurse01', 'Nurse@2026');
    const res = await get(
      '/app-service/v1/users/authorityMenus?userName=nurse01&roles=nurse',
      token,
      'zh-CN',
    );
    const tree = res.json().dataContent;
    // home, then the groups: patients, measurement data, statistics, consultations, virtual ward,
    // insulin pumps, quality control, dashboards and screens, personal center
    expect(tree.map((n: { path: string }) => n.path)).toEqual([
      '/index',
      '#',
      '#',
      '#',
      '#',
      '#',
      '#',
      '#',
      '#',
      '#',
    ]);
    expect(tree[0]).toMatchObject({
      component: '/dashboard/index',
      label: '首页',
      labels: { 'en-US': 'Home', 'zh-CN': '首页' },
      hidden: false,
    });
    expect(tree.map((n: { label: string }) => n.label)).toEqual([
      '首页',
      '患者管理',
      '测量数据',
      '统计分析',
      '会诊管理',
      '虚拟病房',
      '胰岛素泵管理',
      '质控管理',
      '看板与大屏',
      '个人中心',
    ]);
    // a nurse has the ward dashboard; the wall screens' links are for administrators
    expect(tree[8].children.map((n: { path: string }) => n.path)).toEqual(['/monitor/ward']);
    // the device test page (issue 21) is a hidden row of the group: its route and grant, not in the sidebar
    expect(tree[1].children.map((n: { path: string }) => n.path)).toEqual([
      '/patient/detail',
      '/test',
      '/patient/task',
      '/patient/round',
      '/patient/critical',
      '/patient/handover',
      '/ward/record',
      '/patient/medication',
      '/patient/discharged',
    ]);
    expect(tree[3].children.map((n: { path: string }) => n.path)).toEqual([
      '/statistics/department',
      '/statistics/year',
    ]);
    // a nurse reads her departments' consultations and her own requests; doctors reply and request
    expect(tree[4].children.map((n: { path: string }) => n.path)).toEqual([
      '/consultation/inbox',
      '/consultation/request',
    ]);
    // the virtual ward's pages (the outpatient page is hidden: the hospital is not in out-of-hospital mode)
    expect(tree[5].children.map((n: { path: string }) => n.path)).toEqual([
      '/virtualward/current',
      '/virtualward/worklist',
      '/virtualward/history',
      '/virtualward/followup',
      '/virtualward/workload',
      '/virtualward/testtime',
      '/virtualward/chart',
      '/virtualward/outcome',
    ]);
    // a nurse keeps her ward's pumps; the manufacturers are the administrator's
    expect(tree[6].children.map((n: { path: string }) => n.path)).toEqual([
      '/pump/register',
      '/pump/patients',
      '/pump/history',
    ]);
    // a ward nurse runs her meters' controls; the strategy she reads, reviewers change it
    expect(tree[7].children.map((n: { path: string }) => n.path)).toEqual([
      '/quality/record',
      '/quality/curve',
      '/quality/report',
      '/quality/statistics',
      '/quality/accuracy',
      '/quality/analyzer',
      '/quality/spare',
      '/quality/control',
      '/quality/strip',
      '/quality/strategy',
    ]);
    expect(tree[9].children.map((n: { path: string }) => n.path)).toEqual(['/account/activity']);
  });

  it('follows role changes at the next request', async () => {
    const token = await t.login('101', 'reviewer01', 'Review@2026');
    const before = (await get('/app-service/v1/users/authorityMenus?userName=reviewer01', token)).json()
      .dataContent;
    expect(before.length).toBeGreaterThan(0);
    const { sql } = await import('drizzle-orm');
    await t.handle.db.execute(sql`delete from user_roles where tenant_id = '101'
      and user_id = (select id from users where tenant_id = '101' and user_name = 'reviewer01')`);
    const after = (await get('/app-service/v1/users/authorityMenus?userName=reviewer01', token)).json()
      .dataContent;
    expect(after).toEqual([]);
    const profile = (await get('/app-service/v1/users/profile', token)).json().dataContent;
    expect(profile.roles).toEqual([]);
  });
});
