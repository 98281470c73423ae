import {
  ANALYZER_STATUS_NAMES,
  ANALYZER_STATUS_TYPES,
  type AnalyzerInput,
  type AnalyzerUpdate,
  isLoanOverdue,
  type Lang,
  lotRefusal,
  type QcItem,
} from '@glucocare/domain';
import type { Analyzer, AnalyzerLoan, QcOption } from '@glucocare/domain/responses';
import { and, asc, eq, exists, ilike, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../../db/client';
import { analyzerLoans, analyzers, controlSolutions, testStrips } from '../../../db/schema';
import { AppError, recordNotFound } from '../../../http/errors';
import { mapPage, paginate } from '../../../lib/page';
import { containsPattern } from '../../../lib/query';
import { defineResource, type VersionedKey } from '../../../lib/resource';
import { departmentScopeCondition } from '../../../lib/scope';
import type { RequestMeta } from '../../audit/service';
import type { DepartmentScope, SessionUser } from '../../auth/sessions';
import { lockStatesOf } from '../lock-state';
import {
  announceQuality,
  blankToNull,
  checkDepartment,
  departmentNames,
  fieldError,
  hospitalToday,
} from './common';

type AnalyzerRow = typeof analyzers.$inferSelect;
type LoanRow = typeof analyzerLoans.$inferSelect;

/**
 * The analyzers (meters): SN unique among the tenant's live meters, each in a department (edits,
 * status and deletion within the caller's departments; 404 outside), deleted by marking (QC records
 * and readings name the SN).
 */
export const analyzerResource = defineResource({
  table: analyzers,
  entity: 'analyzer',
  deletion: 'soft',
  unique: { fields: ['sn'], message: 'qc.analyzer.snTaken' },
  department: analyzers.departmentCode,
  orderBy: [asc(analyzers.isSpare), asc(analyzers.departmentCode), asc(analyzers.sn)],
  auditView: (row) => ({
    id: row.id,
    model: row.model,
    manufacturer: row.manufacturer,
    sn: row.sn,
    workStation: row.workStation,
    departmentCode: row.departmentCode,
    isSpare: row.isSpare,
    isActive: row.isActive,
    controlSolutionId: row.controlSolutionId,
    testStripId: row.testStripId,
    version: row.version,
  }),
});

/** The open loan of an analyzer, as a correlated condition (to a department of `codes` when given). */
function openLoanExists(codes?: SQL) {
  return exists(
    sql`(select 1 from ${analyzerLoans} where ${analyzerLoans.tenantId} = ${analyzers.tenantId}
      and ${analyzerLoans.analyzerId} = ${analyzers.id} and ${analyzerLoans.returnedOn} is null
      ${codes ? sql`and ${codes}` : sql``})`,
  );
}

/**
 * What a caller sees of the analyzers: those of their departments, and a spare lent to one of their
 * departments while it is lent (the borrowing ward reads it on its list; it is not theirs to edit).
 */
export function analyzerVisibility(scope: DepartmentScope): SQL | undefined {
  const own = departmentScopeCondition(scope, analyzers.departmentCode);
  if (!own) return undefined;
  const borrowed = departmentScopeCondition(scope, analyzerLoans.departmentCode) as SQL;
  return or(own, openLoanExists(borrowed));
}

export interface AnalyzerQuery {
  queryCondition?: string;
  departmentCode?: string;
  deviceModel?: string;
  manufactor?: string;
  sn?: string;
  status?: 'enabled' | 'stopped';
  isSpare?: boolean;
  page: number;
  size: number;
}

function analyzerConditions(
  session: Pick<SessionUser, 'tenantId' | 'scope'>,
  query: Partial<AnalyzerQuery>,
  extra?: SQL,
) {
  const text = query.queryCondition?.trim();
  const pattern = text ? containsPattern(text) : undefined;
  return and(
    eq(analyzers.tenantId, session.tenantId),
    isNull(analyzers.deletedAt),
    analyzerVisibility(session.scope),
    pattern
      ? or(
          ilike(analyzers.sn, pattern),
          ilike(analyzers.model, pattern),
          ilike(analyzers.workStation, pattern),
          ilike(analyzers.manufacturer, pattern),
        )
      : undefined,
    // a department's meters: its own and the spares lent to it
    query.departmentCode
      ? or(
          eq(analyzers.departmentCode, query.departmentCode),
          openLoanExists(eq(analyzerLoans.departmentCode, query.departmentCode)),
        )
      : undefined,
    query.deviceModel ? ilike(analyzers.model, containsPattern(query.deviceModel)) : undefined,
    query.manufactor ? eq(analyzers.manufacturer, query.manufactor) : undefined,
    query.sn ? ilike(analyzers.sn, containsPattern(query.sn)) : undefined,
    query.status ? eq(analyzers.isActive, query.status === 'enabled') : undefined,
    query.isSpare === undefined ? undefined : eq(analyzers.isSpare, query.isSpare),
    extra,
  ) as SQL;
}

/** A loan as the API tells it. */
export function toLoan(
  row: LoanRow,
  analyzer: { sn: string; model: string },
  names: Map<string, string>,
  today: string,
): AnalyzerLoan {
  return {
    id: row.id,
    analyzerId: row.analyzerId,
    analyzerSn: analyzer.sn,
    analyzerModel: analyzer.model,
    borrowerName: row.borrowerName,
    departmentCode: row.departmentCode,
    departmentName: names.get(row.departmentCode) ?? '',
    lentOn: row.lentOn,
    expectedReturnOn: row.expectedReturnOn,
    returnedOn: row.returnedOn,
    returnState: row.returnState as AnalyzerLoan['returnState'],
    status: row.returnedOn ? 'returned' : 'lent',
    overdue: isLoanOverdue(row, today),
    note: row.note,
    returnNote: row.returnNote,
    lentByName: row.lentByName,
    returnedByName: row.returnedByName,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The views of analyzer rows: names, lots in use, open loans and lock states, a few statements for all. */
async function toAnalyzers(
  db: DbOrTx,
  tenantId: string,
  rows: AnalyzerRow[],
  lang: Lang,
  now: Date,
): Promise<Analyzer[]> {
  if (!rows.length) return [];
  const ids = rows.map((row) => row.id);
  const controlIds = [
    ...new Set(rows.flatMap((row) => (row.controlSolutionId ? [row.controlSolutionId] : []))),
  ];
  const stripIds = [...new Set(rows.flatMap((row) => (row.testStripId ? [row.testStripId] : [])))];
  const [today, names, controls, strips, loans, locks] = await Promise.all([
    hospitalToday(db, tenantId, now),
    departmentNames(db, tenantId, lang),
    controlIds.length
      ? db
          .select()
          .from(controlSolutions)
          .where(and(eq(controlSolutions.tenantId, tenantId), inArray(controlSolutions.id, controlIds)))
      : [],
    stripIds.length
      ? db
          .select()
          .from(testStrips)
          .where(and(eq(testStrips.tenantId, tenantId), inArray(testStrips.id, stripIds)))
      : [],
    db
      .select()
      .from(analyzerLoans)
      .where(
        and(
          eq(analyzerLoans.tenantId, tenantId),
          inArray(analyzerLoans.analyzerId, ids),
          isNull(analyzerLoans.returnedOn),
        ),
      ),
    lockStatesOf(db, tenantId, ids, now),
  ]);
  const lotRef = (
    lot: (typeof controlSolutions.$inferSelect | typeof testStrips.$inferSelect) & {
      discardOn?: string | null;
    },
  ) => ({
    id: lot.id,
    item: lot.item as QcItem,
    lotNumber: lot.lotNumber,
    status: lot.status as 'normal' | 'invalid' | 'suspended',
    expiryDate: lot.expiryDate,
    unusable: lotRefusal(lot, today)?.reason ?? null,
  });
  const controlById = new Map(controls.map((lot) => [lot.id, lotRef(lot)]));
  const stripById = new Map(strips.map((lot) => [lot.id, lotRef(lot)]));
  const loanByAnalyzer = new Map(loans.map((loan) => [loan.analyzerId, loan]));
  return rows.map((row) => {
    const loan = loanByAnalyzer.get(row.id);
    return {
      id: row.id,
      model: row.model,
      manufacturer: row.manufacturer,
      sn: row.sn,
      workStation: row.workStation,
      departmentCode: row.departmentCode,
      departmentName: names.get(row.departmentCode) ?? '',
      isSpare: row.isSpare,
      isActive: row.isActive,
      status: row.isActive ? 'enabled' : 'stopped',
      controlSolution: (row.controlSolutionId && controlById.get(row.controlSolutionId)) || null,
      testStrip: (row.testStripId && stripById.get(row.testStripId)) || null,
      lastQcAt: row.lastQcAt ? row.lastQcAt.toISOString() : null,
      lastQcResult: (row.lastQcResult as 'pass' | 'fail' | null) ?? null,
      lock: locks.get(row.id) ?? { locked: false, reasons: [], dueAt: null, overriddenUntil: null },
      loan: loan ? toLoan(loan, row, names, today) : null,
      version: row.version,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

export async function pageAnalyzers(
  db: Database,
  session: SessionUser,
  query: AnalyzerQuery,
  lang: Lang,
  now: Date,
) {
  const where = analyzerConditions(session, query);
  const page = await paginate(
    query,
    (limit, offset) =>
      db
        .select()
        .from(analyzers)
        .where(where)
        .orderBy(...analyzerResource.declaration.orderBy)
        .limit(limit)
        .offset(offset),
    () => db.$count(analyzers, where),
  );
  const views = await toAnalyzers(db, session.tenantId, page.records, lang, now);
  const byId = new Map(views.map((view) => [view.id, view]));
  return mapPage(page, (row) => byId.get(row.id) as Analyzer);
}

/** One analyzer the caller sees (their department's, or a spare lent to it), else 404. */
export async function getAnalyzer(db: DbOrTx, session: SessionUser, id: number, lang: Lang, now: Date) {
  const [row] = await db
    .select()
    .from(analyzers)
    .where(analyzerConditions(session, {}, eq(analyzers.id, id)));
  if (!row) throw recordNotFound();
  const [view] = await toAnalyzers(db, session.tenantId, [row], lang, now);
  return view as Analyzer;
}

/**
 * The lots a meter may be given: each must exist, and — when it is newly put in — be usable today
 * (normal, in date, a control vial within its in-use life: domain `lotRefusal`); the two lots serve
 * the same test item. A lot the meter already has may stay (the lockout tells it is unusable).
 */
async function checkLots(
  tx: DbOrTx,
  tenantId: string,
  input: AnalyzerInput,
  lang: Lang,
  now: Date,
  current?: AnalyzerRow,
) {
  const today = await hospitalToday(tx, tenantId, now);
  const live = <T extends typeof controlSolutions | typeof testStrips>(table: T, id: number) =>
    tx
      .select()
      .from(table as typeof controlSolutions)
      .where(and(eq(table.tenantId, tenantId), eq(table.id, id), isNull(table.deletedAt)));
  let controlItem: string | undefined;
  let controlLot = '';
  if (input.controlSolutionId) {
    const [lot] = await live(controlSolutions, input.controlSolutionId);
    if (!lot) throw fieldError(lang, 'controlSolutionId', 'qc.lotPick.unknown');
    const refusal = current?.controlSolutionId === lot.id ? null : lotRefusal(lot, today);
    if (refusal) throw fieldError(lang, 'controlSolutionId', refusal.message, refusal.params);
    controlItem = lot.item;
    controlLot = lot.lotNumber;
  }
  if (input.testStripId) {
    const [lot] = (await live(
      testStrips,
      input.testStripId,
    )) as unknown as (typeof testStrips.$inferSelect)[];
    if (!lot) throw fieldError(lang, 'testStripId', 'qc.lotPick.unknown');
    const refusal = current?.testStripId === lot.id ? null : lotRefusal(lot, today);
    if (refusal) throw fieldError(lang, 'testStripId', refusal.message, refusal.params);
    if (controlItem && controlItem !== lot.item) {
      throw fieldError(lang, 'testStripId', 'qc.lotPick.itemMismatch', {
        control: `${controlLot} ${controlItem}`,
        strip: `${lot.lotNumber} ${lot.item}`,
      });
    }
  }
}

const analyzerValues = (input: AnalyzerInput) => ({
  model: input.model,
  manufacturer: blankToNull(input.manufacturer),
  sn: input.sn,
  workStation: input.workStation,
  departmentCode: input.departmentCode,
  isSpare: input.isSpare ?? false,
  controlSolutionId: input.controlSolutionId ?? null,
  testStripId: input.testStripId ?? null,
});

/** The open loan of an analyzer (locked with the analyzer's row by the caller's transaction). */
export async function openLoanOf(tx: DbOrTx, tenantId: string, analyzerId: number) {
  const [loan] = await tx
    .select()
    .from(analyzerLoans)
    .where(
      and(
        eq(analyzerLoans.tenantId, tenantId),
        eq(analyzerLoans.analyzerId, analyzerId),
        isNull(analyzerLoans.returnedOn),
      ),
    );
  return loan;
}

export async function createAnalyzer(
  db: Database,
  session: SessionUser,
  input: AnalyzerInput,
  meta: RequestMeta,
  lang: Lang,
  now: Date,
) {
  const row = await db.transaction(async (tx) => {
    await checkDepartment(tx, session, input.departmentCode, lang, {
      field: 'departmentCode',
      inCallerScope: true,
    });
    await checkLots(tx, session.tenantId, input, lang, now);
    const created = await analyzerResource.create(
      tx,
      session,
      { ...analyzerValues(input), isActive: input.isActive ?? true, createdBy: session.userId },
      meta,
    );
    await announceQuality(tx, session.tenantId, [created.departmentCode]);
    return created;
  });
  return getAnalyzer(db, session, row.id, lang, now);
}

/** A lent spare stays a spare until it is returned; the department may move within the caller's. */
export async function updateAnalyzer(
  db: Database,
  session: SessionUser,
  input: AnalyzerUpdate,
  meta: RequestMeta,
  lang: Lang,
  now: Date,
) {
  await db.transaction(async (tx) => {
    const { before, row } = await analyzerResource.update(
      tx,
      session,
      input,
      (current) => ({
        ...analyzerValues(input),
        isActive: input.isActive ?? current.isActive,
        updatedAt: new Date(),
      }),
      meta,
      async (inner, current) => {
        await checkDepartment(inner, session, input.departmentCode, lang, {
          field: 'departmentCode',
          inCallerScope: true,
        });
        await checkLots(inner, session.tenantId, input, lang, now, current);
        if (current.isSpare && !input.isSpare && (await openLoanOf(inner, session.tenantId, current.id))) {
          throw fieldError(lang, 'isSpare', 'qc.analyzer.spareLent');
        }
      },
    );
    await announceQuality(tx, session.tenantId, [before.departmentCode, row.departmentCode]);
  });
  return getAnalyzer(db, session, input.id, lang, now);
}

/** Enable or stop (§4 devices enabled/stopped), at the version read; audit `enable` / `disable`. */
export async function setAnalyzerStatus(
  db: Database,
  session: SessionUser,
  input: VersionedKey & { isActive: boolean },
  meta: RequestMeta,
  lang: Lang,
  now: Date,
) {
  await db.transaction(async (tx) => {
    const row = await analyzerResource.setStatus(tx, session, input, meta);
    await announceQuality(tx, session.tenantId, [row.departmentCode]);
  });
  return getAnalyzer(db, session, input.id, lang, now);
}

/** Soft delete (QC records and readings name the SN); refused (409) while the meter is lent out. */
export async function deleteAnalyzer(
  db: Database,
  session: SessionUser,
  key: VersionedKey & { reason?: string },
  meta: RequestMeta,
  lang: Lang,
) {
  await db.transaction(async (tx) => {
    const before = await analyzerResource.remove(tx, session, key, meta, async (inner, current) => {
      const loan = await openLoanOf(inner, session.tenantId, current.id);
      if (loan) {
        const names = await departmentNames(inner, session.tenantId, lang);
        throw new AppError(409, 'qc.analyzer.lentOut', {
          department: names.get(loan.departmentCode) ?? loan.departmentCode,
        });
      }
    });
    await announceQuality(tx, session.tenantId, [before.departmentCode]);
  });
}

/** GET /v1/devices/statusTypes */
export function analyzerStatusTypes(lang: Lang): QcOption[] {
  return ANALYZER_STATUS_TYPES.map((value) => ({ value, label: ANALYZER_STATUS_NAMES[value][lang] }));
}

/** GET /v1/dict/manufacturers/list: the manufacturers named by the tenant's live analyzers and lots, distinct. */
export async function manufacturerOptions(db: DbOrTx, tenantId: string): Promise<QcOption[]> {
  const [meters, lots] = await Promise.all([
    db
      .selectDistinct({ name: analyzers.manufacturer })
      .from(analyzers)
      .where(
        and(eq(analyzers.tenantId, tenantId), isNull(analyzers.deletedAt), isNotNull(analyzers.manufacturer)),
      ),
    db
      .selectDistinct({ name: controlSolutions.manufacturer })
      .from(controlSolutions)
      .where(
        and(
          eq(controlSolutions.tenantId, tenantId),
          isNull(controlSolutions.deletedAt),
          isNotNull(controlSolutions.manufacturer),
        ),
      ),
  ]);
  const names = [...new Set([...meters, ...lots].map((row) => row.name as string))].sort();
  return names.map((name) => ({ value: name, label: name }));
}
