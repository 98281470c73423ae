import { isAppointmentCode } from '@glucocare/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOf, auditRows } from '../../test/api';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
let api: ReturnType<typeof apiOf>;
let nurse: string;
let reviewer: string;
let admin202: string;

beforeAll(async () => {
  t = await createTestContext();
  api = apiOf(t);
  [nurse, reviewer, admin202] = await Promise.all([
    t.login('101', 'nurse01', 'Nurse@2026'),
    t.login('101', 'reviewer01', 'Review@2026'),
    t.login('202', 'admin', 'Admin@202202'),
  ]);
});
afterAll(() => t.close());

const request = (overrides: Record<string, unknown> = {}) => ({
  tenant: '101',
  name: 'Chen Jie',
  gender: 'male',
  dateOfBirth: '1970-08-15',
  idCard: '11010519700815123X',
  mobilePhone: '13912345678',
  contact: 'wife 13812345678',
  departmentCode: 'ENDO',
  ...overrides,
});

/** The public call: no session. */
const publicPost = (body: unknown, lang?: string) =>
  t.request({ method: 'POST', url: '/app-service/v1/public/appointments', payload: body as object, lang });

async function book(body = request()): Promise<{ code: string; expiresAt: string }> {
  const res = await publicPost(body);
  if (res.statusCode !== 200) throw new Error(`booking failed: ${res.statusCode} ${res.body}`);
  return res.json().dataContent;
}

let bed = 0;
const admission = (appointmentCode: string, overrides: Record<string, unknown> = {}) => ({
  name: 'Chen Jie',
  gender: 'male',
  dateOfBirth: '1970-08-15',
  age: 55,
  bed: `AP${++bed}`,
  departmentCode: 'ENDO',
  doctorCode: 'doctor01',
  appointmentCode,
  ...overrides,
});

describe('the public form', () => {
  it('offers the hospital’s name and enabled departments, names only, without a session', async () => {
    const en = await t.request({
      method: 'GET',
      url: '/app-service/v1/public/appointments/options?tenant=101',
    });
    expect(en.statusCode).toBe(200);
    const options = en.json().dataContent;
    expect(typeof options.hospitalName).toBe('string');
    expect(options.departments).toEqual(expect.arrayContaining([expect.objectContaining({ code: 'ENDO' })]));
    for (const d of options.departments) expect(Object.keys(d).sort()).toEqual(['code', 'name']);
    const zh = await t.request({
      method: 'GET',
      url: '/app-service/v1/public/appointments/options?tenant=101',
      lang: 'zh-CN',
    });
    expect(zh.json().dataContent.hospitalName).not.toBe(options.hospitalName);
  });

  it('refuses an unknown hospital in both languages', async () => {
    const en = await t.request({
      method: 'GET',
      url: '/app-service/v1/public/appointments/options?tenant=999',
    });
    expect(en.statusCode).toBe(400);
    expect(en.json().dataContent.errors).toEqual([
      { field: 'tenant', message: 'Unknown hospital: please open the registration link of your hospital' },
    ]);
    const zh = await publicPost(request({ tenant: '999' }), 'zh-CN');
    expect(zh.statusCode).toBe(400);
    expect(zh.json().dataContent.errors).toEqual([
      { field: 'tenant', message: '未知的医院：请打开所在医院的预约登记链接' },
    ]);
  });

  it('answers only the code and its expiry, and audits the registration', async () => {
    const res = await publicPost(request());
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json().dataContent;
    expect(Object.keys(body).sort()).toEqual(['code', 'expiresAt']);
    expect(isAppointmentCode(body.code)).toBe(true);
    expect(new Date(body.expiresAt).getTime() - t.clock.now.getTime()).toBe(7 * 86_400_000);
    expect(res.body).not.toContain('Chen Jie');
    expect(res.body).not.toContain('13912345678');
    const { rows } = await t.handle.db.execute<{ id: string }>(
      sql`select id from appointments where tenant_id = '101' and code = ${body.code}`,
    );
    const audit = await auditRows(t, 'appointment', rows[0]!.id, 'create');
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor_name).toBe('public');
  });

  it('checks the details with messages in both languages', async () => {
    const en = await publicPost(request({ mobilePhone: '', name: 'X' }), 'en-US');
    expect(en.statusCode).toBe(400);
    expect(en.json().dataContent.errors).toEqual(
      expect.arrayContaining([{ field: 'mobilePhone', message: 'Please enter the mobile phone number' }]),
    );
    const zh = await publicPost(request({ mobilePhone: '' }), 'zh-CN');
    expect(zh.json().dataContent.errors).toEqual([{ field: 'mobilePhone', message: '请输入手机号码' }]);
    const dept = await publicPost(request({ departmentCode: 'NOPE' }));
    expect(dept.statusCode).toBe(400);
    expect(dept.json().dataContent.errors).toEqual([
      { field: 'departmentCode', message: 'Please choose a department of the list' },
    ]);
  });
});

describe('looking up and admitting by code', () => {
  it('prefills the admission form; unknown codes are 404; another tenant sees nothing', async () => {
    const { code } = await book();
    const res = await api('GET', `/v1/appointments/${code.toLowerCase()}`, nurse);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().dataContent).toMatchObject({
      code,
      name: 'Chen Jie',
      gender: 'male',
      dateOfBirth: '1970-08-15',
      mobilePhone: '13912345678',
      departmentCode: 'ENDO',
    });
    const unknown = await api('GET', '/v1/appointments/ZZZZZZZZ', nurse, undefined, 'zh-CN');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('没有该预约码对应的预约');
    expect((await api('GET', `/v1/appointments/${code}`, admin202)).statusCode).toBe(404);
    const malformed = await api('GET', '/v1/appointments/ABC', nurse);
    expect(malformed.statusCode).toBe(400);
    expect((await api('GET', `/v1/appointments/${code}`, reviewer)).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: `/app-service/v1/appointments/${code}` })).statusCode).toBe(
      401,
    );
  });

  it('marks the appointment used by the admission; a used code is refused after', async () => {
    const { code } = await book();
    const res = await api('POST', '/v1/patients/applyHospitalization', nurse, admission(code));
    expect(res.statusCode, res.body).toBe(200);
    const patientId = res.json().dataContent.id;
    const { rows } = await t.handle.db.execute<{ used_at: Date | null; used_patient_id: string | null }>(
      sql`select used_at, used_patient_id from appointments where tenant_id = '101' and code = ${code}`,
    );
    expect(rows[0]!.used_at).not.toBeNull();
    expect(Number(rows[0]!.used_patient_id)).toBe(patientId);

    const lookup = await api('GET', `/v1/appointments/${code}`, nurse);
    expect(lookup.statusCode).toBe(410);
    expect(lookup.json().message).toBe('This appointment code has already been used for an admission');
    const again = await api('POST', '/v1/patients/applyHospitalization', nurse, admission(code), 'zh-CN');
    expect(again.statusCode).toBe(400);
    expect(again.json().dataContent.errors).toEqual([
      { field: 'appointmentCode', message: '该预约码已用于入院登记' },
    ]);
  });

  it('refuses an expired code on look-up (410) and at admission (400), nothing admitted', async () => {
    const { code } = await book();
    await t.handle.db.execute(
      sql`update appointments set expires_at = now() - interval '1 minute' where tenant_id = '101' and code = ${code}`,
    );
    const lookup = await api('GET', `/v1/appointments/${code}`, nurse, undefined, 'zh-CN');
    expect(lookup.statusCode).toBe(410);
    expect(lookup.json().message).toBe('该预约码已过期，请重新登记');
    const body = admission(code, { name: 'Expired Code' });
    const res = await api('POST', '/v1/patients/applyHospitalization', nurse, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().dataContent.errors).toEqual([
      { field: 'appointmentCode', message: 'This appointment code has expired; please register again' },
    ]);
    const { rows } = await t.handle.db.execute<{ n: number }>(
      sql`select count(*)::int as n from patients where tenant_id = '101' and name = 'Expired Code'`,
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('keeps a code the hospital never issued as typed (a HIS booking number)', async () => {
    const res = await api('POST', '/v1/patients/applyHospitalization', nurse, admission('HIS-77881'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().dataContent.appointmentCode).toBe('HIS-77881');
  });
});

describe('rate limit', () => {
  it('answers 429 with a clear message in both languages past the hourly limit per address', async () => {
    const limited = await createTestContext({ appointmentRateLimit: 2 });
    try {
      const send = (lang: string) =>
        limited.request({
          method: 'POST',
          url: '/app-service/v1/public/appointments',
          payload: request(),
          lang,
        });
      expect((await send('en-US')).statusCode).toBe(200);
      expect((await send('en-US')).statusCode).toBe(200);
      const en = await send('en-US');
      expect(en.statusCode).toBe(429);
      expect(en.json().message).toBe(
        'Too many registrations from this device; please wait a few minutes and try again',
      );
      const zh = await send('zh-CN');
      expect(zh.statusCode).toBe(429);
      expect(zh.json().message).toBe('本设备登记次数过多，请几分钟后再试');
      expect(en.body).not.toContain('Chen Jie');
      // another address is not limited
      const other = await limited.app.inject({
        method: 'POST',
        url: '/app-service/v1/public/appointments',
        payload: request(),
        remoteAddress: '10.9.9.9',
      });
      expect(other.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
