import {
  addDays,
  calendarDate,
  classifyMeasurement,
  compareBeds,
  type DisplayItem,
  hospitalDateRange,
  hospitalDayOf,
  type Lang,
  LINKED_CHART_MAX_DAYS,
  type MeasurementItem,
  NO_PERIOD,
  pivotByPeriod,
  RECORD_MAX_RANGE_DAYS,
  roundDecimal,
  STORAGE_UNITS,
  translate,
} from '@glucocare/domain';
import { type ReadingView, recordOrderView } from '@glucocare/domain/responses';
import { and, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { departments, measurements, patients, users } from '../../db/schema';
import { recordNotFound } from '../../http/errors';
import { departmentScopeCondition } from '../../lib/scope';
import {
  fluctuationByDay,
  glucoseReport,
  hourlyOf,
  readingView,
  type StoredReading,
} from '../analysis/metrics';
import type { DepartmentScope } from '../auth/sessions';
import { loadClassificationSettings } from '../crisis/classification-settings';
import { departmentName } from '../departments/service';
import { linkedChart } from '../insulin/linked-chart';
import { insulinPivot } from '../insulin/service';
import { patientPivot, patientReadings } from '../measurements/read';
import { ordersInForce } from '../orders/service';
import { type PatientRow, patientAgeAt, patientInScope } from '../patients/access';
import { type GlucosePeriod, listGlucosePeriods } from '../periods/service';
import type { TenantRef } from '../settings/config-cache';
import { itemDisplaySetting } from '../settings/item-display';
import { getSetting } from '../settings/service';
import { readTirSetting } from '../settings/strategy-service';
import { hospitalTimeZone } from '../settings/time-zone';
import { findTenant, tenantView } from '../tenants/service';
import { loadReadings } from './readings';

// Not a resource declaration (lib/resource.ts): reads only: the printable record screens assemble readings a
// patient already has.

/**
 * The data of the printable record screens (spec §2 /record, /record/ket, /record/inspect,
 * /ward/record, /trend). Every reader comes with its tenant and department scope (a session's, or
 * all departments for a signed link to exactly this subject); a patient or department outside it
 * answers 404 like a missing one. Values stay in the storage unit; each answer names the tenant's
 * display unit so the screen converts with the domain helpers.
 */

export interface RecordContext {
  db: DbOrTx;
  tenantId: string;
  scope: DepartmentScope;
  lang: Lang;
  now: Date;
}

/** The report heading, the print time and the display units every record screen shows. */
async function headerOf(ctx: RecordContext) {
  const { db, tenantId, lang } = ctx;
  const [title, tenant, timeZone, glu, ket, ua] = [
    await getSetting(db, tenantId, 'report.title'),
    await findTenant(db, tenantId),
    await hospitalTimeZone(db, tenantId),
    await itemDisplaySetting(db, tenantId, 'GLU'),
    await itemDisplaySetting(db, tenantId, 'KET'),
    await itemDisplaySetting(db, tenantId, 'UA'),
  ];
  const hospitalName = tenantView(tenant, lang).tenantName;
  return {
    hospitalName,
    reportTitle: title?.title ?? hospitalName,
    reportSubtitle: title?.subtitle ?? null,
    printedAt: ctx.now.toISOString(),
    timeZone,
    units: { GLU: glu, KET: ket, UA: ua } satisfies Record<DisplayItem, unknown>,
  };
}
export type RecordHeader = Awaited<ReturnType<typeof headerOf>>;

/** The patient of a record screen, in the tenant and scope of the session or the signed link. */
export function patientOf(ctx: RecordContext, patientId: number): Promise<PatientRow> {
  return patientInScope(ctx.db, ctx, patientId);
}

/** The patient block of a printed record: identity, stay, bed and doctor. */
async function patientBlock(ctx: RecordContext, patient: PatientRow, timeZone: string) {
  const [department] = await ctx.db
    .select({ name: departments.name, nameEn: departments.nameEn })
    .from(departments)
    .where(and(eq(departments.tenantId, ctx.tenantId), eq(departments.code, patient.departmentCode)));
  const [doctor] = patient.doctorCode
    ? await ctx.db
        .select({ nickName: users.nickName })
        .from(users)
        .where(
          and(eq(users.tenantId, ctx.tenantId), sql`lower(${users.userName}) = lower(${patient.doctorCode})`),
        )
    : [];
  return {
    id: patient.id,
    name: patient.name,
    gender: patient.gender,
    age: patientAgeAt(patient, ctx.now, timeZone),
    status: patient.status,
    departmentCode: patient.departmentCode,
    departmentName: department ? departmentName(department, ctx.lang) : patient.departmentCode,
    bed: patient.bed,
    inpatientNumber: patient.inpatientNumber,
    doctorCode: patient.doctorCode,
    doctorName: doctor?.nickName ?? patient.doctorCode,
    admittedAt: patient.admittedAt.toISOString(),
    dischargedAt: patient.dischargedAt?.toISOString() ?? null,
    heightCm: patient.heightCm,
    weightKg: patient.weightKg,
  };
}

/**
 * The days a record covers: the range asked for, else the current (or last) stay — admission day to
 * discharge day, or to today — at most the last {@link RECORD_MAX_RANGE_DAYS} days of it.
 */
export function recordRange(
  patient: Pick<PatientRow, 'admittedAt' | 'dischargedAt'>,
  query: { beginDate?: string; endDate?: string },
  timeZone: string,
  now: Date,
) {
  if (query.beginDate && query.endDate) {
    return { beginDate: query.beginDate, endDate: query.endDate, isStay: false };
  }
  const endDate = calendarDate(patient.dischargedAt ?? now, timeZone);
  let beginDate = calendarDate(patient.admittedAt, timeZone);
  const earliest = addDays(endDate, 1 - RECORD_MAX_RANGE_DAYS);
  if (beginDate < earliest) beginDate = earliest;
  if (beginDate > endDate) beginDate = endDate;
  return { beginDate, endDate, isStay: true };
}

/**
 * Glucose periods as record and chart columns: the enabled ones in the day's order, names in the
 * language, then any other period a reading was taken in (a period since stopped, named as stored, or
 * by the reading when no longer stored) and `-` for readings without a period.
 */
export async function periodColumns(
  ctx: Pick<RecordContext, 'db' | 'lang'> & { tenant: TenantRef },
  readings: readonly { periodCode: string | null; periodName?: string | null }[],
) {
  const all = await listGlucosePeriods(ctx.db, ctx.tenant);
  const column = (period: GlucosePeriod) => ({
    code: period.code,
    name: ctx.lang === 'zh-CN' ? period.nameZh : period.nameEn,
    startTime: period.startTime,
    endTime: period.endTime,
  });
  const columns = all.filter((period) => period.isActive).map(column);
  const stored = new Map(all.map((period) => [period.code, period]));
  const known = new Set(columns.map((c) => c.code));
  for (const reading of readings) {
    const code = reading.periodCode ?? NO_PERIOD;
    if (known.has(code)) continue;
    known.add(code);
    const period = stored.get(code);
    if (period) columns.push(column(period));
    else {
      const name =
        code === NO_PERIOD ? translate(ctx.lang, 'records.period.none') : (reading.periodName ?? code);
      columns.push({ code, name, startTime: '', endTime: '' });
    }
  }
  return columns;
}

function summaryOf(readings: readonly ReadingView[]) {
  const values = readings.map((r) => r.testValue).filter((v): v is number => v !== null);
  const mean = values.length ? values.reduce((sum, v) => sum + v, 0) / values.length : null;
  return {
    readings: readings.length,
    tested: values.length,
    untested: readings.length - values.length,
    critical: readings.filter((r) => r.determineType === 'criticalLow' || r.determineType === 'criticalHigh')
      .length,
    low: readings.filter((r) => r.determineType === 'low' || r.determineType === 'criticalLow').length,
    high: readings.filter((r) => r.determineType === 'high' || r.determineType === 'criticalHigh').length,
    min: values.length ? Math.min(...values) : null,
    max: values.length ? Math.max(...values) : null,
    mean: mean === null ? null : roundDecimal(mean, 2),
  };
}

/** Per-day notes of a pivot row: every reading's note, in time order. */
function notesOf(readings: readonly ReadingView[]) {
  return readings
    .filter((r) => r.note)
    .map((r) => ({ testTime: r.testTime, periodName: r.periodName, note: r.note as string }));
}

/**
 * GET /v1/records/glucose and /v1/records/ketone: the day × period grid of one item for one patient
 * (the measurements' `patientPivot`: every day of the range, earliest first here; a cell holds every
 * reading of its period, earliest first), per-day notes, the untested readings with their reasons,
 * and a summary.
 */
export async function periodRecord(
  ctx: RecordContext,
  item: Extract<MeasurementItem, 'GLU' | 'KET'>,
  patientId: number,
  query: { beginDate?: string; endDate?: string },
) {
  const { row, base } = await patientRecordBase(ctx, patientId, query);
  const pivot = await patientPivot(ctx.db, ctx.tenantId, patientId, {
    item,
    beginDate: base.range.beginDate,
    endDate: base.range.endDate,
    now: ctx.now,
    sort: 'allAsc',
    lang: ctx.lang,
  });
  const rows = [...pivot.rows].reverse().map((row) => {
    const day = Object.values(row.cells)
      .flat()
      .sort((a, b) => a.testTime.localeCompare(b.testTime));
    return { date: row.date, cells: row.cells, notes: notesOf(day) };
  });
  const readings = rows.flatMap((row) => Object.values(row.cells).flat());
  return {
    ...base,
    item,
    unit: STORAGE_UNITS[item],
    periods: pivot.periods.map((period) => ({
      code: period.code,
      name: period.code === NO_PERIOD ? translate(ctx.lang, 'records.period.none') : period.name,
      startTime: period.startTime ?? '',
      endTime: period.endTime ?? '',
    })),
    rows,
    untested: readings
      .filter((r) => r.testValue === null)
      .sort((a, b) => a.testTime.localeCompare(b.testTime)),
    summary: summaryOf(readings),
    insulin: item === 'GLU' ? await insulinBeside(ctx, row, base.range) : null,
    orders: item === 'GLU' ? await ordersBeside(ctx, row, base.range, base.header.timeZone) : null,
  };
}

/** The patient's medical orders in force during a record's days (issue 17), as the print lists them. */
async function ordersBeside(
  ctx: RecordContext,
  patient: PatientRow,
  range: { beginDate: string; endDate: string },
  timeZone: string,
) {
  const days = hospitalDateRange(range.beginDate, range.endDate, timeZone);
  const orders = await ordersInForce(ctx.db, ctx.tenantId, patient.id, days.start, days.end, ctx.lang);
  return orders.map((order) => recordOrderView.parse(order));
}

/**
 * The patient's insulin of a record's days beside the glucose (issue 16): the insulin tab's day ×
 * insulin-period grid with the daily totals (`insulinPivot`), earliest day first; null when the days
 * hold no live insulin record.
 */
async function insulinBeside(
  ctx: RecordContext,
  patient: PatientRow,
  range: { beginDate: string; endDate: string },
) {
  const pivot = await insulinPivot(ctx.db, ctx.tenantId, patient, range, ctx.lang, ctx.now);
  if (!pivot.rows.some((day) => day.totals)) return null;
  return { ...pivot, rows: [...pivot.rows].reverse() };
}

/** The days of a linked chart in a record: the record's last {@link LINKED_CHART_MAX_DAYS} days at most. */
function linkedDays(range: { beginDate: string; endDate: string }) {
  const earliest = addDays(range.endDate, 1 - LINKED_CHART_MAX_DAYS);
  // the later of the two dates (YYYY-MM-DD sorts as text)
  return { beginDate: [range.beginDate, earliest].sort()[1]!, endDate: range.endDate };
}

/** The linked chart of a record's days (tenant configuration read afresh: a link has no session). */
function linkedOf(ctx: RecordContext, patient: PatientRow, range: { beginDate: string; endDate: string }) {
  return linkedChart({ ...ctx, tenant: ctx.tenantId }, patient.id, ctx.scope, linkedDays(range));
}

/**
 * GET /v1/records/linked: the printable glucose–insulin linked chart of one patient (default: the last
 * 3 days; a range of at most 31 days, else its last 31) with the doses of its days.
 */
export async function linkedRecord(
  ctx: RecordContext,
  patientId: number,
  query: { beginDate?: string; endDate?: string },
) {
  const row = await patientOf(ctx, patientId);
  const header = await headerOf(ctx);
  const today = calendarDate(ctx.now, header.timeZone);
  const asked = recordRange(row, query, header.timeZone, ctx.now);
  const range =
    query.beginDate && query.endDate
      ? asked
      : { beginDate: addDays(today, -2), endDate: today, isStay: false };
  const days = linkedDays(range);
  const chart = await linkedOf(ctx, row, days);
  return {
    header,
    patient: await patientBlock(ctx, row, header.timeZone),
    range: { ...days, isStay: false },
    chart,
    insulin: await insulinBeside(ctx, row, days),
  };
}

/** A patient's readings of some items in a range, earliest first (the measurements' `patientReadings`). */
async function readingsOf(
  ctx: RecordContext,
  patientId: number,
  items: MeasurementItem[],
  range: { beginDate: string; endDate: string },
) {
  const lists = [];
  for (const item of items) {
    lists.push(
      await patientReadings(ctx.db, ctx.tenantId, patientId, {
        item,
        ...range,
        sort: 'allAsc',
        lang: ctx.lang,
      }),
    );
  }
  return lists.flat().sort((a, b) => a.testTime.localeCompare(b.testTime) || a.id - b.id);
}

type Limits = {
  low: number | null;
  high: number | null;
  criticalLow: number | null;
  criticalHigh: number | null;
};

/** What every one-patient record starts with: the patient (404 outside the reader's tenant or scope), the header, the range. */
async function patientRecordBase(
  ctx: RecordContext,
  patientId: number,
  query: { beginDate?: string; endDate?: string },
) {
  const row = await patientOf(ctx, patientId);
  const header = await headerOf(ctx);
  const range = recordRange(row, query, header.timeZone, ctx.now);
  return { row, base: { header, range, patient: await patientBlock(ctx, row, header.timeZone) } };
}

/**
 * The limits the critical-value settings give a patient (department, age) for an item and period, as
 * the classification resolves them.
 */
export async function patientLimits(
  ctx: Pick<RecordContext, 'db' | 'tenantId' | 'now'>,
  patient: PatientRow,
  timeZone: string,
) {
  const settings = await loadClassificationSettings(ctx.db, ctx.tenantId);
  const age = patientAgeAt(patient, ctx.now, timeZone);
  return (item: MeasurementItem, periodCode: string | null): Limits =>
    classifyMeasurement(
      { item, value: Number.NaN, periodCode },
      { departmentCode: patient.departmentCode, age },
      settings,
    ).limits;
}

/**
 * GET /v1/records/inspect: the laboratory-style record of uric acid and ketone — every reading in time
 * order, with each item's reference range from the critical-value settings for this patient.
 */
export async function inspectionRecord(
  ctx: RecordContext,
  patientId: number,
  query: { beginDate?: string; endDate?: string },
) {
  const { row, base } = await patientRecordBase(ctx, patientId, query);
  const limitsFor = await patientLimits(ctx, row, base.header.timeZone);
  const items = ['UA', 'KET'] as const;
  const readings = await readingsOf(ctx, patientId, [...items], base.range);
  return {
    ...base,
    items: items.map((item) => ({
      item,
      unit: STORAGE_UNITS[item],
      reference: limitsFor(item, null),
      summary: summaryOf(readings.filter((r) => r.item === item)),
    })),
    rows: readings,
  };
}

/**
 * A patient's glucose target band — the item's normal range for this patient; without one, the span
 * of the periods' ranges; null when nothing is set — and each period's own limits.
 */
export function glucoseBands(
  limitsFor: (item: MeasurementItem, periodCode: string | null) => Limits,
  periodCodes: readonly string[],
) {
  const periodBands = periodCodes
    .filter((code) => code !== NO_PERIOD)
    .map((code) => ({ periodCode: code, ...limitsFor('GLU', code) }));
  const itemBand = limitsFor('GLU', null);
  const lows = periodBands.map((b) => b.low).filter((v): v is number => v !== null);
  const highs = periodBands.map((b) => b.high).filter((v): v is number => v !== null);
  const band =
    itemBand.low !== null || itemBand.high !== null
      ? { low: itemBand.low, high: itemBand.high }
      : lows.length || highs.length
        ? { low: lows.length ? Math.min(...lows) : null, high: highs.length ? Math.max(...highs) : null }
        : null;
  return { band, periodBands };
}

/**
 * GET /v1/records/trend: the glucose readings of a range for a line chart per period, with the target
 * band (the item's normal range for this patient; without one, the span of the periods' ranges) and
 * each period's own range.
 */
export async function trendRecord(
  ctx: RecordContext,
  patientId: number,
  query: { beginDate?: string; endDate?: string },
) {
  const { row, base } = await patientRecordBase(ctx, patientId, query);
  const limitsFor = await patientLimits(ctx, row, base.header.timeZone);
  const readings = await readingsOf(ctx, patientId, ['GLU'], base.range);
  const periods = await periodColumns({ ...ctx, tenant: ctx.tenantId }, readings);
  const { band, periodBands } = glucoseBands(
    limitsFor,
    periods.map((period) => period.code),
  );
  const tested = readings.filter((r) => r.testValue !== null);
  return {
    ...base,
    unit: STORAGE_UNITS.GLU,
    periods,
    band,
    periodBands,
    readings: tested,
    summary: summaryOf(readings),
    analysis: await trendAnalysis(ctx, tested, base.header.timeZone, base.range, periods),
    insulin: await insulinBeside(ctx, row, base.range),
    linked: await linkedIfInsulin(ctx, row, base.range),
  };
}

/** The linked chart of the report's last days when the patient has insulin records or a pump at all. */
async function linkedIfInsulin(
  ctx: RecordContext,
  patient: PatientRow,
  range: { beginDate: string; endDate: string },
) {
  const chart = await linkedOf(ctx, patient, range);
  return chart.hasInsulin ? chart : null;
}

/**
 * The glucose report's analysis of the trend's readings, as `/v1/gluDataAnalysis/*` answers it: the
 * metrics, each day's fluctuation, the readings with their time of day, the hourly percentiles.
 */
async function trendAnalysis(
  ctx: RecordContext,
  tested: readonly ReadingView[],
  timeZone: string,
  range: { beginDate: string; endDate: string; isStay: boolean },
  periods: readonly { code: string; name: string }[],
) {
  const readings: StoredReading[] = tested.map((r) => ({
    id: r.id,
    testTime: Date.parse(r.testTime),
    value: r.testValue as number,
    periodCode: r.periodCode,
    classification: r.determineType,
    enteredUnit: r.enteredUnit,
  }));
  const tir = await readTirSetting(ctx.db, ctx.tenantId);
  const names = new Map(periods.map((period) => [period.code, period.name]));
  return {
    report: glucoseReport(readings, timeZone, tir, periods, ctx.lang),
    fluctuation: fluctuationByDay(readings, timeZone, range),
    readings: readings.map((reading) => readingView(reading, timeZone, names)),
    hourly: hourlyOf(readings, timeZone),
  };
}

/**
 * GET /v1/records/ward: one hospital day of a department — every patient in hospital there that day
 * (admitted before the day ended) and every patient with a glucose reading taken there that day, in
 * bed order; each period's readings, the critical count and who tested.
 */
export async function wardRecord(ctx: RecordContext, departmentCode: string, date: string | undefined) {
  const [department] = await ctx.db
    .select({ code: departments.code, name: departments.name, nameEn: departments.nameEn })
    .from(departments)
    .where(
      and(
        eq(departments.tenantId, ctx.tenantId),
        eq(departments.code, departmentCode),
        departmentScopeCondition(ctx.scope, departments.code),
      ),
    );
  if (!department) throw recordNotFound();
  const header = await headerOf(ctx);
  const day = hospitalDayOf(date ?? calendarDate(ctx.now, header.timeZone), header.timeZone);

  const measured = ctx.db
    .selectDistinct({ id: measurements.patientId })
    .from(measurements)
    .where(
      and(
        eq(measurements.tenantId, ctx.tenantId),
        eq(measurements.departmentCode, departmentCode),
        eq(measurements.item, 'GLU'),
        gte(measurements.testTime, day.start),
        lt(measurements.testTime, day.end),
        isNull(measurements.deletedAt),
      ),
    );
  const rows = await ctx.db
    .select()
    .from(patients)
    .where(
      and(
        eq(patients.tenantId, ctx.tenantId),
        isNull(patients.deletedAt),
        sql`((${patients.status} = 'inHospital' and ${patients.departmentCode} = ${departmentCode}
               and ${patients.admittedAt} < ${day.end})
             or ${patients.id} in (${measured}))`,
      ),
    );
  rows.sort((a, b) => compareBeds(a.bed, b.bed) || a.name.localeCompare(b.name) || a.id - b.id);
  const readings = rows.length
    ? await loadReadings(ctx, {
        patientIds: rows.map((row) => row.id),
        items: ['GLU'],
        from: day.start,
        to: day.end,
        departmentCode,
      })
    : [];
  const byPatient = new Map<number, ReadingView[]>();
  for (const reading of readings) {
    byPatient.set(reading.patientId, [...(byPatient.get(reading.patientId) ?? []), reading]);
  }
  return {
    header,
    department: { code: department.code, name: departmentName(department, ctx.lang) },
    date: day.date,
    unit: STORAGE_UNITS.GLU,
    periods: await periodColumns({ ...ctx, tenant: ctx.tenantId }, readings),
    rows: rows.map((patient) => {
      const own = byPatient.get(patient.id) ?? [];
      const [pivot] = pivotByPeriod(own, header.timeZone, 'asc');
      return {
        patientId: patient.id,
        bed: patient.bed,
        name: patient.name,
        gender: patient.gender,
        age: patientAgeAt(patient, ctx.now, header.timeZone),
        inpatientNumber: patient.inpatientNumber,
        status: patient.status,
        inDepartment: patient.status === 'inHospital' && patient.departmentCode === departmentCode,
        cells: pivot?.cells ?? {},
        critical: own.filter((r) => r.determineType === 'criticalLow' || r.determineType === 'criticalHigh')
          .length,
        testers: [...new Set(own.map((r) => r.testUser).filter((name): name is string => !!name))],
      };
    }),
    summary: { patients: rows.length, measured: byPatient.size, ...summaryOf(readings) },
  };
}

/** Whether a department exists in the tenant (for signing a ward link). */
export async function departmentInScope(db: DbOrTx, tenantId: string, scope: DepartmentScope, code: string) {
  const [row] = await db
    .select({ code: departments.code })
    .from(departments)
    .where(
      and(
        eq(departments.tenantId, tenantId),
        eq(departments.code, code),
        departmentScopeCondition(scope, departments.code),
      ),
    );
  if (!row) throw recordNotFound();
}
