import type { GlucosePeriodCreate, GlucosePeriodUpdate, Lang, SettingStatusInput } from '@glucocare/domain';
import { and, eq } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client';
import { crisisRules, glucosePeriods } from '../../db/schema';
import { defineResource } from '../../lib/resource';
import type { RequestMeta } from '../audit/service';
import type { SessionUser } from '../auth/sessions';
import { assertClassificationConsistent } from '../crisis/classification-settings';
import { cachedConfig, type TenantRef } from '../settings/config-cache';
import { periodDeclaration, periodFields, periodName } from './period-resource';

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
  return { ...periodFields(row), minValue: row.minValue, maxValue: row.maxValue };
}

function toRecord(row: PeriodRow, lang: Lang) {
  return { ...toPeriod(row), name: periodName(row, lang) };
}

/** Glucose periods: records name them by code, so they are stopped, never deleted. */
const periodResource = defineResource({
  ...periodDeclaration(glucosePeriods, 'period.codeTaken'),
  entity: 'gluPeriod',
  deletion: 'never',
  auditView: toPeriod,
});

/**
 * Every glucose period of a tenant (stopped ones included, `isActive` tells), by sort then code: the
 * order `periodAt` needs to resolve overlapping windows.
 */
export function listGlucosePeriods(db: DbOrTx, tenant: TenantRef): Promise<readonly GlucosePeriod[]> {
  return cachedConfig(db, tenant, 'glucosePeriods', async (tenantId) =>
    (await periodResource.all(db, { tenantId })).map(toPeriod),
  );
}

export async function glucosePeriodList(
  db: Database,
  tenantId: string,
  isActive: boolean | undefined,
  lang: Lang,
) {
  const rows = await periodResource.all(db, { tenantId }, { isActive });
  return rows.map((row) => toRecord(row, lang));
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
    const row = await periodResource.create(
      tx,
      session,
      { ...valuesOf(input), sort: input.sort ?? 0, isActive: input.isActive ?? true },
      meta,
    );
    await assertClassificationConsistent(tx, session.tenantId, { lang });
    return toRecord(row, lang);
  });
}

export async function updateGlucosePeriod(
  db: Database,
  session: SessionUser,
  input: GlucosePeriodUpdate,
  meta: RequestMeta,
  lang: Lang,
) {
  return db.transaction(async (tx) => {
    const { row } = await periodResource.update(
      tx,
      session,
      input,
      {
        ...valuesOf(input),
        ...(input.sort === undefined ? {} : { sort: input.sort }),
        ...(input.isActive === undefined ? {} : { isActive: input.isActive }),
      },
      meta,
      async (inner, current) => {
        if (current.code === input.code) return;
        // critical-value rules name the period by code: they follow a renamed period
        await inner
          .update(crisisRules)
          .set({ periodCode: input.code, updatedAt: new Date() })
          .where(and(eq(crisisRules.tenantId, session.tenantId), eq(crisisRules.periodCode, current.code)));
      },
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
  return toRecord(await periodResource.setStatus(db, session, input, meta), lang);
}
