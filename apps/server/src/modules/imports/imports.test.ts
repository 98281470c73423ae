import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOf, auditRows } from '../../test/api';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
let admin: string;
let admin202: string;
let api: ReturnType<typeof apiOf>;

beforeAll(async () => {
  t = await createTestContext();
  api = apiOf(t);
  admin = await t.login('101', 'admin', 'Admin@123456');
  admin202 = await t.login('202', 'admin', 'Admin@202202');
});
afterAll(() => t.close());

const drug = (code: string, extra: object = {}) => ({ code, nameEn: `Drug ${code}`, unit: 'mg', ...extra });

async function drugCodes(token = admin): Promise<string[]> {
  const res = await api('GET', '/v1/medication/page?size=500', token);
  return res.json().dataContent.records.map((row: { code: string }) => row.code);
}
async function idOf(table: 'drugs' | 'departments' | 'users', column: string, value: string) {
  const { rows } = await t.handle.db.execute<{ id: number }>(
    sql`select id from ${sql.identifier(table)} where tenant_id = '101' and ${sql.identifier(column)} = ${value}`,
  );
  return rows[0] ? Number(rows[0].id) : undefined;
}

describe('drug import', () => {
  it('stores every row through the single create, each with its audit row', async () => {
    const res = await api('POST', '/v1/medication/import', admin, {
      rows: [
        drug('IMP-1', { categoryCode: 'ORAL_AD', isActive: false }),
        drug('IMP-2', { nameZh: '导入二' }),
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: '1', message: '2 rows imported', dataContent: { count: 2 } });
    const page = (await api('GET', '/v1/medication/page?queryCondition=IMP-', admin)).json().dataContent;
    expect(page.records).toMatchObject([
      { code: 'IMP-1', categoryCode: 'ORAL_AD', isActive: false, nameEn: 'Drug IMP-1' },
      { code: 'IMP-2', categoryCode: null, isActive: true, nameZh: '导入二' },
    ]);
    for (const row of page.records) {
      const audit = await auditRows(t, 'drug', row.id, 'create');
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ actor_name: 'admin', after: { code: row.code } });
    }
  });

  it('stores nothing when one row is refused, naming the row and field in the caller’s language', async () => {
    const rows = [drug('BAD-1'), drug('BAD-2', { categoryCode: 'NOPE' }), drug('BAD-3', { unit: '' })];
    const en = await api('POST', '/v1/medication/import', admin, { rows });
    expect(en.statusCode).toBe(400);
    expect(en.json().message).toBe('Nothing was imported: 2 problems in the file');
    expect(en.json().dataContent.errors).toEqual([
      { row: 2, field: 'categoryCode', message: 'Unknown drug category: NOPE' },
      { row: 3, field: 'unit', message: expect.any(String) },
    ]);
    const zh = await api('POST', '/v1/medication/import', admin, { rows }, 'zh-CN');
    expect(zh.statusCode).toBe(400);
    expect(zh.json().message).toBe('未导入任何数据：文件中有 2 个问题');
    expect(zh.json().dataContent.errors[0]).toMatchObject({ row: 2, field: 'categoryCode' });
    expect(zh.json().dataContent.errors[0].message).toMatch(/NOPE/);
    expect(zh.json().dataContent.errors[0].message).not.toBe('Unknown drug category: NOPE');
    expect((await drugCodes()).filter((code) => code.startsWith('BAD-'))).toEqual([]);
    expect(await idOf('drugs', 'code', 'BAD-1')).toBeUndefined();
  });

  it('refuses a code repeated in the file or already in use', async () => {
    const inFile = await api('POST', '/v1/medication/import', admin, {
      rows: [drug('DUP-1'), drug('DUP-2'), drug('dup-2'), drug('DUP-1')],
    });
    expect(inFile.statusCode).toBe(400);
    expect(inFile.json().dataContent.errors).toEqual([
      { row: 4, field: 'code', message: 'Same as row 1 of this file' },
    ]);
    const taken = await api('POST', '/v1/medication/import', admin, {
      rows: [drug('DUP-3'), drug('MET-500')],
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().dataContent.errors).toEqual([
      { row: 2, field: 'code', message: 'A drug with this code already exists' },
    ]);
    expect(await idOf('drugs', 'code', 'DUP-1')).toBeUndefined();
    expect(await idOf('drugs', 'code', 'DUP-3')).toBeUndefined();
  });

  it('refuses a file of more than 1000 rows, an empty one and fields that are no column', async () => {
    const many = Array.from({ length: 1001 }, (_, i) => drug(`MANY-${i}`));
    const over = await api('POST', '/v1/medication/import', admin, { rows: many });
    expect(over.statusCode).toBe(400);
    expect(over.json().dataContent.errors).toEqual([
      { row: 0, field: '', message: 'A file may hold at most 1000 rows' },
    ]);
    const empty = await api('POST', '/v1/medication/import', admin, { rows: [] }, 'zh-CN');
    expect(empty.json().dataContent.errors).toEqual([{ row: 0, field: '', message: '文件中没有可导入的行' }]);
    const extra = await api('POST', '/v1/medication/import', admin, {
      rows: [{ ...drug('X-1'), tenantId: '202' }],
    });
    expect(extra.json().dataContent.errors).toEqual([
      { row: 1, field: 'tenantId', message: 'Unknown column: tenantId' },
    ]);
    expect(await idOf('drugs', 'code', 'MANY-0')).toBeUndefined();
  });

  it('writes to the caller’s tenant only, so another tenant may hold the same codes', async () => {
    const before = await drugCodes(admin202);
    const res = await api('POST', '/v1/medication/import', admin202, { rows: [drug('IMP-1')] });
    expect(res.statusCode).toBe(200);
    expect(await drugCodes(admin202)).toEqual([...before, 'IMP-1'].sort());
    const ours = await api('GET', '/v1/medication/page?queryCondition=IMP-1', admin);
    expect(ours.json().dataContent.records).toMatchObject([{ code: 'IMP-1', isActive: false }]);
  });

  it('needs the permission to create one drug', async () => {
    const nurse = await t.login('101', 'nurse01', 'Nurse@2026');
    const res = await api('POST', '/v1/medication/import', nurse, { rows: [drug('NURSE-1')] });
    expect(res.statusCode).toBe(403);
    expect(await idOf('drugs', 'code', 'NURSE-1')).toBeUndefined();
  });
});

describe('staff import', () => {
  const staff = (userName: string, extra: object = {}) => ({
    userName,
    nickName: `Name ${userName}`,
    departmentCode: 'ENDO',
    roleCodes: ['nurse'],
    ...extra,
  });

  it('adds accounts each with its own one-time password, to be changed at first sign-in, and their roles', async () => {
    const res = await api('POST', '/v1/users/import', admin, {
      rows: [
        staff('imp01'),
        staff('imp02', { roleCodes: [], dataPermission: 'readOnly', departmentPermissions: ['CARD'] }),
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(
      '2 staff members added, each with a one-time password shown once; they must change it at first sign-in',
    );
    const passwords: { userName: string; password: string }[] = res.json().dataContent.passwords;
    expect(res.json().dataContent.count).toBe(2);
    expect(passwords.map((p) => p.userName)).toEqual(['imp01', 'imp02']);
    expect(passwords[0].password).not.toBe(passwords[1].password);
    for (const { password } of passwords) {
      expect(password).toMatch(/^(?=.*[A-Z])(?=.*\d)(?=.*[^A-Za-z0-9]).{12}$/);
    }
    const records = (await api('GET', '/v1/users/page?queryCondition=imp0', admin)).json().dataContent
      .records;
    const byName = Object.fromEntries(records.map((r: { userName: string }) => [r.userName, r]));
    expect(byName.imp01).toMatchObject({
      roles: [{ code: 'nurse' }],
      mustChangePassword: true,
      dataPermission: 'readWrite',
      permissionScope: 'departments',
    });
    expect(byName.imp02).toMatchObject({
      roles: [],
      dataPermission: 'readOnly',
      departmentPermissions: ['CARD'],
    });
    expect(await auditRows(t, 'user', byName.imp01.id, 'create')).toHaveLength(1);
    const first = await t.request({
      method: 'POST',
      url: '/app-service/v1/login',
      payload: { tenant: '101', userName: 'imp02', password: t.encrypt(passwords[1].password) },
    });
    expect(first.statusCode).toBe(412);
    const other = await t.request({
      method: 'POST',
      url: '/app-service/v1/login',
      payload: { tenant: '101', userName: 'imp02', password: t.encrypt(passwords[0].password) },
    });
    expect(other.statusCode).toBe(401);
  });

  it('names unknown roles and departments and a user name taken in any case, storing nobody', async () => {
    const res = await api('POST', '/v1/users/import', admin, {
      rows: [
        staff('imp10'),
        staff('imp11', { roleCodes: ['nurse', 'wizard'] }),
        staff('imp12', { departmentCode: 'NOWHERE' }),
        staff('NURSE01'),
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().dataContent.errors).toEqual([
      { row: 2, field: 'roleCodes', message: 'Unknown role' },
      { row: 3, field: 'departmentCode', message: 'Unknown department: NOWHERE' },
      { row: 4, field: 'userName', message: 'This user name is already in use' },
    ]);
    expect(await idOf('users', 'user_name', 'imp10')).toBeUndefined();
  });

  it('keeps a department-scoped administrator inside their departments', async () => {
    await t.handle.db.execute(sql`
      insert into users (tenant_id, user_name, nick_name, password_hash, department_code, permission_scope, must_change_password)
      select '101', 'endoadmin', 'Endo Admin', password_hash, 'ENDO', 'departments', false from users
       where tenant_id = '101' and user_name = 'admin'`);
    await t.handle.db.execute(sql`insert into user_roles (tenant_id, user_id, role_id)
      select '101', u.id, r.id from users u, roles r where u.tenant_id = '101' and u.user_name = 'endoadmin'
         and r.tenant_id = '101' and r.code = 'tenant_admin'`);
    const scoped = await t.login('101', 'endoadmin', 'Admin@123456');
    const res = await api('POST', '/v1/users/import', scoped, {
      rows: [
        staff('imp20'),
        staff('imp21', { departmentCode: 'CARD' }),
        staff('imp22', { departmentPermissions: ['ICU'] }),
        staff('imp23', { permissionScope: 'all' }),
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().dataContent.errors).toEqual([
      { row: 2, field: 'departmentCode', message: 'Unknown department: CARD' },
      { row: 3, field: 'departmentPermissions', message: 'Unknown department: ICU' },
      { row: 4, field: 'permissionScope', message: expect.any(String) },
    ]);
    expect(await idOf('users', 'user_name', 'imp20')).toBeUndefined();
    const inside = await api('POST', '/v1/users/import', scoped, { rows: [staff('imp20')] });
    expect(inside.statusCode).toBe(200);
  });
});

describe('department, dictionary and lab mapping imports', () => {
  it('stores departments whose parent is an earlier row of the same file', async () => {
    const res = await api('POST', '/v1/departments/import', admin, {
      rows: [
        { code: 'SURG2', name: '外科二部', nameEn: 'Surgery 2', isWard: false },
        { code: 'SURG2A', name: '外科二部甲', parentCode: 'SURG2', sort: 3 },
      ],
    });
    expect(res.statusCode).toBe(200);
    const parentId = await idOf('departments', 'code', 'SURG2');
    const tree = (await api('GET', '/v1/departments/allTree', admin)).json().dataContent;
    const parent = tree.find((node: { code: string }) => node.code === 'SURG2');
    expect(parent).toMatchObject({ id: parentId, isWard: false, children: [{ code: 'SURG2A', sort: 3 }] });
    expect(await auditRows(t, 'department', parentId as number, 'create')).toHaveLength(1);

    const orphan = await api('POST', '/v1/departments/import', admin, {
      rows: [{ code: 'LONE', name: '孤科室', parentCode: 'MISSING' }],
    });
    expect(orphan.json().dataContent.errors).toEqual([
      {
        row: 1,
        field: 'parentCode',
        message: 'The parent must be another department that is not below this one',
      },
    ]);
  });

  it('adds dictionary entries, a code unique within its type', async () => {
    const entry = { code: 'away', nameZh: '外出', nameEn: 'Away' };
    const res = await api('POST', '/v1/dict/import', admin, {
      rows: [
        { type: 'untestedReason', ...entry, sort: 9 },
        { type: 'importedType', ...entry, value: '2.5' },
      ],
    });
    expect(res.statusCode).toBe(200);
    const page = (await api('GET', '/v1/dict/page?type=importedType', admin)).json().dataContent;
    expect(page.records).toMatchObject([{ code: 'away', value: '2.5', isActive: true }]);
    const again = await api(
      'POST',
      '/v1/dict/import',
      admin,
      { rows: [{ type: 'importedType', ...entry }] },
      'zh-CN',
    );
    expect(again.json().dataContent.errors).toEqual([
      { row: 1, field: 'code', message: '该字典类型下已存在相同代码的条目' },
    ]);
  });

  it('adds lab mappings, an inspection target known to the tenant', async () => {
    const mapping = { source: 'LIS', targetKind: 'measurement', targetCode: 'GLU' };
    const res = await api('POST', '/v1/mappingItem/import', admin, {
      rows: [
        { ...mapping, externalCode: 'IMPGLU', externalName: 'Glucose' },
        { ...mapping, externalCode: 'IMPX', targetKind: 'inspection', targetCode: 'NOSUCH' },
      ],
    });
    expect(res.json().dataContent.errors).toEqual([
      { row: 2, field: 'targetCode', message: 'Unknown inspection item: NOSUCH' },
    ]);
    const stored = await api('POST', '/v1/mappingItem/import', admin, {
      rows: [{ ...mapping, externalCode: 'IMPGLU' }],
    });
    expect(stored.statusCode).toBe(200);
    const page = (await api('GET', '/v1/mappingItem/page?queryCondition=IMPGLU', admin)).json().dataContent;
    expect(page.records).toMatchObject([{ source: 'LIS', externalCode: 'IMPGLU', targetCode: 'GLU' }]);
  });
});
