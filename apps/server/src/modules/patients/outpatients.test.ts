import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOf, auditRows } from '../../test/api';
import { createTestContext, type TestContext } from '../../test/harness';
import { hoursAgo, insertPatient, periodOfTime } from '../measurements/test-support';

let t: TestContext;
let api: ReturnType<typeof apiOf>;
let admin: string;
let nurse: string;
let admin202: string;

beforeAll(async () => {
  t = await createTestContext();
  api = apiOf(t);
  [admin, nurse, admin202] = await Promise.all([
    t.login('101', 'admin', 'Admin@123456'),
    t.login('101', 'nurse01', 'Nurse@2026'),
    t.login('202', 'admin', 'Admin@202202'),
  ]);
});
afterAll(() => t.close());

let serial = 0;
const registration = (overrides: Record<string, unknown> = {}) => ({
  name: 'Li Xiuying',
  gender: 'female',
  age: 61,
  mobilePhone: '13800138000',
  contact: 'daughter 13900139000',
  outpatientNumber: `MZT${++serial}`,
  departmentCode: 'ENDO',
  ...overrides,
});

type Outpatient = {
  id: number;
  name: string;
  status: string;
  outpatientNumber: string | null;
  departmentCode: string;
  version: number;
  latestGlucose: { testValue: number } | null;
  inVirtualWard: boolean;
  registeredAt: string;
};

async function register(body = registration(), token = nurse): Promise<Outpatient> {
  const res = await api('POST', '/v1/outpatients', token, body);
  if (res.statusCode !== 200) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  return res.json().dataContent;
}

async function list(query: string, token = nurse): Promise<{ records: Outpatient[]; total: number }> {
  const res = await api('GET', `/v1/outpatients?${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().dataContent;
}

async function patientRow(id: number) {
  const { rows } = await t.handle.db.execute<{
    status: string;
    bed: string | null;
    inpatient_number: string | null;
    outpatient_number: string | null;
    admission_id: string | null;
    department_code: string;
  }>(sql`select status, bed, inpatient_number, outpatient_number, admission_id, department_code
           from patients where tenant_id = '101' and id = ${id}`);
  return rows[0]!;
}

const errors = (res: { json(): { dataContent: { errors: unknown } } }) => res.json().dataContent.errors;

describe('registering outpatients', () => {
  it('registers a patient with status outpatient: no bed, no inpatient number, the clinic as department', async () => {
    const body = registration();
    const outpatient = await register(body);
    expect(outpatient).toMatchObject({
      name: 'Li Xiuying',
      status: 'outpatient',
      outpatientNumber: body.outpatientNumber,
      departmentCode: 'ENDO',
      latestGlucose: null,
      inVirtualWard: false,
      version: 1,
    });
    expect(await patientRow(outpatient.id)).toMatchObject({
      status: 'outpatient',
      bed: null,
      inpatient_number: null,
      admission_id: null,
    });
    const audit = await auditRows(t, 'patient', outpatient.id, 'registerOutpatient');
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after).toMatchObject({ status: 'outpatient', outpatientNumber: body.outpatientNumber });
  });

  it('refuses a taken outpatient number with 409 naming the holder, in both languages', async () => {
    const first = await register(registration({ name: 'Zhao Min' }));
    const again = registration({ outpatientNumber: first.outpatientNumber });
    const en = await api('POST', '/v1/outpatients', nurse, again, 'en-US');
    const zh = await api('POST', '/v1/outpatients', nurse, again, 'zh-CN');
    expect(en.statusCode).toBe(409);
    expect(en.json().message).toBe(`Outpatient number ${first.outpatientNumber} already belongs to Zhao Min`);
    expect(errors(en)).toEqual([
      {
        field: 'outpatientNumber',
        message: `Outpatient number ${first.outpatientNumber} already belongs to Zhao Min`,
      },
    ]);
    expect(zh.statusCode).toBe(409);
    expect(zh.json().message).toBe(`门诊号 ${first.outpatientNumber} 已属于 Zhao Min`);
  });

  it('answers 400 with field messages in both languages', async () => {
    const body = registration({ outpatientNumber: '', name: '' });
    const noAge = registration({ age: undefined });
    const enAge = await api('POST', '/v1/outpatients', nurse, noAge, 'en-US');
    expect(enAge.statusCode).toBe(400);
    expect(errors(enAge)).toEqual([
      { field: 'dateOfBirth', message: 'Please enter the date of birth or the age' },
    ]);
    const zhAge = await api('POST', '/v1/outpatients', nurse, noAge, 'zh-CN');
    expect(errors(zhAge)).toEqual([{ field: 'dateOfBirth', message: '请填写出生日期或年龄' }]);
    const en = await api('POST', '/v1/outpatients', nurse, body, 'en-US');
    const zh = await api('POST', '/v1/outpatients', nurse, body, 'zh-CN');
    expect(en.statusCode).toBe(400);
    expect(errors(en)).toEqual(
      expect.arrayContaining([
        { field: 'outpatientNumber', message: 'Please enter the outpatient number' },
        { field: 'name', message: 'Please enter the patient name' },
      ]),
    );
    expect(errors(zh)).toEqual(
      expect.arrayContaining([{ field: 'outpatientNumber', message: '请输入门诊号' }]),
    );
    const bed = await api('POST', '/v1/outpatients', nurse, registration({ bed: '12' }));
    expect(bed.statusCode).toBe(400);
  });

  it('registers only into the caller’s departments, and needs the permission', async () => {
    const card = await api('POST', '/v1/outpatients', nurse, registration({ departmentCode: 'CARD' }));
    expect(card.statusCode).toBe(400);
    expect(errors(card)).toEqual([expect.objectContaining({ field: 'departmentCode' })]);
    const reviewer = await t.login('101', 'reviewer01', 'Review@2026');
    expect((await api('POST', '/v1/outpatients', reviewer, registration())).statusCode).toBe(403);
  });
});

describe('the outpatient list', () => {
  it('searches over name, outpatient number and phone; shows the latest glucose and the virtual ward', async () => {
    const patient = await register(registration({ name: 'Sun Lan', mobilePhone: '13700137001' }));
    const testTime = hoursAgo(t.clock.now, 0.5);
    // an entry at a visit goes through the one write path (classification and all)
    const entry = await api('POST', '/v1/testRecord/customerRecord', nurse, {
      category: 'GLU',
      patientId: patient.id,
      period: periodOfTime(testTime),
      testTime,
      result: 13.2,
      unit: 'mmolL',
    });
    expect(entry.statusCode, entry.body).toBe(200);
    expect(entry.json().dataContent).toMatchObject({
      patientId: patient.id,
      testValue: 13.2,
      source: 'manual',
    });
    // the demo hospital joins a patient reaching 11.1 mmol/L automatically (issue 18): an outpatient too
    const stays = await t.handle.db.execute<{ source: string }>(sql`
      select source from virtual_ward_stays
       where tenant_id = '101' and patient_id = ${patient.id} and exited_at is null`);
    expect(stays.rows).toEqual([{ source: 'auto' }]);

    for (const query of [
      'queryCondition=Sun%20Lan',
      `queryCondition=${patient.outpatientNumber}`,
      'queryCondition=13700137001',
    ]) {
      const page = await list(query);
      expect(page.records.map((r) => r.id)).toEqual([patient.id]);
      expect(page.total).toBe(1);
      expect(page.records[0]).toMatchObject({ inVirtualWard: true, latestGlucose: { testValue: 13.2 } });
    }
    const all = await list('page=1&size=2');
    expect(all.records).toHaveLength(2);
    expect(all.total).toBeGreaterThanOrEqual(3);
    expect((await list('departmentCode=CARD')).records.every((r) => r.departmentCode === 'CARD')).toBe(true);
  });

  it('keeps tenants apart: another tenant neither lists nor edits them (404 like a missing one)', async () => {
    const patient = await register();
    const other = await list(`queryCondition=${patient.outpatientNumber}`, admin202);
    expect(other.total).toBe(0);
    const { id: _id, ...rest } = { id: 0, ...registration() };
    const { departmentCode: _d, ...details } = rest;
    const put = await api('PUT', `/v1/outpatients/${patient.id}`, admin202, { ...details, version: 1 });
    expect(put.statusCode).toBe(404);
    const missing = await api('PUT', '/v1/outpatients/999999999', admin, { ...details, version: 1 });
    expect(missing.statusCode).toBe(404);
    expect(put.json().message).toBe(missing.json().message);
  });
});

describe('editing and moving outpatients', () => {
  it('edits details with the version; a stale version is 409', async () => {
    const patient = await register();
    const body = {
      name: 'Li Xiuying',
      gender: 'female',
      dateOfBirth: '1964-02-03',
      mobilePhone: '13800138001',
      outpatientNumber: `${patient.outpatientNumber}-B`,
      version: 1,
    };
    const res = await api('PUT', `/v1/outpatients/${patient.id}`, nurse, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().dataContent).toMatchObject({
      version: 2,
      outpatientNumber: `${patient.outpatientNumber}-B`,
    });
    const stale = await api('PUT', `/v1/outpatients/${patient.id}`, nurse, body);
    expect(stale.statusCode).toBe(409);
    expect(await auditRows(t, 'patient', patient.id, 'update')).toHaveLength(1);
  });

  it('admits an outpatient into a ward with a bed: a new stay, the outpatient number kept', async () => {
    const patient = await register();
    const res = await api('POST', `/v1/patients/reApplyHospitalization/${patient.id}`, nurse, {
      version: patient.version,
      admittedAt: new Date().toISOString(),
      departmentCode: 'ENDO',
      bed: 'OP-1',
      doctorCode: 'doctor01',
      inpatientNumber: `ZY${patient.id}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().dataContent).toMatchObject({ status: 'inHospital', bed: 'OP-1' });
    const row = await patientRow(patient.id);
    expect(row).toMatchObject({ status: 'inHospital', outpatient_number: patient.outpatientNumber });
    const { rows } = await t.handle.db.execute<{ n: number }>(
      sql`select count(*)::int as n from patient_admissions where tenant_id = '101' and patient_id = ${patient.id}`,
    );
    expect(rows[0]!.n).toBe(1);
    expect(await auditRows(t, 'patient', patient.id, 'admitOutpatient')).toHaveLength(1);
    // no longer an outpatient: the list leaves it out, its edit refuses
    expect((await list(`queryCondition=${patient.outpatientNumber}`)).total).toBe(0);
  });

  it('registers a discharged patient as an outpatient (stays kept) and refuses other statuses', async () => {
    const discharged = await insertPatient(t, {
      name: 'Home Again',
      status: 'discharged',
      inpatientNumber: 'ZYD1',
    });
    const noNumber = await api('POST', `/v1/outpatients/${discharged}/register`, nurse, {
      version: 1,
      departmentCode: 'ENDO',
    });
    expect(noNumber.statusCode).toBe(400);
    expect(errors(noNumber)).toEqual([
      { field: 'outpatientNumber', message: 'Please enter the outpatient number: the patient has none yet' },
    ]);
    const res = await api('POST', `/v1/outpatients/${discharged}/register`, nurse, {
      version: 1,
      departmentCode: 'ENDO',
      outpatientNumber: 'MZD1',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().dataContent).toMatchObject({ status: 'outpatient', outpatientNumber: 'MZD1' });
    expect(await patientRow(discharged)).toMatchObject({
      status: 'outpatient',
      bed: null,
      admission_id: null,
    });
    const { rows } = await t.handle.db.execute<{ n: number }>(
      sql`select count(*)::int as n from patient_admissions where tenant_id = '101' and patient_id = ${discharged}`,
    );
    expect(rows[0]!.n).toBe(1);
    const inHospital = await insertPatient(t, { name: 'Still Here' });
    const refused = await api(
      'POST',
      `/v1/outpatients/${inHospital}/register`,
      nurse,
      {
        version: 1,
        departmentCode: 'ENDO',
        outpatientNumber: 'MZD2',
      },
      'zh-CN',
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('只有已出院的患者才能登记为门诊患者');
  });
});

describe('home-meter uploads for outpatients', () => {
  it('accepts readings by outpatient number and still refuses a discharged patient', async () => {
    const patient = await register();
    await insertPatient(t, { name: 'Left', status: 'discharged', inpatientNumber: 'ZYL9' });
    const testTime = hoursAgo(t.clock.now, 0.25);
    const record = (overrides: Record<string, unknown>) => ({
      deviceSerial: 'HOME-01',
      deviceRecordNo: `H${++serial}`,
      category: 'GLU',
      testTime,
      result: 7.4,
      unit: 'mmolL',
      operator: 'nurse01',
      ...overrides,
    });
    const res = await api('POST', '/v1/testRecord/upload', nurse, {
      source: 'meter',
      records: [record({ outpatientNumber: patient.outpatientNumber }), record({ inpatientNumber: 'ZYL9' })],
    });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json().dataContent;
    expect(result.accepted).toBe(1);
    expect(result.rejected).toEqual([
      {
        index: 1,
        deviceRecordNo: expect.any(String),
        errors: [
          { field: 'inpatientNumber', message: 'The patient is neither in hospital nor an outpatient' },
        ],
      },
    ]);
    const page = await list(`queryCondition=${patient.outpatientNumber}`);
    expect(page.records[0]!.latestGlucose).toMatchObject({ testValue: 7.4 });
  });
});

describe('out-of-hospital mode', () => {
  type Node = { path: string; children?: Node[] };
  const paths = (nodes: Node[]): string[] => nodes.flatMap((n) => [n.path, ...paths(n.children ?? [])]);
  const menus = async (token: string, user: string) => {
    const res = await api('GET', `/v1/users/authorityMenus?userName=${user}`, token);
    expect(res.statusCode).toBe(200);
    return paths(res.json().dataContent);
  };

  it('hides the bed-only pages while on and the outpatient page while off', async () => {
    const before = await menus(nurse, 'nurse01');
    // Riverside (202) runs in out-of-hospital mode (demo seed): its menus do not follow tenant 101's switch
    const riverside = await menus(admin202, 'admin');
    expect(riverside).toContain('/patient/outpatient');
    expect(riverside).not.toContain('/patient/round');
    expect(before).toContain('/patient/round');
    expect(before).toContain('/patient/task');
    expect(before).not.toContain('/patient/outpatient');
    try {
      expect(
        (await api('POST', '/v1/systemSetting/workMode/isOutside', admin, { value: true })).statusCode,
      ).toBe(200);
      const out = await menus(nurse, 'nurse01');
      expect(out).toContain('/patient/outpatient');
      for (const path of ['/patient/round', '/patient/task', '/patient/handover', '/ward/record']) {
        expect(out).not.toContain(path);
      }
      expect(out).toContain('/index');
      expect(await menus(admin202, 'admin')).toEqual(riverside);
    } finally {
      await api('POST', '/v1/systemSetting/workMode/isOutside', admin, { value: false });
    }
    expect(await menus(nurse, 'nurse01')).toEqual(before);
    expect(await menus(admin202, 'admin')).toEqual(riverside);
  });

  it('gives the home page the outpatient service’s figures', async () => {
    const before = (await api('GET', '/v1/outpatients/summary', nurse)).json().dataContent;
    const patient = await register();
    const testTime = hoursAgo(t.clock.now, 0.1);
    const entry = await api('POST', '/v1/testRecord/customerRecord', nurse, {
      category: 'GLU',
      patientId: patient.id,
      period: periodOfTime(testTime),
      testTime,
      result: 5.9,
      unit: 'mmolL',
    });
    expect(entry.statusCode, entry.body).toBe(200);
    const after = (await api('GET', '/v1/outpatients/summary', nurse)).json().dataContent;
    expect(after.outpatients).toBe(before.outpatients + 1);
    expect(after.registeredToday).toBe(before.registeredToday + 1);
    expect(after.measuredToday).toBe(before.measuredToday + 1);
    expect(after.readingsToday).toBe(before.readingsToday + 1);
    const other = (await api('GET', '/v1/outpatients/summary', admin202)).json().dataContent;
    expect(other.outpatients).not.toBe(after.outpatients);
  });
});
