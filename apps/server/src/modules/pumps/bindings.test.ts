import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOf, auditRows } from '../../test/api';
import { createTestContext, type TestContext } from '../../test/harness';
import { insertPatient } from '../measurements/test-support';

let t: TestContext;
let api: ReturnType<typeof apiOf>;
let admin: string;
let nurseEndo: string;
let nurseCard: string;
let reviewer: string;
let admin202: string;
let nurseId: number;
let doctorId: number;
let makerId: number;
let now: Date;

type Binding = {
  id: number;
  pumpId: number;
  serialNumber: string;
  patientId: number;
  patientName: string;
  departmentName: string;
  upAt: string;
  executorName: string;
  responsibleDoctorName: string | null;
  downAt: string | null;
  downReason: string | null;
  wearTime: { days: number; hours: number; totalHours: number };
  lastTubeChangeAt: string | null;
  nextTubeChangeAt: string | null;
  tubeChangeOverdue: boolean;
  version: number;
};
type Res = { statusCode: number; body: string; json: () => { dataContent: unknown; message: string } };

async function ok<T>(res: Res) {
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json().dataContent as T;
}
const fail = (res: Res) => ({
  status: res.statusCode,
  ...(res.json() as { message: string; dataContent: unknown }),
});

async function idOf(query: ReturnType<typeof sql>) {
  const { rows } = await t.handle.db.execute<{ id: string }>(query);
  return Number(rows[0]!.id);
}

const hoursBefore = (hours: number) => new Date(now.getTime() - hours * 3_600_000).toISOString();
let serials = 0;
async function newPump(departmentCode = 'ENDO', extra: object = {}) {
  serials += 1;
  const pump = await api('POST', '/v1/insulinPump', admin, {
    serialNumber: `BIND-${departmentCode}-${serials}`,
    manufacturerId: makerId,
    departmentCode,
    ...extra,
  }).then(ok<{ id: number; serialNumber: string; version: number }>);
  return pump;
}
const up = (body: object, token = nurseEndo, lang?: string) =>
  api('POST', '/v1/pumpBinding', token, body, lang);
const upBody = (pumpId: number, patientId: number, extra: object = {}) => ({
  pumpId,
  patientId,
  upAt: hoursBefore(80),
  executorId: nurseId,
  ...extra,
});

beforeAll(async () => {
  t = await createTestContext();
  api = apiOf(t);
  now = t.clock.now;
  await t.handle.db.execute(
    sql`update users set must_change_password = false where tenant_id = '101' and user_name = 'headnurse02'`,
  );
  [admin, nurseEndo, nurseCard, reviewer, admin202] = await Promise.all([
    t.login('101', 'admin', 'Admin@123456'),
    t.login('101', 'nurse01', 'Nurse@2026'),
    t.login('101', 'headnurse02', 'Welcome@2026'),
    t.login('101', 'reviewer01', 'Review@2026'),
    t.login('202', 'admin', 'Admin@202202'),
  ]);
  nurseId = await idOf(sql`select id from users where tenant_id = '101' and user_name = 'nurse01'`);
  doctorId = await idOf(sql`select id from users where tenant_id = '101' and user_name = 'doctor01'`);
  makerId = await idOf(sql`select id from pump_manufacturers where tenant_id = '101' and code = 'MDT'`);
});
afterAll(() => t.close());

describe('up-pump', () => {
  it('binds a pump to a patient, with names, wear time, next tube change and an audit row', async () => {
    const pump = await newPump();
    const patient = await insertPatient(t, { name: 'Pump Wearer', inpatientNumber: 'ZY-PUMP-1' });
    const res = await up(upBody(pump.id, patient, { responsibleDoctorId: doctorId, note: 'night basal' }));
    expect(res.json().message).toBe(`Pump ${pump.serialNumber} put on`);
    const binding = await ok<Binding>(res);
    expect(binding).toMatchObject({
      pumpId: pump.id,
      patientId: patient,
      patientName: 'Pump Wearer',
      departmentName: 'Endocrinology',
      executorName: expect.any(String),
      responsibleDoctorName: expect.any(String),
      downAt: null,
      wearTime: { days: 3, hours: 8, totalHours: 80 },
      lastTubeChangeAt: null,
      // 3 days after the up-pump (80 h ago): 8 h overdue
      nextTubeChangeAt: new Date(Date.parse(hoursBefore(80)) + 72 * 3_600_000).toISOString(),
      tubeChangeOverdue: true,
      version: 1,
    });
    const [audit] = await auditRows(t, 'pumpBinding', binding.id, 'upPump');
    expect(audit?.after).toMatchObject({
      pumpId: pump.id,
      patientId: patient,
      serialNumber: pump.serialNumber,
    });
    const zh = await up(upBody(pump.id, patient), nurseEndo, 'zh-CN');
    expect(fail(zh)).toMatchObject({ status: 409, message: '该胰岛素泵正在被 Pump Wearer 使用' });
  });

  it('refuses the rules in both languages', async () => {
    const pump = await newPump();
    const patient = await insertPatient(t, {
      name: 'Rule Patient',
      admittedAt: new Date(now.getTime() - 86_400_000),
    });
    expect(fail(await up({ patientId: patient }))).toMatchObject({
      status: 400,
      dataContent: {
        errors: [
          { field: 'pumpId', message: 'Please select the pump' },
          { field: 'upAt', message: 'Please select the up-pump time' },
          { field: 'executorId', message: 'Please select the executor' },
        ],
      },
    });
    const future = fail(
      await up(
        upBody(pump.id, patient, { upAt: new Date(now.getTime() + 60_000).toISOString() }),
        nurseEndo,
        'zh-CN',
      ),
    );
    expect(future.dataContent).toEqual({ errors: [{ field: 'upAt', message: '上泵时间必须早于当前时间' }] });
    const early = fail(await up(upBody(pump.id, patient, { upAt: hoursBefore(30) })));
    expect(early.dataContent).toEqual({
      errors: [{ field: 'upAt', message: 'The up-pump time cannot be before the patient’s admission' }],
    });
    // the executor must be staff of the patient's ward
    const stranger = await idOf(
      sql`select id from users where tenant_id = '101' and user_name = 'headnurse02'`,
    );
    const notStaff = fail(await up(upBody(pump.id, patient, { upAt: hoursBefore(2), executorId: stranger })));
    expect(notStaff).toMatchObject({ status: 400, dataContent: { errors: [{ field: 'executorId' }] } });
    // a stopped pump, a deleted one
    const stopped = await newPump('ENDO', { isActive: false });
    expect(fail(await up(upBody(stopped.id, patient, { upAt: hoursBefore(2) })))).toMatchObject({
      status: 409,
      message: 'The pump is stopped; enable it before the up-pump',
    });
    const gone = await newPump();
    await api('DELETE', `/v1/insulinPump/${gone.id}?version=${gone.version}`, admin).then(ok);
    expect(
      fail(await up(upBody(gone.id, patient, { upAt: hoursBefore(2) }), nurseEndo, 'zh-CN')),
    ).toMatchObject({
      status: 400,
      dataContent: { errors: [{ field: 'pumpId', message: '胰岛素泵不存在或不在您的科室范围内' }] },
    });
    // a discharged patient
    const out = await insertPatient(t, { name: 'Gone Home', status: 'discharged' });
    expect(fail(await up(upBody(pump.id, out, { upAt: hoursBefore(2) })))).toMatchObject({
      status: 409,
      message: 'Only a patient in hospital can be put on a pump',
    });
    // a patient wearing a pump already
    const other = await newPump();
    await up(upBody(pump.id, patient, { upAt: hoursBefore(2) })).then(ok);
    expect(fail(await up(upBody(other.id, patient, { upAt: hoursBefore(1) })))).toMatchObject({
      status: 409,
      message: `The patient already wears pump ${pump.serialNumber}`,
    });
  });

  it('lets exactly one of 10 concurrent up-pumps of one pump through', async () => {
    const pump = await newPump();
    const patients = await Promise.all(
      Array.from({ length: 10 }, (_, i) => insertPatient(t, { name: `Race Pump ${i}` })),
    );
    const results = await Promise.all(
      patients.map((id) => up(upBody(pump.id, id, { upAt: hoursBefore(1) }))),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, ...Array(9).fill(409)]);
    const winner = (results.find((r) => r.statusCode === 200)!.json().dataContent as Binding).patientName;
    for (const r of results.filter((r) => r.statusCode === 409)) {
      expect(r.json().message).toBe(`The pump is already worn by ${winner}`);
    }
    const { rows } = await t.handle.db.execute(
      sql`select id from pump_bindings where tenant_id = '101' and pump_id = ${pump.id} and down_at is null`,
    );
    expect(rows).toHaveLength(1);
  });

  it('lets exactly one of 10 concurrent up-pumps of one patient through', async () => {
    const pumps = await Promise.all(Array.from({ length: 10 }, () => newPump()));
    const patient = await insertPatient(t, { name: 'Race Patient' });
    const results = await Promise.all(pumps.map((p) => up(upBody(p.id, patient, { upAt: hoursBefore(1) }))));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, ...Array(9).fill(409)]);
    const worn = (results.find((r) => r.statusCode === 200)!.json().dataContent as Binding).serialNumber;
    for (const r of results.filter((r) => r.statusCode === 409)) {
      expect(r.json().message).toBe(`The patient already wears pump ${worn}`);
    }
  });

  it('holds one open binding per pump and per patient in the database, whatever writes it', async () => {
    const [pump, other] = [await newPump(), await newPump()];
    const [first, second] = [
      await insertPatient(t, { name: 'Index Pump A' }),
      await insertPatient(t, { name: 'Index Pump B' }),
    ];
    const bound = await up(upBody(pump.id, first, { upAt: hoursBefore(2) })).then(ok<Binding>);
    // straight into the table, past the service's locks and checks: the partial unique indexes refuse
    const insert = (pumpId: number, patientId: number) =>
      t.handle.db.execute(
        sql`insert into pump_bindings (tenant_id, pump_id, patient_id, department_code, up_at, executor_id, executor_name)
            values ('101', ${pumpId}, ${patientId}, 'ENDO', now() - interval '1 hour', ${nurseId}, 'x')`,
      );
    const codeOf = (error: unknown) =>
      (error as { cause?: { code?: string }; code?: string }).cause?.code ??
      (error as { code?: string }).code;
    await expect(insert(pump.id, second).catch(codeOf)).resolves.toBe('23505');
    await expect(insert(other.id, first).catch(codeOf)).resolves.toBe('23505');
    // once the pump is down, both may be bound again
    await api('PUT', '/v1/pumpBinding/down', nurseEndo, {
      bindingId: bound.id,
      version: bound.version,
      downAt: hoursBefore(1),
    }).then(ok);
    await expect(insert(pump.id, second)).resolves.toBeDefined();
    await expect(insert(other.id, first)).resolves.toBeDefined();
  });

  it('keeps to the caller’s departments and tenant', async () => {
    const cardPump = await newPump('CARD');
    const endoPatient = await insertPatient(t, { name: 'Scope Endo' });
    const cardPatient = await insertPatient(t, { name: 'Scope Card', departmentCode: 'CARD' });
    // the ENDO nurse sees neither the CARD patient nor the CARD pump
    expect((await up(upBody(cardPump.id, cardPatient, { upAt: hoursBefore(1) }))).statusCode).toBe(404);
    expect(fail(await up(upBody(cardPump.id, endoPatient, { upAt: hoursBefore(1) }))).status).toBe(400);
    // the CARD head nurse binds the CARD pump; the ENDO nurse cannot read or change it
    const cardNurse = await idOf(
      sql`select id from users where tenant_id = '101' and user_name = 'headnurse02'`,
    );
    const binding = await up(
      upBody(cardPump.id, cardPatient, { upAt: hoursBefore(5), executorId: cardNurse }),
      nurseCard,
    ).then(ok<Binding>);
    expect((await api('GET', `/v1/pumpBinding/patient/${cardPatient}`, nurseEndo)).statusCode).toBe(404);
    const tube = { bindingId: binding.id, changedAt: hoursBefore(1) };
    expect((await api('POST', '/v1/pumpBinding/tubeChange', nurseEndo, tube)).statusCode).toBe(404);
    const down = { bindingId: binding.id, version: 1, downAt: hoursBefore(1) };
    expect((await api('PUT', '/v1/pumpBinding/down', nurseEndo, down)).statusCode).toBe(404);
    const page = await api('GET', '/v1/pumpBinding/page?queryCondition=Scope', nurseEndo).then(
      ok<{ records: Binding[] }>,
    );
    expect(page.records.map((r) => r.patientName)).toEqual([]);
    const cardPage = await api('GET', '/v1/pumpBinding/page?queryCondition=Scope', nurseCard).then(
      ok<{ records: Binding[] }>,
    );
    expect(cardPage.records.map((r) => r.patientName)).toEqual(['Scope Card']);
    // another tenant: 404 and empty lists
    expect((await api('POST', '/v1/pumpBinding/tubeChange', admin202, tube)).statusCode).toBe(404);
    expect((await api('GET', `/v1/pumpBinding/patient/${cardPatient}`, admin202)).statusCode).toBe(404);
    const other = await api('GET', '/v1/pumpBinding/page', admin202).then(ok<{ total: number }>);
    expect(other.total).toBe(0);
    const otherHistory = await api('GET', '/v1/pumpBinding/history', admin202).then(ok<{ total: number }>);
    expect(otherHistory.total).toBe(0);
    // a reviewer reads the tab but changes nothing
    expect((await api('POST', '/v1/pumpBinding/tubeChange', reviewer, tube)).statusCode).toBe(403);
  });
});

describe('tube changes, basal profiles, down-pump, the tab and the history', () => {
  it('runs a binding from up-pump to down-pump', async () => {
    const pump = await newPump();
    const patient = await insertPatient(t, { name: 'Whole Story', inpatientNumber: 'ZY-STORY' });
    const binding = await up(upBody(pump.id, patient, { upAt: hoursBefore(100) })).then(ok<Binding>);

    // tube change: after the up-pump, not in the future
    const before = fail(
      await api('POST', '/v1/pumpBinding/tubeChange', nurseEndo, {
        bindingId: binding.id,
        changedAt: hoursBefore(101),
      }),
    );
    expect(before.dataContent).toEqual({
      errors: [{ field: 'changedAt', message: 'The tube change time must be after the up-pump time' }],
    });
    const beforeZh = await api(
      'POST',
      '/v1/pumpBinding/tubeChange',
      nurseEndo,
      { bindingId: binding.id, changedAt: hoursBefore(101) },
      'zh-CN',
    );
    expect(fail(beforeZh).dataContent).toEqual({
      errors: [{ field: 'changedAt', message: '换管时间必须晚于上泵时间' }],
    });
    const future = fail(
      await api('POST', '/v1/pumpBinding/tubeChange', nurseEndo, {
        bindingId: binding.id,
        changedAt: new Date(now.getTime() + 3_600_000).toISOString(),
      }),
    );
    expect(future.dataContent).toEqual({
      errors: [{ field: 'changedAt', message: 'The tube change time cannot be in the future' }],
    });
    const tube = await api('POST', '/v1/pumpBinding/tubeChange', nurseEndo, {
      bindingId: binding.id,
      changedAt: hoursBefore(30),
      note: 'site red',
    });
    expect(tube.json().message).toBe('Tube change recorded');
    const change = await ok<{ id: number; executorName: string }>(tube);
    expect((await auditRows(t, 'pumpTubeChange', change.id, 'create')).length).toBe(1);

    // basal profile: rules, stored as entered, 24-h total
    const badProfile = fail(
      await api(
        'POST',
        '/v1/pumpBinding/basalProfile',
        nurseEndo,
        {
          bindingId: binding.id,
          effectiveAt: hoursBefore(20),
          segments: [
            { start: '01:00', rate: 1 },
            { start: '06:00', rate: 40 },
          ],
        },
        'zh-CN',
      ),
    );
    expect(badProfile.dataContent).toEqual({
      errors: [{ field: 'segments.1.rate', message: '基础率须在 0-35 IU/h 之间' }],
    });
    const order = fail(
      await api('POST', '/v1/pumpBinding/basalProfile', nurseEndo, {
        bindingId: binding.id,
        effectiveAt: hoursBefore(20),
        segments: [{ start: '01:00', rate: 1 }],
      }),
    );
    expect(order.dataContent).toEqual({
      errors: [{ field: 'segments.0.start', message: 'The first segment must start at 00:00' }],
    });
    const profile = await api('POST', '/v1/pumpBinding/basalProfile', nurseEndo, {
      bindingId: binding.id,
      effectiveAt: hoursBefore(20),
      segments: [
        { start: '00:00', rate: 0.8 },
        { start: '06:00', rate: 1.125 },
        { start: '22:00', rate: 0.65 },
      ],
    }).then(ok<{ id: number; dailyTotal: number; segments: unknown }>);
    expect(profile.dailyTotal).toBe(24.1);
    expect(profile.segments).toEqual([
      { start: '00:00', rate: 0.8 },
      { start: '06:00', rate: 1.125 },
      { start: '22:00', rate: 0.65 },
    ]);

    // the tab
    const tab = await api('GET', `/v1/pumpBinding/patient/${patient}`, nurseEndo).then(
      ok<{
        current: Binding;
        tubeChanges: { note: string }[];
        basalProfile: { id: number; dailyTotal: number };
        bindings: Binding[];
        tubeChangeDays: number;
      }>,
    );
    expect(tab.current).toMatchObject({
      id: binding.id,
      lastTubeChangeAt: hoursBefore(30),
      nextTubeChangeAt: new Date(Date.parse(hoursBefore(30)) + 72 * 3_600_000).toISOString(),
      tubeChangeOverdue: false,
    });
    expect(tab.tubeChanges.map((c) => c.note)).toEqual(['site red']);
    expect(tab.basalProfile).toMatchObject({ id: profile.id, dailyTotal: 24.1 });
    expect(tab.tubeChangeDays).toBe(3);

    // the pump patients list finds it by serial number, bed, inpatient number or name
    for (const text of [pump.serialNumber, 'ZY-STORY', 'Whole Story']) {
      const page = await api(
        'GET',
        `/v1/pumpBinding/page?queryCondition=${encodeURIComponent(text)}`,
        nurseEndo,
      ).then(ok<{ records: Binding[]; total: number }>);
      expect(page.records.map((r) => r.id)).toEqual([binding.id]);
    }

    // down-pump: after the up-pump, at the version read
    const early = fail(
      await api('PUT', '/v1/pumpBinding/down', nurseEndo, {
        bindingId: binding.id,
        version: 1,
        downAt: hoursBefore(101),
      }),
    );
    expect(early.dataContent).toEqual({
      errors: [{ field: 'downAt', message: 'The down-pump time must be after the up-pump time' }],
    });
    const stale = await api('PUT', '/v1/pumpBinding/down', nurseEndo, {
      bindingId: binding.id,
      version: 7,
      downAt: hoursBefore(1),
    });
    expect(stale.statusCode).toBe(409);
    const down = await api('PUT', '/v1/pumpBinding/down', nurseEndo, {
      bindingId: binding.id,
      version: 1,
      downAt: hoursBefore(1),
      reason: 'switched to injections',
    });
    expect(down.json().message).toBe(`Pump ${pump.serialNumber} taken off`);
    expect(await ok<Binding>(down)).toMatchObject({
      downReason: 'switched to injections',
      wearTime: { days: 4, hours: 3, totalHours: 99 },
      nextTubeChangeAt: null,
      version: 2,
    });
    const again = await api(
      'PUT',
      '/v1/pumpBinding/down',
      nurseEndo,
      {
        bindingId: binding.id,
        version: 2,
        downAt: hoursBefore(1),
      },
      'zh-CN',
    );
    expect(fail(again)).toMatchObject({ status: 409, message: '该胰岛素泵已下泵' });
    const [audit] = await auditRows(t, 'pumpBinding', binding.id, 'downPump');
    expect(audit?.before).toMatchObject({ downAt: null, version: 1 });
    expect(audit?.after).toMatchObject({ downReason: 'switched to injections', version: 2 });
    // a tube change after the down-pump is refused; the pump is free again
    const late = fail(
      await api('POST', '/v1/pumpBinding/tubeChange', nurseEndo, {
        bindingId: binding.id,
        changedAt: hoursBefore(0.5),
      }),
    );
    expect(late.dataContent).toEqual({
      errors: [{ field: 'changedAt', message: 'The tube change time cannot be after the down-pump time' }],
    });
    const gone = await api('GET', `/v1/pumpBinding/page?queryCondition=${pump.serialNumber}`, nurseEndo).then(
      ok<{ total: number }>,
    );
    expect(gone.total).toBe(0);
    const tabAfter = await api('GET', `/v1/pumpBinding/patient/${patient}`, nurseEndo).then(
      ok<{ current: Binding | null; bindings: Binding[] }>,
    );
    expect(tabAfter.current).toBeNull();
    expect(tabAfter.bindings.map((b) => b.id)).toEqual([binding.id]);

    // the history: every event of the pump, latest first, in the request's language
    type Entry = { kind: string; detail: string; patientName: string | null; operatorName: string | null };
    const history = await api('GET', `/v1/pumpBinding/history?pumpId=${pump.id}`, nurseEndo).then(
      ok<{ records: Entry[]; total: number }>,
    );
    // the pump was registered just now; the binding's times lie days back
    expect(history.records.map((r) => r.kind)).toEqual([
      'register',
      'down',
      'basalProfile',
      'tubeChange',
      'up',
    ]);
    expect(history.records[1]!.detail).toBe('Down-pump; reason: switched to injections');
    expect(history.records[2]!.detail).toBe(
      'Basal profile: 00:00 0.8, 06:00 1.125, 22:00 0.65 IU/h; 24-h total 24.1 IU',
    );
    expect(history.records[0]).toMatchObject({
      detail: 'Registered in the pump register',
      patientName: null,
    });
    const zh = await api(
      'GET',
      `/v1/pumpBinding/history?pumpId=${pump.id}&kind=tubeChange`,
      nurseEndo,
      undefined,
      'zh-CN',
    ).then(ok<{ records: Entry[]; total: number }>);
    expect(zh).toMatchObject({
      total: 1,
      records: [{ detail: '换管; 备注：site red', patientName: 'Whole Story' }],
    });
    const byPatient = await api(
      'GET',
      `/v1/pumpBinding/history?queryCondition=ZY-STORY&size=2`,
      nurseEndo,
    ).then(ok<{ records: Entry[]; total: number }>);
    expect(byPatient.total).toBe(4);
    expect(byPatient.records).toHaveLength(2);
    const none = await api(
      'GET',
      `/v1/pumpBinding/history?pumpId=${pump.id}&beginDate=2000-01-01&endDate=2000-01-02`,
      nurseEndo,
    ).then(ok<{ total: number }>);
    expect(none.total).toBe(0);
  });

  it('offers enabled, unbound pumps of the caller’s departments and the ward’s staff', async () => {
    const free = await newPump();
    const taken = await newPump();
    const patient = await insertPatient(t, { name: 'Options Patient' });
    const other = await insertPatient(t, { name: 'Options Other' });
    await up(upBody(taken.id, other, { upAt: hoursBefore(1) })).then(ok);
    const options = await api('GET', `/v1/pumpBinding/options/${patient}`, nurseEndo).then(
      ok<{ pumps: { id: number }[]; doctors: { id: number }[]; staff: { id: number }[] }>,
    );
    const ids = options.pumps.map((p) => p.id);
    expect(ids).toContain(free.id);
    expect(ids).not.toContain(taken.id);
    expect(options.doctors.map((d) => d.id)).toContain(doctorId);
    expect(options.staff.map((d) => d.id)).toContain(nurseId);
  });
});
