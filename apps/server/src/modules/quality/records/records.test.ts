import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOf, auditRows } from '../../../test/api';
import { createTestContext, type TestContext } from '../../../test/harness';
import { insertPatient } from '../../measurements/test-support';

let t: TestContext;
let api: ReturnType<typeof apiOf>;
let admin: string;
let nurseEndo: string;
let nurseCard: string;
let admin202: string;
let controlId: number;
let stripId: number;

const HOUR = 3_600_000;
let serialNo = 0;

type Rec = {
  id: number;
  level: number;
  result: 'pass' | 'fail';
  inRange: boolean | null;
  violations: string[];
  rejected: boolean;
  target: number | null;
  sd: number | null;
  rangeLow: number | null;
  rangeHigh: number | null;
  z: number | null;
  controlLot: string;
  stripLot: string;
  testValue: number;
  version: number;
  departmentName: string;
};
type Lock = {
  locked: boolean;
  reasons: string[];
  overridable: string[];
  overridesLeft: number;
  overriddenUntil: string | null;
  heldCount: number;
  dueAt: string | null;
};

async function data<T>(res: { statusCode: number; body: string; json: () => { dataContent: unknown } }) {
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json().dataContent as T;
}

/** A fresh enabled analyzer of a department with the demo lots in use. */
async function newAnalyzer(departmentCode = 'ENDO', tenantId = '101'): Promise<{ id: number; sn: string }> {
  const sn = `QT${String(++serialNo).padStart(9, '0')}`;
  const { rows } = await t.handle.db.execute<{ id: string }>(sql`
    insert into analyzers (tenant_id, model, sn, work_station, department_code, control_solution_id, test_strip_id)
    values (${tenantId}, 'Accu-Chek Inform II', ${sn}, 'test station', ${departmentCode},
            ${tenantId === '101' ? controlId : null}, ${tenantId === '101' ? stripId : null})
    returning id`);
  return { id: Number(rows[0]!.id), sn };
}

const at = (hoursAgo: number) => new Date(t.clock.now.getTime() - hoursAgo * HOUR).toISOString();
// demo lot CS24A1107: level 0 target 2.8 SD 0.2 range 2.2-3.4; level 2 target 16.7 SD 0.8 range 14.3-19.1
const passing = (analyzerId: number, hoursAgo = 1, extra: object = {}) => ({
  analyzerId,
  testedAt: at(hoursAgo),
  tester: 'Li Na',
  levels: [
    { level: 0, testValue: 2.9, result: 'pass' },
    { level: 2, testValue: 16.5, result: 'pass' },
  ],
  ...extra,
});
const failing = (analyzerId: number, hoursAgo = 1) => ({
  analyzerId,
  testedAt: at(hoursAgo),
  tester: 'Li Na',
  levels: [
    { level: 0, testValue: 3.6, result: 'fail' },
    { level: 2, testValue: 16.5, result: 'pass' },
  ],
  failureReason: 'Control vial left open',
  improvementActions: 'New vial opened, run repeated',
});
const run = (body: object, token = admin, lang?: string) => api('POST', '/v1/deviceQc', token, body, lang);
const lockOf = (id: number, token = admin) => api('GET', `/v1/devices/${id}/lock`, token).then(data<Lock>);
const analyzerRow = async (id: number) =>
  (
    await t.handle.db.execute<{
      last_qc_result: string | null;
      failed_lock_at: string | null;
      last_pass_at: string | null;
      failed_qc_record_id: string | null;
    }>(
      sql`select last_qc_result, failed_lock_at, last_pass_at, failed_qc_record_id from analyzers where id = ${id}`,
    )
  ).rows[0]!;

/** Signs everyone in (again after the clock moved past the sessions' idle time). */
async function signIn() {
  [admin, nurseEndo, nurseCard, admin202] = await Promise.all([
    t.login('101', 'admin', 'Admin@123456'),
    t.login('101', 'nurse01', 'Nurse@2026'),
    t.login('101', 'headnurse02', 'Welcome@2026'),
    t.login('202', 'admin', 'Admin@202202'),
  ]);
}

beforeAll(async () => {
  t = await createTestContext();
  api = apiOf(t);
  await t.handle.db.execute(
    sql`update users set must_change_password = false where tenant_id = '101' and user_name = 'headnurse02'`,
  );
  await signIn();
  const lots = await t.handle.db.execute<{ c: string; s: string }>(sql`
    select (select id from control_solutions where tenant_id = '101' and lot_number = 'CS24A1107') as c,
           (select id from test_strips where tenant_id = '101' and lot_number = 'TS2409A33') as s`);
  controlId = Number(lots.rows[0]!.c);
  stripId = Number(lots.rows[0]!.s);
  await insertPatient(t, { name: 'QC Held', wristbandCode: 'WB-QC01', inpatientNumber: 'IPQC01' });
});
afterAll(() => t.close());

describe('POST /v1/deviceQc: a run judged at write', () => {
  it('stores each level with the lot settings copied and the evaluation, in both languages', async () => {
    const meter = await newAnalyzer();
    const res = await run(passing(meter.id), admin, 'zh-CN');
    expect(res.json().message).toBe('质控记录已保存：通过');
    const records = await data<Rec[]>(res);
    expect(records).toHaveLength(2);
    // 2.9 → z = (2.9 − 2.8) / 0.2 = 0.5; 16.5 → (16.5 − 16.7) / 0.8 = −0.25
    expect(records[0]).toMatchObject({
      level: 0,
      target: 2.8,
      sd: 0.2,
      rangeLow: 2.2,
      rangeHigh: 3.4,
      z: 0.5,
      inRange: true,
      violations: [],
      result: 'pass',
      controlLot: 'CS24A1107',
      stripLot: 'TS2409A33',
      departmentName: '内分泌科',
    });
    expect(records[1]).toMatchObject({ level: 2, z: -0.25, result: 'pass' });
    const row = await analyzerRow(meter.id);
    expect(row.last_qc_result).toBe('pass');
    expect(row.failed_lock_at).toBeNull();
    expect(row.last_pass_at).not.toBeNull();
    expect((await lockOf(meter.id)).locked).toBe(false);
    const audit = await auditRows(t, 'qcRecord', records[0]!.id, 'create');
    expect(audit).toHaveLength(1);
  });

  it('keeps a 1-2s warning on a passing level and fails a run that breaks R-4s within it', async () => {
    const meter = await newAnalyzer();
    // 3.25 → +2.25 SD: warning only
    const warned = await data<Rec[]>(
      await run({ ...passing(meter.id, 3), levels: [{ level: 0, testValue: 3.25, result: 'pass' }] }),
    );
    expect(warned[0]).toMatchObject({ violations: ['1-2s'], rejected: false, result: 'pass' });
    // 3.3 → +2.5 SD, 14.7 → (14.7 − 16.7) / 0.8 = −2.5 SD: R-4s, both in range
    const body = {
      ...failing(meter.id, 2),
      levels: [
        { level: 0, testValue: 3.3, result: 'pass' },
        { level: 2, testValue: 14.7, result: 'pass' },
      ],
    };
    const records = await data<Rec[]>(await run(body));
    for (const record of records) {
      expect(record).toMatchObject({ inRange: true, rejected: true, result: 'fail' });
      expect(record.violations).toContain('R-4s');
    }
    // the 3.25 before and 3.3 now are both beyond +2 SD on level 0: 2-2s across runs as well
    expect(records[0]!.violations).toEqual(['1-2s', '2-2s', 'R-4s']);
  });

  it('asks for the failure reason and improvement actions of a failing run, in both languages', async () => {
    const meter = await newAnalyzer();
    const { failureReason: _r, improvementActions: _i, ...bare } = failing(meter.id);
    const en = await run(bare);
    expect(en.statusCode).toBe(400);
    expect(en.json().message).toBe('The run failed: please enter the failure reason');
    const zh = await run({ ...bare, failureReason: '质控液开瓶过久' }, admin, 'zh-CN');
    expect(zh.statusCode).toBe(400);
    expect(zh.json().message).toBe('质控未通过：请填写改进措施');
    // nothing was stored
    expect((await analyzerRow(meter.id)).last_qc_result).toBeNull();
  });

  it('refuses bad input with the field named: no levels, a level twice, no tester, a future time', async () => {
    const meter = await newAnalyzer();
    const noLevels = await run({ ...passing(meter.id), levels: [] });
    expect(noLevels.statusCode).toBe(400);
    expect(noLevels.json().message).toContain('Enter the value of at least one control level');
    const twice = await run({
      ...passing(meter.id),
      levels: [
        { level: 0, testValue: 2.9, result: 'pass' },
        { level: 0, testValue: 2.8, result: 'pass' },
      ],
    });
    expect(twice.json().message).toContain('Each control level can be entered once per run');
    const noTester = await run({ ...passing(meter.id), tester: ' ' }, admin, 'zh-CN');
    expect(noTester.json().message).toContain('请选择检测人');
    const future = await run({
      ...passing(meter.id),
      testedAt: new Date(t.clock.now.getTime() + HOUR).toISOString(),
    });
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toBe('The test time cannot be in the future');
  });

  it('judges without saving for the form (POST /v1/deviceQc/evaluate)', async () => {
    const meter = await newAnalyzer();
    const view = await data<{ result: string; levels: Rec[]; controlLot: string }>(
      await api('POST', '/v1/deviceQc/evaluate', admin, {
        analyzerId: meter.id,
        testedAt: at(0),
        levels: [{ level: 0, testValue: 3.5 }],
      }),
    );
    expect(view).toMatchObject({ result: 'fail', controlLot: 'CS24A1107' });
    // 3.5 → (3.5 − 2.8) / 0.2 = +3.5 SD, above the range's 3.4
    expect(view.levels[0]).toMatchObject({
      z: 3.5,
      inRange: false,
      violations: ['1-2s', '1-3s'],
      result: 'fail',
    });
    expect((await analyzerRow(meter.id)).last_qc_result).toBeNull();
  });
});

describe('the lockout', () => {
  it('a failed run locks the meter, holds its patient readings, and only a passing run clears it', async () => {
    const meter = await newAnalyzer();
    await data(await run(passing(meter.id, 5)));
    const failed = await data<Rec[]>(await run(failing(meter.id, 2)));
    expect(failed[0]!.result).toBe('fail');
    expect((await analyzerRow(meter.id)).failed_qc_record_id).toBe(String(failed[0]!.id));
    const lock = await lockOf(meter.id);
    expect(lock).toMatchObject({ locked: true, reasons: ['failedQc'], overridable: [] });

    // a coordinator cannot override a failed QC
    const override = await api(
      'POST',
      `/v1/devices/${meter.id}/override`,
      admin,
      { reason: 'Urgent' },
      'zh-CN',
    );
    expect(override.statusCode).toBe(422);
    expect(override.json().message).toBe(
      '该血糖仪没有可由质控管理员解除的锁定（质控失败只能通过质控合格解除）',
    );

    // a patient reading uploaded by the locked meter is kept, held and pending
    const upload = await data<{ accepted: number }>(
      await api('POST', '/v1/testRecord/upload', nurseEndo, {
        source: 'meter',
        records: [
          {
            deviceSerial: meter.sn,
            deviceRecordNo: 'QC-HELD-1',
            category: 'GLU',
            testTime: at(1),
            result: 6.4,
            unit: 'mmolL',
            wristbandCode: 'WB-QC01',
            operator: 'nurse01',
          },
        ],
      }),
    );
    expect(upload.accepted).toBe(1);
    const held = await data<{
      records: { id: number; qcHold: string; patientName: string }[];
      total: number;
    }>(await api('GET', `/v1/deviceQc/held?analyzerId=${meter.id}`, admin));
    expect(held.total).toBe(1);
    expect(held.records[0]).toMatchObject({ qcHold: 'failedQc', patientName: 'QC Held' });
    const readingId = held.records[0]!.id;
    expect((await lockOf(meter.id)).heldCount).toBe(1);

    // the approval refuses it and says why
    const approve = await data<{ approved: number; skipped: { reason: string; message: string }[] }>(
      await api('POST', '/v1/testRecord/approve', admin, { ids: [readingId] }),
    );
    expect(approve).toMatchObject({
      approved: 0,
      skipped: [
        {
          reason: 'qcHeld',
          message: 'Held by a QC lockout of the meter; release it from the analyzer first',
        },
      ],
    });

    // another failing run keeps it locked; a passing one clears the lock
    await data(await run(failing(meter.id, 0.5)));
    expect((await lockOf(meter.id)).reasons).toEqual(['failedQc']);
    await data(await run(passing(meter.id, 0.2)));
    expect(await lockOf(meter.id)).toMatchObject({ locked: false, reasons: [] });
    expect((await analyzerRow(meter.id)).failed_lock_at).toBeNull();

    // releasing needs a reason; then the reading can be approved
    const noReason = await api('POST', '/v1/deviceQc/held/release', admin, { ids: [readingId], reason: '' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toContain('Please enter the reason for releasing the readings');
    const released = await api('POST', '/v1/deviceQc/held/release', admin, {
      ids: [readingId],
      reason: 'QC repeated and passed',
    });
    expect(released.json().message).toBe('1 reading(s) released for approval');
    expect(await auditRows(t, 'measurement', readingId, 'qcRelease')).toHaveLength(1);
    const again = await data<{ approved: number }>(
      await api('POST', '/v1/testRecord/approve', admin, { ids: [readingId] }),
    );
    expect(again.approved).toBe(1);
  });

  it('a passing meter uploads readings without a hold, and a repeat upload adds nothing', async () => {
    const meter = await newAnalyzer();
    await data(await run(passing(meter.id, 1)));
    const body = {
      source: 'meter',
      records: [
        {
          deviceSerial: meter.sn,
          deviceRecordNo: 'QC-FREE-1',
          category: 'GLU',
          testTime: at(0.5),
          result: 7.1,
          unit: 'mmolL',
          wristbandCode: 'WB-QC01',
          operator: 'nurse01',
        },
      ],
    };
    expect(await data(await api('POST', '/v1/testRecord/upload', nurseEndo, body))).toMatchObject({
      accepted: 1,
    });
    expect(await data(await api('POST', '/v1/testRecord/upload', nurseEndo, body))).toMatchObject({
      accepted: 0,
      duplicates: 1,
    });
    const { rows } = await t.handle.db.execute<{ qc_hold: string | null }>(
      sql`select qc_hold from measurements where device_serial = ${meter.sn}`,
    );
    expect(rows).toEqual([{ qc_hold: null }]);
  });

  it('meters upload control runs with their readings: judged as a run, the readings after a failure held, a repeat adds nothing', async () => {
    const meter = await newAnalyzer();
    await data(await run(passing(meter.id, 3)));
    const qcRow = (recordNo: string, level: number, value: number) => ({
      category: 'QC',
      deviceSerial: meter.sn,
      deviceRecordNo: recordNo,
      testTime: at(1),
      level,
      result: value,
      operator: 'nurse01',
    });
    const body = {
      source: 'meter',
      records: [
        qcRow('QC-UP-1', 0, 3.7),
        qcRow('QC-UP-2', 2, 16.6),
        {
          deviceSerial: meter.sn,
          deviceRecordNo: 'QC-UP-P1',
          category: 'GLU',
          testTime: at(0.4),
          result: 6.9,
          unit: 'mmolL',
          wristbandCode: 'WB-QC01',
          operator: 'nurse01',
        },
        { ...qcRow('QC-UP-3', 1, 7), deviceSerial: 'NOSUCHMETER' },
      ],
    };
    const first = await data<{
      accepted: number;
      duplicates: number;
      rejected: { index: number; errors: { field: string }[] }[];
    }>(await api('POST', '/v1/testRecord/upload', nurseEndo, body));
    expect(first).toMatchObject({ accepted: 3, duplicates: 0 });
    expect(first.rejected).toEqual([
      expect.objectContaining({ index: 3, errors: [expect.objectContaining({ field: 'deviceSerial' })] }),
    ]);
    const stored = await data<{ records: Rec[] }>(
      await api('GET', `/v1/deviceQc/query?sn=${meter.sn}&status=fail`, admin),
    );
    // 3.7 → +4.5 SD, above 3.4: failed, judged with the other level of its run
    expect(stored.records.map((r) => [r.level, r.result])).toEqual([[0, 'fail']]);
    expect((await lockOf(meter.id)).reasons).toEqual(['failedQc']);
    const { rows } = await t.handle.db.execute<{ qc_hold: string | null }>(
      sql`select qc_hold from measurements where device_serial = ${meter.sn} and device_record_no = 'QC-UP-P1'`,
    );
    expect(rows).toEqual([{ qc_hold: 'failedQc' }]);
    const again = await data<{ accepted: number; duplicates: number }>(
      await api('POST', '/v1/testRecord/upload', nurseEndo, body),
    );
    expect(again).toMatchObject({ accepted: 0, duplicates: 3 });
  });

  it('a run overdue by the schedule locks; a coordinator overrides it a limited number of times', async () => {
    const meter = await newAnalyzer();
    // the default strategy: a run every 24 hours, two overrides a day of 4 hours each
    await data(await run(passing(meter.id, 25)));
    const lock = await lockOf(meter.id);
    expect(lock).toMatchObject({
      locked: true,
      reasons: ['overdue'],
      overridable: ['overdue'],
      overridesLeft: 2,
    });
    expect(new Date(lock.dueAt!).getTime()).toBe(new Date(at(1)).getTime());
    const noReason = await api('POST', `/v1/devices/${meter.id}/override`, admin, {});
    expect(noReason.json().message).toContain('Please enter the reason for the override');

    const first = await data<Lock>(
      await api('POST', `/v1/devices/${meter.id}/override`, admin, { reason: 'Run after rounds' }),
    );
    expect(first).toMatchObject({ locked: false, reasons: [], overridesLeft: 1 });
    expect(new Date(first.overriddenUntil!).getTime()).toBe(t.clock.now.getTime() + 4 * HOUR);
    const { rows: audits } = await t.handle.db.execute<{ after: { sn: string; reasons: string[] } }>(
      sql`select after from audit_log where entity = 'qcLockOverride' and after->>'sn' = ${meter.sn}`,
    );
    expect(audits).toEqual([{ after: expect.objectContaining({ sn: meter.sn, reasons: ['overdue'] }) }]);
    // nothing left to override while the first one holds
    expect(
      (await api('POST', `/v1/devices/${meter.id}/override`, admin, { reason: 'again' })).statusCode,
    ).toBe(422);

    t.clock.advance(4 * HOUR);
    await signIn();
    expect((await lockOf(meter.id)).reasons).toEqual(['overdue']);
    await data(await api('POST', `/v1/devices/${meter.id}/override`, admin, { reason: 'Second' }));
    t.clock.advance(4 * HOUR);
    await signIn();
    const limit = await api('POST', `/v1/devices/${meter.id}/override`, admin, { reason: 'Third' }, 'zh-CN');
    expect(limit.statusCode).toBe(409);
    expect(limit.json().message).toBe('该血糖仪 24 小时内已解除锁定 2 次，不能再解除');
    // a passing run ends the lock
    await data(await run(passing(meter.id, 0)));
    expect((await lockOf(meter.id)).locked).toBe(false);
  });

  it('a new control lot in the meter locks it until a run with that lot passes', async () => {
    const meter = await newAnalyzer();
    await data(await run(passing(meter.id, 1)));
    const other = await t.handle.db.execute<{ id: string }>(sql`
      insert into control_solutions (tenant_id, lot_number, manufacture_date, expiry_date, levels)
      values ('101', 'CSTEST0001', '2025-01-01', '2099-01-01',
              ${JSON.stringify([
                { target: 2.8, sd: 0.2, rangeLow: 2.2, rangeHigh: 3.4 },
                { target: 0, sd: 0, rangeLow: null, rangeHigh: null },
                { target: 16.7, sd: 0.8, rangeLow: 14.3, rangeHigh: 19.1 },
              ])}::jsonb)
      returning id`);
    await t.handle.db.execute(
      sql`update analyzers set control_solution_id = ${Number(other.rows[0]!.id)} where id = ${meter.id}`,
    );
    expect((await lockOf(meter.id)).reasons).toEqual(['newControlLot']);
    await data(await run(passing(meter.id, 0)));
    expect((await lockOf(meter.id)).locked).toBe(false);
  });
});

describe('PUT and DELETE /v1/deviceQc', () => {
  it('corrects a record at its version, judged again; a stale version is 409', async () => {
    const meter = await newAnalyzer();
    const [low] = await data<Rec[]>(await run(failing(meter.id, 2)));
    expect(low!.result).toBe('fail');
    const body = {
      id: low!.id,
      version: low!.version,
      testedAt: at(2),
      testValue: 2.9,
      result: 'pass',
      tester: 'Li Na',
    };
    const fixed = await data<Rec>(await api('PUT', '/v1/deviceQc', admin, body));
    expect(fixed).toMatchObject({ testValue: 2.9, inRange: true, result: 'pass', version: 2 });
    // the run now passes as a whole: the lock is gone
    expect((await lockOf(meter.id)).locked).toBe(false);
    expect((await api('PUT', '/v1/deviceQc', admin, body)).statusCode).toBe(409);
    expect(await auditRows(t, 'qcRecord', low!.id, 'update')).toHaveLength(1);
  });

  it('deletes with a reason only; the analyzer follows its remaining records', async () => {
    const meter = await newAnalyzer();
    await data(await run(passing(meter.id, 3)));
    const [failedLow] = await data<Rec[]>(await run(failing(meter.id, 1)));
    expect((await lockOf(meter.id)).reasons).toEqual(['failedQc']);
    const path = `/v1/deviceQc/${failedLow!.id}?version=${failedLow!.version}`;
    const noReason = await api('DELETE', path, admin);
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe('Please enter the reason for deleting the QC record');
    expect(
      (await api('DELETE', `${path}&reason=${encodeURIComponent('Entered on the wrong meter')}`, admin))
        .statusCode,
    ).toBe(200);
    // the other level of the failing run still failed? no: level 2 passed, level 0 deleted → the run passes
    expect((await lockOf(meter.id)).locked).toBe(false);
    const list = await data<{ records: Rec[] }>(
      await api('GET', `/v1/deviceQc/query?analyzerId=${meter.id}`, admin),
    );
    expect(list.records.map((r) => r.id)).not.toContain(failedLow!.id);
    expect(await auditRows(t, 'qcRecord', failedLow!.id, 'delete')).toHaveLength(1);
  });
});

describe('GET /v1/deviceQc/query: filters, scope and isolation', () => {
  it('filters by status, SN and level; a CARD nurse sees no ENDO records; tenant 202 sees none of 101', async () => {
    const endo = await newAnalyzer('ENDO');
    await data(await run(passing(endo.id, 2)));
    await data(await run(failing(endo.id, 1)));
    const fails = await data<{ records: Rec[]; total: number }>(
      await api('GET', `/v1/deviceQc/query?sn=${endo.sn}&status=fail`, admin),
    );
    expect(fails.total).toBe(1);
    expect(fails.records[0]).toMatchObject({ level: 0, result: 'fail' });
    const level2 = await data<{ total: number }>(
      await api('GET', `/v1/deviceQc/query?sn=${endo.sn}&level=2`, admin),
    );
    expect(level2.total).toBe(2);
    const card = await data<{ total: number }>(
      await api('GET', `/v1/deviceQc/query?sn=${endo.sn}`, nurseCard),
    );
    expect(card.total).toBe(0);
    expect((await run(passing(endo.id), nurseCard)).json().message).toBe(
      'The analyzer does not exist, has been deleted or is outside your departments',
    );
    expect((await api('GET', `/v1/devices/${endo.id}/lock`, nurseCard)).statusCode).toBe(404);
    const other = await data<{ total: number }>(
      await api('GET', `/v1/deviceQc/query?sn=${endo.sn}`, admin202),
    );
    expect(other.total).toBe(0);
  });
});

describe('GET/POST /v1/controlSetting', () => {
  it('reads the default strategy, saves a valid one (audited) and refuses a bad one in both languages', async () => {
    const strategy = await data<{ rules: string[]; lockout: boolean }>(
      await api('GET', '/v1/controlSetting', admin),
    );
    expect(strategy).toMatchObject({ rules: ['1-2s', '1-3s', '2-2s', 'R-4s', '4-1s', '10x'], lockout: true });
    const next = {
      ...strategy,
      rules: ['1-3s', 'R-4s'],
      schedule: {
        everyHours: 12,
        perShift: false,
        fixedTimes: ['08:00'],
        onNewStripLot: true,
        onNewControlLot: false,
      },
    };
    const saved = await data<{ rules: string[] }>(await api('POST', '/v1/controlSetting', admin, next));
    expect(saved.rules).toEqual(['1-3s', 'R-4s']);
    expect(await auditRows(t, 'setting', 'qc.strategy', 'update')).toHaveLength(1);
    const bad = await api('POST', '/v1/controlSetting', admin, { ...next, rules: ['2-3s'] }, 'zh-CN');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('请从');
    const badEn = await api('POST', '/v1/controlSetting', admin, { ...next, overrideHours: 0 });
    expect(badEn.json().message).toContain('An override lasts a whole number of hours from 1 to 72');
    expect((await api('POST', '/v1/controlSetting', nurseEndo, next)).statusCode).toBe(403);
    // back to the default for the other tests of this file
    await data(await api('POST', '/v1/controlSetting', admin, strategy));
  });
});
