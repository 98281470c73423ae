import type { Lang } from '@glucocare/domain';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { departments } from '../../../db/schema';
import type { SessionUser } from '../../auth/sessions';
import { departmentName, inScope } from '../../departments/service';
import { publishLive } from '../../live/publish';
import { fieldError } from '../../measurements/context';
import { dateIn, hospitalTimeZone } from '../../settings/time-zone';

/** '' and null both mean "none" in optional text. */
export const blankToNull = (value: string | null | undefined) => (value ? value : null);
export const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** Today in the hospital's time zone (lot expiry, discard dates, loans are calendar days there). */
export async function hospitalToday(db: DbOrTx, tenantId: string, now: Date): Promise<string> {
  return dateIn(now, await hospitalTimeZone(db, tenantId));
}

/** The tenant's department names in `lang`, by code. */
export async function departmentNames(
  db: DbOrTx,
  tenantId: string,
  lang: Lang,
): Promise<Map<string, string>> {
  const rows = await db
    .select({ code: departments.code, name: departments.name, nameEn: departments.nameEn })
    .from(departments)
    .where(eq(departments.tenantId, tenantId));
  return new Map(rows.map((row) => [row.code, departmentName(row, lang)]));
}

/**
 * 400 on `field` unless `code` is an enabled department of the tenant, and (`inCallerScope`) one of the
 * caller's departments.
 */
export async function checkDepartment(
  db: DbOrTx,
  session: SessionUser,
  code: string,
  lang: Lang,
  options: { field: string; inCallerScope: boolean },
) {
  const [department] = await db
    .select({ isActive: departments.isActive })
    .from(departments)
    .where(and(eq(departments.tenantId, session.tenantId), eq(departments.code, code)));
  if (!department?.isActive || (options.inCallerScope && !inScope(session.scope, code))) {
    throw fieldError(lang, options.field, 'qc.department.unknown');
  }
}

/**
 * Announces a registry change on the live topic `quality` from inside the writer's transaction, to the
 * departments it concerns (the QC office's lists of every scope listen to them).
 */
export function announceQuality(
  tx: DbOrTx,
  tenantId: string,
  departmentCodes: (string | null | undefined)[],
) {
  const codes = [...new Set(departmentCodes.filter((code): code is string => Boolean(code)))];
  return publishLive(
    tx,
    tenantId,
    codes.map((departmentCode) => ({ topic: 'quality' as const, departmentCode })),
  );
}

export { uniqueViolationOf } from '../../measurements/context';
export { fieldError };
