import { wallClockAt } from '@glucocare/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOf, auditRows } from '../../test/api';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
let api: ReturnType<typeof apiOf>;
let admin: string;
let nurse: string;
let doctor: string;
let reviewer: string;
let admin202: string;

beforeAll(async () => {
  t = await createTestContext();
  api = apiOf(t);
  admin = await t.login('101', 'admin', 'Admin@123456');
  nurse = await t.login('101', 'nurse01', 'Nurse@2026');
  doctor = await t.login('101', 'doctor01', 'Doctor@2026');
  reviewer = await t.login('101', 'reviewer01', 'Review@2026');
  admin202 = await t.login('202', 'admin', 'Admin@202202');
});
afterAll(() => t.close());

type Patient = {
  id: number;
  name: string;
  gender: string;
  age: number | null;
  status: string;
  departmentCode: string;
  departmentName: string;
  bed: string | null;
  inpatientNumber: string | null;
  wristbandCode: string | null;
  appointmentCode: string | null;
  admittedAt: string;
  dischargedAt: string | null;
  doctorCode: string | null;
  doctorName: string | null;
  tags: string[];
  heightCm: number | null;
  weightKg: number | null;
  version: number;
  latestGlucose: {
    id: number;
    testValue: number;
    testTime: string;
    determineType: string | null;
    color: string | null;
    periodCode: string | null;
    periodName: string | null;
  } | null;
  openCriticalCount: number;
  today: { done: string[]; due: string[]; overdue: string[]; upcoming: string[] };
};
type Page<T> = { records: T[]; total: number; page: number; size: number };
type Detail = Patient & {
  idCard: string | null;
  mobilePhone: string | null;
  dateOfBirth: string | null;
  admissions: {
    id: number;
    departmentCode: string;
    bed: string | null;
    admittedAt: string;
    dischargedAt: string | null;
    current: boolean;
  }[];
  transfers: {
    fromDepartmentCode: string;
    toDepartmentCode: string;
    fromDepartmentName: string;
    toDepartmentName: string;
    fromBed: string | null;
    toBed: string | null;
    fromDoctorCode: string | null;
    toDoctorCode: string | null;
    toDoctorName: string | null;
    reason: string;
    startTime: string;
    endTime: string | null;
  }[];
};

const HOUR = 3_600_000;
/** An instant `hours` before the test server's clock, as ISO. */
const ago = (hours: number) => new Date(t.clock.now.getTime() - hours * HOUR).toISOString();

async function data<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token: string,
  body?: unknown,
): Promise<T> {
  const res = await api(method, url, token, body);
  if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json().dataContent as T;
}
const list = (query: string, token = admin) =>
  data<Page<Patient>>('GET', `/v1/patients/hospitalizedPatients?${query}`, token);
const detail = (id: number, token = admin) =>
  data<Detail>('GET', `/v1/patients/hospitalizedPatient?patientId=${id}`, token);
const counts = (query = '', token = admin) =>
  data<{ inHospital: number; admittedToday: number; withOpenCritical: number; measuredToday: number }>(
    'GET',
    `/v1/patients/hospitalizedPatients/counts?${query}`,
    token,
  );

let sequence = 0;
/** A valid admission body to ENDO with a fresh inpatient number, wristband and bed. */
function admission(overrides: Record<string, unknown> = {}) {
  sequence++;
  return {
    name: `测试患者${String.fromCharCode(0x4e00 + sequence)}`,
    gender: 'female',
    dateOfBirth: '1961-05-20',
    age: 64,
    inpatientNumber: `T${String(100000 + sequence)}`,
    wristbandCode: `TW${String(100000 + sequence)}`,
    bed: `T${sequence}`,
    departmentCode: 'ENDO',
    doctorCode: 'doctor01',
    admittedAt: ago(5),
    ...overrides,
  };
}
async function admit(overrides: Record<string, unknown> = {}, token = nurse): Promise<Patient> {
  return data<Patient>('POST', '/v1/patients/applyHospitalization', token, admission(overrides));
}
async function byName(name: string, token = admin): Promise<Patient> {
  const page = await list(`queryCondition=${encodeURIComponent(name)}&size=500`, token);
  const found = page.records.find((p) => p.name === name);
  if (!found) throw new Error(`no patient ${name}`);
  return found;
}
/** A live reading inserted directly (the measurements area writes them through its own API). */
async function insertReading(
  patient: Patient,
  hoursAgo: number,
  value: number | null,
  extra: { classification?: string; color?: string; deleted?: boolean } = {},
) {
  const { rows } = await t.handle.db.execute<{ id: string }>(sql`
    insert into measurements (tenant_id, patient_id, department_code, item, period_code, test_time, value,
                              untested_reason, classification, color, deleted_at)
    values ('101', ${patient.id}, ${patient.departmentCode}, 'GLU', 'fasting', ${ago(hoursAgo)}::timestamptz, ${value},
            ${value === null ? 'refused' : null}, ${extra.classification ?? (value === null ? null : 'normal')},
            ${extra.color ?? null}, ${extra.deleted ? sql`now()` : null})
    returning id`);
  return Number(rows[0]!.id);
}
async function openCritical(patient: Patient, measurementId: number) {
  await t.handle.db.execute(sql`
    insert into critical_events (tenant_id, measurement_id, patient_id, department_code, item, value,
                                 classification, measured_at, status)
    values ('101', ${measurementId}, ${patient.id}, ${patient.departmentCode}, 'GLU', 1.9, 'criticalLow',
            now(), 'open')`);
}
const message = async (res: { json(): { message: string } }) => res.json().message;

describe('inpatient list', () => {
  it('shows a nurse the patients of her ward in ward order: beds naturally, 2 before 10', async () => {
    const page = await list('size=500', nurse);
    const demo = page.records.filter((p) => /^WB2026/.test(p.wristbandCode ?? ''));
    expect(demo).toHaveLength(12);
    expect(new Set(page.records.map((p) => p.departmentCode))).toEqual(new Set(['ENDO']));
    const beds = demo.map((p) => Number(p.bed));
    expect(beds).toEqual([...beds].sort((a, b) => a - b));
    expect(beds.indexOf(2)).toBeLessThan(beds.indexOf(10));
    const first = demo[0]!;
    expect(first).toMatchObject({
      departmentCode: 'ENDO',
      departmentName: 'Endocrinology',
      doctorCode: 'doctor01',
      doctorName: 'Dr. Li Wei',
      status: 'inHospital',
    });
    expect(first.today).toEqual(expect.objectContaining({ done: expect.any(Array), due: expect.any(Array) }));
  });

  it('names the department in the request language', async () => {
    const res = await api('GET', '/v1/patients/hospitalizedPatients?size=1', nurse, undefined, 'zh-CN');
    expect(res.json().dataContent.records[0].departmentName).toBe('内分泌科');
  });

  it('gives an administrator every ward, department by department, and each tenant its own', async () => {
    const all = await list('size=500');
    const seeded = all.records.filter((p) => /^WB2026/.test(p.wristbandCode ?? ''));
    expect(seeded).toHaveLength(24);
    const order = [...new Set(seeded.map((p) => p.departmentCode))];
    expect(order).toEqual(['ENDO', 'CARD', 'ICU', 'GSURG', 'NEPH']);
    const other = await list('size=500', admin202);
    expect(other.records.map((p) => p.departmentCode).sort()).toEqual(['ENDO', 'ENDO', 'IM', 'IM']);
    expect(other.records.some((p) => seeded.some((s) => s.id === p.id))).toBe(false);
  });

  it('filters by keyword (name, number, wristband, bed; any case), tag, doctor and department', async () => {
    expect((await list('queryCondition=wb20260003')).records.map((p) => p.name)).toEqual(['张伟']);
    expect((await list('queryCondition=zy20260002')).records.map((p) => p.name)).toEqual(['李秀英']);
    expect((await list('queryCondition=miller')).records.map((p) => p.name)).toEqual(['David Miller']);
    expect((await list('hospitalizationNum=ZY20260001')).records.map((p) => p.name)).toEqual(['王建国']);
    const pump = await list(`tag=${encodeURIComponent('胰岛素泵')}`);
    expect(pump.records.map((p) => p.name).sort()).toEqual(['王建国', '陈志强'].sort());
    const card = await list('departmentCode=CARD');
    expect(card.records.every((p) => p.doctorCode === 'doctor02')).toBe(true);
    expect((await list('doctorCode=doctor03')).records.every((p) => p.departmentCode === 'ICU')).toBe(true);
    // a department outside the nurse's scope gives nothing, not an error
    expect((await list('departmentCode=CARD', nurse)).total).toBe(0);
    // % and _ are literal
    expect((await list('queryCondition=%25')).total).toBe(0);
  });

  it('pages, allowing up to 500 a page', async () => {
    const first = await list('page=1&size=5');
    const second = await list('page=2&size=5');
    expect(first.records).toHaveLength(5);
    expect(second.page).toBe(2);
    expect(first.records.map((p) => p.id)).not.toContain(second.records[0]?.id);
    expect((await list('size=9999')).size).toBe(500);
    const bad = await api('GET', '/v1/patients/hospitalizedPatients?size=abc', admin);
    expect(bad.statusCode).toBe(400);
    const badFlag = await api('GET', '/v1/patients/hospitalizedPatients?criticalOnly=yes', admin);
    expect(badFlag.statusCode).toBe(400);
  });

  it('shows the latest live glucose with a value, open critical values, and counts them', async () => {
    const before = await counts('', nurse);
    const patient = await admit({ admittedAt: ago(1) });
    expect(patient.latestGlucose).toBeNull();
    const older = await insertReading(patient, 0.8, 6.1);
    await insertReading(patient, 0.6, null);
    await insertReading(patient, 0.5, 9.9, { deleted: true });
    let seen = await byName(patient.name, nurse);
    expect(seen.latestGlucose).toMatchObject({
      id: older,
      testValue: 6.1,
      determineType: 'normal',
      periodCode: 'fasting',
      periodName: 'Fasting',
    });
    const low = await insertReading(patient, 0.4, 1.9, { classification: 'criticalLow', color: '#F5222D' });
    await openCritical(patient, low);
    seen = await byName(patient.name, nurse);
    expect(seen.latestGlucose).toMatchObject({
      id: low,
      testValue: 1.9,
      determineType: 'criticalLow',
      color: '#F5222D',
    });
    expect(seen.openCriticalCount).toBe(1);
    const critical = await list('criticalOnly=true&size=500', nurse);
    expect(critical.records.map((p) => p.id)).toContain(patient.id);
    expect(critical.records.every((p) => p.openCriticalCount > 0)).toBe(true);
    const after = await counts('', nurse);
    expect(after.inHospital).toBe(before.inHospital + 1);
    expect(after.withOpenCritical).toBe(before.withOpenCritical + 1);
    expect(after.measuredToday).toBeGreaterThanOrEqual(before.measuredToday);
    expect((await counts('criticalOnly=true', nurse)).inHospital).toBe(after.withOpenCritical);
  });

  it('counts admissions of today in the hospital time zone', async () => {
    const before = await counts('', nurse);
    await admit({ admittedAt: ago(0.01) });
    await admit({ admittedAt: ago(24 * 3) });
    const after = await counts('', nurse);
    expect(after.inHospital).toBe(before.inHospital + 2);
    expect(after.admittedToday).toBe(before.admittedToday + 1);
  });

  it('is refused without the list permission and without a session', async () => {
    const none = await t.request({ method: 'GET', url: '/app-service/v1/patients/hospitalizedPatients' });
    expect(none.statusCode).toBe(401);
  });
});

describe('patient detail', () => {
  it('gives the personal fields, the stays and the transfers', async () => {
    const sun = await byName('孙建华');
    const d = await detail(sun.id);
    expect(d).toMatchObject({ name: '孙建华', departmentCode: 'CARD', bed: '1', status: 'inHospital' });
    expect(d.idCard).toMatch(/^\d{17}[\dX]$/);
    expect(d.dateOfBirth).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(d.admissions).toHaveLength(1);
    expect(d.admissions[0]).toMatchObject({ departmentCode: 'CARD', current: true, dischargedAt: null });
    expect(d.transfers).toEqual([
      expect.objectContaining({
        fromDepartmentCode: 'ENDO',
        fromDepartmentName: 'Endocrinology',
        toDepartmentCode: 'CARD',
        toDepartmentName: 'Cardiology',
        fromBed: '4',
        toBed: '1',
        toDoctorCode: 'doctor02',
        toDoctorName: 'Dr. Chen Jing',
      }),
    ]);
  });

  it('is 404 outside the caller’s scope and tenant, with the same body as a missing id', async () => {
    const sun = await byName('孙建华');
    const missing = await api('GET', '/v1/patients/hospitalizedPatient?patientId=999999', nurse);
    const outOfScope = await api('GET', `/v1/patients/hospitalizedPatient?patientId=${sun.id}`, nurse);
    const otherTenant = await api('GET', `/v1/patients/hospitalizedPatient?patientId=${sun.id}`, admin202);
    expect(missing.statusCode).toBe(404);
    expect(outOfScope.statusCode).toBe(404);
    expect(otherTenant.statusCode).toBe(404);
    expect(outOfScope.json()).toEqual(missing.json());
    expect(otherTenant.json()).toEqual(missing.json());
    const transfers = await api('GET', `/v1/patients/transfers?patientId=${sun.id}`, nurse);
    expect(transfers.json()).toEqual(missing.json());
    expect((await data<unknown[]>('GET', `/v1/patients/transfers?patientId=${sun.id}`, admin)).length).toBe(
      1,
    );
  });

  it('is readable by every clinical role of the ward', async () => {
    const wang = await byName('王建国', nurse);
    for (const token of [nurse, doctor, reviewer]) expect((await detail(wang.id, token)).name).toBe('王建国');
  });
});

describe('admission', () => {
  it('admits a patient: the row, the first stay and an audit row', async () => {
    const body = admission({ tags: ['新入院'], heightCm: 160, weightKg: 55.5, appointmentCode: 'APT-0001' });
    const res = await api('POST', '/v1/patients/applyHospitalization', nurse, body);
    expect(res.statusCode).toBe(200);
    const patient = res.json().dataContent as Patient;
    expect(patient).toMatchObject({
      name: body.name,
      status: 'inHospital',
      departmentCode: 'ENDO',
      bed: body.bed,
      doctorCode: 'doctor01',
      doctorName: 'Dr. Li Wei',
      tags: ['新入院'],
      heightCm: 160,
      weightKg: 55.5,
      appointmentCode: 'APT-0001',
      admittedAt: body.admittedAt,
      version: 1,
    });
    const d = await detail(patient.id, nurse);
    expect(d.admissions).toEqual([
      expect.objectContaining({
        departmentCode: 'ENDO',
        bed: body.bed,
        admittedAt: body.admittedAt,
        current: true,
      }),
    ]);
    const audit = await auditRows(t, 'patient', patient.id, 'admit');
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor_name).toBe('nurse01');
    expect(audit[0]!.after).toMatchObject({ name: body.name, inpatientNumber: body.inpatientNumber });
  });

  it('defaults the admission time to now', async () => {
    const { admittedAt: _omit, ...body } = admission();
    const patient = await data<Patient>('POST', '/v1/patients/applyHospitalization', nurse, body);
    expect(patient.admittedAt).toBe(t.clock.now.toISOString());
  });

  const rules: [string, Record<string, unknown>, string, string][] = [
    ['name', { name: '' }, 'Please enter the patient name', '请输入患者姓名'],
    ['name', { name: '王'.repeat(19) }, 'The name must be 2-18 characters', '姓名长度为 2-18 个字符'],
    ['name', { name: 'A' }, 'The name must be 2-200 characters', '姓名长度为 2-200 个字符'],
    ['gender', { gender: 'x' }, 'The gender must be male, female or unknown', '性别只能为男、女或未知'],
    [
      'dateOfBirth',
      { dateOfBirth: '2999-01-01' },
      'The date of birth cannot be in the future',
      '出生日期不能晚于今天',
    ],
    ['age', { age: 151 }, 'The age must be a whole number from 0 to 150', '年龄须为 0-150 之间的整数'],
    ['idCard', { idCard: '1234' }, 'The ID card number must be 15-18 characters', '身份证号长度为 15-18 位'],
    [
      'wristbandCode',
      { wristbandCode: 'AB' },
      'The wristband code must be 3-32 characters',
      '腕带码长度为 3-32 个字符',
    ],
    [
      'mobilePhone',
      { mobilePhone: '12345' },
      'Please enter a valid mobile phone number (11 digits, or + and 7-15 digits)',
      '请输入有效的手机号码（11 位数字，或 + 加 7-15 位数字）',
    ],
    ['email', { email: 'a@b.c' }, 'The email address must be 8-32 characters', '邮箱长度为 8-32 个字符'],
    [
      'inpatientNumber',
      { inpatientNumber: 'Z1' },
      'The inpatient number must be 4-18 characters',
      '住院号长度为 4-18 个字符',
    ],
    ['bed', { bed: 'B'.repeat(13) }, 'The bed number must be 1-12 characters', '床号长度为 1-12 个字符'],
    ['departmentCode', { departmentCode: '' }, 'Please select the department', '请选择科室'],
    ['doctorCode', { doctorCode: '' }, 'Please select the doctor', '请选择医生'],
    ['heightCm', { heightCm: 300 }, 'The height must be 30-272 cm', '身高须为 30-272 cm'],
    [
      'admittedAt',
      { admittedAt: '2999-01-01T00:00:00Z' },
      'The admission time cannot be in the future',
      '入院时间不能晚于当前时间',
    ],
    [
      'appointmentCode',
      { appointmentCode: 'A'.repeat(33) },
      'The appointment code must be 1-32 characters',
      '预约码长度为 1-32 个字符',
    ],
  ];
  it.each(rules)('refuses a bad %s in both languages', async (field, change, en, zh) => {
    for (const [lang, text] of [
      ['en-US', en],
      ['zh-CN', zh],
    ] as const) {
      const res = await api('POST', '/v1/patients/applyHospitalization', nurse, admission(change), lang);
      expect(res.statusCode).toBe(400);
      expect(res.json().dataContent.errors).toContainEqual({ field, message: text });
    }
  });

  it('refuses unknown fields (no mass assignment of status, version or ids)', async () => {
    for (const extra of [{ status: 'discharged' }, { version: 7 }, { tenantId: '202' }, { id: 1 }]) {
      const res = await api('POST', '/v1/patients/applyHospitalization', nurse, { ...admission(), ...extra });
      expect(res.statusCode).toBe(400);
      expect(res.json().dataContent.errors[0].field).toBe(Object.keys(extra)[0]);
    }
  });

  it('needs an enabled department of the caller’s scope and an active doctor of the tenant', async () => {
    const unknown = await api(
      'POST',
      '/v1/patients/applyHospitalization',
      nurse,
      admission({ departmentCode: 'NOPE' }),
    );
    expect(unknown.statusCode).toBe(400);
    expect(await message(unknown)).toBe('The department NOPE does not exist or is stopped');
    const outside = await api(
      'POST',
      '/v1/patients/applyHospitalization',
      nurse,
      admission({ departmentCode: 'CARD' }),
      'zh-CN',
    );
    expect(outside.statusCode).toBe(400);
    expect(await message(outside)).toBe('您不能向科室 CARD 收治患者');
    expect(outside.json().dataContent.errors).toEqual([
      { field: 'departmentCode', message: '您不能向科室 CARD 收治患者' },
    ]);
    const notDoctor = await api(
      'POST',
      '/v1/patients/applyHospitalization',
      nurse,
      admission({ doctorCode: 'nurse01' }),
    );
    expect(notDoctor.statusCode).toBe(400);
    expect(await message(notDoctor)).toBe('nurse01 is not an active doctor of this hospital');
    // a doctor of another department is a doctor of the tenant
    expect((await admit({ doctorCode: 'doctor02' })).doctorName).toBe('Dr. Chen Jing');
    const tag = await api(
      'POST',
      '/v1/patients/applyHospitalization',
      nurse,
      admission({ tags: ['VIP'] }),
      'zh-CN',
    );
    expect(tag.statusCode).toBe(400);
    expect(await message(tag)).toBe('标签“VIP”不在设置的患者标签中');
  });

  it('refuses a taken inpatient number, an in-hospital wristband and an occupied bed, naming the holder', async () => {
    const dup = await api(
      'POST',
      '/v1/patients/applyHospitalization',
      nurse,
      admission({ inpatientNumber: 'ZY20260001' }),
    );
    expect(dup.statusCode).toBe(409);
    expect(await message(dup)).toBe('Inpatient number ZY20260001 already belongs to 王建国');
    expect(dup.json().dataContent.errors).toEqual([
      { field: 'inpatientNumber', message: 'Inpatient number ZY20260001 already belongs to 王建国' },
    ]);
    const dupZh = await api(
      'POST',
      '/v1/patients/applyHospitalization',
      nurse,
      admission({ inpatientNumber: 'ZY20260001' }),
      'zh-CN',
    );
    expect(await message(dupZh)).toBe('住院号 ZY20260001 已属于 王建国');
    const band = await api(
      'POST',
      '/v1/patients/applyHospitalization',
      nurse,
      admission({ wristbandCode: 'WB20260002' }),
    );
    expect(band.statusCode).toBe(409);
    expect(await message(band)).toBe('Wristband WB20260002 is already worn by 李秀英, who is in hospital');
    // the wristband of a discharged patient can be given again
    const discharged = await byDischargedName('韩雪');
    expect((await admit({ wristbandCode: discharged.wristbandCode })).wristbandCode).toBe(
      discharged.wristbandCode,
    );
    const bed = await api('POST', '/v1/patients/applyHospitalization', nurse, admission({ bed: '1' }));
    expect(bed.statusCode).toBe(409);
    expect(await message(bed)).toBe('Bed 1 of this department is taken by 王建国');
  });

  it('lets exactly one of two simultaneous admissions with one inpatient number win', async () => {
    const number = 'RACE0001';
    const results = await Promise.all(
      [1, 2].map(() =>
        api('POST', '/v1/patients/applyHospitalization', nurse, admission({ inpatientNumber: number })),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const { rows } = await t.handle.db.execute(
      sql`select id from patients where tenant_id = '101' and inpatient_number = ${number}`,
    );
    expect(rows).toHaveLength(1);
  });

  it('is refused to a reviewer (403)', async () => {
    const res = await api('POST', '/v1/patients/applyHospitalization', reviewer, admission());
    expect(res.statusCode).toBe(403);
  });
});

async function byDischargedName(name: string, token = admin) {
  const page = await data<Page<Patient>>(
    'GET',
    `/v1/patients/dischargedPatients?queryCondition=${encodeURIComponent(name)}`,
    token,
  );
  const found = page.records.find((p) => p.name === name);
  if (!found) throw new Error(`no discharged patient ${name}`);
  return found;
}

describe('editing basic information', () => {
  it('changes basic fields, height, weight and tags with the version; audited', async () => {
    const patient = await admit();
    const { departmentCode: _d, doctorCode: _doc, bed: _b, admittedAt: _a, ...basic } = admission();
    const body = {
      ...basic,
      name: patient.name,
      inpatientNumber: patient.inpatientNumber,
      wristbandCode: patient.wristbandCode,
      id: patient.id,
      version: patient.version,
      heightCm: 158,
      weightKg: 61.2,
      tags: ['低血糖风险'],
      contact: 'Daughter 13900139000',
    };
    const updated = await data<Patient>('PUT', '/v1/patients', nurse, body);
    expect(updated).toMatchObject({
      heightCm: 158,
      weightKg: 61.2,
      tags: ['低血糖风险'],
      version: 2,
      bed: patient.bed,
    });
    expect((await detail(patient.id, nurse)).mobilePhone).toBeNull();
    const stale = await api('PUT', '/v1/patients', nurse, body);
    expect(stale.statusCode).toBe(409);
    expect(await message(stale)).toBe('This record was changed by someone else; reload it and try again');
    const audit = await auditRows(t, 'patient', patient.id, 'update');
    expect(audit[0]!.before).toMatchObject({ heightCm: null });
    expect(audit[0]!.after).toMatchObject({ heightCm: 158, weightKg: 61.2 });
  });

  it('refuses department, bed and doctor clearly: those are a transfer', async () => {
    const patient = await admit();
    const { departmentCode: _d, doctorCode: _doc, bed: _b, admittedAt: _a, ...basic } = admission();
    for (const [field, value] of [
      ['departmentCode', 'CARD'],
      ['bed', '99'],
      ['doctorCode', 'doctor02'],
    ]) {
      const body = { ...basic, id: patient.id, version: patient.version, [field as string]: value };
      const res = await api('PUT', '/v1/patients', nurse, body, 'zh-CN');
      expect(res.statusCode).toBe(400);
      expect(res.json().dataContent.errors).toEqual([
        { field, message: '科室、床号和医生须通过转科转床修改，不能在此编辑' },
      ]);
    }
  });

  it('is 404 outside scope or tenant and 403 for a reviewer', async () => {
    const sun = await byName('孙建华');
    const { departmentCode: _d, doctorCode: _doc, bed: _b, admittedAt: _a, ...basic } = admission();
    const body = { ...basic, id: sun.id, version: sun.version };
    expect((await api('PUT', '/v1/patients', nurse, body)).statusCode).toBe(404);
    expect((await api('PUT', '/v1/patients', admin202, body)).statusCode).toBe(404);
    expect((await api('PUT', '/v1/patients', reviewer, body)).statusCode).toBe(403);
  });

  it('refuses another patient’s inpatient number', async () => {
    const patient = await admit();
    const { departmentCode: _d, doctorCode: _doc, bed: _b, admittedAt: _a, ...basic } = admission();
    const res = await api('PUT', '/v1/patients', nurse, {
      ...basic,
      inpatientNumber: 'ZY20260003',
      id: patient.id,
      version: patient.version,
    });
    expect(res.statusCode).toBe(409);
    expect(await message(res)).toBe('Inpatient number ZY20260003 already belongs to 张伟');
  });
});

describe('deleting a patient admitted by mistake', () => {
  it('needs a reason of 1-200 characters', async () => {
    const patient = await admit();
    const none = await api('DELETE', `/v1/patients/${patient.id}?version=1`, nurse, undefined, 'zh-CN');
    expect(none.statusCode).toBe(400);
    expect(none.json().dataContent.errors[0].message).toBe('请填写删除该患者的原因');
    const long = await api('DELETE', `/v1/patients/${patient.id}?version=1&reason=${'x'.repeat(201)}`, nurse);
    expect(long.json().dataContent.errors[0].message).toBe('The reason must be 1-200 characters');
  });

  it('removes the patient from every list, keeps the row and audits the reason', async () => {
    const patient = await admit();
    const res = await api(
      'DELETE',
      `/v1/patients/${patient.id}?version=1&reason=${encodeURIComponent('Admitted twice')}`,
      nurse,
    );
    expect(res.statusCode).toBe(200);
    expect((await list('size=500', nurse)).records.map((p) => p.id)).not.toContain(patient.id);
    expect(
      (await api('GET', `/v1/patients/hospitalizedPatient?patientId=${patient.id}`, nurse)).statusCode,
    ).toBe(404);
    const { rows } = await t.handle.db.execute<{ delete_reason: string }>(
      sql`select delete_reason from patients where tenant_id = '101' and id = ${patient.id}`,
    );
    expect(rows[0]!.delete_reason).toBe('Admitted twice');
    const audit = await auditRows(t, 'patient', patient.id, 'delete');
    expect(audit).toHaveLength(1);
    // its inpatient number is free again
    expect((await admit({ inpatientNumber: patient.inpatientNumber })).inpatientNumber).toBe(
      patient.inpatientNumber,
    );
  });

  it('is refused once the patient has readings, outside scope, and to a reviewer', async () => {
    const patient = await admit();
    await insertReading(patient, 1, 7.2);
    const res = await api('DELETE', `/v1/patients/${patient.id}?version=1&reason=mistake`, nurse);
    expect(res.statusCode).toBe(409);
    expect(await message(res)).toBe(
      'This patient has 1 measurement(s) and cannot be deleted; discharge the patient instead',
    );
    const sun = await byName('孙建华');
    expect(
      (await api('DELETE', `/v1/patients/${sun.id}?version=${sun.version}&reason=x`, nurse)).statusCode,
    ).toBe(404);
    expect(
      (await api('DELETE', `/v1/patients/${sun.id}?version=${sun.version}&reason=x`, admin202)).statusCode,
    ).toBe(404);
    expect((await api('DELETE', `/v1/patients/${patient.id}?version=1&reason=x`, reviewer)).statusCode).toBe(
      403,
    );
  });
});

describe('scan and HIS lookup', () => {
  it('finds the in-hospital patient of a scanned wristband or inpatient number', async () => {
    const wang = await byName('王建国', nurse);
    const scan = await data<{ patient: Patient | null; his: unknown }>(
      'GET',
      '/v1/patients/scan?code=WB20260001',
      nurse,
    );
    expect(scan.patient?.id).toBe(wang.id);
    expect(scan.his).toBeNull();
    const byNumber = await data<{ patient: Patient | null }>(
      'GET',
      '/v1/patients/scan?code=ZY20260001',
      reviewer,
    );
    expect(byNumber.patient?.id).toBe(wang.id);
  });

  it('answers the HIS record of a code not admitted yet, and nothing for an unknown code', async () => {
    const scan = await data<{ patient: null; his: Record<string, unknown> }>(
      'GET',
      '/v1/patients/scan?code=WB20260101',
      nurse,
    );
    expect(scan.patient).toBeNull();
    expect(scan.his).toMatchObject({
      name: '冯建军',
      gender: 'male',
      inpatientNumber: 'ZY20260101',
      wristbandCode: 'WB20260101',
      departmentCode: 'ENDO',
      bed: '4',
      doctorCode: 'doctor01',
    });
    expect(scan.his.age).toBe(64);
    const none = await data('GET', '/v1/patients/scan?code=NOPE123', nurse);
    expect(none).toEqual({ patient: null, his: null, dischargedPatient: null, otherWard: false });
  });

  it('does not know another tenant’s codes', async () => {
    const other = await data('GET', '/v1/patients/scan?code=WB20260001', admin202);
    expect(other).toEqual({ patient: null, his: null, dischargedPatient: null, otherWard: false });
  });
});

describe('lookups outside the caller’s wards', () => {
  /** What must never reach another ward: the person behind the code. */
  const personal = ['name', 'idCard', 'mobilePhone', 'dateOfBirth', '萧雅琴', '孙建华', '唐志明'];
  const expectNoPersonalData = (body: string) => {
    for (const word of personal) expect(body).not.toContain(word);
    // ID numbers (18 digits) and mobile numbers (1 + 10 digits) of the seed
    expect(body).not.toMatch(/\d{17}[\dX]|1\d{10}/);
  };
  const lookupAudits = async (code: string) => {
    const { rows } = await t.handle.db.execute<{
      entity: string;
      patient_id: string | null;
      after: unknown;
    }>(sql`
      select entity, patient_id, after from audit_log
       where tenant_id = '101' and action = 'lookup.outOfScope' and after->>'code' = ${code}
       order by id`);
    return rows;
  };

  it('says only "another ward" for another ward’s inpatient, whatever HIS says, and audits it', async () => {
    // 孙建华 moved ENDO → CARD; his HIS record still names ENDO, the ENDO nurse's ward
    const sun = await byName('孙建华', admin);
    const res = await api('GET', '/v1/patients/scan?code=WB20260013', nurse);
    expect(res.statusCode).toBe(200);
    expect(res.json().dataContent).toEqual({
      patient: null,
      his: null,
      dischargedPatient: null,
      otherWard: true,
    });
    expectNoPersonalData(res.body);
    const his = await api('GET', '/v1/hisTestPatients/getHospitalizedPatient?codeNumber=ZY20260013', nurse);
    expect(his.statusCode).toBe(403);
    expect(his.json().dataContent).toEqual({ reason: 'otherWard' });
    expect(await message(his)).toBe('This patient belongs to another ward');
    expectNoPersonalData(his.body);
    const zh = await api(
      'GET',
      '/v1/hisTestPatients/getHospitalizedPatient?codeNumber=ZY20260013',
      nurse,
      undefined,
      'zh-CN',
    );
    expect(await message(zh)).toBe('该患者属于其他病区');
    const scanAudit = await lookupAudits('WB20260013');
    expect(scanAudit).toHaveLength(1);
    expect(scanAudit[0]).toMatchObject({
      entity: 'patient',
      patient_id: String(sun.id),
      after: { via: 'scan' },
    });
    expect(await lookupAudits('ZY20260013')).toHaveLength(2);
  });

  it('keeps a not-yet-admitted HIS patient to the ward HIS admits them to', async () => {
    // 萧雅琴 is due on CARD
    const scan = await api('GET', '/v1/patients/scan?code=WB20260106', nurse);
    expect(scan.json().dataContent.otherWard).toBe(true);
    expectNoPersonalData(scan.body);
    const his = await api('GET', '/v1/hisTestPatients/getHospitalizedPatient?codeNumber=WB20260106', nurse);
    expect(his.statusCode).toBe(403);
    expectNoPersonalData(his.body);
    const audits = await lookupAudits('WB20260106');
    expect(audits.map((a) => a.entity)).toEqual(['hisPatient', 'hisPatient']);
    expect(audits.map((a) => (a.after as { via: string }).via)).toEqual(['scan', 'his']);
    // an all-departments administrator admits anywhere and sees the record
    const asAdmin = await data<{ his: { name: string; idCard: string } }>(
      'GET',
      '/v1/patients/scan?code=WB20260106',
      admin,
    );
    expect(asAdmin.his.name).toBe('萧雅琴');
    expect(asAdmin.his.idCard).toMatch(/^\d{17}[\dX]$/);
  });

  it('says "another ward" for another ward’s discharged patient', async () => {
    // 唐志明 left CARD
    const scan = await api('GET', '/v1/patients/scan?code=ZY20260027', nurse);
    expect(scan.json().dataContent).toMatchObject({ dischargedPatient: null, otherWard: true });
    expectNoPersonalData(scan.body);
    expect(await lookupAudits('ZY20260027')).toHaveLength(1);
  });

  it('does not name another ward’s patient who holds a number or a bed', async () => {
    // admitting with 孙建华's (CARD) inpatient number, then wristband
    const number = await api(
      'POST',
      '/v1/patients/applyHospitalization',
      nurse,
      admission({ inpatientNumber: 'ZY20260013' }),
    );
    expect(number.statusCode).toBe(409);
    expect(await message(number)).toBe(
      'Inpatient number ZY20260013 already belongs to a patient of another ward',
    );
    expectNoPersonalData(number.body);
    const band = await api(
      'POST',
      '/v1/patients/applyHospitalization',
      nurse,
      admission({ wristbandCode: 'WB20260013' }),
      'zh-CN',
    );
    expect(await message(band)).toBe('腕带 WB20260013 已由其他病区的患者佩戴');
    expectNoPersonalData(band.body);
    expect((await lookupAudits('ZY20260013')).map((a) => (a.after as { via: string }).via)).toContain(
      'identity',
    );
    // a transfer may go to CARD; its bed 1 is 孙建华's
    const patient = await admit();
    const bed = await api('POST', '/v1/patients/transfer', nurse, {
      patientId: patient.id,
      version: patient.version,
      toDepartmentCode: 'CARD',
      toBed: '1',
      toDoctorCode: 'doctor02',
      reason: 'Chest pain, to cardiology',
      startTime: ago(1),
    });
    expect(bed.statusCode).toBe(409);
    expect(await message(bed)).toBe('Bed 1 of this department is taken');
    expectNoPersonalData(bed.body);
    // an all-departments administrator is told who
    const asAdmin = await api(
      'POST',
      '/v1/patients/applyHospitalization',
      admin,
      admission({ inpatientNumber: 'ZY20260013' }),
    );
    expect(await message(asAdmin)).toBe('Inpatient number ZY20260013 already belongs to 孙建华');
  });

  it('audits nothing for the caller’s own patients and unknown codes', async () => {
    await data('GET', '/v1/patients/scan?code=WB20260001', nurse);
    await data('GET', '/v1/patients/scan?code=WB20260101', nurse);
    await api('GET', '/v1/patients/scan?code=NOPE456', nurse);
    for (const code of ['WB20260001', 'WB20260101', 'NOPE456']) expect(await lookupAudits(code)).toEqual([]);
  });
});

describe('scan and HIS lookup, continued', () => {
  it('offers a discharged patient of the code for readmission', async () => {
    const scan = await data<{ dischargedPatient: Patient | null }>(
      'GET',
      '/v1/patients/scan?code=ZY20260026',
      nurse,
    );
    expect(scan.dischargedPatient?.name).toBe('韩雪');
  });

  it('needs a code of 1-32 characters', async () => {
    const res = await api('GET', '/v1/patients/scan?code=', nurse, undefined, 'zh-CN');
    expect(res.statusCode).toBe(400);
    expect(res.json().dataContent.errors[0].message).toBe('请扫描或输入腕带码或住院号');
  });

  it('looks a code up in the HIS by inpatient number or wristband; 404 with the message otherwise', async () => {
    const byBand = await data<{ name: string }>(
      'GET',
      '/v1/hisTestPatients/getHospitalizedPatient?codeNumber=WB20260102',
      nurse,
    );
    expect(byBand.name).toBe('邓丽娟');
    const byNumber = await data<{ name: string }>(
      'GET',
      '/v1/hisTestPatients/getHospitalizedPatient?codeNumber=ZY20260102',
      nurse,
    );
    expect(byNumber.name).toBe('邓丽娟');
    const missing = await api('GET', '/v1/hisTestPatients/getHospitalizedPatient?codeNumber=ZZ999', nurse);
    expect(missing.statusCode).toBe(404);
    expect(await message(missing)).toBe('No patient with this code in the hospital information system');
    const zh = await api(
      'GET',
      '/v1/hisTestPatients/getHospitalizedPatient?codeNumber=ZZ999',
      nurse,
      undefined,
      'zh-CN',
    );
    expect(await message(zh)).toBe('医院信息系统中没有该编码的患者');
    expect(
      (await api('GET', '/v1/hisTestPatients/getHospitalizedPatient?codeNumber=WB20260102', reviewer))
        .statusCode,
    ).toBe(403);
    expect(
      (await api('GET', '/v1/hisTestPatients/getHospitalizedPatient?codeNumber=WB20260102', admin202))
        .statusCode,
    ).toBe(404);
  });
});

describe('transfer', () => {
  const transferBody = (
    patient: Patient,
    overrides: Record<string, unknown> = {},
  ): Record<string, unknown> => ({
    patientId: patient.id,
    version: patient.version,
    toDepartmentCode: patient.departmentCode,
    toBed: `${patient.bed}X`,
    toDoctorCode: patient.doctorCode,
    reason: 'Closer to the nurses’ station',
    startTime: ago(1),
    ...overrides,
  });

  it('moves a patient to another bed; the history keeps from and to; audited', async () => {
    const patient = await admit();
    const body = transferBody(patient, { endTime: ago(0.5) });
    const moved = await data<Patient>('POST', '/v1/patients/transfer', nurse, body);
    expect(moved).toMatchObject({ bed: `${patient.bed}X`, departmentCode: 'ENDO', version: 2 });
    const history = await data<Detail['transfers']>(
      'GET',
      `/v1/patients/transfers?patientId=${patient.id}`,
      nurse,
    );
    expect(history).toEqual([
      expect.objectContaining({
        fromDepartmentCode: 'ENDO',
        toDepartmentCode: 'ENDO',
        fromBed: patient.bed,
        toBed: `${patient.bed}X`,
        fromDoctorCode: 'doctor01',
        toDoctorCode: 'doctor01',
        reason: body.reason,
        startTime: body.startTime,
        endTime: body.endTime,
      }),
    ]);
    const d = await detail(patient.id, nurse);
    expect(d.admissions[0]).toMatchObject({ bed: `${patient.bed}X` });
    const audit = await auditRows(t, 'patient', patient.id, 'transfer');
    expect(audit[0]!.before).toMatchObject({ bed: patient.bed });
    expect(audit[0]!.after).toMatchObject({ bed: `${patient.bed}X` });
  });

  it('lets a nurse transfer her patient out of her departments', async () => {
    const patient = await admit();
    const moved = await api(
      'POST',
      '/v1/patients/transfer',
      nurse,
      transferBody(patient, {
        toDepartmentCode: 'CARD',
        toBed: '20',
        toDoctorCode: 'doctor02',
      }),
    );
    expect(moved.statusCode).toBe(200);
    // it has left her scope: the answer is null and the list no longer has it
    expect(moved.json().dataContent).toBeNull();
    expect((await list('size=500', nurse)).records.map((p) => p.id)).not.toContain(patient.id);
    expect((await detail(patient.id)).departmentCode).toBe('CARD');
  });

  const rules: [string, Record<string, unknown>, string, string][] = [
    ['reason', { reason: '' }, 'Please enter the reason for the transfer', '请填写转科转床原因'],
    ['reason', { reason: 'x' }, 'The reason must be 2-200 characters', '原因长度为 2-200 个字符'],
    [
      'startTime',
      { startTime: undefined },
      'Please enter the start time of the transfer',
      '请输入转科转床开始时间',
    ],
    [
      'startTime',
      { startTime: '2999-01-01T00:00:00Z' },
      'The start time cannot be in the future',
      '开始时间不能晚于当前时间',
    ],
    [
      'endTime',
      { endTime: 'tomorrow' },
      'The end time must be a valid date and time',
      '结束时间须为有效的日期时间',
    ],
    ['toDepartmentCode', { toDepartmentCode: '' }, 'Please select the department', '请选择科室'],
  ];
  it.each(rules)('refuses a bad %s in both languages', async (field, change, en, zh) => {
    const patient = await byName('王建国', nurse);
    for (const [lang, text] of [
      ['en-US', en],
      ['zh-CN', zh],
    ] as const) {
      const res = await api('POST', '/v1/patients/transfer', nurse, transferBody(patient, change), lang);
      expect(res.statusCode).toBe(400);
      expect(res.json().dataContent.errors).toContainEqual({ field, message: text });
    }
  });

  it('needs an end after the start, a start after the admission, and a change', async () => {
    const patient = await admit({ admittedAt: ago(10) });
    const end = await api(
      'POST',
      '/v1/patients/transfer',
      nurse,
      transferBody(patient, { startTime: ago(2), endTime: ago(3) }),
    );
    expect(end.json().dataContent.errors).toContainEqual({
      field: 'endTime',
      message: 'The end time must be after the start time',
    });
    const early = await api(
      'POST',
      '/v1/patients/transfer',
      nurse,
      transferBody(patient, { startTime: ago(11) }),
    );
    expect(early.statusCode).toBe(400);
    expect(await message(early)).toMatch(/^The transfer cannot start before the admission/);
    const same = await api(
      'POST',
      '/v1/patients/transfer',
      nurse,
      transferBody(patient, { toBed: patient.bed }),
      'zh-CN',
    );
    expect(same.statusCode).toBe(400);
    expect(await message(same)).toBe('请选择新的科室、床号或医生：当前没有任何变化');
    const unknown = await api(
      'POST',
      '/v1/patients/transfer',
      nurse,
      transferBody(patient, { toDepartmentCode: 'NOPE' }),
    );
    expect(await message(unknown)).toBe('The department NOPE does not exist or is stopped');
    const notDoctor = await api(
      'POST',
      '/v1/patients/transfer',
      nurse,
      transferBody(patient, { toDoctorCode: 'reviewer01' }),
    );
    expect(await message(notDoctor)).toBe('reviewer01 is not an active doctor of this hospital');
    const taken = await api('POST', '/v1/patients/transfer', nurse, transferBody(patient, { toBed: '2' }));
    expect(taken.statusCode).toBe(409);
    expect(await message(taken)).toBe('Bed 2 of this department is taken by 李秀英');
  });

  it('answers 409 to a stale version and to a discharged patient; 404 outside scope; 403 to a reviewer', async () => {
    const patient = await admit();
    const stale = await api('POST', '/v1/patients/transfer', nurse, transferBody(patient, { version: 99 }));
    expect(stale.statusCode).toBe(409);
    const han = await byDischargedName('韩雪');
    const gone = await api('POST', '/v1/patients/transfer', nurse, transferBody(han, { toBed: '30' }));
    expect(gone.statusCode).toBe(409);
    expect(await message(gone)).toBe('Only a patient in hospital can be transferred');
    const sun = await byName('孙建华');
    expect((await api('POST', '/v1/patients/transfer', nurse, transferBody(sun))).statusCode).toBe(404);
    expect((await api('POST', '/v1/patients/transfer', admin202, transferBody(sun))).statusCode).toBe(404);
    expect((await api('POST', '/v1/patients/transfer', reviewer, transferBody(patient))).statusCode).toBe(
      403,
    );
  });
});

describe('discharge, discharged list and readmission', () => {
  it('discharges: gone from the list, in the discharged list, stay closed, audited', async () => {
    const patient = await admit({ admittedAt: ago(48) });
    const when = ago(2);
    const res = await api('POST', '/v1/patients/discharge', nurse, {
      patientId: patient.id,
      version: patient.version,
      dischargedAt: when,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().dataContent).toMatchObject({ status: 'discharged', dischargedAt: when, version: 2 });
    expect((await list('size=500', nurse)).records.map((p) => p.id)).not.toContain(patient.id);
    const discharged = await byDischargedName(patient.name, nurse);
    expect(discharged.dischargedAt).toBe(when);
    const d = await detail(patient.id, nurse);
    expect(d.admissions[0]).toMatchObject({ dischargedAt: when, current: true });
    expect(await auditRows(t, 'patient', patient.id, 'discharge')).toHaveLength(1);
    // the wristband is free for the next patient
    expect((await admit({ wristbandCode: patient.wristbandCode })).wristbandCode).toBe(patient.wristbandCode);
  });

  it('words every refusal as “Discharge failure: …” in both languages', async () => {
    const patient = await admit({ admittedAt: ago(3) });
    const early = await api('POST', '/v1/patients/discharge', nurse, {
      patientId: patient.id,
      version: 1,
      dischargedAt: ago(4),
    });
    expect(early.statusCode).toBe(400);
    // the admission time quoted is the hospital's wall clock (tenant 101: Asia/Shanghai)
    expect(await message(early)).toBe(
      `Discharge failure: the discharge time cannot be before the admission (${wallClockAt(
        patient.admittedAt,
        'Asia/Shanghai',
      ).slice(0, 16)})`,
    );
    const stale = await api(
      'POST',
      '/v1/patients/discharge',
      nurse,
      { patientId: patient.id, version: 5 },
      'zh-CN',
    );
    expect(stale.statusCode).toBe(409);
    expect(await message(stale)).toBe('出院失败：该记录已被他人修改，请刷新后重试');
    const han = await byDischargedName('韩雪');
    const again = await api('POST', '/v1/patients/discharge', nurse, {
      patientId: han.id,
      version: han.version,
    });
    expect(again.statusCode).toBe(409);
    expect(await message(again)).toBe('Discharge failure: the patient is not in hospital');
    const missing = await api('POST', '/v1/patients/discharge', nurse, { patientId: 999999, version: 1 });
    expect(missing.statusCode).toBe(404);
    expect(await message(missing)).toMatch(/^Discharge failure: /);
    const future = await api('POST', '/v1/patients/discharge', nurse, {
      patientId: patient.id,
      version: 1,
      dischargedAt: '2999-01-01T00:00:00Z',
    });
    expect(future.json().dataContent.errors).toContainEqual({
      field: 'dischargedAt',
      message: 'The discharge time cannot be in the future',
    });
    expect(
      (await api('POST', '/v1/patients/discharge', reviewer, { patientId: patient.id, version: 1 }))
        .statusCode,
    ).toBe(403);
    const sun = await byName('孙建华');
    expect(
      (await api('POST', '/v1/patients/discharge', nurse, { patientId: sun.id, version: sun.version }))
        .statusCode,
    ).toBe(404);
  });

  it('lists discharged patients of the caller’s departments, newest first, by discharge day range', async () => {
    const mine = await data<Page<Patient>>('GET', '/v1/patients/dischargedPatients?size=100', nurse);
    expect(mine.records.every((p) => p.status === 'discharged' && p.departmentCode === 'ENDO')).toBe(true);
    const times = mine.records.map((p) => p.dischargedAt ?? '');
    expect(times).toEqual([...times].sort().reverse());
    const all = await data<Page<Patient>>('GET', '/v1/patients/dischargedPatients?size=100', admin);
    expect(all.records.map((p) => p.name)).toEqual(expect.arrayContaining(['谢文斌', '韩雪', '唐志明']));
    const han = await byDischargedName('韩雪');
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(
      new Date(han.dischargedAt!),
    );
    const sameDay = await data<Page<Patient>>(
      'GET',
      `/v1/patients/dischargedPatients?beginDate=${day}&endDate=${day}`,
      admin,
    );
    expect(sameDay.records.map((p) => p.name)).toContain('韩雪');
    expect(sameDay.records.map((p) => p.name)).not.toContain('唐志明');
    const order = await api(
      'GET',
      '/v1/patients/dischargedPatients?beginDate=2026-03-02&endDate=2026-03-01',
      admin,
      undefined,
      'zh-CN',
    );
    expect(order.statusCode).toBe(400);
    expect(order.json().dataContent.errors).toContainEqual({
      field: 'endDate',
      message: '开始时间不能晚于结束时间',
    });
    expect(
      (await data<Page<Patient>>('GET', '/v1/patients/dischargedPatients', admin202)).records.every(
        (p) => p.name !== '韩雪',
      ),
    ).toBe(true);
  });

  it('readmits a discharged patient: back on the list, two stays in the history', async () => {
    const patient = await admit({ admittedAt: ago(30) });
    const out = await data<Patient>('POST', '/v1/patients/discharge', nurse, {
      patientId: patient.id,
      version: 1,
      dischargedAt: ago(20),
    });
    const body = {
      version: out.version,
      admittedAt: ago(2),
      departmentCode: 'ENDO',
      bed: `${patient.bed}R`,
      doctorCode: 'doctor01',
      inpatientNumber: `${patient.inpatientNumber}R`,
    };
    const back = await data<Patient>(
      'POST',
      `/v1/patients/reApplyHospitalization/${patient.id}`,
      nurse,
      body,
    );
    expect(back).toMatchObject({
      status: 'inHospital',
      bed: `${patient.bed}R`,
      admittedAt: body.admittedAt,
      dischargedAt: null,
    });
    expect(back.inpatientNumber).toBe(body.inpatientNumber);
    expect(back.wristbandCode).toBe(patient.wristbandCode);
    expect((await list('size=500', nurse)).records.map((p) => p.id)).toContain(patient.id);
    const d = await detail(patient.id, nurse);
    expect(d.admissions).toHaveLength(2);
    expect(d.admissions[0]).toMatchObject({ current: true, dischargedAt: null, bed: `${patient.bed}R` });
    expect(d.admissions[1]).toMatchObject({ current: false, bed: patient.bed });
    expect(await auditRows(t, 'patient', patient.id, 'readmit')).toHaveLength(1);
  });

  it('refuses a readmission before the last discharge, of a patient in hospital, and a stale version', async () => {
    const han = await byDischargedName('韩雪');
    const body = {
      version: han.version,
      admittedAt: ago(24 * 10),
      departmentCode: 'ENDO',
      doctorCode: 'doctor01',
      bed: '40',
    };
    const early = await api('POST', `/v1/patients/reApplyHospitalization/${han.id}`, nurse, body, 'zh-CN');
    expect(early.statusCode).toBe(400);
    expect(await message(early)).toMatch(/^再次入院时间须晚于上次出院时间/);
    const stale = await api('POST', `/v1/patients/reApplyHospitalization/${han.id}`, nurse, {
      ...body,
      version: 99,
      admittedAt: ago(1),
    });
    expect(stale.statusCode).toBe(409);
    const wang = await byName('王建国');
    const inHospital = await api('POST', `/v1/patients/reApplyHospitalization/${wang.id}`, nurse, {
      ...body,
      version: wang.version,
      admittedAt: ago(1),
    });
    expect(inHospital.statusCode).toBe(409);
    expect(await message(inHospital)).toBe(
      'Only a discharged patient or an outpatient can be admitted again',
    );
    const outside = await api('POST', `/v1/patients/reApplyHospitalization/${han.id}`, nurse, {
      ...body,
      admittedAt: ago(1),
      departmentCode: 'CARD',
    });
    expect(await message(outside)).toBe('You cannot admit patients to the department CARD');
    const missingTime = await api('POST', `/v1/patients/reApplyHospitalization/${han.id}`, nurse, {
      ...body,
      admittedAt: undefined,
    });
    expect(missingTime.json().dataContent.errors).toContainEqual({
      field: 'admittedAt',
      message: 'Please enter the admission time',
    });
    expect(
      (await api('POST', `/v1/patients/reApplyHospitalization/${han.id}`, reviewer, body)).statusCode,
    ).toBe(403);
    expect(
      (await api('POST', `/v1/patients/reApplyHospitalization/${han.id}`, admin202, body)).statusCode,
    ).toBe(404);
  });
});

describe('patient glucose events', () => {
  let eventId: number;
  let itemId: number;
  let otherItemId: number;
  let stoppedItemId: number;

  beforeAll(async () => {
    const { rows } = await t.handle.db.execute<{ id: string }>(sql`
      insert into glu_events (tenant_id, code, name_en) values ('101', 'MEAL', 'Meal'), ('101', 'SPORT', 'Exercise')
      returning id`);
    eventId = Number(rows[0]!.id);
    const items = await t.handle.db.execute<{ id: string }>(sql`
      insert into glu_event_items (tenant_id, event_id, code, name_en, is_active)
      values ('101', ${eventId}, 'BF', 'Breakfast', true),
             ('101', ${Number(rows[1]!.id)}, 'RUN', 'Running', true),
             ('101', ${eventId}, 'OLD', 'Old option', false)
      returning id`);
    [itemId, otherItemId, stoppedItemId] = items.rows.map((row) => Number(row.id)) as [
      number,
      number,
      number,
    ];
  });

  it('records, lists, changes and deletes an event; audited', async () => {
    const patient = await admit();
    const saved = await data<{ id: number; eventName: string; itemName: string; note: string }>(
      'POST',
      '/v1/patient/glu/event/save',
      nurse,
      { patientId: patient.id, eventId, itemId, occurredAt: ago(3), note: 'Porridge' },
    );
    expect(saved).toMatchObject({ eventName: 'Meal', itemName: 'Breakfast', note: 'Porridge' });
    const page = await data<Page<{ id: number }>>(
      'GET',
      `/v1/patient/glu/event/page/${patient.id}?page=1&size=10`,
      reviewer,
    );
    expect(page.records.map((e) => e.id)).toEqual([saved.id]);
    const changed = await data<{ id: number; note: string | null }>(
      'POST',
      '/v1/patient/glu/event/save',
      nurse,
      {
        id: saved.id,
        patientId: patient.id,
        eventId,
        occurredAt: ago(2.5),
        note: '',
      },
    );
    expect(changed).toMatchObject({ id: saved.id, note: null });
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date(ago(2.5)));
    const listed = await data<{ id: number }[]>(
      'GET',
      `/v1/patient/glu/event/list?patientId=${patient.id}&beginDate=${day}&endDate=${day}`,
      nurse,
    );
    expect(listed.map((e) => e.id)).toEqual([saved.id]);
    expect((await api('DELETE', `/v1/patient/glu/event?id=${saved.id}`, nurse)).statusCode).toBe(200);
    expect((await data<Page<unknown>>('GET', `/v1/patient/glu/event/page/${patient.id}`, nurse)).total).toBe(
      0,
    );
    expect(await auditRows(t, 'patientGluEvent', saved.id, 'create')).toHaveLength(1);
    expect(await auditRows(t, 'patientGluEvent', saved.id, 'update')).toHaveLength(1);
    expect(await auditRows(t, 'patientGluEvent', saved.id, 'delete')).toHaveLength(1);
  });

  it('needs a live event, an enabled option of that event, a past time and a short note', async () => {
    const patient = await admit();
    const base = { patientId: patient.id, eventId, occurredAt: ago(1) };
    const cases: [Record<string, unknown>, string, string, string][] = [
      [{ eventId: 999999 }, 'eventId', 'This glucose event does not exist', '该血糖事件不存在'],
      [
        { itemId: otherItemId },
        'itemId',
        'This option does not belong to the chosen event',
        '该选项不属于所选事件',
      ],
      [
        { itemId: stoppedItemId },
        'itemId',
        'This option does not exist or is stopped',
        '该选项不存在或已停用',
      ],
      [
        { occurredAt: '2999-01-01T00:00:00Z' },
        'occurredAt',
        'The time of the event cannot be in the future',
        '事件时间不能晚于当前时间',
      ],
      [{ note: 'n'.repeat(201) }, 'note', 'The note must be at most 200 characters', '备注最多 200 个字符'],
      [{ eventId: undefined }, 'eventId', 'Please choose the event', '请选择事件'],
    ];
    for (const [change, field, en, zh] of cases) {
      for (const [lang, text] of [
        ['en-US', en],
        ['zh-CN', zh],
      ] as const) {
        const res = await api('POST', '/v1/patient/glu/event/save', nurse, { ...base, ...change }, lang);
        expect(res.statusCode).toBe(400);
        expect(res.json().dataContent.errors).toContainEqual({ field, message: text });
      }
    }
  });

  it('keeps scope, tenants and roles', async () => {
    const sun = await byName('孙建华');
    const body = { patientId: sun.id, eventId, occurredAt: ago(1) };
    expect((await api('POST', '/v1/patient/glu/event/save', nurse, body)).statusCode).toBe(404);
    expect((await api('POST', '/v1/patient/glu/event/save', admin202, body)).statusCode).toBe(404);
    expect((await api('GET', `/v1/patient/glu/event/page/${sun.id}`, nurse)).statusCode).toBe(404);
    const mine = await admit();
    expect(
      (await api('POST', '/v1/patient/glu/event/save', reviewer, { ...body, patientId: mine.id })).statusCode,
    ).toBe(403);
    const saved = await data<{ id: number }>('POST', '/v1/patient/glu/event/save', admin, {
      ...body,
      eventId,
      itemId,
    });
    expect((await api('DELETE', `/v1/patient/glu/event?id=${saved.id}`, nurse)).statusCode).toBe(404);
    expect((await api('DELETE', `/v1/patient/glu/event?id=${saved.id}`, admin202)).statusCode).toBe(404);
  });
});

describe('doctors a patient can be given to', () => {
  it('lists the active doctors of the whole hospital, or of one department, to any clinical role', async () => {
    const all = await data<{ userName: string; departmentCode: string }[]>(
      'GET',
      '/v1/patients/doctors',
      nurse,
    );
    expect(all.map((d) => d.userName)).toEqual(
      expect.arrayContaining(['doctor01', 'doctor02', 'doctor03', 'doctor04', 'doctor05']),
    );
    const card = await data<{ userName: string; departmentName: string }[]>(
      'GET',
      '/v1/patients/doctors?departmentCode=CARD',
      reviewer,
      undefined,
    );
    expect(card).toEqual([expect.objectContaining({ userName: 'doctor02', departmentName: 'Cardiology' })]);
    expect(await data('GET', '/v1/patients/doctors', admin202)).toEqual([]);
  });
});

describe('hospital time zone', () => {
  it('is read by any session and changed by those who edit hospital settings', async () => {
    expect(await data('GET', '/v1/systemSetting/timeZone', nurse)).toEqual({ value: 'Asia/Shanghai' });
    expect((await api('POST', '/v1/systemSetting/timeZone', nurse, { value: 'UTC' })).statusCode).toBe(403);
    const bad = await api('POST', '/v1/systemSetting/timeZone', admin, { value: 'Mars/Base' }, 'zh-CN');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().dataContent.errors).toContainEqual({
      field: 'value',
      message: '时区须为 IANA 名称，例如 Asia/Shanghai',
    });
    expect(await data('POST', '/v1/systemSetting/timeZone', admin202, { value: 'Europe/London' })).toEqual({
      value: 'Europe/London',
    });
    expect(await data('GET', '/v1/systemSetting/timeZone', admin202)).toEqual({ value: 'Europe/London' });
    expect(await data('GET', '/v1/systemSetting/timeZone', admin)).toEqual({ value: 'Asia/Shanghai' });
  });
});

describe('departments with patients', () => {
  it('cannot be deleted while patients are in hospital there; can once they are discharged', async () => {
    const dept = await data<{ id: number }>('POST', '/v2/departments', admin, {
      code: 'OBSW',
      name: '观察病区',
      nameEn: 'Observation ward',
      parentId: null,
      isWard: true,
      sort: 90,
    });
    const patient = await admit({ departmentCode: 'OBSW', bed: '1' }, admin);
    const res = await api('DELETE', `/v1/departments/${dept.id}?version=1`, admin);
    expect(res.statusCode).toBe(409);
    expect(await message(res)).toBe(
      'This department still has 1 patient(s) in hospital; transfer or discharge them first',
    );
    const zh = await api('DELETE', `/v1/departments/${dept.id}?version=1`, admin, undefined, 'zh-CN');
    expect(await message(zh)).toBe('该科室仍有 1 名在院患者，请先转科或办理出院');
    await data('POST', '/v1/patients/discharge', admin, {
      patientId: patient.id,
      version: patient.version,
      dischargedAt: ago(1),
    });
    expect((await api('DELETE', `/v1/departments/${dept.id}?version=1`, admin)).statusCode).toBe(200);
  });
});
