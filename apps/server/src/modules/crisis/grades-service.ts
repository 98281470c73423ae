import type { CrisisGradeSave, Lang } from '@glucocare/domain';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client';
import { crisisGrades, crisisRules } from '../../db/schema';
import { AppError, recordNotFound } from '../../http/errors';
import { defineResource } from '../../lib/resource';
import type { RequestMeta } from '../audit/service';
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

/** Critical grades: rules name a grade by its code, so a renamed grade carries them along and a grade in use stays. */
const gradeResource = defineResource({
  table: crisisGrades,
  entity: 'crisisGrade',
  deletion: 'hard',
  orderBy: [asc(crisisGrades.sort), asc(crisisGrades.grade)],
  auditView,
});

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
      .where(gradeResource.where({ tenantId }))
      .orderBy(...gradeResource.declaration.orderBy),
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
  const values = {
    grade: input.grade,
    nameZh: input.nameZh,
    nameEn: input.nameEn,
    color: input.color.toUpperCase(),
    description: input.description?.trim() ? input.description.trim() : null,
  };
  if (input.id == null) {
    const row = await gradeResource.create(db, session, { ...values, sort: input.sort ?? 0 }, meta);
    return gradeView(row, 0, lang);
  }
  return db.transaction(async (tx) => {
    // an update without the version it read is as stale as one with an old version (no version is 0)
    const { before, row } = await gradeResource.update(
      tx,
      session,
      { id: input.id as number, version: input.version ?? 0 },
      (current) => ({ ...values, sort: input.sort ?? current.sort }),
      meta,
    );
    if (row.grade !== before.grade) {
      await tx
        .update(crisisRules)
        .set({ grade: row.grade })
        .where(and(eq(crisisRules.tenantId, session.tenantId), eq(crisisRules.grade, before.grade)));
    }
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
  const [row] = await db
    .select({ id: crisisGrades.id })
    .from(crisisGrades)
    .where(gradeResource.where(session, eq(crisisGrades.grade, grade)));
  if (!row) throw recordNotFound();
  await gradeResource.remove(db, session, { id: row.id, version }, meta, async (tx) => {
    const used = await rulesUsing(tx, session.tenantId, grade);
    if (used > 0) throw new AppError(409, 'crisis.grade.inUse', { count: used }, { rules: used });
  });
}
