import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOf, auditRows } from '../../../test/api';
import { createTestContext, type TestContext } from '../../../test/harness';
import { LIVE_CHANNEL } from '../../live/hub';

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

type Lot = { id: number; lotNumber: string; status: string; unusable: string | null };
type Loan = {
  id: number;
  analyzerId: number;
  borrowerName: string;
  departmentCode: string;
  departmentName: string;
  lentOn: string;
  expectedReturnOn: string | null;
  returnedOn: string | null;
  returnState: string | null;
  status: string;
  overdue: boolean;
  version: number;
};
type Analyzer = {
  id: number;
  sn: string;
  model: string;
  departmentCode: string;
  departmentName: string;
  isSpare: boolean;
  isActive: boolean;
  status: string;
  controlSolution: Lot | null;
  testStrip: Lot | null;
  lock: { locked: boolean; reasons: string[] };
  loan: Loan | null;
  version: number;
};
type Control = {
  id: number;
  lotNumber: string;
  status: string;
  openedOn: string | null;
  discardOn: string | null;
  isExpired: boolean;
  analyzerCount: number;
  version: number;
};
type Strip = { id: number; lotNumber: string; status: string; isExpired: boolean; version: number };
type Page<T> = { records: T[]; total: number };

async function ok<T>(res: { statusCode: number; body: string; json: () => { dataContent: unknown } }) {
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json().dataContent as T;
}
const analyzers = (query: string, token = admin) =>
  api('GET', `/v2/devices/query?size=100&${query}`, token).then(ok<Page<Analyzer>>);
const controls = (query: string) =>
  api('GET', `/v1/qualityReagent/page?size=100&${query}`, admin).then(ok<Page<Control>>);
const strips = (query: string) =>
  api('GET', `/v1/testStrip/page?size=100&${query}`, admin).then(ok<Page<Strip>>);
const bySn = async (sn: string) => (await analyzers(`sn=${sn}`)).records[0] as Analyzer;
const controlByLot = async (lot: string) => (await controls(`lotNum=${lot}`)).records[0] as Control;
const stripByLot = async (lot: string) => (await strips(`queryCondition=${lot}`)).records[0] as Strip;
const today = () => t.clock.now.toISOString().slice(0, 10);
const dayOffset = (days: number) =>
  new Date(t.clock.now.getTime() + days * 86_400_000).toISOString().slice(0, 10);

const level = { sd: 0.3, target: 5.5, rangeLow: 4.6, rangeHigh: 6.4 };
const newControl = (lotNumber: string) => ({
  lotNumber,
  manufactureDate: dayOffset(-30),
  expiryDate: dayOffset(300),
  manufacturer: 'Sinocare',
  type: 'GA-3 control',
  levels: [level, { sd: 0, target: 0 }, level],
});
const newMeter = (sn: string, extra: object = {}) => ({
  model: 'GA-3 Pro',
  manufacturer: 'Sinocare',
  sn,
  workStation: 'ENDO treatment room',
  departmentCode: 'ENDO',
  ...extra,
});

describe('demo registry', () => {
  it('lists the meters with their lots, lock state and loans; a ward sees its own and the spares lent to it', async () => {
    const all = await analyzers('');
    expect(all.total).toBe(9);
    const lent = all.records.find((a) => a.sn === 'GM2026P0001') as Analyzer;
    expect(lent).toMatchObject({
      isSpare: true,
      departmentCode: 'ENDO',
      controlSolution: { lotNumber: 'CS24A1107', unusable: null },
      testStrip: { lotNumber: 'TS2409A33', unusable: null },
      // a spare no one has run controls on yet is due its first run
      lock: { locked: true, reasons: ['overdue'] },
      loan: {
        borrowerName: 'Zhao Min',
        departmentCode: 'CARD',
        departmentName: 'Cardiology',
        status: 'lent',
      },
    });
    expect(all.records.find((a) => a.sn === 'GM2026X0001')).toMatchObject({
      isActive: false,
      status: 'stopped',
      lock: { locked: false },
    });
    // the demo's runs: a ward meter that passed today, and the one locked by yesterday's failed run
    expect(all.records.find((a) => a.sn === 'GM2026E0001')).toMatchObject({ lock: { locked: false } });
    expect(all.records.find((a) => a.sn === 'GM2026E0002')?.lock.reasons).toContain('failedQc');

    const card = await analyzers('', nurseCard);
    expect(card.records.map((a) => a.sn).sort()).toEqual(['GM2026C0001', 'GM2026P0001', 'GM2026X0001']);
    // the department filter reads the spares lent to the ward too
    expect((await analyzers('departmentCode=CARD')).records.map((a) => a.sn)).toContain('GM2026P0001');
    const endo = await analyzers('', nurseEndo);
    expect(endo.records.map((a) => a.sn).sort()).toEqual([
      'GM2026E0001',
      'GM2026E0002',
      'GM2026P0001',
      'GM2026P0002',
    ]);

    const endoMeter = endo.records.find((a) => a.sn === 'GM2026E0001') as Analyzer;
    expect((await api('GET', `/v1/devices/${endoMeter.id}`, nurseCard)).statusCode).toBe(404);
    expect((await api('GET', `/v1/devices/${lent.id}`, nurseCard)).statusCode).toBe(200);
    expect((await analyzers('', admin202)).total).toBe(0);
    expect((await api('GET', `/v1/devices/${lent.id}`, admin202)).statusCode).toBe(404);
  });

  it('filters by status, spare, model and manufacturer; the dictionaries answer in the language', async () => {
    expect((await analyzers('status=stopped')).records.map((a) => a.sn)).toEqual(['GM2026X0001']);
    expect((await analyzers('isSpare=true')).total).toBe(2);
    expect((await analyzers('manufactor=Abbott')).records.map((a) => a.sn)).toEqual(['GM2026N0001']);
    expect((await analyzers('deviceModel=statstrip')).total).toBe(2);
    const spares = await api('GET', '/v1/devices/spares?size=50', nurseEndo).then(ok<Page<Analyzer>>);
    expect(spares.records.map((a) => a.sn)).toEqual(['GM2026P0001', 'GM2026P0002']);

    const statuses = await api('GET', '/v1/devices/statusTypes', admin, undefined, 'zh-CN').then(
      ok<{ value: string; label: string }[]>,
    );
    expect(statuses).toEqual([
      { value: 'enabled', label: '启用' },
      { value: 'stopped', label: '停用' },
    ]);
    const items = await api('GET', '/v1/dict/qualityReagentTypes', admin).then(ok<{ value: string }[]>);
    expect(items.map((i) => i.value)).toEqual(['GLU', 'KET', 'UA']);
    const makers = await api('GET', '/v1/dict/manufacturers/list', admin).then(ok<{ value: string }[]>);
    expect(makers.map((m) => m.value)).toEqual(['Abbott', 'Nova Biomedical', 'Roche']);
    expect(await api('GET', '/v1/dict/manufacturers/list', admin202).then(ok<unknown[]>)).toEqual([]);
  });
});

describe('analyzers', () => {
  it('validates in both languages and refuses a taken SN with a clear 409', async () => {
    const bad = await api('POST', '/v1/devices', admin, newMeter('SN1', { model: 'GA', workStation: ' ' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().dataContent.errors).toEqual([
      { field: 'model', message: 'The analyzer model must be 3-32 characters' },
      { field: 'sn', message: 'The SN must be exactly 11 characters' },
      { field: 'workStation', message: 'Please enter the work station' },
    ]);
    const zh = await api('POST', '/v1/devices', admin, newMeter('SN1', { departmentCode: '' }), 'zh-CN');
    expect(zh.json().dataContent.errors).toEqual([
      { field: 'sn', message: 'SN 号必须为 11 位' },
      { field: 'departmentCode', message: '请选择科室' },
    ]);
    const taken = await api('POST', '/v1/devices', admin, newMeter('GM2026E0001'));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('An analyzer with this SN already exists');
    const takenZh = await api('POST', '/v1/devices', admin, newMeter('GM2026E0001'), 'zh-CN');
    expect(takenZh.json().message).toBe('该 SN 号的血糖仪已存在');
    const unknownDept = await api(
      'POST',
      '/v1/devices',
      admin,
      newMeter('GA3T0000001', { departmentCode: 'NOPE' }),
    );
    expect(unknownDept.json().dataContent.errors).toEqual([
      { field: 'departmentCode', message: 'Please choose an enabled department you work in' },
    ]);
  });

  it('puts in only usable lots of one item, and says why not', async () => {
    const expired = await controlByLot('CS23B0420');
    const suspended = await controlByLot('CS24C0815');
    const good = await controlByLot('CS24A1107');
    const expiredStrip = await stripByLot('TS2311B07');
    const res = await api(
      'POST',
      '/v1/devices',
      admin,
      newMeter('GA3T0000002', { controlSolutionId: expired.id }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().dataContent.errors[0].field).toBe('controlSolutionId');
    expect(res.json().dataContent.errors[0].message).toMatch(
      /^Lot CS23B0420 expired on \d{4}-\d{2}-\d{2} and cannot be put in$/,
    );
    const zh = await api(
      'POST',
      '/v1/devices',
      admin,
      newMeter('GA3T0000002', { controlSolutionId: suspended.id }),
      'zh-CN',
    );
    expect(zh.json().dataContent.errors[0].message).toBe('批号 CS24C0815 已暂停使用，不能使用');
    const strip = await api(
      'POST',
      '/v1/devices',
      admin,
      newMeter('GA3T0000002', { testStripId: expiredStrip.id }),
    );
    expect(strip.json().dataContent.errors[0]).toMatchObject({ field: 'testStripId' });
    const ketone = await api('POST', '/v1/testStrip', admin, {
      item: 'KET',
      lotNumber: 'KT250101',
      controlRanges: [{ min: 0.3, max: 0.9 }],
    }).then(ok<Strip>);
    const mismatch = await api(
      'POST',
      '/v1/devices',
      admin,
      newMeter('GA3T0000002', { controlSolutionId: good.id, testStripId: ketone.id }),
    );
    expect(mismatch.json().dataContent.errors[0].message).toBe(
      'The control solution (CS24A1107 GLU) and the test strips (KT250101 KET) are for different test items',
    );
  });

  it('creates, edits at the version (409 when stale), stops and deletes, each audited and announced', async () => {
    const good = await controlByLot('CS24A1107');
    const created = await api(
      'POST',
      '/v1/devices',
      admin,
      newMeter('GA3T0000003', { controlSolutionId: good.id }),
    ).then(ok<Analyzer>);
    expect(created).toMatchObject({
      sn: 'GA3T0000003',
      departmentName: 'Endocrinology',
      isSpare: false,
      status: 'enabled',
      controlSolution: { id: good.id },
      testStrip: null,
      // never run: due its first control run, and without a strip lot
      lock: { locked: true, reasons: ['overdue', 'noLots'] },
      version: 1,
    });
    const edited = await api('PUT', '/v1/devices', admin, {
      ...newMeter('GA3T0000003', { departmentCode: 'ICU', workStation: 'ICU bay 2' }),
      id: created.id,
      version: 1,
    }).then(ok<Analyzer>);
    expect(edited).toMatchObject({ departmentCode: 'ICU', controlSolution: null, version: 2 });
    const stale = await api('PUT', '/v1/devices', admin, {
      ...newMeter('GA3T0000003'),
      id: created.id,
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    const stopped = await api('PUT', '/v1/devices/changeStatus', admin, {
      id: created.id,
      version: 2,
      isActive: false,
    }).then(ok<Analyzer>);
    expect(stopped).toMatchObject({ status: 'stopped', version: 3 });
    expect((await api('DELETE', `/v1/devices/${created.id}?version=2`, admin)).statusCode).toBe(409);
    expect((await api('DELETE', `/v1/devices/${created.id}?version=3`, admin)).statusCode).toBe(200);
    expect((await api('GET', `/v1/devices/${created.id}`, admin)).statusCode).toBe(404);
    // the SN is free again once deleted
    const again = await api('POST', '/v1/devices', admin, newMeter('GA3T0000003')).then(ok<Analyzer>);
    expect(again.id).not.toBe(created.id);

    expect(await auditRows(t, 'analyzer', created.id, 'create')).toHaveLength(1);
    const [update] = await auditRows(t, 'analyzer', created.id, 'update');
    expect(update).toMatchObject({ before: { departmentCode: 'ENDO' }, after: { departmentCode: 'ICU' } });
    expect(await auditRows(t, 'analyzer', created.id, 'disable')).toHaveLength(1);
    expect(await auditRows(t, 'analyzer', created.id, 'delete')).toHaveLength(1);
  });

  it('keeps editing to those who may: a ward nurse cannot add, and another tenant’s admin finds nothing', async () => {
    const meter = await bySn('GM2026E0002');
    expect((await api('POST', '/v1/devices', nurseEndo, newMeter('GA3T0000004'))).statusCode).toBe(403);
    const foreign = await api('PUT', '/v1/devices/changeStatus', admin202, {
      id: meter.id,
      version: meter.version,
      isActive: false,
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('spare lending', () => {
  it('lends once at a time, takes back with the checks, keeps the history and audits both', async () => {
    const spare = await bySn('GM2026P0002');
    expect(spare.loan).toBeNull();
    const future = await api('POST', `/v1/devices/${spare.id}/lend`, nurseEndo, {
      borrowerName: 'Sun Li',
      departmentCode: 'GSURG',
      lentOn: dayOffset(3),
    });
    expect(future.statusCode).toBe(400);
    expect(future.json().dataContent.errors).toEqual([
      { field: 'lentOn', message: 'The lending date cannot be in the future' },
    ]);
    const order = await api(
      'POST',
      `/v1/devices/${spare.id}/lend`,
      nurseEndo,
      { borrowerName: '', departmentCode: 'GSURG', lentOn: today(), expectedReturnOn: dayOffset(-1) },
      'zh-CN',
    );
    expect(order.json().dataContent.errors).toEqual([{ field: 'borrowerName', message: '请输入借用人' }]);
    const lent = await api('POST', `/v1/devices/${spare.id}/lend`, nurseEndo, {
      borrowerName: 'Sun Li',
      departmentCode: 'GSURG',
      lentOn: dayOffset(-2),
      expectedReturnOn: dayOffset(-1),
      note: 'GSURG meter dropped',
    }).then(ok<Analyzer>);
    expect(lent.loan).toMatchObject({
      borrowerName: 'Sun Li',
      departmentCode: 'GSURG',
      status: 'lent',
      overdue: true,
      returnedOn: null,
    });
    const twice = await api('POST', `/v1/devices/${spare.id}/lend`, nurseEndo, {
      borrowerName: 'Other',
      departmentCode: 'ICU',
      lentOn: today(),
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(
      `This analyzer is already lent out (to Sun Li, General Surgery, since ${dayOffset(-2)})`,
    );
    const refuseDelete = await api(
      'DELETE',
      `/v1/devices/${spare.id}?version=${lent.version}`,
      admin,
      undefined,
      'zh-CN',
    );
    expect(refuseDelete.statusCode).toBe(409);
    expect(refuseDelete.json().message).toBe('该血糖仪已借出至普外科，请先归还再删除');
    const unspare = await api('PUT', '/v1/devices', admin, {
      model: lent.model,
      sn: lent.sn,
      workStation: 'QC office',
      departmentCode: 'ENDO',
      isSpare: false,
      id: lent.id,
      version: lent.version,
    });
    expect(unspare.json().dataContent.errors[0].field).toBe('isSpare');

    const loan = lent.loan as Loan;
    const early = await api('POST', `/v1/devices/loans/${loan.id}/return`, nurseEndo, {
      version: loan.version,
      returnedOn: dayOffset(-3),
      returnState: 'intact',
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().dataContent.errors).toEqual([
      {
        field: 'returnedOn',
        message: `The return date cannot be before the lending date (${dayOffset(-2)})`,
      },
    ]);
    const badState = await api('POST', `/v1/devices/loans/${loan.id}/return`, nurseEndo, {
      version: loan.version,
      returnedOn: today(),
      returnState: 'fine',
    });
    expect(badState.json().dataContent.errors[0].field).toBe('returnState');
    const back = await api('POST', `/v1/devices/loans/${loan.id}/return`, nurseEndo, {
      version: loan.version,
      returnedOn: today(),
      returnState: 'damaged',
      note: 'Strip port loose',
    }).then(ok<Loan>);
    expect(back).toMatchObject({
      status: 'returned',
      returnedOn: today(),
      returnState: 'damaged',
      overdue: false,
    });
    const again = await api('POST', `/v1/devices/loans/${loan.id}/return`, nurseEndo, {
      version: back.version,
      returnedOn: today(),
      returnState: 'intact',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This loan has already been returned');
    expect((await bySn('GM2026P0002')).loan).toBeNull();

    const history = await api('GET', `/v1/devices/loans?analyzerId=${spare.id}&status=returned`, admin).then(
      ok<Page<Loan>>,
    );
    expect(history.records[0]).toMatchObject({ id: loan.id, returnState: 'damaged' });
    expect(history.total).toBe(3);
    expect((await api('GET', '/v1/devices/loans?status=lent', admin).then(ok<Page<Loan>>)).total).toBe(1);
    expect(await auditRows(t, 'analyzerLoan', loan.id, 'lend')).toHaveLength(1);
    const [returned] = await auditRows(t, 'analyzerLoan', loan.id, 'return');
    expect(returned).toMatchObject({ before: { returnedOn: null }, after: { returnState: 'damaged' } });
  });

  it('lends a meter once when two lend it at the same moment', async () => {
    const spare = await bySn('GM2026P0002');
    const lend = (borrowerName: string) =>
      api('POST', `/v1/devices/${spare.id}/lend`, admin, {
        borrowerName,
        departmentCode: 'ICU',
        lentOn: today(),
      });
    const answers = await Promise.all([lend('A'), lend('B'), lend('C')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    expect(
      answers.filter((a) => a.statusCode === 409).every((a) => /already lent out/.test(a.json().message)),
    ).toBe(true);
    const open = await api('GET', `/v1/devices/loans?analyzerId=${spare.id}&status=lent`, admin).then(
      ok<Page<Loan>>,
    );
    expect(open.total).toBe(1);
  });

  it('lends only enabled spares; the borrowing ward sees the loan and may take it back', async () => {
    const ward = await bySn('GM2026E0001');
    const notSpare = await api('POST', `/v1/devices/${ward.id}/lend`, admin, {
      borrowerName: 'X',
      departmentCode: 'ICU',
      lentOn: today(),
    });
    expect(notSpare.statusCode).toBe(409);
    expect(notSpare.json().message).toBe('Only spare analyzers are lent out');
    const cardLoans = await api('GET', '/v1/devices/loans?status=lent', nurseCard).then(ok<Page<Loan>>);
    expect(cardLoans.records.map((l) => l.departmentCode)).toEqual(['CARD']);
    // an ENDO spare lent to ICU is not CARD's business
    const icu = await api('GET', '/v1/devices/loans?departmentCode=ICU&status=lent', nurseCard).then(
      ok<Page<Loan>>,
    );
    expect(icu.total).toBe(0);
    const loan = cardLoans.records[0] as Loan;
    const back = await api('POST', `/v1/devices/loans/${loan.id}/return`, nurseCard, {
      version: loan.version,
      returnedOn: today(),
      returnState: 'intact',
    }).then(ok<Loan>);
    expect(back.status).toBe('returned');
    // once returned the spare leaves the CARD list
    expect((await analyzers('', nurseCard)).records.map((a) => a.sn)).not.toContain('GM2026P0001');
    expect(
      (
        await api('POST', `/v1/devices/loans/${loan.id}/return`, admin202, {
          version: 2,
          returnedOn: today(),
          returnState: 'intact',
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('control solutions', () => {
  it('validates the lot, dates and levels in both languages; a lot number is unique per item', async () => {
    const bad = await api('POST', '/v1/qualityReagent', admin, {
      ...newControl('CS1'),
      manufactureDate: dayOffset(10),
      expiryDate: dayOffset(5),
    });
    expect(bad.json().dataContent.errors).toEqual([
      { field: 'lotNumber', message: 'The lot number must be 6-18 characters' },
      { field: 'expiryDate', message: 'The manufacture date must be before the expiry date' },
    ]);
    const order = await api(
      'POST',
      '/v1/qualityReagent',
      admin,
      { ...newControl('CS250101'), manufactureDate: dayOffset(10), expiryDate: dayOffset(5) },
      'zh-CN',
    );
    expect(order.json().dataContent.errors).toEqual([
      { field: 'expiryDate', message: '生产日期必须早于失效日期' },
    ]);
    const levels = await api('POST', '/v1/qualityReagent', admin, {
      ...newControl('CS250101'),
      levels: [level, { target: 0 }, level],
    });
    expect(levels.json().dataContent.errors).toEqual([
      { field: 'levels.1.sd', message: 'Please enter the SD (enter 0 if there is none)' },
    ]);
    await api('POST', '/v1/qualityReagent', admin, newControl('CS250101')).then(ok<Control>);
    const taken = await api('POST', '/v1/qualityReagent', admin, newControl('CS250101'));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('A lot with this number already exists for this test item');
    expect(
      (await api('POST', '/v1/qualityReagent', admin, { ...newControl('CS250101'), item: 'KET' })).statusCode,
    ).toBe(200);
  });

  it('opens a vial: discard date = opened + the strategy in-use days; past it the lot leaves the picker', async () => {
    const lot = await controlByLot('CS250101');
    const future = await api('POST', `/v1/qualityReagent/${lot.id}/open`, admin, {
      version: lot.version,
      openedOn: dayOffset(3),
    });
    expect(future.json().dataContent.errors).toEqual([
      { field: 'openedOn', message: 'The opened date cannot be in the future' },
    ]);
    const early = await api('POST', `/v1/qualityReagent/${lot.id}/open`, admin, {
      version: lot.version,
      openedOn: dayOffset(-31),
    });
    expect(early.json().dataContent.errors[0].message).toBe(
      `The opened date cannot be before the manufacture date (${dayOffset(-30)})`,
    );
    const vial = await api('POST', `/v1/qualityReagent/${lot.id}/open`, admin, {
      version: lot.version,
      openedOn: dayOffset(-10),
    }).then(ok<Control>);
    expect(vial).toMatchObject({
      openedOn: dayOffset(-10),
      discardOn: dayOffset(80),
      version: lot.version + 1,
    });
    expect(await auditRows(t, 'controlSolution', lot.id, 'update')).toHaveLength(1);

    // a shorter in-use life in the strategy: 5 days, so the vial opened 10 days ago is past it
    await t.handle.db.execute(sql`
      insert into settings (tenant_id, key, value)
      select '101', 'qc.strategy', ${JSON.stringify({
        rules: ['1-3s'],
        requiredLevels: [0],
        schedule: {
          everyHours: 24,
          perShift: false,
          fixedTimes: [],
          onNewStripLot: true,
          onNewControlLot: true,
        },
        lockout: true,
        overrideHours: 4,
        maxOverridesPerDay: 2,
        controlInUseDays: 5,
      })}::jsonb
      on conflict (tenant_id, key) do update set value = excluded.value`);
    const short = await api('POST', `/v1/qualityReagent/${lot.id}/open`, admin, {
      version: vial.version,
      openedOn: dayOffset(-10),
    }).then(ok<Control & { isDiscarded: boolean }>);
    expect(short).toMatchObject({ discardOn: dayOffset(-5), isDiscarded: true });
    const picker = await api('GET', '/v1/qualityReagent/deviceQualityReagents?category=GLU', admin).then(
      ok<Control[]>,
    );
    expect(picker.map((c) => c.lotNumber)).toEqual(['CS24A1107']);
    const res = await api(
      'POST',
      '/v1/devices',
      admin,
      newMeter('GA3T0000005', { controlSolutionId: lot.id }),
    );
    expect(res.json().dataContent.errors[0].message).toBe(
      `Control solution CS250101 was to be discarded on ${dayOffset(-5)} (opened vial past its in-use life)`,
    );
  });

  it('changes status (normal, invalid, suspended), filters expired, refuses deleting a lot in use', async () => {
    expect((await controls('isExpired=true')).records.map((c) => c.lotNumber)).toEqual(['CS23B0420']);
    expect((await controls('category=KET')).records.map((c) => c.lotNumber)).toEqual(['CS250101']);
    expect((await controls('manufactor=Nova%20Biomedical')).records.map((c) => c.lotNumber)).toEqual([
      'CS24C0815',
    ]);
    const inUse = await controlByLot('CS24A1107');
    expect(inUse.analyzerCount).toBe(8);
    const refused = await api('DELETE', `/v1/qualityReagent/${inUse.id}?version=${inUse.version}`, admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(
      /^The control solution is in use on 8 analyzer\(s\) \(GM2026C0001, /,
    );
    const invalid = await api('PUT', '/v1/qualityReagent/changeStatus', admin, {
      id: inUse.id,
      version: inUse.version,
      status: 'invalid',
    }).then(ok<Control>);
    expect(invalid).toMatchObject({ status: 'invalid', version: inUse.version + 1 });
    // the meters keep the lot; the view says it is unusable (the lockout reads the same)
    expect((await bySn('GM2026E0001')).controlSolution).toMatchObject({ unusable: 'invalid' });
    const badStatus = await api('PUT', '/v1/qualityReagent/changeStatus', admin, {
      id: inUse.id,
      version: invalid.version,
      status: 'gone',
    });
    expect(badStatus.json().dataContent.errors[0].message).toBe(
      'The status must be normal, invalid or suspended',
    );
    await api('PUT', '/v1/qualityReagent/changeStatus', admin, {
      id: inUse.id,
      version: invalid.version,
      status: 'normal',
    }).then(ok<Control>);
    const unused = await controlByLot('CS23B0420');
    expect(
      (await api('DELETE', `/v1/qualityReagent/${unused.id}?version=${unused.version}`, admin)).statusCode,
    ).toBe(200);
    expect(await auditRows(t, 'controlSolution', unused.id, 'delete')).toHaveLength(1);
    expect((await api('GET', '/v1/qualityReagent/page', admin202).then(ok<Page<Control>>)).total).toBe(0);
  });
});

describe('test strips', () => {
  it('validates ranges, lists usable lots for meters, refuses deleting a lot in use', async () => {
    const noRange = await api('POST', '/v1/testStrip', admin, {
      lotNumber: 'TS250301',
      controlRanges: [{ min: 3 }, {}],
    });
    expect(noRange.json().dataContent.errors).toEqual([
      { field: 'controlRanges.0.max', message: 'Enter both the minimum and the maximum of this range' },
    ]);
    const zh = await api(
      'POST',
      '/v1/testStrip',
      admin,
      { lotNumber: 'TS250301', controlRanges: [] },
      'zh-CN',
    );
    expect(zh.statusCode).toBe(400);
    const created = await api('POST', '/v1/testStrip', admin, {
      type: 'GA-3 strips',
      lotNumber: 'TS250301',
      manufactureDate: dayOffset(-10),
      expiryDate: dayOffset(200),
      controlRanges: [
        { min: 2.5, max: 3.5 },
        { min: null, max: null },
        { min: 14, max: 19 },
      ],
    }).then(ok<Strip & { countTested: number; controlRanges: unknown[] }>);
    expect(created).toMatchObject({ countTested: 0, status: 'normal', isExpired: false });
    expect(created.controlRanges[1]).toEqual({ min: null, max: null });
    const edited = await api('PUT', '/v1/testStrip', admin, {
      id: created.id,
      version: created.version,
      type: 'GA-3 strips',
      lotNumber: 'TS250301',
      controlRanges: [{ min: 2.5, max: 3.6 }],
    }).then(ok<Strip>);
    expect(edited.version).toBe(2);
    const usable = await api('GET', '/v1/testStrip/deviceStrips?category=GLU', admin).then(ok<Strip[]>);
    expect(usable.map((s) => s.lotNumber).sort()).toEqual(['TS2409A33', 'TS250301']);
    expect((await strips('isExpired=true')).records.map((s) => s.lotNumber)).toEqual(['TS2311B07']);
    const types = await api('GET', '/v1/testStrip/stripTypes?category=GLU', admin).then(
      ok<{ value: string }[]>,
    );
    expect(types.map((x) => x.value)).toEqual(['Accu-Chek Inform II test strips', 'GA-3 strips']);
    const byItem = await api('GET', '/v1/testStrip/categoryStripTypes', admin, undefined, 'zh-CN').then(
      ok<{ item: string; itemName: string; types: string[] }[]>,
    );
    expect(byItem[0]).toMatchObject({ item: 'GLU', itemName: '血糖' });
    expect(byItem[1]).toMatchObject({ item: 'KET', types: [] });

    const inUse = await stripByLot('TS2409A33');
    const refused = await api(
      'DELETE',
      `/v1/testStrip/${inUse.id}?version=${inUse.version}`,
      admin,
      undefined,
      'zh-CN',
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/^该试纸批号正被 \d+ 台血糖仪使用/);
    const suspended = await api('PUT', '/v1/testStrip/changeStatus', admin, {
      id: created.id,
      version: 2,
      status: 'suspended',
    }).then(ok<Strip>);
    expect(suspended.status).toBe('suspended');
    expect((await api('DELETE', `/v1/testStrip/${created.id}?version=3`, admin)).statusCode).toBe(200);
    expect(await auditRows(t, 'testStrip', created.id, 'create')).toHaveLength(1);
    expect(await auditRows(t, 'testStrip', created.id, 'delete')).toHaveLength(1);
  });
});

describe('live updates', () => {
  it('announces a lending on the topic quality to the owning and the borrowing ward, after commit only', async () => {
    const listener = new pg.Client({ connectionString: t.databaseUrl });
    await listener.connect();
    const events: { topic: string; departments: string[] }[] = [];
    listener.on('notification', (message) => events.push(JSON.parse(message.payload ?? '{}')));
    await listener.query(`listen "${LIVE_CHANNEL}"`);
    try {
      const spare = await api(
        'POST',
        '/v1/devices',
        admin,
        newMeter('GA3LIVE0001', { isSpare: true, departmentCode: 'GSURG' }),
      ).then(ok<Analyzer>);
      await expect.poll(() => events.map((e) => e.departments)).toEqual([['GSURG']]);
      // refused: nothing is announced
      const refused = await api('POST', `/v1/devices/${spare.id}/lend`, admin, {
        borrowerName: 'X',
        departmentCode: 'NOPE',
        lentOn: today(),
      });
      expect(refused.statusCode).toBe(400);
      await api('POST', `/v1/devices/${spare.id}/lend`, admin, {
        borrowerName: 'Live',
        departmentCode: 'NEPH',
        lentOn: today(),
      }).then(ok<Analyzer>);
      await expect
        .poll(() =>
          events
            .slice(1)
            .flatMap((e) => e.departments)
            .sort(),
        )
        .toEqual(['GSURG', 'NEPH']);
      expect(events.every((e) => e.topic === 'quality')).toBe(true);
      const lot = await stripByLot('TS2409A33');
      await api('PUT', '/v1/testStrip/changeStatus', admin, {
        id: lot.id,
        version: lot.version,
        status: 'suspended',
      }).then(ok<Strip>);
      // a lot change reaches every ward with meters
      await expect
        .poll(() =>
          events
            .slice(3)
            .flatMap((e) => e.departments)
            .sort(),
        )
        .toEqual(['CARD', 'ENDO', 'GSURG', 'ICU', 'NEPH']);
    } finally {
      await listener.end();
    }
  });
});
