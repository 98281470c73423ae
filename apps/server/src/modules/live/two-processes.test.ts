import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { cloneTemplate } from '../../test/database';
import { type ServerProcess, signInOver, startServerProcess } from '../../test/server-process';
import { hoursAgo, periodOfTime } from '../measurements/test-support';
import { openLiveStream } from './test-support';

/**
 * Issue 15: "a reading written through one process reaches a browser connected to another". Two real
 * server processes (main.ts) on one database; the push channel between them is PostgreSQL LISTEN/NOTIFY.
 */

let writer: ServerProcess;
let reader: ServerProcess;

beforeAll(async () => {
  const databaseUrl = await cloneTemplate(inject('templateDatabaseUrl'));
  // one after the other: each runs the migrations at start
  writer = await startServerProcess(databaseUrl);
  reader = await startServerProcess(databaseUrl);
}, 120_000);
afterAll(() => {
  writer?.kill();
  reader?.kill();
});

describe('the push channel across server processes', () => {
  it('brings a critical value written through one process to a client of the other within a second', async () => {
    const [nurseToken, doctorToken] = await Promise.all([
      signInOver(writer.base, '101', 'nurse01', 'Nurse@2026'),
      signInOver(reader.base, '101', 'doctor01', 'Doctor@2026'),
    ]);
    const doctor = await openLiveStream(reader.base, doctorToken);
    try {
      expect(doctor.status).toBe(200);
      await doctor.waitFor((event) => event.event === 'ready');
      const headers = { authorization: `Bearer ${nurseToken}`, 'content-type': 'application/json' };
      const list = await fetch(`${writer.base}/app-service/v1/patients/hospitalizedPatients?size=1`, {
        headers,
      });
      const patientId = ((await list.json()) as { dataContent: { records: { id: number }[] } }).dataContent
        .records[0]!.id;
      const testTime = hoursAgo(new Date(), 1);
      const res = await fetch(`${writer.base}/app-service/v1/testRecord/customerRecord`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          category: 'GLU',
          patientId,
          period: periodOfTime(testTime),
          testTime,
          result: 2.1,
          unit: 'mmolL',
        }),
      });
      expect(res.status, await res.clone().text()).toBe(200);
      const answeredAt = Date.now();
      const critical = await doctor.waitFor(
        (event) => event.event === 'critical' && (event.data.patientIds as number[]).includes(patientId),
      );
      expect(critical.receivedAt - answeredAt).toBeLessThan(1_000);
    } finally {
      doctor.close();
    }
  });
});
