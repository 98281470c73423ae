import {
  analyzerLockState,
  type LockContext,
  type LockReason,
  type LockState,
  type QcStrategy,
} from '@glucocare/domain';
import type { AnalyzerLockView } from '@glucocare/domain/responses';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { cachedConfig, type TenantRef, tenantIdOf } from '../settings/config-cache';
import { getSetting } from '../settings/service';
import { hospitalTimeZone } from '../settings/time-zone';

/**
 * The QC lockout of analyzers now (issue 19): failed QC (kept on the analyzer row until a passing run),
 * schedule, new lots, expired or withdrawn lots, overrides in force — domain quality/lockout.ts applied
 * to the rows, the lots and the strategy. One statement for any number of analyzers (the strategy,
 * shifts and time zone come from the configuration cache when the caller names a reader).
 */

/** The QC strategy (setting `qc.strategy`), through the configuration cache when `tenant` allows. */
export function qcStrategyOf(db: DbOrTx, tenant: TenantRef): Promise<QcStrategy> {
  return cachedConfig(db, tenant, 'qc.strategy', (tenantId) => getSetting(db, tenantId, 'qc.strategy'));
}

/** What the lockout is judged with: the strategy, the nursing shifts, the hospital's clock. */
export async function lockContextOf(db: DbOrTx, tenant: TenantRef, now: Date): Promise<LockContext> {
  const strategy = await qcStrategyOf(db, tenant);
  const shifts = await cachedConfig(db, tenant, 'qc.shifts', (tenantId) =>
    getSetting(db, tenantId, 'strategy.shifts'),
  );
  const timeZone = await hospitalTimeZone(db, tenant);
  return { strategy, shifts: shifts.shifts, timeZone, now };
}

interface LockRow extends Record<string, unknown> {
  id: string;
  sn: string;
  is_active: boolean;
  control_solution_id: string | null;
  test_strip_id: string | null;
  last_pass_at: Date | string | null;
  last_pass_control_solution_id: string | null;
  last_pass_test_strip_id: string | null;
  failed_lock_at: Date | string | null;
  control_status: string | null;
  control_expiry: string | null;
  control_discard: string | null;
  strip_status: string | null;
  strip_expiry: string | null;
  overrides: { lockReason: string; validUntil: string }[];
}

const id = (value: string | null) => (value === null ? null : Number(value));
const instant = (value: Date | string | null) => (value === null ? null : new Date(value));

/** The analyzers matching `where` (live ones of the tenant) with their lots and overrides in force. */
async function lockRows(db: DbOrTx, tenantId: string, where: SQL, now: Date): Promise<LockRow[]> {
  const result = await db.execute<LockRow>(sql`
    select a.id, a.sn, a.is_active, a.control_solution_id, a.test_strip_id, a.last_pass_at,
           a.last_pass_control_solution_id, a.last_pass_test_strip_id, a.failed_lock_at,
           c.status as control_status, c.expiry_date::text as control_expiry, c.discard_on::text as control_discard,
           s.status as strip_status, s.expiry_date::text as strip_expiry,
           coalesce((select json_agg(json_build_object('lockReason', o.lock_reason, 'validUntil', o.valid_until))
                       from qc_lock_overrides o
                      where o.tenant_id = a.tenant_id and o.analyzer_id = a.id and o.valid_until > ${now}),
                    '[]'::json) as overrides
      from analyzers a
      left join control_solutions c
             on c.tenant_id = a.tenant_id and c.id = a.control_solution_id and c.deleted_at is null
      left join test_strips s on s.tenant_id = a.tenant_id and s.id = a.test_strip_id and s.deleted_at is null
     where a.tenant_id = ${tenantId} and a.deleted_at is null and ${where}`);
  return result.rows;
}

function stateOf(row: LockRow, context: LockContext): LockState {
  return analyzerLockState(
    {
      isActive: row.is_active,
      controlSolutionId: id(row.control_solution_id),
      testStripId: id(row.test_strip_id),
      lastPassAt: instant(row.last_pass_at),
      lastPassControlSolutionId: id(row.last_pass_control_solution_id),
      lastPassTestStripId: id(row.last_pass_test_strip_id),
      failedLockAt: instant(row.failed_lock_at),
    },
    {
      control: row.control_status
        ? { status: row.control_status, expiryDate: row.control_expiry, discardOn: row.control_discard }
        : null,
      strip: row.strip_status ? { status: row.strip_status, expiryDate: row.strip_expiry } : null,
    },
    row.overrides.map((o) => ({ lockReason: o.lockReason, validUntil: new Date(o.validUntil) })),
    context,
  );
}

export const lockView = (state: LockState): AnalyzerLockView => ({
  locked: state.locked,
  reasons: state.reasons,
  dueAt: state.dueAt?.toISOString() ?? null,
  overriddenUntil: state.overriddenUntil?.toISOString() ?? null,
});

/** The lockout of each analyzer named (analyzers not found are left out of the map). */
export async function lockStatesOf(
  db: DbOrTx,
  tenant: TenantRef,
  analyzerIds: number[],
  now: Date,
): Promise<Map<number, AnalyzerLockView>> {
  if (!analyzerIds.length) return new Map();
  const context = await lockContextOf(db, tenant, now);
  const rows = await lockRows(
    db,
    tenantIdOf(tenant),
    sql`a.id = any(${sql.param(analyzerIds)}::bigint[])`,
    now,
  );
  return new Map(rows.map((row) => [Number(row.id), lockView(stateOf(row, context))]));
}

/**
 * The reading write path's question (record.ts): of the meters that uploaded a batch, by serial, the
 * ones locked now and their first lock reason. Nothing is read when the lockout is off or no reading
 * came from a meter; else one statement for the batch.
 */
export async function qcHoldsOf(
  db: DbOrTx,
  tenant: TenantRef,
  serials: string[],
  now: Date,
): Promise<Map<string, LockReason>> {
  const wanted = [...new Set(serials)];
  if (!wanted.length) return new Map();
  const context = await lockContextOf(db, tenant, now);
  if (!context.strategy.lockout) return new Map();
  const rows = await lockRows(db, tenantIdOf(tenant), sql`a.sn = any(${sql.param(wanted)}::text[])`, now);
  const holds = new Map<string, LockReason>();
  for (const row of rows) {
    const state = stateOf(row, context);
    if (state.locked) holds.set(row.sn, state.reasons[0]!);
  }
  return holds;
}
