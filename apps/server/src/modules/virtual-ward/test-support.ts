import { sql } from 'drizzle-orm';
import type { TestContext } from '../../test/harness';

/** A user of a department with a role, with doctor01's password (Doctor@2026). */
export async function insertStaff(
  t: TestContext,
  userName: string,
  nickName: string,
  departmentCode: string,
  role: 'doctor' | 'nurse',
): Promise<number> {
  const { rows } = await t.handle.db.execute<{ id: string }>(sql`
    insert into users (tenant_id, user_name, nick_name, password_hash, department_code, permission_scope,
                       must_change_password)
    select tenant_id, ${userName}, ${nickName}, password_hash, ${departmentCode}, 'departments', false
      from users where tenant_id = '101' and user_name = 'doctor01'
    returning id`);
  const id = Number(rows[0]!.id);
  await t.handle.db.execute(sql`insert into user_roles (tenant_id, user_id, role_id)
    select '101', ${id}, id from roles where tenant_id = '101' and code = ${role}`);
  return id;
}

/** Sets a hospital setting straight in the table (another helper's endpoint may not be merged yet). */
export async function putSetting(t: TestContext, key: string, value: unknown, tenantId = '101') {
  await t.handle.db.execute(sql`
    insert into settings (tenant_id, key, value) values (${tenantId}, ${key}, ${JSON.stringify(value)}::jsonb)
    on conflict (tenant_id, key) do update set value = excluded.value`);
}

/**
 * A glucose reading written with known values: `entered` in `unit` (`mmolL` or `mgDl`), the storage
 * value converted (÷ 18 for mg/dL), `hoursBefore` the test clock; `deleted` marks it deleted.
 */
export async function insertReading(
  t: TestContext,
  patientId: number,
  departmentCode: string,
  entered: number | null,
  /** `mmolL` or `mgDl` as the write path stores them, or another spelling (`mg/dL`, `mmol/L`) */
  unit: string,
  hoursBefore: number,
  options: { deleted?: boolean } = {},
) {
  const at = new Date(t.clock.now.getTime() - hoursBefore * 3_600_000).toISOString();
  const value = entered === null ? null : /mg/i.test(unit) ? entered / 18 : entered;
  await t.handle.db.execute(sql`
    insert into measurements (tenant_id, patient_id, department_code, item, period_code, test_time, value,
                              entered_value, entered_unit, untested_reason, deleted_at, delete_reason)
    values ('101', ${patientId}, ${departmentCode}, 'GLU', 'random', ${at}::timestamptz, ${value}, ${entered},
            ${unit}, ${entered === null ? 'refused' : null}, ${options.deleted ? at : null},
            ${options.deleted ? 'entered in error' : null})`);
}

/** A current virtual-ward stay of a patient. */
export async function insertStay(t: TestContext, patientId: number, wardDepartmentCode: string) {
  const { rows } = await t.handle.db.execute<{ id: string }>(sql`
    insert into virtual_ward_stays (tenant_id, patient_id, join_count, joined_at, ward_department_code,
                                    managing_department_code, suggestion)
    values ('101', ${patientId}, 1, ${new Date(t.clock.now.getTime() - 3 * 86_400_000).toISOString()}::timestamptz,
            ${wardDepartmentCode}, 'ENDO', 'Basal-bolus, review daily')
    returning id`);
  return Number(rows[0]!.id);
}
