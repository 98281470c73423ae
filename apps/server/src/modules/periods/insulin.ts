import type { InsulinPeriodCreate, InsulinPeriodUpdate, Lang } from '@glucocare/domain';
import type { Database, DbOrTx } from '../../db/client';
import { insulinPeriods } from '../../db/schema';
import { defineResource, type VersionedKey } from '../../lib/resource';
import { updateVersioned } from '../../lib/versioned';
import { auditActor as actor, type RequestMeta, writeAudit } from '../audit/service';
import type { SessionUser } from '../auth/sessions';
import { periodDeclaration, periodFields, periodName } from './period-resource';

/**
 * Insulin periods: when doses are given (breakfast, lunch, dinner, bedtime...). Insulin records keep
 * the period's code and name, so a period may be deleted; stopping it keeps it out of the pickers.
 */

type InsulinPeriodRow = typeof insulinPeriods.$inferSelect;

const auditView = (row: InsulinPeriodRow) => periodFields(row);

function toRecord(row: InsulinPeriodRow, lang: Lang) {
  return { ...periodFields(row), name: periodName(row, lang) };
}

/**
 * Insulin periods: removed outright. Updating stays hand-written: one save call both edits and
 * switches a period, and its audit action says which (see `actionOf`).
 */
const insulinPeriodResource = defineResource({
  ...periodDeclaration(insulinPeriods, 'insulinPeriod.codeTaken'),
  entity: 'insulinPeriod',
  deletion: 'hard',
  auditView,
});

export async function insulinPeriodList(
  db: Database,
  tenantId: string,
  isActive: boolean | undefined,
  lang: Lang,
) {
  const rows = await insulinPeriodResource.all(db, { tenantId }, { isActive });
  return rows.map((row) => toRecord(row, lang));
}

const findInsulinPeriod = (db: DbOrTx, tenantId: string, id: number) =>
  insulinPeriodResource.find(db, { tenantId }, id);

export async function insulinPeriodById(db: Database, tenantId: string, id: number, lang: Lang) {
  return toRecord(await findInsulinPeriod(db, tenantId, id), lang);
}

const assertCodeFree = (db: DbOrTx, tenantId: string, code: string, selfId?: number) =>
  insulinPeriodResource.assertUnique(db, { tenantId }, { code }, selfId);

export async function createInsulinPeriod(
  db: Database,
  session: SessionUser,
  input: InsulinPeriodCreate,
  meta: RequestMeta,
  lang: Lang,
) {
  const row = await insulinPeriodResource.create(
    db,
    session,
    {
      code: input.code,
      nameZh: input.nameZh,
      nameEn: input.nameEn,
      startTime: input.startTime,
      endTime: input.endTime,
      sort: input.sort ?? 0,
      isActive: input.isActive ?? true,
    },
    meta,
  );
  return toRecord(row, lang);
}

/**
 * PUT /v1/insulinTimePeriod: the whole period. Enabling or stopping is the same call with `isActive`
 * changed (as the earlier generation of the product did); such a change is audited as enable/disable.
 */
export async function updateInsulinPeriod(
  db: Database,
  session: SessionUser,
  input: InsulinPeriodUpdate,
  meta: RequestMeta,
  lang: Lang,
) {
  return db.transaction(async (tx) => {
    const current = await findInsulinPeriod(tx, session.tenantId, input.id);
    await assertCodeFree(tx, session.tenantId, input.code, input.id);
    const row = await updateVersioned(
      tx,
      insulinPeriods,
      { tenantId: session.tenantId, id: input.id },
      input.version,
      {
        code: input.code,
        nameZh: input.nameZh,
        nameEn: input.nameEn,
        startTime: input.startTime,
        endTime: input.endTime,
        sort: input.sort ?? current.sort,
        isActive: input.isActive ?? current.isActive,
      },
    );
    await writeAudit(
      tx,
      {
        ...actor(session),
        action: actionOf(current, row),
        entity: 'insulinPeriod',
        entityId: row.id,
        before: auditView(current),
        after: auditView(row),
      },
      meta,
    );
    return toRecord(row, lang);
  });
}

/** `enable` / `disable` when the switch is all that changed, else `update`. */
function actionOf(before: InsulinPeriodRow, after: InsulinPeriodRow): string {
  const { isActive: wasActive, version: _v1, updatedAt: _u1, ...restBefore } = auditView(before);
  const { isActive, version: _v2, updatedAt: _u2, ...restAfter } = auditView(after);
  const sameOtherwise = JSON.stringify(restBefore) === JSON.stringify(restAfter);
  if (!sameOtherwise || wasActive === isActive) return 'update';
  return isActive ? 'enable' : 'disable';
}

export async function deleteInsulinPeriod(
  db: Database,
  session: SessionUser,
  key: VersionedKey & { reason?: string },
  meta: RequestMeta,
) {
  await insulinPeriodResource.remove(db, session, key, meta);
}
