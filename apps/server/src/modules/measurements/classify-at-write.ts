import {
  type ClassificationResult,
  classifyMeasurement,
  type Lang,
  type MeasurementItem,
  type MessageKey,
  readingMarks,
  recheckDueAt,
  type WindowMark,
  windowParams,
} from '@glucocare/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { crisisRules, criticalEvents } from '../../db/schema';
import { loadClassificationSettings } from '../crisis/classification-settings';
import { type PatientRow, patientAgeAt } from '../patients/access';
import { listGlucosePeriods } from '../periods/service';
import { cachedConfig, type TenantRef } from '../settings/config-cache';
import { getSetting } from '../settings/service';
import { readMonitorStrategy } from '../settings/strategy-service';
import { hospitalTimeZone } from '../settings/time-zone';

/**
 * A reading as stored: the value in the storage unit (mmol/L for GLU and KET, µmol/L for UA) and what
 * was entered. The entered value and unit decide the comparison (a glucose entered in mg/dL is compared
 * with the limits as they read in mg/dL, domain `compareGlucoseWithLimit`); without them the storage
 * value is compared in the storage unit.
 */
export interface StoredReading {
  item: MeasurementItem;
  value: number | null;
  enteredValue?: number | null;
  enteredUnit?: string | null;
  periodCode: string | null;
  testTime: Date;
}

/** What a reading's row keeps of its classification (null fields for a reading without a value). */
export interface WrittenClassification {
  classification: ClassificationResult['classification'] | null;
  grade: string | null;
  color: string | null;
}

/** The patient as classification reads it: department and age, and whether in the virtual ward now. */
export type ClassifiedPatient = Pick<PatientRow, 'departmentCode' | 'dateOfBirth' | 'age'> & {
  /** a current virtual-ward stay (issue 18): the virtual-ward critical values apply */
  virtualWard?: boolean;
};

export type Classifier = ((reading: StoredReading, patient: ClassifiedPatient) => WrittenClassification) & {
  /** the hospital has virtual-ward rules: a writer asks which patients are in the virtual ward */
  virtualWardRules: boolean;
};

/**
 * Classifies readings at write time with the settings in force (ARCHITECTURE: classification is fixed
 * when a reading is written). Load it once per request or upload batch: the settings are read once.
 * The patient's department and age at the test time choose the most specific rule.
 */
export async function loadClassifier(db: DbOrTx, tenant: TenantRef): Promise<Classifier> {
  // the rules, grades, age brackets and periods bump the configuration version (migrations 0006, 0014)
  const settings = await cachedConfig(db, tenant, 'classification', (tenantId) =>
    loadClassificationSettings(db, tenantId),
  );
  // a virtual-ward patient's readings are classified with the virtual-ward critical values (issue 18);
  // a hospital without virtual-ward rules classifies everyone alike
  const wardSettings = await cachedConfig(db, tenant, 'classification.virtualWard', async (tenantId) => {
    const [rule] = await db
      .select({ id: crisisRules.id })
      .from(crisisRules)
      .where(and(eq(crisisRules.tenantId, tenantId), eq(crisisRules.scope, 'virtualWard')))
      .limit(1);
    return rule ? loadClassificationSettings(db, tenantId, { virtualWard: true }) : null;
  });
  const timeZone = await hospitalTimeZone(db, tenant);
  // Ages are looked up once per patient and quarter of an hour (every zone's offset is a multiple of
  // 15 minutes, so a birthday never falls inside one): an upload batch classifies hundreds of readings.
  const ages = new Map<string, number | null>();
  const ageAt = (patient: Pick<PatientRow, 'dateOfBirth' | 'age'>, at: Date) => {
    const key = `${patient.dateOfBirth}|${patient.age}|${Math.floor(at.getTime() / 900_000)}`;
    if (!ages.has(key)) ages.set(key, patientAgeAt(patient, at, timeZone));
    return ages.get(key) ?? null;
  };
  const classifier = (reading: StoredReading, patient: ClassifiedPatient): WrittenClassification => {
    if (reading.value === null || !Number.isFinite(reading.value)) {
      return { classification: null, grade: null, color: null };
    }
    const entered =
      reading.enteredValue !== null && reading.enteredValue !== undefined && reading.enteredUnit;
    const result = classifyMeasurement(
      entered
        ? {
            item: reading.item,
            value: reading.enteredValue as number,
            unit: reading.enteredUnit,
            periodCode: reading.periodCode,
          }
        : { item: reading.item, value: reading.value, periodCode: reading.periodCode },
      { departmentCode: patient.departmentCode, age: ageAt(patient, reading.testTime) },
      patient.virtualWard && wardSettings ? wardSettings : settings,
    );
    return { classification: result.classification, grade: result.grade, color: result.color };
  };
  return Object.assign(classifier, { virtualWardRules: wardSettings !== null });
}

/** A reading as its timing marks read it (domain `measurements/timing.ts`). */
export interface TimedReading {
  periodCode: string | null;
  testTime: Date;
  /** the reason given for a test time outside its period's window */
  windowReason?: string | null;
  /** when the reading was entered: the write's clock for a new reading, its creation for a correction */
  enteredAt: Date;
  /** entered by hand (manual entry, ward round, correction) rather than uploaded from a meter or HIS */
  byHand: boolean;
}

/** What a reading's row keeps of its timing marks. */
export interface WrittenMarks {
  windowMark: WindowMark | null;
  /** kept only with a window mark */
  windowReason: string | null;
  lateEntry: boolean;
}

/** A reading outside its window that needs a reason and has none: the field error to answer. */
export interface MissingWindowReason {
  field: 'windowReason';
  key: MessageKey;
  params: Record<string, string>;
}

/**
 * Marks a reading; `needsReason`: a reading outside its window without a reason is refused (manual
 * entry and corrections of the time or period) rather than marked (uploads).
 */
export type Marker = (
  reading: TimedReading,
  needsReason: boolean,
) => { marks: WrittenMarks } | { refused: MissingWindowReason };

/**
 * The timing marks at write time (issue 15): the window mark against the reading's period window with
 * the monitoring strategy's slack, the late-entry mark, and whether a reason is missing. The periods
 * (stopped ones too: a correction may keep one), the strategy and the time zone are read once per
 * request or upload batch. `lang` words the period's name in a refusal.
 */
export async function loadMarker(db: DbOrTx, tenant: TenantRef, lang: Lang): Promise<Marker> {
  // one after the other: `db` is the writer's transaction
  const periods = await listGlucosePeriods(db, tenant);
  const strategy = await readMonitorStrategy(db, tenant);
  const timeZone = await hospitalTimeZone(db, tenant);
  const byCode = new Map(periods.map((period) => [period.code, period]));
  return (reading, needsReason) => {
    const period = reading.periodCode ? byCode.get(reading.periodCode) : undefined;
    const { windowMark, lateEntry } = readingMarks({
      testTime: reading.testTime,
      period,
      enteredAt: reading.enteredAt,
      byHand: reading.byHand,
      timeZone,
      timing: strategy,
    });
    const reason = reading.windowReason?.trim() || null;
    if (windowMark && !reason && needsReason && period) {
      const name = lang === 'zh-CN' ? period.nameZh : period.nameEn;
      return {
        refused: {
          field: 'windowReason',
          key: 'measurements.windowReason.required',
          params: windowParams(period, name),
        },
      };
    }
    return { marks: { windowMark, windowReason: windowMark ? reason : null, lateEntry } };
  };
}

export const CRITICAL_CLASSIFICATIONS = ['criticalLow', 'criticalHigh'] as const;

export function isCritical(classification: string | null | undefined): boolean {
  return classification === 'criticalLow' || classification === 'criticalHigh';
}

/** A written (inserted, corrected or deleted) measurement row, as the critical-value events follow it. */
export interface WrittenReading {
  id: number;
  patientId: number;
  departmentCode: string;
  item: string;
  value: number | null;
  classification: string | null;
  grade: string | null;
  testTime: Date;
  deletedAt: Date | null;
}

/** A critical event a write created, changed, voided or rechecked. */
export interface TouchedCriticalEvent {
  id: number;
  patientId: number;
  departmentCode: string;
  /** the people an escalation named (told of the change whatever their scope) */
  escalatedDoctorId: number | null;
  escalatedHeadNurseId: number | null;
}

const touchedColumns = {
  id: criticalEvents.id,
  patientId: criticalEvents.patientId,
  departmentCode: criticalEvents.departmentCode,
  escalatedDoctorId: criticalEvents.escalatedDoctorId,
  escalatedHeadNurseId: criticalEvents.escalatedHeadNurseId,
};

/**
 * Keeps the critical-value events in step with written readings, in the writer's transaction:
 * a live critical reading has an event (created `open` with its recheck due by the loop settings, or
 * updated with the corrected value; a `void` one reopens); an open event whose reading is deleted or no
 * longer critical becomes `void`. A handled event stays as it was handled. A live reading with a value
 * is the recheck of the patient's earlier events of the item still waiting for one; a deleted reading
 * stops being a recheck. Answers the events touched (the push channel announces them).
 */
export async function syncCriticalEvents(
  tx: DbOrTx,
  tenantId: string,
  rows: readonly WrittenReading[],
  options: { inserted?: boolean } = {},
): Promise<TouchedCriticalEvent[]> {
  const touched: TouchedCriticalEvent[] = [];
  const critical = rows.filter(
    (row) => !row.deletedAt && row.value !== null && isCritical(row.classification),
  );
  // a reading just inserted has no event to void
  const others = options.inserted ? [] : rows.filter((row) => !critical.includes(row));
  const other = others.map((row) => row.id);
  if (critical.length) {
    const loop = await getSetting(tx, tenantId, 'strategy.criticalLoop');
    const upserted = await tx
      .insert(criticalEvents)
      .values(
        critical.map((row) => ({
          tenantId,
          measurementId: row.id,
          patientId: row.patientId,
          departmentCode: row.departmentCode,
          item: row.item,
          value: row.value as number,
          classification: row.classification as string,
          grade: row.grade,
          measuredAt: row.testTime,
          recheckDueAt: recheckDueAt(row.item, row.classification as string, row.testTime, loop),
        })),
      )
      .onConflictDoUpdate({
        target: [criticalEvents.tenantId, criticalEvents.measurementId],
        set: {
          value: sql`excluded.value`,
          classification: sql`excluded.classification`,
          grade: sql`excluded.grade`,
          measuredAt: sql`excluded.measured_at`,
          departmentCode: sql`excluded.department_code`,
          recheckDueAt: sql`excluded.recheck_due_at`,
          status: sql`case when ${criticalEvents.status} = 'void' then 'open' else ${criticalEvents.status} end`,
          version: sql`${criticalEvents.version} + 1`,
          updatedAt: sql`now()`,
        },
      })
      .returning(touchedColumns);
    touched.push(...upserted);
  }
  if (other.length) {
    const voided = await tx
      .update(criticalEvents)
      .set({ status: 'void', version: sql`${criticalEvents.version} + 1`, updatedAt: sql`now()` })
      .where(
        and(
          eq(criticalEvents.tenantId, tenantId),
          inArray(criticalEvents.measurementId, other),
          eq(criticalEvents.status, 'open'),
        ),
      )
      .returning(touchedColumns);
    touched.push(...voided);
    // an event's time stays its reading's whatever its state (a handled value corrected to a normal one
    // at another time included): lists join the reading by id and this time, which names its month
    await tx.execute(sql`
      update critical_events ce set measured_at = r.test_time
        from unnest(${sql.param(other)}::bigint[],
                    ${sql.param(others.map((row) => row.testTime.toISOString()))}::timestamptz[])
             as r(id, test_time)
       where ce.tenant_id = ${tenantId} and ce.measurement_id = r.id and ce.measured_at <> r.test_time`);
  }
  touched.push(...(await syncRechecks(tx, tenantId, rows)));
  return touched;
}

/**
 * Rechecks (issue 15): a critical value's recheck is the first live reading with a value of the same
 * patient and item measured after it. Rather than patching links reading by reading, every event of the
 * patients and items just written is set to that reading again, in one statement: a new reading, a late
 * entry of an earlier one, a correction of a time or value, a deletion and a new critical event all come
 * out right the same way. Only events whose recheck changes are written and answered. The event's
 * version stays: it guards what people record on it (handling, read receipt), which a recheck does not
 * touch, so a nurse handling it meanwhile is not refused.
 */
async function syncRechecks(
  tx: DbOrTx,
  tenantId: string,
  rows: readonly WrittenReading[],
): Promise<TouchedCriticalEvent[]> {
  if (!rows.length) return [];
  const column = (values: unknown[]) => sql.param(values);
  const result = await tx.execute<{
    id: string;
    patient_id: string;
    department_code: string;
    escalated_doctor_id: string | null;
    escalated_head_nurse_id: string | null;
  }>(sql`
    with wanted as (
      select e.id as event_id, r.id as reading_id, r.test_time
        from critical_events e
        left join lateral (
          select m.id, m.test_time from measurements m
           where m.tenant_id = e.tenant_id and m.patient_id = e.patient_id and m.item = e.item
             and m.deleted_at is null and m.value is not null and m.test_time > e.measured_at
           order by m.test_time limit 1) r on true
       where e.tenant_id = ${tenantId} and e.recheck_due_at is not null and e.status <> 'void'
         and (e.patient_id, e.item) in (
               select * from unnest(${column(rows.map((row) => row.patientId))}::bigint[],
                                    ${column(rows.map((row) => row.item))}::text[])))
    update critical_events ce
       set recheck_measurement_id = w.reading_id, rechecked_at = w.test_time, updated_at = now()
      from wanted w
     where ce.tenant_id = ${tenantId} and ce.id = w.event_id
       and ce.recheck_measurement_id is distinct from w.reading_id
    returning ce.id, ce.patient_id, ce.department_code, ce.escalated_doctor_id, ce.escalated_head_nurse_id`);
  const idOrNull = (value: string | null) => (value === null ? null : Number(value));
  return result.rows.map((row) => ({
    id: Number(row.id),
    patientId: Number(row.patient_id),
    departmentCode: row.department_code,
    escalatedDoctorId: idOrNull(row.escalated_doctor_id),
    escalatedHeadNurseId: idOrNull(row.escalated_head_nurse_id),
  }));
}
