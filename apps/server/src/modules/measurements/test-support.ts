import { type GlucosePeriodWindow, periodAt } from '@glucocare/domain';
import { sql } from 'drizzle-orm';
import { GLUCOSE_PERIODS } from '../../db/seed/settings-periods';
import type { TestContext } from '../../test/harness';

/** A patient inserted straight into the database (tests do not depend on the patients module). */
export async function insertPatient(
  t: TestContext,
  options: {
    tenantId?: string;
    departmentCode?: string;
    name?: string;
    admittedAt?: Date;
    status?: 'inHospital' | 'discharged';
    wristbandCode?: string | null;
    inpatientNumber?: string | null;
    dateOfBirth?: string | null;
  } = {},
): Promise<number> {
  const tenantId = options.tenantId ?? '101';
  const admittedAt = options.admittedAt ?? new Date(Date.now() - 10 * 86_400_000);
  const status = options.status ?? 'inHospital';
  const { rows } = await t.handle.db.execute<{ id: string }>(sql`
    insert into patients (tenant_id, name, gender, date_of_birth, age, department_code, bed, status,
                          inpatient_number, wristband_code, admitted_at, discharged_at)
    values (${tenantId}, ${options.name ?? 'Test Patient'}, 'female', ${options.dateOfBirth ?? '1960-05-01'},
            null, ${options.departmentCode ?? 'ENDO'}, '01', ${status}, ${options.inpatientNumber ?? null},
            ${options.wristbandCode ?? null}, ${admittedAt.toISOString()},
            ${status === 'discharged' ? new Date().toISOString() : null})
    returning id`);
  const id = Number(rows[0]!.id);
  const { rows: stay } = await t.handle.db.execute<{ id: string }>(sql`
    insert into patient_admissions (tenant_id, patient_id, inpatient_number, wristband_code, department_code,
                                    bed, admitted_at)
    values (${tenantId}, ${id}, ${options.inpatientNumber ?? null}, ${options.wristbandCode ?? null},
            ${options.departmentCode ?? 'ENDO'}, '01', ${admittedAt.toISOString()})
    returning id`);
  await t.handle.db.execute(
    sql`update patients set admission_id = ${Number(stay[0]!.id)} where tenant_id = ${tenantId} and id = ${id}`,
  );
  return id;
}

/** An ISO time `hoursAgo` hours before `now`, to the minute, with a +08:00 offset. */
export function hoursAgo(now: Date, hours: number): string {
  const at = new Date(now.getTime() - hours * 3_600_000);
  at.setUTCSeconds(0, 0);
  const local = new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 19);
  return `${local}+08:00`;
}

/** The seeded glucose periods' windows (every seeded tenant has them; they cover the day). */
const SEEDED_WINDOWS: GlucosePeriodWindow[] = GLUCOSE_PERIODS.map(([code, , , startTime, endTime]) => ({
  code,
  startTime,
  endTime,
}));

/**
 * The seeded period whose window holds an ISO time on the Shanghai clock (the tests' hospital zone),
 * as the entry form proposes it: a reading entered with it is never outside its window (issue 15).
 */
export function periodOfTime(iso: string): string {
  const code = periodAt(iso, SEEDED_WINDOWS, 'Asia/Shanghai');
  if (!code) throw new Error(`no period holds ${iso}`);
  return code;
}

/**
 * `HH:mm` (11 seconds past it, never on a whole minute as {@link hoursAgo} times are) on the Shanghai
 * calendar date `days` before `now`, as ISO with a +08:00 offset.
 */
export function shanghaiAt(now: Date, days: number, time: string): string {
  const date = new Date(now.getTime() + 8 * 3_600_000 - days * 86_400_000).toISOString().slice(0, 10);
  return `${date}T${time}:11+08:00`;
}
