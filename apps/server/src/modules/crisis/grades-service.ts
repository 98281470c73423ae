import type { CrisisGradeSave, Lang } from '@glucocare/domain';
import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client';
import { crisisGrades, crisisRules } from '../../db/schema';
import { AppError, recordNotFound } from '../../http/errors';
import { deleteVersioned, updateVersioned } from '../../lib/versioned';
import { auditActor as actor, type RequestMeta, writeAudit } from '../audit/service';
import type { SessionUser } from '../auth/sessions';

type GradeRow = typeof crisisGrades.$inferSelect;

function auditView(row: GradeRow) {
  return {
    id: row.id,
    grade: row.grade,
    nameZh: row.nameZh,
    nameEn: row.nameEn,
    color: row.color,
    description: row.description,
    sort: row.sort,
    version: row.version,
  };
}

function gradeView(row: GradeRow, ruleCount: number, lang: Lang) {
  return {
    ...auditView(row),
    name: lang === 'zh-CN' ? row.nameZh : row.nameEn,
    ruleCount,
    updatedAt: row.updatedAt.toISOString(),
  };
}
export type GradeView = ReturnType<typeof gradeView>;

const mine = (tenantId: string, where?: SQL) => and(eq(crisisGrades.tenantId, tenantId), where);

async function rulesUsing(db: DbOrTx, tenantId: string, grade: string): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(crisisRules)
    .where(and(eq(crisisRules.tenantId, tenantId), eq(crisisRules.grade, grade)));
  return n;
}

/** The grades by sort then code, each with the number of rules using it. */
export async function listGrades(db: Database, tenantId: string, lang: Lang): Promise<GradeView[]> {
  const [rows, usage] = await Promise.all([
    db
      .select()
      .from(crisisGrades)
      .where(mine(tenantId))
      .orderBy(asc(crisisGrades.sort), asc(crisisGrades.grade)),
    db
      .select({ grade: crisisRules.grade, n: count() })
      .from(crisisRules)
      .where(eq(crisisRules.tenantId, tenantId))
      .groupBy(crisisRules.grade),
  ]);
  const counts = new Map(usage.map((u) => [u.grade, u.n]));
  return rows.map((row) => gradeView(row, counts.get(row.grade) ?? 0, lang));
}

/**
 * Creates (no id) or updates (id + version) a grade. Renaming a grade's code carries the rules that
 * use it along, in the same transaction, so no rule is left with a grade that no longer exists.
 */
export async function saveGrade(
  db: Database,
  session: SessionUser,
  input: CrisisGradeSave,
  meta: RequestMeta,
  lang: Lang,
): Promise<GradeView> {
  return db.transaction(async (tx) => {
    const values = {
      grade: input.grade,
      nameZh: input.nameZh,
      nameEn: input.nameEn,
      color: input.color.toUpperCase(),
      description: input.description?.trim() ? input.description.trim() : null,
    };
    if (input.id == null) {
      const [row] = await tx
        .insert(crisisGrades)
        .values({ tenantId: session.tenantId, ...values, sort: input.sort ?? 0 })
        .returning();
      await writeAudit(
        tx,
        {
          ...actor(session),
          action: 'create',
          entity: 'crisisGrade',
          entityId: row.id,
          after: auditView(row),
        },
        meta,
      );
      return gradeView(row, 0, lang);
    }
    const [current] = await tx
      .select()
      .from(crisisGrades)
      .where(mine(session.tenantId, eq(crisisGrades.id, input.id)));
    if (!current) throw recordNotFound();
    // an update without the version it read is as stale as one with an old version
    if (current.version !== input.version) throw new AppError(409, 'error.conflict');
    const row = await updateVersioned(
      tx,
      crisisGrades,
      { tenantId: session.tenantId, id: current.id },
      current.version,
      {
        ...values,
        sort: input.sort ?? current.sort,
      },
    );
    if (row.grade !== current.grade) {
      await tx
        .update(crisisRules)
        .set({ grade: row.grade })
        .where(and(eq(crisisRules.tenantId, session.tenantId), eq(crisisRules.grade, current.grade)));
    }
    await writeAudit(
      tx,
      {
        ...actor(session),
        action: 'update',
        entity: 'crisisGrade',
        entityId: row.id,
        before: auditView(current),
        after: auditView(row),
      },
      meta,
    );
    return gradeView(row, await rulesUsing(tx, session.tenantId, row.grade), lang);
  });
}

/** Deletes a grade by its code; 409 while rules use it. */
export async function deleteGrade(
  db: Database,
  session: SessionUser,
  { grade, version }: { grade: string; version: number },
  meta: RequestMeta,
) {
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(crisisGrades)
      .where(mine(session.tenantId, eq(crisisGrades.grade, grade)));
    if (!current) throw recordNotFound();
    const used = await rulesUsing(tx, session.tenantId, grade);
    if (used > 0) throw new AppError(409, 'crisis.grade.inUse', { count: used }, { rules: used });
    await deleteVersioned(tx, crisisGrades, { tenantId: session.tenantId, id: current.id }, version);
    await writeAudit(
      tx,
      {
        ...actor(session),
        action: 'delete',
        entity: 'crisisGrade',
        entityId: current.id,
        before: auditView(current),
      },
      meta,
    );
  });
}
