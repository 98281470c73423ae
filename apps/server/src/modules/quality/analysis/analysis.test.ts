import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOf, auditRows } from '../../../test/api';
import { createTestContext, type TestContext } from '../../../test/harness';
import { insertPatient } from '../../measurements/test-support';

let t: TestContext;
let api: ReturnType<typeof apiOf>;
let admin: string;
let nurse: string;
let reviewer: string;
let admin202: string;
let endoMeter: number;
let cardMeter: number;

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

interface Run {
  analyzerId: number;
  sn: string;
  department: string;
  level: number;
  at: string;
  value: number;
  lot?: string;
  result?: 'pass' | 'fail';
  violations?: string[];
  deleted?: boolean;
  reason?: string;
}
const LEVELS = [
  { target: 2.8, sd: 0.2, low: 2.2, high: 3.4 },
  { target: 7.0, sd: 0.35, low: 5.95, high: 8.05 },
];
async function insertRun(run: Run) {
  const level = LEVELS[run.level]!;
  const violations = run.violations ?? [];
  await t.handle.db.execute(sql`
    insert into qc_records (tenant_id, analyzer_id, analyzer_sn, department_code, item, level, tested_at,
                            test_value, control_lot, strip_lot, target, sd, range_low, range_high, result,
                            in_range, violations, rejected, tester_name, failure_reason, improvement_actions,
                            deleted_at)
    values ('101', ${run.analyzerId}, ${run.sn}, ${run.department}, 'GLU', ${run.level}, ${run.at}::timestamptz,
            ${run.value}, ${run.lot ?? 'CS24A1107'}, 'TS2409A33', ${level.target}, ${level.sd}, ${level.low},
            ${level.high}, ${run.result ?? 'pass'}, ${run.value >= level.low && run.value <= level.high},
            ${sql.param(violations)}::text[], ${violations.some((rule) => rule !== '1-2s')}, 'Nurse Wang Fang',
            ${run.reason ?? null}, ${run.reason ? 'opened a new vial and repeated' : null},
            ${run.deleted ? run.at : null})`);
}

beforeAll(async () => {
  t = await createTestContext();
  api = apiOf(t);
  [admin, nurse, reviewer, admin202] = await Promise.all([
    t.login('101', 'admin', 'Admin@123456'),
    t.login('101', 'nurse01', 'Nurse@2026'),
    t.login('101', 'reviewer01', 'Review@2026'),
    t.login('202', 'admin', 'Admin@202202'),
  ]);
  endoMeter = await idOf(sql`select id from analyzers where tenant_id = '101' and sn = 'GM2026E0001'`);
  cardMeter = await idOf(sql`select id from analyzers where tenant_id = '101' and sn = 'GM2026C0001'`);
  const endo = { analyzerId: endoMeter, sn: 'GM2026E0001', department: 'ENDO' };
  const card = { analyzerId: cardMeter, sn: 'GM2026C0001', department: 'CARD' };
  // March 2026 in Shanghai: 2026-02-28T16:00Z .. 2026-03-31T16:00Z
  for (const run of [
    { ...endo, level: 1, at: '2026-02-28T16:30:00Z', value: 7.0 }, // 1 March 00:30 Shanghai: in March
    { ...endo, level: 1, at: '2026-03-10T02:00:00Z', value: 7.35 },
    { ...endo, level: 1, at: '2026-03-15T02:00:00Z', value: 7.8, violations: ['1-2s'] },
    {
      ...endo,
      level: 1,
      at: '2026-03-20T02:00:00Z',
      value: 8.1,
      result: 'fail' as const,
      violations: ['1-3s'],
      reason: 'strip vial left open',
    },
    { ...endo, level: 1, at: '2026-03-31T15:30:00Z', value: 6.75 }, // 31 March 23:30 Shanghai: in March
    { ...endo, level: 1, at: '2026-02-28T15:30:00Z', value: 9.9 }, // 28 February 23:30 Shanghai: not
    { ...endo, level: 1, at: '2026-03-31T16:30:00Z', value: 9.9 }, // 1 April 00:30 Shanghai: not
    { ...endo, level: 1, at: '2026-03-12T02:00:00Z', value: 9.9, deleted: true },
    { ...endo, level: 1, at: '2026-03-11T02:00:00Z', value: 7.1, lot: 'CS23B0420' },
    { ...endo, level: 0, at: '2026-03-10T02:05:00Z', value: 2.8 },
    { ...card, level: 1, at: '2026-03-10T03:00:00Z', value: 7.0 },
    {
      ...card,
      level: 1,
      at: '2026-03-11T03:00:00Z',
      value: 6.2,
      result: 'fail' as const,
      violations: ['2-2s'],
    },
  ] satisfies Run[])
    await insertRun(run);
});
afterAll(() => t.close());

type Curve = {
  lot: string;
  lots: string[];
  target: number;
  sd: number;
  lines: Record<string, number>;
  points: { testedAt: string; value: number; z: number; result: string; violations: string[] }[];
  figures: { n: number; mean: number; sd: number; cv: number; passes: number; passRate: number };
  analyzer: { departmentName: string };
};

describe('GET /v2/deviceQc/control (Levey-Jennings month)', () => {
  it('reads the month of one meter, level and the lot in use on the hospital calendar, worked out by hand', async () => {
    const curve = await api('GET', '/v2/deviceQc/control?sn=GM2026E0001&month=2026-03&level=1', nurse).then(
      ok<Curve>,
    );
    expect(curve.lot).toBe('CS24A1107');
    expect(curve.lots).toEqual(['CS23B0420', 'CS24A1107']);
    expect(curve.analyzer.departmentName).toBe('Endocrinology');
    expect(curve.points.map((p) => [p.testedAt, p.value, p.z])).toEqual([
      ['2026-02-28T16:30:00.000Z', 7.0, 0],
      ['2026-03-10T02:00:00.000Z', 7.35, 1],
      ['2026-03-15T02:00:00.000Z', 7.8, 2.286],
      ['2026-03-20T02:00:00.000Z', 8.1, 3.143],
      ['2026-03-31T15:30:00.000Z', 6.75, -0.714],
    ]);
    expect(curve.points[3]).toMatchObject({ result: 'fail', violations: ['1-3s'] });
    expect({ target: curve.target, sd: curve.sd, ...curve.lines }).toEqual({
      target: 7,
      sd: 0.35,
      plus1: 7.35,
      minus1: 6.65,
      plus2: 7.7,
      minus2: 6.3,
      plus3: 8.05,
      minus3: 5.95,
    });
    // 7.0, 7.35, 7.8, 8.1, 6.75: mean 37 / 5 = 7.4; squares 0.16 + 0.0025 + 0.16 + 0.49 + 0.4225 = 1.235,
    // / 4 = 0.30875 → SD 0.5557 (0.556); CV 0.5557 / 7.4 = 7.51 %; 4 of 5 passed
    expect(curve.figures).toMatchObject({ n: 5, mean: 7.4, sd: 0.556, cv: 7.51, passes: 4, passRate: 80 });
    const other = await api(
      'GET',
      `/v2/deviceQc/control?analyzerId=${endoMeter}&month=2026-03&level=1&lot=CS23B0420`,
      nurse,
    ).then(ok<Curve>);
    expect(other.points.map((p) => p.value)).toEqual([7.1]);
    expect(other.figures).toMatchObject({ n: 1, mean: 7.1, sd: null, cv: null });
  });

  it('refuses bad queries in both languages, and keeps to the caller’s departments and tenant', async () => {
    expect(fail(await api('GET', '/v2/deviceQc/control?sn=GM2026E0001', nurse))).toMatchObject({
      status: 400,
      dataContent: { errors: [{ field: 'month', message: 'Please select the month' }] },
    });
    const zh = fail(
      await api('GET', '/v2/deviceQc/control?sn=GM2026E0001&month=2026-3', nurse, undefined, 'zh-CN'),
    );
    expect(zh.status).toBe(400);
    expect(zh.dataContent).toMatchObject({
      errors: expect.arrayContaining([{ field: 'month', message: '请输入有效的月份（YYYY-MM）' }]),
    });
    const card = fail(
      await api('GET', '/v2/deviceQc/control?sn=GM2026C0001&month=2026-03', nurse, undefined, 'zh-CN'),
    );
    expect(card).toMatchObject({ status: 404, message: '血糖仪不存在或不在您的科室范围内' });
    expect((await api('GET', '/v2/deviceQc/control?sn=GM2026E0001&month=2026-03', admin202)).statusCode).toBe(
      404,
    );
  });
});

type Statistics = {
  analyzers: {
    sn: string;
    level: number;
    controlLot: string;
    runs: number;
    passes: number;
    passRate: number;
    mean: number;
    sd: number | null;
    cv: number | null;
    violationCounts: Record<string, number>;
  }[];
  departments: {
    departmentCode: string;
    departmentName: string;
    analyzers: number;
    runs: number;
    passes: number;
    passRate: number;
    violationCounts: Record<string, number>;
  }[];
  total: { runs: number; passes: number; passRate: number };
};

describe('GET /v1/deviceQc/departmentControlStatistics', () => {
  const url = '/v1/deviceQc/departmentControlStatistics?beginDate=2026-03-01&endDate=2026-03-31';
  it('counts per analyzer, level and lot and per department, in the caller’s scope', async () => {
    const all = await api('GET', url, admin).then(ok<Statistics>);
    expect(all.analyzers.map((row) => [row.sn, row.level, row.controlLot, row.runs, row.passes])).toEqual([
      ['GM2026C0001', 1, 'CS24A1107', 2, 1],
      ['GM2026E0001', 0, 'CS24A1107', 1, 1],
      ['GM2026E0001', 1, 'CS23B0420', 1, 1],
      ['GM2026E0001', 1, 'CS24A1107', 5, 4],
    ]);
    // the same month as the curve: the same figures
    expect(all.analyzers[3]).toMatchObject({ mean: 7.4, sd: 0.556, cv: 7.51, passRate: 80 });
    // 7.0 and 6.2: mean 6.6, SD √0.32 = 0.566, CV 8.57 %
    expect(all.analyzers[0]).toMatchObject({ mean: 6.6, sd: 0.566, cv: 8.57, passRate: 50 });
    expect(all.analyzers[1]).toMatchObject({ mean: 2.8, sd: null, cv: null });
    expect(
      all.departments.map((row) => [row.departmentCode, row.analyzers, row.runs, row.passes, row.passRate]),
    ).toEqual([
      ['CARD', 1, 2, 1, 50],
      ['ENDO', 1, 7, 6, 85.71],
    ]);
    expect(all.departments[1]!.violationCounts).toMatchObject({ '1-2s': 1, '1-3s': 1, '2-2s': 0 });
    expect(all.total).toEqual({ runs: 9, passes: 7, passRate: 77.78 });
    const mine = await api('GET', url, nurse, undefined, 'zh-CN').then(ok<Statistics>);
    expect(mine.departments.map((row) => [row.departmentCode, row.departmentName])).toEqual([
      ['ENDO', '内分泌科'],
    ]);
    const byDepartment = await api('GET', `${url}&departmentCode=CARD`, admin).then(ok<Statistics>);
    expect(byDepartment.total.runs).toBe(2);
    const other = await api('GET', url, admin202).then(ok<Statistics>);
    expect(other.total).toEqual({ runs: 0, passes: 0, passRate: null });
    const order = fail(
      await api(
        'GET',
        '/v1/deviceQc/departmentControlStatistics?beginDate=2026-04-01&endDate=2026-03-01',
        admin,
      ),
    );
    expect(order.status).toBe(400);
  });
});

type Report = {
  analyzerId: number;
  sn: string;
  id: number | null;
  version: number | null;
  state: string;
  appraisal: string | null;
  rejectReason: string | null;
  submittedByName: string | null;
  archivedByName: string | null;
  summary: {
    runs: number;
    passes: number;
    passRate: number;
    levels: { level: number; runs: number }[];
    incidents: { failureReason: string | null; violations: string[] }[];
  };
};

describe('monthly reports', () => {
  const list = (token: string, query = 'month=2026-03') =>
    api('GET', `/v1/deviceQc/monthReport?${query}`, token).then(ok<{ records: Report[] }>);
  const mine = async (token = nurse) =>
    (await list(token)).records.find((row) => row.analyzerId === endoMeter)!;

  it('runs not submitted → submitted → rejected → submitted → archived, with versions and audit', async () => {
    const before = await mine();
    expect(before).toMatchObject({ state: 'notSubmitted', id: null, version: null });
    expect(before.summary).toMatchObject({ runs: 7, passes: 6, passRate: 85.71 });
    expect(before.summary.incidents.map((run) => [run.violations, run.failureReason])).toEqual([
      [['1-2s'], null],
      [['1-3s'], 'strip vial left open'],
    ]);
    // the nurse's list holds only ENDO meters
    expect(
      (await list(nurse)).records.every(
        (row) => row.sn.startsWith('GM2026E') || row.sn.startsWith('GM2026P'),
      ),
    ).toBe(true);

    const submitted = await api('POST', '/v1/deviceQc/monthReport/submit', nurse, {
      analyzerId: endoMeter,
      month: '2026-03',
      appraisal: 'One 1-3s rejection, strip vial left open; repeated in range.',
    });
    expect(submitted.json().message).toBe('Monthly report of GM2026E0001 for 2026-03 submitted');
    const report = await ok<Report>(submitted);
    expect(report).toMatchObject({ state: 'submitted', version: 1, submittedByName: 'Nurse Wang Fang' });
    // the figures are kept as submitted: a run added later does not change them
    await insertRun({
      analyzerId: endoMeter,
      sn: 'GM2026E0001',
      department: 'ENDO',
      level: 1,
      at: '2026-03-25T02:00:00Z',
      value: 7.0,
    });
    expect((await mine()).summary.runs).toBe(7);

    const again = fail(
      await api(
        'POST',
        '/v1/deviceQc/monthReport/submit',
        nurse,
        { analyzerId: endoMeter, month: '2026-03', appraisal: 'x' },
        'zh-CN',
      ),
    );
    expect(again).toMatchObject({ status: 409, message: '该质控月报已提交，当前不能执行此操作' });

    // the nurse cannot verify; the reviewer must give a reason and the current version
    const id = report.id!;
    expect(
      (await api('POST', '/v1/deviceQc/monthReport/reject', nurse, { id, version: 1, reason: 'x' }))
        .statusCode,
    ).toBe(403);
    expect(
      fail(await api('POST', '/v1/deviceQc/monthReport/reject', reviewer, { id, version: 1, reason: ' ' })),
    ).toMatchObject({
      status: 400,
      dataContent: { errors: [{ field: 'reason', message: 'Please enter the reason for rejecting' }] },
    });
    expect(
      fail(await api('POST', '/v1/deviceQc/monthReport/reject', reviewer, { id, version: 2, reason: 'x' }))
        .status,
    ).toBe(409);
    const rejected = await api('POST', '/v1/deviceQc/monthReport/reject', reviewer, {
      id,
      version: 1,
      reason: 'Add the corrective action of 20 March',
    }).then(ok<Report>);
    expect(rejected).toMatchObject({
      state: 'rejected',
      version: 2,
      rejectReason: 'Add the corrective action of 20 March',
    });
    // rejected: the live figures again (the run added since counts)
    expect((await mine()).summary.runs).toBe(8);
    expect(
      fail(await api('POST', '/v1/deviceQc/monthReport/archive', reviewer, { id, version: 2 })).status,
    ).toBe(409);

    // resubmitted: with the current version only
    const body = {
      analyzerId: endoMeter,
      month: '2026-03',
      appraisal: 'Corrective action: new vial, retrained.',
    };
    expect(fail(await api('POST', '/v1/deviceQc/monthReport/submit', nurse, body)).status).toBe(409);
    expect(
      fail(await api('POST', '/v1/deviceQc/monthReport/submit', nurse, { ...body, version: 1 })).status,
    ).toBe(409);
    const resubmitted = await api('POST', '/v1/deviceQc/monthReport/submit', nurse, {
      ...body,
      version: 2,
    }).then(ok<Report>);
    expect(resubmitted).toMatchObject({ state: 'submitted', version: 3, appraisal: body.appraisal });
    expect(resubmitted.summary.runs).toBe(8);

    const archived = await api(
      'POST',
      '/v1/deviceQc/monthReport/archive',
      reviewer,
      { id, version: 3 },
      'zh-CN',
    );
    expect(archived.json().message).toBe('GM2026E0001 2026-03 质控月报已审核归档');
    expect(await ok<Report>(archived)).toMatchObject({
      state: 'archived',
      version: 4,
      archivedByName: 'Zhang Min',
    });
    expect(
      fail(
        await api('POST', '/v1/deviceQc/monthReport/reject', reviewer, { id, version: 4, reason: 'late' }),
      ),
    ).toMatchObject({
      status: 409,
      message: 'The monthly report is archived; this cannot be done now',
    });

    const audits = await t.handle.db.execute<{ action: string; reason: string | null }>(sql`
      select action, reason from audit_log where tenant_id = '101' and entity = 'qcMonthlyReport'
         and entity_id = ${String(id)} order by id`);
    expect(audits.rows.map((row) => [row.action, row.reason])).toEqual([
      ['submit', null],
      ['reject', 'Add the corrective action of 20 March'],
      ['submit', null],
      ['archive', null],
    ]);
    const [first] = await auditRows(t, 'qcMonthlyReport', id, 'submit');
    expect(first?.after).toMatchObject({ analyzerId: endoMeter, month: '2026-03', status: 'submitted' });
  });

  it('refuses a month not begun, another department’s meter and another tenant', async () => {
    const now = t.clock.now;
    const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 1)).toISOString().slice(0, 7);
    const future = fail(
      await api(
        'POST',
        '/v1/deviceQc/monthReport/submit',
        nurse,
        { analyzerId: endoMeter, month: next, appraisal: 'x' },
        'zh-CN',
      ),
    );
    expect(future).toMatchObject({
      status: 400,
      dataContent: { errors: [{ field: 'month', message: '月份开始后才能提交月报' }] },
    });
    const card = { analyzerId: cardMeter, month: '2026-03', appraisal: 'x' };
    expect((await api('POST', '/v1/deviceQc/monthReport/submit', nurse, card)).statusCode).toBe(404);
    expect((await api('POST', '/v1/deviceQc/monthReport/submit', admin202, card)).statusCode).toBe(404);
    const cardReport = await api('POST', '/v1/deviceQc/monthReport/submit', admin, card).then(ok<Report>);
    // the ENDO reviewer does not see a CARD report
    expect(
      (await api('POST', '/v1/deviceQc/monthReport/archive', reviewer, { id: cardReport.id, version: 1 }))
        .statusCode,
    ).toBe(404);
    expect(
      (await api('POST', '/v1/deviceQc/monthReport/archive', admin202, { id: cardReport.id, version: 1 }))
        .statusCode,
    ).toBe(404);
    expect(
      fail(await api('POST', '/v1/deviceQc/monthReport/submit', nurse, { month: '2026-03' })).dataContent,
    ).toMatchObject({
      errors: expect.arrayContaining([
        { field: 'analyzerId', message: 'Please select the analyzer' },
        { field: 'appraisal', message: 'Please enter the monthly appraisal' },
      ]),
    });
    expect(
      (await api('GET', '/v1/deviceQc/monthReport?month=2026-03', admin202).then(ok<{ records: Report[] }>))
        .records,
    ).toEqual([]);
  });

  it('lets one of two concurrent first submissions through', async () => {
    const meter = await idOf(sql`select id from analyzers where tenant_id = '101' and sn = 'GM2026E0002'`);
    const body = { analyzerId: meter, month: '2026-02', appraisal: 'race' };
    const results = await Promise.all(
      [1, 2, 3].map(() => api('POST', '/v1/deviceQc/monthReport/submit', nurse, body)),
    );
    expect(results.map((res) => res.statusCode).sort()).toEqual([200, 409, 409]);
  });
});

type Accuracy = {
  meters: {
    sn: string;
    departmentName: string;
    pairs: number;
    within: number;
    withinShare: number;
    meetsIso: boolean;
    meanBias: number;
    meanBiasPercent: number;
    records: {
      meter: number;
      reference: number;
      difference: number;
      within: boolean;
      minutesApart: number;
    }[];
  }[];
};

describe('GET /v1/deviceQc/accuracy', () => {
  it('pairs meter readings with the closest lab glucose within 15 minutes and judges them by ISO 15197', async () => {
    const patient = await insertPatient(t, {
      name: 'Accuracy Patient',
      admittedAt: new Date('2026-03-01T00:00:00Z'),
    });
    const cardPatient = await insertPatient(t, {
      name: 'Card Accuracy',
      departmentCode: 'CARD',
      admittedAt: new Date('2026-03-01T00:00:00Z'),
    });
    const reading = (
      patientId: number,
      department: string,
      at: string,
      value: number,
      serial: string | null,
    ) =>
      t.handle.db.execute(sql`
        insert into measurements (tenant_id, patient_id, department_code, item, test_time, value, entered_value,
                                  entered_unit, source, device_serial, device_record_no)
        values ('101', ${patientId}, ${department}, 'GLU', ${at}::timestamptz, ${value}, ${value}, 'mmolL',
                ${serial ? 'meter' : 'manual'}, ${serial}, ${serial ? `ACC-${at}` : null})`);
    const lab = (
      patientId: number,
      department: string,
      at: string,
      value: number,
      unit = 'mmol/L',
      item = 'GLU',
    ) =>
      t.handle.db.execute(sql`
        insert into lab_results (tenant_id, patient_id, department_code, item_code, item_name, value, unit, resulted_at)
        values ('101', ${patientId}, ${department}, ${item}, 'Glucose', ${value}, ${unit}, ${at}::timestamptz)`);
    await reading(patient, 'ENDO', '2026-03-05T01:00:00Z', 5.5, 'GM2026E0001');
    await lab(patient, 'ENDO', '2026-03-05T01:10:00Z', 5.0); // 10 min
    await lab(patient, 'ENDO', '2026-03-05T00:52:00Z', 6.0); // 8 min: the closer one
    await reading(patient, 'ENDO', '2026-03-06T01:00:00Z', 12.0, 'GM2026E0001');
    await lab(patient, 'ENDO', '2026-03-06T01:15:00Z', 10.0); // 15 min exactly: paired, +20 % out of limits
    await reading(patient, 'ENDO', '2026-03-07T01:00:00Z', 4.0, 'GM2026E0001');
    await lab(patient, 'ENDO', '2026-03-07T01:16:00Z', 4.0); // 16 min: not paired
    await lab(patient, 'ENDO', '2026-03-07T01:01:00Z', 4.0, '%', 'HBA1C'); // not a glucose
    await reading(patient, 'ENDO', '2026-03-08T01:00:00Z', 4.5, 'GM2026E0001');
    await lab(patient, 'ENDO', '2026-03-08T01:05:00Z', 72, 'mg/dL'); // 4.0 mmol/L
    await reading(patient, 'ENDO', '2026-03-09T01:00:00Z', 6.0, null); // typed in: no meter
    await lab(patient, 'ENDO', '2026-03-09T01:05:00Z', 6.0);
    await reading(cardPatient, 'CARD', '2026-03-05T02:00:00Z', 8.0, 'GM2026C0001');
    await lab(cardPatient, 'CARD', '2026-03-05T02:05:00Z', 8.0);

    const mine = await api('GET', '/v1/deviceQc/accuracy?month=2026-03', nurse).then(ok<Accuracy>);
    expect(mine.meters.map((meter) => meter.sn)).toEqual(['GM2026E0001']);
    const [meter] = mine.meters;
    expect(
      meter!.records.map((row) => [row.meter, row.reference, row.difference, row.within, row.minutesApart]),
    ).toEqual([
      [5.5, 6, -0.5, true, -8],
      [12, 10, 2, false, 15],
      [4.5, 4, 0.5, true, 5],
    ]);
    // 2 of 3 within; bias (−0.5 + 2 + 0.5) / 3 = 0.667; relative (−8.33 + 20 + 12.5) / 3 = 8.06 %
    expect(meter).toMatchObject({
      pairs: 3,
      within: 2,
      withinShare: 66.67,
      meetsIso: false,
      meanBias: 0.667,
      meanBiasPercent: 8.06,
    });
    const all = await api(
      'GET',
      '/v1/deviceQc/accuracy?month=2026-03&sn=GM2026C0001',
      admin,
      undefined,
      'zh-CN',
    ).then(ok<Accuracy>);
    expect(all.meters.map((row) => [row.sn, row.departmentName, row.withinShare])).toEqual([
      ['GM2026C0001', '心内科', 100],
    ]);
    expect(
      (await api('GET', '/v1/deviceQc/accuracy?month=2026-03', admin202).then(ok<Accuracy>)).meters,
    ).toEqual([]);
    expect(fail(await api('GET', '/v1/deviceQc/accuracy', nurse)).status).toBe(400);
  });
});
