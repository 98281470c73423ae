import { type Lang, QC_LEVELS, STRIP_TYPE_DICT, type TargetSettingInput, translate } from '@glucocare/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client';
import { dictEntries, targetSettings } from '../../db/schema';
import { AppError } from '../../http/errors';
import { auditActor as actor, type RequestMeta, writeAudit } from '../audit/service';
import type { SessionUser } from '../auth/sessions';

// Not a resource declaration (lib/resource.ts): QC targets are one document per strip type (its three control
// levels replaced together), not rows edited one by one.

/**
 * QC target values (§3 "Target value and SD for three control levels"): per strip type, the target
 * and SD of control levels 0-2. A level never saved reads as 0, which §5 QC uses for "absent".
 */

export interface TargetSettingView {
  stripType: string;
  levels: { level: number; target: number; sd: number }[];
  /** when the values were last saved; null when never */
  updatedAt: string | null;
}

async function readTargets(db: DbOrTx, tenantId: string, stripType: string): Promise<TargetSettingView> {
  const rows = await db
    .select()
    .from(targetSettings)
    .where(and(eq(targetSettings.tenantId, tenantId), eq(targetSettings.stripType, stripType)));
  const byLevel = new Map(rows.map((row) => [row.level, row]));
  const latest = rows.reduce<Date | null>(
    (max, row) => (max === null || row.updatedAt > max ? row.updatedAt : max),
    null,
  );
  return {
    stripType,
    levels: QC_LEVELS.map((level) => ({
      level,
      target: byLevel.get(level)?.target ?? 0,
      sd: byLevel.get(level)?.sd ?? 0,
    })),
    updatedAt: latest ? latest.toISOString() : null,
  };
}

export async function getTargetSetting(db: Database, tenantId: string, stripType: string) {
  return readTargets(db, tenantId, stripType);
}

/** 400 on `stripType` unless it is an enabled entry of the `stripType` dictionary. */
async function assertStripType(db: DbOrTx, tenantId: string, stripType: string, lang: Lang) {
  const [entry] = await db
    .select({ id: dictEntries.id })
    .from(dictEntries)
    .where(
      and(
        eq(dictEntries.tenantId, tenantId),
        eq(dictEntries.type, STRIP_TYPE_DICT),
        eq(dictEntries.code, stripType),
        eq(dictEntries.isActive, true),
        isNull(dictEntries.deletedAt),
      ),
    );
  if (entry) return;
  const message = translate(lang, 'target.stripType.unknown', { code: stripType });
  throw new AppError(
    400,
    'target.stripType.unknown',
    { code: stripType },
    {
      errors: [{ field: 'stripType', message }],
    },
  );
}

/** Replaces the three levels of a strip type in one transaction, with one audit row (before/after). */
export async function saveTargetSetting(
  db: Database,
  session: SessionUser,
  input: TargetSettingInput,
  meta: RequestMeta,
  lang: Lang,
) {
  return db.transaction(async (tx) => {
    await assertStripType(tx, session.tenantId, input.stripType, lang);
    const before = await readTargets(tx, session.tenantId, input.stripType);
    const now = new Date();
    await tx
      .delete(targetSettings)
      .where(
        and(eq(targetSettings.tenantId, session.tenantId), eq(targetSettings.stripType, input.stripType)),
      );
    await tx.insert(targetSettings).values(
      [...input.levels]
        .sort((a, b) => a.level - b.level)
        .map((entry) => ({
          tenantId: session.tenantId,
          stripType: input.stripType,
          level: entry.level,
          target: entry.target,
          sd: entry.sd,
          updatedAt: now,
          updatedBy: session.userId,
        })),
    );
    const after = await readTargets(tx, session.tenantId, input.stripType);
    await writeAudit(
      tx,
      {
        ...actor(session),
        action: 'update',
        entity: 'targetSetting',
        entityId: input.stripType,
        before,
        after,
      },
      meta,
    );
    return after;
  });
}
