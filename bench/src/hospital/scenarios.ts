/**
 * The hospital-scale scenarios: the ward's daily reads, data management, the critical-value list and
 * meter uploads, each at 20 concurrent connections for BENCH_SECONDS, against the app started from the
 * working tree over the generated hospital; and for the ward dashboard and the data-management query
 * the same SQL run directly with node-postgres at 20 concurrent clients as the ceiling; the ward round's
 * cell save against the same INSERT in SQL (`round.ts`) and the push channel under writes (`push.ts`).
 */
import os from 'node:os';
import { DEFAULT_AUTO_CONSULTATION } from '@glucocare/domain';
import autocannon from 'autocannon';
import pg from 'pg';
import { type Row, row } from '../row';
import { type AppServer, startAppServer } from './app-server';
import { CEILINGS, type CeilingQuery } from './ceiling';
import { type CpuSnapshot, cpuBetween, cpuSnapshot } from './cpu';
import {
  BENCH_PASSWORD,
  BENCH_TENANT,
  BENCH_USERS,
  BENCH_WARD,
  benchAdmin,
  benchNurse,
  type HospitalInfo,
} from './generate';
import { closedLoop, envCount, loopRow } from './latency';
import { ensureMonitoringOrders } from './orders';
import { type PushResult, runPush } from './push';
import {
  type Hospital,
  loadHospital,
  prepareRound,
  removeNotedRows,
  roundInSql,
  roundThroughApp,
} from './round';

/** Concurrent connections (and SQL clients) of every scenario: 20, or `BENCH_CONNECTIONS`. */
export const CONNECTIONS = envCount('BENCH_CONNECTIONS', 20);
const UPLOAD_BATCH = 500;

export interface Target {
  text: string;
  met: boolean;
}

export interface HospitalRow extends Row {
  /** e.g. readings/s of the upload */
  extra?: string;
  target?: Target;
  /** why the scenario did not run (an endpoint that does not exist yet) */
  skipped?: string;
  /** CPU ms per request of the app's process and of the database backends (null: not measurable) */
  appCpu?: number | null;
  dbCpu?: number | null;
}

type Who = 'nurse' | 'admin';

interface HttpScenario {
  /** for BENCH_SCENARIOS=dashboard,pivot,... */
  key: string;
  name: string;
  /** the OpenAPI path that must exist for the scenario to run */
  route: string;
  who: Who;
  path: string;
  /** p99 target in ms */
  p99Target?: number;
  /**
   * p99 target as a ratio to the SQL ceiling's p99: the ceiling then runs with the scenario (whether
   * or not `ceiling` is asked for) and the row says the ratio
   */
  ceilingRatio?: number;
}

/** "YYYY-MM-DD" of an instant in a time zone. */
function localDate(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

function shiftDate(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The query windows, relative to the end of the generated data (not to today: the data are reused). */
export function windows(info: HospitalInfo) {
  const end = localDate(new Date(info.dataEnd), info.timeZone);
  // the last full calendar month before the data's end
  const firstOfEndMonth = `${end.slice(0, 8)}01`;
  const monthEnd = shiftDate(firstOfEndMonth, -1);
  const monthStart = `${monthEnd.slice(0, 8)}01`;
  return {
    weekStart: shiftDate(end, -6),
    weekEnd: end,
    monthStart,
    monthEnd,
    yearStart: shiftDate(end, -364),
  };
}

function httpScenarios(info: HospitalInfo): HttpScenario[] {
  const w = windows(info);
  const patient = info.yearPatientId;
  return [
    {
      key: 'floor',
      name: 'floor: own profile (session, permission, envelope; no patient data)',
      route: '/app-service/v1/users/profile',
      who: 'nurse',
      path: '/app-service/v1/users/profile',
    },
    {
      key: 'dashboard',
      name: `ward dashboard: ${BENCH_WARD}, 50 beds, one page`,
      route: '/app-service/v1/patients/hospitalizedPatients',
      who: 'nurse',
      path: `/app-service/v1/patients/hospitalizedPatients?departmentCode=${BENCH_WARD}&page=1&size=50`,
      p99Target: 50,
    },
    {
      key: 'pivot',
      name: 'patient glucose tab: day × period grid, last 7 days (a year of data)',
      route: '/app-service/v1/testRecord/patient/pivot/{id}',
      who: 'nurse',
      path: `/app-service/v1/testRecord/patient/pivot/${patient}?category=GLU&beginDate=${w.weekStart}&endDate=${w.weekEnd}`,
      p99Target: 50,
    },
    {
      key: 'list',
      name: 'patient glucose tab: list, page 1 of 20 (a year of data)',
      route: '/app-service/v1/testRecord/patient/{id}',
      who: 'nurse',
      path: `/app-service/v1/testRecord/patient/${patient}?category=GLU&page=1&size=20`,
      p99Target: 50,
    },
    {
      key: 'data',
      name: `data management: GLU, ${BENCH_WARD}, ${w.monthStart.slice(0, 7)}, page 1 of 20`,
      route: '/app-service/v1/testRecord/query',
      who: 'admin',
      path: `/app-service/v1/testRecord/query?category=GLU&departmentCode=${BENCH_WARD}&beginDate=${w.monthStart}&endDate=${w.monthEnd}&page=1&size=20`,
      p99Target: 100,
    },
    {
      key: 'report',
      name: `glucose report: one patient, a year of 7-point data (${w.yearStart} to ${w.weekEnd})`,
      route: '/app-service/v1/gluDataAnalysis/bloodGlucoseReport',
      who: 'nurse',
      path: `/app-service/v1/gluDataAnalysis/bloodGlucoseReport?patientId=${patient}&beginDate=${w.yearStart}&endDate=${w.weekEnd}`,
      p99Target: 100,
    },
    {
      key: 'statistics',
      name: `department statistics: whole hospital, ${w.monthStart.slice(0, 7)}`,
      route: '/app-service/v1/statistics/departmentAnalysis',
      who: 'admin',
      path: `/app-service/v1/statistics/departmentAnalysis?beginDate=${w.monthStart}&endDate=${w.monthEnd}`,
      p99Target: 300,
    },
    {
      key: 'linked',
      name: `glucose–insulin linked chart: one patient, 14 days (${shiftDate(w.weekEnd, -13)} to ${w.weekEnd}; a year of data, pump)`,
      route: '/app-service/v1/insulinRecord/linkedChart/{id}',
      who: 'nurse',
      path: `/app-service/v1/insulinRecord/linkedChart/${patient}?beginDate=${shiftDate(w.weekEnd, -13)}&endDate=${w.weekEnd}`,
      ceilingRatio: 1.5,
    },
    {
      key: 'tasks',
      name: `today's tasks: ${BENCH_WARD}, 50 beds with monitoring orders (4-point, 7-point, every 2 h, ketone), page 1 of 20`,
      route: '/app-service/v1/tasks/todayTask',
      who: 'nurse',
      path: `/app-service/v1/tasks/todayTask?departmentCode=${BENCH_WARD}&page=1&size=20`,
      ceilingRatio: 1.5,
    },
    {
      key: 'critical',
      name: `critical-value list: whole hospital, ${w.monthStart.slice(0, 7)}, page 1 of 20`,
      route: '/app-service/v1/crisisPatient/query',
      who: 'admin',
      path: `/app-service/v1/crisisPatient/query?beginDate=${w.monthStart}&endDate=${w.monthEnd}&page=1&size=20`,
    },
  ];
}

type Ctx = { index?: number };

/** One token per connection, the same for the connection's whole run. */
function tokenOf(tokens: string[], context: Ctx, next: { value: number }): string {
  context.index ??= next.value++ % tokens.length;
  return tokens[context.index];
}

/** A request the scenario makes, checked once before the load: a failure here means wrong figures. */
async function probe(server: AppServer, method: string, path: string, token: string, body?: string) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body,
  });
  const text = await res.text();
  if (res.status !== 200) return `probe answered HTTP ${res.status}: ${text.slice(0, 300)}`;
  return null;
}

async function runHttp(
  server: AppServer,
  scenario: HttpScenario,
  tokens: Record<Who, string[]>,
  seconds: number,
): Promise<HospitalRow> {
  const list = tokens[scenario.who];
  const failure = await probe(server, 'GET', scenario.path, list[0]);
  if (failure) return { ...empty(scenario.name), skipped: failure };
  const next = { value: 0 };
  const result = await autocannon({
    url: server.url,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        method: 'GET',
        path: scenario.path,
        setupRequest: (request, context: Ctx) => ({
          ...request,
          headers: { authorization: `Bearer ${tokenOf(list, context, next)}` },
        }),
      },
    ],
  });
  const r: HospitalRow = row(scenario.name, result);
  if (scenario.p99Target !== undefined) {
    r.target = {
      text: `p99 < ${scenario.p99Target} ms`,
      met: r.p99 < scenario.p99Target && r.errors === 0 && r.non2xx === 0,
    };
  }
  return r;
}

function empty(scenario: string): HospitalRow {
  return { scenario, requests: 0, rps: 0, p50: 0, p99: 0, errors: 0, non2xx: 0 };
}

interface UploadTotals {
  accepted: number;
  duplicates: number;
  rejected: number;
  firstRejection?: string;
}

/**
 * Meter uploads of 500 readings at 20 connections. Every request carries fresh device record numbers
 * (one device serial per run) and fresh times: reading k goes to patient k mod P of the bench ward at
 * 10 s × ⌊k / P⌋ before the run's start, plus a run-specific 1-9 s — never a whole minute, so no
 * generated reading is hit. The rows are removed after the app has stopped (requests still running
 * when the load ends are finished by then), so that every run starts from the generated data.
 */
async function runUpload(
  server: AppServer,
  tokens: string[],
  db: pg.Pool,
  seconds: number,
  upload: { serial: string; since: Date },
  variant: { label?: string; serialSuffix?: string; shiftMs?: number } = {},
): Promise<HospitalRow & { storedPerSecond?: number }> {
  const name = `meter upload: batches of ${UPLOAD_BATCH} readings${variant.label ?? ''}`;
  const runStart = upload.since;
  const serial = upload.serial + (variant.serialSuffix ?? '');
  const { rows: ward } = await db.query<{ wristband_code: string }>(
    `select wristband_code from patients
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
  const base =
    runStart.getTime() -
    120_000 -
    (runStart.getTime() % 60_000) +
    1000 * (1 + (runStart.getTime() % 9)) -
    (variant.shiftMs ?? 0);
  let k = 0;
  const batch = () => {
    const records = [];
    for (let i = 0; i < UPLOAD_BATCH; i++, k++) {
      const patient = ward[k % ward.length].wristband_code;
      const at = new Date(base - Math.floor(k / ward.length) * 10_000);
      // a plausible spread of glucose, now and then a critical one
      const value = k % 211 === 0 ? 2.4 : Math.round((4.2 + ((k * 7919) % 97) / 10) * 10) / 10;
      records.push({
        deviceSerial: serial,
        deviceRecordNo: String(k + 1),
        category: 'GLU',
        testTime: at.toISOString(),
        result: value,
        wristbandCode: patient,
        operator: operators[k % operators.length],
      });
    }
    return JSON.stringify({ source: 'meter', records });
  };
  const totals: UploadTotals = { accepted: 0, duplicates: 0, rejected: 0 };
  const count = (body: string) => {
    try {
      const data = JSON.parse(body).dataContent as {
        accepted: number;
        duplicates: number;
        rejected: { errors: { message: string }[] }[];
      };
      totals.accepted += Number(data.accepted) || 0;
      totals.duplicates += Number(data.duplicates) || 0;
      totals.rejected += data.rejected?.length ?? 0;
      if (!totals.firstRejection && data.rejected?.length) {
        totals.firstRejection = JSON.stringify(data.rejected[0]).slice(0, 300);
      }
    } catch {
      // counted as non-2xx or error by autocannon
    }
  };
  const probeBody = batch();
  const res = await fetch(`${server.url}/app-service/v1/testRecord/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tokens[0]}`, 'content-type': 'application/json' },
    body: probeBody,
  });
  const text = await res.text();
  if (res.status !== 200)
    return { ...empty(name), skipped: `probe answered HTTP ${res.status}: ${text.slice(0, 300)}` };
  count(text);
  const probeTotals = { ...totals };
  const next = { value: 0 };
  const result = await autocannon({
    url: server.url,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        path: '/app-service/v1/testRecord/upload',
        setupRequest: (request, context: Ctx) => ({
          ...request,
          headers: {
            authorization: `Bearer ${tokenOf(tokens, context, next)}`,
            'content-type': 'application/json',
          },
          body: batch(),
        }),
        onResponse: (_status, body) => count(body),
      },
    ],
  });
  const r: HospitalRow = row(name, result);
  const accepted = totals.accepted - probeTotals.accepted;
  const readingsPerSecond = Math.round((UPLOAD_BATCH * result['2xx']) / seconds);
  const storedPerSecond = Math.round(accepted / seconds);
  r.extra = `${readingsPerSecond} readings/s sent (${storedPerSecond}/s stored; ${totals.duplicates - probeTotals.duplicates} duplicates, ${totals.rejected - probeTotals.rejected} rejected${totals.firstRejection ? `, e.g. ${totals.firstRejection}` : ''})`;
  r.target = {
    text: '≥ 5,000 readings/s',
    met: storedPerSecond >= 5000 && r.errors === 0 && r.non2xx === 0,
  };
  return { ...r, storedPerSecond };
}

const AUTO_CONSULTATION_KEYS = ['feature.autoConsultation', 'strategy.autoConsultation'];

/**
 * Auto consultation's cost on the write path (issue 17): the meter upload twice in one run, first with
 * the hospital's auto-consultation switch off, then on with every glucose and the ketone trigger at
 * the default thresholds and another department consulting — about half the generated values cross one,
 * so every batch runs the consultation INSERT (raising one per patient, trigger and day, then skipping).
 * Target: readings stored per second with it on ≥ 0.9 × off. The settings are put back afterwards and
 * the consultations removed with the bench's other rows.
 */
async function runAutoConsultation(
  server: AppServer,
  tokens: string[],
  db: pg.Pool,
  seconds: number,
  upload: { serial: string; since: Date },
  measure: (run: () => Promise<HospitalRow>) => Promise<HospitalRow>,
): Promise<HospitalRow[]> {
  const { rows: kept } = await db.query<{ key: string; value: unknown }>(
    'select key, value from settings where tenant_id = $1 and key = any($2)',
    [BENCH_TENANT, AUTO_CONSULTATION_KEYS],
  );
  const { rows: others } = await db.query<{ code: string }>(
    'select code from departments where tenant_id = $1 and code <> $2 order by code limit 1',
    [BENCH_TENANT, BENCH_WARD],
  );
  const consulting = others[0]?.code;
  if (!consulting) return [{ ...empty('auto consultation'), skipped: 'no department to consult' }];
  const put = async (key: string, value: unknown) =>
    db.query(
      `insert into settings (tenant_id, key, value) values ($1, $2, $3::jsonb)
       on conflict (tenant_id, key) do update set value = excluded.value`,
      [BENCH_TENANT, key, JSON.stringify(value)],
    );
  try {
    await put('feature.autoConsultation', false);
    const off = await measure(() =>
      runUpload(server, tokens, db, seconds, upload, {
        label: ', auto consultation off',
        serialSuffix: '-OFF',
        shiftMs: 3_000,
      }),
    );
    await put('feature.autoConsultation', true);
    await put(
      'strategy.autoConsultation',
      DEFAULT_AUTO_CONSULTATION.map((entry) => ({
        ...entry,
        enabled: entry.item !== 'uricAcid' && entry.item !== 'urea',
        consultDepartmentCode: consulting,
      })),
    );
    const on = (await measure(() =>
      runUpload(server, tokens, db, seconds, upload, {
        label: ', auto consultation on',
        serialSuffix: '-ON',
        shiftMs: 6_000,
      }),
    )) as HospitalRow & { storedPerSecond?: number };
    const { rows: raised } = await db.query<{ count: number }>(
      `select count(*)::int as count from consultations where tenant_id = $1 and source = 'auto' and created_at >= $2`,
      [BENCH_TENANT, upload.since],
    );
    const offRate = (off as HospitalRow & { storedPerSecond?: number }).storedPerSecond ?? 0;
    const onRate = on.storedPerSecond ?? 0;
    const ratio = offRate > 0 ? Math.round((onRate / offRate) * 100) / 100 : 0;
    on.extra = `${on.extra}; ${raised[0]?.count ?? 0} consultations raised`;
    on.target = {
      text: `stored/s ≥ 0.9 × with it off (${ratio}×)`,
      met: ratio >= 0.9 && on.errors + on.non2xx + off.errors + off.non2xx === 0,
    };
    off.target = undefined;
    return [off, on];
  } finally {
    await db.query('delete from settings where tenant_id = $1 and key = any($2)', [
      BENCH_TENANT,
      AUTO_CONSULTATION_KEYS,
    ]);
    for (const row of kept) await put(row.key, row.value);
  }
}

/** Removes the rows the bench wrote (uploaded, and noted by the round and push scenarios) and the audit rows. */
async function removeBenchRows(db: pg.Pool, serial: string, since: Date) {
  const client = await db.connect();
  try {
    await client.query('begin');
    const noted = await removeNotedRows(client);
    await client.query(
      `delete from critical_events where tenant_id = $1 and measurement_id in
         (select id from measurements where tenant_id = $1 and device_serial like $2 || '%')`,
      [BENCH_TENANT, serial],
    );
    await client.query(`delete from consultations where tenant_id = $1 and created_at >= $2`, [
      BENCH_TENANT,
      since,
    ]);
    const removed = await client.query(
      `delete from measurements where tenant_id = $1 and device_serial like $2 || '%'`,
      [BENCH_TENANT, serial],
    );
    await client.query(`delete from audit_log where tenant_id = $1 and at >= $2`, [BENCH_TENANT, since]);
    await client.query('commit');
    if (removed.rowCount || noted) await client.query('vacuum (analyze) measurements');
    process.stdout.write(
      `[hospital] removed the ${removed.rowCount} uploaded and ${noted} entered readings again\n`,
    );
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/**
 * The endpoint's SQL run directly: 20 clients, each running the statements back to back as prepared
 * statements (as the app sends its repeated statements).
 */
async function runCeiling(
  url: string,
  query: CeilingQuery,
  seconds: number,
  mark: Marks,
): Promise<HospitalRow> {
  const pool = new pg.Pool({ connectionString: url, max: CONNECTIONS });
  pool.on('error', () => {});
  // all clients connected before the clock (and the CPU count) starts, released after it stops
  const clients = await Promise.all(Array.from({ length: CONNECTIONS }, () => pool.connect()));
  await mark.start();
  const result = await closedLoop(clients, seconds, (client) => async () => {
    for (const [index, statement] of query.statements.entries()) {
      await client.query({ name: `ceiling_${index}`, text: statement.text, values: statement.values });
    }
  });
  await mark.stop();
  for (const client of clients) client.release();
  await pool.end();
  return loopRow(query.name, result, seconds);
}

/** Where a scenario's measured part starts and stops, when not the whole of it. */
interface Marks {
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Runs a scenario and adds what it cost: CPU ms per request of the app and of the database backends
 * (the 2 cores are shared with other work, so latency moves with it; CPU per request much less), and
 * the machine's 1-minute load average at its end (far above 2: the figures are those of a fraction of
 * the machine). Probe requests (one per scenario) count as requests.
 */
async function measured(
  appPid: number | undefined,
  monitor: pg.Pool,
  database: string,
  run: (mark: Marks) => Promise<HospitalRow>,
  // autocannon stops with every connection's request in flight (and a probe went before): the app
  // still finishes them, they count as requests; a closed loop of the bench's own finishes its own
  inFlight = appPid ? CONNECTIONS + 1 : 0,
): Promise<HospitalRow> {
  let before: CpuSnapshot | undefined;
  let after: CpuSnapshot | undefined;
  const mark: Marks = {
    start: async () => {
      before = await cpuSnapshot(appPid, monitor, database);
    },
    stop: async () => {
      after = await cpuSnapshot(appPid, monitor, database);
    },
  };
  await mark.start();
  const result = await run(mark);
  if (result.skipped || !before) return result;
  if (appPid) await appIdle(appPid, monitor, database);
  if (!after) await mark.stop();
  const used = cpuBetween(before, after as CpuSnapshot);
  const requests = result.requests + inFlight;
  const perRequest = (ms: number | null) =>
    ms === null || !requests ? null : Math.round((ms / requests) * 10) / 10;
  const load = `load ${os.loadavg()[0].toFixed(1)}`;
  return {
    ...result,
    appCpu: perRequest(used.app),
    dbCpu: perRequest(used.db),
    extra: result.extra ? `${load}; ${result.extra}` : load,
  };
}

/** Waits (at most 30 s) until the app has used no CPU for 300 ms. */
async function appIdle(appPid: number, monitor: pg.Pool, database: string) {
  let last = (await cpuSnapshot(appPid, monitor, database)).app;
  for (let waited = 0; waited < 30_000; waited += 300) {
    await new Promise((resolve) => setTimeout(resolve, 300));
    const now = (await cpuSnapshot(appPid, monitor, database)).app;
    if (now === null || last === null || now - last < 10) return;
    last = now;
  }
}

/** The hospital scenarios' keys, for `--only` and BENCH_SCENARIOS. */
export const HOSPITAL_SCENARIOS = [
  // the keys do not depend on the hospital: any stand-in gives them
  ...httpScenarios({
    yearPatientId: 0,
    dataEnd: new Date(0).toISOString(),
    timeZone: 'UTC',
  } as HospitalInfo).map((scenario) => scenario.key),
  'ceiling',
  'upload',
  'autoconsult',
  'round',
  'push',
];

/**
 * The scenarios asked for: `only` (from `--only`), else BENCH_SCENARIOS=floor,dashboard,…,upload,round,push
 * (and `ceiling` for the SQL ceilings), else all.
 */
function chooser(only: string[] | undefined) {
  const list = only?.length ? only : process.env.BENCH_SCENARIOS?.split(',').map((k) => k.trim());
  return (key: string) => !list?.length || list.includes(key);
}

/** The ward round's cell save through the app and the same INSERT in SQL, with the ratio of their p99. */
async function runRound(
  server: AppServer,
  hospital: Hospital,
  seconds: number,
  run: { runId: string; since: Date; monitor: pg.Pool; database: string },
): Promise<HospitalRow[]> {
  const appName = `ward round: one cell saved (POST customerRecord), ${CONNECTIONS} nurses on ${Math.min(CONNECTIONS, hospital.wards.length)} wards`;
  const sqlName = `SQL: the same measurements INSERT, one row per statement, ${CONNECTIONS} connections`;
  if (!server.paths.has(CELL_PATH))
    return [{ ...empty(appName), skipped: `POST ${CELL_PATH} does not exist yet` }];
  const round = await prepareRound(server, hospital, CONNECTIONS, run.runId, run.since);
  process.stdout.write('[hospital] ward round: cell saves …\n');
  const app = await measured(
    server.pid,
    run.monitor,
    run.database,
    async () => {
      const result = await roundThroughApp(server, round, seconds);
      return 'skipped' in result
        ? { ...empty(appName), skipped: result.skipped }
        : loopRow(appName, result, seconds);
    },
    1,
  );
  if (app.skipped) return [app];
  process.stdout.write('[hospital] ward round: the same INSERT in SQL …\n');
  const direct = await measured(undefined, run.monitor, run.database, async (mark) =>
    loopRow(sqlName, await roundInSql(round, seconds, mark), seconds),
  );
  const ratio = direct.p99 > 0 ? Math.round((app.p99 / direct.p99) * 10) / 10 : Number.POSITIVE_INFINITY;
  app.target = {
    text: `p99 ≤ 2 × SQL p99 (${ratio}×)`,
    met: ratio <= 2 && app.errors + app.non2xx + direct.errors === 0,
  };
  return [app, direct];
}

const CELL_PATH = '/app-service/v1/testRecord/customerRecord';

/** What the hospital scenarios measured: the table's rows, and the push channel's figures. */
export interface HospitalResults {
  rows: HospitalRow[];
  push?: PushResult | { skipped: string };
}

/** Runs the hospital scenarios asked for (all by default); the app runs from the working tree on `port`. */
export async function runHospitalScenarios(
  info: HospitalInfo,
  port: number,
  seconds: number,
  only?: string[],
): Promise<HospitalResults> {
  const chosen = chooser(only);
  const rows: HospitalRow[] = [];
  let push: HospitalResults['push'];
  const now = new Date();
  const upload = { serial: `BENCH-${now.getTime().toString(36).toUpperCase()}`, since: now };
  const server = await startAppServer(info.url, port);
  const db = new pg.Pool({ connectionString: info.url, max: 2 });
  db.on('error', () => {});
  // one connection, so that pg_backend_pid() leaves exactly the monitor out of the measure
  const monitor = new pg.Pool({ connectionString: info.url, max: 1 });
  monitor.on('error', () => {});
  const database = new URL(info.url).pathname.slice(1);
  try {
    const nurses: string[] = [];
    const admins: string[] = [];
    for (let i = 1; i <= BENCH_USERS; i++) {
      nurses.push(await server.login(BENCH_TENANT, benchNurse(i), BENCH_PASSWORD));
      admins.push(await server.login(BENCH_TENANT, benchAdmin(i), BENCH_PASSWORD));
    }
    const tokens = { nurse: nurses, admin: admins };
    if (chosen('tasks')) {
      const orders = await ensureMonitoringOrders(db, info.dataEnd);
      process.stdout.write(`[hospital] ${BENCH_WARD}: ${orders} monitoring orders\n`);
    }
    for (const scenario of httpScenarios(info)) {
      let app: HospitalRow | null = null;
      if (!chosen(scenario.key)) {
        // not asked for (its SQL ceiling may be)
      } else if (!server.paths.has(scenario.route)) {
        rows.push({ ...empty(scenario.name), skipped: `GET ${scenario.route} does not exist yet` });
      } else {
        process.stdout.write(`[hospital] ${scenario.name} …\n`);
        app = await measured(server.pid, monitor, database, () => runHttp(server, scenario, tokens, seconds));
        rows.push(app);
      }
      const ceiling = CEILINGS[scenario.route];
      const withRatio = scenario.ceilingRatio !== undefined && app !== null && !app.skipped;
      if (ceiling && (chosen('ceiling') || withRatio)) {
        process.stdout.write(`[hospital] SQL ceiling of ${scenario.route} …\n`);
        const query = await ceiling(info, windows(info), db);
        const direct = await measured(undefined, monitor, database, (mark) =>
          runCeiling(info.url, query, seconds, mark),
        );
        rows.push(direct);
        if (withRatio && app && scenario.ceilingRatio !== undefined) {
          const ratio =
            direct.p99 > 0 ? Math.round((app.p99 / direct.p99) * 10) / 10 : Number.POSITIVE_INFINITY;
          app.target = {
            text: `p99 ≤ ${scenario.ceilingRatio} × SQL p99 (${ratio}×)`,
            met: ratio <= scenario.ceilingRatio && app.errors + app.non2xx + direct.errors === 0,
          };
        }
      }
    }
    const uploadPath = '/app-service/v1/testRecord/upload';
    if (!chosen('upload')) {
      // not asked for
    } else if (!server.paths.has(uploadPath)) {
      rows.push({
        ...empty(`meter upload: batches of ${UPLOAD_BATCH} readings`),
        skipped: `POST ${uploadPath} does not exist yet`,
      });
    } else {
      process.stdout.write('[hospital] meter upload …\n');
      rows.push(
        await measured(server.pid, monitor, database, () => runUpload(server, nurses, db, seconds, upload)),
      );
    }
    if (chosen('autoconsult') && server.paths.has(uploadPath)) {
      process.stdout.write('[hospital] meter upload with auto consultation off and on …\n');
      rows.push(
        ...(await runAutoConsultation(server, nurses, db, seconds, upload, (run) =>
          measured(server.pid, monitor, database, run),
        )),
      );
    }
    const run = { runId: upload.serial, since: now, monitor, database };
    const hospital = chosen('round') || chosen('push') ? await loadHospital(info.url) : null;
    if (hospital && chosen('round')) rows.push(...(await runRound(server, hospital, seconds, run)));
    if (hospital && chosen('push')) {
      if (!server.paths.has('/app-service/v1/live/events') || !server.paths.has(CELL_PATH)) {
        push = { skipped: 'GET /v1/live/events or POST /v1/testRecord/customerRecord does not exist yet' };
      } else {
        process.stdout.write('[hospital] push channel …\n');
        push = await runPush(server, hospital, CONNECTIONS, seconds, run);
      }
    }
  } finally {
    await server.stop();
    await removeBenchRows(db, upload.serial, upload.since);
    await db.end();
    await monitor.end();
  }
  return { rows, push };
}
