import {
  CONSULTATION_ITEMS,
  DEFAULT_AUTO_CONSULTATION,
  DEFAULT_MONITOR_STRATEGY,
  DEFAULT_SCREEN_STRATEGY,
  MEAL_PERIODS,
} from '@glucocare/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_AUTO_CONSULTATION } from '../../db/seed/hospital-settings';
import { apiOf, auditRows } from '../../test/api';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
let api: ReturnType<typeof apiOf>;
let admin: string;
let admin202: string;
let nurse: string;
let doctor: string;

/**
 * The periods these tests refer to, whatever the seed holds: the eight meal periods in both tenants,
 * a stopped `nightSnack` in 101 and a `postExercise` period that only 101 has.
 */
async function ensurePeriods() {
  const rows = [
    ...['101', '202'].flatMap((tenant) =>
      MEAL_PERIODS.map((code, index) => ({ tenant, code, sort: (index + 1) * 10, active: true })),
    ),
    { tenant: '101', code: 'nightSnack', sort: 95, active: false },
    { tenant: '101', code: 'postExercise', sort: 96, active: true },
  ];
  for (const row of rows) {
    await t.handle.db.execute(sql`
      insert into glucose_periods (tenant_id, code, name_zh, name_en, sort, start_time, end_time, is_active)
      values (${row.tenant}, ${row.code}, ${row.code}, ${row.code}, ${row.sort}, '00:00', '01:00', ${row.active})
      on conflict (tenant_id, code) do update set is_active = excluded.is_active`);
  }
}

async function enabledPeriods(tenant: string): Promise<string[]> {
  const { rows } = await t.handle.db.execute<{ code: string }>(sql`
    select code from glucose_periods where tenant_id = ${tenant} and is_active order by sort, code`);
  return rows.map((row) => row.code);
}

beforeAll(async () => {
  t = await createTestContext();
  api = apiOf(t);
  await ensurePeriods();
  admin = await t.login('101', 'admin', 'Admin@123456');
  admin202 = await t.login('202', 'admin', 'Admin@202202');
  nurse = await t.login('101', 'nurse01', 'Nurse@2026');
  doctor = await t.login('101', 'doctor01', 'Doctor@2026');
});
afterAll(() => t.close());

async function read(path: string, token = admin) {
  const res = await api('GET', path, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().dataContent;
}
async function save(path: string, body: unknown, token = admin) {
  const res = await api('POST', path, token, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().dataContent;
}
/** A refused POST: its status, field problems and message in both languages. */
async function refused(path: string, body: unknown, token = admin) {
  const en = await api('POST', path, token, body);
  const zh = await api('POST', path, token, body, 'zh-CN');
  return {
    status: en.statusCode,
    en: en.json().dataContent?.errors ?? en.json().message,
    zh: zh.json().dataContent?.errors ?? zh.json().message,
  };
}

const CONSULT = '/v1/autoConsultation/multi';
const MONITOR = '/v1/systemSetting/monitorStrategy';
const SCREEN = '/v1/systemSetting/screenStrategy';
const TIR = '/v1/systemSetting/tir';
const BASELINE = '/v1/systemSetting/baseline';
const AUTO_JOIN = '/v1/virtualward/setting/isAutoJoinVirtualRoom';
const GLU_MIN = '/v1/virtualward/setting/gluMinValue';
const HBA1C_MIN = '/v1/virtualward/setting/hbA1cMinValue';

const fasting = {
  item: 'fastingGlucose',
  enabled: true,
  minValue: 3.5,
  maxValue: 11.1,
  consultDepartmentCode: 'ENDO',
};

describe('auto consultation', () => {
  it('answers all six triggers, disabled with the default thresholds', async () => {
    const triggers = await read(CONSULT, admin202);
    expect(triggers).toEqual(DEFAULT_AUTO_CONSULTATION);
    expect(triggers.map((entry: { item: string }) => entry.item)).toEqual([...CONSULTATION_ITEMS]);
  });

  it('saves the triggers it is given, keeps the others, audits before and after', async () => {
    const saved = await save(CONSULT, [fasting, { item: 'ketone', enabled: true, maxValue: 3 }]);
    expect(saved).toHaveLength(6);
    expect(saved[0]).toEqual(fasting);
    expect(saved[3]).toEqual({
      item: 'ketone',
      enabled: true,
      minValue: null,
      maxValue: 3,
      consultDepartmentCode: null,
    });
    expect(await read(CONSULT)).toEqual(saved);

    const next = await save(CONSULT, [
      { item: 'urea', enabled: true, maxValue: 20, consultDepartmentCode: 'NEPH' },
    ]);
    expect(next[0]).toEqual(fasting);
    expect(next[5]).toMatchObject({ item: 'urea', enabled: true, consultDepartmentCode: 'NEPH' });

    const audits = await auditRows(t, 'setting', 'strategy.autoConsultation', 'update');
    expect(audits).toHaveLength(2);
    // the first demo hospital starts with its glucose and ketone triggers on
    expect(audits[0].before).toEqual(DEMO_AUTO_CONSULTATION);
    expect(audits[0].after).toEqual(saved);
    expect(audits[1].before).toEqual(saved);
    expect(audits[1].after).toEqual(next);
    // another tenant's triggers are untouched
    expect(await read(CONSULT, admin202)).toEqual(DEFAULT_AUTO_CONSULTATION);
  });

  it('refuses an enabled trigger without thresholds, thresholds ≤ 0 and min ≥ max', async () => {
    expect(await refused(CONSULT, [{ item: 'urea', enabled: true }])).toEqual({
      status: 400,
      en: [{ field: '0.minValue', message: 'An enabled trigger needs a lower or an upper threshold' }],
      zh: [{ field: '0.minValue', message: '启用的触发项目至少需要填写下限或上限' }],
    });
    expect(await refused(CONSULT, [{ ...fasting, minValue: 0 }])).toEqual({
      status: 400,
      en: [{ field: '0.minValue', message: 'The threshold must be greater than 0' }],
      zh: [{ field: '0.minValue', message: '阈值必须大于 0' }],
    });
    expect(await refused(CONSULT, [{ ...fasting, minValue: 12 }])).toEqual({
      status: 400,
      en: [{ field: '0.minValue', message: 'The lower threshold must be below the upper threshold' }],
      zh: [{ field: '0.minValue', message: '下限必须小于上限' }],
    });
  });

  it('refuses a repeated or unknown item and an unknown department', async () => {
    expect(await refused(CONSULT, [fasting, fasting])).toEqual({
      status: 400,
      en: [{ field: '1.item', message: 'Each trigger item may appear only once' }],
      zh: [{ field: '1.item', message: '每个触发项目只能出现一次' }],
    });
    const unknownItem = await refused(CONSULT, [{ ...fasting, item: 'hba1c' }]);
    expect(unknownItem.status).toBe(400);
    expect(unknownItem.en[0].field).toBe('0.item');
    expect(unknownItem.zh[0].message).toBe('触发项目必须为空腹血糖、餐后血糖、随机血糖、血酮、尿酸或尿素');
    expect(await refused(CONSULT, [{ ...fasting, consultDepartmentCode: 'NOPE' }])).toEqual({
      status: 400,
      en: [{ field: '0.consultDepartmentCode', message: 'Unknown department: NOPE' }],
      zh: [{ field: '0.consultDepartmentCode', message: '科室不存在：NOPE' }],
    });
  });

  it("treats another tenant's department as unknown", async () => {
    // ICU exists in tenant 101 only
    const foreign = await api('POST', CONSULT, admin202, [{ ...fasting, consultDepartmentCode: 'ICU' }]);
    const missing = await api('POST', CONSULT, admin202, [{ ...fasting, consultDepartmentCode: 'XYZ' }]);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.body).toBe(missing.body.replaceAll('XYZ', 'ICU'));
  });

  it('refuses unknown fields and a body that is not a list', async () => {
    const extra = await refused(CONSULT, [{ ...fasting, tenantId: '202' }]);
    expect(extra.status).toBe(400);
    expect(extra.en).toEqual([{ field: '0.tenantId', message: 'Unrecognized key: "tenantId"' }]);
    expect((await api('POST', CONSULT, admin, { entries: [fasting] })).statusCode).toBe(400);
    expect((await api('POST', CONSULT, admin, [{ ...fasting, minValue: '3.5' }])).statusCode).toBe(400);
  });

  it('is an administrator read and write', async () => {
    expect((await api('GET', CONSULT, nurse)).statusCode).toBe(403);
    expect((await api('GET', CONSULT, doctor)).statusCode).toBe(403);
    expect((await api('POST', CONSULT, doctor, [fasting])).statusCode).toBe(403);
    expect((await api('POST', CONSULT, nurse, [fasting])).statusCode).toBe(403);
  });
});

describe('monitoring strategy', () => {
  it('defaults to the five-point profile, 30 and 60 minutes', async () => {
    expect(await read(MONITOR, admin202)).toEqual(DEFAULT_MONITOR_STRATEGY);
  });

  it('saves, reads back (clinical staff too) and audits', async () => {
    const value = {
      defaultPeriods: ['fasting', 'afterBreakfast', 'beforeLunch', 'postExercise'],
      dueSoonMinutes: 15,
      overdueMinutes: 120,
      windowSlackMinutes: 10,
      lateEntryMinutes: 240,
    };
    expect(await save(MONITOR, value)).toEqual(value);
    expect(await read(MONITOR, nurse)).toEqual(value);
    const [audit] = await auditRows(t, 'setting', 'strategy.monitor', 'update');
    expect(audit).toMatchObject({ before: DEFAULT_MONITOR_STRATEGY, after: value });
    expect(await read(MONITOR, admin202)).toEqual(DEFAULT_MONITOR_STRATEGY);
  });

  it('keeps the window slack and late-entry minutes when a client does not send them', async () => {
    const old = { defaultPeriods: ['fasting'], dueSoonMinutes: 20, overdueMinutes: 90 };
    expect(await save(MONITOR, old)).toEqual({ ...old, windowSlackMinutes: 10, lateEntryMinutes: 240 });
  });

  it('reads a setting stored without them (before issue 15) with the default slack and late-entry minutes', async () => {
    const old = { defaultPeriods: ['fasting'], dueSoonMinutes: 20, overdueMinutes: 90 };
    await t.handle.db.execute(
      sql`update settings set value = ${JSON.stringify(old)}::jsonb where tenant_id = '101' and key = 'strategy.monitor'`,
    );
    const defaults = {
      windowSlackMinutes: DEFAULT_MONITOR_STRATEGY.windowSlackMinutes,
      lateEntryMinutes: DEFAULT_MONITOR_STRATEGY.lateEntryMinutes,
    };
    expect(await read(MONITOR, nurse)).toEqual({ ...old, ...defaults });
    expect(await save(MONITOR, { ...old, dueSoonMinutes: 25 })).toEqual({
      ...old,
      dueSoonMinutes: 25,
      ...defaults,
    });
  });

  it('refuses unknown, stopped and foreign periods on their field', async () => {
    const body = (codes: string[]) => ({ ...DEFAULT_MONITOR_STRATEGY, defaultPeriods: codes });
    expect(await refused(MONITOR, body(['fasting', 'teaTime']))).toEqual({
      status: 400,
      en: [{ field: 'defaultPeriods.1', message: 'Unknown or stopped glucose period: teaTime' }],
      zh: [{ field: 'defaultPeriods.1', message: '血糖时段不存在或已停用：teaTime' }],
    });
    expect((await refused(MONITOR, body(['nightSnack']))).en).toEqual([
      { field: 'defaultPeriods.0', message: 'Unknown or stopped glucose period: nightSnack' },
    ]);
    const foreign = await api('POST', MONITOR, admin202, body(['postExercise']));
    const missing = await api('POST', MONITOR, admin202, body(['postExercisf']));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.body).toBe(missing.body.replaceAll('postExercisf', 'postExercise'));
  });

  it('refuses no periods, minutes outside 0-720 and unknown fields', async () => {
    expect(await refused(MONITOR, { ...DEFAULT_MONITOR_STRATEGY, defaultPeriods: [] })).toEqual({
      status: 400,
      en: [{ field: 'defaultPeriods', message: 'Please select at least one period to measure' }],
      zh: [{ field: 'defaultPeriods', message: '请至少选择一个监测时段' }],
    });
    expect(await refused(MONITOR, { ...DEFAULT_MONITOR_STRATEGY, overdueMinutes: 721 })).toEqual({
      status: 400,
      en: [{ field: 'overdueMinutes', message: 'The minutes must be a whole number from 0 to 720' }],
      zh: [{ field: 'overdueMinutes', message: '分钟数必须为 0 到 720 的整数' }],
    });
    expect(
      await refused(MONITOR, { ...DEFAULT_MONITOR_STRATEGY, defaultPeriods: ['fasting', 'fasting'] }),
    ).toEqual({
      status: 400,
      en: [{ field: 'defaultPeriods.1', message: 'Each period may be chosen only once' }],
      zh: [{ field: 'defaultPeriods.1', message: '同一时段只能选择一次' }],
    });
    const extra = await refused(MONITOR, { ...DEFAULT_MONITOR_STRATEGY, version: 1 });
    expect(extra.en).toEqual([{ field: 'version', message: 'Unrecognized key: "version"' }]);
    expect((await api('POST', MONITOR, nurse, DEFAULT_MONITOR_STRATEGY)).statusCode).toBe(403);
  });
});

describe('screen strategy', () => {
  it('defaults to masked names, every department and item, 60 s, 24 h', async () => {
    expect(await read(SCREEN, nurse)).toEqual(DEFAULT_SCREEN_STRATEGY);
  });

  it('saves, reads back and audits', async () => {
    const value = {
      refreshSeconds: 30,
      maskPatientNames: false,
      departmentCodes: ['ICU', 'ENDO'],
      items: ['GLU', 'KET'],
      recentHours: 12,
      panels: ['critical', 'overview'],
      rotateSeconds: 20,
      title: '内分泌病区大屏',
    };
    expect(await save(SCREEN, value)).toEqual(value);
    expect(await read(SCREEN, doctor)).toEqual(value);
    const [audit] = await auditRows(t, 'setting', 'strategy.screen', 'update');
    expect(audit).toMatchObject({ before: DEFAULT_SCREEN_STRATEGY, after: value });
    expect(await read(SCREEN, admin202)).toEqual(DEFAULT_SCREEN_STRATEGY);
  });

  it('fills the panels, rotation and title of a client that does not send them (issue 20) with the defaults', async () => {
    const { panels: _p, rotateSeconds: _r, title: _t, ...older } = DEFAULT_SCREEN_STRATEGY;
    expect(await save(SCREEN, { ...older, recentHours: 6 })).toEqual({
      ...DEFAULT_SCREEN_STRATEGY,
      recentHours: 6,
    });
  });

  it('refuses each bad value in both languages', async () => {
    const body = (change: object) => ({ ...DEFAULT_SCREEN_STRATEGY, ...change });
    expect(await refused(SCREEN, body({ refreshSeconds: 5 }))).toEqual({
      status: 400,
      en: [
        {
          field: 'refreshSeconds',
          message: 'The refresh interval must be a whole number of 10-3600 seconds',
        },
      ],
      zh: [{ field: 'refreshSeconds', message: '刷新间隔必须为 10-3600 秒的整数' }],
    });
    expect(await refused(SCREEN, body({ items: [] }))).toEqual({
      status: 400,
      en: [{ field: 'items', message: 'Please select at least one item to show' }],
      zh: [{ field: 'items', message: '请至少选择一个显示项目' }],
    });
    expect(await refused(SCREEN, body({ items: ['GLU', 'HBA1C'] }))).toEqual({
      status: 400,
      en: [{ field: 'items.1', message: 'The items must be GLU, KET or UA' }],
      zh: [{ field: 'items.1', message: '显示项目必须为 GLU、KET 或 UA' }],
    });
    expect(await refused(SCREEN, body({ recentHours: 0 }))).toEqual({
      status: 400,
      en: [{ field: 'recentHours', message: 'The time window must be a whole number of 1-72 hours' }],
      zh: [{ field: 'recentHours', message: '时间范围必须为 1-72 小时的整数' }],
    });
    expect(await refused(SCREEN, body({ departmentCodes: ['ENDO', 'NOPE'] }))).toEqual({
      status: 400,
      en: [{ field: 'departmentCodes.1', message: 'Unknown department: NOPE' }],
      zh: [{ field: 'departmentCodes.1', message: '科室不存在：NOPE' }],
    });
    expect((await refused(SCREEN, body({ maskPatientNames: 'true' }))).status).toBe(400);
    expect((await refused(SCREEN, body({ createdAt: '2024-01-01T00:00:00Z' }))).en).toEqual([
      { field: 'createdAt', message: 'Unrecognized key: "createdAt"' },
    ]);
    expect((await api('POST', SCREEN, doctor, DEFAULT_SCREEN_STRATEGY)).statusCode).toBe(403);
  });
});

describe('TIR', () => {
  it('defaults to the consensus bands over every enabled period', async () => {
    const tir = await read(TIR, nurse);
    expect(tir).toEqual({
      veryLow: 3.0,
      low: 3.9,
      high: 10.0,
      veryHigh: 13.9,
      periods: await enabledPeriods('101'),
    });
    expect(tir.periods).not.toContain('nightSnack');
  });

  it('saves, reads back and audits', async () => {
    const value = { veryLow: 3.0, low: 4.4, high: 8.0, veryHigh: 13.9, periods: ['fasting', 'afterDinner'] };
    expect(await save(TIR, value)).toEqual(value);
    expect(await read(TIR, doctor)).toEqual(value);
    const [audit] = await auditRows(t, 'setting', 'strategy.tir', 'update');
    expect(audit.after).toEqual(value);
    expect((await read(TIR, admin202)).low).toBe(3.9);
  });

  it('refuses bands out of order, missing bands, no periods and unknown periods', async () => {
    const base = { veryLow: 3.0, low: 3.9, high: 10.0, veryHigh: 13.9, periods: ['fasting'] };
    expect(await refused(TIR, { ...base, veryLow: 4 })).toEqual({
      status: 400,
      en: [{ field: 'veryLow', message: 'The very low glucose value must be below the low value' }],
      zh: [{ field: 'veryLow', message: '极低血糖值必须小于低值' }],
    });
    expect(await refused(TIR, { ...base, veryHigh: 9 })).toEqual({
      status: 400,
      en: [{ field: 'veryHigh', message: 'The very high glucose value must be above the high value' }],
      zh: [{ field: 'veryHigh', message: '极高血糖值必须大于高值' }],
    });
    expect(await refused(TIR, { ...base, veryLow: -1 })).toEqual({
      status: 400,
      en: [{ field: 'veryLow', message: 'The very low glucose value must be greater than 0' }],
      zh: [{ field: 'veryLow', message: '极低血糖值必须大于 0' }],
    });
    expect(await refused(TIR, { ...base, low: 10 })).toEqual({
      status: 400,
      en: [{ field: 'low', message: 'The low glucose value must be below the high glucose value' }],
      zh: [{ field: 'low', message: '低值必须小于高值' }],
    });
    expect(await refused(TIR, { ...base, high: null })).toEqual({
      status: 400,
      en: [{ field: 'high', message: 'Please enter both the low and the high glucose values' }],
      zh: [{ field: 'high', message: '请填写 TIR 的低值和高值' }],
    });
    expect(await refused(TIR, { ...base, veryHigh: undefined })).toEqual({
      status: 400,
      en: [{ field: 'veryHigh', message: 'Please enter the very high glucose value' }],
      zh: [{ field: 'veryHigh', message: '请输入极高血糖值' }],
    });
    expect(await refused(TIR, { ...base, periods: [] })).toEqual({
      status: 400,
      en: [{ field: 'periods', message: 'Please select at least one period to include' }],
      zh: [{ field: 'periods', message: '请至少选择一个纳入统计的时段' }],
    });
    expect((await refused(TIR, { ...base, periods: ['fasting', 'nightSnack'] })).en).toEqual([
      { field: 'periods.1', message: 'Unknown or stopped glucose period: nightSnack' },
    ]);
    expect((await refused(TIR, { ...base, tenantId: '202' })).en).toEqual([
      { field: 'tenantId', message: 'Unrecognized key: "tenantId"' },
    ]);
    expect((await api('POST', TIR, nurse, base)).statusCode).toBe(403);
  });
});

describe('baseline', () => {
  it('defaults to 7 days over every period', async () => {
    expect(await read(BASELINE, nurse)).toEqual({ days: 7, periods: [] });
  });

  it('saves with and without periods, audits', async () => {
    expect(await save(BASELINE, { days: 14, periods: ['fasting'] })).toEqual({
      days: 14,
      periods: ['fasting'],
    });
    expect(await save(BASELINE, { days: 30 })).toEqual({ days: 30, periods: [] });
    expect(await read(BASELINE, doctor)).toEqual({ days: 30, periods: [] });
    const audits = await auditRows(t, 'setting', 'strategy.baseline', 'update');
    expect(audits.map((row) => [row.before, row.after])).toEqual([
      [
        { days: 7, periods: [] },
        { days: 14, periods: ['fasting'] },
      ],
      [
        { days: 14, periods: ['fasting'] },
        { days: 30, periods: [] },
      ],
    ]);
    expect(await read(BASELINE, admin202)).toEqual({ days: 7, periods: [] });
  });

  it('refuses days outside 1-90, unknown periods and fields', async () => {
    expect(await refused(BASELINE, { days: 91 })).toEqual({
      status: 400,
      en: [{ field: 'days', message: 'The baseline days must be a whole number from 1 to 90' }],
      zh: [{ field: 'days', message: '基线天数必须为 1 到 90 的整数' }],
    });
    expect(await refused(BASELINE, { days: 7, periods: ['lunchtime'] })).toEqual({
      status: 400,
      en: [{ field: 'periods.0', message: 'Unknown or stopped glucose period: lunchtime' }],
      zh: [{ field: 'periods.0', message: '血糖时段不存在或已停用：lunchtime' }],
    });
    expect((await refused(BASELINE, { days: 7, version: 2 })).status).toBe(400);
    expect((await api('POST', BASELINE, doctor, { days: 7 })).statusCode).toBe(403);
  });
});

describe('virtual-ward settings', () => {
  it('default off, 11.1 mmol/L and 6.5 %, readable with a session', async () => {
    expect(await read(AUTO_JOIN, admin202)).toBe(false);
    // the demo seed switches auto join on in tenant 101 (db/seed/virtual-ward.ts)
    expect(await read(AUTO_JOIN, nurse)).toBe(true);
    expect(await read(GLU_MIN, nurse)).toBe(11.1);
    expect(await read(HBA1C_MIN, nurse)).toBe(6.5);
  });

  it('saves each value with an audit row, per tenant', async () => {
    expect(await save(AUTO_JOIN, { value: false })).toBe(false);
    expect(await save(GLU_MIN, { value: 13.9 })).toBe(13.9);
    expect(await save(HBA1C_MIN, { value: 7 })).toBe(7);
    expect(await read(AUTO_JOIN, doctor)).toBe(false);
    expect(await read(GLU_MIN, doctor)).toBe(13.9);
    expect(await read(HBA1C_MIN, doctor)).toBe(7);
    expect((await auditRows(t, 'setting', 'virtualWard.autoJoin', 'update'))[0]).toMatchObject({
      before: true,
      after: false,
    });
    expect((await auditRows(t, 'setting', 'virtualWard.gluMinValue', 'update'))[0]).toMatchObject({
      before: 11.1,
      after: 13.9,
    });
    expect((await auditRows(t, 'setting', 'virtualWard.hbA1cMinValue', 'update'))[0]).toMatchObject({
      before: 6.5,
      after: 7,
    });
    expect(await read(AUTO_JOIN, admin202)).toBe(false);
    expect(await read(GLU_MIN, admin202)).toBe(11.1);
  });

  it('refuses out-of-range values, wrong types and unknown fields', async () => {
    expect(await refused(GLU_MIN, { value: 0 })).toEqual({
      status: 400,
      en: [
        {
          field: 'value',
          message: 'The glucose threshold must be greater than 0 and at most 33.3 mmol/L (600 mg/dL)',
        },
      ],
      zh: [{ field: 'value', message: '血糖阈值必须大于 0 且不超过 33.3 mmol/L（600 mg/dL）' }],
    });
    expect((await refused(GLU_MIN, { value: 33.4 })).status).toBe(400);
    expect((await api('POST', GLU_MIN, admin, { value: 33.3 })).statusCode).toBe(200);
    expect(await refused(HBA1C_MIN, { value: 3.9 })).toEqual({
      status: 400,
      en: [{ field: 'value', message: 'The HbA1c threshold must be from 4% to 20%' }],
      zh: [{ field: 'value', message: '糖化血红蛋白阈值必须为 4% 到 20%' }],
    });
    expect(await refused(HBA1C_MIN, {})).toEqual({
      status: 400,
      en: [{ field: 'value', message: 'Please enter the HbA1c threshold' }],
      zh: [{ field: 'value', message: '请输入糖化血红蛋白阈值' }],
    });
    expect(await refused(AUTO_JOIN, { value: 'true' })).toMatchObject({ status: 400 });
    expect(await refused(AUTO_JOIN, {})).toEqual({
      status: 400,
      en: [{ field: 'value', message: 'This field is required' }],
      zh: [{ field: 'value', message: '此项为必填项' }],
    });
    expect((await refused(AUTO_JOIN, { value: true, tenantId: '202' })).en).toEqual([
      { field: 'tenantId', message: 'Unrecognized key: "tenantId"' },
    ]);
  });

  it('refuses every write to clinical staff', async () => {
    for (const token of [nurse, doctor]) {
      expect((await api('POST', AUTO_JOIN, token, { value: false })).statusCode).toBe(403);
      expect((await api('POST', GLU_MIN, token, { value: 10 })).statusCode).toBe(403);
      expect((await api('POST', HBA1C_MIN, token, { value: 8 })).statusCode).toBe(403);
    }
  });
});
