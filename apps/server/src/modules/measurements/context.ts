import {
  type EntryContext,
  entryWindowOf,
  type FieldError,
  type Lang,
  type MeasurementItem,
  type MessageKey,
  REFUSAL_REASON_DICT,
  REJECT_REASON_DICT,
  translate,
  UNTESTED_REASON_DICT,
  wallClockAt,
} from '@glucocare/domain';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { dictEntries, userDepartments, users } from '../../db/schema';
import { AppError } from '../../http/errors';
import { findInErrorChain } from '../../lib/error-chain';
import type { PatientRow } from '../patients/access';
import { listGlucosePeriods } from '../periods/service';
import { cachedConfig, type TenantRef } from '../settings/config-cache';

/** The hospital's lists an entry is checked against: enabled periods and reason codes. */
export interface HospitalLists {
  /** enabled glucose periods in sort order (windows for `periodAt`, names in both languages) */
  periods: { code: string; nameZh: string; nameEn: string; startTime: string; endTime: string }[];
  untestedReasons: string[];
  refusalReasons: string[];
  rejectReasons: string[];
}

/** Enabled glucose periods and reason codes of a tenant, in two queries (or from the cache). */
export function hospitalLists(db: DbOrTx, tenant: TenantRef): Promise<HospitalLists> {
  return cachedConfig(db, tenant, 'hospitalLists', (tenantId) => readHospitalLists(db, tenantId));
}

async function readHospitalLists(db: DbOrTx, tenantId: string): Promise<HospitalLists> {
  // one after the other: `db` may be a transaction, whose connection takes one statement at a time
  const periods = (await listGlucosePeriods(db, tenantId))
    .filter((period) => period.isActive)
    .map(({ code, nameZh, nameEn, startTime, endTime }) => ({ code, nameZh, nameEn, startTime, endTime }));
  const reasons = await db
    .select({ type: dictEntries.type, code: dictEntries.code })
    .from(dictEntries)
    .where(
      and(
        eq(dictEntries.tenantId, tenantId),
        inArray(dictEntries.type, [UNTESTED_REASON_DICT, REFUSAL_REASON_DICT, REJECT_REASON_DICT]),
        eq(dictEntries.isActive, true),
        isNull(dictEntries.deletedAt),
      ),
    )
    .orderBy(asc(dictEntries.sort), asc(dictEntries.code));
  return {
    periods,
    untestedReasons: reasons.filter((r) => r.type === UNTESTED_REASON_DICT).map((r) => r.code),
    refusalReasons: reasons.filter((r) => r.type === REFUSAL_REASON_DICT).map((r) => r.code),
    rejectReasons: reasons.filter((r) => r.type === REJECT_REASON_DICT).map((r) => r.code),
  };
}

/** The entry context of a patient's current stay (`EntryContext` of the domain). */
export function stayContext(lists: HospitalLists, patient: PatientRow, now: Date): EntryContext {
  return {
    now: () => now,
    ...entryWindowOf(patient),
    periods: lists.periods.map((p) => p.code),
    untestedReasons: lists.untestedReasons,
    refusalReasons: lists.refusalReasons,
    rejectReasons: lists.rejectReasons,
  };
}

/** A 400 naming one field, worded in `lang` (the shape of a validation failure). */
export function fieldError(
  lang: Lang,
  field: string,
  key: MessageKey,
  params?: Record<string, string | number>,
) {
  return fieldErrors(lang, [{ field, key, params }]);
}

/** A 400 (or `status`) naming several fields (the first message is the body's message). */
export function fieldErrors(
  lang: Lang,
  problems: { field: string; key: MessageKey; params?: Record<string, string | number> }[],
  status = 400,
) {
  const errors: FieldError[] = problems.map((p) => ({
    field: p.field,
    message: translate(lang, p.key, p.params),
  }));
  const first = problems[0]!;
  return new AppError(status, first.key, first.params, { errors });
}

/** "YYYY-MM-DD HH:mm" of an instant on the hospital's clock (messages). */
export function wallClock(at: Date, timeZone: string): string {
  return wallClockAt(at, timeZone).slice(0, 16);
}

/** The message params of "A {{item}} reading at {{time}} already exists for this patient". */
export function duplicateTimeParams(lang: Lang, item: MeasurementItem, at: Date, timeZone: string) {
  return { item: translate(lang, `measurements.item.${item}`), time: wallClock(at, timeZone) };
}

/** The index PostgreSQL names in a unique violation (23505) along the error's causes, if it is one. */
function violatedUniqueIndex(error: unknown): string | null {
  return findInErrorChain(error, (link) => {
    const e = link as { code?: string; constraint?: string };
    return e.code === '23505' ? (e.constraint ?? null) : null;
  });
}

/** Whether an error is PostgreSQL's unique violation (23505) of the given index. */
export function uniqueViolationOf(error: unknown, constraint: string): boolean {
  return violatedUniqueIndex(error) === constraint;
}

/**
 * Whether an error is a unique violation of an index of a partitioned table (the readings, migration
 * 0027): PostgreSQL names the partition's own index, which the catalogue ties to the table's. Asked
 * after the failed statement's savepoint was rolled back.
 */
export async function partitionedUniqueViolationOf(
  db: DbOrTx,
  error: unknown,
  index: string,
): Promise<boolean> {
  const violated = violatedUniqueIndex(error);
  if (violated === null) return false;
  if (violated === index) return true;
  const { rows } = await db.execute(sql`
    select 1 from pg_inherits i join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent
     where c.relname = ${violated} and p.relname = ${index} and c.relkind = 'i'`);
  return rows.length > 0;
}
export const PATIENT_TIME_INDEX = 'measurements_patient_time_uq';

/** A tester as stored on a reading. */
export interface Tester {
  id: number;
  name: string;
}

/**
 * Active staff who may be recorded as a patient's tester: not deleted, enabled, not past their
 * expiry date, and working in the patient's department (their own department, a granted one, or the
 * all-departments scope). `ids` narrows to those users.
 */
export async function departmentStaff(
  db: DbOrTx,
  tenantId: string,
  departmentCode: string,
  today: string,
  ids?: number[],
): Promise<{ id: number; userName: string; nickName: string; departmentCode: string | null }[]> {
  return db
    .select({
      id: users.id,
      userName: users.userName,
      nickName: users.nickName,
      departmentCode: users.departmentCode,
    })
    .from(users)
    .where(
      and(
        eq(users.tenantId, tenantId),
        isNull(users.deletedAt),
        eq(users.isActive, true),
        sql`(${users.expiresOn} is null or ${users.expiresOn} >= ${today}::date)`,
        sql`(${users.departmentCode} = ${departmentCode} or ${users.permissionScope} = 'all' or exists (
          select 1 from ${userDepartments} ud where ud.tenant_id = ${users.tenantId}
             and ud.user_id = ${users.id} and ud.department_code = ${departmentCode}))`,
        ids ? inArray(users.id, ids) : undefined,
      ),
    )
    .orderBy(asc(users.nickName), asc(users.id));
}
