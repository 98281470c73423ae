import {
  type ControlSolutionInput,
  type ControlSolutionUpdate,
  discardDateOf,
  isLotExpired,
  type Lang,
  type LotStatusInput,
  lotRefusal,
  QC_ITEM_NAMES,
  QC_ITEMS,
  type QcItem,
  type TestStripInput,
  type TestStripUpdate,
} from '@glucocare/domain';
import type { ControlSolution, QcOption, TestStrip } from '@glucocare/domain/responses';
import { and, asc, count, desc, eq, gte, ilike, isNotNull, isNull, lt, or, type SQL } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../../db/client';
import { analyzers, controlSolutions, testStrips } from '../../../db/schema';
import { AppError } from '../../../http/errors';
import { mapPage } from '../../../lib/page';
import { containsPattern } from '../../../lib/query';
import { defineResource, type VersionedKey } from '../../../lib/resource';
import type { RequestMeta } from '../../audit/service';
import type { SessionUser } from '../../auth/sessions';
import { getSetting } from '../../settings/service';
import { announceQuality, blankToNull, fieldError, hospitalToday } from './common';

type ControlRow = typeof controlSolutions.$inferSelect;
type StripRow = typeof testStrips.$inferSelect;
type LotTable = typeof controlSolutions | typeof testStrips;
type LotColumn = typeof analyzers.controlSolutionId | typeof analyzers.testStripId;

const itemName = (item: string, lang: Lang) => QC_ITEM_NAMES[item as QcItem]?.[lang] ?? item;

/**
 * A lot changes what every meter may be given and the lot part of the lockout: announced to the wards
 * that have meters (coordinators with every department hear every event).
 */
async function announceLotChange(tx: DbOrTx, tenantId: string) {
  const rows = await tx
    .selectDistinct({ code: analyzers.departmentCode })
    .from(analyzers)
    .where(and(eq(analyzers.tenantId, tenantId), isNull(analyzers.deletedAt)));
  await announceQuality(
    tx,
    tenantId,
    rows.map((row) => row.code),
  );
}

export const controlResource = defineResource({
  table: controlSolutions,
  entity: 'controlSolution',
  deletion: 'soft',
  unique: { fields: ['item', 'lotNumber'], message: 'qc.lot.taken' },
  search: [controlSolutions.lotNumber, controlSolutions.manufacturer, controlSolutions.type],
  filters: { category: controlSolutions.item, status: controlSolutions.status },
  orderBy: [desc(controlSolutions.expiryDate), asc(controlSolutions.lotNumber)],
  auditView: (row) => ({
    id: row.id,
    item: row.item,
    lotNumber: row.lotNumber,
    manufactureDate: row.manufactureDate,
    expiryDate: row.expiryDate,
    manufacturer: row.manufacturer,
    type: row.type,
    status: row.status,
    levels: row.levels,
    openedOn: row.openedOn,
    discardOn: row.discardOn,
    version: row.version,
  }),
});

export const stripResource = defineResource({
  table: testStrips,
  entity: 'testStrip',
  deletion: 'soft',
  unique: { fields: ['item', 'lotNumber'], message: 'qc.lot.taken' },
  search: [testStrips.lotNumber, testStrips.type],
  filters: { category: testStrips.item, status: testStrips.status, type: testStrips.type },
  orderBy: [desc(testStrips.expiryDate), asc(testStrips.lotNumber)],
  auditView: (row) => ({
    id: row.id,
    item: row.item,
    type: row.type,
    lotNumber: row.lotNumber,
    manufactureDate: row.manufactureDate,
    expiryDate: row.expiryDate,
    controlRanges: row.controlRanges,
    status: row.status,
    version: row.version,
  }),
});

/** Live analyzers per lot (what the list shows and what refuses a deletion). */
async function analyzerCounts(db: DbOrTx, tenantId: string, column: LotColumn) {
  const rows = await db
    .select({ lotId: column, n: count() })
    .from(analyzers)
    .where(and(eq(analyzers.tenantId, tenantId), isNull(analyzers.deletedAt), isNotNull(column)))
    .groupBy(column);
  return new Map(rows.map((row) => [row.lotId as number, row.n]));
}

/** Live analyzers that have one lot in use (the count a single lot's view shows). */
async function analyzerCountOf(db: DbOrTx, tenantId: string, column: LotColumn, id: number) {
  const [row] = await db
    .select({ n: count() })
    .from(analyzers)
    .where(and(eq(analyzers.tenantId, tenantId), isNull(analyzers.deletedAt), eq(column, id)));
  return row?.n ?? 0;
}

/** A lot's change in one transaction with its announcement to the wards (the lockout follows lots). */
async function changingLots<T>(db: Database, tenantId: string, work: (tx: DbOrTx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const result = await work(tx);
    await announceLotChange(tx, tenantId);
    return result;
  });
}

/** The SNs of the live analyzers a lot is put in (what refuses its deletion). */
async function analyzersUsing(tx: DbOrTx, tenantId: string, column: LotColumn, id: number) {
  const rows = await tx
    .select({ sn: analyzers.sn })
    .from(analyzers)
    .where(and(eq(analyzers.tenantId, tenantId), isNull(analyzers.deletedAt), eq(column, id)))
    .orderBy(asc(analyzers.sn));
  return rows.map((row) => row.sn);
}

/** Soft delete of a lot; refused (409, `inUseKey`) while a live analyzer has it in use. */
async function deleteLot<R extends typeof controlResource | typeof stripResource>(
  db: Database,
  session: SessionUser,
  resource: R,
  column: LotColumn,
  inUseKey: 'qc.control.inUse' | 'qc.strip.inUse',
  key: VersionedKey & { reason?: string },
  meta: RequestMeta,
) {
  await changingLots(
    db,
    session.tenantId,
    (tx): Promise<unknown> =>
      resource.remove(tx, session, key, meta, async (inner) => {
        const sns = await analyzersUsing(inner, session.tenantId, column, key.id);
        if (sns.length) throw new AppError(409, inUseKey, { count: sns.length, sns: sns.join(', ') });
      }),
  );
}

/** `isExpired=true|false`: past the expiry date (hospital's today) or not. */
function expiredCondition(table: LotTable, isExpired: boolean | undefined, today: string): SQL | undefined {
  if (isExpired === undefined) return undefined;
  return isExpired
    ? lt(table.expiryDate, today)
    : (or(isNull(table.expiryDate), gte(table.expiryDate, today)) as SQL);
}

// ---------------------------------------------------------------- control solutions

function toControl(row: ControlRow, today: string, analyzerCount: number, lang: Lang): ControlSolution {
  return {
    id: row.id,
    item: row.item as QcItem,
    itemName: itemName(row.item, lang),
    lotNumber: row.lotNumber,
    manufactureDate: row.manufactureDate,
    expiryDate: row.expiryDate,
    manufacturer: row.manufacturer,
    type: row.type,
    status: row.status as ControlSolution['status'],
    levels: row.levels.map((level) => ({
      sd: level.sd,
      target: level.target,
      rangeLow: level.rangeLow ?? null,
      rangeHigh: level.rangeHigh ?? null,
    })),
    openedOn: row.openedOn,
    discardOn: row.discardOn,
    isExpired: isLotExpired(row.expiryDate, today),
    isDiscarded: row.discardOn !== null && row.discardOn < today,
    analyzerCount,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export interface LotQuery {
  queryCondition?: string;
  category?: QcItem;
  status?: string;
  isExpired?: boolean;
  manufactor?: string;
  lotNum?: string;
  page: number;
  size: number;
}

export async function pageControls(
  db: Database,
  tenantId: string,
  query: LotQuery,
  lang: Lang,
  _session: SessionUser,
  now: Date,
) {
  const today = await hospitalToday(db, tenantId, now);
  const extra = and(
    expiredCondition(controlSolutions, query.isExpired, today),
    query.manufactor ? eq(controlSolutions.manufacturer, query.manufactor) : undefined,
    query.lotNum ? ilike(controlSolutions.lotNumber, containsPattern(query.lotNum)) : undefined,
  );
  const [page, counts] = await Promise.all([
    controlResource.list(db, { tenantId }, { ...query }, extra),
    analyzerCounts(db, tenantId, analyzers.controlSolutionId),
  ]);
  return mapPage(page, (row) => toControl(row, today, counts.get(row.id) ?? 0, lang));
}

async function controlView(db: DbOrTx, tenantId: string, row: ControlRow, lang: Lang, now: Date) {
  const [today, analyzerCount] = await Promise.all([
    hospitalToday(db, tenantId, now),
    analyzerCountOf(db, tenantId, analyzers.controlSolutionId, row.id),
  ]);
  return toControl(row, today, analyzerCount, lang);
}

const controlValues = (input: ControlSolutionInput) => ({
  item: input.item ?? 'GLU',
  lotNumber: input.lotNumber,
  manufactureDate: input.manufactureDate,
  expiryDate: input.expiryDate,
  manufacturer: blankToNull(input.manufacturer),
  type: blankToNull(input.type),
  levels: input.levels.map((level) => ({
    sd: level.sd,
    target: level.target,
    rangeLow: level.rangeLow ?? null,
    rangeHigh: level.rangeHigh ?? null,
  })),
});

export async function createControl(
  db: Database,
  session: SessionUser,
  input: ControlSolutionInput,
  meta: RequestMeta,
  lang: Lang,
  now: Date,
) {
  const row = await changingLots(db, session.tenantId, (tx) =>
    controlResource.create(tx, session, { ...controlValues(input), status: input.status ?? 'normal' }, meta),
  );
  return controlView(db, session.tenantId, row, lang, now);
}

export async function updateControl(
  db: Database,
  session: SessionUser,
  input: ControlSolutionUpdate,
  meta: RequestMeta,
  lang: Lang,
  now: Date,
) {
  const { row } = await changingLots(db, session.tenantId, (tx) =>
    controlResource.update(
      tx,
      session,
      input,
      (current) => ({
        ...controlValues(input),
        status: input.status ?? current.status,
        updatedAt: new Date(),
      }),
      meta,
      async (_tx, current) => {
        if (current.openedOn && current.openedOn < input.manufactureDate) {
          throw fieldError(lang, 'manufactureDate', 'qc.openedOn.beforeManufacture', {
            date: input.manufactureDate,
          });
        }
      },
    ),
  );
  return controlView(db, session.tenantId, row, lang, now);
}

/** A lot's status change, versioned and audited by its resource, announced to the wards in the same transaction. */
async function changeLotStatus<R extends typeof controlResource | typeof stripResource>(
  db: Database,
  session: SessionUser,
  resource: R,
  input: LotStatusInput,
  meta: RequestMeta,
) {
  const { row } = await changingLots(db, session.tenantId, async (tx) => {
    const result = await resource.update(
      tx,
      session,
      input,
      { status: input.status, updatedAt: new Date() },
      meta,
    );
    return result;
  });
  return row as Awaited<ReturnType<R['update']>>['row'];
}

/** §4 "Control solution: normal, invalid, suspended": any of the three from any other (audit `status`). */
export async function setControlStatus(
  db: Database,
  session: SessionUser,
  input: LotStatusInput,
  meta: RequestMeta,
  lang: Lang,
  now: Date,
) {
  const row = await changeLotStatus(db, session, controlResource, input, meta);
  return controlView(db, session.tenantId, row, lang, now);
}

/**
 * Opening a vial starts its in-use life: discard date = opened + the QC strategy's `controlInUseDays`
 * (domain `discardDateOf`). Not before the manufacture date; reopening (a new vial of the lot) moves both.
 */
export async function openControl(
  db: Database,
  session: SessionUser,
  id: number,
  input: { version: number; openedOn: string },
  meta: RequestMeta,
  lang: Lang,
  now: Date,
) {
  const { row } = await changingLots(db, session.tenantId, async (tx) => {
    const strategy = await getSetting(tx, session.tenantId, 'qc.strategy');
    return controlResource.update(
      tx,
      session,
      { id, version: input.version },
      {
        openedOn: input.openedOn,
        discardOn: discardDateOf(input.openedOn, strategy.controlInUseDays),
        updatedAt: new Date(),
      },
      meta,
      async (_tx, current) => {
        if (input.openedOn < current.manufactureDate) {
          throw fieldError(lang, 'openedOn', 'qc.openedOn.beforeManufacture', {
            date: current.manufactureDate,
          });
        }
      },
    );
  });
  return controlView(db, session.tenantId, row, lang, now);
}

/** Soft delete; refused (409) while a live analyzer has the lot in use. */
export const deleteControl = (
  db: Database,
  session: SessionUser,
  key: VersionedKey & { reason?: string },
  meta: RequestMeta,
) => deleteLot(db, session, controlResource, analyzers.controlSolutionId, 'qc.control.inUse', key, meta);

// ---------------------------------------------------------------- test strips

function toStrip(row: StripRow, today: string, analyzerCount: number, lang: Lang): TestStrip {
  return {
    id: row.id,
    item: row.item as QcItem,
    itemName: itemName(row.item, lang),
    type: row.type,
    lotNumber: row.lotNumber,
    manufactureDate: row.manufactureDate,
    expiryDate: row.expiryDate,
    countTested: row.countTested,
    controlRanges: row.controlRanges.map((range) => ({ min: range.min ?? null, max: range.max ?? null })),
    status: row.status as TestStrip['status'],
    isExpired: isLotExpired(row.expiryDate, today),
    analyzerCount,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function pageStrips(
  db: Database,
  tenantId: string,
  query: LotQuery & { type?: string },
  lang: Lang,
  _session: SessionUser,
  now: Date,
) {
  const today = await hospitalToday(db, tenantId, now);
  const [page, counts] = await Promise.all([
    stripResource.list(db, { tenantId }, { ...query }, expiredCondition(testStrips, query.isExpired, today)),
    analyzerCounts(db, tenantId, analyzers.testStripId),
  ]);
  return mapPage(page, (row) => toStrip(row, today, counts.get(row.id) ?? 0, lang));
}

async function stripView(db: DbOrTx, tenantId: string, row: StripRow, lang: Lang, now: Date) {
  const [today, analyzerCount] = await Promise.all([
    hospitalToday(db, tenantId, now),
    analyzerCountOf(db, tenantId, analyzers.testStripId, row.id),
  ]);
  return toStrip(row, today, analyzerCount, lang);
}

const stripValues = (input: TestStripInput) => ({
  item: input.item ?? 'GLU',
  type: blankToNull(input.type),
  lotNumber: input.lotNumber,
  manufactureDate: input.manufactureDate ?? null,
  expiryDate: input.expiryDate ?? null,
  controlRanges: input.controlRanges.map((range) => ({ min: range.min ?? null, max: range.max ?? null })),
});

export async function createStrip(
  db: Database,
  session: SessionUser,
  input: TestStripInput,
  meta: RequestMeta,
  lang: Lang,
  now: Date,
) {
  const row = await changingLots(db, session.tenantId, (tx) =>
    stripResource.create(
      tx,
      session,
      { ...stripValues(input), countTested: input.countTested ?? 0, status: input.status ?? 'normal' },
      meta,
    ),
  );
  return stripView(db, session.tenantId, row, lang, now);
}

/** The count tested is the QC runs' (they increment it); an edit keeps it unless the body names one. */
export async function updateStrip(
  db: Database,
  session: SessionUser,
  input: TestStripUpdate,
  meta: RequestMeta,
  lang: Lang,
  now: Date,
) {
  const { row } = await changingLots(db, session.tenantId, (tx) =>
    stripResource.update(
      tx,
      session,
      input,
      (current) => ({
        ...stripValues(input),
        countTested: input.countTested ?? current.countTested,
        status: input.status ?? current.status,
        updatedAt: new Date(),
      }),
      meta,
    ),
  );
  return stripView(db, session.tenantId, row, lang, now);
}

export async function setStripStatus(
  db: Database,
  session: SessionUser,
  input: LotStatusInput,
  meta: RequestMeta,
  lang: Lang,
  now: Date,
) {
  const row = await changeLotStatus(db, session, stripResource, input, meta);
  return stripView(db, session.tenantId, row, lang, now);
}

/** Soft delete; refused (409) while a live analyzer has the lot in use. */
export const deleteStrip = (
  db: Database,
  session: SessionUser,
  key: VersionedKey & { reason?: string },
  meta: RequestMeta,
) => deleteLot(db, session, stripResource, analyzers.testStripId, 'qc.strip.inUse', key, meta);

// ---------------------------------------------------------------- pickers and dictionaries

/**
 * The lots a meter may be given (GET /v1/qualityReagent/deviceQualityReagents, /v1/testStrip/deviceStrips):
 * normal, not expired, control vials not past their discard date (domain `lotRefusal`), of the item.
 */
export async function usableControls(
  db: Database,
  tenantId: string,
  query: { category?: QcItem },
  lang: Lang,
  now: Date,
) {
  const today = await hospitalToday(db, tenantId, now);
  const rows = await controlResource.all(db, { tenantId }, { category: query.category, status: 'normal' });
  const counts = await analyzerCounts(db, tenantId, analyzers.controlSolutionId);
  return rows
    .filter((row) => lotRefusal(row, today) === null)
    .map((row) => toControl(row, today, counts.get(row.id) ?? 0, lang));
}

export async function usableStrips(
  db: Database,
  tenantId: string,
  query: { category?: QcItem },
  lang: Lang,
  now: Date,
) {
  const today = await hospitalToday(db, tenantId, now);
  const rows = await stripResource.all(db, { tenantId }, { category: query.category, status: 'normal' });
  const counts = await analyzerCounts(db, tenantId, analyzers.testStripId);
  return rows
    .filter((row) => lotRefusal(row, today) === null)
    .map((row) => toStrip(row, today, counts.get(row.id) ?? 0, lang));
}

/** GET /v1/dict/qualityReagentTypes: the test items a control solution or strip lot serves. */
export function qcItemOptions(lang: Lang): QcOption[] {
  return QC_ITEMS.map((item) => ({ value: item, label: itemName(item, lang) }));
}

/** GET /v1/testStrip/stripTypes: the strip types the tenant's live lots name, in order. */
export async function stripTypes(db: DbOrTx, tenantId: string, item?: QcItem): Promise<QcOption[]> {
  const rows = await db
    .selectDistinct({ type: testStrips.type })
    .from(testStrips)
    .where(
      stripResource.where(
        { tenantId },
        and(isNotNull(testStrips.type), item ? eq(testStrips.item, item) : undefined),
      ),
    )
    .orderBy(asc(testStrips.type));
  return rows.map((row) => ({ value: row.type as string, label: row.type as string }));
}

/** GET /v1/testStrip/categoryStripTypes: the strip types per test item (items without lots too). */
export async function categoryStripTypes(db: DbOrTx, tenantId: string, lang: Lang) {
  const rows = await db
    .selectDistinct({ item: testStrips.item, type: testStrips.type })
    .from(testStrips)
    .where(stripResource.where({ tenantId }, isNotNull(testStrips.type)))
    .orderBy(asc(testStrips.item), asc(testStrips.type));
  return QC_ITEMS.map((item) => ({
    item,
    itemName: itemName(item, lang),
    types: rows.filter((row) => row.item === item).map((row) => row.type as string),
  }));
}
