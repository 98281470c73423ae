import { type DataFilter, isCalendarDate, type PendingFilter } from '@glucocare/domain';
import { and, eq, gte, ilike, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { measurements, patients } from '../../db/schema';
import { containsPattern } from '../../lib/query';
import { departmentScopeCondition } from '../../lib/scope';
import type { SessionUser } from '../auth/sessions';
import { hospitalDayStart, instantLiteral } from '../measurements/read';

/**
 * The WHERE of the approval and data-management queries, on `measurements` (m) joined to `patients`
 * (p). The leading conditions (tenant, department, item, test time, not deleted) are those of the
 * `measurements_department_idx` / `measurements_pending_idx` indexes, so a month of one department is
 * an index range scan. Department scope goes by the department the reading was taken in.
 */
export interface ReviewConditions {
  /** conditions on the measurement row only */
  reading: SQL[];
  /** conditions that need the patient row (keyword, doctor); empty when none was asked for */
  patient: SQL[];
}

/** `YYYY-MM-DD` is a day in the hospital's time zone (the end day included); otherwise an instant. */
function timeBounds(begin: string | undefined, end: string | undefined, timeZone: string): SQL[] {
  const bounds: SQL[] = [];
  if (begin) {
    bounds.push(
      sql`${measurements.testTime} >= ${isCalendarDate(begin) ? hospitalDayStart(begin, timeZone) : instantLiteral(new Date(begin))}`,
    );
  }
  if (end) {
    bounds.push(
      isCalendarDate(end)
        ? sql`${measurements.testTime} < ${hospitalDayStart(end, timeZone, 1)}`
        : sql`${measurements.testTime} <= ${instantLiteral(new Date(end))}`,
    );
  }
  return bounds;
}

function patientConditions(queryCondition: string | undefined, doctorCode: string | undefined): SQL[] {
  const conditions: SQL[] = [];
  if (queryCondition) {
    const pattern = containsPattern(queryCondition);
    conditions.push(
      or(
        ilike(patients.name, pattern),
        ilike(patients.inpatientNumber, pattern),
        ilike(patients.bed, pattern),
      ) as SQL,
    );
  }
  if (doctorCode) conditions.push(sql`lower(${patients.doctorCode}) = lower(${doctorCode})`);
  return conditions;
}

function commonReadingConditions(
  session: SessionUser,
  filter: PendingFilter | DataFilter,
  timeZone: string,
  options: { item: boolean },
): SQL[] {
  return [
    eq(measurements.tenantId, session.tenantId),
    departmentScopeCondition(session.scope, measurements.departmentCode),
    filter.departmentCode ? eq(measurements.departmentCode, filter.departmentCode) : undefined,
    options.item ? eq(measurements.item, filter.category) : undefined,
    ...timeBounds(filter.beginDate, filter.endDate, timeZone),
    filter.classification ? eq(measurements.classification, filter.classification) : undefined,
  ].filter((condition): condition is SQL => condition !== undefined);
}

/**
 * Pending readings (the approval list): not deleted, pending, in scope, with the list's filters.
 * `item: false` leaves the item out (the per-item counts of the tabs).
 */
export function pendingConditions(
  session: SessionUser,
  filter: PendingFilter,
  timeZone: string,
  options: { item: boolean } = { item: true },
): ReviewConditions {
  return {
    reading: [
      ...commonReadingConditions(session, filter, timeZone, options),
      isNull(measurements.deletedAt),
      eq(measurements.status, 'pending'),
    ],
    patient: patientConditions(filter.queryCondition, undefined),
  };
}

/** Data management: every reading of the item in the range (deleted ones too when asked). */
export function dataConditions(session: SessionUser, filter: DataFilter, timeZone: string): ReviewConditions {
  const reading = commonReadingConditions(session, filter, timeZone, { item: true });
  if (!filter.includeDeleted) reading.push(isNull(measurements.deletedAt));
  if (filter.status) reading.push(eq(measurements.status, filter.status));
  if (filter.minValue) reading.push(gte(measurements.value, Number(filter.minValue)));
  if (filter.maxValue) reading.push(lte(measurements.value, Number(filter.maxValue)));
  return { reading, patient: patientConditions(filter.queryCondition, filter.doctorCode) };
}

/** All conditions as one. */
export function whereOf(conditions: ReviewConditions): SQL {
  return and(...conditions.reading, ...conditions.patient) as SQL;
}
