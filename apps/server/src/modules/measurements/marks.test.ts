import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOf, auditRows } from '../../test/api';
import { createTestContext, type TestContext } from '../../test/harness';
import { insertPatient } from './test-support';

/**
 * Issue 15, "entry that catches mistakes": a reading's time against its period's window (seeded
 * windows: fasting 05:00-09:00, after breakfast 09:00-11:00, before sleep 21:00-24:00; default slack 30
 * minutes) and the late-entry mark (default 60 minutes), at write time for every source.
 */
let t: TestContext;
let api: ReturnType<typeof apiOf>;
let nurse: string;
let admin: string;
let patient: number;
let meterPatient: number;

/** 13:00 on 2 March 2026 in Shanghai (the hospital's default zone). */
const NOW = new Date('2026-03-02T13:00:00+08:00');
/** A Shanghai wall-clock time of 2 March 2026 (or another day) as ISO with its offset. */
const sh = (time: string, date = '2026-03-02') => `${date}T${time.length === 5 ? `${time}:00` : time}+08:00`;

type Reading = {
  id: number;
  version: number;
  periodCode: string | null;
  testTime: string;
  windowMark: string | null;
  windowReason: string | null;
  lateEntry: boolean;
  note: string | null;
};

beforeAll(async () => {
  t = await createTestContext({ sessionIdleMinutes: 100_000, sessionMaxHours: 100_000 });
  t.clock.now = NOW;
  api = apiOf(t);
  [nurse, admin] = await Promise.all([
    t.login('101', 'nurse01', 'Nurse@2026'),
    t.login('101', 'admin', 'Admin@123456'),
  ]);
  const admittedAt = new Date('2026-02-20T10:00:00+08:00');
  patient = await insertPatient(t, { name: 'Window Patient', admittedAt });
  meterPatient = await insertPatient(t, { name: 'Meter Patient', admittedAt, wristbandCode: 'WB-MARKS' });
});
afterAll(() => t.close());

const glucose = (period: string, testTime: string, extra: Record<string, unknown> = {}) => ({
  category: 'GLU',
  patientId: patient,
  period,
  testTime,
  result: 6.2,
  unit: 'mmolL',
  ...extra,
});

async function enter(body: Record<string, unknown>): Promise<Reading> {
  const res = await api('POST', '/v1/testRecord/customerRecord', nurse, body);
  if (res.statusCode !== 200) throw new Error(`entry failed: ${res.statusCode} ${res.body}`);
  return res.json().dataContent;
}

/** A refused call's status and field errors in both languages. */
async function refused(method: 'POST' | 'PUT', url: string, body: unknown) {
  const en = await api(method, url, nurse, body, 'en-US');
  const zh = await api(method, url, nurse, body, 'zh-CN');
  return {
    status: [en.statusCode, zh.statusCode],
    en: en.json().dataContent?.errors,
    zh: zh.json().dataContent?.errors,
  };
}

async function storedCount(): Promise<number> {
  const { rows } = await t.handle.db.execute<{ n: number }>(
    sql`select count(*)::int as n from measurements where patient_id = ${patient}`,
  );
  return rows[0]!.n;
}

describe('a reading entered by hand outside its period window', () => {
  it('is refused without a reason: 400 on windowReason naming the period and its window, nothing stored', async () => {
    const before = await storedCount();
    const answer = await refused('POST', '/v1/testRecord/customerRecord', glucose('fasting', sh('10:15')));
    expect(answer).toEqual({
      status: [400, 400],
      en: [
        {
          field: 'windowReason',
          message: 'The test time is outside the Fasting window (05:00–09:00); give a reason to save it',
        },
      ],
      zh: [{ field: 'windowReason', message: '检测时间不在空腹时段（05:00–09:00）内，请填写原因后保存' }],
    });
    // a blank reason is no reason
    const blank = await refused(
      'POST',
      '/v1/testRecord/customerRecord',
      glucose('fasting', sh('10:15'), { windowReason: '  ' }),
    );
    expect(blank.en.map((e: { field: string }) => e.field)).toEqual(['windowReason']);
    expect(await storedCount()).toBe(before);
  });

  it('is saved with a reason and marked late, or early before the window', async () => {
    const late = await enter(glucose('fasting', sh('10:15'), { windowReason: 'Patient was in radiology' }));
    expect(late).toMatchObject({
      periodCode: 'fasting',
      windowMark: 'late',
      windowReason: 'Patient was in radiology',
      lateEntry: true,
    });
    const early = await enter(glucose('afterBreakfast', sh('08:20'), { windowReason: 'Ate early' }));
    expect(early).toMatchObject({ windowMark: 'early', windowReason: 'Ate early' });
    const [audit] = await auditRows(t, 'measurement', late.id, 'create');
    expect(audit!.after).toMatchObject({ windowMark: 'late', windowReason: 'Patient was in radiology' });
    const read = await api('GET', `/v1/testRecord/${late.id}`, nurse);
    expect(read.json().dataContent).toMatchObject({
      windowMark: 'late',
      windowReason: 'Patient was in radiology',
    });
  });

  it('passes inside the window and its slack without a reason; a reason given there is not kept', async () => {
    // fasting ends at 09:00; 09:30 is the last minute of the 30-minute slack
    const edge = await enter(glucose('fasting', sh('09:30:00', '2026-03-01')));
    expect(edge).toMatchObject({ windowMark: null, windowReason: null });
    const inside = await enter(
      glucose('fasting', sh('07:00:00', '2026-03-01'), { windowReason: 'not needed' }),
    );
    expect(inside).toMatchObject({ windowMark: null, windowReason: null });
    const past = await refused(
      'POST',
      '/v1/testRecord/customerRecord',
      glucose('fasting', sh('09:30:01', '2026-03-01')),
    );
    expect(past.en[0].field).toBe('windowReason');
    // a bedtime reading after midnight belongs to the evening before, within its slack
    expect(await enter(glucose('beforeSleep', sh('00:20', '2026-03-01')))).toMatchObject({
      windowMark: null,
    });
  });

  it('refuses a reason shorter than 2 or longer than 200 characters', async () => {
    const short = await refused(
      'POST',
      '/v1/testRecord/customerRecord',
      glucose('fasting', sh('11:40'), { windowReason: 'x' }),
    );
    expect(short.en).toEqual([{ field: 'windowReason', message: 'The reason must be 2-200 characters' }]);
    expect(short.zh).toEqual([{ field: 'windowReason', message: '原因须为 2-200 个字符' }]);
    const long = await refused(
      'POST',
      '/v1/testRecord/customerRecord',
      glucose('fasting', sh('11:40'), { windowReason: 'y'.repeat(201) }),
    );
    expect(long.en[0].field).toBe('windowReason');
  });

  it('names each reading of a day that needs a reason, and saves none of them', async () => {
    const before = await storedCount();
    const body = {
      patientId: patient,
      records: [
        { category: 'GLU', period: 'fasting', testTime: sh('06:30', '2026-02-27'), result: 6 },
        { category: 'GLU', period: 'afterBreakfast', testTime: sh('12:45', '2026-02-27'), result: 8 },
      ],
    };
    const answer = await refused('POST', '/v1/testRecord/customerRecords', body);
    expect(answer.status).toEqual([400, 400]);
    expect(answer.en).toEqual([
      {
        field: 'records.1.windowReason',
        message:
          'The test time is outside the After breakfast window (09:00–11:00); give a reason to save it',
      },
    ]);
    expect(await storedCount()).toBe(before);
    body.records[1] = { ...body.records[1]!, windowReason: 'Breakfast was late' } as never;
    const saved = await api('POST', '/v1/testRecord/customerRecords', nurse, body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().dataContent.map((r: Reading) => [r.windowMark, r.windowReason])).toEqual([
      [null, null],
      ['late', 'Breakfast was late'],
    ]);
  });

  it('follows the hospital’s slack as soon as it changes', async () => {
    const strategy = await api('GET', '/v1/systemSetting/monitorStrategy', admin);
    const current = strategy.json().dataContent;
    const save = (windowSlackMinutes: number) =>
      api('POST', '/v1/systemSetting/monitorStrategy', admin, { ...current, windowSlackMinutes });
    expect((await save(0)).statusCode).toBe(200);
    try {
      const answer = await refused(
        'POST',
        '/v1/testRecord/customerRecord',
        glucose('fasting', sh('09:10', '2026-02-26')),
      );
      expect(answer.en[0].field).toBe('windowReason');
      expect((await save(15)).statusCode).toBe(200);
      expect(await enter(glucose('fasting', sh('09:10', '2026-02-26')))).toMatchObject({ windowMark: null });
    } finally {
      await save(30);
    }
  });
});

describe('late entry', () => {
  it('marks a reading entered more than the set minutes after its test time (the request clock)', async () => {
    // now is 13:00; before lunch is 11:00-12:30, so both times lie in its window
    const onTime = await enter(glucose('beforeLunch', sh('12:00:00')));
    expect(onTime).toMatchObject({ windowMark: null, lateEntry: false });
    const late = await enter(glucose('beforeLunch', sh('11:59:59')));
    expect(late).toMatchObject({ windowMark: null, lateEntry: true });
    t.clock.now = new Date(NOW.getTime() + 30 * 60_000);
    try {
      // at 13:30 the 12:40 reading is 50 minutes old: not late
      expect(await enter(glucose('beforeLunch', sh('12:40:00')))).toMatchObject({ lateEntry: false });
    } finally {
      t.clock.now = NOW;
    }
  });
});

describe('a meter upload outside the window', () => {
  it('is stored and marked without a reason; a device time is never a late entry', async () => {
    const res = await api('POST', '/v1/testRecord/upload', nurse, {
      source: 'meter',
      records: [
        {
          category: 'GLU',
          period: 'fasting',
          testTime: sh('14:30', '2026-02-28'),
          result: 7.4,
          deviceSerial: 'MARKS-1',
          deviceRecordNo: 'R1',
          wristbandCode: 'WB-MARKS',
          operator: 'nurse01',
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().dataContent).toMatchObject({ accepted: 1 });
    const { rows } = await t.handle.db.execute<{
      window_mark: string;
      window_reason: string;
      late_entry: boolean;
    }>(
      sql`select window_mark, window_reason, late_entry from measurements where patient_id = ${meterPatient}`,
    );
    expect(rows).toEqual([{ window_mark: 'late', window_reason: null, late_entry: false }]);
  });
});

describe('a correction', () => {
  const correct = async (reading: Reading, changes: Record<string, unknown>) => {
    const res = await api('PUT', '/v1/testRecord', nurse, {
      id: reading.id,
      version: reading.version,
      reason: 'Wrong entry',
      ...changes,
    });
    return { status: res.statusCode, body: res.json() };
  };

  it('recomputes the marks: moved out of its window it needs a reason, moved back it loses the mark', async () => {
    let reading = await enter(glucose('beforeLunch', sh('12:50')));
    expect(reading).toMatchObject({ windowMark: null, lateEntry: false });
    // entered at 13:00 by the request clock (the row's creation is the database's clock)
    await t.handle.db.execute(
      sql`update measurements set created_at = ${NOW.toISOString()}::timestamptz where id = ${reading.id}`,
    );
    // 11:30 is 90 minutes before the entry: a late entry now
    let answer = await correct(reading, { testTime: sh('11:30') });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    reading = answer.body.dataContent;
    expect(reading).toMatchObject({ windowMark: null, lateEntry: true });

    // fasting (05:00-09:00) at 11:30: out of the window
    answer = await correct(reading, { period: 'fasting' });
    expect(answer.status).toBe(400);
    expect(answer.body.dataContent.errors).toEqual([
      {
        field: 'windowReason',
        message: 'The test time is outside the Fasting window (05:00–09:00); give a reason to save it',
      },
    ]);
    answer = await correct(reading, { period: 'fasting', windowReason: 'Fasting test delayed' });
    expect(answer.status).toBe(200);
    reading = answer.body.dataContent;
    expect(reading).toMatchObject({ windowMark: 'late', windowReason: 'Fasting test delayed' });

    // a change of something else keeps the mark and its reason without asking again
    answer = await correct(reading, { remark: 'checked with the patient' });
    expect(answer.status).toBe(200);
    reading = answer.body.dataContent;
    expect(reading).toMatchObject({ windowMark: 'late', windowReason: 'Fasting test delayed' });

    answer = await correct(reading, { period: 'beforeLunch' });
    expect(answer.status).toBe(200);
    expect(answer.body.dataContent).toMatchObject({ windowMark: null, windowReason: null, lateEntry: true });
  });
});
