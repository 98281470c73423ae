import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOf } from '../../test/api';
import { createTestContext, type TestContext } from '../../test/harness';
import { hoursAgo, insertPatient, periodOfTime } from '../measurements/test-support';
import { type LiveStream, openLiveStream, type ReceivedEvent } from './test-support';

/**
 * The push channel (issue 15) through real HTTP: streams opened as the browser opens them, writes made
 * through the API. Who hears what follows the session's tenant and department scope.
 */

let t: TestContext;
let api: ReturnType<typeof apiOf>;
let base: string;
let admin: string;
let nurse: string;
let admin202: string;
let endo: number;
let card: number;
const streams: LiveStream[] = [];

beforeAll(async () => {
  t = await createTestContext();
  api = apiOf(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  [admin, nurse, admin202] = await Promise.all([
    t.login('101', 'admin', 'Admin@123456'),
    t.login('101', 'nurse01', 'Nurse@2026'),
    t.login('202', 'admin', 'Admin@202202'),
  ]);
  endo = await insertPatient(t, { name: 'Live Endo', departmentCode: 'ENDO' });
  card = await insertPatient(t, { name: 'Live Card', departmentCode: 'CARD' });
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  await t.close();
});

async function open(token: string | null) {
  const stream = await openLiveStream(base, token);
  streams.push(stream);
  if (stream.status === 200) await stream.waitFor((event) => event.event === 'ready');
  return stream;
}

let hour = 0;
async function enter(token: string, patientId: number, result: number) {
  const testTime = hoursAgo(t.clock.now, 100 - ++hour * 0.5);
  const res = await api('POST', '/v1/testRecord/customerRecord', token, {
    category: 'GLU',
    patientId,
    period: periodOfTime(testTime),
    testTime,
    result,
    unit: 'mmolL',
  });
  expect(res.statusCode, res.body).toBe(200);
  return { reading: res.json().dataContent as { id: number; testTime: string }, answeredAt: Date.now() };
}

const about = (topic: string, patientId: number) => (event: ReceivedEvent) =>
  event.event === topic && (event.data.patientIds as number[]).includes(patientId);

describe('GET /v1/live/events', () => {
  it('refuses a caller without a session, with the JSON envelope', async () => {
    const stream = await open(null);
    expect(stream.status).toBe(401);
  });

  it('tells everyone in scope of a critical value within a second of the write, and no one else', async () => {
    const [nurseStream, adminStream, otherTenant] = [
      await open(nurse),
      await open(admin),
      await open(admin202),
    ];
    const { answeredAt } = await enter(nurse, endo, 2.1);
    for (const stream of [nurseStream, adminStream]) {
      const reading = await stream.waitFor(about('readings', endo));
      const critical = await stream.waitFor(about('critical', endo));
      expect(reading.data).toMatchObject({ departments: ['ENDO'], patientIds: [endo] });
      expect(critical.data.criticalIds).toHaveLength(1);
      expect(critical.receivedAt - answeredAt).toBeLessThan(1_000);
      // the event carries no clinical content: the browser reads it through the API
      expect(JSON.stringify(critical.data)).not.toContain('2.1');
    }
    // a later event of its own tenant shows the other tenant's stream is live yet heard nothing before it
    const riverside = await insertPatient(t, {
      tenantId: '202',
      name: 'Live Riverside',
      departmentCode: 'IM',
    });
    await enter(admin202, riverside, 6.2);
    await otherTenant.waitFor(about('readings', riverside));
    expect(otherTenant.events.filter((event) => event.event !== 'ready')).toHaveLength(1);
  });

  it('keeps a ward’s news to the users whose scope holds it', async () => {
    const nurseStream = await open(nurse);
    const adminStream = await open(admin);
    await enter(admin, card, 6.5);
    await adminStream.waitFor(about('readings', card));
    // events reach one stream in order: once the nurse hears the later ENDO reading, the CARD one was not sent
    await enter(nurse, endo, 6.6);
    await nurseStream.waitFor(about('readings', endo));
    expect(nurseStream.events.some(about('readings', card))).toBe(false);
  });

  it('announces nothing for a refused write, and a handled critical value when it is handled', async () => {
    const stream = await open(nurse);
    const { reading } = await enter(nurse, endo, 2.0);
    const critical = await stream.waitFor(about('critical', endo));
    const clash = await api('POST', '/v1/testRecord/customerRecord', nurse, {
      category: 'GLU',
      patientId: endo,
      period: periodOfTime(reading.testTime),
      testTime: reading.testTime,
      result: 5.5,
      unit: 'mmolL',
    });
    expect(clash.statusCode).toBe(409);
    const criticalId = (critical.data.criticalIds as number[])[0]!;
    const handled = await api('POST', '/v1/crisisPatient/handle', nurse, {
      id: criticalId,
      version: 1,
      notifiedPerson: 'Dr. Li Wei',
      action: 'Glucose gel given; recheck in 15 minutes',
    });
    expect(handled.statusCode, handled.body).toBe(200);
    const after = await stream.waitFor(
      (event) =>
        event.event === 'critical' &&
        event !== critical &&
        (event.data.criticalIds as number[]).includes(criticalId),
    );
    const between = stream.events.slice(stream.events.indexOf(critical) + 1, stream.events.indexOf(after));
    expect(between).toEqual([]);
  });

  it('ends every open stream when the server stops, so a graceful stop does not wait for them', async () => {
    const stream = await open(nurse);
    const started = Date.now();
    await t.app.close();
    await stream.ended;
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
