/**
 * Issue 15, push: 200 clients hold the push channel (`GET /v1/live/events`, Server-Sent Events with the
 * bearer session, read by the API tests' `openLiveStream`: fetch and the domain's `createSseReader`, as
 * the browser reads it) on the one app
 * process while 20 nurses on 20 wards enter readings (`POST /v1/testRecord/customerRecord`) as fast as
 * they are answered, for BENCH_SECONDS.
 *
 * Clients: 180 ward nurses spread over the 40 wards (`n_<ward>_1`…`_5`, each her own session and scope)
 * and 20 administrators of all wards (`bench_a01`…, scope "all"). So a reading of a writer's ward is due
 * at that ward's 5 nurse clients and the 20 administrators: 25 deliveries.
 *
 * Latency of a delivery: from the moment the writer's HTTP answer arrived (its acknowledgement) to the
 * moment the client read the `readings` event naming the patient — both on the bench's clock. A client's
 * k-th `readings` event of a patient is the k-th acknowledged write of that patient (one writer per ward
 * writes one reading at a time, and the channel keeps a stream's order). An event that arrives before its
 * write's answer counts as 0 ms (the client knew before the writer) and is counted apart. Also reported:
 * from the event's `at` (the server's clock at publish, same machine) to arrival.
 *
 * Memory: the app's heap and RSS after a full garbage collection (`AppServer.memory`) with the sessions
 * signed in but no stream open, and again with all streams open and ready, before any write: the
 * difference ÷ clients is the memory per connected client.
 */
import { performance } from 'node:perf_hooks';
import type { LiveMessage } from '@glucocare/domain/live';
import type pg from 'pg';
import { type LiveStream, openLiveStream } from '../../../apps/server/src/modules/live/test-support';
import type { AppMemory, AppServer } from './app-server';
import { cpuBetween, cpuSnapshot } from './cpu';
import { BENCH_PASSWORD, BENCH_TENANT, BENCH_USERS, benchAdmin } from './generate';
import { closedLoop, envCount, oneDecimal, percentile, StatusError } from './latency';
import {
  BENCH_NOTE,
  cellBase,
  cellOf,
  cellValue,
  type Hospital,
  inTurns,
  saveCell,
  signInNurses,
} from './round';
import { wallHeaders } from './screens';

/** Clients on the push channel: 200, or `BENCH_PUSH_CLIENTS`; a tenth (at most 20) of all wards. */
export const PUSH_CLIENTS = envCount('BENCH_PUSH_CLIENTS', 200);
/** How long after the last write the bench waits for deliveries still on their way. */
const DRAIN_MS = 5_000;

/** The bench's clock, as the stream reader stamps arrivals (`Date.now()`, like the event's `at`). */
const clock = () => Date.now();

interface Listener {
  /** the ward of a nurse client; null for an administrator or a whole-hospital wall screen (all wards) */
  ward: string | null;
  /** a wall screen's stream (issue 20): events name the wards, never the patients */
  wall: boolean;
  stream: LiveStream;
  /** how many of the stream's events `catchUp` has read */
  read: number;
  /** per patient (`p:<id>`), or per ward for a wall (`w:<code>`), when each `readings` event arrived */
  arrivals: Map<string, number[]>;
  /** events about a ward outside the client's scope (must stay 0) */
  strays: number;
  ended: boolean;
}

/** Opens one stream (the API tests' reader: fetch + bearer + `createSseReader`) and waits for `ready`. */
async function listen(url: string, token: string, ward: string | null, wall = false): Promise<Listener> {
  const stream = wall
    ? await openLiveStream(url, null, { path: '/v1/monitor/events', headers: wallHeaders(token) })
    : await openLiveStream(url, token);
  if (stream.status !== 200) throw new StatusError(stream.status, 'the push channel refused the client');
  await stream.waitFor((event) => event.event === 'ready', 60_000);
  const listener: Listener = { ward, wall, stream, read: 0, arrivals: new Map(), strays: 0, ended: false };
  void stream.ended.then(() => {
    listener.ended = true;
  });
  return listener;
}

/** Files the `readings` events a client received since the last call by patient; `at` → arrival into `fromPublish`. */
function catchUp(listener: Listener, fromPublish: number[]) {
  const events = listener.stream.events;
  for (; listener.read < events.length; listener.read++) {
    const event = events[listener.read];
    if (event.event !== 'readings') continue;
    const message = event.data as unknown as LiveMessage;
    fromPublish.push(event.receivedAt - message.at);
    if (listener.ward !== null && !message.departments.includes(listener.ward)) listener.strays++;
    // a wall's event carries no patient ids (`patientIds` absent): it is filed by ward
    if (listener.wall && 'patientIds' in message) listener.strays++;
    const keys = listener.wall
      ? message.departments.map((code) => `w:${code}`)
      : message.patientIds.map((id) => `p:${id}`);
    for (const key of keys) {
      const list = listener.arrivals.get(key);
      if (list) list.push(event.receivedAt);
      else listener.arrivals.set(key, [event.receivedAt]);
    }
  }
}

interface Write {
  ward: string;
  patientId: number;
  /** this write is the patient's seq-th acknowledged one of the run (from 0) */
  seq: number;
  /** and its ward's wardSeq-th (one writer per ward: a wall's k-th event of the ward is its k-th write) */
  wardSeq: number;
  ackAt: number;
}

export interface PushResult {
  /** staff sessions on `/v1/live/events`, or whole-hospital wall screens on `/v1/monitor/events` */
  kind: 'staff' | 'wall';
  clients: number;
  allScope: number;
  listenerWards: number;
  writers: number;
  writes: number;
  writesPerSecond: number;
  writeP50: number;
  writeP99: number;
  errors: number;
  non2xx: number;
  firstError?: string;
  expected: number;
  delivered: number;
  /** events a nurse client received about another ward */
  strays: number;
  /** streams that ended before the bench closed them */
  dropped: number;
  ackP50: number;
  ackP99: number;
  ackMax: number;
  /** deliveries that arrived before their write's HTTP answer */
  beforeAck: number;
  publishP50: number;
  publishP99: number;
  before: AppMemory;
  connected: AppMemory;
  afterWrites: AppMemory;
  appCpuPerWrite: number | null;
  dbCpuPerWrite: number | null;
  met: boolean;
}

export async function runPush(
  server: AppServer,
  hospital: Hospital,
  writers: number,
  seconds: number,
  run: { runId: string; since: Date; monitor: pg.Pool; database: string },
  /** wall screens: every client a whole-hospital screen link's stream (issue 20) */
  wall: { token: string } | null = null,
): Promise<PushResult | { skipped: string }> {
  const wards = hospital.wards;
  const allScope = wall ? PUSH_CLIENTS : Math.min(BENCH_USERS, Math.round(PUSH_CLIENTS / 10));
  const nurseClients = PUSH_CLIENTS - allScope;
  if (nurseClients > wards.length * 7 || writers > wards.length) {
    return {
      skipped: `${PUSH_CLIENTS} clients and ${writers} writers need more than the hospital's ${wards.length} wards × 8 nurses`,
    };
  }
  process.stdout.write(`[hospital] push: signing in ${PUSH_CLIENTS} clients and ${writers} writers …\n`);
  // writers are nurse 8 of wards 1..writers; clients nurses 1..7 of every ward, round robin
  const writerNurses = await signInNurses(
    server,
    hospital.url,
    wards.slice(0, writers).map((ward) => ({ ward, number: 8 })),
  );
  const clientNurses = await signInNurses(
    server,
    hospital.url,
    Array.from({ length: nurseClients }, (_, i) => ({
      ward: wards[i % wards.length],
      number: 1 + Math.floor(i / wards.length),
    })),
  );
  const adminTokens = wall
    ? []
    : await inTurns(
        Array.from({ length: allScope }, (_, i) => benchAdmin(i + 1)),
        4,
        (name) => server.login(BENCH_TENANT, name, BENCH_PASSWORD),
      );

  const before = await server.memory();
  const fromPublish: number[] = [];
  const plan = wall
    ? Array.from({ length: allScope }, () => ({ token: wall.token, ward: null }))
    : [
        ...clientNurses.map((nurse) => ({ token: nurse.token, ward: nurse.ward as string | null })),
        ...adminTokens.map((token) => ({ token, ward: null })),
      ];
  const listeners: Listener[] = [];
  try {
    try {
      await inTurns(plan, 20, async ({ token, ward }) => {
        listeners.push(await listen(server.url, token, ward, !!wall));
      });
    } catch (error) {
      return { skipped: `a client could not open the push channel: ${(error as Error).message}` };
    }
    const connected = await server.memory();
    process.stdout.write(
      `[hospital] push: ${listeners.length} clients connected; ${writers} writers for ${seconds} s …\n`,
    );

    const base = cellBase(run.since, 53);
    const note = `${BENCH_NOTE} push ${run.runId}`;
    const writes: Write[] = [];
    const seqs = new Map<number, number>();
    const wardSeqs = new Map<string, number>();
    const cpuBefore = await cpuSnapshot(server.pid, run.monitor, run.database);
    const loop = await closedLoop(writerNurses, seconds, (nurse, n, index) => {
      const cell = cellOf(hospital, nurse.ward, n, base);
      const value = cellValue(n * writers + index);
      return async () => {
        await saveCell(server, nurse.token, cell, value, note);
        const ackAt = clock();
        const seq = seqs.get(cell.patient.id) ?? 0;
        seqs.set(cell.patient.id, seq + 1);
        const wardSeq = wardSeqs.get(nurse.ward) ?? 0;
        wardSeqs.set(nurse.ward, wardSeq + 1);
        writes.push({ ward: nurse.ward, patientId: cell.patient.id, seq, wardSeq, ackAt });
      };
    });
    const cpuAfter = await cpuSnapshot(server.pid, run.monitor, run.database);

    const dueByWard = new Map(
      writerNurses.map((nurse) => [
        nurse.ward,
        listeners.filter((l) => l.ward === null || l.ward === nurse.ward),
      ]),
    );
    const due = (write: Write) => dueByWard.get(write.ward) ?? [];
    const arrivalOf = (listener: Listener, write: Write) =>
      listener.wall
        ? listener.arrivals.get(`w:${write.ward}`)?.[write.wardSeq]
        : listener.arrivals.get(`p:${write.patientId}`)?.[write.seq];
    const expected = writes.reduce((sum, write) => sum + due(write).length, 0);
    const deliveredNow = () => {
      for (const listener of listeners) catchUp(listener, fromPublish);
      return writes.reduce(
        (sum, write) => sum + due(write).filter((l) => arrivalOf(l, write) !== undefined).length,
        0,
      );
    };
    const drainUntil = performance.now() + DRAIN_MS;
    while (deliveredNow() < expected && performance.now() < drainUntil) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const afterWrites = await server.memory();

    const fromAck: number[] = [];
    let beforeAck = 0;
    for (const write of writes) {
      for (const listener of due(write)) {
        const arrival = arrivalOf(listener, write);
        if (arrival === undefined) continue;
        if (arrival < write.ackAt) beforeAck++;
        fromAck.push(Math.max(0, arrival - write.ackAt));
      }
    }
    fromAck.sort((a, b) => a - b);
    fromPublish.sort((a, b) => a - b);
    const used = cpuBetween(cpuBefore, cpuAfter);
    const perWrite = (ms: number | null) =>
      ms === null || !writes.length ? null : oneDecimal(ms / writes.length);
    const ackP99 = oneDecimal(percentile(fromAck, 99));
    const delivered = fromAck.length;
    const strays = listeners.reduce((sum, l) => sum + l.strays, 0);
    const dropped = listeners.filter((l) => l.ended).length;
    return {
      kind: wall ? 'wall' : 'staff',
      clients: listeners.length,
      allScope,
      listenerWards: new Set(clientNurses.map((nurse) => nurse.ward)).size,
      writers,
      writes: writes.length,
      writesPerSecond: Math.round(writes.length / seconds),
      writeP50: oneDecimal(percentile(loop.latencies, 50)),
      writeP99: oneDecimal(percentile(loop.latencies, 99)),
      errors: loop.errors,
      non2xx: loop.non2xx,
      firstError: loop.firstError,
      expected,
      delivered,
      strays,
      dropped,
      ackP50: oneDecimal(percentile(fromAck, 50)),
      ackP99,
      ackMax: oneDecimal(fromAck.at(-1) ?? 0),
      beforeAck,
      publishP50: oneDecimal(percentile(fromPublish, 50)),
      publishP99: oneDecimal(percentile(fromPublish, 99)),
      before,
      connected,
      afterWrites,
      appCpuPerWrite: perWrite(used.app),
      dbCpuPerWrite: perWrite(used.db),
      met:
        ackP99 <= 1000 &&
        delivered === expected &&
        expected > 0 &&
        strays === 0 &&
        dropped === 0 &&
        loop.errors + loop.non2xx === 0,
    };
  } finally {
    for (const listener of listeners) listener.stream.close();
  }
}
