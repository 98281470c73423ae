import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createTestContext, type TestContext } from '../test/harness';

let t: TestContext;
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  t = await createTestContext();
  // A route guarded by a permission code, granted to the doctor role through a button menu.
  app = await buildApp(loadConfig({ LOG_LEVEL: 'silent' }), { db: t.handle.db, logger: false });
  app.get('/app-service/v1/guarded', { config: { permission: 'demo:report:view' } }, async () => ({
    code: '1',
    message: 'Success',
    dataContent: 'secret',
  }));
  await app.ready();
  await t.handle.db.execute(sql`
    with button as (
      insert into menus (tenant_id, path, component, label_en, label_zh, kind, permission)
      values ('101', '#', null, 'View report', '查看报告', 'button', 'demo:report:view') returning id)
    insert into role_menus (tenant_id, role_id, menu_id)
    select '101', r.id, button.id from roles r, button where r.tenant_id = '101' and r.code = 'doctor'`);
});
afterAll(async () => {
  await app.close();
  await t.close();
});

const call = (token: string) =>
  app.inject({
    method: 'GET',
    url: '/app-service/v1/guarded',
    headers: { authorization: `Bearer ${token}` },
  });

describe('permission codes', () => {
  it('lets a role granted the code through and refuses the others with 403', async () => {
    const doctor = await t.login('101', 'doctor01', 'Doctor@2026');
    const nurse = await t.login('101', 'nurse01', 'Nurse@2026');
    expect((await call(doctor)).json().dataContent).toBe('secret');
    const refused = await call(nurse);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: '403',
      message: 'You do not have permission for this action',
      dataContent: null,
    });
  });

  it('takes a grant away at the next request', async () => {
    const doctor = await t.login('101', 'doctor01', 'Doctor@2026');
    expect((await call(doctor)).statusCode).toBe(200);
    await t.handle.db.execute(sql`delete from role_menus where tenant_id = '101'
      and menu_id in (select id from menus where permission = 'demo:report:view')`);
    expect((await call(doctor)).statusCode).toBe(403);
  });

  it('does not show button permissions as pages in the menu tree', async () => {
    const doctor = await t.login('101', 'doctor01', 'Doctor@2026');
    const res = await t.request({
      method: 'GET',
      url: '/app-service/v1/users/authorityMenus?userName=doctor01',
      token: doctor,
    });
    expect(JSON.stringify(res.json().dataContent)).not.toContain('View report');
  });
});
