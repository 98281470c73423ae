import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openLiveStream } from './modules/live/test-support';
import { hoursAgo, periodOfTime } from './modules/measurements/test-support';
import { cloneTemplate } from './test/database';
import { type ServerProcess, signInOver, startServerProcess } from './test/server-process';

/**
 * Issue 22, "any number of stateless API processes behind a load balancer on one PostgreSQL": two
 * real server processes (main.ts) on one database, and a client whose every call lands on the other
 * one, as a round-robin balancer without sticky sessions would send it. Sessions, settings and keys
 * live in PostgreSQL, the push channel crosses processes through LISTEN/NOTIFY.
 */

let a: ServerProcess;
let b: ServerProcess;

beforeAll(async () => {
  const databaseUrl = await cloneTemplate(inject('templateDatabaseUrl'));
  // one after the other: each runs the migrations at start
  a = await startServerProcess(databaseUrl);
  b = await startServerProcess(databaseUrl);
}, 120_000);
afterAll(() => {
  a?.kill();
  b?.kill();
});

async function call<T>(server: ServerProcess, token: string, method: string, url: string, body?: unknown) {
  const res = await fetch(`${server.base}/app-service${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, text, data: (res.ok ? JSON.parse(text).dataContent : undefined) as T };
}

describe('two processes behind a round-robin balancer', () => {
  it('carry one client through sign-in, admission, readings, a live critical value, approval, a report and sign-out', async () => {
    const token = await signInOver(a.base, '101', 'admin', 'Admin@123456');

    const stamp = Date.now().toString(36).slice(-6).toUpperCase();
    const admitted = await call<{ id: number; name: string }>(
      b,
      token,
      'POST',
      '/v1/patients/applyHospitalization',
      {
        name: `Scale Test ${stamp}`,
        gender: 'female',
        dateOfBirth: '1961-05-20',
        age: 64,
        inpatientNumber: `S${stamp}`,
        wristbandCode: `SW${stamp}`,
        bed: `S${stamp.slice(-4)}`,
        departmentCode: 'ENDO',
        doctorCode: 'doctor01',
        admittedAt: hoursAgo(new Date(), 3),
      },
    );
    expect(admitted.status, admitted.text).toBe(200);
    const patientId = admitted.data.id;

    // the same session, on the other process's push channel
    const live = await openLiveStream(b.base, token);
    try {
      expect(live.status).toBe(200);
      await live.waitFor((event) => event.event === 'ready');
      const reading = (hours: number, result: number) => {
        const testTime = hoursAgo(new Date(), hours);
        return call<{ id: number }>(a, token, 'POST', '/v1/testRecord/customerRecord', {
          category: 'GLU',
          patientId,
          period: periodOfTime(testTime),
          testTime,
          result,
          unit: 'mmolL',
        });
      };
      const normal = await reading(2, 6.4);
      expect(normal.status, normal.text).toBe(200);
      const critical = await reading(1, 2.1);
      expect(critical.status, critical.text).toBe(200);
      const answeredAt = Date.now();
      const pushed = await live.waitFor(
        (event) => event.event === 'critical' && (event.data.patientIds as number[]).includes(patientId),
      );
      expect(pushed.receivedAt - answeredAt).toBeLessThan(1_000);

      const ids = [normal.data.id, critical.data.id];
      const approved = await call<{ approved: number; approvedIds: number[] }>(
        b,
        token,
        'POST',
        '/v1/testRecord/approve',
        { ids },
      );
      expect(approved.status, approved.text).toBe(200);
      expect(approved.data.approvedIds.sort()).toEqual([...ids].sort());

      const report = await call<{ testCount: number; minValue: number; maxValue: number }>(
        a,
        token,
        'GET',
        `/v1/gluDataAnalysis/bloodGlucoseReport?patientId=${patientId}`,
      );
      expect(report.status, report.text).toBe(200);
      expect(report.data).toMatchObject({ testCount: 2, minValue: 2.1, maxValue: 6.4 });

      const logout = await call(b, token, 'POST', '/v1/logout');
      expect(logout.status, logout.text).toBe(200);
      const afterLogout = await call(a, token, 'GET', '/v1/users/profile');
      expect(afterLogout.status).toBe(401);
    } finally {
      live.close();
    }
  });
});
