import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../../../apps/server/src/db/embedded';
import { ensureHospital, type HospitalInfo } from './generate';
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
      `${c.wards} wards, ${n(c.beds)} beds, ${n(c.staff)} staff, ${n(c.patients)} patients (${n(c.inHospital)} in hospital, ${n(c.discharged)} discharged over the year); ` +
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

/** Generates (or reuses) the hospital, runs its scenarios and returns the report's lines. */
export async function hospitalReport(seconds: number): Promise<string[]> {
  const server = await databaseServer();
  try {
    const info = await ensureHospital(server.url);
    const port = Number(process.env.BENCH_PORT ?? 8096);
    const rows = await runHospitalScenarios(info, port, seconds);
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
        'Targets: dashboard and patient tab p99 < 50 ms, data-management page p99 < 100 ms, upload ≥ 5,000 readings/s. ' +
        `With ${CONNECTIONS} connections always busy the mean latency is ${CONNECTIONS} ÷ req/s (Little's law): a p99 under 50 ms needs roughly 500 req/s or more, i.e. about 2 ms of the app's one core per request.`,
      '',
      ...table(rows),
      '',
    ];
  } finally {
    await server.stop();
  }
}
