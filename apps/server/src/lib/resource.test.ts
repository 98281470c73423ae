import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patients } from '../db/schema';
import type { RequestMeta } from '../modules/audit/service';
import { apiOf, auditRows } from '../test/api';
import { createTestContext, type TestContext } from '../test/harness';
import { type Actor, defineResource } from './resource';

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

const meta: RequestMeta = { ip: '127.0.0.1', userAgent: 'resource.test', requestId: 'resource-test' };
/** A request id PostgreSQL refuses to store (NUL byte): the audit insert fails. */
const failingAuditMeta: RequestMeta = { ...meta, requestId: 'bad\u0000id' };

describe('the resource contract through HTTP (dictionary entries)', () => {
  const entry = (code: string) => ({ type: 'contract', code, nameZh: '合同', nameEn: 'Contract' });
  const create = async (code: string) =>
    (await api('POST', '/v1/dict', admin, entry(code))).json().dataContent as { id: number; version: number };

  it('answers 409 to a stale update and a stale delete, and deletes at the current version', async () => {
    const row = await create('stale');
    const updated = await api('POST', '/v1/dict', admin, { ...entry('stale'), id: row.id, version: 1 });
    expect(updated.json().dataContent.version).toBe(2);
    const staleUpdate = await api('POST', '/v1/dict', admin, { ...entry('stale'), id: row.id, version: 1 });
    expect(staleUpdate.statusCode).toBe(409);
    const staleDelete = await api('DELETE', `/v1/dict/${row.id}?version=1`, admin);
    expect(staleDelete.statusCode).toBe(409);
    expect(staleDelete.json().message).toBe(staleUpdate.json().message);
    expect((await api('DELETE', `/v1/dict/${row.id}`, admin)).statusCode).toBe(400);
    expect((await api('DELETE', `/v1/dict/${row.id}?version=2&reason=typo`, admin)).statusCode).toBe(200);
    const [audit] = await t.handle.db
      .execute<{ reason: string }>(
        sql`select reason from audit_log where entity = 'dictEntry' and entity_id = ${String(row.id)} and action = 'delete'`,
      )
      .then((r) => r.rows);
    expect(audit.reason).toBe('typo');
  });

  it("answers another tenant's id as a missing one, for reads and every change", async () => {
    const row = await create('theirs');
    const missing = await api('DELETE', `/v1/dict/999999999?version=1`, admin202);
    expect(missing.statusCode).toBe(404);
    const other = await api('DELETE', `/v1/dict/${row.id}?version=1`, admin202);
    expect(other.json()).toEqual(missing.json());
    const update = await api('POST', '/v1/dict', admin202, { ...entry('theirs'), id: row.id, version: 1 });
    expect(update.statusCode).toBe(404);
    expect((await api('DELETE', `/v1/dict/${row.id}?version=1`, admin)).statusCode).toBe(200);
  });
});

describe('the resource contract on a department-scoped, soft-deleted table (patients)', () => {
  const patientResource = defineResource({
    table: patients,
    entity: 'patient',
    deletion: 'soft',
    search: [patients.name],
    filters: { departmentCode: patients.departmentCode },
    orderBy: [asc(patients.id)],
    department: patients.departmentCode,
    auditView: (row) => ({ name: row.name, departmentCode: row.departmentCode }),
  });

  async function somePatient() {
    const [row] = await t.handle.db
      .select()
      .from(patients)
      .where(and(eq(patients.tenantId, '101'), sql`${patients.deletedAt} is null`))
      .orderBy(asc(patients.id))
      .limit(1);
    return row;
  }
  const actor = (departments?: string[]): Actor => ({
    tenantId: '101',
    userId: 1,
    userName: 'admin',
    scope: departments ? { all: false, departments } : { all: true },
  });

  it('keeps rows of departments outside the scope out of reads and changes (404)', async () => {
    const patient = await somePatient();
    const outside = actor(['NO-SUCH-WARD']);
    await expect(patientResource.find(t.handle.db, outside, patient.id)).rejects.toMatchObject({
      statusCode: 404,
    });
    const key = { id: patient.id, version: patient.version };
    await expect(patientResource.update(t.handle.db, outside, key, { bed: 'X' }, meta)).rejects.toMatchObject(
      {
        statusCode: 404,
      },
    );
    await expect(patientResource.remove(t.handle.db, outside, key, meta)).rejects.toMatchObject({
      statusCode: 404,
    });
    const page = await patientResource.list(t.handle.db, outside, { page: 1, size: 10 });
    expect(page).toEqual({ records: [], total: 0, page: 1, size: 10 });
    const inside = await patientResource.list(t.handle.db, actor([patient.departmentCode]), {
      page: 1,
      size: 500,
      departmentCode: patient.departmentCode,
    });
    expect(inside.records.map((row) => row.id)).toContain(patient.id);
    expect(inside.records.every((row) => row.departmentCode === patient.departmentCode)).toBe(true);
    await expect(patientResource.find(t.handle.db, { tenantId: '202' }, patient.id)).rejects.toMatchObject({
      statusCode: 404,
    });
  });

  it('rolls the change back when its audit row cannot be written', async () => {
    const patient = await somePatient();
    const key = { id: patient.id, version: patient.version };
    await expect(
      patientResource.update(t.handle.db, actor(), key, { bed: 'ROLLBACK' }, failingAuditMeta),
    ).rejects.toThrow();
    await expect(patientResource.remove(t.handle.db, actor(), key, failingAuditMeta)).rejects.toThrow();
    const after = await patientResource.find(t.handle.db, actor(), patient.id);
    expect(after.version).toBe(patient.version);
    expect(after.bed).toBe(patient.bed);
    expect(await auditRows(t, 'patient', patient.id, 'update')).toHaveLength(0);
  });

  it('soft-deletes at the current version with who and why, and a stale version changes nothing', async () => {
    const patient = await somePatient();
    const stale = { id: patient.id, version: patient.version + 5, reason: 'wrong' };
    await expect(patientResource.remove(t.handle.db, actor(), stale, meta)).rejects.toMatchObject({
      statusCode: 409,
    });
    const key = { id: patient.id, version: patient.version, reason: ' entered twice ' };
    await patientResource.remove(t.handle.db, actor(), key, meta);
    const [row] = await t.handle.db.select().from(patients).where(eq(patients.id, patient.id));
    expect(row).toMatchObject({ deletedBy: 1, deleteReason: 'entered twice', version: patient.version + 1 });
    expect(row.deletedAt).toBeInstanceOf(Date);
    await expect(patientResource.find(t.handle.db, actor(), patient.id)).rejects.toMatchObject({
      statusCode: 404,
    });
    const [audit] = await auditRows(t, 'patient', patient.id, 'delete');
    expect(audit.before).toEqual({ name: patient.name, departmentCode: patient.departmentCode });
  });
});
