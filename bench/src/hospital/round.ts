/**
 * Issue 15, batch entry: the ward round's cell save. N nurses (20, BENCH_CONNECTIONS), each signed in
 * with her own session and on her own ward of the generated hospital, save one glucose cell after the
 * other (`POST /v1/testRecord/customerRecord`, as the round screen saves a cell) for BENCH_SECONDS; then,
 * in the same run, the same measurements INSERT run directly with node-postgres on as many connections.
 * The issue's figure is p99(app) ÷ p99(SQL), target ≤ 2.
 *
 * Cell k of nurse w is bed k mod P of her ward's in-hospital patients at a time ⌊k / P⌋ minutes before
 * the run, in the glucose period that time falls in, at a second (31 s for the app, 37 s for its probe, 47 s for SQL)
 * that no generated reading (whole minutes), upload (1-9 s) or push write (53 s) uses: no unique-index
 * conflicts. Every 211th value is critical, as on a ward. Rows carry a note `bench-run …` and are deleted
 * after the app has stopped (`removeBenchRows`), so every run starts from the generated data.
 */
import { type MeasurementItem, periodAt } from '@glucocare/domain';
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import pg from 'pg';
import { createDb } from '../../../apps/server/src/db/client';
import { departments, glucosePeriods, patients, users } from '../../../apps/server/src/db/schema';
import { loadClassifier } from '../../../apps/server/src/modules/measurements/classify-at-write';
import { readingValues } from '../../../apps/server/src/modules/measurements/record';
import type { PatientRow } from '../../../apps/server/src/modules/patients/access';
import { getSetting } from '../../../apps/server/src/modules/settings/service';
import { hospitalTimeZone } from '../../../apps/server/src/modules/settings/time-zone';
import type { AppServer } from './app-server';
import { BENCH_TENANT, STAFF_PASSWORD } from './generate';
import { closedLoop, type LoopResult, StatusError } from './latency';

/** Every row a bench scenario writes by hand carries a note starting so (deleted after the run). */
export const BENCH_NOTE = 'bench-run';

export interface WardNurse {
  ward: string;
  userName: string;
  userId: number;
  nickName: string;
  token: string;
}

/** The wards in their order, and per ward its in-hospital patients admitted at least 2 h ago. */
export interface Hospital {
  url: string;
  wards: string[];
  patients: Map<string, PatientRow[]>;
  periods: { code: string; startTime: string; endTime: string }[];
  timeZone: string;
}

export async function loadHospital(url: string): Promise<Hospital> {
  const handle = createDb(url, console);
  try {
    const db = handle.db;
    const wards = (
      await db
        .select({ code: departments.code })
        .from(departments)
        .where(eq(departments.tenantId, BENCH_TENANT))
        .orderBy(asc(departments.sort), asc(departments.code))
    ).map((row) => row.code);
    const rows = await db
      .select()
      .from(patients)
      .where(
        and(
          eq(patients.tenantId, BENCH_TENANT),
          eq(patients.status, 'inHospital'),
          sql`${patients.deletedAt} is null`,
          lt(patients.admittedAt, sql`now() - interval '2 hours'`),
        ),
      )
      .orderBy(asc(patients.id));
    const byWard = new Map<string, PatientRow[]>(wards.map((ward) => [ward, []]));
    for (const row of rows) byWard.get(row.departmentCode)?.push(row);
    const periods = await db
      .select({
        code: glucosePeriods.code,
        startTime: glucosePeriods.startTime,
        endTime: glucosePeriods.endTime,
      })
      .from(glucosePeriods)
      .where(and(eq(glucosePeriods.tenantId, BENCH_TENANT), eq(glucosePeriods.isActive, true)))
      .orderBy(asc(glucosePeriods.sort), asc(glucosePeriods.code));
    return { url, wards, patients: byWard, periods, timeZone: await hospitalTimeZone(db, BENCH_TENANT) };
  } finally {
    await handle.close();
  }
}

/** Ward nurse `n_<ward>_<number>` of the generated staff (8 per ward), signed in with a session of her own. */
export async function signInNurses(
  server: AppServer,
  url: string,
  wanted: { ward: string; number: number }[],
): Promise<WardNurse[]> {
  const names = wanted.map(({ ward, number }) => `n_${ward.toLowerCase()}_${number}`);
  const handle = createDb(url, console);
  const found = await handle.db
    .select({ id: users.id, userName: users.userName, nickName: users.nickName })
    .from(users)
    .where(and(eq(users.tenantId, BENCH_TENANT), inArray(users.userName, names)))
    .finally(() => handle.close());
  const byName = new Map(found.map((user) => [user.userName, user]));
  const tokens = await inTurns(names, 4, (userName) => server.login(BENCH_TENANT, userName, STAFF_PASSWORD));
  return wanted.map(({ ward }, i) => {
    const user = byName.get(names[i]);
    if (!user) throw new Error(`the generated hospital has no nurse ${names[i]}`);
    return {
      ward,
      userName: names[i],
      userId: Number(user.id),
      nickName: user.nickName ?? '',
      token: tokens[i],
    };
  });
}

/** `work` over `items`, at most `parallel` at a time, answers in the items' order. */
export async function inTurns<T, R>(
  items: T[],
  parallel: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(parallel, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index]);
      }
    }),
  );
  return results;
}

/** A plausible glucose of the k-th cell, now and then a critical one (as the upload scenario). */
export const cellValue = (k: number) =>
  k % 211 === 0 ? 2.4 : Math.round((4.2 + ((k * 7919) % 97) / 10) * 10) / 10;

/**
 * The n-th cell of a nurse: bed n mod P of her ward at ⌊n / P⌋ minutes before `base`, in the glucose
 * period that time falls in.
 */
export function cellOf(hospital: Hospital, ward: string, n: number, base: number) {
  const list = hospital.patients.get(ward) ?? [];
  if (!list.length) throw new Error(`ward ${ward} has no in-hospital patient admitted 2 h ago`);
  const patient = list[n % list.length];
  const at = new Date(base - Math.floor(n / list.length) * 60_000);
  const period = periodAt(at, hospital.periods, hospital.timeZone) ?? hospital.periods[0].code;
  return { patient, at, period };
}

/** The start of the minute before `since`, plus `second` seconds: the first cell's time. */
export const cellBase = (since: Date, second: number) =>
  Math.floor(since.getTime() / 60_000) * 60_000 - 60_000 + second * 1000;

/** `POST /v1/testRecord/customerRecord` of one cell, as the round screen saves it; throws unless 200. */
export async function saveCell(
  server: AppServer,
  token: string,
  cell: { patient: PatientRow; at: Date; period: string },
  value: number,
  note: string,
): Promise<void> {
  const res = await fetch(`${server.url}/app-service/v1/testRecord/customerRecord`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      category: 'GLU',
      patientId: cell.patient.id,
      period: cell.period,
      testTime: cell.at.toISOString(),
      result: value,
      unit: 'mmolL',
      remark: note,
    }),
  });
  const text = await res.text();
  if (res.status !== 200) throw new StatusError(res.status, text);
}

export interface Round {
  hospital: Hospital;
  nurses: WardNurse[];
  runId: string;
  since: Date;
}

/** The round's nurses: nurse i on ward i mod W (n_<ward>_1, then _2 when there are more nurses than wards). */
export async function prepareRound(
  server: AppServer,
  hospital: Hospital,
  connections: number,
  runId: string,
  since: Date,
): Promise<Round> {
  const wanted = Array.from({ length: connections }, (_, i) => ({
    ward: hospital.wards[i % hospital.wards.length],
    number: 1 + Math.floor(i / hospital.wards.length),
  }));
  return { hospital, nurses: await signInNurses(server, hospital.url, wanted), runId, since };
}

/** The app's cell saves: one probe (must answer 200), then the closed loop. */
export async function roundThroughApp(
  server: AppServer,
  round: Round,
  seconds: number,
): Promise<LoopResult | { skipped: string }> {
  const base = cellBase(round.since, 31);
  const note = `${BENCH_NOTE} round ${round.runId}`;
  const count = round.nurses.length;
  const first = round.nurses[0];
  try {
    // the probe: the first nurse's first bed at second 37 of the loop's first minute
    const probe = cellOf(round.hospital, first.ward, 0, cellBase(round.since, 37));
    await saveCell(server, first.token, probe, 6.1, note);
  } catch (error) {
    return { skipped: `probe: ${(error as Error).message}` };
  }
  return closedLoop(round.nurses, seconds, (nurse, n, index) => {
    const cell = cellOf(round.hospital, nurse.ward, n, base);
    const value = cellValue(n * count + index);
    return () => saveCell(server, nurse.token, cell, value, note);
  });
}

/** The measurements columns of the app's insert (`record.ts` insertRows), in its order. */
const COLUMNS = [
  'tenant_id',
  'patient_id',
  'admission_id',
  'department_code',
  'item',
  'period_code',
  'test_time',
  'value',
  'entered_value',
  'entered_unit',
  'untested_reason',
  'untested_reason_text',
  'refusal_reason',
  'reject_reason',
  'note',
  'tester_id',
  'tester_name',
  'source',
  'device_serial',
  'device_record_no',
  'classification',
  'grade',
  'color',
  'status',
  'approved_at',
  'created_by',
  'updated_by',
];
const INSERT = `insert into measurements (${COLUMNS.join(', ')})
  values (${COLUMNS.map((_, i) => `$${i + 1}`).join(', ')})
  on conflict do nothing returning id`;

/**
 * The same row inserted directly: each of the connections inserts one measurement after the other as a
 * prepared single-row INSERT (autocommit), with the values the app would store (storage value, entered
 * value and unit, classification by the app's write-time classifier, status at write), computed outside
 * the clock. The glucose day-count triggers of the table run as for the app; nothing else does.
 */
export async function roundInSql(
  round: Round,
  seconds: number,
  mark: { start(): Promise<void>; stop(): Promise<void> },
): Promise<LoopResult> {
  const handle = createDb(round.hospital.url, console);
  const classify = await loadClassifier(handle.db, BENCH_TENANT);
  const approval = await getSetting(handle.db, BENCH_TENANT, 'feature.recordApproval');
  await handle.close();
  const base = cellBase(round.since, 47);
  const note = `${BENCH_NOTE} round-sql ${round.runId}`;
  const count = round.nurses.length;
  const pool = new pg.Pool({ connectionString: round.hospital.url, max: count });
  pool.on('error', () => {});
  const clients = await Promise.all(round.nurses.map(() => pool.connect()));
  await mark.start();
  const result = await closedLoop(round.nurses, seconds, (nurse, n, index) => {
    const { patient, at, period } = cellOf(round.hospital, nurse.ward, n, base);
    const item: MeasurementItem = 'GLU';
    const stored = readingValues(
      {
        category: item,
        period,
        testTime: at.toISOString(),
        result: cellValue(n * count + index),
        unit: 'mmolL',
        remark: note,
      },
      classify,
      patient,
    );
    const values = [
      BENCH_TENANT,
      patient.id,
      patient.admissionId,
      patient.departmentCode,
      stored.item,
      stored.periodCode,
      stored.testTime,
      stored.value,
      stored.enteredValue,
      stored.enteredUnit,
      stored.untestedReason,
      stored.untestedReasonText,
      stored.refusalReason,
      stored.rejectReason,
      stored.note,
      nurse.userId,
      nurse.nickName || nurse.userName,
      'manual',
      null,
      null,
      stored.classification,
      stored.grade,
      stored.color,
      approval ? 'pending' : 'approved',
      approval ? null : new Date(),
      nurse.userId,
      nurse.userId,
    ];
    return async () => {
      const inserted = await clients[index].query({ name: 'bench_round_insert', text: INSERT, values });
      if (inserted.rowCount !== 1)
        throw new Error(`no row inserted for patient ${patient.id} at ${at.toISOString()}`);
    };
  });
  await mark.stop();
  for (const client of clients) client.release();
  await pool.end();
  return result;
}

/**
 * Removes what the bench wrote by hand (rows noted `bench-run …`, of this run or of one that was cut
 * short) with their critical-value events, and the recheck links other events got to them.
 */
export async function removeNotedRows(client: pg.PoolClient): Promise<number> {
  const noted = `select id from measurements where tenant_id = $1 and note like '${BENCH_NOTE} %'`;
  await client.query(
    `update critical_events set recheck_measurement_id = null, rechecked_at = null
      where tenant_id = $1 and recheck_measurement_id in (${noted})`,
    [BENCH_TENANT],
  );
  await client.query(`delete from critical_events where tenant_id = $1 and measurement_id in (${noted})`, [
    BENCH_TENANT,
  ]);
  const removed = await client.query(
    `delete from measurements where tenant_id = $1 and note like '${BENCH_NOTE} %'`,
    [BENCH_TENANT],
  );
  return removed.rowCount ?? 0;
}
