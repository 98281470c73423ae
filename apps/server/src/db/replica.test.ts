import { SCREEN_LINK_HEADER, SCREEN_LINK_PARAM } from '@glucocare/domain/monitor';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { encryptForTransport } from '../modules/auth/password-crypto';
import { hoursAgo, periodOfTime } from '../modules/measurements/test-support';
import { demoScreenLinks } from '../modules/monitor/links';
import { type ReplicaCluster, startReplicaCluster } from '../test/replica-cluster';
import { startServerProcess } from '../test/server-process';
import { createDb, type DbHandle } from './client';
import { createReadReplica, type ReadReplica } from './replica';

/**
 * Issue 22: reports, statistics and wall screens read from a streaming standby (DATABASE_REPLICA_URL),
 * writes and reads after a write from the primary, and the standby's absence or lag sends its reads
 * to the primary. A real primary and hot standby from the embedded binaries; pausing the standby's
 * replay shows which server answered each read.
 */

let cluster: ReplicaCluster;
let primary: DbHandle;
let replica: ReadReplica;
let app: FastifyInstance;
const replicaLog: string[] = [];
const logger = {
  warn: (_details: unknown, message?: string) => void replicaLog.push(`warn ${message}`),
  info: (_details: unknown, message?: string) => void replicaLog.push(`info ${message}`),
};

beforeAll(async () => {
  cluster = await startReplicaCluster();
  primary = createDb(cluster.primaryUrl, { warn: () => {} });
  replica = createReadReplica(cluster.standbyUrl, primary, logger, { checkMs: 60_000 });
  app = await buildApp(loadConfig({ LOG_LEVEL: 'silent' }), {
    db: primary.db,
    readDb: replica.db,
    logger: false,
    escalationSweepMs: 0,
  });
  await app.ready();
}, 120_000);

afterAll(async () => {
  await app?.close();
  await replica?.close();
  await primary?.close();
  await cluster?.stop();
});

async function login(userName: string, password: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/app-service/v1/login',
    payload: {
      tenant: '101',
      userName,
      password: encryptForTransport(app.passwordCrypto.publicKeyPem, password),
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().dataContent.access_token as string;
}

async function get<T>(url: string, headers: Record<string, string>): Promise<T> {
  const res = await app.inject({ method: 'GET', url: `/app-service${url}`, headers });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json().dataContent as T;
}

const shanghaiDay = (daysAgo: number) =>
  new Date(Date.now() + 8 * 3_600_000 - daysAgo * 86_400_000).toISOString().slice(0, 10);

/** What the replica-routed reads show of the readings: statistics, the ward dashboard, a wall, a report. */
async function replicaReads(admin: string, wallToken: string, patientId: number) {
  const bearer = { authorization: `Bearer ${admin}` };
  const statistics = await get<{ total: { testCount: number } }>(
    `/v1/statistics/departmentAnalysis?beginDate=${shanghaiDay(2)}&endDate=${shanghaiDay(0)}`,
    bearer,
  );
  const ward = await get<{ measurementsToday: number }>('/v1/monitor/ward', bearer);
  const wall = await get<{ records: { id: number }[] }>('/v1/monitor/personMonitor', {
    [SCREEN_LINK_HEADER]: wallToken,
  });
  const report = await get<{ testCount: number }>(
    `/v1/gluDataAnalysis/bloodGlucoseReport?patientId=${patientId}`,
    bearer,
  );
  return {
    statistics: statistics.total.testCount,
    ward: ward.measurementsToday,
    wall: wall.records.map((record) => record.id),
    report: report.testCount,
  };
}

async function replayPaused(paused: boolean) {
  await cluster.sql('standby', paused ? 'select pg_wal_replay_pause()' : 'select pg_wal_replay_resume()');
  if (!paused) return cluster.caughtUp();
  for (let i = 0; i < 100; i++) {
    const [{ state }] = await cluster.sql<{ state: string }>(
      'standby',
      'select pg_get_wal_replay_pause_state() as state',
    );
    if (state === 'paused') return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the standby did not pause its replay');
}

describe('the read replica', () => {
  let expectedAfterWrite: Awaited<ReturnType<typeof replicaReads>>;

  it('serves statistics, dashboards, walls and reports from the standby and writes from the primary', async () => {
    const [nurse, admin] = [await login('nurse01', 'Nurse@2026'), await login('admin', 'Admin@123456')];
    const [wall] = await demoScreenLinks(app, '101');
    const wallToken = new URL(wall!.path, 'http://wall').searchParams.get(SCREEN_LINK_PARAM)!;
    const nurseHeaders = { authorization: `Bearer ${nurse}` };
    const patients = await get<{ records: { id: number }[] }>(
      '/v1/patients/hospitalizedPatients?size=1',
      nurseHeaders,
    );
    const patientId = patients.records[0]!.id;
    await cluster.caughtUp();
    const before = await replicaReads(admin, wallToken, patientId);

    await replayPaused(true);
    const testTime = hoursAgo(new Date(), 0.05);
    const write = await app.inject({
      method: 'POST',
      url: '/app-service/v1/testRecord/customerRecord',
      headers: nurseHeaders,
      payload: {
        category: 'GLU',
        patientId,
        period: periodOfTime(testTime),
        testTime,
        result: 2.1,
        unit: 'mmolL',
      },
    });
    // a write routed to the standby would fail: "cannot execute INSERT in a read-only transaction"
    expect(write.statusCode, write.body).toBe(200);
    const readingId = write.json().dataContent.id as number;
    // the nurse's own list reloads from the primary: the reading is there at once
    const list = await get<{ records: { id: number }[] }>(
      `/v1/testRecord/patient/${patientId}`,
      nurseHeaders,
    );
    expect(list.records.map((record) => record.id)).toContain(readingId);

    const whilePaused = await replicaReads(admin, wallToken, patientId);
    expect(whilePaused).toEqual(before);

    await replayPaused(false);
    expectedAfterWrite = await replicaReads(admin, wallToken, patientId);
    expect(expectedAfterWrite.statistics).toBe(before.statistics + 1);
    expect(expectedAfterWrite.ward).toBe(before.ward + 1);
    expect(expectedAfterWrite.report).toBe(before.report + 1);
    expect(expectedAfterWrite.wall).toContain(readingId);

    await replica.check(); // the monitor's next look, without waiting for it
    const health = await app.inject({ method: 'GET', url: '/app-service/health' });
    expect(health.json().dataContent).toEqual({
      status: 'ok',
      database: 'up',
      replica: { state: 'up', lagSeconds: 0 },
    });
  });

  it('reads from the primary while the standby lags beyond the limit, and from the standby again once it caught up', async () => {
    const strict = createReadReplica(
      cluster.standbyUrl,
      primary,
      { warn() {}, info() {} },
      {
        maxLagSeconds: 1,
        checkMs: 60_000,
      },
    );
    try {
      await primary.db.execute(sql`create table lag_probe (n int)`);
      await cluster.caughtUp();
      await replayPaused(true);
      await primary.db.execute(sql`insert into lag_probe values (1)`);
      const count = async () =>
        Number((await strict.db.execute<{ n: string }>(sql`select count(*) as n from lag_probe`)).rows[0]!.n);
      expect((await strict.check()).state).toBe('up');
      expect(await count()).toBe(0); // the paused standby's answer

      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const lagging = await strict.check();
      expect(lagging.state).toBe('lagging');
      expect(lagging.lagSeconds).toBeGreaterThan(1);
      expect(await count()).toBe(1); // the primary's

      await replayPaused(false);
      expect(await strict.check()).toEqual({ state: 'up', lagSeconds: 0 });
      await primary.db.execute(sql`drop table lag_probe`);
    } finally {
      await strict.close();
    }
  });

  it('is opened by the server from DATABASE_REPLICA_URL, shown by /health and closed on a graceful stop', async () => {
    const server = await startServerProcess(cluster.primaryUrl, { DATABASE_REPLICA_URL: cluster.standbyUrl });
    try {
      let replicaState: unknown;
      for (let i = 0; i < 50 && replicaState === undefined; i++) {
        const health = (await (await fetch(`${server.base}/app-service/health`)).json()) as {
          dataContent: { replica?: { state: string } };
        };
        replicaState = health.dataContent.replica?.state;
        if (replicaState === undefined) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(replicaState).toBe('up');
      const exited = new Promise<number | null>((resolve) => server.child.once('exit', resolve));
      server.child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      server.kill();
    }
  });

  it('answers its reads from the primary when the standby is down, with one warning', async () => {
    const [admin] = [await login('admin', 'Admin@123456')];
    const [wall] = await demoScreenLinks(app, '101');
    const wallToken = new URL(wall!.path, 'http://wall').searchParams.get(SCREEN_LINK_PARAM)!;
    const patients = await get<{ records: { id: number }[] }>('/v1/patients/hospitalizedPatients?size=1', {
      authorization: `Bearer ${admin}`,
    });
    replicaLog.length = 0;
    await cluster.stopStandby();

    for (let i = 0; i < 3; i++) {
      expect(await replicaReads(admin, wallToken, patients.records[0]!.id)).toEqual(expectedAfterWrite);
    }
    // the pool's own lines (connection lost) aside, the replica's state change is logged once
    expect(replicaLog.filter((line) => line.includes('read replica'))).toEqual([
      'warn read replica unreachable: its reads go to the primary',
    ]);
    const health = await app.inject({ method: 'GET', url: '/app-service/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json().dataContent.replica).toEqual({ state: 'down', lagSeconds: null });
  });
});
