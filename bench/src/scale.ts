import os from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort } from '../../apps/server/src/db/embedded';
import { type AppServer, startAppServer } from './hospital/app-server';
import { cpuBetween, cpuSnapshot } from './hospital/cpu';
import {
  BENCH_PASSWORD,
  BENCH_TENANT,
  BENCH_USERS,
  BENCH_WARD,
  benchNurse,
  benchYears,
  databaseNameFor,
} from './hospital/generate';
import { type Row, row } from './row';

/**
 * Issue 22: throughput of two app processes against one, on the bench hospital (`npm run bench --
 * --only=scale`). The same two processes serve both measures: "one" sends every connection to the
 * first, "two" spreads the connections over both, round-robin, as a balancer would. A read (own
 * profile: session, permission, envelope) and a write (meter uploads of 50 readings, removed again
 * afterwards). Both processes and PostgreSQL share this machine's cores, so the figures say what a
 * second process buys when it cannot get a core of its own.
 */

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
/** the bench hospital of BENCH_YEARS (default one year) */
const DATABASE_NAME = databaseNameFor(benchYears());
const UPLOAD_BATCH = 50;

interface ScaleRow extends Row {
  processes: number;
  /** CPU of each app process and of the database backends, % of one core over the run */
  appCpu: (number | null)[];
  dbCpu: number | null;
}

function hospitalUrl(): string {
  const base = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('scale: set BENCH_DATABASE_URL (the server that holds the bench hospital)');
  const url = new URL(base);
  url.pathname = `/${DATABASE_NAME}`;
  return url.toString();
}

async function measure(
  name: string,
  servers: AppServer[],
  monitor: pg.Pool,
  seconds: number,
  requests: autocannon.Request[],
): Promise<ScaleRow> {
  const database = DATABASE_NAME;
  const before = await Promise.all(servers.map((server) => cpuSnapshot(server.pid, monitor, database)));
  const startedAt = Date.now();
  const result = await autocannon({
    // autocannon takes several URLs and gives the connections to them in turn (its types say one)
    url: servers.map((server) => server.url) as unknown as string,
    connections: CONNECTIONS,
    duration: seconds,
    requests,
  });
  const elapsedMs = Date.now() - startedAt;
  const after = await Promise.all(servers.map((server) => cpuSnapshot(server.pid, monitor, database)));
  const used = servers.map((_, i) => cpuBetween(before[i]!, after[i]!));
  const percent = (ms: number | null) => (ms === null ? null : Math.round((100 * ms) / elapsedMs));
  return {
    ...row(name, result),
    processes: servers.length,
    appCpu: used.map((u) => percent(u.app)),
    dbCpu: percent(used[0]!.db),
  };
}

async function uploadRequests(
  db: pg.Pool,
  probeUrl: string,
  tokens: string[],
  serial: string,
): Promise<autocannon.Request[]> {
  const ward = (
    await db.query<{ wristband_code: string }>(
      `select wristband_code from patients
        where tenant_id = $1 and department_code = $2 and status = 'inHospital' and deleted_at is null
          and admitted_at < now() - interval '3 days'
        order by id`,
      [BENCH_TENANT, BENCH_WARD],
    )
  ).rows.map((r) => r.wristband_code);
  const operators = (
    await db.query<{ user_name: string }>(
      `select user_name from users where tenant_id = $1 and department_code = $2 and user_name like 'n\\_%' order by id`,
      [BENCH_TENANT, BENCH_WARD],
    )
  ).rows.map((r) => r.user_name);
  // times 10 s apart per patient, back from 2 minutes ago, never on a whole minute (the generated data's)
  const base = Date.now() - 120_000 - (Date.now() % 60_000) + 7_000;
  let k = 0;
  let next = 0;
  const batch = () => {
    const records = [];
    for (let i = 0; i < UPLOAD_BATCH; i++, k++) {
      records.push({
        deviceSerial: serial,
        deviceRecordNo: String(k + 1),
        category: 'GLU',
        testTime: new Date(base - Math.floor(k / ward.length) * 10_000).toISOString(),
        result: k % 211 === 0 ? 2.4 : Math.round((4.2 + ((k * 7919) % 97) / 10) * 10) / 10,
        wristbandCode: ward[k % ward.length],
        operator: operators[k % operators.length],
      });
    }
    return JSON.stringify({ source: 'meter', records });
  };
  // one batch before the load: a refused upload would make the figures meaningless
  const probe = await fetch(`${probeUrl}/app-service/v1/testRecord/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tokens[0]}`, 'content-type': 'application/json' },
    body: batch(),
  });
  const answer = await probe.text();
  if (probe.status !== 200 || !JSON.parse(answer).dataContent?.accepted) {
    throw new Error(`scale: the probe upload answered ${probe.status}: ${answer.slice(0, 300)}`);
  }
  return [
    {
      method: 'POST',
      path: '/app-service/v1/testRecord/upload',
      setupRequest: (request, context: { index?: number }) => {
        context.index ??= next++ % tokens.length;
        return {
          ...request,
          headers: { authorization: `Bearer ${tokens[context.index]}`, 'content-type': 'application/json' },
          body: batch(),
        };
      },
    },
  ];
}

function profileRequests(tokens: string[]): autocannon.Request[] {
  let next = 0;
  return [
    {
      method: 'GET',
      path: '/app-service/v1/users/profile',
      setupRequest: (request, context: { index?: number }) => {
        context.index ??= next++ % tokens.length;
        return { ...request, headers: { authorization: `Bearer ${tokens[context.index]}` } };
      },
    },
  ];
}

/** The uploaded readings and what they made (critical values, audit rows), so the hospital stays as generated. */
async function removeUploads(db: pg.Pool, serial: string, since: Date) {
  const client = await db.connect();
  try {
    await client.query('begin');
    await client.query(
      `delete from critical_events where tenant_id = $1 and measurement_id in
         (select id from measurements where tenant_id = $1 and device_serial = $2)`,
      [BENCH_TENANT, serial],
    );
    await client.query('delete from consultations where tenant_id = $1 and created_at >= $2', [
      BENCH_TENANT,
      since,
    ]);
    await client.query('delete from virtual_ward_stays where tenant_id = $1 and created_at >= $2', [
      BENCH_TENANT,
      since,
    ]);
    const removed = await client.query(
      'delete from measurements where tenant_id = $1 and device_serial = $2',
      [BENCH_TENANT, serial],
    );
    await client.query('delete from audit_log where tenant_id = $1 and at >= $2', [BENCH_TENANT, since]);
    await client.query('commit');
    await client.query('vacuum (analyze) measurements');
    process.stdout.write(`[scale] removed the ${removed.rowCount} uploaded readings again\n`);
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

function table(rows: ScaleRow[]): string[] {
  const cpu = (value: number | null) => (value === null ? '–' : `${value} %`);
  return [
    '| scenario | processes | requests | req/s | p50 ms | p99 ms | errors | non-2xx | app CPU (each) | DB CPU |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.scenario} | ${r.processes} | ${r.requests} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.non2xx} | ${r.appCpu.map(cpu).join(' + ')} | ${cpu(r.dbCpu)} |`,
    ),
  ];
}

/** One process against two on the bench hospital; the report's lines. */
export async function scaleReport(seconds: number): Promise<string[]> {
  const url = hospitalUrl();
  const since = new Date();
  const serial = `SCALE-${since.getTime().toString(36).toUpperCase()}`;
  const db = new pg.Pool({ connectionString: url, max: 2 });
  db.on('error', () => {});
  // one connection, so that the CPU snapshot leaves only the monitor's own backend out
  const monitor = new pg.Pool({ connectionString: url, max: 1 });
  monitor.on('error', () => {});
  const servers: AppServer[] = [];
  try {
    // one after the other: each applies pending migrations at start
    servers.push(await startAppServer(url, await freePort()));
    servers.push(await startAppServer(url, await freePort()));
    const [first] = servers as [AppServer, AppServer];
    // sessions live in PostgreSQL: a token from the first process is good on the second
    const tokens: string[] = [];
    for (let i = 1; i <= BENCH_USERS; i++)
      tokens.push(await first.login(BENCH_TENANT, benchNurse(i), BENCH_PASSWORD));
    const uploads = await uploadRequests(db, first.url, tokens, serial);
    const rows: ScaleRow[] = [];
    const run = async (name: string, count: 1 | 2, requests: autocannon.Request[]) => {
      process.stdout.write(`[scale] ${name}, ${count} process${count === 2 ? 'es' : ''} …\n`);
      rows.push(await measure(name, servers.slice(0, count), monitor, seconds, requests));
    };
    await run('own profile (read)', 1, profileRequests(tokens));
    await run('own profile (read)', 2, profileRequests(tokens));
    await run(`meter upload, ${UPLOAD_BATCH} readings (write)`, 1, uploads);
    await run(`meter upload, ${UPLOAD_BATCH} readings (write)`, 2, uploads);
    return [
      `## Two app processes against one (issue 22)`,
      '',
      `Bench hospital ${DATABASE_NAME}; ${os.cpus().length} cores shared by the app processes, PostgreSQL and the load generator; ` +
        `${CONNECTIONS} connections (two processes: alternately to each), ${seconds} s each; load ${os.loadavg()[0].toFixed(1)} at the end.`,
      '',
      ...table(rows),
      '',
    ];
  } finally {
    for (const server of servers) await server.stop();
    await removeUploads(db, serial, since).catch((error) =>
      process.stderr.write(`[scale] clean-up: ${error}\n`),
    );
    await db.end();
    await monitor.end();
  }
}
