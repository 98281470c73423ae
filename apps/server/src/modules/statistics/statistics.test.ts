import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOf } from '../../test/api';
import { createTestContext, type TestContext } from '../../test/harness';
import { addPatient } from '../critical/fixtures';
import { putSetting } from '../settings/service';

/**
 * Hospital glucose statistics through HTTP. The demo seed's readings lie around today (2026), so these
 * tests count their own readings of 2024 (and one of 2023) in tenant 101, hospital time zone
 * Asia/Shanghai (the default) unless a test changes it.
 */

let t: TestContext;
let api: ReturnType<typeof apiOf>;
let admin: string;
let doctor: string;
let reviewer: string;

const p: Record<string, number> = {};

type Counts = Record<string, number | null>;
type YearAnswer = {
  year: number;
  departmentCode: string | null;
  departmentName: string;
  months: (Counts & { month: number })[];
  total: Counts;
};
type DepartmentAnswer = {
  beginDate: string;
  endDate: string;
  departments: (Counts & { departmentCode: string; departmentName: string })[];
  total: Counts;
};

async function data<T>(url: string, token: string, lang?: string): Promise<T> {
  const res = await api('GET', url, token, undefined, lang);
  if (res.statusCode !== 200) throw new Error(`GET ${url}: ${res.statusCode} ${res.body}`);
  return res.json().dataContent as T;
}
const year = (query: string, token = admin, lang?: string) =>
  data<YearAnswer>(`/v1/statistics/gluYearAnalysis?${query}`, token, lang);
const departments = (query: string, token = admin, lang?: string) =>
  data<DepartmentAnswer>(`/v1/statistics/departmentAnalysis?${query}`, token, lang);

/** A reading written straight to the table with the classification given (what was stored at write). */
async function reading(
  patient: string,
  departmentCode: string,
  at: string,
  classification: string | null,
  options: { value?: number | null; item?: string; deleted?: boolean; tenantId?: string } = {},
) {
  const value = options.value === undefined ? 6 : options.value;
  await t.handle.db.execute(sql`
    insert into measurements (tenant_id, patient_id, department_code, item, test_time, value, classification,
                              untested_reason, deleted_at)
    values (${options.tenantId ?? '101'}, ${p[patient]!}, ${departmentCode}, ${options.item ?? 'GLU'},
            ${at}::timestamptz, ${value}, ${classification}, ${value === null ? 'refused' : null},
            ${options.deleted ? new Date().toISOString() : null})`);
}

const zero = {
  testCount: 0,
  personCount: 0,
  inTargetCount: 0,
  inTargetRate: null,
  lowCount: 0,
  lowRate: null,
  criticalLowCount: 0,
  criticalLowRate: null,
  highCount: 0,
  highRate: null,
  criticalHighCount: 0,
  criticalHighRate: null,
  criticalCount: 0,
  criticalRate: null,
};

/**
 * March 2024 in ENDO: A normal, low, critically low; B high, critically high, unknown. Six sixths
 * (16.666… % each) by largest remainder at 2 decimals: 16.66 each (99.96), the 4 missing hundredths to
 * the first four bands in table order (ties go to the earlier) — so critically high and the unknown
 * reading keep 16.66, and the rates with the unknown add up to 100.00; critical, 2 of 6, is 33.33.
 */
const endoMarch = {
  testCount: 6,
  personCount: 2,
  inTargetCount: 1,
  inTargetRate: 16.67,
  lowCount: 1,
  lowRate: 16.67,
  criticalLowCount: 1,
  criticalLowRate: 16.67,
  highCount: 1,
  highRate: 16.67,
  criticalHighCount: 1,
  criticalHighRate: 16.66,
  criticalCount: 2,
  criticalRate: 33.33,
};
/** March 2024 in CARD: A (also measured in ENDO) normal, C high. */
const cardMarch = {
  ...zero,
  testCount: 2,
  personCount: 2,
  inTargetCount: 1,
  inTargetRate: 50,
  lowRate: 0,
  criticalLowRate: 0,
  highCount: 1,
  highRate: 50,
  criticalHighRate: 0,
  criticalRate: 0,
};
/** The two together: A counts once. */
const hospitalMarch = {
  testCount: 8,
  personCount: 3,
  inTargetCount: 2,
  inTargetRate: 25,
  lowCount: 1,
  lowRate: 12.5,
  criticalLowCount: 1,
  criticalLowRate: 12.5,
  highCount: 2,
  highRate: 25,
  criticalHighCount: 1,
  criticalHighRate: 12.5,
  criticalCount: 2,
  criticalRate: 25,
};

beforeAll(async () => {
  t = await createTestContext({ sessionIdleMinutes: 100_000, sessionMaxHours: 100_000 });
  api = apiOf(t);
  [admin, doctor, reviewer] = await Promise.all([
    t.login('101', 'admin', 'Admin@123456'),
    t.login('101', 'doctor01', 'Doctor@2026'),
    t.login('101', 'reviewer01', 'Review@2026'),
  ]);
  const db = t.handle.db;
  p.a = await addPatient(db, '101', { name: 'Stat A', departmentCode: 'CARD' });
  p.b = await addPatient(db, '101', { name: 'Stat B', departmentCode: 'ENDO' });
  p.c = await addPatient(db, '101', { name: 'Stat C', departmentCode: 'CARD' });
  p.d = await addPatient(db, '101', { name: 'Stat D', departmentCode: 'ICU' });
  p.other = await addPatient(db, '202', { name: 'Other Tenant', departmentCode: 'ENDO' });

  // March 2024: A measured in ENDO, then transferred to CARD
  await reading('a', 'ENDO', '2024-03-05T08:00:00+08:00', 'normal');
  await reading('a', 'ENDO', '2024-03-05T10:00:00+08:00', 'low', { value: 3.5 });
  await reading('a', 'ENDO', '2024-03-06T08:00:00+08:00', 'criticalLow', { value: 2 });
  await reading('b', 'ENDO', '2024-03-07T08:00:00+08:00', 'high', { value: 12 });
  await reading('b', 'ENDO', '2024-03-07T10:00:00+08:00', 'criticalHigh', { value: 30 });
  await reading('b', 'ENDO', '2024-03-07T12:00:00+08:00', 'unknown', { value: 7 });
  await reading('a', 'CARD', '2024-03-10T08:00:00+08:00', 'normal');
  await reading('c', 'CARD', '2024-03-10T09:00:00+08:00', 'high', { value: 11 });
  // not counted: untested, deleted, ketone, another tenant
  await reading('a', 'ENDO', '2024-03-08T08:00:00+08:00', null, { value: null });
  await reading('a', 'ENDO', '2024-03-08T10:00:00+08:00', 'criticalLow', { value: 1.5, deleted: true });
  await reading('a', 'ENDO', '2024-03-08T12:00:00+08:00', 'normal', { item: 'KET', value: 0.3 });
  await reading('other', 'ENDO', '2024-03-08T08:00:00+08:00', 'normal', { tenantId: '202' });
  // month and year boundaries in Shanghai
  await reading('c', 'CARD', '2023-12-31T23:59:00+08:00', 'normal'); // 2023
  await reading('c', 'CARD', '2024-01-01T00:00:00+08:00', 'normal'); // January (16:00 UTC on 31 Dec 2023)
  await reading('b', 'ENDO', '2024-01-31T23:30:00+08:00', 'normal'); // January
  await reading('b', 'ENDO', '2024-02-01T00:30:00+08:00', 'low', { value: 3.6 }); // February (UTC: 31 Jan)
  await reading('c', 'CARD', '2024-12-31T23:30:00+08:00', 'normal'); // December
  await reading('c', 'CARD', '2025-01-01T00:10:00+08:00', 'normal'); // 2025 (UTC: 31 Dec 2024)
  // 2023: one reading taken late on 30 April in New York, in May already in Shanghai
  await reading('d', 'ICU', '2023-04-30T23:30:00-04:00', 'high', { value: 11 });
});
afterAll(() => t.close());

describe('GET /v1/statistics/gluYearAnalysis', () => {
  it('gives 12 month rows and the total of every department in scope, named after the hospital', async () => {
    const answer = await year('year=2024');
    expect(answer).toMatchObject({
      year: 2024,
      departmentCode: null,
      departmentName: 'GlucoCare Demo General Hospital',
    });
    expect(answer.months.map((row) => row.month)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(answer.months[0]).toEqual({
      month: 1,
      ...zero,
      testCount: 2,
      personCount: 2,
      inTargetCount: 2,
      inTargetRate: 100,
      lowRate: 0,
      criticalLowRate: 0,
      highRate: 0,
      criticalHighRate: 0,
      criticalRate: 0,
    });
    expect(answer.months[1]).toEqual({
      month: 2,
      ...zero,
      testCount: 1,
      personCount: 1,
      inTargetRate: 0,
      lowCount: 1,
      lowRate: 100,
      criticalLowRate: 0,
      highRate: 0,
      criticalHighRate: 0,
      criticalRate: 0,
    });
    expect(answer.months[2]).toEqual({ month: 3, ...hospitalMarch });
    for (const month of [4, 5, 6, 7, 8, 9, 10, 11])
      expect(answer.months[month - 1]).toEqual({ month, ...zero });
    expect(answer.months[11]).toMatchObject({ month: 12, testCount: 1, personCount: 1, inTargetCount: 1 });
    expect(answer.total).toEqual({
      testCount: 12,
      personCount: 3,
      inTargetCount: 5,
      inTargetRate: 41.67,
      lowCount: 2,
      lowRate: 16.67,
      criticalLowCount: 1,
      criticalLowRate: 8.33,
      highCount: 2,
      highRate: 16.67,
      criticalHighCount: 1,
      criticalHighRate: 8.33,
      criticalCount: 2,
      criticalRate: 16.67,
    });
  });

  it('gives one department, named in the request language', async () => {
    const en = await year('year=2024&departmentCode=ENDO');
    expect(en).toMatchObject({ departmentCode: 'ENDO', departmentName: 'Endocrinology' });
    expect(en.months[2]).toEqual({ month: 3, ...endoMarch });
    expect(en.total).toMatchObject({ testCount: 8, personCount: 2, inTargetCount: 2, lowCount: 2 });
    const zh = await year('year=2024&departmentCode=ENDO', admin, 'zh-CN');
    expect(zh.departmentName).toBe('内分泌科');
    expect((await year('year=2024', admin, 'zh-CN')).departmentName).toBe('糖护示范综合医院');
  });

  it('puts a reading in the month of its hospital calendar day', async () => {
    // Shanghai: 23:30 on 30 April in New York is 11:30 on 1 May
    const shanghai = await year('year=2023&departmentCode=ICU');
    expect(shanghai.months[3]!.testCount).toBe(0);
    expect(shanghai.months[4]!.testCount).toBe(1);
    const db = t.handle.db;
    await putSetting(db, '101', 'hospital.timeZone', 'America/New_York', null);
    try {
      const newYork = await year('year=2023&departmentCode=ICU');
      expect(newYork.months[3]).toMatchObject({ month: 4, testCount: 1, highCount: 1, highRate: 100 });
      expect(newYork.months[4]!.testCount).toBe(0);
      // 23:59 on 31 Dec 2023 in Shanghai is still 2023 in New York; 00:00 on 1 Jan 2024 too
      const card = await year('year=2023&departmentCode=CARD');
      expect(card.months[11]!.testCount).toBe(2);
      expect(card.total.testCount).toBe(2);
    } finally {
      await db.execute(sql`delete from settings where tenant_id = '101' and key = 'hospital.timeZone'`);
    }
    expect((await year('year=2023&departmentCode=CARD')).total.testCount).toBe(1);
  });

  it('keeps to the department scope: a department outside it answers 404 like a missing one', async () => {
    const own = await year('year=2024', doctor);
    // doctor01 sees ENDO only: the hospital-wide answer is ENDO's
    expect(own.departmentName).toBe('GlucoCare Demo General Hospital');
    expect(own.months[2]).toEqual({ month: 3, ...endoMarch });
    expect(own.total.testCount).toBe(8);
    for (const code of ['CARD', 'NOPE']) {
      const res = await api('GET', `/v1/statistics/gluYearAnalysis?year=2024&departmentCode=${code}`, doctor);
      expect(res.statusCode, code).toBe(404);
      expect(res.json()).toMatchObject({ code: '404', dataContent: null });
    }
    const admin404 = await api('GET', '/v1/statistics/gluYearAnalysis?year=2024&departmentCode=NOPE', admin);
    expect(admin404.statusCode).toBe(404);
  });

  it('refuses a bad query with field errors in the request language', async () => {
    const cases: [string, string][] = [
      ['year=1999', 'year'],
      ['year=2101', 'year'],
      ['year=2024.5', 'year'],
      ['year=abc', 'year'],
      ['', 'year'],
      ['year=2024&departmentCode=a%20b', 'departmentCode'],
      ['year=2024&foo=1', 'foo'],
    ];
    for (const [query, field] of cases) {
      const res = await api('GET', `/v1/statistics/gluYearAnalysis?${query}`, admin);
      expect(res.statusCode, query).toBe(400);
      expect(
        res.json().dataContent.errors.map((e: { field: string }) => e.field),
        query,
      ).toContain(field);
    }
    const zh = await api('GET', '/v1/statistics/gluYearAnalysis?year=1999', admin, undefined, 'zh-CN');
    expect(zh.json()).toMatchObject({
      code: '400',
      dataContent: { errors: [{ field: 'year', message: '年份须为 2000 至 2100 之间的整数' }] },
    });
  });
});

describe('GET /v1/statistics/departmentAnalysis', () => {
  it('lists every department in scope in the departments order, with the total counting a patient once', async () => {
    const answer = await departments('beginDate=2024-03-01&endDate=2024-03-31');
    const { rows: order } = await t.handle.db.execute<{ code: string; name_en: string }>(
      sql`select code, name_en from departments where tenant_id = '101' and is_active order by sort, code`,
    );
    expect(answer.beginDate).toBe('2024-03-01');
    expect(answer.endDate).toBe('2024-03-31');
    expect(answer.departments.map((row) => row.departmentCode)).toEqual(order.map((row) => row.code));
    expect(answer.departments.map((row) => row.departmentName)).toEqual(order.map((row) => row.name_en));
    const byCode = new Map(answer.departments.map((row) => [row.departmentCode, row]));
    expect(byCode.get('ENDO')).toEqual({
      departmentCode: 'ENDO',
      departmentName: 'Endocrinology',
      ...endoMarch,
    });
    expect(byCode.get('CARD')).toEqual({
      departmentCode: 'CARD',
      departmentName: 'Cardiology',
      ...cardMarch,
    });
    expect(byCode.get('ICU')).toEqual({
      departmentCode: 'ICU',
      departmentName: 'Intensive Care Unit',
      ...zero,
    });
    expect(answer.total).toEqual(hospitalMarch);
  });

  it('takes hospital calendar days, the end day included', async () => {
    // 1 Jan 00:00 to 31 Jan 23:30 in Shanghai; not 31 Dec 23:59 nor 1 Feb 00:30
    const january = await departments('beginDate=2024-01-01&endDate=2024-01-31');
    expect(january.total).toMatchObject({ testCount: 2, personCount: 2, inTargetCount: 2 });
    const day = await departments('beginDate=2024-02-01&endDate=2024-02-01&departmentCode=ENDO');
    expect(day.departments).toHaveLength(1);
    expect(day.departments[0]).toMatchObject({ departmentCode: 'ENDO', testCount: 1, lowCount: 1 });
    expect(day.total).toMatchObject({ testCount: 1, lowCount: 1, lowRate: 100 });
  });

  it('gives one department, named in the request language', async () => {
    const answer = await departments(
      'beginDate=2024-03-01&endDate=2024-03-31&departmentCode=CARD',
      admin,
      'zh-CN',
    );
    expect(answer.departments).toEqual([{ departmentCode: 'CARD', departmentName: '心内科', ...cardMarch }]);
    expect(answer.total).toEqual(cardMarch);
  });

  it('keeps to the department scope', async () => {
    const answer = await departments('beginDate=2024-03-01&endDate=2024-03-31', doctor);
    expect(answer.departments).toEqual([
      { departmentCode: 'ENDO', departmentName: 'Endocrinology', ...endoMarch },
    ]);
    expect(answer.total).toEqual(endoMarch);
    const res = await api(
      'GET',
      '/v1/statistics/departmentAnalysis?beginDate=2024-03-01&endDate=2024-03-31&departmentCode=CARD',
      doctor,
    );
    expect(res.statusCode).toBe(404);
  });

  it('refuses a bad range with field errors in the request language', async () => {
    const cases: [string, string][] = [
      ['endDate=2024-03-31', 'beginDate'],
      ['beginDate=2024-03-01', 'endDate'],
      ['beginDate=2024-02-30&endDate=2024-03-31', 'beginDate'],
      ['beginDate=2024-3-1&endDate=2024-03-31', 'beginDate'],
      ['beginDate=2024-03-02&endDate=2024-03-01', 'endDate'],
      ['beginDate=2024-01-01&endDate=2025-01-01', 'endDate'],
      ['beginDate=2024-03-01&endDate=2024-03-31&year=2024', 'year'],
    ];
    for (const [query, field] of cases) {
      const res = await api('GET', `/v1/statistics/departmentAnalysis?${query}`, admin);
      expect(res.statusCode, query).toBe(400);
      expect(
        res.json().dataContent.errors.map((e: { field: string }) => e.field),
        query,
      ).toContain(field);
    }
    // 366 days (2024 is a leap year) is the most
    expect((await departments('beginDate=2024-01-01&endDate=2024-12-31')).total.testCount).toBe(12);
    const zh = await api(
      'GET',
      '/v1/statistics/departmentAnalysis?beginDate=2024-01-01&endDate=2025-01-01',
      admin,
      undefined,
      'zh-CN',
    );
    expect(zh.json().dataContent.errors).toEqual([
      { field: 'endDate', message: '统计的时间跨度最多 366 天' },
    ]);
    const order = await api(
      'GET',
      '/v1/statistics/departmentAnalysis?beginDate=2024-03-02&endDate=2024-03-01',
      admin,
      undefined,
      'zh-CN',
    );
    expect(order.json().dataContent.errors).toEqual([
      { field: 'endDate', message: '开始日期不能晚于结束日期' },
    ]);
  });
});

describe('the kept day counts', () => {
  it('follow every write to the readings: correction, deletion, a value removed, a hard delete', async () => {
    const march = 'beginDate=2024-03-01&endDate=2024-03-31&departmentCode=ENDO';
    expect((await departments(march)).total).toEqual(endoMarch);
    const db = t.handle.db;
    const idOf = async (at: string) => {
      const { rows } = await db.execute<{ id: string }>(
        sql`select id from measurements where patient_id = ${p.b!} and test_time = ${at}::timestamptz`,
      );
      return Number(rows[0]!.id);
    };
    const high = await idOf('2024-03-07T08:00:00+08:00');
    const unknown = await idOf('2024-03-07T12:00:00+08:00');
    try {
      // corrected: the high reading becomes normal; approving (a column that does not count) moves nothing
      await db.execute(sql`update measurements set classification = 'normal', value = 6 where id = ${high}`);
      await db.execute(sql`update measurements set status = 'approved' where patient_id = ${p.b!}`);
      let total = (await departments(march)).total;
      expect(total).toMatchObject({ testCount: 6, inTargetCount: 2, highCount: 0, criticalHighCount: 1 });
      // soft-deleted: out of every count; the patient still counts for the other readings
      await db.execute(sql`update measurements set deleted_at = now() where id = ${high}`);
      total = (await departments(march)).total;
      expect(total).toMatchObject({ testCount: 5, personCount: 2, inTargetCount: 1 });
      // a value removed (marked untested), then the row deleted outright
      await db.execute(
        sql`update measurements set value = null, untested_reason = 'refused' where id = ${unknown}`,
      );
      expect((await departments(march)).total.testCount).toBe(4);
      await db.execute(sql`delete from measurements where id = ${unknown}`);
      expect((await departments(march)).total.testCount).toBe(4);
      // B's last counted reading deleted: B is no longer a measured patient
      await db.execute(sql`update measurements set deleted_at = now() where patient_id = ${p.b!} and item = 'GLU'
                             and test_time between '2024-03-01' and '2024-03-31'`);
      expect((await departments(march)).total).toMatchObject({ testCount: 3, personCount: 1 });
    } finally {
      await db.execute(sql`update measurements set deleted_at = null, classification = 'high', value = 12
                            where id = ${high}`);
      await db.execute(sql`update measurements set deleted_at = null where patient_id = ${p.b!}
                             and test_time between '2024-03-01' and '2024-03-31'`);
      await reading('b', 'ENDO', '2024-03-07T12:00:00+08:00', 'unknown', { value: 7 });
    }
    expect((await departments(march)).total).toEqual(endoMarch);
  });

  it('move to the new calendar days when the hospital time zone changes, by any path', async () => {
    const db = t.handle.db;
    const apr = 'beginDate=2023-04-30&endDate=2023-04-30&departmentCode=ICU';
    expect((await departments(apr)).total.testCount).toBe(0);
    await db.execute(sql`insert into settings (tenant_id, key, value) values ('101', 'hospital.timeZone', '"America/New_York"')
                          on conflict (tenant_id, key) do update set value = excluded.value`);
    try {
      expect((await departments(apr)).total.testCount).toBe(1);
    } finally {
      await db.execute(sql`delete from settings where tenant_id = '101' and key = 'hospital.timeZone'`);
    }
    expect((await departments(apr)).total.testCount).toBe(0);
    expect(
      (await departments('beginDate=2023-05-01&endDate=2023-05-01&departmentCode=ICU')).total.testCount,
    ).toBe(1);
  });
});

describe('GET /v1/statistics/gluYearAnalysisExcel', () => {
  async function workbookOf(query: string, lang: string) {
    const res = await api('GET', `/v1/statistics/gluYearAnalysisExcel?${query}`, admin, undefined, lang);
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    return { res, sheet: workbook.worksheets[0]! };
  }

  it('answers an .xlsx file in the request language: title, headers, 12 months and the total', async () => {
    const { res, sheet } = await workbookOf('year=2024&departmentCode=ENDO', 'zh-CN');
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const disposition = String(res.headers['content-disposition']);
    expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]*2024[\x20-\x7e]*"; filename\*=UTF-8''/);
    const encoded = disposition.split("filename*=UTF-8''")[1]!;
    expect(decodeURIComponent(encoded)).toBe('2024年血糖统计_内分泌科.xlsx');

    expect(String(sheet.getCell('A1').value)).toContain('糖护示范综合医院');
    expect(String(sheet.getCell('A1').value)).toContain('内分泌科');
    expect(String(sheet.getCell('A1').value)).toContain('2024');
    const headers = (sheet.getRow(2).values as unknown[]).slice(1);
    expect(headers).toEqual([
      '月份',
      '检测次数',
      '检测人数',
      '达标次数',
      '达标率(%)',
      '低血糖次数',
      '低血糖率(%)',
      '危急低值次数',
      '危急低值率(%)',
      '高血糖次数',
      '高血糖率(%)',
      '危急高值次数',
      '危急高值率(%)',
      '危急值次数',
      '危急值率(%)',
    ]);
    expect(sheet.rowCount).toBe(15);
    const march = sheet.getRow(5);
    expect(march.getCell(1).value).toBe('3月');
    expect(march.getCell(2).value).toBe(6);
    expect(march.getCell(3).value).toBe(2);
    expect(march.getCell(5).value).toBe(16.67);
    expect(march.getCell(5).numFmt).toBe('0.00');
    expect(march.getCell(15).value).toBe(33.33);
    expect(sheet.getRow(6).getCell(2).value).toBe(0); // April: no reading
    expect(sheet.getRow(6).getCell(5).value).toBeNull();
    const total = sheet.getRow(15);
    expect(total.getCell(1).value).toBe('合计');
    expect(total.getCell(2).value).toBe(8);
    expect(total.getCell(3).value).toBe(2);
  });

  it('names the columns in English for en-US and the hospital for all departments', async () => {
    const { res, sheet } = await workbookOf('year=2024', 'en-US');
    expect(String(res.headers['content-disposition'])).toContain('2024');
    expect(String(sheet.getCell('A1').value)).toBe(
      'GlucoCare Demo General Hospital: glucose statistics 2024',
    );
    expect((sheet.getRow(2).values as unknown[]).slice(1, 6)).toEqual([
      'Month',
      'Tests',
      'Patients',
      'In target',
      'In target (%)',
    ]);
    expect(sheet.getRow(3).getCell(1).value).toBe('Jan');
    expect(sheet.getRow(15).getCell(1).value).toBe('Total');
    expect(sheet.getRow(15).getCell(2).value).toBe(12);
    expect(sheet.getRow(15).getCell(5).value).toBe(41.67);
  });

  it('answers errors with the JSON envelope', async () => {
    const bad = await api('GET', '/v1/statistics/gluYearAnalysisExcel?year=1999', admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toContain('application/json');
    expect(bad.json().code).toBe('400');
    const outside = await api(
      'GET',
      '/v1/statistics/gluYearAnalysisExcel?year=2024&departmentCode=CARD',
      doctor,
    );
    expect(outside.statusCode).toBe(404);
    expect(outside.json().code).toBe('404');
  });

  it('documents the workbook as a binary .xlsx answer in the OpenAPI document', async () => {
    const doc = (await t.request({ method: 'GET', url: '/app-service/docs/json' })).json();
    const answer = doc.paths['/app-service/v1/statistics/gluYearAnalysisExcel'].get.responses['200'];
    expect(answer.content).toEqual({
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
        schema: { type: 'string', format: 'binary' },
      },
    });
  });
});

describe('permissions', () => {
  it('needs a session', async () => {
    const res = await t.request({
      method: 'GET',
      url: '/app-service/v1/statistics/gluYearAnalysis?year=2024',
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('402');
  });

  it('every shipped role reads; a role without the permission gets 403', async () => {
    const urls = {
      'statistics:year:list': [
        '/v1/statistics/gluYearAnalysis?year=2024',
        '/v1/statistics/gluYearAnalysisExcel?year=2024',
      ],
      'statistics:department:list': [
        '/v1/statistics/departmentAnalysis?beginDate=2024-03-01&endDate=2024-03-31',
      ],
    };
    for (const url of Object.values(urls).flat()) {
      expect((await api('GET', url, reviewer)).statusCode, url).toBe(200);
    }
    for (const [permission, list] of Object.entries(urls)) {
      await t.handle.db.execute(sql`
        delete from role_menus rm using menus m, roles r
         where m.tenant_id = rm.tenant_id and m.id = rm.menu_id and r.tenant_id = rm.tenant_id
           and r.id = rm.role_id and rm.tenant_id = '101' and r.code = 'reviewer' and m.permission = ${permission}`);
      for (const url of list) {
        const res = await api('GET', url, reviewer);
        expect(res.statusCode, url).toBe(403);
        expect(res.json().code).toBe('403');
      }
    }
    expect((await api('GET', '/v1/statistics/gluYearAnalysis?year=2024', doctor)).statusCode).toBe(200);
  });
});
