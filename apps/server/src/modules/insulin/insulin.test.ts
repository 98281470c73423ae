import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOf, auditRows } from '../../test/api';
import { createTestContext, type TestContext } from '../../test/harness';
import { hoursAgo, insertPatient, shanghaiAt } from '../measurements/test-support';

let t: TestContext;
let api: ReturnType<typeof apiOf>;
let nurse: string;
let doctor: string;
let reviewer: string;
let admin202: string;
let endo: number;
let card: number;
let aspart: number;
let glargine: number;
let metformin: number;
let doctorId: number;
let now: Date;

type Rec = {
  id: number;
  version: number;
  status: string;
  dose: number;
  basalDose: number | null;
  bolusDose: number | null;
  correctionDose: number | null;
  periodName: string;
  drugName: string;
  doctorName: string;
  nurseName: string;
  confirmedBy: string | null;
  confirmedAt: string | null;
  deletedAt: string | null;
  deleteReason: string | null;
};

async function idOf(query: ReturnType<typeof sql>) {
  const { rows } = await t.handle.db.execute<{ id: string }>(query);
  return Number(rows[0]!.id);
}

beforeAll(async () => {
  t = await createTestContext();
  api = apiOf(t);
  now = t.clock.now;
  [nurse, doctor, reviewer, admin202] = await Promise.all([
    t.login('101', 'nurse01', 'Nurse@2026'),
    t.login('101', 'doctor01', 'Doctor@2026'),
    t.login('101', 'reviewer01', 'Review@2026'),
    t.login('202', 'admin', 'Admin@202202'),
  ]);
  endo = await insertPatient(t, { name: 'Endo Insulin', departmentCode: 'ENDO' });
  card = await insertPatient(t, { name: 'Card Insulin', departmentCode: 'CARD' });
  await t.handle.db.execute(sql`update patients set weight_kg = 80 where tenant_id = '101' and id = ${endo}`);
  aspart = await idOf(
    sql`select id from drugs where tenant_id = '101' and name_en = 'Insulin aspart injection'`,
  );
  glargine = await idOf(
    sql`select id from drugs where tenant_id = '101' and name_en = 'Insulin glargine injection'`,
  );
  metformin = await idOf(sql`select d.id from drugs d join drug_categories c on c.tenant_id = d.tenant_id
    and c.id = d.category_id where d.tenant_id = '101' and c.code = 'ORAL_AD' limit 1`);
  doctorId = await idOf(sql`select id from users where tenant_id = '101' and user_name = 'doctor01'`);
});
afterAll(() => t.close());

const entry = (overrides: Record<string, unknown> = {}) => ({
  patientId: endo,
  drugId: aspart,
  dose: 8,
  bolusDose: 6,
  correctionDose: 2,
  period: 'breakfast',
  givenAt: shanghaiAt(now, 2, '07:30'),
  doctorId,
  ...overrides,
});

async function enter(body: Record<string, unknown>, token = nurse): Promise<Rec> {
  const res = await api('POST', '/v1/insulinRecord', token, body);
  if (res.statusCode !== 200) throw new Error(`entry failed: ${res.statusCode} ${res.body}`);
  return res.json().dataContent;
}

describe('insulin records', () => {
  it('records a dose unconfirmed, with names, the nurse defaulting to the caller, audited', async () => {
    const rec = await enter(entry());
    expect(rec).toMatchObject({
      dose: 8,
      bolusDose: 6,
      correctionDose: 2,
      basalDose: null,
      unit: 'IU',
      status: 'unconfirmed',
      drugName: 'Insulin aspart injection',
      periodName: 'Breakfast',
      doctorName: 'Dr. Li Wei',
      nurseName: 'Nurse Wang Fang',
      version: 1,
    });
    expect(await auditRows(t, 'insulinRecord', rec.id, 'create')).toHaveLength(1);
    const zh = await api('GET', `/v1/insulinRecord/${rec.id}`, nurse, undefined, 'zh-CN');
    expect(zh.json().dataContent).toMatchObject({ periodName: '早餐', drugName: '门冬胰岛素注射液' });
  });

  it('refuses bad input with field errors in both languages (400, never 5xx)', async () => {
    const problems = async (body: Record<string, unknown>) => {
      const en = await api('POST', '/v1/insulinRecord', nurse, body, 'en-US');
      const zh = await api('POST', '/v1/insulinRecord', nurse, body, 'zh-CN');
      expect(en.statusCode, en.body).toBe(400);
      expect(zh.statusCode).toBe(400);
      return { en: en.json().dataContent.errors, zh: zh.json().dataContent.errors };
    };
    expect(await problems(entry({ dose: 9 }))).toEqual({
      en: [{ field: 'dose', message: 'The dose must equal basal + bolus + correction (8 IU)' }],
      zh: [{ field: 'dose', message: '剂量须等于基础率 + 大剂量 + 追加剂量之和（8 IU）' }],
    });
    // the hospital's lists: a period that does not exist (or is stopped)
    expect(await problems(entry({ period: 'noon' }))).toEqual({
      en: [{ field: 'period', message: 'Unknown or disabled insulin period' }],
      zh: [{ field: 'period', message: '胰岛素时段不存在或已停用' }],
    });
    const zero = await api(
      'POST',
      '/v1/insulinRecord',
      nurse,
      entry({ dose: 0, bolusDose: null, correctionDose: null }),
    );
    expect(zero.statusCode).toBe(400);
    expect(zero.json().dataContent.errors).toEqual([
      { field: 'dose', message: 'The dose must be greater than 0' },
    ]);
  });

  it('takes only an enabled insulin and a doctor of the ward', async () => {
    const oral = await api('POST', '/v1/insulinRecord', nurse, entry({ drugId: metformin }), 'zh-CN');
    expect(oral.statusCode).toBe(400);
    expect(oral.json().dataContent.errors).toEqual([
      { field: 'drugId', message: '药品须为药品目录中启用的胰岛素' },
    ]);
    const nurseId = await idOf(sql`select id from users where tenant_id = '101' and user_name = 'nurse01'`);
    const notDoctor = await api('POST', '/v1/insulinRecord', nurse, entry({ doctorId: nurseId }));
    expect(notDoctor.statusCode).toBe(400);
    expect(notDoctor.json().dataContent.errors[0].field).toBe('doctorId');
  });

  it('keeps a patient of another ward and another tenant out of reach (404)', async () => {
    const other = await api('POST', '/v1/insulinRecord', nurse, entry({ patientId: card }));
    expect(other.statusCode).toBe(404);
    expect((await api('GET', `/v1/insulinRecord/patient/${card}`, nurse)).statusCode).toBe(404);
    const rec = await enter(entry({ givenAt: shanghaiAt(now, 2, '12:00'), period: 'lunch' }));
    expect((await api('GET', `/v1/insulinRecord/${rec.id}`, admin202)).statusCode).toBe(404);
    const foreignConfirm = await api('PUT', '/v1/insulinRecord/confirm', admin202, { ids: [rec.id] });
    expect(foreignConfirm.statusCode).toBe(404);
    // a reviewer holds no insulin permission
    expect((await api('POST', '/v1/insulinRecord', reviewer, entry())).statusCode).toBe(403);
  });

  it('corrects with a reason and the current version; a stale version is a 409', async () => {
    const rec = await enter(entry({ givenAt: hoursAgo(now, 30), period: 'dinner' }));
    const corrected = await api('PUT', '/v1/insulinRecord', nurse, {
      ...entry({ givenAt: hoursAgo(now, 30), period: 'dinner' }),
      patientId: undefined,
      id: rec.id,
      version: rec.version,
      reason: 'wrong dose typed',
      dose: 10,
      bolusDose: 8,
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json().dataContent).toMatchObject({ dose: 10, bolusDose: 8, version: 2 });
    const audit = await auditRows(t, 'insulinRecord', rec.id, 'update');
    expect(audit[0]!.before).toMatchObject({ dose: 8 });
    expect(audit[0]!.after).toMatchObject({ dose: 10 });
    const stale = await api('PUT', '/v1/insulinRecord', nurse, {
      ...entry({ givenAt: hoursAgo(now, 30), period: 'dinner' }),
      patientId: undefined,
      id: rec.id,
      version: 1,
      reason: 'again',
    });
    expect(stale.statusCode).toBe(409);
  });

  it('deletes with a reason, restores, and a nurse confirms (who and when); confirmed is final', async () => {
    const rec = await enter(entry({ givenAt: hoursAgo(now, 5), period: periodAt(hoursAgo(now, 5)) }));
    const noReason = await api('PUT', '/v1/insulinRecord/changeStatus', nurse, {
      recordId: rec.id,
      isActive: false,
      reason: '',
      version: 1,
    });
    expect(noReason.statusCode).toBe(400);
    const deleted = await api('PUT', '/v1/insulinRecord/changeStatus', nurse, {
      recordId: rec.id,
      isActive: false,
      reason: 'entered twice',
      version: 1,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().dataContent).toMatchObject({ deleteReason: 'entered twice', version: 2 });
    expect((await auditRows(t, 'insulinRecord', rec.id, 'delete'))[0]).toBeTruthy();
    const confirmDeleted = await api('PUT', '/v1/insulinRecord/confirm', nurse, { ids: [rec.id] });
    expect(confirmDeleted.statusCode).toBe(409);
    const restored = await api('PUT', '/v1/insulinRecord/changeStatus', nurse, {
      recordId: rec.id,
      isActive: true,
      reason: 'was not a duplicate',
      version: 2,
    });
    expect(restored.json().dataContent).toMatchObject({ deletedAt: null, version: 3 });
    // a doctor may record but not confirm
    expect((await api('PUT', '/v1/insulinRecord/confirm', doctor, { ids: [rec.id] })).statusCode).toBe(403);
    const confirmed = await api('PUT', '/v1/insulinRecord/confirm', nurse, { ids: [rec.id] }, 'zh-CN');
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().message).toBe('已确认 1 条记录');
    expect(confirmed.json().dataContent[0]).toMatchObject({
      status: 'confirmed',
      confirmedBy: 'Nurse Wang Fang',
      confirmedAt: now.toISOString(),
      version: 4,
    });
    const again = await api('PUT', '/v1/insulinRecord/confirm', nurse, { ids: [rec.id] });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`Record ${rec.id} is already confirmed`);
    const change = await api('PUT', '/v1/insulinRecord/changeStatus', nurse, {
      recordId: rec.id,
      isActive: false,
      reason: 'too late',
      version: 4,
    });
    expect(change.statusCode).toBe(409);
    expect(change.json().message).toBe('A confirmed insulin record cannot be changed');
  });

  it('answers the day × period grid with daily totals and TDD per kg, and the list', async () => {
    const patient = await insertPatient(t, { name: 'Totals Patient', departmentCode: 'ENDO' });
    await t.handle.db.execute(
      sql`update patients set weight_kg = 50 where tenant_id = '101' and id = ${patient}`,
    );
    const day = shanghaiAt(now, 3, '08:00').slice(0, 10);
    await enter(
      entry({
        patientId: patient,
        givenAt: shanghaiAt(now, 3, '07:00'),
        dose: 6,
        bolusDose: 6,
        correctionDose: null,
      }),
    );
    await enter(
      entry({
        patientId: patient,
        givenAt: shanghaiAt(now, 3, '12:00'),
        period: 'lunch',
        dose: 7.5,
        bolusDose: 6,
        correctionDose: 1.5,
      }),
    );
    await enter(
      entry({
        patientId: patient,
        drugId: glargine,
        givenAt: shanghaiAt(now, 3, '21:00'),
        period: 'bedtime',
        dose: 12,
        basalDose: 12,
        bolusDose: null,
        correctionDose: null,
      }),
    );
    const pivot = await api(
      'GET',
      `/v1/insulinRecord/patient/pivot/${patient}?beginDate=${day}&endDate=${day}`,
      nurse,
    );
    expect(pivot.statusCode, pivot.body).toBe(200);
    const grid = pivot.json().dataContent;
    expect(grid.periods.map((p: { code: string }) => p.code)).toEqual([
      'breakfast',
      'lunch',
      'dinner',
      'bedtime',
    ]);
    expect(grid.weightKg).toBe(50);
    expect(grid.rows).toHaveLength(1);
    expect(grid.rows[0].cells.bedtime[0].dose).toBe(12);
    // basal 12, bolus 12, correction 1.5, TDD 25.5; 25.5 / 50 = 0.51 IU/kg
    expect(grid.rows[0].totals).toMatchObject({
      date: day,
      basal: 12,
      bolus: 12,
      correction: 1.5,
      total: 25.5,
      count: 3,
      totalPerKg: 0.51,
    });
    const list = await api(
      'GET',
      `/v1/insulinRecord/patient/${patient}?beginDate=${day}&endDate=${day}&size=2`,
      nurse,
    );
    expect(list.json().dataContent).toMatchObject({ total: 3, page: 1, size: 2 });
    expect(list.json().dataContent.records.map((r: Rec) => r.dose)).toEqual([12, 7.5]);
  });

  it('gives the entry dialog insulin drugs only, the periods, the ward’s doctors and nurses', async () => {
    const res = await api('GET', `/v1/insulinRecord/entryOptions/${endo}`, nurse);
    expect(res.statusCode, res.body).toBe(200);
    const options = res.json().dataContent;
    expect(options.drugs.every((d: { categoryCode: string }) => d.categoryCode.startsWith('INS'))).toBe(true);
    expect(options.drugs.map((d: { id: number }) => d.id)).toEqual(
      expect.arrayContaining([aspart, glargine]),
    );
    expect(options.drugs.map((d: { id: number }) => d.id)).not.toContain(metformin);
    expect(options.doctors).toEqual([{ id: doctorId, name: 'Dr. Li Wei' }]);
    expect(options.nurses.map((n: { name: string }) => n.name)).toEqual(
      expect.arrayContaining(['Nurse Wang Fang', 'Liu Yan']),
    );
    expect(options.weightKg).toBe(80);
  });
});

describe('confirming several records at once', () => {
  const at = (hours: number) => ({ givenAt: hoursAgo(now, hours), period: periodAt(hoursAgo(now, hours)) });

  it('is all or nothing: a deleted one among them confirms none (409), then all confirm together, each audited', async () => {
    const patient = await insertPatient(t, { name: 'Confirm Many', departmentCode: 'ENDO' });
    const [a, b, c] = [
      await enter(entry({ patientId: patient, ...at(30) })),
      await enter(entry({ patientId: patient, ...at(29) })),
      await enter(entry({ patientId: patient, ...at(28) })),
    ];
    const deleted = await api('PUT', '/v1/insulinRecord/changeStatus', nurse, {
      recordId: c!.id,
      isActive: false,
      reason: 'entered twice',
      version: 1,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const refused = await api('PUT', '/v1/insulinRecord/confirm', nurse, { ids: [a!.id, b!.id, c!.id] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This insulin record has been deleted');
    for (const rec of [a!, b!]) {
      const read = await api('GET', `/v1/insulinRecord/${rec.id}`, nurse);
      expect(read.json().dataContent).toMatchObject({ status: 'unconfirmed', version: 1 });
      expect(await auditRows(t, 'insulinRecord', rec.id, 'confirm')).toEqual([]);
    }
    const restored = await api('PUT', '/v1/insulinRecord/changeStatus', nurse, {
      recordId: c!.id,
      isActive: true,
      reason: 'was not a duplicate',
      version: 2,
    });
    expect(restored.statusCode, restored.body).toBe(200);
    // ids repeated and in any order: each record once, in id order
    const confirmed = await api('PUT', '/v1/insulinRecord/confirm', nurse, {
      ids: [c!.id, a!.id, b!.id, a!.id],
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().message).toBe('3 records confirmed');
    const views = confirmed.json().dataContent as Rec[];
    expect(views.map((r) => [r.id, r.status, r.version, r.confirmedAt])).toEqual([
      [a!.id, 'confirmed', 2, now.toISOString()],
      [b!.id, 'confirmed', 2, now.toISOString()],
      [c!.id, 'confirmed', 4, now.toISOString()],
    ]);
    for (const rec of [a!, b!, c!]) {
      const rows = await auditRows(t, 'insulinRecord', rec.id, 'confirm');
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        before: { status: 'unconfirmed' },
        after: { status: 'confirmed', confirmedBy: 'Nurse Wang Fang' },
      });
    }
    const again = await api('PUT', '/v1/insulinRecord/confirm', nurse, { ids: [a!.id, b!.id] });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`Record ${a!.id} is already confirmed`);
  });
});

/** The seeded insulin period whose window holds an ISO time on the Shanghai clock. */
function periodAt(iso: string): string {
  const hour = Number(new Date(Date.parse(iso) + 8 * 3_600_000).toISOString().slice(11, 13));
  if (hour >= 5 && hour < 10) return 'breakfast';
  if (hour >= 10 && hour < 15) return 'lunch';
  if (hour >= 15 && hour < 20) return 'dinner';
  return 'bedtime';
}
