import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOf, auditRows } from '../../test/api';
import { createTestContext, type TestContext } from '../../test/harness';
import { hoursAgo, insertPatient } from '../measurements/test-support';

let t: TestContext;
let api: ReturnType<typeof apiOf>;
let admin: string;
let admin202: string;
let endoDoctor: string;

async function setting(path: string, value: unknown) {
  const res = await api('POST', `/v1/virtualward/setting/${path}`, admin, { value });
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  t = await createTestContext();
  api = apiOf(t);
  [admin, admin202, endoDoctor] = await Promise.all([
    t.login('101', 'admin', 'Admin@123456'),
    t.login('202', 'admin', 'Admin@202202'),
    t.login('101', 'doctor01', 'Doctor@2026'),
  ]);
  await setting('managingDepartment', 'ENDO');
  await setting('isAutoJoinVirtualRoom', true);
  await setting('hbA1cMinValue', 6.5);
});
afterAll(() => t.close());

const result = (patientId: number, value: number, extra: Record<string, unknown> = {}) => ({
  patientId,
  itemCode: 'HBA1C',
  value,
  resultedAt: hoursAgo(t.clock.now, 3),
  ...extra,
});

async function staysOf(patientId: number) {
  const { rows } = await t.handle.db.execute<{
    source: string;
    trigger_kind: string;
    suggestion: string;
  }>(sql`
    select source, trigger_kind, trigger_lab_result_id, suggestion from virtual_ward_stays
     where tenant_id = '101' and patient_id = ${patientId} order by id`);
  return rows;
}

describe('lab results', () => {
  it('enters an HbA1c result with the item’s unit, audited; at the threshold the patient joins', async () => {
    const patient = await insertPatient(t, { name: 'Lab Card', departmentCode: 'CARD' });
    const res = await api('POST', '/v1/labResults', admin, result(patient, 6.5));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Lab result saved');
    const saved = res.json().dataContent;
    expect(saved).toMatchObject({
      itemCode: 'HBA1C',
      value: 6.5,
      unit: '%',
      joinedStayId: expect.any(Number),
    });
    expect(await auditRows(t, 'labResult', saved.id, 'create')).toHaveLength(1);
    expect(await staysOf(patient)).toMatchObject([
      { source: 'auto', trigger_kind: 'hba1c', suggestion: 'Auto join: HbA1c 6.5% ≥ 6.5%' },
    ]);
    const list = await api('GET', `/v1/labResults?patientId=${patient}`, admin);
    expect(list.json().dataContent.map((r: { id: number }) => r.id)).toEqual([saved.id]);
  });

  it('below the threshold, or another item, nobody joins', async () => {
    const patient = await insertPatient(t, { name: 'Lab Low', departmentCode: 'CARD' });
    const low = await api('POST', '/v1/labResults', admin, result(patient, 6.4));
    expect(low.json().dataContent.joinedStayId).toBeNull();
    expect(await staysOf(patient)).toEqual([]);
  });

  it('refuses an unknown item, a bad value and a future time, in both languages', async () => {
    const patient = await insertPatient(t, { name: 'Lab Bad', departmentCode: 'CARD' });
    const unknown = await api(
      'POST',
      '/v1/labResults',
      admin,
      result(patient, 7, { itemCode: 'NOPE' }),
      'zh-CN',
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().dataContent.errors).toEqual([
      { field: 'itemCode', message: '检验项目须为已启用的检验项目' },
    ]);
    const bad = await api('POST', '/v1/labResults', admin, { patientId: patient, itemCode: 'HBA1C' });
    expect(bad.json().dataContent.errors).toEqual([
      { field: 'value', message: 'Please enter the result' },
      { field: 'resultedAt', message: 'Please enter the result time' },
    ]);
    const future = await api(
      'POST',
      '/v1/labResults',
      admin,
      result(patient, 7, { resultedAt: new Date(t.clock.now.getTime() + 7_200_000).toISOString() }),
    );
    expect(future.json().dataContent.errors).toEqual([
      { field: 'resultedAt', message: 'The result time cannot be in the future' },
    ]);
  });

  it('deletes a result entered in error with a reason; audited; gone from the list', async () => {
    const patient = await insertPatient(t, { name: 'Lab Del', departmentCode: 'ENDO' });
    const saved = (await api('POST', '/v1/labResults', endoDoctor, result(patient, 5.8))).json().dataContent;
    const noReason = await api('DELETE', `/v1/labResults/${saved.id}`, endoDoctor);
    expect(noReason.statusCode).toBe(400);
    const res = await api('DELETE', `/v1/labResults/${saved.id}?reason=Wrong%20patient`, endoDoctor);
    expect(res.statusCode, res.body).toBe(200);
    const audit = await auditRows(t, 'labResult', saved.id, 'delete');
    expect(audit).toHaveLength(1);
    const list = await api('GET', `/v1/labResults?patientId=${patient}`, endoDoctor);
    expect(list.json().dataContent).toEqual([]);
    const again = await api('DELETE', `/v1/labResults/${saved.id}?reason=x`, endoDoctor);
    expect(again.statusCode).toBe(409);
  });

  it('is 404 for a patient out of scope and for another tenant', async () => {
    const patient = await insertPatient(t, { name: 'Lab Neph', departmentCode: 'NEPH' });
    expect((await api('POST', '/v1/labResults', endoDoctor, result(patient, 5))).statusCode).toBe(404);
    expect((await api('GET', `/v1/labResults?patientId=${patient}`, admin202)).statusCode).toBe(404);
    const saved = (await api('POST', '/v1/labResults', admin, result(patient, 5))).json().dataContent;
    expect((await api('DELETE', `/v1/labResults/${saved.id}?reason=x`, admin202)).statusCode).toBe(404);
  });
});
