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

type Node = { id: number; code: string; name: string; isActive: boolean; version: number; children: Node[] };
const flat = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flat(n.children)]);
const api = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token: string,
  payload?: object,
  lang?: string,
) => t.request({ method, url: `/app-service${url}`, token, payload, lang });

async function create(body: object, token = admin) {
  const res = await api('POST', '/v2/departments', token, body);
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().dataContent as Node;
}

async function auditCount(entityId: number, action: string) {
  const { rows } = await t.handle.db.execute<{ n: number }>(sql`select count(*)::int as n from audit_log
    where tenant_id = '101' and entity = 'department' and entity_id = ${String(entityId)} and action = ${action}`);
  return rows[0].n;
}

describe('department trees', () => {
  it('lists every department for the administrator, and only the scope for a scoped doctor', async () => {
    const all = flat((await api('GET', '/v1/departments/allTree', admin)).json().dataContent);
    expect(all.map((d) => d.code).sort()).toEqual(['CARD', 'ENDO', 'GSURG', 'ICU', 'NEPH']);
    const doctor = await t.login('101', 'doctor01', 'Doctor@2026');
    const mine = flat((await api('GET', '/v1/departments/tree', doctor)).json().dataContent);
    expect(mine.map((d) => d.code)).toEqual(['ENDO']);
    const using = flat((await api('GET', '/v1/departments/allUsingTree', doctor)).json().dataContent);
    expect(using.length).toBe(5);
    const scoped = flat((await api('GET', '/v1/departments/allScopetree', admin)).json().dataContent);
    expect(scoped.every((d) => (d as Node & { inScope: boolean }).inScope)).toBe(true);
  });

  it('nests children under parents and finds departments by name or code with their ancestors', async () => {
    const parent = await create({ code: 'MED', name: 'Internal Medicine' });
    await create({ code: 'MED-W1', name: 'Medical Ward One', parentId: parent.id, isWard: true });
    const tree = (await api('GET', '/v1/departments/allTree', admin)).json().dataContent as Node[];
    const med = tree.find((n) => n.code === 'MED')!;
    expect(med.children.map((c) => c.code)).toEqual(['MED-W1']);
    const found = (
      await api('GET', '/v1/departments/info/tree/search?queryCondition=ward%20one', admin)
    ).json().dataContent as Node[];
    expect(found.map((n) => n.code)).toEqual(['MED']);
    expect(found[0].children.map((n) => n.code)).toEqual(['MED-W1']);
    const byCode = (await api('GET', '/v1/departments/info/tree/search?queryCondition=icu', admin)).json()
      .dataContent;
    expect(flat(byCode).map((n) => n.code)).toEqual(['ICU']);
  });
});

describe('create and update', () => {
  it('creates a department and writes an audit row', async () => {
    const dept = await create({ code: 'GER', name: 'Geriatrics', nameEn: 'Geriatrics', sort: 7 });
    expect(dept).toMatchObject({ code: 'GER', name: 'Geriatrics', isActive: true, version: 1 });
    expect(await auditCount(dept.id, 'create')).toBe(1);
  });

  it.each([
    [
      { code: 'X1', name: 'A' },
      'name',
      'The department name must be 2-18 characters',
      '科室名称长度为 2-18 个字符',
    ],
    [
      { code: 'X1', name: 'A'.repeat(19) },
      'name',
      'The department name must be 2-18 characters',
      '科室名称长度为 2-18 个字符',
    ],
    [{ code: '', name: 'Valid name' }, 'code', 'Please enter the department code', '请输入科室代码'],
    [{ name: 'Valid name' }, 'code', 'Please enter the department code', '请输入科室代码'],
    [
      { code: 'bad code!', name: 'Valid name' },
      'code',
      'The code may use letters, digits, _ and -, up to 32 characters',
      '代码可使用字母、数字、_ 和 -，最多 32 个字符',
    ],
  ])('refuses %j with a message on %s in both languages', async (body, field, en, zh) => {
    const res = await api('POST', '/v2/departments', admin, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().dataContent.errors).toEqual([{ field, message: en }]);
    const zhRes = await api('POST', '/v2/departments', admin, body, 'zh-CN');
    expect(zhRes.json().dataContent.errors).toEqual([{ field, message: zh }]);
  });

  it('accepts names of exactly 2 and 18 characters, Chinese included', async () => {
    await create({ code: 'N2', name: '儿科' });
    await create({ code: 'N18', name: 'A'.repeat(18) });
  });

  it('refuses a code already used in the tenant, but not one used by another tenant', async () => {
    const res = await api('POST', '/v2/departments', admin, { code: 'ENDO', name: 'Duplicate' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('A department with this code already exists');
    const other = await api('POST', '/v2/departments', admin202, { code: 'CARD', name: 'Cardiology' });
    expect(other.statusCode).toBe(200);
  });

  it('refuses fields a client must not set (tenant, audit columns)', async () => {
    for (const extra of [
      { tenantId: '202' },
      { createdAt: '2020-01-01T00:00:00Z' },
      { isActive: false, version: 9 },
    ]) {
      const res = await api('POST', '/v2/departments', admin, {
        code: 'MASS1',
        name: 'Mass assign',
        ...extra,
      });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
    }
  });

  it('updates with the current version, refuses a stale one with 409, and refuses a parent loop', async () => {
    const top = await create({ code: 'TOP', name: 'Top level' });
    const child = await create({ code: 'TOP-C', name: 'Child unit', parentId: top.id });
    const renamed = await api('PUT', '/v2/departments', admin, {
      id: top.id,
      version: 1,
      code: 'TOP',
      name: 'Top renamed',
    });
    expect(renamed.json().dataContent).toMatchObject({ name: 'Top renamed', version: 2 });
    const stale = await api('PUT', '/v2/departments', admin, {
      id: top.id,
      version: 1,
      code: 'TOP',
      name: 'Lost update',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('This record was changed by someone else; reload it and try again');
    const loop = await api('PUT', '/v2/departments', admin, {
      id: top.id,
      version: 2,
      code: 'TOP',
      name: 'Top renamed',
      parentId: child.id,
    });
    expect(loop.statusCode).toBe(400);
    expect(loop.json().message).toBe('The parent must be another department that is not below this one');
    expect(await auditCount(top.id, 'update')).toBe(1);
  });

  it('carries staff along when a department code changes', async () => {
    const dept = await create({ code: 'OLD', name: 'Old code' });
    await t.handle.db.execute(
      sql`update users set department_code = 'OLD' where tenant_id = '101' and user_name = 'reviewer01'`,
    );
    await api('PUT', '/v2/departments', admin, { id: dept.id, version: 1, code: 'NEW', name: 'New code' });
    const { rows } = await t.handle.db.execute<{ department_code: string }>(
      sql`select department_code from users where tenant_id = '101' and user_name = 'reviewer01'`,
    );
    expect(rows[0].department_code).toBe('NEW');
    await t.handle.db.execute(
      sql`update users set department_code = 'ENDO' where tenant_id = '101' and user_name = 'reviewer01'`,
    );
  });
});

describe('head nurse', () => {
  const userIdOf = async (tenant: string, userName: string) => {
    const { rows } = await t.handle.db.execute<{ id: string }>(
      sql`select id from users where tenant_id = ${tenant} and user_name = ${userName}`,
    );
    return Number(rows[0]!.id);
  };
  type Ward = Node & { headNurseId: number | null; headNurseName: string | null };
  const ward = async (code: string) =>
    (flat((await api('GET', '/v1/departments/allTree', admin)).json().dataContent) as Ward[]).find(
      (d) => d.code === code,
    )!;

  it('names the demo wards’ head nurses in the trees', async () => {
    expect(await ward('ENDO')).toMatchObject({
      headNurseId: await userIdOf('101', 'headnurse'),
      headNurseName: 'Liu Yan',
    });
    expect((await ward('NEPH')).headNurseName).toBe('Grace Miller');
  });

  it('sets, keeps and clears a ward’s head nurse, audited, and refuses someone not of the hospital', async () => {
    const created = await create({ code: 'HN-W', name: 'Head Nurse Ward', isWard: true });
    expect(created).toMatchObject({ headNurseId: null, headNurseName: null });
    const nurseId = await userIdOf('101', 'nurse01');
    const body = { id: created.id, code: 'HN-W', name: 'Head Nurse Ward', isWard: true };
    let res = await api('PUT', '/v2/departments', admin, { ...body, version: 1, headNurseId: nurseId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().dataContent).toMatchObject({ headNurseId: nurseId, headNurseName: 'Nurse Wang Fang' });
    const { rows } = await t.handle.db.execute<{
      after: { headNurseId: number };
    }>(sql`select after from audit_log
      where tenant_id = '101' and entity = 'department' and entity_id = ${String(created.id)} and action = 'update'`);
    expect(rows[0]!.after.headNurseId).toBe(nurseId);
    // absent: unchanged (an older client, the Excel import); null: none
    res = await api('PUT', '/v2/departments', admin, { ...body, version: 2, sort: 3 });
    expect(res.json().dataContent).toMatchObject({ headNurseId: nurseId, version: 3 });
    expect(await ward('HN-W')).toMatchObject({ headNurseName: 'Nurse Wang Fang' });

    const stranger = await userIdOf('202', 'admin');
    for (const [headNurseId, lang, message] of [
      [stranger, 'en-US', 'The head nurse must be a staff member of this hospital'],
      [999_999_999, 'zh-CN', '护士长必须是本院人员'],
    ] as const) {
      res = await api('PUT', '/v2/departments', admin, { ...body, version: 3, headNurseId }, lang);
      expect(res.statusCode).toBe(400);
      expect(res.json().dataContent.errors).toEqual([{ field: 'headNurseId', message }]);
    }
    res = await api('POST', '/v2/departments', admin, { code: 'HN-X', name: 'Other ward', headNurseId: 0 });
    expect(res.statusCode).toBe(400);
    expect(res.json().dataContent.errors[0]).toMatchObject({ field: 'headNurseId' });

    res = await api('PUT', '/v2/departments', admin, { ...body, version: 3, headNurseId: null });
    expect(res.json().dataContent).toMatchObject({ headNurseId: null, headNurseName: null, version: 4 });
  });
});

describe('status and delete', () => {
  it('stops a department: it leaves the pickers but stays in the management tree', async () => {
    const dept = await create({ code: 'STOPME', name: 'To be stopped' });
    const res = await api('PUT', '/v1/departments/status', admin, {
      id: dept.id,
      isActive: false,
      version: 1,
    });
    expect(res.json().dataContent.isActive).toBe(false);
    const using = flat((await api('GET', '/v1/departments/allUsingTree', admin)).json().dataContent);
    expect(using.map((d) => d.code)).not.toContain('STOPME');
    const all = flat((await api('GET', '/v1/departments/allTree', admin)).json().dataContent);
    expect(all.find((d) => d.code === 'STOPME')?.isActive).toBe(false);
    expect(await auditCount(dept.id, 'disable')).toBe(1);
  });

  it('refuses to delete a department that staff belong to, in both languages', async () => {
    const endo = flat((await api('GET', '/v1/departments/allTree', admin)).json().dataContent).find(
      (d) => d.code === 'ENDO',
    )!;
    const res = await api('DELETE', `/v1/departments/${endo.id}?version=${endo.version}`, admin);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This department cannot be deleted while staff or patients belong to it');
    const zh = await api(
      'DELETE',
      `/v1/departments/${endo.id}?version=${endo.version}`,
      admin,
      undefined,
      'zh-CN',
    );
    expect(zh.json().message).toBe('该科室下仍有人员或患者，不能删除');
  });

  it('refuses to delete a department with sub-departments, and deletes an empty one with an audit row', async () => {
    const parent = await create({ code: 'P-DEL', name: 'Parent delete' });
    const child = await create({ code: 'C-DEL', name: 'Child delete', parentId: parent.id });
    expect((await api('DELETE', `/v1/departments/${parent.id}?version=1`, admin)).json().message).toBe(
      'Delete or move its sub-departments first',
    );
    expect((await api('DELETE', `/v1/departments/${child.id}?version=1`, admin)).statusCode).toBe(200);
    expect((await api('DELETE', `/v1/departments/${parent.id}?version=1`, admin)).statusCode).toBe(200);
    expect(await auditCount(parent.id, 'delete')).toBe(1);
    expect((await api('DELETE', `/v1/departments/${parent.id}?version=1`, admin)).statusCode).toBe(404);
  });
});

describe('access', () => {
  it('refuses department changes to roles without the permission', async () => {
    const nurse = await t.login('101', 'nurse01', 'Nurse@2026');
    expect(
      (await api('POST', '/v2/departments', nurse, { code: 'NO', name: 'Not allowed' })).statusCode,
    ).toBe(403);
    expect((await api('GET', '/v1/departments/allTree', nurse)).statusCode).toBe(403);
    expect((await api('GET', '/v1/departments/tree', nurse)).statusCode).toBe(200);
  });

  it('answers a tenant-202 session using tenant-101 ids exactly as for a missing id', async () => {
    const endo = flat((await api('GET', '/v1/departments/allTree', admin)).json().dataContent).find(
      (d) => d.code === 'ENDO',
    )!;
    const foreign = await api('PUT', '/v1/departments/status', admin202, {
      id: endo.id,
      isActive: false,
      version: endo.version,
    });
    const missing = await api('PUT', '/v1/departments/status', admin202, {
      id: 999999999,
      isActive: false,
      version: 1,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
    const del = await api('DELETE', `/v1/departments/${endo.id}?version=${endo.version}`, admin202);
    expect(del.json()).toEqual(missing.json());
    const list202 = flat((await api('GET', '/v1/departments/allTree', admin202)).json().dataContent);
    expect(list202.map((d) => d.code)).not.toContain('GSURG');
  });

  it('hides departments outside a scoped administrator’s scope as if absent', async () => {
    // an administrator limited to Endocrinology
    await t.handle.db.execute(sql`
      insert into users (tenant_id, user_name, nick_name, password_hash, department_code, permission_scope, must_change_password)
      select '101', 'endoadmin', 'Endo Admin', password_hash, 'ENDO', 'departments', false from users
       where tenant_id = '101' and user_name = 'admin'`);
    await t.handle.db.execute(sql`insert into user_roles (tenant_id, user_id, role_id)
      select '101', u.id, r.id from users u, roles r where u.tenant_id = '101' and u.user_name = 'endoadmin'
         and r.tenant_id = '101' and r.code = 'tenant_admin'`);
    const scoped = await t.login('101', 'endoadmin', 'Admin@123456');
    const card = flat((await api('GET', '/v1/departments/allTree', admin)).json().dataContent).find(
      (d) => d.code === 'CARD',
    )!;
    const res = await api('PUT', '/v1/departments/status', scoped, {
      id: card.id,
      isActive: false,
      version: card.version,
    });
    expect(res.statusCode).toBe(404);
    const mine = flat((await api('GET', '/v1/departments/tree', scoped)).json().dataContent);
    expect(mine.map((d) => d.code)).toEqual(['ENDO']);
  });
});
