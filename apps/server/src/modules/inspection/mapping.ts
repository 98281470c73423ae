import {
  joinedNamesView,
  type Lang,
  type MappingItemCreate,
  type MappingItemUpdate,
  type MappingSource,
  type MappingTargetKind,
  translate,
} from '@glucocare/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client';
import { inspectionItems, mappingItems as mappings } from '../../db/schema';
import { AppError } from '../../http/errors';
import { defineResource, type VersionedKey } from '../../lib/resource';
import { auditActor as actor, type RequestMeta, writeAudit } from '../audit/service';
import type { SessionUser } from '../auth/sessions';

/**
 * Mapping items: an external system's item code (HIS, LIS, a meter) → this product's measurement item
 * (GLU, KET, UA) or inspection item (by code), so uploads and HL7 results land on the right item.
 */

type MappingRow = typeof mappings.$inferSelect;

function mappingView(row: MappingRow) {
  return {
    id: row.id,
    source: row.source as MappingSource,
    externalCode: row.externalCode,
    externalName: row.externalName,
    targetKind: row.targetKind as MappingTargetKind,
    targetCode: row.targetCode,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Mapping items: one per external system and code, removed outright (uploads look them up as they come). */
const mappingResource = defineResource({
  table: mappings,
  entity: 'mappingItem',
  deletion: 'hard',
  unique: { fields: ['source', 'externalCode'], message: 'mapping.codeTaken' },
  search: [mappings.externalCode, mappings.externalName, mappings.targetCode],
  filters: { source: mappings.source },
  orderBy: [asc(mappings.source), asc(mappings.externalCode)],
  auditView: mappingView,
});

/**
 * The names of the target: the inspection item's names (`targetName` in `lang`), or the measurement
 * item's code, the same in both languages.
 */
async function withTargetNames(db: DbOrTx, tenantId: string, rows: MappingRow[], lang: Lang) {
  const names = new Map(
    (
      await db
        .select({
          code: inspectionItems.code,
          nameZh: inspectionItems.nameZh,
          nameEn: inspectionItems.nameEn,
        })
        .from(inspectionItems)
        .where(eq(inspectionItems.tenantId, tenantId))
    ).map((item) => [item.code, item]),
  );
  return rows.map((row) => {
    const target = joinedNamesView(
      row.targetKind === 'inspection'
        ? (names.get(row.targetCode) ?? {})
        : { nameZh: row.targetCode, nameEn: row.targetCode },
      lang,
    );
    return {
      ...mappingView(row),
      targetName: target.name,
      targetNameZh: target.nameZh,
      targetNameEn: target.nameEn,
    };
  });
}

export async function pageMappings(
  db: Database,
  tenantId: string,
  query: { queryCondition?: string; source?: MappingSource; page: number; size: number },
  lang: Lang,
) {
  const page = await mappingResource.list(db, { tenantId }, query);
  return { ...page, records: await withTargetNames(db, tenantId, page.records, lang) };
}

/** An inspection target must be an item of the tenant (a measurement target is checked by the schema). */
async function assertTarget(db: DbOrTx, tenantId: string, input: MappingItemCreate, lang: Lang) {
  if (input.targetKind !== 'inspection') return;
  const [item] = await db
    .select({ id: inspectionItems.id })
    .from(inspectionItems)
    .where(and(eq(inspectionItems.tenantId, tenantId), eq(inspectionItems.code, input.targetCode)));
  if (item) return;
  const params = { code: input.targetCode };
  throw new AppError(400, 'mapping.targetCode.unknown', params, {
    errors: [{ field: 'targetCode', message: translate(lang, 'mapping.targetCode.unknown', params) }],
  });
}

const valuesOf = (input: MappingItemCreate) => ({
  source: input.source,
  externalCode: input.externalCode,
  externalName: input.externalName ? input.externalName : null,
  targetKind: input.targetKind,
  targetCode: input.targetCode,
});

export async function createMapping(
  db: DbOrTx,
  session: SessionUser,
  input: MappingItemCreate,
  meta: RequestMeta,
  lang: Lang,
) {
  return db.transaction(async (tx) => {
    await assertTarget(tx, session.tenantId, input, lang);
    const row = await mappingResource.create(tx, session, valuesOf(input), meta);
    return (await withTargetNames(tx, session.tenantId, [row], lang))[0]!;
  });
}

export async function updateMapping(
  db: Database,
  session: SessionUser,
  input: MappingItemUpdate,
  meta: RequestMeta,
  lang: Lang,
) {
  return db.transaction(async (tx) => {
    const { row } = await mappingResource.update(tx, session, input, valuesOf(input), meta, () =>
      assertTarget(tx, session.tenantId, input, lang),
    );
    return (await withTargetNames(tx, session.tenantId, [row], lang))[0]!;
  });
}

export async function deleteMapping(
  db: Database,
  session: SessionUser,
  key: VersionedKey,
  meta: RequestMeta,
) {
  await mappingResource.remove(db, session, key, meta);
}

/**
 * Repoints the mappings of an inspection item whose code changed (inside the item's transaction), each
 * with its own audit row, so a result keeps landing on the item it was mapped to.
 */
export async function repointMappings(
  tx: DbOrTx,
  session: SessionUser,
  fromCode: string,
  toCode: string,
  meta: RequestMeta,
) {
  const affected = await tx
    .select()
    .from(mappings)
    .where(
      mappingResource.where(
        session,
        and(eq(mappings.targetKind, 'inspection'), eq(mappings.targetCode, fromCode)),
      ),
    );
  for (const current of affected) {
    const [row] = await tx
      .update(mappings)
      .set({ targetCode: toCode, version: current.version + 1, updatedAt: new Date() })
      .where(mappingResource.where(session, eq(mappings.id, current.id)))
      .returning();
    await writeAudit(
      tx,
      {
        ...actor(session),
        action: 'update',
        entity: 'mappingItem',
        entityId: current.id,
        before: mappingView(current),
        after: mappingView(row!),
      },
      meta,
    );
  }
}
