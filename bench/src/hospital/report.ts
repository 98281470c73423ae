import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../../../apps/server/src/db/embedded';
import { ensureHospital, type HospitalInfo } from './generate';
import type { PushResult } from './push';
import { CONNECTIONS, type HospitalRow, runHospitalScenarios, windows } from './scenarios';

const root = path.resolve(import.meta.dirname, '../../..');

/**
 * The PostgreSQL server of the bench hospital: BENCH_DATABASE_URL's or TEST_DATABASE_URL's, else an
 * embedded one whose data stay under data/bench (so the generated hospital is reused).
 */
async function databaseServer(): Promise<{ url: string; stop(): Promise<void> }> {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (url) return { url, stop: async () => {} };
  const embedded = await startEmbeddedPostgres({
    dataDir: path.join(root, 'data', 'bench'),
    database: 'postgres',
  });
  return embedded;
}

async function postgresVersion(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ v: string; sb: string }>(
      `select current_setting('server_version') as v, current_setting('shared_buffers') as sb`,
    );
    return `PostgreSQL ${rows[0].v} (shared_buffers ${rows[0].sb})`;
  } finally {
    await client.end();
  }
}

const n = (value: number) => value.toLocaleString('en-US');

function countsLine(info: HospitalInfo): string[] {
  const c = info.counts;
  const pct = (part: number) => `${((100 * part) / c.measurements).toFixed(1)} %`;
  return [
    `Hospital (tenant 900, generator v${info.version}, ${info.reused ? `reused; generated ${info.generatedAt} in ${info.generationSeconds} s` : `generated now in ${info.generationSeconds} s`}, database ${c.databaseSize}): ` +
      `${c.wards} wards, ${n(c.beds)} beds, ${n(c.staff)} staff, ${n(c.patients)} patients (${n(c.inHospital)} in hospital, ${n(c.discharged)} discharged over ${(info.years ?? 1) > 1 ? `${info.years} years` : 'the year'}); ` +
      `${n(c.measurements)} measurements: ${n(c.glucose)} glucose, ${n(c.ketone)} ketone, ${n(c.uricAcid)} uric acid; ` +
      `${n(c.untested)} untested (${pct(c.untested)}), ${n(c.approved)} approved (${pct(c.approved)}), ` +
      `${n(c.critical)} critical (${pct(c.critical)}) with ${n(c.criticalEvents)} critical-value events (${n(c.criticalOpen)} open). ` +
      `Data up to ${info.dataEnd} (${info.timeZone}).`,
  ];
}

function table(rows: HospitalRow[]): string[] {
  const lines = [
    '| scenario | requests | req/s | p50 ms | p99 ms | errors | non-2xx | app CPU ms/req | DB CPU ms/req | target | notes |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const r of rows) {
    if (r.skipped) {
      lines.push(
        `| ${r.scenario} | – | – | – | – | – | – | – | – | ${r.target?.text ?? ''} | skipped: ${r.skipped.replace(/\|/g, '\\|')} |`,
      );
      continue;
    }
    const target = r.target ? `${r.target.text}: **${r.target.met ? 'met' : 'MISSED'}**` : '';
    lines.push(
      `| ${r.scenario} | ${r.requests} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.non2xx} | ${r.appCpu ?? '–'} | ${r.dbCpu ?? '–'} | ${target} | ${(r.extra ?? '').replace(/\|/g, '\\|')} |`,
    );
  }
  return lines;
}

const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;

/** What the ward-round rows leave out, said under the table whenever they are in it. */
const ROUND_NOTE =
  'Ward round: each nurse saves one glucose cell after the other on her own ward (beds in turn, distinct test times, ' +
  'every 211th value critical), with her own session. The app does per save: session and permission, the patient ' +
  'locked and checked in scope and stay, the entry validated with the hospital lists, the tester, the write-time ' +
  'classification, the taken-time check, the INSERT, the written row read back with its names, the critical-value ' +
  'event and recheck sync, the push NOTIFY, the audit row and the JSON answer, in one transaction. The SQL row is ' +
  'only the INSERT of the same columns with the values the app would store (classification computed beforehand, ' +
  'outside the clock), one autocommitted statement per row: no classification, no critical events or rechecks, no ' +
  'audit, no NOTIFY, no checks; only the glucose day counts, which database triggers keep for both.';

function pushLines(push: PushResult | { skipped: string }): string[] {
  if ('skipped' in push) return [`Push channel: skipped: ${push.skipped}`, ''];
  const perClient = (key: 'heapUsed' | 'rss' | 'external') =>
    `${((push.connected[key] - push.before[key]) / push.clients / 1024).toFixed(1)} KiB`;
  const target = `p99 ≤ 1 s, all delivered: **${push.met ? 'met' : 'MISSED'}**`;
  const who =
    push.kind === 'wall'
      ? `${push.clients} wall screens (whole-hospital screen link, GET /v1/monitor/events)`
      : `${push.clients} SSE clients (${push.clients - push.allScope} ward nurses on ${push.listenerWards} wards, ${push.allScope} of all wards)`;
  return [
    '| push channel | clients | writers | writes (per s) | write p50 / p99 ms | delivered / expected | write answered → client p50 ms | p99 ms | max ms | publish → client p50 / p99 ms | app + DB CPU ms per write | target |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
    `| ${who}, ${push.writers} nurses writing on ${push.writers} wards | ${push.clients} | ${push.writers} | ${push.writes} (${push.writesPerSecond}) | ${push.writeP50} / ${push.writeP99} | ${push.delivered} / ${push.expected} | ${push.ackP50} | ${push.ackP99} | ${push.ackMax} | ${push.publishP50} / ${push.publishP99} | ${push.appCpuPerWrite ?? '–'} + ${push.dbCpuPerWrite ?? '–'} | ${target} |`,
    '',
    `Push: ${push.beforeAck} of ${push.delivered} deliveries (${push.delivered ? ((100 * push.beforeAck) / push.delivered).toFixed(0) : 0} %) reached the client before the writer had its answer (counted as 0 ms); ` +
      `${push.strays} events ${push.kind === 'wall' ? 'named patients on a wall' : 'reached a nurse about another ward'}; ${push.dropped} streams ended early; ` +
      `${push.errors} write errors, ${push.non2xx} non-2xx${push.firstError ? ` (${push.firstError})` : ''}. ` +
      `App memory after a full GC: ${mib(push.before.heapUsed)} heap / ${mib(push.before.rss)} RSS with the sessions signed in but no stream, ` +
      `${mib(push.connected.heapUsed)} / ${mib(push.connected.rss)} with ${push.clients} streams open, ` +
      `${mib(push.afterWrites.heapUsed)} / ${mib(push.afterWrites.rss)} after the writes: ` +
      `**${perClient('heapUsed')} of heap per connected client** (external ${perClient('external')}; RSS ${perClient('rss')}, ` +
      'which moves with what the allocator returns to the system and is the looser figure)' +
      `${push.before.collected ? '' : ' (no GC available: heap figures include garbage)'}. ` +
      `The ${push.clients} clients and ${push.writers} writers run in the one bench process: the latencies include its event loop.`,
    '',
  ];
}

/** Generates (or reuses) the hospital, runs its scenarios (`only`: some of them) and returns the report's lines. */
export async function hospitalReport(seconds: number, only?: string[]): Promise<string[]> {
  const server = await databaseServer();
  try {
    const info = await ensureHospital(server.url);
    const port = Number(process.env.BENCH_PORT ?? 8096);
    const { rows, push, wallPush } = await runHospitalScenarios(info, port, seconds, only);
    const w = windows(info);
    const cpu = os.cpus();
    return [
      '## Hospital scale',
      '',
      `Machine: ${cpu.length} × ${cpu[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM, Node ${process.version}, ${await postgresVersion(server.url)}; ` +
        `the app from the working tree in its own process (LOG_LEVEL=warn), ${CONNECTIONS} connections, ${seconds} s per scenario. ` +
        'The machine is shared: the figures move with the load of other processes.',
      '',
      ...countsLine(info),
      '',
      ...(Date.now() - new Date(info.dataEnd).getTime() > 86_400_000
        ? [
            `Note: the data end more than a day ago, so "today" on the ward dashboard has no readings yet (its task list is lighter than on a live ward); BENCH_REGENERATE=1 generates them up to now.`,
            '',
          ]
        : []),
      `Windows: last 7 days ${w.weekStart} – ${w.weekEnd}; month ${w.monthStart} – ${w.monthEnd}. ` +
        'Targets: dashboard and patient tab p99 < 50 ms, data-management page p99 < 100 ms, upload ≥ 5,000 readings/s, ' +
        'ward-round cell save p99 ≤ 2 × the same INSERT in SQL, push p99 ≤ 1 s from the write’s answer to the client. ' +
        `With ${CONNECTIONS} connections always busy the mean latency is ${CONNECTIONS} ÷ req/s (Little's law): a p99 under 50 ms needs roughly 500 req/s or more, i.e. about 2 ms of the app's one core per request.`,
      '',
      ...(rows.length ? [...table(rows), ''] : []),
      ...(rows.some((r) => r.scenario.startsWith('ward round')) ? [ROUND_NOTE, ''] : []),
      ...(push ? pushLines(push) : []),
      ...(wallPush ? pushLines(wallPush) : []),
    ];
  } finally {
    await server.stop();
  }
}
