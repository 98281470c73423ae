import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOf, auditRows } from '../../test/api';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
let admin: string;
let admin202: string;
let api: ReturnType<typeof apiOf>;

beforeAll(async () => {
  t = await createTestContext();
  api = apiOf(t);
  admin = await t.login('101', 'admin', 'Admin@123456');
  admin202 = await t.login('202', 'admin', 'Admin@202202');
});
afterAll(() => t.close());

const levels = [
  { level: 0, target: 0.6, sd: 0.1 },
  { level: 1, target: 1.8, sd: 0.2 },
  { level: 2, target: 4.25, sd: 0.35 },
];
const read = async (stripType: string, token = admin) =>
  (await api('GET', `/v1/targetSetting?stripType=${stripType}`, token)).json().dataContent;

describe('QC target values', () => {
  it('reads the seeded glucose values and zeros for a strip type never saved', async () => {
    const glucose = await read('GLU');
    expect(glucose.levels).toEqual([
      { level: 0, target: 2.8, sd: 0.25 },
      { level: 1, target: 6.6, sd: 0.4 },
      { level: 2, target: 16.7, sd: 1.1 },
    ]);
    expect(await read('KET')).toEqual({
      stripType: 'KET',
      levels: [
        { level: 0, target: 0, sd: 0 },
        { level: 1, target: 0, sd: 0 },
        { level: 2, target: 0, sd: 0 },
      ],
      updatedAt: null,
    });
  });

  it('replaces the three levels in one save with one audit row, and reads them back', async () => {
    const res = await api('POST', '/v1/targetSetting', admin, {
      stripType: 'KET',
      levels: [...levels].reverse(),
    });
    expect(res.statusCode).toBe(200);
    const saved = res.json().dataContent;
    expect(saved.levels).toEqual(levels);
    expect(await read('KET')).toEqual(saved);
    const audits = await auditRows(t, 'targetSetting', 'KET', 'update');
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      before: { levels: [{ level: 0, target: 0, sd: 0 }, {}, {}], updatedAt: null },
      after: { stripType: 'KET', levels },
    });

    const zeroed = levels.map((entry) => (entry.level === 2 ? { level: 2, target: 0, sd: 0 } : entry));
    await api('POST', '/v1/targetSetting', admin, { stripType: 'KET', levels: zeroed });
    const second = await auditRows(t, 'targetSetting', 'KET', 'update');
    expect(second[1]).toMatchObject({ before: { levels }, after: { levels: zeroed } });
    const { rows } = await t.handle.db.execute<{ n: number }>(
      sql`select count(*)::int as n from target_settings where tenant_id = '101' and strip_type = 'KET'`,
    );
    expect(rows[0].n).toBe(3);
  });

  it('says "Failed to save the target values" with the field problems, in both languages', async () => {
    const body = {
      stripType: 'GLU',
      levels: [levels[0], levels[1], { level: 2, target: 4.255, sd: 0.3 }],
    };
    const en = await api('POST', '/v1/targetSetting', admin, body);
    expect(en.statusCode).toBe(400);
    expect(en.json()).toEqual({
      code: '400',
      message: 'Failed to save the target values: levels.2.target: At most 2 decimal places',
      dataContent: { errors: [{ field: 'levels.2.target', message: 'At most 2 decimal places' }] },
    });
    const zh = await api('POST', '/v1/targetSetting', admin, body, 'zh-CN');
    expect(zh.json().message).toBe('靶值保存失败: levels.2.target: 最多保留 2 位小数');
  });

  it.each([
    [{ stripType: '' }, 'stripType', 'Please choose the strip type', '请选择试纸类型'],
    [{ stripType: 'HB' }, 'stripType', 'Unknown or disabled strip type: HB', '试纸类型不存在或已停用：HB'],
    [
      { levels: levels.slice(0, 2) },
      'levels',
      'Give control levels 0, 1 and 2, each once',
      '须填写质控水平 0、1、2 各一次',
    ],
    [
      { levels: [levels[0], levels[1], levels[1]] },
      'levels',
      'Give control levels 0, 1 and 2, each once',
      '须填写质控水平 0、1、2 各一次',
    ],
    [
      { levels: [levels[0], levels[1], { level: 2, sd: 0.3 }] },
      'levels.2.target',
      'Please enter the target value (0 if the level is absent)',
      '请输入靶值（该水平不存在时填 0）',
    ],
    [
      { levels: [levels[0], levels[1], { level: 2, target: 1, sd: null }] },
      'levels.2.sd',
      'Please enter the SD (0 if the level is absent)',
      '请输入 SD（该水平不存在时填 0）',
    ],
    [
      { levels: [levels[0], levels[1], { level: 2, target: -1, sd: 0 }] },
      'levels.2.target',
      'The value must be from 0 to 99999',
      '数值须在 0-99999 之间',
    ],
    [
      { levels: [levels[0], levels[1], { level: 2, target: 1, sd: 0.125 }] },
      'levels.2.sd',
      'At most 2 decimal places',
      '最多保留 2 位小数',
    ],
  ])('refuses %j on %s in both languages', async (change, field, en, zh) => {
    const body = { stripType: 'GLU', levels, ...change };
    const res = await api('POST', '/v1/targetSetting', admin, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().dataContent.errors).toEqual([{ field, message: en }]);
    const zhRes = await api('POST', '/v1/targetSetting', admin, body, 'zh-CN');
    expect(zhRes.json().dataContent.errors).toEqual([{ field, message: zh }]);
  });

  it('refuses a strip type whose dictionary entry is stopped, and unknown fields', async () => {
    await t.handle.db.execute(
      sql`update dict_entries set is_active = false where tenant_id = '101' and type = 'stripType' and code = 'UA'`,
    );
    const stopped = await api('POST', '/v1/targetSetting', admin, { stripType: 'UA', levels });
    expect(stopped.statusCode).toBe(400);
    expect(stopped.json().dataContent.errors[0].field).toBe('stripType');
    for (const extra of [{ tenantId: '202' }, { updatedAt: '2020-01-01T00:00:00Z' }]) {
      const res = await api('POST', '/v1/targetSetting', admin, { stripType: 'GLU', levels, ...extra });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
    }
    const levelExtra = [{ ...levels[0], tenantId: '202' }, levels[1], levels[2]];
    expect(
      (await api('POST', '/v1/targetSetting', admin, { stripType: 'GLU', levels: levelExtra })).statusCode,
    ).toBe(400);
    expect((await read('GLU')).levels[1].target).toBe(6.6);
  });
});

describe('access', () => {
  it('lets clinical staff read target values and only administrators save them', async () => {
    for (const [user, password] of [
      ['nurse01', 'Nurse@2026'],
      ['doctor01', 'Doctor@2026'],
    ]) {
      const token = await t.login('101', user, password);
      expect((await api('GET', '/v1/targetSetting?stripType=GLU', token)).statusCode).toBe(200);
      const res = await api('POST', '/v1/targetSetting', token, { stripType: 'GLU', levels });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('You do not have permission for this action');
    }
  });

  it('keeps each tenant’s values apart', async () => {
    await api('POST', '/v1/targetSetting', admin202, { stripType: 'GLU', levels });
    expect((await read('GLU', admin202)).levels).toEqual(levels);
    expect((await read('GLU')).levels[0]).toEqual({ level: 0, target: 2.8, sd: 0.25 });
    expect(await auditRows(t, 'targetSetting', 'GLU', 'update', '101')).toHaveLength(0);
    expect(await auditRows(t, 'targetSetting', 'GLU', 'update', '202')).toHaveLength(1);
  });
});
