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
import { runHl7 } from './hl7';
import { closedLoop, envCount, loopRow } from './latency';
import { ensureMonitoringOrders } from './orders';
import { type PushResult, runPush } from './push';
import { ensureQcYear, qcMeterOf, qcStrategy, registerUploadMeters, removeUploadMeters } from './quality';
import {
  type Hospital,
  loadHospital,
  prepareRound,
  removeNotedRows,
  roundInSql,
  roundThroughApp,
} from './round';
import { overviewCeiling, wallHeaders, wholeHospitalLink } from './screens';

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

/** who calls: a nurse's or an administrator's session, or a wall display with a whole-hospital screen link */
export type Who = 'nurse' | 'admin' | 'wall';

export interface HttpScenario {
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

export function httpScenarios(info: HospitalInfo): HttpScenario[] {
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
      key: 'outcomes',
      name: `virtual-ward outcomes as patient-days: whole hospital, ${w.monthStart.slice(0, 7)}`,
      route: '/app-service/v1/virtualward/outcomes',
      who: 'admin',
      path: `/app-service/v1/virtualward/outcomes?beginMonth=${w.monthStart.slice(0, 7)}&endMonth=${w.monthStart.slice(0, 7)}&scope=hospital`,
      ceilingRatio: 1.5,
    },
    {
      key: 'worklist',
      name: 'virtual-ward daily review worklist: whole hospital (2,000 inpatients), past 24 h, page 1 of 20',
      route: '/app-service/v1/virtualward/worklist',
      who: 'admin',
      path: '/app-service/v1/virtualward/worklist?page=1&size=20',
      ceilingRatio: 1.5,
    },
    {
      key: 'qccurve',
      name: `QC Levey-Jennings month: one meter (${qcMeterOf(BENCH_WARD)}), level 1, ${w.monthStart.slice(0, 7)} (a year of runs, 40 meters)`,
      route: '/app-service/v2/deviceQc/control',
      who: 'admin',
      path: `/app-service/v2/deviceQc/control?sn=${qcMeterOf(BENCH_WARD)}&month=${w.monthStart.slice(0, 7)}&level=1`,
      ceilingRatio: 1.5,
    },
    {
      key: 'qcstats',
      name: `QC statistics: all 40 meters, ${w.monthStart.slice(0, 7)} (per meter, level, lot; per department)`,
      route: '/app-service/v1/deviceQc/departmentControlStatistics',
      who: 'admin',
      path: `/app-service/v1/deviceQc/departmentControlStatistics?beginDate=${w.monthStart}&endDate=${w.monthEnd}`,
      ceilingRatio: 1.5,
    },
    {
      // issue 20: the ward dashboard from the derived rows (target: p99 ≤ 1.3 × the floor's, see report)
      key: 'warddash',
      name: `ward-wide dashboard: ${BENCH_WARD}, 50 beds (figures, beds' now, recent tests and critical values)`,
      route: '/app-service/v1/monitor/ward',
      who: 'nurse',
      path: `/app-service/v1/monitor/ward?departmentCode=${BENCH_WARD}`,
      ceilingRatio: 1.5,
    },
    {
      key: 'critical',
      name: `critical-value list: whole hospital, ${w.monthStart.slice(0, 7)}, page 1 of 20`,
      route: '/app-service/v1/crisisPatient/query',
      who: 'admin',
      path: `/app-service/v1/crisisPatient/query?beginDate=${w.monthStart}&endDate=${w.monthEnd}&page=1&size=20`,
    },
    // issue 20: the wall screen's four calls with a whole-hospital screen link (no session), for today
    {
      key: 'screens',
      name: 'wall screen: overview (whole-hospital link; today, the week, every ward, the hours)',
      route: '/app-service/v1/monitor/',
      who: 'wall',
      path: '/app-service/v1/monitor/',
      ceilingRatio: 1.3,
    },
    {
      key: 'screens',
      name: 'wall screen: recent measurements (whole-hospital link, latest reading per patient, 24 h)',
      route: '/app-service/v1/monitor/personMonitor',
      who: 'wall',
      path: '/app-service/v1/monitor/personMonitor',
    },
    {
      key: 'screens',
      name: 'wall screen: critical values (whole-hospital link, 24 h)',
      route: '/app-service/v1/monitor/crisisLowRecords',
      who: 'wall',
      path: '/app-service/v1/monitor/crisisLowRecords',
    },
    {
      key: 'screens',
      name: "wall screen: today's distribution, high/low wards, abnormal detail (whole-hospital link)",
      route: '/app-service/v1/monitor/todayPatientDistribution',
      who: 'wall',
      path: '/app-service/v1/monitor/todayPatientDistribution',
    },
  ];
}

/** The request headers of a caller: the session's bearer, or a wall's screen link. */
const callerHeaders = (who: Who, token: string): Record<string, string> =>
  who === 'wall' ? wallHeaders(token) : { authorization: `Bearer ${token}` };

type Ctx = { index?: number };

/** One token per connection, the same for the connection's whole run. */
function tokenOf(tokens: string[], context: Ctx, next: { value: number }): string {
  context.index ??= next.value++ % tokens.length;
  return tokens[context.index];
}

/** A request the scenario makes, checked once before the load: a failure here means wrong figures. */
async function probe(
  server: AppServer,
  method: string,
  path: string,
  token: string,
  body?: string,
  who: Who = 'nurse',
) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { ...callerHeaders(who, token), ...(body ? { 'content-type': 'application/json' } : {}) },
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
  const failure = await probe(server, 'GET', scenario.path, list[0], undefined, scenario.who);
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
          headers: callerHeaders(scenario.who, tokenOf(list, context, next)),
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

/**
 * A rule on the reading write path, switched off and on for the bench (see {@link runUploadOffOn}): the
 * settings it touches (put back afterwards), how to switch it on (`other`: a department that is not the
 * bench ward) and how many rows it made.
 */
interface WritePathRule {
  /** "auto consultation", "virtual-ward auto join" */
  name: string;
  keys: string[];
  off: (put: SettingPut, db: pg.Pool) => Promise<unknown>;
  on: (put: SettingPut, other: string, db: pg.Pool) => Promise<unknown>;
  /** the least ratio of stored/s on to off that meets the target (0.9 unless said) */
  minRatio?: number;
  /** `select count(*)::int as count …` of the rows the rule made since $2 in tenant $1, and their name */
  made: { sql: string; noun: string };
  /** the upload's device serial suffix and time shifts (ms) of the off and on runs, apart from other rules' */
  runs: { serial: string; shiftMs: [number, number] };
  /** before the runs, with the off and on runs' device serials (e.g. register them as meters); undone after */
  setup?: (db: pg.Pool, serials: string[]) => Promise<unknown>;
  teardown?: (db: pg.Pool, serials: string[]) => Promise<unknown>;
}
type SettingPut = (key: string, value: unknown) => Promise<unknown>;

/**
 * A rule's cost on the write path: the meter upload twice in one run, first with the rule off, then on
 * (settings written straight into the database). Target: readings stored per second with it on
 * ≥ 0.9 × off (or the rule's `minRatio`). The settings are put back afterwards; the rows the rule made go with the bench's other
 * rows (removeBenchRows).
 */
async function runUploadOffOn(
  rule: WritePathRule,
  server: AppServer,
  tokens: string[],
  db: pg.Pool,
  seconds: number,
  upload: { serial: string; since: Date },
  measure: (run: () => Promise<HospitalRow>) => Promise<HospitalRow>,
): Promise<HospitalRow[]> {
  const { rows: kept } = await db.query<{ key: string; value: unknown }>(
    'select key, value from settings where tenant_id = $1 and key = any($2)',
    [BENCH_TENANT, rule.keys],
  );
  const { rows: others } = await db.query<{ code: string }>(
    'select code from departments where tenant_id = $1 and code <> $2 order by code limit 1',
    [BENCH_TENANT, BENCH_WARD],
  );
  const other = others[0]?.code;
  if (!other) return [{ ...empty(rule.name), skipped: 'no department besides the bench ward' }];
  const put: SettingPut = async (key, value) =>
    db.query(
      `insert into settings (tenant_id, key, value) values ($1, $2, $3::jsonb)
       on conflict (tenant_id, key) do update set value = excluded.value`,
      [BENCH_TENANT, key, JSON.stringify(value)],
    );
  const serials = ['OFF', 'ON'].map((end) => `${upload.serial}${rule.runs.serial}-${end}`);
  try {
    await rule.setup?.(db, serials);
    await rule.off(put, db);
    const off = await measure(() =>
      runUpload(server, tokens, db, seconds, upload, {
        label: `, ${rule.name} off`,
        serialSuffix: `${rule.runs.serial}-OFF`,
        shiftMs: rule.runs.shiftMs[0],
      }),
    );
    await rule.on(put, other, db);
    const on = (await measure(() =>
      runUpload(server, tokens, db, seconds, upload, {
        label: `, ${rule.name} on`,
        serialSuffix: `${rule.runs.serial}-ON`,
        shiftMs: rule.runs.shiftMs[1],
      }),
    )) as HospitalRow & { storedPerSecond?: number };
    const { rows: made } = await db.query<{ count: number }>(rule.made.sql, [BENCH_TENANT, upload.since]);
    const offRate = (off as HospitalRow & { storedPerSecond?: number }).storedPerSecond ?? 0;
    const onRate = on.storedPerSecond ?? 0;
    const ratio = offRate > 0 ? Math.round((onRate / offRate) * 100) / 100 : 0;
    on.extra = `${on.extra}; ${made[0]?.count ?? 0} ${rule.made.noun}`;
    const minRatio = rule.minRatio ?? 0.9;
    on.target = {
      text: `stored/s ≥ ${minRatio} × with it off (${ratio}×)`,
      met: ratio >= minRatio && on.errors + on.non2xx + off.errors + off.non2xx === 0,
    };
    off.target = undefined;
    return [off, on];
  } finally {
    await db.query('delete from settings where tenant_id = $1 and key = any($2)', [BENCH_TENANT, rule.keys]);
    for (const row of kept) await put(row.key, row.value);
    await rule.teardown?.(db, serials);
  }
}

/**
 * Auto consultation (issue 17): on = the hospital's switch on with every glucose and the ketone trigger
 * at the default thresholds and another department consulting — about half the generated values cross
 * one, so every batch runs the consultation INSERT (raising one per patient, trigger and day, then
 * skipping).
 */
const AUTO_CONSULTATION: WritePathRule = {
  name: 'auto consultation',
  keys: ['feature.autoConsultation', 'strategy.autoConsultation'],
  off: (put) => put('feature.autoConsultation', false),
  on: async (put, other) => {
    await put('feature.autoConsultation', true);
    await put(
      'strategy.autoConsultation',
      DEFAULT_AUTO_CONSULTATION.map((entry) => ({
        ...entry,
        enabled: entry.item !== 'uricAcid' && entry.item !== 'urea',
        consultDepartmentCode: other,
      })),
    );
  },
  made: {
    sql: `select count(*)::int as count from consultations where tenant_id = $1 and source = 'auto' and created_at >= $2`,
    noun: 'consultations raised',
  },
  runs: { serial: '', shiftMs: [3_000, 6_000] },
};

/**
 * Virtual-ward auto join (issue 18): on = auto join on at 11.1 mmol/L with another department managing
 * the virtual ward, so the bench ward's patients are candidates — about a quarter of the generated values
 * reach the threshold, so every batch runs the join INSERT (each patient joins once, then it skips).
 */
const AUTO_JOIN: WritePathRule = {
  name: 'virtual-ward auto join',
  keys: [
    'feature.virtualWard',
    'virtualWard.autoJoin',
    'virtualWard.gluMinValue',
    'virtualWard.managingDepartment',
  ],
  off: (put) => put('virtualWard.autoJoin', false),
  on: async (put, other) => {
    await put('feature.virtualWard', true);
    await put('virtualWard.managingDepartment', other);
    await put('virtualWard.gluMinValue', 11.1);
    await put('virtualWard.autoJoin', true);
  },
  made: {
    sql: `select count(*)::int as count from virtual_ward_stays where tenant_id = $1 and source = 'auto' and created_at >= $2`,
    noun: 'patients joined',
  },
  runs: { serial: '-VW', shiftMs: [9_000, 12_000] },
};

/**
 * The QC lockout (issue 19): the upload's serials registered as analyzers of the bench ward with the
 * bench lots; off = the QC strategy's lockout off, on = the default strategy (lockout on, a run due every
 * 24 h, both levels) — the meters have never run QC, so every reading uploaded is held ("QC locked").
 */
const QC_LOCKOUT: WritePathRule = {
  name: 'QC lockout',
  keys: ['qc.strategy'],
  off: (put) => put('qc.strategy', qcStrategy(false)),
  on: (put) => put('qc.strategy', qcStrategy(true)),
  made: {
    sql: `select count(*)::int as count from measurements where tenant_id = $1 and qc_hold is not null and created_at >= $2`,
    noun: 'readings held by the lockout',
  },
  runs: { serial: '-QC', shiftMs: [15_000, 18_000] },
  setup: registerUploadMeters,
  teardown: removeUploadMeters,
};

/** The triggers that keep each patient's "now" (issue 20, migration 0022), per table. */
const DERIVED_ROW_TRIGGERS = {
  measurements: [
    'measurements_patient_latest_insert',
    'measurements_patient_latest_update',
    'measurements_patient_latest_delete',
    'measurements_patient_day_readings_insert',
    'measurements_patient_day_readings_update',
    'measurements_patient_day_readings_delete',
  ],
  critical_events: [
    'critical_events_patient_now_insert',
    'critical_events_patient_now_update',
    'critical_events_patient_now_delete',
  ],
};

async function switchDerivedRows(db: pg.Pool, on: boolean) {
  for (const [table, triggers] of Object.entries(DERIVED_ROW_TRIGGERS)) {
    for (const trigger of triggers) {
      await db.query(`alter table ${table} ${on ? 'enable' : 'disable'} trigger ${trigger}`);
    }
  }
}

/**
 * The derived rows of each patient's now (issue 20: latest reading per item, the readings of each day,
 * open critical values and awaited rechecks, kept by statement triggers in the writer's transaction): off = their triggers
 * disabled on the bench database, on = enabled. The day counts of migration 0007 stay on in both runs:
 * they are the existing write cost, not this one. Afterwards the triggers are on again and the patients
 * the off run wrote are recomputed (`patient_latest_refresh`, `patient_day_readings_refresh` and
 * `patient_now_refresh`, the triggers' own
 * functions), so the bench database keeps exact derived rows. Target (issue 20): ≥ 0.85.
 */
const DERIVED_ROWS: WritePathRule = {
  name: 'derived rows (patient_latest_readings, patient_day_readings, patient_now)',
  keys: [],
  off: (_put, db) => switchDerivedRows(db, false),
  on: (_put, _other, db) => switchDerivedRows(db, true),
  minRatio: 0.85,
  made: {
    sql: `select count(*)::int as count from patient_latest_readings l
           where l.tenant_id = $1 and exists (select 1 from measurements m
             where m.tenant_id = l.tenant_id and m.id = l.measurement_id and m.created_at >= $2)`,
    noun: 'latest readings now from the upload',
  },
  runs: { serial: '-DR', shiftMs: [21_000, 24_000] },
  teardown: async (db, serials) => {
    await switchDerivedRows(db, true);
    await db.query(
      `select patient_latest_refresh(array(
                select distinct row(m.tenant_id, m.patient_id, m.item)::patient_item_key from measurements m
                 where m.tenant_id = $1 and m.device_serial = any($2))),
              patient_day_readings_refresh(array(
                select distinct row(m.tenant_id, m.patient_id, (m.test_time at time zone 'UTC')::date)::patient_day_key
                  from measurements m where m.tenant_id = $1 and m.device_serial = any($2))),
              patient_now_refresh(array(
                select distinct row(m.tenant_id, m.patient_id)::patient_key from measurements m
                 where m.tenant_id = $1 and m.device_serial = any($2)))`,
      [BENCH_TENANT, serials],
    );
  },
};

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
    await client.query(`delete from virtual_ward_stays where tenant_id = $1 and created_at >= $2`, [
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
  // the keys do not depend on the hospital: any stand-in gives them (several calls may share one)
  ...new Set(
    httpScenarios({
      yearPatientId: 0,
      dataEnd: new Date(0).toISOString(),
      timeZone: 'UTC',
    } as HospitalInfo).map((scenario) => scenario.key),
  ),
  'ceiling',
  'upload',
  'autoconsult',
  'autojoin',
  'qcupload',
  'derivedupload',
  // issue 21: HL7 v2 over MLLP in (with the same readings through the upload) and the outbox's drain
  'hl7in',
  'hl7out',
  'round',
  'push',
  'wallpush',
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
  /** issue 20: whole-hospital wall screens on their own stream while nurses write */
  wallPush?: PushResult | { skipped: string };
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
  let wallPush: HospitalResults['wallPush'];
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
    const tokens: Record<Who, string[]> = { nurse: nurses, admin: admins, wall: [] };
    if (chosen('screens') && server.paths.has('/app-service/v1/monitor/links')) {
      tokens.wall = [await wholeHospitalLink(server, admins[0], info.timeZone)];
    }
    if (chosen('qccurve') || chosen('qcstats') || chosen('qcupload')) {
      const qc = await ensureQcYear(db, info);
      process.stdout.write(`[hospital] QC: ${qc.meters} meters, ${qc.runs} control runs\n`);
    }
    if (chosen('tasks')) {
      const orders = await ensureMonitoringOrders(db, info.dataEnd);
      process.stdout.write(`[hospital] ${BENCH_WARD}: ${orders} monitoring orders\n`);
    }
    for (const scenario of httpScenarios(info)) {
      let app: HospitalRow | null = null;
      if (!chosen(scenario.key)) {
        // not asked for (its SQL ceiling may be)
      } else if (!server.paths.has(scenario.route) || !tokens[scenario.who].length) {
        rows.push({ ...empty(scenario.name), skipped: `GET ${scenario.route} does not exist yet` });
      } else {
        process.stdout.write(`[hospital] ${scenario.name} …\n`);
        app = await measured(server.pid, monitor, database, () => runHttp(server, scenario, tokens, seconds));
        rows.push(app);
      }
      const ceiling =
        scenario.route === '/app-service/v1/monitor/'
          ? (i: HospitalInfo, _w: unknown, pool: pg.Pool) => overviewCeiling(i, pool)
          : CEILINGS[scenario.route];
      const withRatio = scenario.ceilingRatio !== undefined && app !== null && !app.skipped;
      if (ceiling && (chosen('ceiling') || withRatio)) {
        process.stdout.write(`[hospital] SQL ceiling of ${scenario.route} …\n`);
        const query = await ceiling(info, windows(info), db).catch((error: Error) => error);
        if (query instanceof Error) {
          // a ceiling over data its own scenario generates (the QC runs) when that scenario was not asked for
          rows.push({ ...empty(`SQL ceiling of ${scenario.route}`), skipped: query.message });
          continue;
        }
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
    for (const [key, rule] of [
      ['autoconsult', AUTO_CONSULTATION],
      ['autojoin', AUTO_JOIN],
      ['qcupload', QC_LOCKOUT],
      ['derivedupload', DERIVED_ROWS],
    ] as const) {
      if (!chosen(key) || !server.paths.has(uploadPath)) continue;
      process.stdout.write(`[hospital] meter upload with ${rule.name} off and on …\n`);
      rows.push(
        ...(await runUploadOffOn(rule, server, nurses, db, seconds, upload, (run) =>
          measured(server.pid, monitor, database, run),
        )),
      );
    }
    if (chosen('hl7in') || chosen('hl7out')) {
      rows.push(
        ...(await runHl7(
          {
            server,
            db,
            nurses,
            admin: admins[0],
            connections: CONNECTIONS,
            seconds,
            upload,
            measure: (run, inFlight) => measured(server.pid, monitor, database, run, inFlight),
          },
          { inbound: chosen('hl7in'), outbound: chosen('hl7out') },
        )),
      );
    }
    const run = { runId: upload.serial, since: now, monitor, database };
    const hospital =
      chosen('round') || chosen('push') || chosen('wallpush') ? await loadHospital(info.url) : null;
    if (hospital && chosen('round')) rows.push(...(await runRound(server, hospital, seconds, run)));
    if (hospital && chosen('push')) {
      if (!server.paths.has('/app-service/v1/live/events') || !server.paths.has(CELL_PATH)) {
        push = { skipped: 'GET /v1/live/events or POST /v1/testRecord/customerRecord does not exist yet' };
      } else {
        process.stdout.write('[hospital] push channel …\n');
        push = await runPush(server, hospital, CONNECTIONS, seconds, run);
      }
    }
    if (hospital && chosen('wallpush')) {
      if (!server.paths.has('/app-service/v1/monitor/events') || !server.paths.has(CELL_PATH)) {
        wallPush = {
          skipped: 'GET /v1/monitor/events or POST /v1/testRecord/customerRecord does not exist yet',
        };
      } else {
        process.stdout.write('[hospital] wall screens on the push channel …\n');
        const token = tokens.wall[0] ?? (await wholeHospitalLink(server, admins[0], info.timeZone));
        wallPush = await runPush(server, hospital, CONNECTIONS, seconds, run, { token });
      }
    }
  } finally {
    await server.stop();
    await removeBenchRows(db, upload.serial, upload.since);
    await db.end();
    await monitor.end();
  }
  return { rows, push, wallPush };
}
