import { addDays, STAFF_EXPIRY_SOON_DAYS } from '@glucocare/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness';
import { isoDate } from '../auth/sessions';

let t: TestContext;
let admin: string;
let admin202: string;
let nurseRoleId: number;
let doctorRoleId: number;

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login('101', 'admin', 'Admin@123456');
  admin202 = await t.login('202', 'admin', 'Admin@202202');
  const roles = (await api('GET', '/v1/roles?size=100', admin)).json().dataContent.records as {
    id: number;
    code: string;
  }[];
  nurseRoleId = roles.find((r) => r.code === 'nurse')!.id;
  doctorRoleId = roles.find((r) => r.code === 'doctor')!.id;
});
afterAll(() => t.close());

const api = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token: string,
  payload?: object,
  lang?: string,
) => t.request({ method, url: `/app-service${url}`, token, payload, lang });

const newStaff = (overrides: Record<string, unknown> = {}) => ({
  userName: 'nurse02',
  nickName: 'Nurse Chen Jing',
  gender: 'female',
  birthDate: '1990-05-20',
  idCard: '11010519900520002X',
  phone: '13800138000',
  email: 'chen.jing@example.org',
  departmentCode: 'CARD',
  roleIds: [nurseRoleId],
  dataPermission: 'readWrite',
  permissionScope: 'departments',
  departmentPermissions: ['ICU'],
  expiresOn: null,
  ...overrides,
});

describe('staff list', () => {
  it('pages and filters the staff of the tenant only', async () => {
    const page = (await api('GET', '/v1/users/page?page=1&size=10', admin)).json().dataContent;
    // the demo accounts, and one demo doctor and head nurse for each department besides endocrinology
    expect(page.total).toBe(13);
    const all = (await api('GET', '/v1/users/page?page=1&size=20', admin)).json().dataContent;
    expect(all.records.map((r: { userName: string }) => r.userName).sort()).toEqual([
      'admin',
      'doctor01',
      'doctor02',
      'doctor03',
      'doctor04',
      'doctor05',
      'headnurse',
      'headnurse02',
      'headnurse03',
      'headnurse04',
      'headnurse05',
      'nurse01',
      'reviewer01',
    ]);
    const nurse = all.records.find((r: { userName: string }) => r.userName === 'nurse01');
    expect(nurse).toMatchObject({
      departmentCode: 'ENDO',
      departmentName: 'Endocrinology',
      roles: [{ code: 'nurse', name: 'Nurse' }],
    });
    const byText = (await api('GET', '/v1/users/page?queryCondition=wang', admin)).json().dataContent;
    expect(byText.records.map((r: { userName: string }) => r.userName)).toEqual(['nurse01']);
    const byDept = (await api('GET', '/v1/users/page?departmentCode=ENDO', admin)).json().dataContent;
    expect(byDept.total).toBe(4);
    const inactive = (await api('GET', '/v1/users/page?isActive=false', admin)).json().dataContent;
    expect(inactive.total).toBe(0);
    const other = (await api('GET', '/v1/users/page', admin202)).json().dataContent;
    expect(other.records.map((r: { userName: string }) => r.userName)).toEqual(['admin']);
  });

  it('is refused to clinical roles', async () => {
    const doctor = await t.login('101', 'doctor01', 'Doctor@2026');
    expect((await api('GET', '/v1/users/page', doctor)).statusCode).toBe(403);
    expect((await api('POST', '/v2/users', doctor, newStaff())).statusCode).toBe(403);
  });
});

describe('create, change, reset, delete', () => {
  it('adds a staff member with a one-time password, to be changed at first sign-in', async () => {
    const res = await api('POST', '/v2/users', admin, newStaff());
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(
      'Staff member added with a one-time password, shown once; they must change it at first sign-in',
    );
    const initialPassword: string = res.json().dataContent.initialPassword;
    expect(initialPassword).toMatch(/^(?=.*[A-Z])(?=.*\d)(?=.*[^A-Za-z0-9]).{12}$/);
    expect(initialPassword).not.toMatch(/[0O1lI]/);
    // stored only as its hash
    const { rows: stored } = await t.handle.db.execute<{ password_hash: string }>(
      sql`select password_hash from users where tenant_id = '101' and user_name = 'nurse02'`,
    );
    expect(stored[0].password_hash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(stored)).not.toContain(initialPassword);
    const { rows: audit } = await t.handle.db.execute<{ row: string }>(
      sql`select row_to_json(a)::text as row from audit_log a where tenant_id = '101' and entity = 'user'`,
    );
    expect(audit.some((a) => a.row.includes(initialPassword))).toBe(false);
    expect(res.json().dataContent).toMatchObject({
      userName: 'nurse02',
      departmentName: 'Cardiology',
      departmentPermissions: ['ICU'],
      mustChangePassword: true,
      isActive: true,
      version: 1,
    });
    const first = await t.request({
      method: 'POST',
      url: '/app-service/v1/login',
      payload: { tenant: '101', userName: 'nurse02', password: t.encrypt(initialPassword) },
    });
    expect(first.statusCode).toBe(412);
    // a second account gets another password: there is no shared default
    const other = await api('POST', '/v2/users', admin, newStaff({ userName: 'nurse03' }));
    expect(other.json().dataContent.initialPassword).not.toBe(initialPassword);
    const dup = await api('POST', '/v2/users', admin, newStaff({ userName: 'NURSE02' }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('This user name is already in use');
  });

  it.each([
    [{ userName: 'a' }, 'userName', 'The user name is 2-12 letters, digits, ., _ or -'],
    [{ userName: 'has space' }, 'userName', 'The user name is 2-12 letters, digits, ., _ or -'],
    [{ nickName: '' }, 'nickName', 'Please enter the name'],
    [{ departmentCode: '' }, 'departmentCode', 'Please enter the department code'],
    [{ dataPermission: 'everything' }, 'dataPermission', null],
    [{ birthDate: '1990-02-30' }, 'birthDate', 'Must be a valid date'],
  ])('refuses %j', async (overrides, field, message) => {
    const res = await api('POST', '/v2/users', admin, newStaff({ userName: 'valid01', ...overrides }));
    expect(res.statusCode).toBe(400);
    const error = res.json().dataContent.errors.find((e: { field: string }) => e.field === field);
    expect(error).toBeDefined();
    if (message) expect(error.message).toBe(message);
  });

  it('words staff validation in Chinese too', async () => {
    const res = await api(
      'POST',
      '/v2/users',
      admin,
      newStaff({ userName: 'x', nickName: '', idCard: '123', email: 'bad' }),
      'zh-CN',
    );
    const byField = Object.fromEntries(
      res.json().dataContent.errors.map((e: { field: string; message: string }) => [e.field, e.message]),
    );
    expect(byField.userName).toBe('用户名为 2-12 个字母、数字、.、_ 或 -');
    expect(byField.nickName).toBe('请输入姓名');
    expect(byField.idCard).toMatch(/15-18/);
    expect(byField.email).toBeDefined();
  });

  it('answers a tenant-202 administrator changing tenant-101 staff by id exactly as a missing id', async () => {
    const nurse = (await api('GET', '/v1/users/page?queryCondition=nurse01', admin)).json().dataContent
      .records[0];
    const { userName: _u, ...body } = newStaff();
    const foreign = await api('PUT', '/v2/users', admin202, {
      ...body,
      id: nurse.id,
      version: nurse.version,
      departmentCode: 'IM',
      departmentPermissions: [],
      roleIds: [],
    });
    const missing = await api('PUT', '/v2/users', admin202, {
      ...body,
      id: 999999999,
      version: 1,
      departmentCode: 'IM',
      departmentPermissions: [],
      roleIds: [],
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
  });

  it('refuses unknown departments and roles', async () => {
    const dept = await api(
      'POST',
      '/v2/users',
      admin,
      newStaff({ userName: 'valid02', departmentPermissions: ['NOPE'] }),
    );
    expect(dept.json().message).toBe('Unknown department: NOPE');
    const role = await api(
      'POST',
      '/v2/users',
      admin,
      newStaff({ userName: 'valid03', roleIds: [987654321] }),
    );
    expect(role.json().message).toBe('Unknown role');
  });

  it('changes a staff member with the current version and refuses a stale one', async () => {
    const created = (
      await api('POST', '/v2/users', admin, newStaff({ userName: 'doc02', roleIds: [doctorRoleId] }))
    ).json().dataContent;
    const { id, version } = created;
    const { userName: _u, ...body } = newStaff({
      roleIds: [doctorRoleId],
      nickName: 'Dr. Sun Li',
      dataPermission: 'readOnly',
    });
    const res = await api('PUT', '/v2/users', admin, { ...body, id, version });
    expect(res.json().dataContent).toMatchObject({
      nickName: 'Dr. Sun Li',
      dataPermission: 'readOnly',
      version: 2,
    });
    const stale = await api('PUT', '/v2/users', admin, { ...body, id, version });
    expect(stale.statusCode).toBe(409);
    const withUserName = await api('PUT', '/v2/users', admin, {
      ...body,
      id,
      version: 2,
      userName: 'renamed',
    });
    expect(withUserName.statusCode).toBe(400);
  });

  it('resets a password to a one-time random one, shown once, and ends the sessions', async () => {
    const session = await t.login('101', 'nurse01', 'Nurse@2026');
    const res = await api('PUT', '/v1/users/resetPassword', admin, { userName: 'nurse01' }, 'zh-CN');
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('密码已重置为一次性密码（仅显示一次），该用户下次登录时须修改密码');
    const { userName, password } = res.json().dataContent;
    expect(userName).toBe('nurse01');
    expect(password).toMatch(/^(?=.*[A-Z])(?=.*\d)(?=.*[^A-Za-z0-9]).{12}$/);
    expect((await api('GET', '/v1/users/profile', session)).json().code).toBe('402');
    const login = (pw: string) =>
      t.request({
        method: 'POST',
        url: '/app-service/v1/login',
        payload: { tenant: '101', userName: 'nurse01', password: t.encrypt(pw) },
      });
    expect((await login('Nurse@2026')).statusCode).toBe(401);
    const first = await login(password);
    expect(first.statusCode).toBe(412);
    expect(first.json().dataContent).toEqual({
      reason: 'initial',
      rule: { minLength: 8, maxLength: 32, strong: true, isAdmin: false },
    });
    // a second reset gives another password
    const again = await api('PUT', '/v1/users/resetPassword', admin, { userName: 'nurse01' });
    expect(again.json().dataContent.password).not.toBe(password);
    expect(again.json().message).toBe(
      'Password reset to a one-time password, shown once; the user must change it at next sign-in',
    );
    const { rows } = await t.handle.db.execute<{ reason: string; row: string }>(sql`select reason,
      row_to_json(a)::text as row from audit_log a where tenant_id = '101' and action = 'password.reset' order by id`);
    expect(rows.map((r) => r.reason)).toEqual(['one-time password', 'one-time password']);
    expect(rows.some((r) => r.row.includes(password))).toBe(false);
    // back to the demo password for the tests below
    await t.handle.db.execute(sql`update users set password_hash = (select password_hash from users
      where tenant_id = '101' and user_name = 'headnurse'), must_change_password = false
      where tenant_id = '101' and user_name = 'nurse01'`);
  });

  it('makes one-time passwords the policy accepts: 12 characters or more for administrators', async () => {
    const roles = (await api('GET', '/v1/roles?size=100', admin)).json().dataContent.records as {
      id: number;
      code: string;
    }[];
    const adminRoleId = roles.find((r) => r.code === 'tenant_admin')!.id;
    await t.handle.db.execute(sql`update settings set value = '{"minLength":6,"maxLength":10,"strong":false,"expiryMonths":0}'
      where tenant_id = '101' and key = 'password.policy'`);
    try {
      const staff = await api('POST', '/v2/users', admin, newStaff({ userName: 'otp.staff' }));
      expect(staff.json().dataContent.initialPassword).toHaveLength(10);
      const boss = await api(
        'POST',
        '/v2/users',
        admin,
        newStaff({ userName: 'otp.admin', roleIds: [adminRoleId], permissionScope: 'all' }),
      );
      expect(boss.json().dataContent.initialPassword).toHaveLength(12);
      const reset = await api('PUT', '/v1/users/resetPassword', admin, { userName: 'otp.admin' });
      expect(reset.json().dataContent.password).toHaveLength(12);
      await t.handle.db.execute(sql`update settings set value = '{"minLength":14,"maxLength":20,"strong":true,"expiryMonths":0}'
        where tenant_id = '101' and key = 'password.policy'`);
      const longer = await api('PUT', '/v1/users/resetPassword', admin, { userName: 'otp.staff' });
      expect(longer.json().dataContent.password).toHaveLength(14);
    } finally {
      await t.handle.db.execute(sql`update settings set value = '{"minLength":8,"maxLength":32,"strong":true,"expiryMonths":0}'
        where tenant_id = '101' and key = 'password.policy'`);
    }
  });

  it('lists locked accounts, and unlocks one (audited, failure count cleared)', async () => {
    const lock = (userName: string, minutes: number) =>
      t.handle.db.execute(sql`update users set locked_until = now() + make_interval(mins => ${minutes}),
        failed_login_count = 0 where tenant_id = '101' and user_name = ${userName}`);
    await lock('doctor02', 10);
    await lock('headnurse', -10); // a lock that has run out is not a lock
    const names = async (query: string) =>
      (await api('GET', `/v1/users/page?size=100&${query}`, admin))
        .json()
        .dataContent.records.map((r: { userName: string }) => r.userName);
    expect(await names('locked=true')).toEqual(['doctor02']);
    expect(await names('locked=false')).not.toContain('doctor02');
    expect(await names('locked=false')).toContain('headnurse');
    const [row] = (await api('GET', '/v1/users/page?locked=true', admin)).json().dataContent.records;
    expect(new Date(row.lockedUntil).getTime()).toBeGreaterThan(Date.now());

    // the owner, with the right password, is told the account is locked
    const { rows: pw } = await t.handle.db.execute<{ h: string }>(
      sql`select password_hash as h from users where tenant_id = '101' and user_name = 'doctor01'`,
    );
    await t.handle.db.execute(
      sql`update users set password_hash = ${pw[0].h}, must_change_password = false
        where tenant_id = '101' and user_name = 'doctor02'`,
    );
    const signIn = () =>
      t.request({
        method: 'POST',
        url: '/app-service/v1/login',
        payload: { tenant: '101', userName: 'doctor02', password: t.encrypt('Doctor@2026') },
      });
    expect((await signIn()).statusCode).toBe(403);

    const doctor = await t.login('101', 'doctor01', 'Doctor@2026');
    expect((await api('PUT', '/v1/users/unlock', doctor, { userName: 'doctor02' })).statusCode).toBe(403);
    expect((await api('PUT', '/v1/users/unlock', admin202, { userName: 'doctor02' })).statusCode).toBe(404);
    const res = await api('PUT', '/v1/users/unlock', admin, { userName: 'DOCTOR02' }, 'zh-CN');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: '1', message: '账号已解锁', dataContent: { userName: 'doctor02' } });
    expect(await names('locked=true')).toEqual([]);
    const { rows } = await t.handle.db.execute<{ failed_login_count: number; locked_until: Date | null }>(
      sql`select failed_login_count, locked_until from users where tenant_id = '101' and user_name = 'doctor02'`,
    );
    expect(rows[0]).toEqual({ failed_login_count: 0, locked_until: null });
    const { rows: audit } = await t.handle.db.execute<{
      action: string;
      actor_name: string;
      before: { lockedUntil: string | null };
      reason: string;
    }>(sql`select action, actor_name, before, reason from audit_log where tenant_id = '101'
      and entity = 'user' and action = 'unlock'`);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'unlock',
      actor_name: 'admin',
      reason: 'unlocked by administrator',
    });
    expect(audit[0].before.lockedUntil).not.toBeNull();
    expect((await signIn()).statusCode).toBe(200);
    // unlocking an account that is not locked changes and records nothing
    expect((await api('PUT', '/v1/users/unlock', admin, { userName: 'doctor02' })).statusCode).toBe(200);
    const { rows: after } = await t.handle.db.execute<{ n: number }>(
      sql`select count(*)::int as n from audit_log where tenant_id = '101' and action = 'unlock'`,
    );
    expect(after[0].n).toBe(1);
    await t.handle.db.execute(
      sql`update users set locked_until = null where tenant_id = '101' and user_name = 'headnurse'`,
    );
  });

  it('removes a staff member from lists and sign-in, keeps the row, and refuses self-removal', async () => {
    await api('POST', '/v2/users', admin, newStaff({ userName: 'leaver' }));
    const res = await api('DELETE', '/v1/users?userName=leaver&version=1', admin);
    expect(res.statusCode).toBe(200);
    const page = (await api('GET', '/v1/users/page?queryCondition=leaver', admin)).json().dataContent;
    expect(page.total).toBe(0);
    const { rows } = await t.handle.db.execute<{ deleted: boolean }>(
      sql`select deleted_at is not null as deleted from users where tenant_id = '101' and user_name = 'leaver'`,
    );
    expect(rows[0].deleted).toBe(true);
    expect((await api('DELETE', '/v1/users?userName=leaver&version=1', admin)).statusCode).toBe(404);
    const roles = (await api('GET', '/v1/roles?size=100', admin)).json().dataContent.records;
    const before = roles.find((r: { code: string }) => r.code === 'nurse').userCount;
    await api('POST', '/v2/users', admin, newStaff({ userName: 'leaver2' }));
    await api('DELETE', '/v1/users?userName=leaver2&version=1', admin);
    const after = (await api('GET', '/v1/roles?size=100', admin)).json().dataContent.records;
    expect(after.find((r: { code: string }) => r.code === 'nurse').userCount).toBe(before);
    const self = await api('DELETE', '/v1/users?userName=admin&version=1', admin);
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('You cannot delete or disable your own account');
    const { rows: audit } = await t.handle.db.execute<{ action: string }>(sql`select action from audit_log
      where tenant_id = '101' and entity = 'user' and entity_id = (select id::text from users where user_name = 'leaver')
      order by id`);
    expect(audit.map((a) => a.action)).toEqual(['create', 'delete']);
  });

  it('ends a disabled user’s session at the next request', async () => {
    const created = (await api('POST', '/v2/users', admin, newStaff({ userName: 'shortterm' }))).json()
      .dataContent;
    await t.handle.db.execute(sql`update users set must_change_password = false where id = ${created.id}`);
    const token = await t.login('101', 'shortterm', created.initialPassword);
    expect((await api('GET', '/v1/users/profile', token)).statusCode).toBe(200);
    const { userName: _u, ...body } = newStaff({ isActive: false });
    await api('PUT', '/v2/users', admin, { ...body, id: created.id, version: created.version });
    expect((await api('GET', '/v1/users/profile', token)).json().code).toBe('402');
  });
});

describe('scope', () => {
  it('sets and reads department scopes in batch', async () => {
    const res = await api('PUT', '/v1/users/batchScope', admin, {
      userNames: ['doctor01', 'reviewer01'],
      permissionScope: 'departments',
      departmentPermissions: ['ICU', 'CARD'],
    });
    expect(res.json().dataContent).toEqual({ updated: 2 });
    const scope = (await api('GET', '/v2/users/scopes?userName=doctor01', admin)).json().dataContent;
    expect(scope).toEqual({
      userName: 'doctor01',
      permissionScope: 'departments',
      departmentPermissions: ['CARD', 'ICU'],
    });
    const doctor = await t.login('101', 'doctor01', 'Doctor@2026');
    const tree = (await api('GET', '/v1/departments/tree', doctor)).json().dataContent;
    expect(tree.map((d: { code: string }) => d.code).sort()).toEqual(['CARD', 'ENDO', 'ICU']);
    const none = await api('PUT', '/v1/users/batchScope', admin, {
      userNames: [],
      permissionScope: 'all',
      departmentPermissions: [],
    });
    expect(none.json().message).toContain('Select at least one staff member');
    await api('PUT', '/v1/users/batchScope', admin, {
      userNames: ['doctor01', 'reviewer01'],
      permissionScope: 'departments',
      departmentPermissions: [],
    });
  });

  it('hides staff of other departments from a scoped administrator, as if absent', async () => {
    await t.handle.db.execute(sql`
      insert into users (tenant_id, user_name, nick_name, password_hash, department_code, permission_scope, must_change_password)
      select '101', 'endoadmin', 'Endo Admin', password_hash, 'ENDO', 'departments', false from users
       where tenant_id = '101' and user_name = 'admin'`);
    await t.handle.db.execute(sql`insert into user_roles (tenant_id, user_id, role_id)
      select '101', u.id, r.id from users u, roles r where u.tenant_id = '101' and u.user_name = 'endoadmin'
         and r.tenant_id = '101' and r.code = 'tenant_admin'`);
    const scoped = await t.login('101', 'endoadmin', 'Admin@123456');
    const names = (await api('GET', '/v1/users/page?size=100', scoped))
      .json()
      .dataContent.records.map((r: { userName: string }) => r.userName);
    expect(names).toContain('nurse01');
    expect(names).not.toContain('nurse02');
    const hidden = await api('PUT', '/v1/users/resetPassword', scoped, { userName: 'nurse02' });
    const missing = await api('PUT', '/v1/users/resetPassword', scoped, { userName: 'nobody99' });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual(missing.json());
    const widen = await api(
      'POST',
      '/v2/users',
      scoped,
      newStaff({ userName: 'sneaky', departmentCode: 'ENDO', departmentPermissions: ['CARD'] }),
    );
    expect(widen.statusCode).toBe(400);
  });

  it('answers a tenant-202 administrator naming tenant-101 staff exactly as a missing user', async () => {
    const foreign = await api('PUT', '/v1/users/resetPassword', admin202, { userName: 'nurse01' });
    const missing = await api('PUT', '/v1/users/resetPassword', admin202, { userName: 'nobody99' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
  });
});

describe('lookups and own password', () => {
  it('lists doctors by department and in scope', async () => {
    const nurse = await t.login('101', 'reviewer01', 'Review@2026');
    const all = (await api('GET', '/v1/doctors', nurse)).json().dataContent;
    expect(all.map((d: { userName: string }) => d.userName)).toContain('doctor01');
    const endo = (await api('GET', '/v1/doctors/list?departmentCode=ENDO', nurse)).json().dataContent;
    expect(endo).toEqual([
      {
        userName: 'doctor01',
        nickName: 'Dr. Li Wei',
        departmentCode: 'ENDO',
        departmentName: 'Endocrinology',
      },
    ]);
    const card = (await api('GET', '/v1/doctors/list?departmentCode=CARD', nurse)).json().dataContent;
    expect(card).toEqual([]);
    const imputation = (await api('GET', '/v1/doctors/imputation/query?departmentCode=ENDO', admin)).json()
      .dataContent;
    expect(imputation[0].userName).toBe('doctor01');
  });

  it('gives genders in the request language', async () => {
    const zh = (await api('GET', '/v1/dict/genders', admin, undefined, 'zh-CN')).json().dataContent;
    expect(zh).toEqual([
      { code: 'male', name: '男' },
      { code: 'female', name: '女' },
      { code: 'unknown', name: '未知' },
    ]);
  });

  it('lets an administrator change their own password', async () => {
    const res = await api('PUT', '/v1/users/changePassword', admin, {
      password: t.encrypt('Admin@123456'),
      newPassword: t.encrypt('Admin@654321'),
    });
    expect(res.json()).toEqual({ code: '1', message: 'Password updated', dataContent: null });
    const again = await t.login('101', 'admin', 'Admin@654321');
    expect(again).toMatch(/^101\./);
  });
});

describe('audit log', () => {
  it('filters by user and action, shows before and after, and checks the date range', async () => {
    const page = (await api('GET', '/v1/audit/page?actorName=admin&action=update&entity=user', admin)).json()
      .dataContent;
    expect(page.total).toBeGreaterThan(0);
    expect(page.records[0]).toMatchObject({ actorName: 'admin', action: 'update', entity: 'user' });
    expect(page.records[0].before).toBeTruthy();
    expect(page.records[0].after).toBeTruthy();
    const bad = await api(
      'GET',
      '/v1/audit/page?beginDate=2026-02-01T00:00:00Z&endDate=2026-01-01T00:00:00Z',
      admin,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().dataContent.errors[0]).toEqual({
      field: 'endDate',
      message: 'The start must not be after the end',
    });
    const nurse = await t.login('101', 'reviewer01', 'Review@2026');
    expect((await api('GET', '/v1/audit/page', nurse)).statusCode).toBe(403);
    const other = (await api('GET', '/v1/audit/page?size=500', admin202)).json().dataContent;
    expect(other.records.every((r: { actorName: string }) => r.actorName === 'admin')).toBe(true);
  });
});

describe('expiry', () => {
  const today = isoDate(new Date());
  const people = [
    ['temp.past', addDays(today, -1)],
    ['temp.today', today],
    ['temp.edge', addDays(today, STAFF_EXPIRY_SOON_DAYS)],
    ['temp.later', addDays(today, STAFF_EXPIRY_SOON_DAYS + 1)],
  ] as const;
  const names = (records: { userName: string }[]) => records.map((r) => r.userName).sort();

  beforeAll(async () => {
    for (const [userName, expiresOn] of people) {
      const res = await api(
        'POST',
        '/v2/users',
        admin,
        newStaff({ userName, expiresOn, departmentCode: 'ICU' }),
      );
      expect(res.statusCode).toBe(200);
    }
  });

  it('stores the expiry and birth dates as entered and says where each account stands', async () => {
    const page = (await api('GET', '/v1/users/page?departmentCode=ICU&size=100', admin)).json().dataContent;
    const byName = new Map(page.records.map((r: { userName: string }) => [r.userName, r]));
    expect(byName.get('temp.past')).toMatchObject({
      expiresOn: addDays(today, -1),
      birthDate: '1990-05-20',
      expiry: 'expired',
    });
    expect(byName.get('temp.today')).toMatchObject({ expiresOn: today, expiry: 'expiresSoon' });
    expect(byName.get('temp.edge')).toMatchObject({ expiry: 'expiresSoon' });
    expect(byName.get('temp.later')).toMatchObject({ expiry: 'active' });
    const doctor = (await api('GET', '/v1/users/page?queryCondition=doctor01', admin)).json().dataContent;
    expect(doctor.records[0]).toMatchObject({ expiresOn: null, expiry: 'active' });
  });

  it('filters the list by expiry on the server, paging included', async () => {
    const list = async (expiry: string) =>
      (await api('GET', `/v1/users/page?departmentCode=ICU&size=100&expiry=${expiry}`, admin)).json()
        .dataContent;
    expect(names((await list('expired')).records)).toEqual(['temp.past']);
    const soon = await list('expiresSoon');
    expect(names(soon.records)).toEqual(['temp.edge', 'temp.today']);
    expect(soon.total).toBe(2);
    const active = names((await list('active')).records);
    expect(active).toContain('temp.later');
    expect(active).not.toContain('temp.past');
    expect(active).not.toContain('temp.today');
    const all = await list('all');
    expect(all.total).toBe((await list('expired')).total + soon.total + active.length);
    const firstPage = (await api('GET', '/v1/users/page?expiry=expiresSoon&size=1', admin)).json()
      .dataContent;
    expect(firstPage).toMatchObject({ total: 2, size: 1 });
    expect(firstPage.records).toHaveLength(1);
  });

  it('refuses an unknown expiry filter in the request language', async () => {
    const res = await api('GET', '/v1/users/page?expiry=soonish', admin, undefined, 'zh-CN');
    expect(res.statusCode).toBe(400);
    expect(res.json().dataContent.errors[0].field).toBe('expiry');
  });

  it('lets an administrator move an expiry date by editing', async () => {
    const page = (await api('GET', '/v1/users/page?queryCondition=temp.past', admin)).json().dataContent;
    const { id, version } = page.records[0];
    const later = addDays(today, 90);
    const { userName: _fixed, ...fields } = newStaff({
      departmentCode: 'ICU',
      birthDate: '1985-01-02',
      expiresOn: later,
    });
    const res = await api('PUT', '/v2/users', admin, { ...fields, id, version });
    expect(res.statusCode).toBe(200);
    expect(res.json().dataContent).toMatchObject({
      expiresOn: later,
      birthDate: '1985-01-02',
      expiry: 'active',
    });
    const cleared = await api('PUT', '/v2/users', admin, {
      ...fields,
      expiresOn: null,
      id,
      version: version + 1,
    });
    expect(cleared.json().dataContent).toMatchObject({ expiresOn: null, expiry: 'active' });
  });
});
