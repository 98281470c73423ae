import type { GlucosePeriodCreate, GlucosePeriodUpdate, Lang, SettingStatusInput } from '@glucocare/domain';
import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client';
import { crisisRules, glucosePeriods } from '../../db/schema';
import { AppError, recordNotFound } from '../../http/errors';
import { updateVersioned } from '../../lib/versioned';
import { auditActor as actor, type RequestMeta, writeAudit } from '../audit/service';
import type { SessionUser } from '../auth/sessions';
import { assertClassificationConsistent } from '../crisis/classification-settings';
import { cachedConfig, type TenantRef } from '../settings/config-cache';

/**
 * Glucose periods: the meal periods a reading belongs to, each with a time window and the normal range
 * (mmol/L) of readings taken in it. Records keep the period code, so periods are stopped, never deleted.
 */

type PeriodRow = typeof glucosePeriods.$inferSelect;

/** A glucose period as the other areas read it (classification, records, statistics). */
export interface GlucosePeriod {
  id: number;
  code: string;
  nameZh: string;
  nameEn: string;
  sort: number;
  startTime: string;
  endTime: string;
  /** normal range in mmol/L; both null when the period has none */
  minValue: number | null;
  maxValue: number | null;
  isActive: boolean;
  version: number;
  updatedAt: string;
}

function toPeriod(row: PeriodRow): GlucosePeriod {
  return {
    id: row.id,
    code: row.code,
    nameZh: row.nameZh,
    nameEn: row.nameEn,
    sort: row.sort,
    startTime: row.startTime,
    endTime: row.endTime,
    minValue: row.minValue,
    maxValue: row.maxValue,
    isActive: row.isActive,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toRecord(row: PeriodRow, lang: Lang) {
  return { ...toPeriod(row), name: lang === 'zh-CN' ? row.nameZh : row.nameEn };
}

const mine = (tenantId: string, where?: SQL) => and(eq(glucosePeriods.tenantId, tenantId), where);
const order = [asc(glucosePeriods.sort), asc(glucosePeriods.code)];

/**
 * Every glucose period of a tenant (stopped ones included, `isActive` tells), by sort then code: the
 * order `periodAt` needs to resolve overlapping windows.
 */
export function listGlucosePeriods(db: DbOrTx, tenant: TenantRef): Promise<readonly GlucosePeriod[]> {
  return cachedConfig(db, tenant, 'glucosePeriods', async (tenantId) => {
    const rows = await db
      .select()
      .from(glucosePeriods)
      .where(mine(tenantId))
      .orderBy(...order);
    return rows.map(toPeriod);
  });
}

export async function glucosePeriodList(
  db: Database,
  tenantId: string,
  isActive: boolean | undefined,
  lang: Lang,
) {
  const rows = await db
    .select()
    .from(glucosePeriods)
    .where(mine(tenantId, isActive === undefined ? undefined : eq(glucosePeriods.isActive, isActive)))
    .orderBy(...order);
  return rows.map((row) => toRecord(row, lang));
}

async function findPeriod(db: DbOrTx, tenantId: string, id: number): Promise<PeriodRow> {
  const [row] = await db
    .select()
    .from(glucosePeriods)
    .where(mine(tenantId, eq(glucosePeriods.id, id)));
  if (!row) throw recordNotFound();
  return row;
}

async function assertCodeFree(db: DbOrTx, tenantId: string, code: string, selfId?: number) {
  const [clash] = await db
    .select({ id: glucosePeriods.id })
    .from(glucosePeriods)
    .where(mine(tenantId, eq(glucosePeriods.code, code)));
  if (clash && clash.id !== selfId) throw new AppError(409, 'period.codeTaken');
}

const valuesOf = (input: GlucosePeriodCreate) => ({
  code: input.code,
  nameZh: input.nameZh,
  nameEn: input.nameEn,
  startTime: input.startTime,
  endTime: input.endTime,
  minValue: input.minValue ?? null,
  maxValue: input.maxValue ?? null,
});

export async function createGlucosePeriod(
  db: Database,
  session: SessionUser,
  input: GlucosePeriodCreate,
  meta: RequestMeta,
  lang: Lang,
) {
  return db.transaction(async (tx) => {
    await assertCodeFree(tx, session.tenantId, input.code);
    const [row] = await tx
      .insert(glucosePeriods)
      .values({
        tenantId: session.tenantId,
        ...valuesOf(input),
        sort: input.sort ?? 0,
        isActive: input.isActive ?? true,
      })
      .returning();
    await writeAudit(
      tx,
      { ...actor(session), action: 'create', entity: 'gluPeriod', entityId: row.id, after: toPeriod(row) },
      meta,
    );
    await assertClassificationConsistent(tx, session.tenantId, { lang });
    return toRecord(row, lang);
  });
}

/** Writes a change of `current` whose `version` the caller read; a stale one is 409. */
async function changePeriod(
  tx: DbOrTx,
  session: SessionUser,
  current: typeof glucosePeriods.$inferSelect,
  version: number,
  action: string,
  change: Partial<typeof glucosePeriods.$inferInsert>,
  meta: RequestMeta,
) {
  const row = await updateVersioned(
    tx,
    glucosePeriods,
    { tenantId: session.tenantId, id: current.id },
    version,
    change,
  );
  await writeAudit(
    tx,
    {
      ...actor(session),
      action,
      entity: 'gluPeriod',
      entityId: current.id,
      before: toPeriod(current),
      after: toPeriod(row),
    },
    meta,
  );
  return row;
}

export async function updateGlucosePeriod(
  db: Database,
  session: SessionUser,
  input: GlucosePeriodUpdate,
  meta: RequestMeta,
  lang: Lang,
) {
  return db.transaction(async (tx) => {
    const current = await findPeriod(tx, session.tenantId, input.id);
    await assertCodeFree(tx, session.tenantId, input.code, input.id);
    if (current.code !== input.code) {
      // critical-value rules name the period by code: they follow a renamed period
      await tx
        .update(crisisRules)
        .set({ periodCode: input.code, updatedAt: new Date() })
        .where(and(eq(crisisRules.tenantId, session.tenantId), eq(crisisRules.periodCode, current.code)));
    }
    const row = await changePeriod(
      tx,
      session,
      current,
      input.version,
      'update',
      {
        ...valuesOf(input),
        ...(input.sort === undefined ? {} : { sort: input.sort }),
        ...(input.isActive === undefined ? {} : { isActive: input.isActive }),
      },
      meta,
    );
    // a period's normal range must stay consistent with the critical values around it
    await assertClassificationConsistent(tx, session.tenantId, { lang });
    return toRecord(row, lang);
  });
}

export async function setGlucosePeriodStatus(
  db: Database,
  session: SessionUser,
  input: SettingStatusInput,
  meta: RequestMeta,
  lang: Lang,
) {
  return db.transaction(async (tx) => {
    const action = input.isActive ? 'enable' : 'disable';
    const current = await findPeriod(tx, session.tenantId, input.id);
    const row = await changePeriod(
      tx,
      session,
      current,
      input.version,
      action,
      { isActive: input.isActive },
      meta,
    );
    return toRecord(row, lang);
  });
}
