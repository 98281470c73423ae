import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOf, auditRows } from '../../test/api';
import { createTestContext, type TestContext } from '../../test/harness';
import { insertPatient, shanghaiAt } from '../measurements/test-support';

let t: TestContext;
let api: ReturnType<typeof apiOf>;
let nurse: string;
let doctor: string;
let reviewer: string;
let admin202: string;
let endo: number;
let endo2: number;
let endo3: number;
let card: number;
let aspart: number;
let glargine: number;
let metformin: number;
let doctorId: number;
let now: Date;

type Order = {
  id: number;
  version: number;
  status: string;
  name: string;
  drugs: { drugId: number; drugName: string; unit: string | null; quantity: number }[];
  periodName: string;
  quantity: number;
  givenCount: number;
  lastGivenAt: string | null;
  stoppedBy: string | null;
  stopReason: string | null;
  deletedAt: string | null;
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
  endo = await insertPatient(t, { name: 'Endo Medication', departmentCode: 'ENDO', inpatientNumber: 'MO-1' });
  endo2 = await insertPatient(t, { name: 'Endo Other', departmentCode: 'ENDO' });
  endo3 = await insertPatient(t, { name: 'Endo Third', departmentCode: 'ENDO' });
  card = await insertPatient(t, { name: 'Card Medication', departmentCode: 'CARD' });
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

const order = (overrides: Record<string, unknown> = {}) => ({
  patientId: endo,
  name: 'Aspart before breakfast',
  orderType: 'longTerm',
  drugs: [
    { drugId: aspart, quantity: 6 },
    { drugId: metformin, quantity: 0.5 },
  ],
  period: 'breakfast',
  quantity: 14,
  startTime: shanghaiAt(now, 3, '06:00'),
  ...overrides,
});

async function prescribe(body: Record<string, unknown>, token = doctor): Promise<Order> {
  const res = await api('POST', '/v1/medicationAdvice', token, body);
  if (res.statusCode !== 200) throw new Error(`order failed: ${res.statusCode} ${res.body}`);
  return res.json().dataContent;
}

async function problems(method: 'POST' | 'PUT', url: string, body: unknown, token = doctor) {
  const en = await api(method, url, token, body, 'en-US');
  const zh = await api(method, url, token, body, 'zh-CN');
  expect(en.statusCode, en.body).toBe(400);
  expect(zh.statusCode, zh.body).toBe(400);
  return { en: en.json().dataContent.errors, zh: zh.json().dataContent.errors };
}

const stop = (o: Order, reason = 'Glucose in target', token = doctor, version = o.version) =>
  api('PUT', '/v1/medicationAdvice/suspend', token, { id: o.id, version, reason });

describe('medication orders', () => {
  it('orders drugs with their doses, names and units kept, exact as entered, audited', async () => {
    const o = await prescribe(order({ drugs: [{ drugId: aspart, quantity: 6.25 }] }));
    expect(o).toMatchObject({
      status: 'active',
      name: 'Aspart before breakfast',
      periodName: 'Breakfast',
      quantity: 14,
      givenCount: 0,
      lastGivenAt: null,
      orderType: 'longTerm',
      orderedBy: 'Dr. Li Wei',
      patientName: 'Endo Medication',
      inpatientNumber: 'MO-1',
      version: 1,
    });
    expect(o.drugs).toEqual([
      {
        drugId: aspart,
        drugCode: expect.any(String),
        drugName: 'Insulin aspart injection',
        unit: 'IU',
        quantity: 6.25,
      },
    ]);
    expect(await auditRows(t, 'medicationOrder', o.id, 'create')).toHaveLength(1);
    const zh = await api('GET', `/v1/medicationAdvice?id=${o.id}`, nurse, undefined, 'zh-CN');
    expect(zh.json().dataContent).toMatchObject({
      periodName: '早餐',
      drugs: [{ drugName: '门冬胰岛素注射液' }],
    });
  });

  it('refuses bad input with field errors in both languages', async () => {
    expect(
      await problems('POST', '/v1/medicationAdvice', order({ name: 'x', period: '', quantity: 0 })),
    ).toEqual({
      en: [
        { field: 'name', message: 'The order name must be 2-40 characters' },
        { field: 'period', message: 'Please select the medication period' },
        { field: 'quantity', message: 'The number of administrations must be a whole number of at least 1' },
      ],
      zh: [
        { field: 'name', message: '医嘱名称长度为 2-40 个字符' },
        { field: 'period', message: '请选择用药时段' },
        { field: 'quantity', message: '执行次数必须是不小于 1 的整数' },
      ],
    });
    expect(await problems('POST', '/v1/medicationAdvice', order({ drugs: [], quantity: null }))).toEqual({
      en: [
        { field: 'drugs', message: 'Please add at least one drug' },
        { field: 'quantity', message: 'Please enter the number of administrations' },
      ],
      zh: [
        { field: 'drugs', message: '请至少添加一种药品' },
        { field: 'quantity', message: '请输入执行次数' },
      ],
    });
    expect(
      await problems('POST', '/v1/medicationAdvice', order({ drugs: [{ drugId: aspart, quantity: 1.234 }] })),
    ).toEqual({
      en: [{ field: 'drugs.0.quantity', message: 'The quantity may have at most 2 decimals' }],
      zh: [{ field: 'drugs.0.quantity', message: '数量最多保留 2 位小数' }],
    });
    expect(
      await problems('POST', '/v1/medicationAdvice', order({ drugs: [{ drugId: aspart, quantity: 0 }] })),
    ).toEqual({
      en: [{ field: 'drugs.0.quantity', message: 'The quantity must be greater than 0' }],
      zh: [{ field: 'drugs.0.quantity', message: '数量必须大于 0' }],
    });
    expect(
      await problems('POST', '/v1/medicationAdvice', order({ startTime: 'tomorrow', orderType: 'x' })),
    ).toEqual({
      en: [
        { field: 'orderType', message: 'The order type must be 24-hour, long-term or temporary' },
        { field: 'startTime', message: 'Please enter a valid date and time' },
      ],
      zh: [
        { field: 'orderType', message: '医嘱类型只能为 24 小时、长期或临时' },
        { field: 'startTime', message: '请输入有效的日期时间' },
      ],
    });
  });

  it('refuses a drug twice, an unknown drug and an unknown period', async () => {
    const twice = order({
      drugs: [
        { drugId: aspart, quantity: 6 },
        { drugId: aspart, quantity: 8 },
      ],
    });
    expect(await problems('POST', '/v1/medicationAdvice', twice)).toEqual({
      en: [{ field: 'drugs.1.drugId', message: 'A drug may be ordered only once' }],
      zh: [{ field: 'drugs.1.drugId', message: '同一药品不能重复开立' }],
    });
    expect(
      await problems('POST', '/v1/medicationAdvice', order({ drugs: [{ drugId: 999_999, quantity: 1 }] })),
    ).toEqual({
      en: [{ field: 'drugs.0.drugId', message: 'The drug must be an enabled drug of the drug catalogue' }],
      zh: [{ field: 'drugs.0.drugId', message: '药品必须是药品目录中已启用的药品' }],
    });
    expect(await problems('POST', '/v1/medicationAdvice', order({ period: 'noon' }))).toEqual({
      en: [{ field: 'period', message: 'Unknown or disabled insulin period' }],
      zh: [{ field: 'period', message: '胰岛素时段不存在或已停用' }],
    });
  });

  it('stops once with who, when and why; a second stop and a stale version are refused (409)', async () => {
    const o = await prescribe(order({ name: 'To be stopped' }));
    const missing = await problems('PUT', '/v1/medicationAdvice/suspend', { id: o.id, version: o.version });
    expect(missing.en).toEqual([{ field: 'reason', message: 'Please give the reason' }]);
    expect(missing.zh).toEqual([{ field: 'reason', message: '请填写原因' }]);
    const stale = await stop(o, 'Glucose in target', doctor, o.version + 1);
    expect(stale.statusCode).toBe(409);
    const res = await stop(o);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().dataContent).toMatchObject({
      status: 'stopped',
      stoppedBy: 'Dr. Li Wei',
      stopReason: 'Glucose in target',
      version: 2,
    });
    expect(res.json().dataContent.stoppedAt).toBe(now.toISOString());
    const again = await stop({ ...o, version: 2 }, 'Again', doctor);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This medication order is already stopped');
    const againZh = await api(
      'PUT',
      '/v1/medicationAdvice/suspend',
      doctor,
      { id: o.id, version: 2, reason: 'Again' },
      'zh-CN',
    );
    expect(againZh.json().message).toBe('该用药医嘱已停止');
    const rows = await auditRows(t, 'medicationOrder', o.id, 'stop');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ before: { status: 'active' }, after: { status: 'stopped' } });
  });

  it('deletes in error with a reason (soft), then 404 for changes and out of the list', async () => {
    const o = await prescribe(order({ name: 'Entered in error' }));
    const noReason = await api(
      'DELETE',
      `/v1/medicationAdvice/${o.id}?version=1`,
      doctor,
      undefined,
      'zh-CN',
    );
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().dataContent.errors).toEqual([{ field: 'reason', message: '请填写原因' }]);
    expect(
      (await api('DELETE', `/v1/medicationAdvice/${o.id}?version=2&reason=Wrong patient`, doctor)).statusCode,
    ).toBe(409);
    const res = await api('DELETE', `/v1/medicationAdvice/${o.id}?version=1&reason=Wrong patient`, doctor);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().dataContent).toMatchObject({ deleteReason: 'Wrong patient', version: 2 });
    expect(await auditRows(t, 'medicationOrder', o.id, 'delete')).toHaveLength(1);
    expect((await stop({ ...o, version: 2 })).statusCode).toBe(404);
    const page = await api('GET', `/v1/medicationAdvice/page?patientId=${endo}&size=100`, doctor);
    expect(page.json().dataContent.records.map((r: Order) => r.id)).not.toContain(o.id);
    const { rows } = await t.handle.db.execute(
      sql`select 1 from medication_orders where tenant_id = '101' and id = ${o.id}`,
    );
    expect(rows).toHaveLength(1);
  });

  it('lists the wards’ orders by status, patient, keyword (patient, inpatient number, drug) and days', async () => {
    const a = await prescribe(
      order({ name: 'Glargine at night', period: 'bedtime', drugs: [{ drugId: glargine, quantity: 10 }] }),
    );
    const b = await prescribe(
      order({ patientId: endo2, name: 'Metformin', drugs: [{ drugId: metformin, quantity: 1 }] }),
    );
    const list = async (query: string, token = doctor) => {
      const res = await api('GET', `/v1/medicationAdvice/page?size=100&${query}`, token);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().dataContent.records.map((r: Order) => r.id) as number[];
    };
    // the demo tenant has seeded orders too: look at these two only
    const ours = (ids: number[]) => ids.filter((id) => id === a.id || id === b.id);
    expect(ours(await list('queryCondition=glargine'))).toEqual([a.id]);
    expect(ours(await list('queryCondition=甘精'))).toEqual([a.id]);
    expect(await list('queryCondition=Endo Other')).toEqual([b.id]);
    expect(ours(await list('queryCondition=MO-1'))).toEqual([a.id]);
    expect(await list(`patientId=${endo2}`)).toEqual([b.id]);
    expect(await list('status=stopped')).not.toContain(a.id);
    expect(await list('status=active&departmentCode=ENDO')).toEqual(expect.arrayContaining([a.id, b.id]));
    const day = shanghaiAt(now, 3, '06:00').slice(0, 10);
    expect(await list(`beginDate=${day}&endDate=${day}`)).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(await list(`beginDate=${shanghaiAt(now, 1, '06:00').slice(0, 10)}`)).not.toContain(a.id);
    // a nurse lists (the insulin form picks from the list); ordering is for doctors
    expect(await list(`patientId=${endo}`, nurse)).toContain(a.id);
    expect((await api('POST', '/v1/medicationAdvice', nurse, order())).statusCode).toBe(403);
    expect((await api('GET', '/v1/medicationAdvice/page', reviewer)).statusCode).toBe(403);
    const bad = await api('GET', '/v1/medicationAdvice/page?status=paused', doctor, undefined, 'zh-CN');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().dataContent.errors).toEqual([{ field: 'status', message: '状态只能是执行中或已停止' }]);
  });

  it('keeps other wards and tenants out (404)', async () => {
    const o = await prescribe(order({ name: 'Scoped' }));
    expect((await api('POST', '/v1/medicationAdvice', doctor, order({ patientId: card }))).statusCode).toBe(
      404,
    );
    expect((await api('GET', `/v1/medicationAdvice?id=${o.id}`, admin202)).statusCode).toBe(404);
    expect((await stop(o, 'Other tenant', admin202)).statusCode).toBe(404);
    expect(
      (await api('DELETE', `/v1/medicationAdvice/${o.id}?version=1&reason=Other tenant`, admin202))
        .statusCode,
    ).toBe(404);
    const foreign = await api('GET', '/v1/medicationAdvice/page?size=100', admin202);
    expect(foreign.json().dataContent.records.map((r: Order) => r.id)).not.toContain(o.id);
    // another ward's patient, moved out of the doctor's departments: neither listed nor changeable
    const moved = await prescribe(order({ patientId: endo2, name: 'Moved away' }));
    await t.handle.db.execute(
      sql`update patients set department_code = 'CARD' where tenant_id = '101' and id = ${endo2}`,
    );
    await t.handle.db.execute(
      sql`update medication_orders set department_code = 'CARD' where tenant_id = '101' and patient_id = ${endo2}`,
    );
    expect(
      await api('GET', `/v1/medicationAdvice/page?patientId=${endo2}`, doctor).then(
        (r) => r.json().dataContent.total,
      ),
    ).toBe(0);
    expect((await api('GET', `/v1/medicationAdvice?id=${moved.id}`, doctor)).statusCode).toBe(404);
    expect((await stop(moved)).statusCode).toBe(404);
  });

  it('answers the period options of an order type', async () => {
    const medication = await api('GET', '/v1/options?adviceType=medication', nurse, undefined, 'zh-CN');
    expect(medication.statusCode).toBe(200);
    expect(medication.json().dataContent.map((p: { code: string }) => p.code)).toEqual(
      expect.arrayContaining(['breakfast', 'lunch', 'dinner', 'bedtime']),
    );
    expect(medication.json().dataContent[0].name).toBe('早餐');
    const monitoring = await api('GET', '/v1/options?adviceType=monitoring', nurse);
    expect(monitoring.json().dataContent.length).toBeGreaterThan(4);
    expect((await api('GET', '/v1/options?adviceType=diet', nurse)).statusCode).toBe(400);
    const drugs = await api('GET', '/v1/medicationAdvice/drugOptions', doctor, undefined, 'zh-CN');
    expect(drugs.json().dataContent).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: aspart, name: '门冬胰岛素注射液', unit: 'IU' })]),
    );
    expect((await api('GET', '/v1/medicationAdvice/drugOptions', nurse)).statusCode).toBe(403);
  });
});

describe('insulin records given against a medication order', () => {
  const dose = (overrides: Record<string, unknown> = {}) => ({
    patientId: endo,
    drugId: aspart,
    dose: 6,
    period: 'breakfast',
    givenAt: shanghaiAt(now, 1, '07:30'),
    doctorId,
    ...overrides,
  });
  const enter = (body: Record<string, unknown>, lang = 'en-US') =>
    api('POST', '/v1/insulinRecord', nurse, body, lang);

  it('links a dose to its order: the record names the order, the order counts it', async () => {
    const o = await prescribe(order({ name: 'Aspart linked' }));
    const res = await enter(dose({ medicationOrderId: o.id }));
    expect(res.statusCode, res.body).toBe(200);
    const rec = res.json().dataContent;
    expect(rec).toMatchObject({ medicationOrderId: o.id, medicationOrderName: 'Aspart linked' });
    const listed = await api(
      'GET',
      `/v1/insulinRecord/patient/${endo}?beginDate=${dose().givenAt.slice(0, 10)}`,
      nurse,
    );
    expect(listed.json().dataContent.records.find((r: { id: number }) => r.id === rec.id)).toMatchObject({
      medicationOrderName: 'Aspart linked',
    });
    const after = (await api('GET', `/v1/medicationAdvice?id=${o.id}`, doctor)).json().dataContent;
    expect(after).toMatchObject({ givenCount: 1, lastGivenAt: new Date(dose().givenAt).toISOString() });
    // a deleted record no longer counts
    await api('PUT', '/v1/insulinRecord/changeStatus', nurse, {
      recordId: rec.id,
      isActive: false,
      reason: 'Entered twice',
      version: rec.version,
    });
    expect((await api('GET', `/v1/medicationAdvice?id=${o.id}`, doctor)).json().dataContent.givenCount).toBe(
      0,
    );
  });

  it('refuses an order of another patient, without the drug, stopped, or not begun (400, both languages)', async () => {
    const o = await prescribe(order({ name: 'Aspart refusals', startTime: shanghaiAt(now, 2, '06:00') }));
    const other = await prescribe(
      order({ patientId: endo3, name: 'Other patient', startTime: shanghaiAt(now, 2, '06:00') }),
    );
    const refused = async (body: Record<string, unknown>) => {
      const en = await enter(body);
      const zh = await enter(body, 'zh-CN');
      expect(en.statusCode, en.body).toBe(400);
      return [en.json().dataContent.errors[0].message, zh.json().dataContent.errors[0].message];
    };
    expect(await refused(dose({ medicationOrderId: other.id }))).toEqual([
      'The medication order must be an active order of this patient',
      '用药医嘱必须是该患者执行中的医嘱',
    ]);
    expect(await refused(dose({ medicationOrderId: o.id, drugId: glargine }))).toEqual([
      'The medication order does not include this drug',
      '该用药医嘱不包含此药品',
    ]);
    expect(await refused(dose({ medicationOrderId: o.id, givenAt: shanghaiAt(now, 3, '07:30') }))).toEqual([
      'The medication order had not begun at the time given',
      '给药时间早于该用药医嘱的开始时间',
    ]);
    expect(await refused(dose({ medicationOrderId: 0 }))).toEqual([
      'Please choose a valid medication order',
      '请选择有效的用药医嘱',
    ]);
    expect((await stop(o)).statusCode).toBe(200);
    expect(await refused(dose({ medicationOrderId: o.id }))).toEqual([
      'The medication order must be an active order of this patient',
      '用药医嘱必须是该患者执行中的医嘱',
    ]);
  });

  it('links, relinks and unlinks on correction; a kept link survives the order being stopped', async () => {
    const o = await prescribe(order({ name: 'Aspart corrections' }));
    const created = (await enter(dose())).json().dataContent;
    expect(created).toMatchObject({ medicationOrderId: null, medicationOrderName: null });
    const correct = (rec: { id: number; version: number }, extra: Record<string, unknown>) =>
      api('PUT', '/v1/insulinRecord', nurse, {
        ...dose(extra),
        patientId: undefined,
        id: rec.id,
        version: rec.version,
        reason: 'Order chosen',
      });
    const linked = await correct(created, { medicationOrderId: o.id });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json().dataContent).toMatchObject({
      medicationOrderName: 'Aspart corrections',
      version: 2,
    });
    expect((await stop(o)).statusCode).toBe(200);
    const kept = await correct(linked.json().dataContent, { medicationOrderId: o.id, dose: 7 });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().dataContent).toMatchObject({ dose: 7, medicationOrderName: 'Aspart corrections' });
    const moved = await correct(kept.json().dataContent, {
      medicationOrderId: o.id,
      givenAt: shanghaiAt(now, 1, '08:00'),
    });
    expect(moved.statusCode).toBe(400);
    const unlinked = await correct(kept.json().dataContent, { medicationOrderId: null });
    expect(unlinked.json().dataContent).toMatchObject({ medicationOrderId: null, medicationOrderName: null });
  });
});
