import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOf, auditRows } from '../../test/api';
import { createTestContext, type TestContext } from '../../test/harness';
import { hoursAgo, insertPatient } from '../measurements/test-support';

let t: TestContext;
let api: ReturnType<typeof apiOf>;
let admin: string;
let admin202: string;
let endoDoctor: string;
let endoNurse: string;
let cardDoctor: string;

async function idOf(query: ReturnType<typeof sql>) {
  const { rows } = await t.handle.db.execute<{ id: string }>(query);
  return Number(rows[0]!.id);
}

/** A doctor of another department, with doctor01's password. */
async function insertDoctor(userName: string, departmentCode: string) {
  const id = await idOf(sql`
    insert into users (tenant_id, user_name, nick_name, password_hash, department_code, permission_scope,
                       must_change_password)
    select tenant_id, ${userName}, ${`Dr. ${userName}`}, password_hash, ${departmentCode}, 'departments', false
      from users where tenant_id = '101' and user_name = 'doctor01'
    returning id`);
  await t.handle.db.execute(sql`insert into user_roles (tenant_id, user_id, role_id)
    select '101', ${id}, id from roles where tenant_id = '101' and code = 'doctor'`);
  return id;
}

beforeAll(async () => {
  t = await createTestContext();
  api = apiOf(t);
  await insertDoctor('vwcard', 'CARD');
  [admin, admin202, endoDoctor, endoNurse, cardDoctor] = await Promise.all([
    t.login('101', 'admin', 'Admin@123456'),
    t.login('202', 'admin', 'Admin@202202'),
    t.login('101', 'doctor01', 'Doctor@2026'),
    t.login('101', 'nurse01', 'Nurse@2026'),
    t.login('101', 'vwcard', 'Doctor@2026'),
  ]);
  // every test chooses its own settings: no managing department, auto join off
  await t.handle.db.execute(
    sql`delete from settings where key in ('virtualWard.managingDepartment', 'virtualWard.autoJoin')`,
  );
});
afterAll(() => t.close());

type Stay = {
  id: number;
  patientId: number;
  version: number;
  joinCount: number;
  source: string;
  suggestion: string;
  deviceMark: string;
  deviceMarkName: string;
  groupLabels: string[];
  patientState: string;
  patientStateName: string;
  exitedAt: string | null;
  exitReason: string | null;
  exitedByName: string | null;
  managedDays: number;
  latestGlucose: { value: number; unit: string } | null;
};

const joinBody = (patientId: number, extra: Record<string, unknown> = {}) => ({
  patientId,
  joinedAt: hoursAgo(t.clock.now, 2),
  suggestion: 'Basal insulin, review in 3 days',
  ...extra,
});

/** The hospital-calendar date of an instant for tenant 101 (Asia/Shanghai, no daylight saving). */
const shanghaiDay = (at: Date) => new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);

async function setManaging(code: string) {
  const res = await api('POST', '/v1/virtualward/setting/managingDepartment', admin, { value: code });
  expect(res.statusCode, res.body).toBe(200);
}

async function join(
  patientId: number,
  token = endoDoctor,
  extra: Record<string, unknown> = {},
): Promise<Stay> {
  const res = await api('POST', '/v1/virtualward/join', token, joinBody(patientId, extra));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().dataContent;
}

describe('managing department setting', () => {
  it('is null until chosen; a department of the tenant; strategy permission to change; audited', async () => {
    const read = await api('GET', '/v1/virtualward/setting/managingDepartment', endoNurse);
    expect(read.statusCode).toBe(200);
    expect(read.json().dataContent).toBeNull();
    const unknown = await api(
      'POST',
      '/v1/virtualward/setting/managingDepartment',
      admin,
      { value: 'NOPE' },
      'zh-CN',
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().dataContent.errors[0].field).toBe('value');
    const empty = await api('POST', '/v1/virtualward/setting/managingDepartment', admin, { value: ' ' });
    expect(empty.json().dataContent.errors).toEqual([
      { field: 'value', message: 'Please choose the department that manages the virtual ward' },
    ]);
    const doctor = await api('POST', '/v1/virtualward/setting/managingDepartment', endoDoctor, {
      value: 'ENDO',
    });
    expect(doctor.statusCode).toBe(403);
    await setManaging('ENDO');
    const after = await api('GET', '/v1/virtualward/setting/managingDepartment', endoDoctor);
    expect(after.json().dataContent).toBe('ENDO');
    const audit = await auditRows(t, 'setting', 'virtualWard.managingDepartment', 'update');
    expect(audit.length).toBeGreaterThanOrEqual(1);
  });
});

describe('joining', () => {
  it('refuses without a managing department, in both languages', async () => {
    await t.handle.db.execute(sql`delete from settings where key = 'virtualWard.managingDepartment'`);
    const patient = await insertPatient(t, { name: 'No Managing', departmentCode: 'CARD' });
    const en = await api('POST', '/v1/virtualward/join', admin, joinBody(patient));
    expect(en.statusCode).toBe(400);
    expect(en.json().message).toBe(
      'Join failed: the department that manages the virtual ward has not been set',
    );
    const zh = await api('POST', '/v1/virtualward/join', admin, joinBody(patient), 'zh-CN');
    expect(zh.json().message).toBe('入组失败：尚未设置虚拟病房的管理科室');
    await setManaging('ENDO');
  });

  it('joins a patient of another ward by the managing department; audited; join count 1', async () => {
    const patient = await insertPatient(t, {
      name: 'Card Join',
      departmentCode: 'CARD',
      inpatientNumber: 'VW-1',
    });
    const stay = await join(patient, endoDoctor, { deviceMark: 'pump', groupLabels: ['post-op'] });
    expect(stay).toMatchObject({
      patientId: patient,
      joinCount: 1,
      source: 'manual',
      deviceMark: 'pump',
      deviceMarkName: 'Insulin pump',
      groupLabels: ['post-op'],
      patientState: 'inHospital',
      exitedAt: null,
    });
    const audit = await auditRows(t, 'virtualWardStay', stay.id, 'join');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor_name: 'doctor01',
      after: { patientId: patient, source: 'manual' },
    });
  });

  it('refuses a patient already in (409), an own inpatient, a bad body, in both languages', async () => {
    const patient = await insertPatient(t, { name: 'Twice', departmentCode: 'CARD' });
    await join(patient);
    const again = await api('POST', '/v1/virtualward/join', endoDoctor, joinBody(patient), 'zh-CN');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('入组失败：该患者已在虚拟病房中');
    const own = await insertPatient(t, { name: 'Own Ward', departmentCode: 'ENDO' });
    const refused = await api('POST', '/v1/virtualward/join', endoDoctor, joinBody(own));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      "Join failed: the patient is an inpatient of the managing department's own ward",
    );
    // a discharged patient of the managing department may join
    const home = await insertPatient(t, { name: 'Home Endo', departmentCode: 'ENDO', status: 'discharged' });
    expect((await join(home)).patientState).toBe('discharged');
    const bad = await api(
      'POST',
      '/v1/virtualward/join',
      endoDoctor,
      { patientId: patient, suggestion: '' },
      'zh-CN',
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().dataContent.errors).toEqual([
      { field: 'joinedAt', message: '请填写入组时间' },
      { field: 'suggestion', message: '请输入管理建议' },
    ]);
    const fresh = await insertPatient(t, { name: 'Future', departmentCode: 'CARD' });
    const future = await api(
      'POST',
      '/v1/virtualward/join',
      endoDoctor,
      joinBody(fresh, { joinedAt: new Date(t.clock.now.getTime() + 3_600_000).toISOString() }),
    );
    expect(future.statusCode).toBe(400);
    expect(future.json().dataContent.errors).toEqual([
      { field: 'joinedAt', message: 'The join time cannot be in the future' },
    ]);
  });

  it('is 404 for a patient of another ward outside the managing department, and of another tenant', async () => {
    const patient = await insertPatient(t, { name: 'Neph Only', departmentCode: 'NEPH' });
    const res = await api('POST', '/v1/virtualward/join', cardDoctor, joinBody(patient));
    expect(res.statusCode).toBe(404);
    const other = await insertPatient(t, { tenantId: '202', name: 'Riverside', departmentCode: 'IM' });
    const cross = await api('POST', '/v1/virtualward/join', endoDoctor, joinBody(other));
    expect(cross.statusCode).toBe(404);
    const tenant202 = await api('POST', '/v1/virtualward/join', admin202, joinBody(patient));
    expect(tenant202.statusCode).toBe(404);
  });

  it("lets the patient's own ward join its patient", async () => {
    const patient = await insertPatient(t, { name: 'Card Own', departmentCode: 'CARD' });
    expect((await join(patient, cardDoctor)).joinCount).toBe(1);
  });

  it('a nurse may list but not join (403)', async () => {
    const patient = await insertPatient(t, { name: 'Nurse Try', departmentCode: 'CARD' });
    const res = await api('POST', '/v1/virtualward/join', endoNurse, joinBody(patient));
    expect(res.statusCode).toBe(403);
  });
});

describe('exit, batch end and re-join', () => {
  it('ends one stay with a reason; a second end is 409; re-joining counts 2', async () => {
    const patient = await insertPatient(t, { name: 'Rejoin', departmentCode: 'GSURG' });
    const first = await join(patient);
    const res = await api('POST', '/v1/virtualward/exit', endoDoctor, {
      stayIds: [first.id],
      reason: 'Glucose stable',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Virtual-ward management ended');
    expect(res.json().dataContent[0]).toMatchObject({
      id: first.id,
      exitReason: 'Glucose stable',
      exitedByName: expect.any(String),
      version: first.version + 1,
    });
    const again = await api(
      'POST',
      '/v1/virtualward/exit',
      endoDoctor,
      { stayIds: [first.id], reason: 'x' },
      'zh-CN',
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('该患者的虚拟病房管理已结束');
    const second = await join(patient);
    expect(second.joinCount).toBe(2);
    const audit = await auditRows(t, 'virtualWardStay', first.id, 'exit');
    expect(audit[0]).toMatchObject({ before: { exitedAt: null }, after: { exitReason: 'Glucose stable' } });
  });

  it('batch-ends many stays at once, all or nothing', async () => {
    const a = await join(await insertPatient(t, { name: 'Batch A', departmentCode: 'CARD' }));
    const b = await join(await insertPatient(t, { name: 'Batch B', departmentCode: 'NEPH' }));
    const ended = await join(await insertPatient(t, { name: 'Batch C', departmentCode: 'NEPH' }));
    await api('POST', '/v1/virtualward/exit', endoDoctor, { stayIds: [ended.id], reason: 'Done' });
    const mixed = await api('POST', '/v1/virtualward/exit', endoDoctor, {
      stayIds: [a.id, b.id, ended.id],
      reason: 'Discharged home',
    });
    expect(mixed.statusCode).toBe(409);
    const res = await api('POST', '/v1/virtualward/exit', endoDoctor, {
      stayIds: [a.id, b.id],
      reason: 'Discharged home',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().dataContent.map((s: Stay) => s.exitReason)).toEqual([
      'Discharged home',
      'Discharged home',
    ]);
  });

  it('refuses an exit before the join, a missing reason, and stays out of scope (404)', async () => {
    const stay = await join(await insertPatient(t, { name: 'Early', departmentCode: 'CARD' }));
    const early = await api('POST', '/v1/virtualward/exit', endoDoctor, {
      stayIds: [stay.id],
      reason: 'r',
      exitedAt: hoursAgo(t.clock.now, 5),
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().dataContent.errors).toEqual([
      { field: 'exitedAt', message: 'The exit time cannot be before the join time' },
    ]);
    const noReason = await api('POST', '/v1/virtualward/exit', endoDoctor, { stayIds: [stay.id] }, 'zh-CN');
    expect(noReason.json().dataContent.errors).toEqual([
      { field: 'reason', message: '请输入结束管理的原因' },
    ]);
    const nephStay = await join(await insertPatient(t, { name: 'Neph Scope', departmentCode: 'NEPH' }));
    const card = await api('POST', '/v1/virtualward/exit', cardDoctor, {
      stayIds: [nephStay.id],
      reason: 'r',
    });
    expect(card.statusCode).toBe(404);
    const other = await api('POST', '/v1/virtualward/exit', admin202, { stayIds: [stay.id], reason: 'r' });
    expect(other.statusCode).toBe(404);
  });
});

describe('editing a current stay', () => {
  it('changes the suggestion, mark and labels; stale version and ended stays are 409', async () => {
    const stay = await join(await insertPatient(t, { name: 'Edit', departmentCode: 'CARD' }));
    const res = await api('PUT', '/v1/virtualward/stay', endoDoctor, {
      id: stay.id,
      version: stay.version,
      deviceMark: 'cgm',
      groupLabels: ['CGM', 'elderly'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().dataContent).toMatchObject({
      deviceMark: 'cgm',
      groupLabels: ['CGM', 'elderly'],
      suggestion: stay.suggestion,
      version: stay.version + 1,
    });
    const stale = await api('PUT', '/v1/virtualward/stay', endoDoctor, {
      id: stay.id,
      version: stay.version,
      suggestion: 'x',
    });
    expect(stale.statusCode).toBe(409);
    await api('POST', '/v1/virtualward/exit', endoDoctor, { stayIds: [stay.id], reason: 'r' });
    const ended = await api('PUT', '/v1/virtualward/stay', endoDoctor, {
      id: stay.id,
      version: stay.version + 2,
      suggestion: 'x',
    });
    expect(ended.statusCode).toBe(409);
    expect(ended.json().message).toBe('The virtual-ward management has already ended');
    expect(await auditRows(t, 'virtualWardStay', stay.id, 'update')).toHaveLength(1);
  });
});

describe('current and history lists', () => {
  it('lists current stays with filters, the latest glucose as entered, and ended ones in history', async () => {
    const patient = await insertPatient(t, {
      name: 'Listed Zq',
      departmentCode: 'ICU',
      inpatientNumber: 'ZQ-77',
    });
    await t.handle.db.execute(sql`
      insert into measurements (tenant_id, patient_id, department_code, item, period_code, test_time, value,
                                entered_value, entered_unit, classification)
      values ('101', ${patient}, 'ICU', 'GLU', null, ${hoursAgo(t.clock.now, 1)}::timestamptz, 12.0, 216,
              'mgDl', 'high')`);
    const stay = await join(patient, endoDoctor, { deviceMark: 'cgm', groupLabels: ['ZQ'] });
    const page = await api('GET', '/v1/virtualward/current?queryCondition=ZQ-77', endoNurse);
    expect(page.statusCode, page.body).toBe(200);
    const { records, total } = page.json().dataContent;
    expect(total).toBe(1);
    expect(records[0]).toMatchObject({
      id: stay.id,
      patientName: 'Listed Zq',
      departmentCode: 'ICU',
      latestGlucose: { value: 216, unit: 'mg/dL' },
      // joined 2 h ago: managed days run from the join day to yesterday (hospital calendar, +08:00), so
      // 0 unless the join fell before midnight
      managedDays: shanghaiDay(new Date(joinBody(patient).joinedAt)) < shanghaiDay(t.clock.now) ? 1 : 0,
    });
    const byMark = await api('GET', '/v1/virtualward/current?deviceMark=cgm&groupLabel=ZQ', endoNurse);
    expect(byMark.json().dataContent.records.map((r: Stay) => r.id)).toEqual([stay.id]);
    const byWard = await api(
      'GET',
      '/v1/virtualward/current?departmentCode=NEPH&queryCondition=ZQ-77',
      endoNurse,
    );
    expect(byWard.json().dataContent.total).toBe(0);
    const zh = await api(
      'GET',
      '/v1/virtualward/current?queryCondition=ZQ-77',
      endoNurse,
      undefined,
      'zh-CN',
    );
    expect(zh.json().dataContent.records[0]).toMatchObject({
      deviceMarkName: '动态血糖',
      patientStateName: '在院',
    });
    // not another tenant's, and a ward without the managing department sees only its own
    const other = await api('GET', '/v1/virtualward/current?queryCondition=ZQ-77', admin202);
    expect(other.json().dataContent.total).toBe(0);
    const card = await api('GET', '/v1/virtualward/current?queryCondition=ZQ-77', cardDoctor);
    expect(card.json().dataContent.total).toBe(0);

    await api('POST', '/v1/virtualward/exit', endoDoctor, { stayIds: [stay.id], reason: 'Transferred' });
    const now = await api('GET', '/v1/virtualward/current?queryCondition=ZQ-77', endoNurse);
    expect(now.json().dataContent.total).toBe(0);
    const today = t.clock.now.toISOString().slice(0, 10);
    const history = await api('GET', '/v1/virtualward/history?queryCondition=ZQ-77', endoNurse);
    expect(history.json().dataContent.records[0]).toMatchObject({ id: stay.id, exitReason: 'Transferred' });
    const past = await api(
      'GET',
      '/v1/virtualward/history?queryCondition=ZQ-77&endDate=2020-01-01',
      endoNurse,
    );
    expect(past.json().dataContent.total).toBe(0);
    const bad = await api('GET', `/v1/virtualward/history?beginDate=${today}&endDate=2020-01-01`, endoNurse);
    expect(bad.statusCode).toBe(400);
  });

  it("answers a patient's state for the patient page", async () => {
    const patient = await insertPatient(t, { name: 'State', departmentCode: 'CARD' });
    const before = await api('GET', `/v1/virtualward/patient?patientId=${patient}`, endoDoctor);
    expect(before.statusCode).toBe(404); // not in ENDO's scope until it joins
    const stay = await join(patient);
    const after = await api('GET', `/v1/virtualward/patient?patientId=${patient}`, endoDoctor);
    expect(after.json().dataContent).toMatchObject({ current: { id: stay.id }, endedCount: 0 });
  });
});

describe('scope of the managing department', () => {
  it('sees and acts on a current virtual-ward patient of another ward, and loses it on exit', async () => {
    const patient = await insertPatient(t, { name: 'Scope Card', departmentCode: 'CARD' });
    const outside = await api('GET', `/v1/patients/hospitalizedPatient?patientId=${patient}`, endoNurse);
    expect(outside.statusCode).toBe(404);
    const stay = await join(patient);
    const detail = await api('GET', `/v1/patients/hospitalizedPatient?patientId=${patient}`, endoNurse);
    expect(detail.statusCode, detail.body).toBe(200);
    const readings = await api('GET', `/v1/testRecord/patient/${patient}?category=GLU`, endoNurse);
    expect(readings.statusCode, readings.body).toBe(200);
    // another ward (neither the patient's nor the managing department) still gets 404
    const neph = await insertDoctor('vwneph', 'NEPH');
    expect(neph).toBeGreaterThan(0);
    const nephToken = await t.login('101', 'vwneph', 'Doctor@2026');
    expect(
      (await api('GET', `/v1/patients/hospitalizedPatient?patientId=${patient}`, nephToken)).statusCode,
    ).toBe(404);
    await api('POST', '/v1/virtualward/exit', endoDoctor, { stayIds: [stay.id], reason: 'r' });
    expect(
      (await api('GET', `/v1/patients/hospitalizedPatient?patientId=${patient}`, endoNurse)).statusCode,
    ).toBe(404);
  });
});
