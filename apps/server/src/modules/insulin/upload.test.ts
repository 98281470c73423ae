import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOf, auditRows } from '../../test/api';
import { createTestContext, type TestContext } from '../../test/harness';
import { hoursAgo, insertPatient, shanghaiAt } from '../measurements/test-support';

let t: TestContext;
let api: ReturnType<typeof apiOf>;
let nurse: string;
let now: Date;
let aspart: string;
let glargine: string;
let metformin: string;
const p: Record<string, number> = {};

type Result = {
  accepted: number;
  duplicates: number;
  rejected: { index: number; deviceRecordNo: string | null; errors: { field: string; message: string }[] }[];
};

const code = async (query: ReturnType<typeof sql>) =>
  String((await t.handle.db.execute<{ code: string }>(query)).rows[0]!.code);

beforeAll(async () => {
  t = await createTestContext();
  api = apiOf(t);
  now = t.clock.now;
  nurse = await t.login('101', 'nurse01', 'Nurse@2026');
  p.doc = await insertPatient(t, {
    name: 'Meter Insulin',
    wristbandCode: 'WB-INS-1',
    inpatientNumber: 'IPINS1',
  });
  p.noDoc = await insertPatient(t, { name: 'No Doctor', wristbandCode: 'WB-INS-2' });
  p.card = await insertPatient(t, {
    name: 'Cardio Insulin',
    departmentCode: 'CARD',
    wristbandCode: 'WB-INS-3',
  });
  await t.handle.db.execute(
    sql`update patients set doctor_code = 'doctor01' where tenant_id = '101' and id = ${p.doc}`,
  );
  aspart = await code(
    sql`select code from drugs where tenant_id = '101' and name_en = 'Insulin aspart injection'`,
  );
  glargine = await code(
    sql`select code from drugs where tenant_id = '101' and name_en = 'Insulin glargine injection'`,
  );
  metformin = await code(sql`select d.code from drugs d join drug_categories c on c.tenant_id = d.tenant_id
    and c.id = d.category_id where d.tenant_id = '101' and c.code = 'ORAL_AD' limit 1`);
});
afterAll(() => t.close());

let serial = 0;
const dose = (overrides: Record<string, unknown> = {}) => ({
  deviceSerial: 'MTR-INS-1',
  deviceRecordNo: `I${++serial}`,
  category: 'INS',
  drugCode: aspart,
  dose: 8,
  bolusDose: 6,
  correctionDose: 2,
  testTime: shanghaiAt(now, 1, '07:30'),
  wristbandCode: 'WB-INS-1',
  operator: 'nurse01',
  ...overrides,
});
const glucose = (overrides: Record<string, unknown> = {}) => ({
  deviceSerial: 'MTR-INS-1',
  deviceRecordNo: `G${++serial}`,
  category: 'GLU',
  testTime: hoursAgo(now, 3 + serial / 60),
  result: 6.4,
  unit: 'mmolL',
  wristbandCode: 'WB-INS-1',
  operator: 'nurse01',
  ...overrides,
});

async function upload(records: unknown[], lang?: string): Promise<Result> {
  const res = await api('POST', '/v1/testRecord/upload', nurse, { source: 'meter', records }, lang);
  if (res.statusCode !== 200) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return res.json().dataContent;
}

type Stored = {
  id: string;
  dose: string;
  basal_dose: string | null;
  bolus_dose: string | null;
  correction_dose: string | null;
  period_code: string;
  doctor_name: string;
  nurse_name: string;
  status: string;
  drug_name_en: string;
  device_serial: string;
  given_at: Date;
};
async function storedDose(deviceRecordNo: string) {
  const { rows } = await t.handle.db.execute<Stored>(sql`
    select id, dose, basal_dose, bolus_dose, correction_dose, period_code, doctor_name, nurse_name, status,
           drug_name_en, device_serial, given_at
      from insulin_records where tenant_id = '101' and device_record_no = ${deviceRecordNo}`);
  return rows;
}

describe('meter insulin uploads (category INS)', () => {
  it('stores insulin rows beside readings through the insulin write path: period from the time, the patient’s doctor, the operator as nurse', async () => {
    const records = [
      glucose(),
      dose(),
      dose({
        drugCode: glargine,
        dose: 14,
        bolusDose: undefined,
        correctionDose: undefined,
        basalDose: 14,
        period: 'bedtime',
        testTime: shanghaiAt(now, 1, '21:00'),
        doctor: 'DOCTOR01',
        remark: 'pen 2',
      }),
    ];
    const result = await upload(records);
    expect(result).toEqual({ accepted: 3, duplicates: 0, rejected: [] });
    const [breakfast] = await storedDose(records[1]!.deviceRecordNo);
    expect(breakfast).toMatchObject({
      period_code: 'breakfast',
      doctor_name: 'Dr. Li Wei',
      nurse_name: 'Nurse Wang Fang',
      status: 'unconfirmed',
      drug_name_en: 'Insulin aspart injection',
      device_serial: 'MTR-INS-1',
    });
    expect(
      [breakfast!.dose, breakfast!.bolus_dose, breakfast!.correction_dose, breakfast!.basal_dose].map(Number),
    ).toEqual([8, 6, 2, 0]);
    expect(new Date(breakfast!.given_at).getTime()).toBe(Date.parse(records[1]!.testTime as string));
    const [bedtime] = await storedDose(records[2]!.deviceRecordNo);
    expect(bedtime).toMatchObject({ period_code: 'bedtime' });
    expect(Number(bedtime!.basal_dose)).toBe(14);
    // audited like a dose entered by hand
    const created = await auditRows(t, 'insulinRecord', breakfast!.id, 'create');
    expect(created).toHaveLength(1);
    expect(created[0]!.after).toMatchObject({ dose: 8, nurseName: 'Nurse Wang Fang', status: 'unconfirmed' });
    // the patient tab lists it
    const list = await api('GET', `/v1/insulinRecord/patient/${p.doc}`, nurse);
    expect(list.json().dataContent.records.map((r: { id: number }) => r.id)).toContain(Number(breakfast!.id));
  });

  it('counts a repeated upload as duplicates and stores nothing twice; a device record taken as a reading is one too', async () => {
    const records = [glucose(), dose(), dose({ testTime: shanghaiAt(now, 1, '12:00') })];
    expect(await upload(records)).toEqual({ accepted: 3, duplicates: 0, rejected: [] });
    expect(await upload(records)).toEqual({ accepted: 0, duplicates: 3, rejected: [] });
    expect(await storedDose(records[1]!.deviceRecordNo)).toHaveLength(1);
    // the same record twice in one batch
    const twice = dose({ testTime: shanghaiAt(now, 1, '13:00') });
    expect(await upload([twice, twice])).toEqual({ accepted: 1, duplicates: 1, rejected: [] });
    // the glucose reading's record number sent again as a dose
    expect(await upload([dose({ deviceRecordNo: records[0]!.deviceRecordNo })])).toEqual({
      accepted: 0,
      duplicates: 1,
      rejected: [],
    });
  });

  it('is idempotent under parallel identical uploads: exactly one dose stored', async () => {
    const record = dose({ testTime: shanghaiAt(now, 2, '12:30') });
    const results = await Promise.all(Array.from({ length: 8 }, () => upload([record])));
    expect(results.reduce((sum, r) => sum + r.accepted, 0)).toBe(1);
    expect(results.reduce((sum, r) => sum + r.duplicates, 0)).toBe(7);
    expect(await storedDose(record.deviceRecordNo)).toHaveLength(1);
  });

  it('refuses bad insulin rows with field errors in the request language and keeps the good ones', async () => {
    const records = [
      dose({ drugCode: 'NO-SUCH-DRUG' }),
      dose({ drugCode: metformin }),
      dose({ dose: 8, bolusDose: 6, correctionDose: 1 }),
      dose({ wristbandCode: 'WB-INS-2', testTime: shanghaiAt(now, 1, '17:00') }),
      dose({ wristbandCode: 'WB-INS-3' }),
      dose({ testTime: shanghaiAt(now, 1, '07:45'), doctor: 'nurse01' }),
      dose({ testTime: shanghaiAt(now, 1, '18:00') }),
    ];
    const en = await upload(records, 'en-US');
    expect(en.accepted).toBe(1);
    expect(en.rejected).toEqual([
      {
        index: 0,
        deviceRecordNo: records[0]!.deviceRecordNo,
        errors: [{ field: 'drugCode', message: 'No drug of the catalogue has this code' }],
      },
      {
        index: 1,
        deviceRecordNo: records[1]!.deviceRecordNo,
        errors: [{ field: 'drugCode', message: 'The drug must be an enabled insulin of the drug catalogue' }],
      },
      {
        index: 2,
        deviceRecordNo: records[2]!.deviceRecordNo,
        errors: [{ field: 'dose', message: 'The dose must equal basal + bolus + correction (7 IU)' }],
      },
      {
        index: 3,
        deviceRecordNo: records[3]!.deviceRecordNo,
        errors: [
          {
            field: 'doctor',
            message: 'Please give the ordering doctor: the patient has no doctor in charge',
          },
        ],
      },
      {
        index: 4,
        deviceRecordNo: records[4]!.deviceRecordNo,
        errors: [{ field: 'wristbandCode', message: 'Unknown patient' }],
      },
      {
        index: 5,
        deviceRecordNo: records[5]!.deviceRecordNo,
        errors: [
          {
            field: 'doctor',
            message: 'The ordering doctor must be an active doctor of the patient’s department',
          },
        ],
      },
    ]);
    for (const record of records.slice(0, 6)) expect(await storedDose(record.deviceRecordNo)).toEqual([]);

    // the same mistakes, worded in Chinese (new record numbers: the refused ones were not received)
    const again = records
      .slice(0, 3)
      .map((record) => ({ ...record, deviceRecordNo: `${record.deviceRecordNo}-zh` }));
    const zh = await upload(again, 'zh-CN');
    expect(zh.accepted).toBe(0);
    expect(zh.rejected.map((r) => r.errors[0])).toEqual([
      { field: 'drugCode', message: '药品目录中没有该编码的药品' },
      { field: 'drugCode', message: expect.stringContaining('胰岛素') },
      { field: 'dose', message: expect.stringContaining('7') },
    ]);

    // a refused row sent again once put right is stored
    expect(await upload([{ ...records[0]!, drugCode: aspart }])).toEqual({
      accepted: 1,
      duplicates: 0,
      rejected: [],
    });
  });

  it('refuses an insulin row of bad shape on its own: no dose, a time in the future, no patient', async () => {
    const records = [
      dose({ dose: undefined, bolusDose: undefined, correctionDose: undefined }),
      dose({ testTime: new Date(now.getTime() + 3_600_000).toISOString() }),
      dose({ wristbandCode: undefined }),
      glucose(),
    ];
    const result = await upload(records, 'en-US');
    expect(result.accepted).toBe(1);
    expect(result.rejected.map((r) => [r.index, r.errors.map((e) => e.field)])).toEqual([
      [0, ['dose']],
      [1, ['testTime']],
      [2, ['wristbandCode']],
    ]);
  });
});
