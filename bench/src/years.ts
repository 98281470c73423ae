import os from 'node:os';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort } from '../../apps/server/src/db/embedded';
import { type AppServer, startAppServer } from './hospital/app-server';
import { cpuBetween, cpuSnapshot } from './hospital/cpu';
import {
  BENCH_PASSWORD,
  BENCH_TENANT,
  BENCH_USERS,
  benchAdmin,
  benchNurse,
  benchYears,
  ensureHospital,
  type HospitalInfo,
} from './hospital/generate';
import { CONNECTIONS, type HttpScenario, httpScenarios, type Who, windows } from './hospital/scenarios';
import { type Row, row } from './row';

/**
 * Issue 22: the same pages on the one-year hospital and on a five-year one (`npm run bench --
 * --only=years`; BENCH_YEARS=N for another span than 5). Both app processes run side by side, each on
 * its own database; each page is measured on one, then on the other (the order alternating from page
 * to page), for the same time window in both — the windows of the one-year hospital's data — and the
 * same long-stay patient (the N-year hospital's last year is the one-year hospital's, see
 * `generate.ts`), so what differs is only the older history in the tables. Target: the N-year figures
 * within 1.2 × the one-year ones (p50, and req/s the other way round).
 */

/** The pages compared: the ward dashboard, the patient tab (grid and list), the report, and two more. */
const KEYS = (process.env.BENCH_YEARS_SCENARIOS ?? 'dashboard,warddash,pivot,list,report,data')
  .split(',')
  .map((key) => key.trim())
  .filter(Boolean);
const WARM_UP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const TARGET = 1.2;

interface Side {
  label: string;
  info: HospitalInfo;
  database: string;
  /** seconds ensureHospital took (pending migrations on a reused database, e.g. the conversion to partitions) */
  readySeconds: number;
  /** seconds from spawning the app to its first healthy answer */
  startSeconds: number;
  server: AppServer;
  tokens: Record<Who, string[]>;
  monitor: pg.Pool;
  facts: TableFacts;
}

interface TableFacts {
  partitioned: boolean;
  rows: number;
  partitions: number;
  /** rows in the default partition (none: no default partition) */
  defaultRows: number | null;
  size: string;
  oldest: string | null;
  patients: number;
}

interface Measured extends Row {
  appCpu: number | null;
  dbCpu: number | null;
}

function serverUrl(): string {
  const base = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('years: set BENCH_DATABASE_URL (the server that holds the bench hospitals)');
  return base;
}

async function tableFacts(url: string): Promise<TableFacts> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{
      partitioned: boolean;
      partitions: number;
      default_partition: string | null;
      size: string;
      patients: number;
    }>(
      `select c.relkind = 'p' as partitioned,
              (select count(*) from pg_inherits where inhparent = 'measurements'::regclass)::int as partitions,
              (select p.oid::regclass::text from pg_inherits i join pg_class p on p.oid = i.inhrelid
                where i.inhparent = 'measurements'::regclass
                  and pg_get_expr(p.relpartbound, p.oid) = 'DEFAULT') as default_partition,
              (select pg_size_pretty(sum(pg_total_relation_size(relid)))
                 from pg_partition_tree('measurements')) as size,
              (select count(*) from patients where tenant_id = $1)::int as patients
         from pg_class c where c.oid = 'measurements'::regclass`,
      [BENCH_TENANT],
    );
    const counted = await client.query<{ rows: number; oldest: Date | null }>(
      'select count(*)::int as rows, min(test_time) as oldest from measurements',
    );
    const first = rows[0]!;
    const defaultRows = first.default_partition
      ? (
          await client.query<{ n: number }>(
            `select count(*)::int as n from ${first.default_partition
              .split('.')
              .map((part) => client.escapeIdentifier(part.replace(/"/g, '')))
              .join('.')}`,
          )
        ).rows[0]!.n
      : null;
    return {
      partitioned: first.partitioned,
      rows: counted.rows[0]!.rows,
      partitions: first.partitions,
      defaultRows,
      size: first.size,
      oldest: counted.rows[0]!.oldest?.toISOString().slice(0, 10) ?? null,
      patients: first.patients,
    };
  } finally {
    await client.end();
  }
}

async function prepareSide(base: string, years: number): Promise<Side> {
  const label = `${years} year${years > 1 ? 's' : ''}`;
  process.stdout.write(`[years] the ${label} hospital …\n`);
  let started = performance.now();
  // a big hospital is not dropped because a migration does not apply: that is worth knowing instead
  const info = await ensureHospital(base, { years, onMigrationFailure: 'throw' });
  const readySeconds = (performance.now() - started) / 1000;
  const database = new URL(info.url).pathname.slice(1);
  started = performance.now();
  const server = await startAppServer(info.url, await freePort());
  const startSeconds = (performance.now() - started) / 1000;
  process.stdout.write(
    `[years] ${database}: ready in ${readySeconds.toFixed(1)} s, app healthy in ${startSeconds.toFixed(1)} s\n`,
  );
  const monitor = new pg.Pool({ connectionString: info.url, max: 1 });
  monitor.on('error', () => {});
  const nurses: string[] = [];
  const admins: string[] = [];
  for (let i = 1; i <= BENCH_USERS; i++) {
    nurses.push(await server.login(BENCH_TENANT, benchNurse(i), BENCH_PASSWORD));
    admins.push(await server.login(BENCH_TENANT, benchAdmin(i), BENCH_PASSWORD));
  }
  return {
    label,
    info,
    database,
    readySeconds,
    startSeconds,
    server,
    tokens: { nurse: nurses, admin: admins, wall: [] },
    monitor,
    facts: await tableFacts(info.url),
  };
}

async function load(side: Side, scenario: HttpScenario, seconds: number, name: string) {
  const list = side.tokens[scenario.who];
  let next = 0;
  return autocannon({
    url: side.server.url,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        method: 'GET',
        path: scenario.path,
        setupRequest: (request, context: { index?: number }) => {
          context.index ??= next++ % list.length;
          return { ...request, headers: { authorization: `Bearer ${list[context.index]}` } };
        },
      },
    ],
  }).then((result) => row(name, result));
}

/** One page on one hospital: a probe (must answer 200), a short warm-up, then the measure with its CPU. */
async function measure(side: Side, scenario: HttpScenario, seconds: number): Promise<Measured | string> {
  const res = await fetch(`${side.server.url}${scenario.path}`, {
    headers: { authorization: `Bearer ${side.tokens[scenario.who][0]}` },
  });
  const text = await res.text();
  if (res.status !== 200) return `${side.label}: HTTP ${res.status} ${text.slice(0, 200)}`;
  if (WARM_UP_SECONDS > 0) await load(side, scenario, WARM_UP_SECONDS, 'warm-up');
  const before = await cpuSnapshot(side.server.pid, side.monitor, side.database);
  const result = await load(side, scenario, seconds, scenario.name);
  const after = await cpuSnapshot(side.server.pid, side.monitor, side.database);
  const used = cpuBetween(before, after);
  // the requests still in flight when the load stops are finished by the app too
  const requests = result.requests + CONNECTIONS;
  const perRequest = (ms: number | null) => (ms === null ? null : Math.round((ms / requests) * 10) / 10);
  return { ...result, appCpu: perRequest(used.app), dbCpu: perRequest(used.db) };
}

const n = (value: number) => value.toLocaleString('en-US');
const ratio = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 100) / 100 : Number.POSITIVE_INFINITY);

function factsLine(side: Side): string {
  const f = side.facts;
  const parts = f.partitioned
    ? `partitioned: ${f.partitions} partitions${f.defaultRows === null ? '' : ` (${n(f.defaultRows)} rows in the default one)`}`
    : `not partitioned (${f.partitions} partitions)`;
  const reused = side.info.reused
    ? `generated ${side.info.generatedAt} in ${side.info.generationSeconds} s; reused, pending migrations (and ANALYZE if they rebuilt the table) ${side.info.migrationSeconds ?? '–'} s`
    : `generated now in ${side.info.generationSeconds} s`;
  return (
    `- **${side.label}** (${side.database}; ${reused}; app healthy ${side.startSeconds.toFixed(1)} s after its spawn): ` +
    `${n(f.rows)} measurements since ${f.oldest ?? '–'} (${f.size} with indexes), ${parts}; ${n(f.patients)} patients`
  );
}

/** The one-year hospital against the N-year one; the report's lines. */
export async function yearsReport(seconds: number): Promise<string[]> {
  const base = serverUrl();
  const years = benchYears() > 1 ? benchYears() : 5;
  const since = new Date();
  const sides: Side[] = [];
  try {
    sides.push(await prepareSide(base, 1));
    sides.push(await prepareSide(base, years));
    const [one, many] = sides as [Side, Side];
    if (one.info.yearPatientId !== many.info.yearPatientId) {
      throw new Error(
        `years: the long-stay patient differs (${one.info.yearPatientId} and ${many.info.yearPatientId}): not the same last year`,
      );
    }
    // the same paths on both: the one-year hospital's windows (both end at their generation's day)
    const scenarios = httpScenarios({ ...many.info, dataEnd: one.info.dataEnd, timeZone: one.info.timeZone })
      .filter((scenario) => KEYS.includes(scenario.key) && scenario.who !== 'wall')
      .filter((scenario) => one.server.paths.has(scenario.route));
    const lines: string[] = [];
    for (const [index, scenario] of scenarios.entries()) {
      // alternate which hospital goes first, so that a drift of the machine's load favours neither
      const order = index % 2 === 0 ? [one, many] : [many, one];
      const results = new Map<Side, Measured | string>();
      for (const side of order) {
        process.stdout.write(`[years] ${scenario.key} on ${side.label} …\n`);
        results.set(side, await measure(side, scenario, seconds));
      }
      const a = results.get(one)!;
      const b = results.get(many)!;
      if (typeof a === 'string' || typeof b === 'string') {
        lines.push(
          `| ${scenario.name} | – | – | – | – | – | failed: ${[a, b].filter((r) => typeof r === 'string').join('; ')} |`,
        );
        continue;
      }
      const p50 = ratio(b.p50, a.p50);
      const rps = ratio(a.rps, b.rps);
      const errors = a.errors + a.non2xx + b.errors + b.non2xx;
      const met = p50 <= TARGET && rps <= TARGET && errors === 0;
      const cpu = (r: Measured) => `${r.appCpu ?? '–'} + ${r.dbCpu ?? '–'}`;
      lines.push(
        `| ${scenario.name} | ${a.rps}, ${a.p50} (p99 ${a.p99}) | ${b.rps}, ${b.p50} (p99 ${b.p99}) | ${p50} | ${rps} | ${cpu(a)} → ${cpu(b)} | ${met ? 'met' : '**MISSED**'}${errors ? ` (${errors} errors/non-2xx)` : ''} |`,
      );
    }
    const w = windows(one.info);
    return [
      `## One year against ${years} years of history (issue 22)`,
      '',
      `${os.cpus().length} cores shared by both app processes, PostgreSQL and the load generator; ${CONNECTIONS} connections, ` +
        `${WARM_UP_SECONDS} s warm-up then ${seconds} s per page and hospital, alternately; load ${os.loadavg()[0].toFixed(1)} at the end. ` +
        `Windows (both hospitals): last 7 days ${w.weekStart} – ${w.weekEnd}, month ${w.monthStart} – ${w.monthEnd}, year ${w.yearStart} – ${w.weekEnd}; ` +
        `long-stay patient ${one.info.yearPatientId} (ENDO bed 1) in both.`,
      '',
      ...sides.map(factsLine),
      '',
      `| scenario | 1 year: req/s, p50 ms | ${years} years: req/s, p50 ms | p50 ratio (${years} y / 1 y) | req/s ratio (1 y / ${years} y) | app + DB CPU ms/req (1 y → ${years} y) | target ≤ ${TARGET} |`,
      '|---|---|---|---|---|---|---|',
      ...lines,
      '',
    ];
  } finally {
    for (const side of sides) {
      await side.server.stop();
      // the logins' audit rows, so that the hospitals stay as generated
      await side.monitor
        .query('delete from audit_log where tenant_id = $1 and at >= $2', [BENCH_TENANT, since])
        .catch(() => {});
      await side.monitor.end();
    }
  }
}
