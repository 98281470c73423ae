import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOf, auditRows } from '../../test/api';
import { createTestContext, type TestContext } from '../../test/harness';
import { addPatient } from '../critical/fixtures';
import { addBoundPump, addTubeChange, reportPump, unbindPump } from './pump-fixtures';

let t: TestContext;
let api: ReturnType<typeof apiOf>;
let admin: string;
let admin202: string;
let nurse: string;

/** 13:00 on 2 March 2026 in Shanghai (the hospital's default zone). */
const NOW = new Date('2026-03-02T13:00:00+08:00');
const sh = (wallClock: string) => new Date(`${wallClock}:00+08:00`);
const p: Record<string, number> = {};
const pumps: Record<string, { pumpId: number; bindingId: number }> = {};

type Reminder = {
  patientId: number;
  patientName: string;
  bed: string | null;
  departmentCode: string;
  departmentName: string;
  serialNumber: string;
  bindingId: number;
  kind: string;
  state: string;
  dueAt: string | null;
  since: string | null;
  value: number | null;
  threshold: number;
};
type Counts = { pumpReminders: number; pumpRemindersOverdue: number; patients: number };

async function data<T>(url: string, token = nurse, lang?: string) {
  const res = await api('GET', url, token, undefined, lang);
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json().dataContent as T;
}
const reminders = (query = '', token = nurse, lang?: string) =>
  data<{ records: Reminder[]; total: number }>(`/v1/tasks/pumpReminders?size=100${query}`, token, lang);
const counts = (query = '', token = nurse) => data<Counts>(`/v1/tasks/todayTaskNums?x=1${query}`, token);
const brief = (rows: Reminder[]) => rows.map((row) => `${row.patientName}:${row.kind}:${row.state}`);

beforeAll(async () => {
  t = await createTestContext({ sessionIdleMinutes: 100_000, sessionMaxHours: 100_000 });
  t.clock.now = NOW;
  api = apiOf(t);
  [admin, admin202, nurse] = await Promise.all([
    t.login('101', 'admin', 'Admin@123456'),
    t.login('202', 'admin', 'Admin@202202'),
    t.login('101', 'nurse01', 'Nurse@2026'),
  ]);
  const db = t.handle.db;
  // the demo patients (and the demo pump binding) are set aside: these tests count exactly their own
  await db.execute(sql`update pump_bindings set down_at = now() where down_at is null`);
  await db.execute(sql`update patients set deleted_at = now() where deleted_at is null`);
  const since = new Date('2026-02-15T10:00:00+08:00');
  const patient = (name: string, departmentCode: string, bed: string, extra = {}) =>
    addPatient(db, departmentCode === 'IM' ? '202' : '101', {
      name,
      departmentCode,
      bed,
      admittedAt: since,
      ...extra,
    });
  p.overdue = await patient('Pump Overdue', 'ENDO', '3');
  p.later = await patient('Pump Later', 'ENDO', '4');
  p.fresh = await patient('Pump Fresh', 'ENDO', '5');
  p.card = await patient('Pump Cardio', 'CARD', '6');
  p.gone = await patient('Pump Discharged', 'ENDO', '8', {
    status: 'discharged',
    dischargedAt: sh('2026-03-01T10:00'),
  });
  p.down = await patient('Pump Removed', 'ENDO', '9');
  p.other = await patient('Pump Other Tenant', 'IM', '1');

  // up 27 Feb 09:00, never changed: due 2 March 09:00 (3 days), overdue at 13:00; battery low
  pumps.overdue = await addBoundPump(db, '101', {
    serialNumber: 'REM-OVERDUE',
    departmentCode: 'ENDO',
    patientId: p.overdue,
    upAt: sh('2026-02-27T09:00'),
    battery: 15,
    dose: 100,
    reportedAt: sh('2026-03-02T08:00'),
  });
  // changed 27 Feb 20:00: due today at 20:00 (not yet overdue); insulin low
  pumps.later = await addBoundPump(db, '101', {
    serialNumber: 'REM-LATER',
    departmentCode: 'ENDO',
    patientId: p.later,
    upAt: sh('2026-02-20T10:00'),
    tubeChanges: [sh('2026-02-24T10:00'), sh('2026-02-27T20:00')],
    battery: 80,
    dose: 10,
  });
  // up yesterday: due 4 March; levels fine
  pumps.fresh = await addBoundPump(db, '101', {
    serialNumber: 'REM-FRESH',
    departmentCode: 'ENDO',
    patientId: p.fresh,
    upAt: sh('2026-03-01T08:00'),
    battery: 50,
    dose: 50,
  });
  pumps.card = await addBoundPump(db, '101', {
    serialNumber: 'REM-CARD',
    departmentCode: 'CARD',
    patientId: p.card,
    upAt: sh('2026-02-26T09:00'),
  });
  pumps.gone = await addBoundPump(db, '101', {
    serialNumber: 'REM-GONE',
    departmentCode: 'ENDO',
    patientId: p.gone,
    upAt: sh('2026-02-20T09:00'),
  });
  pumps.down = await addBoundPump(db, '101', {
    serialNumber: 'REM-DOWN',
    departmentCode: 'ENDO',
    patientId: p.down,
    upAt: sh('2026-02-20T09:00'),
    battery: 5,
  });
  await unbindPump(db, '101', pumps.down.bindingId, sh('2026-02-28T09:00'));
  pumps.other = await addBoundPump(db, '202', {
    serialNumber: 'REM-OTHER',
    departmentCode: 'IM',
    patientId: p.other,
    upAt: sh('2026-02-20T09:00'),
  });
});
afterAll(() => t.close());

describe("today's pump reminders", () => {
  it("lists the caller's wards' reminders: overdue tube changes, then low levels, then tube changes due later today", async () => {
    const page = await reminders();
    expect(brief(page.records)).toEqual([
      'Pump Overdue:tubeChange:overdue',
      'Pump Overdue:lowBattery:low',
      'Pump Later:lowDose:low',
      'Pump Later:tubeChange:due',
    ]);
    expect(page.total).toBe(4);
    const [tube, battery, dose, later] = page.records;
    expect(tube).toMatchObject({
      patientId: p.overdue,
      bed: '3',
      serialNumber: 'REM-OVERDUE',
      bindingId: pumps.overdue!.bindingId,
      dueAt: '2026-03-02T01:00:00.000Z',
      since: '2026-02-27T01:00:00.000Z',
      value: null,
      threshold: 3,
    });
    expect(battery).toMatchObject({
      value: 15,
      threshold: 20,
      dueAt: null,
      since: '2026-03-02T00:00:00.000Z',
    });
    expect(dose).toMatchObject({ value: 10, threshold: 20 });
    // counted from the latest tube change, not the up-pump
    expect(later).toMatchObject({ dueAt: '2026-03-02T12:00:00.000Z', since: '2026-02-27T12:00:00.000Z' });
  });

  it('keeps to the scope: other wards, other tenants, discharged and unbound patients are not listed', async () => {
    const all = await reminders('', admin);
    expect(all.records.map((row) => row.serialNumber)).toContain('REM-CARD');
    expect(all.records.map((row) => row.serialNumber)).not.toContain('REM-GONE');
    expect(all.records.map((row) => row.serialNumber)).not.toContain('REM-DOWN');
    expect(all.total).toBe(5);
    expect(brief((await reminders('&departmentCode=CARD', admin)).records)).toEqual([
      'Pump Cardio:tubeChange:overdue',
    ]);
    // the nurse of Endocrinology asking for Cardiology sees nothing of it
    expect((await reminders('&departmentCode=CARD', nurse)).total).toBe(0);
    expect(brief((await reminders('', admin202)).records)).toEqual(['Pump Other Tenant:tubeChange:overdue']);
    expect(brief((await reminders('&queryCondition=Later')).records)).toEqual([
      'Pump Later:lowDose:low',
      'Pump Later:tubeChange:due',
    ]);
  });

  it('answers the department in the request language', async () => {
    const en = await reminders('&departmentCode=ENDO', nurse, 'en-US');
    const zh = await reminders('&departmentCode=ENDO', nurse, 'zh-CN');
    expect(en.records[0]!.departmentName).toBe('Endocrinology');
    expect(zh.records[0]!.departmentName).toBe('内分泌科');
    const bad = await api('GET', '/v1/tasks/pumpReminders?size=0', nurse, undefined, 'zh-CN');
    expect(bad.statusCode).toBe(400);
  });

  it("counts the reminders beside today's measuring tasks", async () => {
    expect(await counts()).toMatchObject({ pumpReminders: 4, pumpRemindersOverdue: 1 });
    expect(await counts('', admin)).toMatchObject({ pumpReminders: 5, pumpRemindersOverdue: 2 });
    expect(await counts('&departmentCode=CARD', nurse)).toMatchObject({ pumpReminders: 0, patients: 0 });
  });

  it('shows the pump and its reminders on the bed cards', async () => {
    type Card = {
      id: number;
      pump: { serialNumber: string; reminders: { kind: string; state: string }[] } | null;
    };
    const page = await data<{ records: Card[] }>('/v1/patients/hospitalizedPatients?size=100');
    const card = (id: number) => page.records.find((row) => row.id === id);
    expect(card(p.overdue)!.pump).toMatchObject({
      serialNumber: 'REM-OVERDUE',
      battery: 15,
      dose: 100,
      lastTubeChangeAt: null,
      reminders: [
        { kind: 'tubeChange', state: 'overdue' },
        { kind: 'lowBattery', state: 'low' },
      ],
    });
    expect(card(p.fresh)!.pump).toMatchObject({ serialNumber: 'REM-FRESH', reminders: [] });
    expect(card(p.down)!.pump).toBeNull();
  });

  it('lists the reminders in the shift hand-over of the ward', async () => {
    type Handover = {
      totals: { pumpReminders: number };
      patients: { patientId: number; pumpSerialNumber: string | null; pumpReminders: { kind: string }[] }[];
    };
    const summary = await data<Handover>('/v1/handover?departmentCode=ENDO');
    expect(summary.totals.pumpReminders).toBe(4);
    const row = (id: number) => summary.patients.find((patient) => patient.patientId === id);
    expect(row(p.overdue)).toMatchObject({ pumpSerialNumber: 'REM-OVERDUE' });
    expect(row(p.overdue)!.pumpReminders.map((r) => r.kind)).toEqual(['tubeChange', 'lowBattery']);
    expect(row(p.fresh)).toMatchObject({ pumpSerialNumber: 'REM-FRESH', pumpReminders: [] });
  });

  it('moves from due to overdue with the clock, and a reminder goes once done', async () => {
    const db = t.handle.db;
    t.clock.now = sh('2026-03-02T20:00');
    expect(brief((await reminders('&queryCondition=Later')).records)).toEqual([
      'Pump Later:tubeChange:overdue',
      'Pump Later:lowDose:low',
    ]);
    // the tube changed: the next change is due on 5 March
    await addTubeChange(db, '101', pumps.overdue!.bindingId, sh('2026-03-02T13:30'));
    // a new report above the threshold
    await reportPump(db, '101', pumps.overdue!.pumpId, { battery: 90, at: sh('2026-03-02T14:00') });
    // a report still below it keeps the reminder with the new value
    await reportPump(db, '101', pumps.later!.pumpId, { dose: 12, at: sh('2026-03-02T14:00') });
    // the down-pump ends them all
    await unbindPump(db, '101', pumps.card!.bindingId, sh('2026-03-02T15:00'));
    const page = await reminders('', admin);
    expect(brief(page.records)).toEqual(['Pump Later:tubeChange:overdue', 'Pump Later:lowDose:low']);
    expect(page.records[1]).toMatchObject({ value: 12, since: '2026-03-02T06:00:00.000Z' });
    t.clock.now = NOW;
  });
});

describe('pump strategy setting', () => {
  type Strategy = { tubeChangeDays: number; lowBatteryPercent: number; lowDoseUnits: number };

  it('defaults to every 3 days, 20 % and 20 IU, readable by every user', async () => {
    expect(await data<Strategy>('/v1/systemSetting/pumpStrategy', nurse)).toEqual({
      tubeChangeDays: 3,
      lowBatteryPercent: 20,
      lowDoseUnits: 20,
    });
  });

  it('refuses values out of range with field errors in the request language, and non-administrators', async () => {
    const body = { tubeChangeDays: 8, lowBatteryPercent: 0, lowDoseUnits: 2.5 };
    const en = await api('POST', '/v1/systemSetting/pumpStrategy', admin, body, 'en-US');
    expect(en.statusCode).toBe(400);
    expect(en.json().dataContent.errors).toEqual([
      {
        field: 'tubeChangeDays',
        message: 'The tube change interval must be a whole number of days from 1 to 7',
      },
      {
        field: 'lowBatteryPercent',
        message: 'The low battery threshold must be a whole number from 1 to 99 %',
      },
      {
        field: 'lowDoseUnits',
        message: 'The low remaining dose threshold must be a whole number from 1 to 300 IU',
      },
    ]);
    const zh = await api('POST', '/v1/systemSetting/pumpStrategy', admin, body, 'zh-CN');
    expect(zh.json().dataContent.errors[0]).toEqual({
      field: 'tubeChangeDays',
      message: '换管间隔须为 1-7 的整数天',
    });
    const missing = await api(
      'POST',
      '/v1/systemSetting/pumpStrategy',
      admin,
      { tubeChangeDays: 2 },
      'en-US',
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().dataContent.errors.map((e: { field: string }) => e.field)).toEqual([
      'lowBatteryPercent',
      'lowDoseUnits',
    ]);
    const refused = await api('POST', '/v1/systemSetting/pumpStrategy', nurse, {
      tubeChangeDays: 2,
      lowBatteryPercent: 20,
      lowDoseUnits: 20,
    });
    expect(refused.statusCode).toBe(403);
  });

  it('is saved with an audit row and read by the reminders at once', async () => {
    const saved = await api('POST', '/v1/systemSetting/pumpStrategy', admin, {
      tubeChangeDays: 1,
      lowBatteryPercent: 60,
      lowDoseUnits: 5,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().dataContent).toEqual({ tubeChangeDays: 1, lowBatteryPercent: 60, lowDoseUnits: 5 });
    const audit = await auditRows(t, 'setting', 'strategy.pump', 'update');
    expect(audit.at(-1)).toMatchObject({
      before: { tubeChangeDays: 3, lowBatteryPercent: 20, lowDoseUnits: 20 },
      after: { tubeChangeDays: 1, lowBatteryPercent: 60, lowDoseUnits: 5 },
    });
    // every day: Fresh (up yesterday 08:00) is overdue; battery 50 % is below 60; 12 IU left is not below 5
    expect(brief((await reminders('&queryCondition=Fresh')).records)).toEqual([
      'Pump Fresh:tubeChange:overdue',
      'Pump Fresh:lowBattery:low',
    ]);
    expect(brief((await reminders('&queryCondition=Later')).records)).toEqual([
      'Pump Later:tubeChange:overdue',
    ]);
    const other = await data<Strategy>('/v1/systemSetting/pumpStrategy', admin202);
    expect(other.tubeChangeDays).toBe(3);
  });
});
