import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measurements, patients } from '../../db/schema';
import { apiOf, auditRows } from '../../test/api';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
let api: ReturnType<typeof apiOf>;
let admin: string;
let reviewer: string;
let doctor: string;
let nurse: string;
let admin202: string;

type Reading = {
  id: number;
  patientId: number;
  item: string;
  periodCode: string | null;
  periodName: string | null;
  testTime: string;
  testValue: number | null;
  unit: string;
  determineType: string | null;
  status: string;
  approvedBy: string | null;
  approvedAt: string | null;
  version: number;
  deletedAt: string | null;
  patientName: string;
  bed: string | null;
  inpatientNumber: string | null;
  departmentName: string | null;
  doctorName: string | null;
};
type Page<T> = { records: T[]; total: number; page: number; size: number };

interface Fixture {
  endo: number;
  endo2: number;
  card: number;
  /** id by a short name */
  r: Record<string, number>;
}
let f: Fixture;

async function insertPatient(values: {
  name: string;
  departmentCode: string;
  bed: string;
  inpatientNumber: string;
  doctorCode?: string;
  tenantId?: string;
}) {
  const [row] = await t.handle.db
    .insert(patients)
    .values({
      tenantId: values.tenantId ?? '101',
      gender: 'male',
      admittedAt: new Date('2025-01-01T02:00:00Z'),
      ...values,
    })
    .returning({ id: patients.id });
  return row.id;
}

async function insertReading(values: {
  patientId: number;
  departmentCode: string;
  item?: string;
  testTime: string;
  value: number | null;
  periodCode?: string | null;
  classification?: string | null;
  status?: 'pending' | 'approved';
  deleted?: boolean;
  tenantId?: string;
}) {
  const { deleted, ...rest } = values;
  const [row] = await t.handle.db
    .insert(measurements)
    .values({
      tenantId: '101',
      item: 'GLU',
      classification: values.value === null ? null : 'normal',
      ...rest,
      testTime: new Date(values.testTime),
      ...(deleted ? { deletedAt: new Date('2025-01-20T00:00:00Z'), deleteReason: 'entered twice' } : {}),
    })
    .returning({ id: measurements.id });
  return row.id;
}

beforeAll(async () => {
  t = await createTestContext();
  api = apiOf(t);
  [admin, reviewer, doctor, nurse, admin202] = await Promise.all([
    t.login('101', 'admin', 'Admin@123456'),
    t.login('101', 'reviewer01', 'Review@2026'),
    t.login('101', 'doctor01', 'Doctor@2026'),
    t.login('101', 'nurse01', 'Nurse@2026'),
    t.login('202', 'admin', 'Admin@202202'),
  ]);
  const endo = await insertPatient({
    name: 'Review Alpha',
    departmentCode: 'ENDO',
    bed: 'R-01',
    inpatientNumber: 'RV000001',
    doctorCode: 'doctor01',
  });
  const endo2 = await insertPatient({
    name: 'Review Beta',
    departmentCode: 'ENDO',
    bed: 'R-02',
    inpatientNumber: 'RV000002',
  });
  const card = await insertPatient({
    name: 'Review Gamma',
    departmentCode: 'CARD',
    bed: 'C-01',
    inpatientNumber: 'RV000003',
  });
  const p202 = await insertPatient({
    name: 'Review Other',
    departmentCode: 'IM',
    bed: 'I-01',
    inpatientNumber: 'RV000004',
    tenantId: '202',
  });
  const E = { patientId: endo, departmentCode: 'ENDO' };
  const r: Record<string, number> = {};
  // January 2025, Asia/Shanghai (UTC+8): 2025-01-10T23:30Z is 07:30 on 11 January
  r.a1 = await insertReading({ ...E, testTime: '2025-01-10T23:30:00Z', value: 6.2, periodCode: 'fasting' });
  r.a2 = await insertReading({
    ...E,
    testTime: '2025-01-11T01:30:00Z',
    value: 12.4,
    periodCode: 'afterBreakfast',
    classification: 'high',
  });
  r.a3 = await insertReading({
    ...E,
    testTime: '2025-01-11T05:00:00Z',
    value: 2.1,
    periodCode: 'afterLunch',
    classification: 'criticalLow',
  });
  r.a4 = await insertReading({
    ...E,
    testTime: '2025-01-11T13:30:00Z',
    value: null,
    periodCode: 'beforeSleep',
  });
  r.a5 = await insertReading({
    ...E,
    testTime: '2025-01-12T23:30:00Z',
    value: 7.1,
    periodCode: 'fasting',
    status: 'approved',
  });
  r.a6 = await insertReading({ ...E, testTime: '2025-01-13T23:30:00Z', value: 5.5, deleted: true });
  r.ket = await insertReading({ ...E, item: 'KET', testTime: '2025-01-11T02:00:00Z', value: 0.4 });
  r.ua = await insertReading({ ...E, item: 'UA', testTime: '2025-01-11T02:00:00Z', value: 420 });
  r.b1 = await insertReading({
    patientId: endo2,
    departmentCode: 'ENDO',
    testTime: '2025-01-11T00:00:00Z',
    value: 8.4,
    periodCode: 'fasting',
  });
  r.c1 = await insertReading({
    patientId: card,
    departmentCode: 'CARD',
    testTime: '2025-01-11T00:00:00Z',
    value: 9.9,
    periodCode: 'fasting',
  });
  r.o1 = await insertReading({
    patientId: p202,
    departmentCode: 'IM',
    testTime: '2025-01-11T00:00:00Z',
    value: 6.6,
    tenantId: '202',
  });
  f = { endo, endo2, card, r };
});
afterAll(() => t.close());

const JAN = 'beginDate=2025-01-01&endDate=2025-01-31';

async function data<T>(method: 'GET' | 'POST', url: string, token: string, body?: unknown) {
  const res = await api(method, url, token, body);
  if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json().dataContent as T;
}
const ids = (page: { records: { id: number }[] }) => page.records.map((row) => row.id);

describe('GET /v1/testRecord/pending', () => {
  it('lists the pending readings of one item in scope, newest first, with the counts per item', async () => {
    const page = await data<Page<Reading> & { counts: Record<string, number> }>(
      'GET',
      `/v1/testRecord/pending?category=GLU&${JAN}`,
      reviewer,
    );
    // reviewer01 works in ENDO: the CARD reading, the approved and the deleted ones are not there
    expect(ids(page)).toEqual([f.r.a4, f.r.a3, f.r.a2, f.r.b1, f.r.a1]);
    expect(page).toMatchObject({ total: 5, page: 1, size: 20, counts: { GLU: 5, KET: 1, UA: 1 } });
    expect(page.records[1]).toMatchObject({
      patientName: 'Review Alpha',
      bed: 'R-01',
      inpatientNumber: 'RV000001',
      departmentName: 'Endocrinology',
      testValue: 2.1,
      unit: 'mmol/L',
      determineType: 'criticalLow',
      status: 'pending',
      periodName: 'After lunch',
    });
    const zh = (
      await api('GET', `/v1/testRecord/pending?category=GLU&${JAN}`, reviewer, undefined, 'zh-CN')
    ).json().dataContent as Page<Reading>;
    expect(zh.records[1]).toMatchObject({ departmentName: '内分泌科', periodName: '午餐后' });

    const all = await data<Page<Reading>>('GET', `/v1/testRecord/pending?category=GLU&${JAN}`, admin);
    expect(ids(all)).toContain(f.r.c1);
    const other = await data<Page<Reading>>('GET', `/v1/testRecord/pending?category=GLU&${JAN}`, admin202);
    expect(ids(other)).not.toContain(f.r.a1);
  });

  it('filters by keyword (name, inpatient number, bed), department, classification and dates', async () => {
    const q = (query: string, token = reviewer) =>
      data<Page<Reading>>('GET', `/v1/testRecord/pending?category=GLU&${JAN}&${query}`, token);
    expect(ids(await q('queryCondition=beta'))).toEqual([f.r.b1]);
    expect(ids(await q('queryCondition=RV000002'))).toEqual([f.r.b1]);
    expect(ids(await q('queryCondition=R-02'))).toEqual([f.r.b1]);
    expect(ids(await q('queryCondition=%25'))).toEqual([]);
    expect(ids(await q('classification=criticalLow'))).toEqual([f.r.a3]);
    expect(ids(await q('departmentCode=CARD'))).toEqual([]);
    expect(ids(await q('departmentCode=CARD', admin))).toEqual([f.r.c1]);
    // 11 January in the hospital's time zone starts at 2025-01-10T16:00Z
    const day = await data<Page<Reading>>(
      'GET',
      '/v1/testRecord/pending?category=GLU&beginDate=2025-01-11&endDate=2025-01-11',
      reviewer,
    );
    expect(ids(day)).toEqual([f.r.a4, f.r.a3, f.r.a2, f.r.b1, f.r.a1]);
    const page2 = await q('page=2&size=2');
    expect(ids(page2)).toEqual([f.r.a2, f.r.b1]);
    expect(page2).toMatchObject({ total: 5, page: 2, size: 2 });
  });

  it('words the query rules in both languages', async () => {
    const res = await api('GET', '/v1/testRecord/pending', reviewer);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('category: Query error: please choose glucose, ketone or uric acid');
    const zh = await api(
      'GET',
      '/v1/testRecord/pending?category=GLU&beginDate=2025-01-02&endDate=2025-01-01',
      reviewer,
      undefined,
      'zh-CN',
    );
    expect(zh.statusCode).toBe(400);
    expect(zh.json().message).toBe('endDate: 查询错误：开始时间必须早于结束时间');
    const one = await api('GET', '/v1/testRecord/pending?category=GLU&beginDate=2025-01-02', reviewer);
    expect(one.json().message).toBe('endDate: Query error: please choose the start and end dates');
  });

  it('is refused to roles without the approval list', async () => {
    const res = await api('GET', '/v1/testRecord/pending?category=GLU', nurse);
    expect(res.statusCode).toBe(403);
    expect((await api('GET', '/v1/testRecord/pending?category=GLU', doctor)).statusCode).toBe(200);
  });
});

describe('POST /v1/testRecord/approve', () => {
  it('needs at least one record, in both languages', async () => {
    const en = await api('POST', '/v1/testRecord/approve', reviewer, { ids: [] });
    expect(en.statusCode).toBe(400);
    expect(en.json().message).toBe('ids: Please select at least one record');
    const zh = await api('POST', '/v1/testRecord/approve', reviewer, { ids: [] }, 'zh-CN');
    expect(zh.json().message).toBe('ids: 请至少选择一条记录');
    const missing = await api('POST', '/v1/testRecord/approve', reviewer, {});
    expect(missing.json().message).toBe('ids: Please select at least one record');
  });

  it('refuses other fields, more than 500 ids and roles without the approve button', async () => {
    const extra = await api('POST', '/v1/testRecord/approve', reviewer, {
      ids: [f.r.a1],
      status: 'approved',
    });
    expect(extra.statusCode).toBe(400);
    const many = await api('POST', '/v1/testRecord/approve', reviewer, {
      ids: Array.from({ length: 501 }, (_, i) => i + 1),
    });
    expect(many.json().message).toBe('ids: At most 500 records can be approved at once');
    expect((await api('POST', '/v1/testRecord/approve', doctor, { ids: [f.r.a1] })).statusCode).toBe(403);
    expect((await api('POST', '/v1/testRecord/approve', nurse, { ids: [f.r.a1] })).statusCode).toBe(403);
    const row = await t.handle.db.execute<{ status: string }>(
      sql`select status from measurements where id = ${f.r.a1}`,
    );
    expect(row.rows[0].status).toBe('pending');
  });

  it('approves the selected readings in batch, skipping what it may not or need not approve', async () => {
    const before = await t.handle.db.execute<{ id: string; version: number }>(
      sql`select id, version from measurements where id in (${f.r.a1}, ${f.r.a2}, ${f.r.b1})`,
    );
    const res = await api('POST', '/v1/testRecord/approve', reviewer, {
      ids: [f.r.a1, f.r.a2, f.r.b1, f.r.a5, f.r.a6, f.r.c1, f.r.o1, 99_999_999],
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe('3 record(s) approved');
    expect(body.dataContent.approved).toBe(3);
    expect(body.dataContent.approvedIds.sort()).toEqual([f.r.a1, f.r.a2, f.r.b1].sort());
    expect(body.dataContent.skipped).toEqual([
      { id: f.r.a5, reason: 'alreadyApproved', message: 'Already approved' },
      // deleted, another department, another tenant, missing: one answer
      ...[f.r.a6, f.r.c1, f.r.o1, 99_999_999].map((id) => ({
        id,
        reason: 'notFound',
        message: 'The record does not exist, has been deleted or is outside your departments',
      })),
    ]);
    const after = await t.handle.db.execute<{
      id: string;
      status: string;
      approved_by_name: string;
      approved_at: string | null;
      version: number;
    }>(sql`select id, status, approved_by_name, approved_at, version from measurements
            where id in (${f.r.a1}, ${f.r.a2}, ${f.r.b1}, ${f.r.c1}, ${f.r.a6}) order by id`);
    const versions = new Map(before.rows.map((row) => [Number(row.id), row.version]));
    for (const row of after.rows) {
      const id = Number(row.id);
      if (id === f.r.c1 || id === f.r.a6) {
        expect(row.status).toBe('pending');
        continue;
      }
      expect(row).toMatchObject({ status: 'approved', approved_by_name: 'Zhang Min' });
      expect(new Date(row.approved_at ?? '').getTime()).toBe(t.clock.now.getTime());
      expect(row.version).toBe((versions.get(id) ?? 0) + 1);
    }
    const audit = await auditRows(t, 'measurement', f.r.a2, 'approve');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor_name: 'reviewer01',
      before: { status: 'pending', item: 'GLU' },
      after: { status: 'approved', approvedBy: 'Zhang Min' },
    });
    expect(await auditRows(t, 'measurement', f.r.c1, 'approve')).toHaveLength(0);

    // approved readings leave the pending list and show who approved them in data management
    const pending = await data<Page<Reading>>('GET', `/v1/testRecord/pending?category=GLU&${JAN}`, reviewer);
    expect(ids(pending)).toEqual([f.r.a4, f.r.a3]);
    const listed = await data<Page<Reading>>(
      'GET',
      `/v1/testRecord/query?category=GLU&${JAN}&queryCondition=RV000001&status=approved`,
      reviewer,
    );
    expect(listed.records.find((row) => row.id === f.r.a2)).toMatchObject({
      status: 'approved',
      approvedBy: 'Zhang Min',
    });

    const again = await data<{ approved: number; skipped: { reason: string }[] }>(
      'POST',
      '/v1/testRecord/approve',
      reviewer,
      { ids: [f.r.a1] },
    );
    expect(again).toMatchObject({ approved: 0, skipped: [{ reason: 'alreadyApproved' }] });
  });

  it('answers tenant 202 for a tenant-101 id exactly as for a missing id', async () => {
    const res = await api('POST', '/v1/testRecord/approve', admin202, { ids: [f.r.c1] });
    const missing = await api('POST', '/v1/testRecord/approve', admin202, { ids: [99_999_999] });
    expect(res.json().dataContent.skipped[0].reason).toBe('notFound');
    expect(res.json().dataContent.skipped[0].message).toBe(missing.json().dataContent.skipped[0].message);
  });
});

describe('POST /v1/testRecord/approveAll', () => {
  it('approves every pending reading matching the filters and says how many', async () => {
    const ket = await api('POST', '/v1/testRecord/approveAll', reviewer, {
      category: 'KET',
      ...{ beginDate: '2025-01-01', endDate: '2025-01-31' },
    });
    expect(ket.statusCode).toBe(200);
    expect(ket.json()).toMatchObject({
      message: '1 record(s) approved',
      dataContent: { approved: 1, remaining: 0 },
    });
    expect(await auditRows(t, 'measurement', f.r.ket, 'approve')).toHaveLength(1);
    const status = await t.handle.db.execute<{ id: string; status: string }>(
      sql`select id, status from measurements where id in (${f.r.ket}, ${f.r.ua}) order by id`,
    );
    expect(Object.fromEntries(status.rows.map((row) => [Number(row.id), row.status]))).toEqual({
      [f.r.ket]: 'approved',
      [f.r.ua]: 'pending',
    });
  });

  it('refuses unknown fields, bad filters and roles without the approve button', async () => {
    const extra = await api('POST', '/v1/testRecord/approveAll', reviewer, { category: 'UA', ids: [1] });
    expect(extra.statusCode).toBe(400);
    const noItem = await api('POST', '/v1/testRecord/approveAll', reviewer, {}, 'zh-CN');
    expect(noItem.json().message).toBe('category: 查询错误：请选择血糖、血酮或尿酸');
    expect((await api('POST', '/v1/testRecord/approveAll', doctor, { category: 'UA' })).statusCode).toBe(403);
  });

  it('stays inside the caller scope', async () => {
    await data('POST', '/v1/testRecord/approveAll', reviewer, {
      category: 'GLU',
      beginDate: '2025-01-01',
      endDate: '2025-01-31',
      classification: 'criticalLow',
    });
    const card = await t.handle.db.execute<{ status: string }>(
      sql`select status from measurements where id = ${f.r.c1}`,
    );
    expect(card.rows[0].status).toBe('pending');
    const a3 = await t.handle.db.execute<{ status: string }>(
      sql`select status from measurements where id = ${f.r.a3}`,
    );
    expect(a3.rows[0].status).toBe('approved');
  });
});

describe('GET /v1/testRecord/query', () => {
  const q = (query: string, token = reviewer, lang?: string) =>
    api('GET', `/v1/testRecord/query?category=GLU&${query}`, token, undefined, lang);

  it('lists the readings of the range with the patients, newest first', async () => {
    const res = await q(JAN);
    expect(res.statusCode).toBe(200);
    const page = res.json().dataContent as Page<Reading>;
    expect(ids(page)).toEqual([f.r.a5, f.r.a4, f.r.a3, f.r.a2, f.r.b1, f.r.a1]);
    expect(page.records.find((row) => row.id === f.r.a1)).toMatchObject({
      patientName: 'Review Alpha',
      doctorName: 'Dr. Li Wei',
      departmentName: 'Endocrinology',
      periodName: 'Fasting',
    });
  });

  it('filters by status, classification, values, doctor, keyword and deleted', async () => {
    const idsOf = async (query: string, token = reviewer) =>
      ids((await q(`${JAN}&${query}`, token)).json().dataContent);
    expect(await idsOf('minValue=7&maxValue=9')).toEqual([f.r.a5, f.r.b1]);
    expect(await idsOf('minValue=12')).toEqual([f.r.a2]);
    expect(await idsOf('classification=high')).toEqual([f.r.a2]);
    expect(await idsOf('doctorCode=doctor01')).toEqual([f.r.a5, f.r.a4, f.r.a3, f.r.a2, f.r.a1]);
    expect(await idsOf('queryCondition=Beta')).toEqual([f.r.b1]);
    expect(await idsOf('includeDeleted=true&queryCondition=Alpha')).toEqual([
      f.r.a6,
      f.r.a5,
      f.r.a4,
      f.r.a3,
      f.r.a2,
      f.r.a1,
    ]);
    const deleted = (await q(`${JAN}&includeDeleted=true&queryCondition=Alpha`)).json().dataContent
      .records[0] as Reading & { deleteReason: string };
    expect(deleted).toMatchObject({ deleteReason: 'entered twice' });
    expect(deleted.deletedAt).not.toBeNull();
    // 12 January (hospital time) holds nothing of Alpha; the 13th's fasting reading is at 2025-01-12T23:30Z
    const day = await q('beginDate=2025-01-13&endDate=2025-01-13&queryCondition=Alpha');
    expect(ids(day.json().dataContent)).toEqual([f.r.a5]);
  });

  it('keeps department scope and tenant isolation', async () => {
    expect(ids((await q(`${JAN}&departmentCode=CARD`)).json().dataContent)).toEqual([]);
    expect(ids((await q(`${JAN}&departmentCode=CARD`, admin)).json().dataContent)).toEqual([f.r.c1]);
    expect(ids((await q(`${JAN}&queryCondition=Review`, admin202)).json().dataContent)).toEqual([f.r.o1]);
    expect((await q(JAN, nurse)).statusCode).toBe(200);
  });

  it('words every query rule in both languages', async () => {
    const cases: [string, string, string][] = [
      ['', 'Query error: please choose the start and end dates', '查询错误：请选择开始和结束日期'],
      [
        'beginDate=2025-02-01&endDate=2025-01-01',
        'Query error: the start must be before the end',
        '查询错误：开始时间必须早于结束时间',
      ],
      [
        'beginDate=2024-01-01&endDate=2025-01-01',
        'Query error: the range can be at most 366 days',
        '查询错误：查询范围最多 366 天',
      ],
      [
        `${JAN}&minValue=9&maxValue=3`,
        'Query error: the lowest value must not be above the highest',
        '查询错误：最低值不能高于最高值',
      ],
      [
        `${JAN}&minValue=abc`,
        'Query error: a value must be a number of 0 or more',
        '查询错误：数值必须是大于或等于 0 的数字',
      ],
      [
        `${JAN}&status=deleted`,
        'Query error: the status must be pending or approved',
        '查询错误：状态必须是待审核或已审核',
      ],
      [`${JAN}&classification=odd`, 'Query error: unknown classification', '查询错误：未知的结果分类'],
      [
        'beginDate=2025/01/01&endDate=2025-01-31',
        'Query error: a date must be YYYY-MM-DD or a date-time with a time zone',
        '查询错误：日期格式应为 YYYY-MM-DD 或带时区的日期时间',
      ],
    ];
    for (const [query, en, zh] of cases) {
      const enRes = await q(query);
      expect(enRes.statusCode, query).toBe(400);
      expect(enRes.json().message, query).toContain(en);
      expect((await q(query, reviewer, 'zh-CN')).json().message, query).toContain(zh);
    }
    const noItem = await api('GET', `/v1/testRecord/query?${JAN}`, reviewer);
    expect(noItem.json().message).toBe('category: Query error: please choose glucose, ketone or uric acid');
  });
});

describe('GET /v1/testRecord/glus/pivot/query', () => {
  type PivotRow = {
    patientId: number;
    date: string;
    patientName: string;
    cells: Record<string, Reading[]>;
  };
  it('pages rows patient × day with a cell per period and the periods header', async () => {
    const res = await api('GET', `/v1/testRecord/glus/pivot/query?category=GLU&${JAN}`, reviewer);
    expect(res.statusCode).toBe(200);
    const body = res.json().dataContent as Page<PivotRow> & { periods: { code: string; name: string }[] };
    expect(body.total).toBe(3);
    expect(body.records.map((row) => [row.date, row.patientName])).toEqual([
      ['2025-01-13', 'Review Alpha'],
      ['2025-01-11', 'Review Alpha'],
      ['2025-01-11', 'Review Beta'],
    ]);
    const day = body.records[1];
    expect(Object.keys(day.cells).sort()).toEqual(['afterBreakfast', 'afterLunch', 'beforeSleep', 'fasting']);
    expect(day.cells.fasting.map((row) => row.id)).toEqual([f.r.a1]);
    expect(body.periods.slice(0, 3)).toEqual([
      { code: 'earlyMorning', name: 'Early morning' },
      { code: 'fasting', name: 'Fasting' },
      { code: 'afterBreakfast', name: 'After breakfast' },
    ]);
    const second = await data<Page<PivotRow>>(
      'GET',
      `/v1/testRecord/glus/pivot/query?category=GLU&${JAN}&page=2&size=2`,
      reviewer,
    );
    expect(second).toMatchObject({ total: 3, page: 2, size: 2 });
    expect(second.records.map((row) => row.patientName)).toEqual(['Review Beta']);
    const zh = await api(
      'GET',
      `/v1/testRecord/glus/pivot/query?category=GLU&${JAN}`,
      reviewer,
      undefined,
      'zh-CN',
    );
    expect(zh.json().dataContent.periods[1]).toEqual({ code: 'fasting', name: '空腹' });
  });

  it('adds a "no period" column when a reading has none', async () => {
    const body = await data<Page<PivotRow> & { periods: { code: string; name: string }[] }>(
      'GET',
      `/v1/testRecord/glus/pivot/query?category=UA&${JAN}`,
      reviewer,
    );
    expect(body.records).toHaveLength(1);
    expect(body.records[0].cells['-'].map((row) => row.id)).toEqual([f.r.ua]);
    expect(body.periods.at(-1)).toEqual({ code: '-', name: 'No period' });
  });

  it('refuses a query without dates', async () => {
    const res = await api(
      'GET',
      '/v1/testRecord/glus/pivot/query?category=GLU',
      reviewer,
      undefined,
      'zh-CN',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('查询错误：请选择开始和结束日期');
  });
});

describe('GET /v1/testRecord/query/export', () => {
  it('returns every matching reading with the patients', async () => {
    const body = await data<{ records: Reading[]; total: number }>(
      'GET',
      `/v1/testRecord/query/export?category=GLU&${JAN}&page=1&size=2`,
      reviewer,
    );
    expect(body.total).toBe(6);
    expect(ids(body)).toEqual([f.r.a5, f.r.a4, f.r.a3, f.r.a2, f.r.b1, f.r.a1]);
    expect(body.records[0]).toMatchObject({ patientName: 'Review Alpha', inpatientNumber: 'RV000001' });
    expect((await api('GET', `/v1/testRecord/query/export?category=GLU&${JAN}`, nurse)).statusCode).toBe(200);
    const noDates = await api('GET', '/v1/testRecord/query/export?category=GLU', reviewer);
    expect(noDates.statusCode).toBe(400);
  });

  it('refuses more than 50,000 rows, asking to narrow the range', async () => {
    await t.handle.db.execute(sql`
      insert into measurements (tenant_id, patient_id, department_code, item, test_time, value, classification)
      select '101', ${f.endo2}, 'ENDO', 'KET', timestamptz '2025-03-01T00:00:00Z' + n * interval '1 second', 0.3, 'normal'
        from generate_series(1, 50001) as n`);
    const res = await api(
      'GET',
      '/v1/testRecord/query/export?category=KET&beginDate=2025-03-01&endDate=2025-03-02',
      reviewer,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'The query matches 50001 records, more than the 50000 an export can hold; please narrow the range',
    );
    const zh = await api(
      'GET',
      '/v1/testRecord/query/export?category=KET&beginDate=2025-03-01&endDate=2025-03-02',
      reviewer,
      undefined,
      'zh-CN',
    );
    expect(zh.json().message).toBe('查询结果共 50001 条，超过导出上限 50000 条，请缩小查询范围');
    // the paged list of the same query still works
    const page = await data<Page<Reading>>(
      'GET',
      '/v1/testRecord/query?category=KET&beginDate=2025-03-01&endDate=2025-03-02&size=5',
      reviewer,
    );
    expect(page.total).toBe(50_001);
    expect(page.records).toHaveLength(5);
  });
});
