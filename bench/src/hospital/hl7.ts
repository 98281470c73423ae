/**
 * Issue 21: HL7 v2 over MLLP at hospital scale (`hl7in`, `hl7out`).
 *
 * - hl7in: ORU^R01 with one glucose reading each, sent to the bench hospital's HL7 listener on
 *   CONNECTIONS connections, each sending its next message when the previous one is acknowledged; then
 *   the same readings (same patients, operators and time scheme) through the meter upload endpoint, one
 *   reading per request, on as many connections. Target (issue 21): ≥ 1,000 messages/s acknowledged AA.
 * - hl7out: a backlog of outbound ORU^R01 rows (`hl7_messages`, direction out, pending, raw '': the
 *   outbox composes each at its first try) of existing approved readings, drained by the app's outbox
 *   worker to an MLLP receiver the bench runs (it answers AA to every frame).
 *
 * The HIS interface of the bench hospital is switched on for the run (POST /v1/his as a bench
 * administrator: listen port and the receiver's address) and put back afterwards, straight in the
 * database as the other rules' settings are; the hl7_messages rows the run made are deleted, and the
 * readings go with the bench's others (their device serials start with the run's serial).
 */
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import type pg from 'pg';
import { MllpDecoder, mllpFrame } from '../../../apps/server/src/modules/interop/hl7/mllp';
import { row } from '../row';
import type { AppServer } from './app-server';
import { BENCH_TENANT, BENCH_WARD } from './generate';
import { closedLoop, envCount, loopRow, oneDecimal, percentile } from './latency';
import type { HospitalRow } from './scenarios';

const UPLOAD_PATH = '/app-service/v1/testRecord/upload';
const HIS_PATH = '/app-service/v1/his';
/** outbound rows queued for `hl7out` (BENCH_HL7_BACKLOG) */
const BACKLOG = envCount('BENCH_HL7_BACKLOG', 2_000);
const ACK_WAIT_MS = 30_000;
const MAX_FRAME = 1 << 20;

export interface Hl7Run {
  server: AppServer;
  db: pg.Pool;
  /** nurses' tokens (the upload), an administrator's (the HIS setting) */
  nurses: string[];
  admin: string;
  connections: number;
  seconds: number;
  /** the run's device serial prefix and start (see runUpload) */
  upload: { serial: string; since: Date };
  /** `measured` of scenarios.ts: CPU per request; `inFlight` requests besides the row's own */
  measure: (run: () => Promise<HospitalRow>, inFlight?: number) => Promise<HospitalRow>;
}

const emptyRow = (scenario: string, skipped: string): HospitalRow => ({
  scenario,
  requests: 0,
  rps: 0,
  p50: 0,
  p99: 0,
  errors: 0,
  non2xx: 0,
  skipped,
});

/** A free TCP port on this machine (bound and released at once). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** "YYYYMMDDHHMMSS.SSS+0000" in UTC. */
function hl7Time(at: Date): string {
  const iso = at.toISOString(); // 2026-11-28T12:34:56.789Z
  return `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}.${iso.slice(20, 23)}+0000`;
}

/** MSH-10 of a message (fields split on '|': MSH-n is field n − 1). */
function controlIdOf(text: string): string {
  return text.split('\r')[0].split('|')[9] ?? '';
}

/** MSA-1 and the error text (ERR-8, else MSA-3) of an ACK. */
function ackOf(text: string): { code: string; text: string } {
  const segments = text.split('\r');
  const msa = segments.find((s) => s.startsWith('MSA|'))?.split('|') ?? [];
  const err = segments.find((s) => s.startsWith('ERR|'))?.split('|') ?? [];
  return { code: msa[1] ?? '', text: err[8] || msa[3] || text.replace(/\r/g, ' / ').slice(0, 300) };
}

/** One MLLP connection that sends a message and waits for the one answer. */
class MllpClient {
  private decoder = new MllpDecoder(MAX_FRAME);
  private waiting: { resolve: (text: string) => void; reject: (error: Error) => void } | null = null;

  private constructor(private readonly socket: net.Socket) {
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => {
      for (const frame of this.decoder.push(chunk)) {
        const waiting = this.waiting;
        this.waiting = null;
        waiting?.resolve(frame.kind === 'message' ? frame.bytes.toString('utf8') : '');
      }
    });
    const lost = (error?: Error) => {
      const waiting = this.waiting;
      this.waiting = null;
      waiting?.reject(error ?? new Error('connection closed'));
    };
    socket.on('error', lost);
    socket.on('close', () => lost());
  }

  static connect(port: number): Promise<MllpClient> {
    return new Promise((resolve, reject) => {
      const socket = net.connect({ host: '127.0.0.1', port });
      socket.once('error', reject);
      socket.once('connect', () => {
        socket.removeListener('error', reject);
        resolve(new MllpClient(socket));
      });
    });
  }

  send(frame: Buffer): Promise<string> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting = null;
        reject(new Error(`no ACK within ${ACK_WAIT_MS / 1000} s`));
      }, ACK_WAIT_MS);
      this.waiting = {
        resolve: (text) => {
          clearTimeout(timer);
          resolve(text);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
      this.socket.write(frame);
    });
  }

  close() {
    this.socket.destroy();
  }
}

/** The HIS end of the outbound link: answers MSA|AA|<MSH-10> to every frame and notes when each came. */
class Receiver {
  readonly arrivals: number[] = [];
  private readonly sockets = new Set<net.Socket>();
  private acks = 0;
  private constructor(
    private readonly server: net.Server,
    readonly port: number,
  ) {}

  static async start(): Promise<Receiver> {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const receiver = new Receiver(server, typeof address === 'object' && address ? address.port : 0);
    server.on('connection', (socket) => receiver.connection(socket));
    return receiver;
  }

  private connection(socket: net.Socket) {
    this.sockets.add(socket);
    socket.setNoDelay(true);
    const decoder = new MllpDecoder(MAX_FRAME);
    socket.on('data', (chunk: Buffer) => {
      for (const frame of decoder.push(chunk)) {
        this.arrivals.push(performance.now());
        const controlId = frame.kind === 'message' ? controlIdOf(frame.bytes.toString('utf8')) : '';
        this.acks++;
        const ack = [
          `MSH|^~\\&|HIS|HOSP|GLUCOCARE|${BENCH_TENANT}|${hl7Time(new Date()).slice(0, 14)}||ACK^R01^ACK|BA${this.acks}|P|2.5`,
          `MSA|AA|${controlId}`,
        ].join('\r');
        socket.write(mllpFrame(ack));
      }
    });
    socket.on('error', () => socket.destroy());
    socket.on('close', () => this.sockets.delete(socket));
  }

  async stop() {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** The bench ward's inpatients (wristbands, inpatient numbers) and nurses (operators), as runUpload takes them. */
async function wardOf(db: pg.Pool) {
  const { rows: ward } = await db.query<{ wristband_code: string; inpatient_number: string }>(
    `select wristband_code, inpatient_number from patients
      where tenant_id = $1 and department_code = $2 and status = 'inHospital' and deleted_at is null
        and admitted_at < now() - interval '3 days'
      order by id`,
    [BENCH_TENANT, BENCH_WARD],
  );
  const operators = (
    await db.query<{ user_name: string }>(
      `select user_name from users where tenant_id = $1 and department_code = $2 and user_name like 'n\\_%' order by id`,
      [BENCH_TENANT, BENCH_WARD],
    )
  ).rows.map((r) => r.user_name);
  return {
    wristbands: ward.map((r) => r.wristband_code),
    numbers: ward.map((r) => r.inpatient_number),
    operators,
  };
}

type Ward = Awaited<ReturnType<typeof wardOf>>;
/** PID-3 / the upload's patient field: the wristband (as runUpload) or the inpatient number */
type PatientId = 'WB' | 'MR';

/**
 * Reading k of a stream, as runUpload makes them: patient k mod P at 10 s × ⌊k / P⌋ before the
 * stream's start, on the run's 1-9 s past the minute (no generated reading is hit). Times are kept to
 * the second, so the streams keep apart by time instead: 12, 24, 36 and 48 h before the run's base —
 * the other upload scenarios go back from the base by a few hours at most; the bench ward's patients
 * were admitted more than 3 days before.
 */
function readingOf(k: number, ward: Ward, base: number, hoursBack: number) {
  const p = ward.wristbands.length;
  return {
    wristband: ward.wristbands[k % p],
    number: ward.numbers[k % p],
    operator: ward.operators[k % ward.operators.length],
    at: new Date(base - hoursBack * 3_600_000 - Math.floor(k / p) * 10_000),
    value: k % 211 === 0 ? 2.4 : Math.round((4.2 + ((k * 7919) % 97) / 10) * 10) / 10,
    recordNo: String(k + 1),
  };
}

function oruText(
  controlId: string,
  serial: string,
  r: ReturnType<typeof readingOf>,
  id: PatientId,
  sent: Date,
): string {
  const code = '14743-9^Glucose^LN';
  const obx = [
    'OBX',
    '1',
    'NM',
    code,
    '',
    String(r.value),
    'mmol/L',
    '',
    '',
    '',
    '',
    'F',
    '',
    '',
    hl7Time(r.at),
  ];
  obx.push('', r.operator, '', serial, '', '', r.recordNo);
  return [
    `MSH|^~\\&|BENCHLIS|HOSP|GLUCOCARE|${BENCH_TENANT}|${hl7Time(sent)}||ORU^R01^ORU_R01|${controlId}|P|2.5`,
    `PID|1||${id === 'WB' ? r.wristband : r.number}^^^HOSP^${id}||Bench^Patient`,
    `OBR|1|||${code}|||${hl7Time(r.at)}`,
    obx.join('|'),
  ].join('\r');
}

async function storedCount(db: pg.Pool, serial: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    'select count(*)::int as n from measurements where tenant_id = $1 and device_serial = $2',
    [BENCH_TENANT, serial],
  );
  return rows[0]?.n ?? 0;
}

/** Waits until the port takes connections (the listener opens just after the settings' answer). */
async function listening(port: number, ms: number): Promise<boolean> {
  for (const until = Date.now() + ms; Date.now() < until; ) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = net.connect({ host: '127.0.0.1', port });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (ok) return true;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return false;
}

/**
 * `hl7in`: ORU^R01 over MLLP, then the same readings through the upload; the ratio of stored/s. The
 * patient by wristband (PID-3 type WB, the upload's `wristbandCode`) or by inpatient number (MR,
 * `inpatientNumber`); each pair has its own device serials and hours (see readingOf).
 */
async function runInbound(
  run: Hl7Run,
  listenPort: number,
  base: number,
  id: PatientId,
  hoursBack: [number, number],
): Promise<HospitalRow[]> {
  const { server, db, connections, seconds } = run;
  const by = id === 'WB' ? 'patient by wristband (PID-3 WB)' : 'patient by inpatient number (PID-3 MR)';
  const name = `HL7 ORU^R01 over MLLP: one reading per message, ${by}, ${connections} connections, next message after the ACK`;
  const uploadName = `the same readings through POST /v1/testRecord/upload: one reading per request, ${id === 'WB' ? 'wristbandCode' : 'inpatientNumber'}, ${connections} connections`;
  const ward = await wardOf(db);
  if (!ward.wristbands.length || !ward.operators.length)
    return [emptyRow(name, 'no inpatients or nurses on the bench ward')];
  const serial = `${run.upload.serial}-HL7${id}`;
  const uploadSerial = `${run.upload.serial}-UPL${id}`;
  const clients = await Promise.all(
    Array.from({ length: connections }, () => MllpClient.connect(listenPort)),
  );
  const codes = { AA: 0, AE: 0, AR: 0, other: 0 };
  let firstError: string | undefined;
  let k = 0;
  // one message first, outside the clock: it must be acknowledged AA, else the figures are wrong
  const probe = await clients[0].send(
    mllpFrame(oruText(`${serial}-0`, serial, readingOf(k++, ward, base, hoursBack[0]), id, new Date())),
  );
  if (ackOf(probe).code !== 'AA') {
    for (const client of clients) client.close();
    return [emptyRow(name, `probe answered ${probe.replace(/\r/g, ' / ').slice(0, 300)}`)];
  }
  // the probe went before the clock; the closed loop finishes its own messages
  const inbound = await run.measure(async () => {
    const result = await closedLoop(clients, seconds, (client) => {
      const n = k++;
      const frame = mllpFrame(
        oruText(`${serial}-${n}`, serial, readingOf(n, ward, base, hoursBack[0]), id, new Date()),
      );
      return async () => {
        const ack = ackOf(await client.send(frame));
        if (ack.code === 'AA') {
          codes.AA++;
          return;
        }
        if (ack.code === 'AE' || ack.code === 'AR') codes[ack.code]++;
        else codes.other++;
        firstError ??= `${ack.code || 'no MSA'}: ${ack.text}`;
        throw new Error(`${ack.code}: ${ack.text}`);
      };
    });
    const r: HospitalRow = loopRow(name, result, seconds);
    r.extra = `${codes.AA} AA, ${codes.AE} AE, ${codes.AR} AR, ${result.errors - codes.AE - codes.AR - codes.other > 0 ? `${result.errors - codes.AE - codes.AR - codes.other} socket errors, ` : ''}${firstError || result.firstError ? `first error: ${firstError ?? result.firstError}` : 'no errors'}`;
    return r;
  }, 0);
  for (const client of clients) client.close();
  const storedIn = (await storedCount(db, serial)) - 1; // less the probe's

  // the same readings through the upload, one per request; a probe request first, outside the clock
  // (autocannon's requests still in flight at its stop count as requests for the CPU per request)
  let u = 0;
  let accepted = 0;
  let rejected = 0;
  let firstRejection: string | undefined;
  const body = () => {
    const r = readingOf(u++, ward, base, hoursBack[1]);
    return JSON.stringify({
      source: 'meter',
      records: [
        {
          deviceSerial: uploadSerial,
          deviceRecordNo: r.recordNo,
          category: 'GLU',
          testTime: r.at.toISOString(),
          result: r.value,
          ...(id === 'WB' ? { wristbandCode: r.wristband } : { inpatientNumber: r.number }),
          operator: r.operator,
        },
      ],
    });
  };
  const count = (text: string) => {
    try {
      const data = JSON.parse(text).dataContent as { accepted: number; rejected: unknown[] };
      accepted += Number(data.accepted) || 0;
      rejected += data.rejected?.length ?? 0;
      if (!firstRejection && data.rejected?.length)
        firstRejection = JSON.stringify(data.rejected[0]).slice(0, 300);
    } catch {
      // counted as non-2xx or error by autocannon
    }
  };
  const headers = (token: string) => ({
    authorization: `Bearer ${token}`,
    'content-type': 'application/json',
  });
  const res = await fetch(`${server.url}${UPLOAD_PATH}`, {
    method: 'POST',
    headers: headers(run.nurses[0]),
    body: body(),
  });
  const text = await res.text();
  if (res.status !== 200) {
    return [inbound, emptyRow(uploadName, `probe answered HTTP ${res.status}: ${text.slice(0, 300)}`)];
  }
  let nextToken = 0;
  const upload = await run.measure(async () => {
    const result = await autocannon({
      url: server.url,
      connections,
      duration: seconds,
      requests: [
        {
          method: 'POST',
          path: UPLOAD_PATH,
          setupRequest: (request, context: { index?: number }) => {
            context.index ??= nextToken++ % run.nurses.length;
            return { ...request, headers: headers(run.nurses[context.index]), body: body() };
          },
          onResponse: (_status, responseBody) => count(responseBody),
        },
      ],
    });
    return row(uploadName, result);
  }, connections);
  const storedUpload = (await storedCount(db, uploadSerial)) - 1; // less the probe's
  const inRate = storedIn / seconds;
  const uploadRate = storedUpload / seconds;
  const ratio = uploadRate > 0 ? Math.round((inRate / uploadRate) * 100) / 100 : 0;
  inbound.extra = `${inbound.extra}; ${storedIn} readings stored (${Math.round(inRate)}/s)`;
  upload.extra = `${upload.extra}; ${storedUpload} readings stored (${Math.round(uploadRate)}/s; ${accepted} accepted, ${rejected} rejected${firstRejection ? `, e.g. ${firstRejection}` : ''})`;
  inbound.target = {
    text: `≥ 1,000 messages/s AA (stored/s HL7 ÷ upload ${ratio}×)`,
    met: inbound.rps >= 1000 && inbound.errors === 0 && inbound.non2xx === 0,
  };
  return [inbound, upload];
}

/** `hl7out`: a backlog of outbound ORU^R01 drained by the app's outbox to the bench's receiver. */
async function runOutbound(run: Hl7Run, receiver: Receiver): Promise<HospitalRow> {
  const { db } = run;
  const name = `HL7 outbox: a backlog of ${BACKLOG} ORU^R01 (approved readings) drained to an MLLP receiver answering AA`;
  const { rows: queued } = await db.query<{ n: number }>(
    `select count(*)::int as n from hl7_messages
      where tenant_id = $1 and direction = 'out' and status in ('pending', 'retrying')`,
    [BENCH_TENANT],
  );
  if ((queued[0]?.n ?? 0) > 0)
    return emptyRow(name, `${queued[0].n} outbound messages of the bench hospital already queued`);
  let sent = 0;
  let failed = 0;
  let wallSeconds = 0;
  let stuck = 0;
  let firstError: string | undefined;
  const arrivalsBefore = receiver.arrivals.length;
  const result = await run.measure(async () => {
    const started = performance.now();
    const { rows: ids } = await db.query<{ first: string; last: string; n: number }>(
      `with queued as (
         insert into hl7_messages (tenant_id, direction, status, message_type, raw, patient_id, measurement_id,
                                   result_status, next_attempt_at)
         select m.tenant_id, 'out', 'pending', 'ORU^R01', '', m.patient_id, m.id, 'F', now()
           from (select tenant_id, patient_id, id from measurements
                  where tenant_id = $1 and status = 'approved' and deleted_at is null and value is not null
                    and coalesce(device_serial, '') not like $3 || '%'
                  order by id desc limit $2) m
          order by m.id
         returning id)
       select min(id)::text as first, max(id)::text as last, count(*)::int as n from queued`,
      [BENCH_TENANT, BACKLOG, run.upload.serial],
    );
    const { first, last, n } = ids[0];
    const left = async () =>
      (
        await db.query<{ n: number }>(
          `select count(*)::int as n from hl7_messages
            where tenant_id = $1 and id between $2 and $3 and status in ('pending', 'retrying')`,
          [BENCH_TENANT, first, last],
        )
      ).rows[0].n;
    // at most 2 minutes, or 10 ms a message
    const until = started + Math.max(120_000, n * 10);
    let remaining = n;
    while (remaining > 0 && performance.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      remaining = await left();
    }
    wallSeconds = (performance.now() - started) / 1000;
    const { rows: outcome } = await db.query<{ status: string; n: number; error: string | null }>(
      `select status, count(*)::int as n, min(coalesce(error_text, error_key)) as error from hl7_messages
        where tenant_id = $1 and id between $2 and $3 group by status`,
      [BENCH_TENANT, first, last],
    );
    for (const o of outcome) {
      if (o.status === 'sent') sent = o.n;
      else if (o.status === 'failed') failed = o.n;
      else stuck += o.n;
      if (o.status !== 'sent' && o.error) firstError ??= `${o.status}: ${o.error}`;
    }
    // the time per message as the receiver saw it: the gaps between consecutive frames
    const arrivals = receiver.arrivals.slice(arrivalsBefore);
    const gaps = arrivals
      .slice(1)
      .map((at, i) => at - arrivals[i])
      .sort((a, b) => a - b);
    const span = arrivals.length > 1 ? (arrivals[arrivals.length - 1] - arrivals[0]) / 1000 : 0;
    return {
      scenario: name,
      requests: sent,
      rps: span > 0 ? Math.round((arrivals.length - 1) / span) : 0,
      p50: oneDecimal(percentile(gaps, 50)),
      p99: oneDecimal(percentile(gaps, 99)),
      errors: failed + stuck,
      non2xx: 0,
    };
  }, 0);
  const wallRate = wallSeconds > 0 ? Math.round(sent / wallSeconds) : 0;
  result.extra = `${result.extra}; req/s = frames/s at the receiver from first to last, p50/p99 = gap between frames; ${sent} sent, ${failed} failed, ${stuck} still queued; all sent ${wallSeconds.toFixed(1)} s after the backlog's commit (${wallRate}/s, with the worker's 1-s poll)${firstError ? `; first error: ${firstError}` : ''}`;
  return result;
}

/** Runs `hl7in` and/or `hl7out` with the HIS interface switched on, and puts everything back. */
export async function runHl7(
  run: Hl7Run,
  chosen: { inbound: boolean; outbound: boolean },
): Promise<HospitalRow[]> {
  const { server, db } = run;
  if (!server.paths.has(HIS_PATH) || !server.paths.has('/app-service/v1/interop/connection'))
    return [emptyRow('HL7 over MLLP', 'POST /v1/his or GET /v1/interop/connection does not exist yet')];
  const { rows: kept } = await db.query<{ value: unknown }>(
    `select value from settings where tenant_id = $1 and key = 'his.interface'`,
    [BENCH_TENANT],
  );
  const { rows: last } = await db.query<{ id: string }>(
    `select coalesce(max(id), 0)::text as id from hl7_messages where tenant_id = $1`,
    [BENCH_TENANT],
  );
  const receiver = await Receiver.start();
  const listenPort = await freePort();
  const rows: HospitalRow[] = [];
  try {
    const res = await fetch(`${server.url}${HIS_PATH}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${run.admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        address: { address: '127.0.0.1', port: receiver.port },
        listenPort,
        enable: true,
      }),
    });
    const answer = await res.text();
    if (res.status !== 200) {
      return [emptyRow('HL7 over MLLP', `POST /v1/his answered ${res.status}: ${answer.slice(0, 300)}`)];
    }
    if (!(await listening(listenPort, 15_000)))
      return [emptyRow('HL7 over MLLP', `the HL7 listener did not open port ${listenPort} within 15 s`)];
    // the run's base time as runUpload's (the readings go back from 2 minutes before the run's start)
    const runStart = run.upload.since.getTime();
    const base = runStart - 120_000 - (runStart % 60_000) + 1000 * (1 + (runStart % 9));
    if (chosen.inbound) {
      process.stdout.write('[hospital] HL7 inbound over MLLP, then the same readings through the upload …\n');
      rows.push(...(await runInbound(run, listenPort, base, 'WB', [12, 24])));
      rows.push(...(await runInbound(run, listenPort, base, 'MR', [36, 48])));
    }
    if (chosen.outbound) {
      process.stdout.write('[hospital] HL7 outbox backlog …\n');
      rows.push(await runOutbound(run, receiver));
    }
    return rows;
  } finally {
    if (kept[0]) {
      await db.query(`update settings set value = $2::jsonb where tenant_id = $1 and key = 'his.interface'`, [
        BENCH_TENANT,
        JSON.stringify(kept[0].value),
      ]);
    } else {
      await db.query(`delete from settings where tenant_id = $1 and key = 'his.interface'`, [BENCH_TENANT]);
    }
    // the listener closes at the app's next check (5 s) or when it stops; nothing more is queued
    await receiver.stop();
    const removed = await db.query('delete from hl7_messages where tenant_id = $1 and id > $2', [
      BENCH_TENANT,
      last[0].id,
    ]);
    process.stdout.write(`[hospital] HL7: setting put back, ${removed.rowCount} hl7_messages rows removed\n`);
  }
}
