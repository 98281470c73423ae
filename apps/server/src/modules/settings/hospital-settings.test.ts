import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOf, auditRows } from '../../test/api';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
let admin: string;
let admin202: string;
let nurse: string;
let doctor: string;
let api: ReturnType<typeof apiOf>;

beforeAll(async () => {
  t = await createTestContext();
  api = apiOf(t);
  admin = await t.login('101', 'admin', 'Admin@123456');
  admin202 = await t.login('202', 'admin', 'Admin@202202');
  nurse = await t.login('101', 'nurse01', 'Nurse@2026');
  doctor = await t.login('101', 'doctor01', 'Doctor@2026');
});
afterAll(() => t.close());

const errorsOf = (res: { json(): { dataContent: { errors: unknown[] } } }) => res.json().dataContent.errors;

describe('HIS / LIS interface (/v1/his)', () => {
  const valid = {
    address: { address: 'his.hospital.local', port: '2575' },
    listenPort: '2576',
    enable: true,
  };

  it('is off with no server until set', async () => {
    const res = await api('GET', '/v1/his', admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().dataContent).toEqual({ address: { address: null, port: null }, enable: false });
  });

  it('saves and answers the setting, the port as a number, with an audit row', async () => {
    const saved = await api('POST', '/v1/his', admin, valid);
    expect(saved.statusCode).toBe(200);
    const expected = {
      address: { address: 'his.hospital.local', port: 2575 },
      listenPort: 2576,
      enable: true,
    };
    expect(saved.json().dataContent).toEqual(expected);
    expect((await api('GET', '/v1/his', admin)).json().dataContent).toEqual(expected);
    const [audit] = await auditRows(t, 'setting', 'his.interface', 'update');
    expect(audit).toMatchObject({
      before: { address: { address: null, port: null }, enable: false },
      after: expected,
      actor_name: 'admin',
    });
  });

  it('keeps the address while the service is switched off, and takes IPv6', async () => {
    const off = await api('POST', '/v1/his', admin, {
      address: { address: 'fe80::1', port: 6661 },
      enable: false,
    });
    expect(off.json().dataContent).toEqual({
      address: { address: 'fe80::1', port: 6661 },
      listenPort: null,
      enable: false,
    });
  });

  it('never answers the HIS single sign-on secret', async () => {
    await t.handle.db.execute(
      sql`update settings set value = ${JSON.stringify({
        enabled: true,
        secret: 'S'.repeat(40),
      })}::jsonb where tenant_id = '101' and key = 'his.sso'`,
    );
    const res = await api('GET', '/v1/his', admin);
    expect(res.body).not.toContain('SSSS');
    expect(Object.keys(res.json().dataContent).sort()).toEqual(['address', 'enable', 'listenPort']);
  });

  it('needs address and port to switch the service on (both languages)', async () => {
    const en = await api('POST', '/v1/his', admin, { address: { address: '', port: null }, enable: true });
    expect(en.statusCode).toBe(400);
    expect(errorsOf(en)).toEqual([
      { field: 'address.address', message: 'Please enter the server address to switch the HL7 service on' },
      { field: 'address.port', message: 'Please enter the server port to switch the HL7 service on' },
    ]);
    const zh = await api('POST', '/v1/his', admin, { enable: true }, 'zh-CN');
    expect(errorsOf(zh)).toEqual([
      { field: 'address.address', message: '开启 HL7 服务需填写服务器地址' },
      { field: 'address.port', message: '开启 HL7 服务需填写服务器端口' },
    ]);
  });

  it('refuses an address that is a URL or has a path (§8 wording, both languages)', async () => {
    const en = await api('POST', '/v1/his', admin, {
      ...valid,
      address: { address: 'http://his/hl7', port: 2575 },
    });
    expect(en.statusCode).toBe(400);
    expect(errorsOf(en)).toEqual([{ field: 'address.address', message: 'Incorrect address format' }]);
    const zh = await api(
      'POST',
      '/v1/his',
      admin,
      { ...valid, address: { address: 'his/hl7', port: 2575 } },
      'zh-CN',
    );
    expect(errorsOf(zh)).toEqual([{ field: 'address.address', message: '地址格式不正确' }]);
  });

  it('refuses a port that is not 1-6 digits or not a network port (both languages)', async () => {
    const digits = await api('POST', '/v1/his', admin, {
      ...valid,
      address: { address: 'his', port: '1e3' },
    });
    expect(errorsOf(digits)).toEqual([
      { field: 'address.port', message: 'The server port must be a whole number of 1-6 digits' },
    ]);
    const range = await api('POST', '/v1/his', admin, { ...valid, address: { address: 'his', port: 65536 } });
    expect(errorsOf(range)).toEqual([
      { field: 'address.port', message: 'The server port must be a network port from 1 to 65535' },
    ]);
    const zh = await api(
      'POST',
      '/v1/his',
      admin,
      { ...valid, address: { address: 'his', port: 0 } },
      'zh-CN',
    );
    expect(errorsOf(zh)).toEqual([
      { field: 'address.port', message: '服务器端口须为 1-65535 之间的网络端口' },
    ]);
  });

  it('refuses a switch that is not a boolean and fields it does not know', async () => {
    const text = await api('POST', '/v1/his', admin, { ...valid, enable: 'true' }, 'zh-CN');
    expect(errorsOf(text)).toEqual([{ field: 'enable', message: '请选择开启或关闭' }]);
    for (const extra of [{ tenantId: '202' }, { version: 1 }, { createdAt: '2024-01-01T00:00:00Z' }]) {
      const res = await api('POST', '/v1/his', admin, { ...valid, ...extra });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
    }
  });

  it("keeps each tenant's interface apart", async () => {
    expect((await api('GET', '/v1/his', admin202)).json().dataContent).toEqual({
      address: { address: null, port: null },
      enable: false,
    });
    await api('POST', '/v1/his', admin202, {
      address: { address: '192.168.1.20', port: 7000 },
      enable: true,
    });
    expect((await api('GET', '/v1/his', admin)).json().dataContent.address.address).toBe('fe80::1');
  });

  it('is for administrators only', async () => {
    for (const token of [nurse, doctor]) {
      expect((await api('GET', '/v1/his', token)).statusCode).toBe(403);
      expect((await api('POST', '/v1/his', token, valid)).statusCode).toBe(403);
    }
  });
});

describe('file storage (/v1/systemSetting/fileStorage)', () => {
  const url = '/v1/systemSetting/fileStorage';

  it('is unset at first, then keeps an absolute path or an http(s) URL, audited', async () => {
    expect((await api('GET', url, admin)).json().dataContent).toEqual({ path: null });
    const saved = await api('POST', url, admin, { path: ' /data/glucocare/files ' });
    expect(saved.json().dataContent).toEqual({ path: '/data/glucocare/files' });
    const next = await api('POST', url, admin, { path: 'https://files.hospital.local/glucocare' });
    expect(next.json().dataContent).toEqual({ path: 'https://files.hospital.local/glucocare' });
    expect((await api('GET', url, admin)).json().dataContent).toEqual({
      path: 'https://files.hospital.local/glucocare',
    });
    const audits = await auditRows(t, 'setting', 'fileStorage.path', 'update');
    expect(audits.map((row) => [row.before, row.after])).toEqual([
      [null, '/data/glucocare/files'],
      ['/data/glucocare/files', 'https://files.hospital.local/glucocare'],
    ]);
    expect((await api('GET', url, admin202)).json().dataContent).toEqual({ path: null });
  });

  it('explains why a location is refused (both languages)', async () => {
    const cases: [string, string, string][] = [
      ['', 'Please enter the file storage location', '请输入文件存储位置'],
      [
        'files/export',
        'Enter an absolute server path starting with / (such as /data/glucocare/files) or an http(s) URL',
        '请输入以 / 开头的服务器绝对路径（如 /data/glucocare/files）或 http(s) 网址',
      ],
      ['/data/../etc', 'The location must not contain ".." segments', '位置中不能包含 ".." 路径段'],
      [
        '/data/\nfiles',
        'The location must not contain control characters such as tabs or line breaks',
        '位置中不能包含制表符、换行等控制字符',
      ],
      [
        'ftp://files.local/x',
        'Enter a valid http or https URL with a host name',
        '请输入带主机名的有效 http 或 https 网址',
      ],
      [
        'https://u:p@files.local/x',
        'The URL must not contain a user name or password',
        '网址中不能包含用户名或密码',
      ],
    ];
    for (const [path, english, chinese] of cases) {
      const en = await api('POST', url, admin, { path });
      expect(en.statusCode, path).toBe(400);
      expect(errorsOf(en), path).toEqual([{ field: 'path', message: english }]);
      const zh = await api('POST', url, admin, { path }, 'zh-CN');
      expect(errorsOf(zh), path).toEqual([{ field: 'path', message: chinese }]);
    }
  });

  it('is for administrators only', async () => {
    expect((await api('GET', url, nurse)).statusCode).toBe(403);
    expect((await api('POST', url, doctor, { path: '/data/x' })).statusCode).toBe(403);
  });
});

describe('report title (/v1/systemSetting/reportTitleValue)', () => {
  const url = '/v1/systemSetting/reportTitleValue';

  it("is the hospital's name in the request language until set, for every signed-in user", async () => {
    expect((await api('GET', url, nurse)).json().dataContent).toEqual({
      title: 'GlucoCare Demo General Hospital',
      subtitle: null,
      isDefault: true,
    });
    expect((await api('GET', url, doctor, undefined, 'zh-CN')).json().dataContent).toEqual({
      title: '糖护示范综合医院',
      subtitle: null,
      isDefault: true,
    });
  });

  it('keeps a title and subtitle once set, audited', async () => {
    const saved = await api('POST', url, admin, {
      title: ' Blood glucose report ',
      subtitle: 'Endocrinology',
    });
    expect(saved.json().dataContent).toEqual({
      title: 'Blood glucose report',
      subtitle: 'Endocrinology',
      isDefault: false,
    });
    const cleared = await api('POST', url, admin, { title: 'Blood glucose report', subtitle: '' });
    expect(cleared.json().dataContent.subtitle).toBeNull();
    expect((await api('GET', url, nurse, undefined, 'zh-CN')).json().dataContent).toEqual({
      title: 'Blood glucose report',
      subtitle: null,
      isDefault: false,
    });
    const [first] = await auditRows(t, 'setting', 'report.title', 'update');
    expect(first).toMatchObject({
      before: null,
      after: { title: 'Blood glucose report', subtitle: 'Endocrinology' },
    });
    expect((await api('GET', url, admin202)).json().dataContent.isDefault).toBe(true);
  });

  it('goes back to the hospital name, audited; only for those who may change it', async () => {
    await api('POST', url, admin, { title: 'Glucose report', subtitle: 'Ward 7' });
    expect((await api('DELETE', url, nurse)).statusCode).toBe(403);
    const reset = await api('DELETE', url, admin, undefined, 'zh-CN');
    expect(reset.statusCode).toBe(200);
    expect(reset.json().dataContent).toEqual({ title: '糖护示范综合医院', subtitle: null, isDefault: true });
    expect((await api('GET', url, doctor)).json().dataContent.isDefault).toBe(true);
    const rows = await auditRows(t, 'setting', 'report.title', 'update');
    expect(rows.at(-1)).toMatchObject({
      before: { title: 'Glucose report', subtitle: 'Ward 7' },
      after: null,
    });
  });

  it('refuses a title outside 2-50 characters and a long subtitle (both languages)', async () => {
    const en = await api('POST', url, admin, { title: 'R' });
    expect(errorsOf(en)).toEqual([{ field: 'title', message: 'The report title must be 2-50 characters' }]);
    const zh = await api('POST', url, admin, { title: '报'.repeat(51), subtitle: '副'.repeat(51) }, 'zh-CN');
    expect(errorsOf(zh)).toEqual([
      { field: 'title', message: '报告标题长度为 2-50 个字符' },
      { field: 'subtitle', message: '副标题不能超过 50 个字符' },
    ]);
    expect((await api('POST', url, admin, {})).json().dataContent.errors).toEqual([
      { field: 'title', message: 'Please enter the report title' },
    ]);
    expect((await api('POST', url, admin, { title: 'Report', isDefault: true })).statusCode).toBe(400);
  });

  it('may be changed by administrators only', async () => {
    expect((await api('POST', url, nurse, { title: 'Report' })).statusCode).toBe(403);
  });
});
