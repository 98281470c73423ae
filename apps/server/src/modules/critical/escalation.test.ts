import type { AddressInfo } from 'node:net';
import { criticalLoopState, DEFAULT_CRITICAL_LOOP } from '@glucocare/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { apiOf, auditRows } from '../../test/api';
import { createTestContext, type TestContext } from '../../test/harness';
import { type LiveStream, openLiveStream, type ReceivedEvent } from '../live/test-support';
import { insertPatient, periodOfTime } from '../measurements/test-support';
import { SWEEP_LOCK_KEY, sweepEscalations } from './escalation';

/**
 * Escalation of critical values (issue 15, loop step 3) with the server's controllable clock: a value
 * nobody acknowledged, or whose recheck is overdue, `escalateAfterMinutes` on goes to the patient's
 * doctor and the ward's head nurse — once, audited, told on the push channel whatever their scope.
 */

let t: TestContext;
let api: ReturnType<typeof apiOf>;
let base: string;
let nurse: string;
let doctor: string;
let headNurse: string;
let cardDoctor: string;
let cardNurse: string;
const ids: Record<string, number> = {};
const streams: LiveStream[] = [];

/** 2 March 2026 in the hospital's zone (Asia/Shanghai). */
const sh = (hhmm: string) => new Date(`2026-03-02T${hhmm}:00+08:00`);

type Event = {
  id: number;
  status: string;
  measuredAt: string;
  acknowledgedAt: string | null;
  handledAt: string | null;
  recheckDueAt: string | null;
  recheckedAt: string | null;
  recheckSkippedReason: string | null;
  escalatedAt: string | null;
  escalatedDoctorId: number | null;
  escalatedDoctorName: string | null;
  escalatedHeadNurseId: number | null;
  escalatedHeadNurseName: string | null;
  version: number;
};
type Latest = { latestId: number; openCount: number; records: Event[]; escalatedToMe: Event[] };

async function ok<T>(method: 'GET' | 'POST', url: string, token: string, body?: unknown) {
  const res = await api(method, url, token, body);
  if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json().dataContent as T;
}

/** An inpatient of Endocrinology whose responsible doctor is `doctorCode` (each case its own: no rechecks between them). */
async function inpatient(name: string, doctorCode = 'doctor01') {
  const id = await insertPatient(t, { name, departmentCode: 'ENDO', admittedAt: sh('00:00') });
  await t.handle.db.execute(sql`update patients set doctor_code = ${doctorCode} where id = ${id}`);
  return id;
}

/** A glucose entered through the ordinary entry at `hhmm` (the clock moves there first). */
async function glucose(patientId: number, hhmm: string, result: number) {
  t.clock.now = sh(hhmm);
  return ok<{ id: number }>('POST', '/v1/testRecord/customerRecord', nurse, {
    category: 'GLU',
    patientId,
    // the period whose window holds the time (issue 15: a hand entry outside its window needs a reason)
    period: periodOfTime(sh(hhmm).toISOString()),
    testTime: sh(hhmm).toISOString(),
    result,
    unit: 'mmolL',
  });
}

/** A critical glucose entered at `hhmm`: the id of the event it opened. */
async function critical(patientId: number, hhmm: string, result: number): Promise<number> {
  const reading = await glucose(patientId, hhmm, result);
  const { rows } = await t.handle.db.execute<{ id: string }>(
    sql`select id from critical_events where tenant_id = '101' and measurement_id = ${reading.id}`,
  );
  return Number(rows[0]!.id);
}

/** The event as the caller's today list shows it (the admin sees every ward). */
async function view(id: number, token = nurse): Promise<Event> {
  const list = await ok<Event[]>('GET', '/v1/crisisPatient/monitor', token);
  const found = list.find((event) => event.id === id);
  if (!found) throw new Error(`event ${id} not on the list`);
  return found;
}

/** One sweep of this server at `hhmm`: the ids it escalated. */
async function sweepAt(hhmm: string) {
  t.clock.now = sh(hhmm);
  return (await t.app.criticalEscalation.sweep()).map((event) => event.id);
}

async function step(path: string, token: string, id: number, more: object = {}) {
  const { version } = await view(id);
  return ok<Event>('POST', `/v1/crisisPatient/${path}`, token, { id, version, ...more });
}
const handle = (id: number) =>
  step('handle', nurse, id, { notifiedPerson: 'Dr. Li Wei', action: 'Glucose gel 15 g given' });

/** Closes a value's loop (handled, no recheck) so that it leaves the bells of the later cases. */
async function close(id: number) {
  if ((await view(id)).handledAt === null) await handle(id);
  await step('skipRecheck', nurse, id, { reason: 'Doctor at the bedside decided' });
}

async function userId(userName: string) {
  const { rows } = await t.handle.db.execute<{ id: string }>(
    sql`select id from users where tenant_id = '101' and user_name = ${userName}`,
  );
  return Number(rows[0]!.id);
}

async function open(token: string) {
  const stream = await openLiveStream(base, token);
  streams.push(stream);
  await stream.waitFor((event) => event.event === 'ready');
  return stream;
}
const names = (criticalId: number) => (event: ReceivedEvent) =>
  event.event === 'critical' && (event.data.criticalIds as number[]).includes(criticalId);
/** The first event of a stream after its `mark`-th that matches. */
const after = (stream: LiveStream, mark: number, match: (event: ReceivedEvent) => boolean) =>
  stream.waitFor((event) => stream.events.indexOf(event) >= mark && match(event));

beforeAll(async () => {
  t = await createTestContext({ sessionIdleMinutes: 100_000, sessionMaxHours: 100_000 });
  t.clock.now = sh('08:00');
  api = apiOf(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  // the cardiology doctor and head nurse sign in without the first-password change
  await t.handle.db.execute(
    sql`update users set must_change_password = false where tenant_id = '101' and user_name in ('doctor02', 'headnurse02')`,
  );
  [nurse, doctor, headNurse, cardDoctor, cardNurse] = await Promise.all([
    t.login('101', 'nurse01', 'Nurse@2026'),
    t.login('101', 'doctor01', 'Doctor@2026'),
    t.login('101', 'headnurse', 'Head@2026'),
    t.login('101', 'doctor02', 'Welcome@2026'),
    t.login('101', 'headnurse02', 'Welcome@2026'),
  ]);
  for (const name of ['doctor01', 'headnurse', 'doctor02', 'headnurse02']) ids[name] = await userId(name);
  // the demo's critical values are set aside: each sweep below escalates exactly this file's own
  await t.handle.db.execute(sql`delete from critical_events where tenant_id = '101'`);
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  await t.close();
});

describe('escalation of a critical value', () => {
  it('escalates an unacknowledged value escalateAfterMinutes after its measurement, not before, and once', async () => {
    const id = await critical(await inpatient('Unacknowledged'), '08:50', 2.1);
    expect(await sweepAt('09:04')).toEqual([]);
    expect((await view(id)).escalatedAt).toBeNull();

    expect(await sweepAt('09:05')).toEqual([id]);
    const escalated = await view(id);
    expect(escalated).toMatchObject({
      escalatedAt: sh('09:05').toISOString(),
      escalatedDoctorId: ids.doctor01,
      escalatedDoctorName: 'Dr. Li Wei',
      escalatedHeadNurseId: ids.headnurse,
      escalatedHeadNurseName: 'Liu Yan',
      // what people record on the value is not put in conflict by the escalation
      version: 1,
    });
    const [audit, ...more] = await auditRows(t, 'criticalEvent', id, 'escalate');
    expect(more).toEqual([]);
    expect(audit).toMatchObject({
      actor_name: null,
      before: { escalatedAt: null },
      after: {
        escalatedAt: sh('09:05').toISOString(),
        escalatedDoctor: 'Dr. Li Wei',
        escalatedHeadNurse: 'Liu Yan',
        reasons: ['unacknowledged'],
      },
    });

    // once: a later sweep, even with the recheck overdue by then too, leaves it as it was
    expect(await sweepAt('09:40')).toEqual([]);
    expect((await view(id)).escalatedAt).toBe(sh('09:05').toISOString());
    expect(await auditRows(t, 'criticalEvent', id, 'escalate')).toHaveLength(1);
    await close(id);
  });

  it('escalates an overdue recheck even when the value was acknowledged and handled', async () => {
    const id = await critical(await inpatient('Recheck overdue'), '10:00', 2.0);
    await step('acknowledge', doctor, id);
    await handle(id);
    // recheck due at 10:15 (15-15 rule), overdue by 15 minutes at 10:30
    expect(await sweepAt('10:29')).toEqual([]);
    expect(await sweepAt('10:30')).toEqual([id]);
    const [audit] = await auditRows(t, 'criticalEvent', id, 'escalate');
    expect(audit!.after).toMatchObject({ reasons: ['recheckOverdue'] });
    await close(id);
  });

  it('leaves alone what was acknowledged, handled, rechecked or given a reason, and patients gone', async () => {
    // high values: the recheck is due after 60 minutes, so until 12:15 only the acknowledgement counts
    const acknowledged = await critical(await inpatient('Acknowledged'), '11:00', 31.0);
    await step('acknowledge', doctor, acknowledged);
    const handled = await critical(await inpatient('Handled'), '11:00', 31.5);
    await handle(handled);
    // low values, handled: at 11:45 their recheck (due 11:15) is overdue but for what happened
    const recheckedPatient = await inpatient('Rechecked');
    const rechecked = await critical(recheckedPatient, '11:00', 2.2);
    await handle(rechecked);
    const skipped = await critical(await inpatient('Skipped'), '11:00', 2.3);
    await handle(skipped);
    await step('skipRecheck', nurse, skipped, { reason: 'Patient went to theatre' });
    const gone = await inpatient('Discharged');
    const discharged = await critical(gone, '11:00', 2.4);
    await t.handle.db.execute(sql`update patients set status = 'discharged' where id = ${gone}`);
    // the recheck: the next glucose of the patient, through the ordinary entry
    await glucose(recheckedPatient, '11:20', 5.6);
    expect(await sweepAt('11:20')).toEqual([]);
    expect(await sweepAt('11:45')).toEqual([]);

    // the sweep follows the domain's loop rule (criticalLoopState) value by value
    for (const id of [acknowledged, handled, rechecked, skipped]) {
      const event = await view(id);
      const state = criticalLoopState(
        {
          measuredAt: new Date(event.measuredAt),
          acknowledgedAt: event.acknowledgedAt ? new Date(event.acknowledgedAt) : null,
          handledAt: event.handledAt ? new Date(event.handledAt) : null,
          recheckDueAt: event.recheckDueAt ? new Date(event.recheckDueAt) : null,
          recheckedAt: event.recheckedAt ? new Date(event.recheckedAt) : null,
          recheckSkippedReason: event.recheckSkippedReason,
        },
        DEFAULT_CRITICAL_LOOP,
        sh('11:45'),
      );
      expect(state, `event ${id}`).toMatchObject({ unacknowledgedTooLong: false, recheckOverdue: false });
      expect(event.escalatedAt).toBeNull();
    }
    const { rows } = await t.handle.db.execute<{ escalated_at: string | null }>(
      sql`select escalated_at from critical_events where id = ${discharged}`,
    );
    expect(rows[0]!.escalated_at).toBeNull();
    for (const id of [acknowledged, handled]) await close(id);
  });

  it('follows the hospital’s escalateAfterMinutes', async () => {
    const admin = await t.login('101', 'admin', 'Admin@123456');
    await ok('POST', '/v1/systemSetting/criticalLoop', admin, {
      ...DEFAULT_CRITICAL_LOOP,
      escalateAfterMinutes: 30,
    });
    const id = await critical(await inpatient('Thirty minutes'), '12:00', 31.2);
    expect(await sweepAt('12:29')).toEqual([]);
    expect(await sweepAt('12:30')).toEqual([id]);
    await ok('POST', '/v1/systemSetting/criticalLoop', admin, DEFAULT_CRITICAL_LOOP);
    await close(id);
  });

  it('tells the patient’s doctor and the ward’s head nurse whatever their scope, and no nurse of another ward', async () => {
    // the patient's responsible doctor works in cardiology: the value is outside his scope
    const consulted = await inpatient('Consulted', 'DOCTOR02');
    const [doctorStream, headNurseStream, cardNurseStream] = await Promise.all([
      open(cardDoctor),
      open(headNurse),
      open(cardNurse),
    ]);
    const id = await critical(consulted, '13:00', 1.9);
    const other = await critical(await inpatient('Ward only'), '13:00', 2.0);
    const marks = [doctorStream.events.length, headNurseStream.events.length];
    expect((await sweepAt('13:20')).sort()).toEqual([id, other].sort());

    const heard = await Promise.all([
      after(doctorStream, marks[0]!, names(id)),
      after(headNurseStream, marks[1]!, names(id)),
    ]);
    for (const event of heard) {
      expect(event.data.departments).toEqual(['ENDO']);
      expect(event.data.userIds).toEqual(expect.arrayContaining([ids.doctor02, ids.headnurse]));
    }
    // the head nurse's stream is in order: once she heard of both escalations, the others were sent too
    await after(headNurseStream, marks[1]!, names(other));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(cardNurseStream.events.filter((event) => event.event === 'critical')).toEqual([]);
    // the cardiology doctor heard of his patient's value only, not of the other value of the ward
    expect(doctorStream.events.some(names(other))).toBe(false);

    // the doctor sees that value — and only that one of the ward — in his bell and on today's list
    const latest = await ok<Latest>('GET', '/v1/crisisPatient/latest', cardDoctor);
    expect(latest.escalatedToMe.map((event) => event.id)).toEqual([id]);
    expect(latest.records.map((event) => event.id)).toEqual([id]);
    expect(latest.openCount).toBe(1);
    expect((await ok<Event[]>('GET', '/v1/crisisPatient/monitor', cardDoctor)).map((e) => e.id)).toEqual([
      id,
    ]);
    const query = await ok<{ records: Event[] }>(
      'GET',
      '/v1/crisisPatient/query?beginDate=2026-03-02&endDate=2026-03-02',
      cardDoctor,
    );
    expect(query.records).toEqual([]);
    // the cardiology nurse sees nothing of the ward
    const nurseLatest = await ok<Latest>('GET', '/v1/crisisPatient/latest', cardNurse);
    expect(nurseLatest).toMatchObject({ openCount: 0, records: [], escalatedToMe: [] });

    // the head nurse has both in her bell, newest escalation first (the same sweep: newest id first)
    const hers = await ok<Latest>('GET', '/v1/crisisPatient/latest', headNurse);
    expect(hers.escalatedToMe.map((event) => event.id)).toEqual([other, id]);

    // the doctor acknowledges from outside the ward (his read receipt); handling stays with the ward
    const version = latest.escalatedToMe[0]!.version;
    const acknowledged = await ok<Event>('POST', '/v1/crisisPatient/acknowledge', cardDoctor, {
      id,
      version,
    });
    expect(acknowledged.acknowledgedAt).toBe(sh('13:20').toISOString());
    const refused = await api('POST', '/v1/crisisPatient/handle', cardDoctor, {
      id,
      version: acknowledged.version,
      notifiedPerson: 'Dr. Chen Jing',
      action: 'Dextrose given',
    });
    expect(refused.statusCode).toBe(404);
    // the value still waits for its recheck, so it stays in his bell until that is done
    expect((await ok<Latest>('GET', '/v1/crisisPatient/latest', cardDoctor)).escalatedToMe).toHaveLength(1);
    // the ward handles it and records the recheck: the doctor outside the ward hears of both at once
    const beforeHandling = doctorStream.events.length;
    await handle(id);
    await after(doctorStream, beforeHandling, names(id));
    const beforeRecheck = doctorStream.events.length;
    await glucose(consulted, '13:10', 6.1);
    await after(doctorStream, beforeRecheck, names(id));
    const closed = await ok<Latest>('GET', '/v1/crisisPatient/latest', cardDoctor);
    expect(closed).toMatchObject({ openCount: 0, records: [], escalatedToMe: [] });
    await close(other);
  });

  it('escalates once when two processes sweep at the same moment, and not while another sweep holds the lock', async () => {
    const id = await critical(await inpatient('Two sweeps'), '14:00', 1.8);
    const at = sh('14:15');
    // another process's sweep in progress: this one skips its round
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked = () => {};
    const lockTaken = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const holder = t.handle.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${SWEEP_LOCK_KEY})`);
      locked();
      await held;
    });
    await lockTaken;
    expect(await sweepEscalations(t.handle.db, at)).toEqual([]);
    release();
    await holder;

    const [first, second] = await Promise.all([
      sweepEscalations(t.handle.db, at),
      sweepEscalations(t.handle.db, at),
    ]);
    expect([...first, ...second].map((event) => event.id)).toEqual([id]);
    expect(await auditRows(t, 'criticalEvent', id, 'escalate')).toHaveLength(1);
    await close(id);
  });

  it('sweeps by itself at its interval from the server’s clock, and stops when the server closes', async () => {
    const id = await critical(await inpatient('Timer'), '15:00', 1.7);
    const clock = sh('15:15');
    const app = await buildApp(t.app.config, {
      db: t.handle.db,
      clock: () => clock,
      logger: false,
      escalationSweepMs: 50,
    });
    await app.ready();
    const deadline = Date.now() + 5_000;
    while ((await view(id)).escalatedAt === null && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await app.close();
    expect((await view(id)).escalatedAt).toBe(clock.toISOString());
  });
});
