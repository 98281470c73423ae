import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOf, auditRows } from '../../test/api';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
let api: ReturnType<typeof apiOf>;
let admin: string;
let nurseEndo: string;
let nurseCard: string;
let admin202: string;

beforeAll(async () => {
  t = await createTestContext();
  api = apiOf(t);
  await t.handle.db.execute(
    sql`update users set must_change_password = false where tenant_id = '101' and user_name = 'headnurse02'`,
  );
  [admin, nurseEndo, nurseCard, admin202] = await Promise.all([
    t.login('101', 'admin', 'Admin@123456'),
    t.login('101', 'nurse01', 'Nurse@2026'),
    t.login('101', 'headnurse02', 'Welcome@2026'),
    t.login('202', 'admin', 'Admin@202202'),
  ]);
});
afterAll(() => t.close());

type Maker = {
  id: number;
  code: string;
  name: string;
  pumpCount: number;
  isActive: boolean;
  version: number;
};
type Pump = {
  id: number;
  serialNumber: string;
  manufacturerId: number;
  manufacturerName: string;
  departmentCode: string;
  departmentName: string;
  isActive: boolean;
  battery: number | null;
  batteryReportedAt: string | null;
  dose: number | null;
  doseReportedAt: string | null;
  version: number;
};

async function ok<T>(res: { statusCode: number; body: string; json: () => { dataContent: unknown } }) {
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json().dataContent as T;
}
const createMaker = (body: object) => api('POST', '/v1/pumpManufacturer', admin, body).then(ok<Maker>);
const createPump = (body: object, token = admin) =>
  api('POST', '/v1/insulinPump', token, body).then(ok<Pump>);
const pumpPage = (query: string, token = admin) =>
  api('GET', `/v1/insulinPump/page?${query}`, token).then(ok<{ records: Pump[]; total: number }>);

describe('demo data', () => {
  it('seeds manufacturers and two pumps per ward for tenant 101 only', async () => {
    const makers = await api('GET', '/v1/pumpManufacturer/list', admin, undefined, 'zh-CN').then(ok<Maker[]>);
    expect(makers.map((m) => m.name)).toEqual(['美敦力', '微泰医疗', '罗氏']);
    const all = await pumpPage('size=100');
    expect(all.total).toBe(10);
    expect(all.records.find((p) => p.serialNumber === 'MMT780-CARD-01')).toMatchObject({
      manufacturerName: 'Medtronic',
      departmentName: 'Cardiology',
      battery: 12,
    });
    expect((await pumpPage('size=100', admin202)).total).toBe(0);
  });
});

describe('manufacturers', () => {
  it('creates, updates at the version, stops and deletes one no pump names', async () => {
    const maker = await createMaker({ code: 'YPS', nameZh: '优泵', nameEn: 'Ypsomed', contact: '021-1234' });
    expect(maker).toMatchObject({ code: 'YPS', name: 'Ypsomed', pumpCount: 0, isActive: true, version: 1 });
    const updated = await api('PUT', '/v1/pumpManufacturer', admin, {
      id: maker.id,
      version: 1,
      code: 'YPS',
      nameEn: 'Ypsomed AG',
    }).then(ok<Maker>);
    expect(updated).toMatchObject({ name: 'Ypsomed AG', version: 2 });
    const stale = await api('PUT', '/v1/pumpManufacturer', admin, {
      id: maker.id,
      version: 1,
      code: 'YPS',
      name: 'x',
    });
    expect(stale.statusCode).toBe(409);
    const stopped = await api('PUT', '/v1/pumpManufacturer/changeStatus', admin, {
      id: maker.id,
      version: 2,
      isActive: false,
    }).then(ok<Maker>);
    expect(stopped).toMatchObject({ isActive: false, version: 3 });
    const picker = await api('GET', '/v1/pumpManufacturer/list', admin).then(ok<Maker[]>);
    expect(picker.map((m) => m.code)).not.toContain('YPS');
    expect((await api('DELETE', `/v1/pumpManufacturer/${maker.id}?version=2`, admin)).statusCode).toBe(409);
    expect((await api('DELETE', `/v1/pumpManufacturer/${maker.id}?version=3`, admin)).statusCode).toBe(200);
    expect(await auditRows(t, 'pumpManufacturer', maker.id, 'delete')).toHaveLength(1);
  });

  it('refuses a taken code in both languages and a manufacturer in use', async () => {
    const taken = await api('POST', '/v1/pumpManufacturer', admin, { code: 'MDT', name: 'Again' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('A manufacturer with this code already exists');
    const zh = await api('POST', '/v1/pumpManufacturer', admin, { code: 'MDT', name: 'Again' }, 'zh-CN');
    expect(zh.json().message).toBe('该厂家编码已存在');
    const [mdt] = (
      await api('GET', '/v1/pumpManufacturer/page?queryCondition=MDT', admin).then(ok<{ records: Maker[] }>)
    ).records;
    expect(mdt.pumpCount).toBe(5);
    const res = await api(
      'DELETE',
      `/v1/pumpManufacturer/${mdt.id}?version=${mdt.version}`,
      admin,
      undefined,
      'zh-CN',
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('仍有胰岛素泵属于该厂家，不能删除');
  });

  it('answers field errors (400) in both languages', async () => {
    const res = await api(
      'POST',
      '/v1/pumpManufacturer',
      admin,
      { code: '', contact: 'x'.repeat(101) },
      'zh-CN',
    );
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('请输入厂家编码');
    const en = await api('POST', '/v1/pumpManufacturer', admin, { code: 'A1' });
    expect(en.statusCode).toBe(400);
    expect(JSON.stringify(en.json())).toContain('Please enter the manufacturer name');
  });
});

describe('pumps', () => {
  let makerId: number;
  beforeAll(async () => {
    makerId = (await createMaker({ code: 'TEST', name: 'Test pumps' })).id;
  });

  it('creates, updates at the version, stops and deletes a pump, with audit rows', async () => {
    const pump = await createPump({
      serialNumber: 'SN-100',
      manufacturerId: makerId,
      type: 'T1',
      departmentCode: 'ENDO',
    });
    expect(pump).toMatchObject({
      serialNumber: 'SN-100',
      manufacturerName: 'Test pumps',
      isActive: true,
      battery: null,
    });
    const body = {
      id: pump.id,
      version: 1,
      serialNumber: 'SN-100',
      manufacturerId: makerId,
      departmentCode: 'ENDO',
      code: 'E-9',
    };
    const updated = await api('PUT', '/v1/insulinPump', nurseEndo, body).then(ok<Pump>);
    expect(updated).toMatchObject({ version: 2 });
    const stale = await api('PUT', '/v1/insulinPump', admin, body, 'zh-CN');
    expect(stale.statusCode).toBe(409);
    const stopped = await api('PUT', '/v1/insulinPump/changeStatus', nurseEndo, {
      id: pump.id,
      version: 2,
      isActive: false,
    }).then(ok<Pump>);
    expect(stopped).toMatchObject({ isActive: false, version: 3 });
    expect((await pumpPage('isActive=false&queryCondition=SN-100')).total).toBe(1);
    // a nurse may not delete; the administrator may, at the version read
    expect((await api('DELETE', `/v1/insulinPump/${pump.id}?version=3`, nurseEndo)).statusCode).toBe(403);
    expect((await api('DELETE', `/v1/insulinPump/${pump.id}?version=2`, admin)).statusCode).toBe(409);
    expect(
      (await api('DELETE', `/v1/insulinPump/${pump.id}?version=3&reason=broken`, admin)).statusCode,
    ).toBe(200);
    expect((await pumpPage('queryCondition=SN-100')).total).toBe(0);
    expect(await auditRows(t, 'insulinPump', pump.id, 'disable')).toHaveLength(1);
    // the serial number is free again
    expect(
      (await createPump({ serialNumber: 'SN-100', manufacturerId: makerId, departmentCode: 'ENDO' })).version,
    ).toBe(1);
  });

  it('refuses a duplicate serial number (409) in both languages', async () => {
    const body = { serialNumber: 'MMT780-ENDO-01', manufacturerId: makerId, departmentCode: 'ENDO' };
    const en = await api('POST', '/v1/insulinPump', admin, body);
    expect(en.statusCode).toBe(409);
    expect(en.json().message).toBe('A pump with this serial number already exists');
    const zh = await api('POST', '/v1/insulinPump', admin, body, 'zh-CN');
    expect(zh.statusCode).toBe(409);
    expect(zh.json().message).toBe('该序列号的胰岛素泵已存在');
  });

  it('keeps a ward nurse to her own ward', async () => {
    const endo = await pumpPage('size=100', nurseEndo);
    expect(new Set(endo.records.map((p) => p.departmentCode))).toEqual(new Set(['ENDO']));
    const card = await pumpPage('size=100', nurseCard);
    expect(card.records.every((p) => p.departmentCode === 'CARD')).toBe(true);
    const endoPump = endo.records[0];
    const edit = await api('PUT', '/v1/insulinPump/changeStatus', nurseCard, {
      id: endoPump.id,
      version: endoPump.version,
      isActive: false,
    });
    expect(edit.statusCode).toBe(404);
    const outside = await api(
      'POST',
      '/v1/insulinPump',
      nurseEndo,
      { serialNumber: 'SN-CARD', manufacturerId: makerId, departmentCode: 'CARD' },
      'zh-CN',
    );
    expect(outside.statusCode).toBe(400);
    expect(JSON.stringify(outside.json())).toContain('科室不存在或不在您的科室范围内');
    const report = await api('PUT', '/v1/insulinPump/report', nurseCard, {
      serialNumber: endoPump.serialNumber,
      battery: 50,
      reportedAt: new Date().toISOString(),
    });
    expect(report.statusCode).toBe(404);
  });

  it('refuses bad bodies with field errors', async () => {
    const res = await api(
      'POST',
      '/v1/insulinPump',
      admin,
      { serialNumber: ' ', departmentCode: 'ENDO' },
      'zh-CN',
    );
    expect(res.statusCode).toBe(400);
    const text = JSON.stringify(res.json());
    expect(text).toContain('请输入胰岛素泵序列号');
    expect(text).toContain('请选择厂家');
    const extra = await api('POST', '/v1/insulinPump', admin, {
      serialNumber: 'X',
      manufacturerId: makerId,
      departmentCode: 'ENDO',
      tenantId: '202',
    });
    expect(extra.statusCode).toBe(400);
    const unknownMaker = await api('POST', '/v1/insulinPump', admin, {
      serialNumber: 'X',
      manufacturerId: 999999,
      departmentCode: 'ENDO',
    });
    expect(unknownMaker.statusCode).toBe(400);
    expect(unknownMaker.json().message).toBe('The manufacturer does not exist or has been stopped');
  });

  it('keeps the latest report of battery and dose, as sent', async () => {
    const pump = await createPump({
      serialNumber: 'SN-REP',
      manufacturerId: makerId,
      departmentCode: 'ENDO',
    });
    const at = '2026-01-10T08:00:00+08:00';
    const first = await api('PUT', '/v1/insulinPump/report', nurseEndo, {
      serialNumber: 'SN-REP',
      battery: 42.5,
      dose: 120.25,
      reportedAt: at,
    }).then(ok<Pump>);
    expect(first).toMatchObject({
      battery: 42.5,
      dose: 120.25,
      batteryReportedAt: '2026-01-10T00:00:00.000Z',
      version: pump.version,
    });
    // an older report of the dose does not replace the newer one; a later battery does
    const second = await api('PUT', '/v1/insulinPump/report', nurseEndo, {
      serialNumber: 'SN-REP',
      battery: 40,
      reportedAt: '2026-01-10T09:00:00+08:00',
    }).then(ok<Pump>);
    expect(second).toMatchObject({ battery: 40, dose: 120.25, doseReportedAt: '2026-01-10T00:00:00.000Z' });
    const older = await api('PUT', '/v1/insulinPump/report', nurseEndo, {
      serialNumber: 'SN-REP',
      dose: 200,
      reportedAt: '2026-01-09T09:00:00+08:00',
    }).then(ok<Pump>);
    expect(older.dose).toBe(120.25);
    expect(await auditRows(t, 'insulinPump', pump.id, 'report')).toHaveLength(3);

    const bad = await api(
      'PUT',
      '/v1/insulinPump/report',
      nurseEndo,
      { serialNumber: 'SN-REP', battery: 101, reportedAt: '2999-01-01T00:00:00Z' },
      'zh-CN',
    );
    expect(bad.statusCode).toBe(400);
    const text = JSON.stringify(bad.json());
    expect(text).toContain('剩余电量须在 0-100 % 之间');
    expect(text).toContain('上报时间不能晚于当前时间');
    const none = await api('PUT', '/v1/insulinPump/report', nurseEndo, {
      serialNumber: 'SN-REP',
      reportedAt: at,
    });
    expect(none.statusCode).toBe(400);
    expect(JSON.stringify(none.json())).toContain('Please enter the remaining battery or the remaining dose');
    const unknown = await api('PUT', '/v1/insulinPump/report', admin, {
      serialNumber: 'NOPE',
      dose: 1,
      reportedAt: at,
    });
    expect(unknown.statusCode).toBe(404);
    // a doctor reads the register but neither edits nor reports
    const doctor = await t.login('101', 'doctor01', 'Doctor@2026');
    expect((await pumpPage('size=1', doctor)).total).toBeGreaterThan(0);
    expect(
      (
        await api('PUT', '/v1/insulinPump/report', doctor, {
          serialNumber: 'SN-REP',
          dose: 1,
          reportedAt: at,
        })
      ).statusCode,
    ).toBe(403);
  });
});
