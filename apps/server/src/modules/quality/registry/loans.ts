import type { AnalyzerLendInput, AnalyzerReturnInput, Lang, LoanStatus } from '@glucocare/domain';
import type { AnalyzerLoan } from '@glucocare/domain/responses';
import { and, count, desc, eq, gte, ilike, isNotNull, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../../db/client';
import { analyzerLoans, analyzers } from '../../../db/schema';
import { AppError, recordNotFound } from '../../../http/errors';
import { mapPage, paginate } from '../../../lib/page';
import { containsPattern } from '../../../lib/query';
import { departmentScopeCondition } from '../../../lib/scope';
import { auditActor, type RequestMeta, writeAudit } from '../../audit/service';
import type { SessionUser } from '../../auth/sessions';
import { analyzerResource, getAnalyzer, openLoanOf, toLoan } from './analyzers';
import {
  announceQuality,
  checkDepartment,
  departmentNames,
  fieldError,
  hospitalToday,
  uniqueViolationOf,
} from './common';

const OPEN_LOAN_INDEX = 'analyzer_loans_open_uq';

const auditView = (row: typeof analyzerLoans.$inferSelect) => ({
  id: row.id,
  analyzerId: row.analyzerId,
  borrowerName: row.borrowerName,
  departmentCode: row.departmentCode,
  lentOn: row.lentOn,
  expectedReturnOn: row.expectedReturnOn,
  returnedOn: row.returnedOn,
  returnState: row.returnState,
  note: row.note,
  returnNote: row.returnNote,
  version: row.version,
});

/** 409 "already lent (to whom, where, since when)" for the open loan of an analyzer. */
async function alreadyLent(db: DbOrTx, tenantId: string, analyzerId: number, lang: Lang) {
  const loan = await openLoanOf(db, tenantId, analyzerId);
  const names = await departmentNames(db, tenantId, lang);
  return new AppError(409, 'qc.loan.alreadyLent', {
    borrower: loan?.borrowerName ?? '',
    department: loan ? (names.get(loan.departmentCode) ?? loan.departmentCode) : '',
    date: loan?.lentOn ?? '',
  });
}

/**
 * Lends a spare analyzer of the caller's departments to a department (any enabled one of the hospital):
 * the meter must be a spare, enabled and in store. One open loan per meter: the analyzer's row is locked
 * for the check, and the partial unique index decides between two lenders that race past it (409 either
 * way). Audit `lend` on the loan; announced to the owning and the borrowing ward.
 */
export async function lendAnalyzer(
  db: Database,
  session: SessionUser,
  analyzerId: number,
  input: AnalyzerLendInput,
  meta: RequestMeta,
  lang: Lang,
  now: Date,
) {
  try {
    await db.transaction(async (tx) => {
      const analyzer = await analyzerResource.find(tx, session, analyzerId, { forUpdate: true });
      if (!analyzer.isSpare) throw new AppError(409, 'qc.analyzer.notSpare');
      if (!analyzer.isActive) throw new AppError(409, 'qc.analyzer.stopped');
      await checkDepartment(tx, session, input.departmentCode, lang, {
        field: 'departmentCode',
        inCallerScope: false,
      });
      if (await openLoanOf(tx, session.tenantId, analyzerId))
        throw await alreadyLent(tx, session.tenantId, analyzerId, lang);
      const [loan] = await tx
        .insert(analyzerLoans)
        .values({
          tenantId: session.tenantId,
          analyzerId,
          borrowerName: input.borrowerName,
          departmentCode: input.departmentCode,
          lentOn: input.lentOn,
          expectedReturnOn: input.expectedReturnOn ?? null,
          note: input.note || null,
          lentBy: session.userId,
          lentByName: session.userName,
        })
        .returning();
      await writeAudit(
        tx,
        {
          ...auditActor(session),
          action: 'lend',
          entity: 'analyzerLoan',
          entityId: loan!.id,
          after: auditView(loan!),
        },
        meta,
      );
      await announceQuality(tx, session.tenantId, [analyzer.departmentCode, input.departmentCode]);
    });
  } catch (error) {
    if (uniqueViolationOf(error, OPEN_LOAN_INDEX))
      throw await alreadyLent(db, session.tenantId, analyzerId, lang);
    throw error;
  }
  return getAnalyzer(db, session, analyzerId, lang, now);
}

/** A loan the caller may see: of an analyzer of their departments, or lent to one of them. */
function loanVisibility(session: SessionUser): SQL | undefined {
  const own = departmentScopeCondition(session.scope, analyzers.departmentCode);
  if (!own) return undefined;
  return or(own, departmentScopeCondition(session.scope, analyzerLoans.departmentCode));
}

const loanJoin = and(
  eq(analyzers.tenantId, analyzerLoans.tenantId),
  eq(analyzers.id, analyzerLoans.analyzerId),
);

/**
 * Takes a lent spare back (§4 "not returned → returned") at the loan's version: the return date not
 * before the lending date (and not in the future: the schema), the state it came back in. The owning
 * or the borrowing ward may record it. Audit `return`.
 */
export async function returnAnalyzer(
  db: Database,
  session: SessionUser,
  loanId: number,
  input: AnalyzerReturnInput,
  meta: RequestMeta,
  lang: Lang,
  now: Date,
) {
  await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ loan: analyzerLoans, departmentCode: analyzers.departmentCode })
      .from(analyzerLoans)
      .innerJoin(analyzers, loanJoin)
      .where(
        and(
          eq(analyzerLoans.tenantId, session.tenantId),
          eq(analyzerLoans.id, loanId),
          loanVisibility(session),
        ),
      )
      .for('update', { of: analyzerLoans });
    if (!found) throw recordNotFound();
    const { loan } = found;
    if (loan.returnedOn) throw new AppError(409, 'qc.loan.returned');
    if (loan.version !== input.version) throw new AppError(409, 'error.conflict');
    if (input.returnedOn < loan.lentOn) {
      throw fieldError(lang, 'returnedOn', 'qc.loan.returnedOn.order', { date: loan.lentOn });
    }
    const [row] = await tx
      .update(analyzerLoans)
      .set({
        returnedOn: input.returnedOn,
        returnState: input.returnState,
        returnNote: input.note || null,
        returnedBy: session.userId,
        returnedByName: session.userName,
        version: loan.version + 1,
        updatedAt: new Date(),
      })
      .where(and(eq(analyzerLoans.tenantId, session.tenantId), eq(analyzerLoans.id, loanId)))
      .returning();
    await writeAudit(
      tx,
      {
        ...auditActor(session),
        action: 'return',
        entity: 'analyzerLoan',
        entityId: loanId,
        before: auditView(loan),
        after: auditView(row!),
      },
      meta,
    );
    await announceQuality(tx, session.tenantId, [found.departmentCode, loan.departmentCode]);
  });
  const [view] = (await pageLoans(db, session, { loanId, page: 1, size: 1 }, lang, now)).records;
  return view as AnalyzerLoan;
}

export interface LoanQuery {
  analyzerId?: number;
  /** one loan (the answer of a return) */
  loanId?: number;
  departmentCode?: string;
  status?: LoanStatus;
  beginDate?: string;
  endDate?: string;
  queryCondition?: string;
  page: number;
  size: number;
}

/** Loan history, latest lending first: by analyzer, borrowing department, lent/returned and lending dates. */
export async function pageLoans(db: Database, session: SessionUser, query: LoanQuery, lang: Lang, now: Date) {
  const text = query.queryCondition?.trim();
  const where = and(
    eq(analyzerLoans.tenantId, session.tenantId),
    loanVisibility(session),
    query.analyzerId ? eq(analyzerLoans.analyzerId, query.analyzerId) : undefined,
    query.departmentCode ? eq(analyzerLoans.departmentCode, query.departmentCode) : undefined,
    query.status === 'lent' ? isNull(analyzerLoans.returnedOn) : undefined,
    query.status === 'returned' ? isNotNull(analyzerLoans.returnedOn) : undefined,
    query.beginDate ? gte(analyzerLoans.lentOn, query.beginDate) : undefined,
    query.endDate ? lte(analyzerLoans.lentOn, query.endDate) : undefined,
    query.loanId ? eq(analyzerLoans.id, query.loanId) : undefined,
    text
      ? or(
          ilike(analyzers.sn, containsPattern(text)),
          ilike(analyzerLoans.borrowerName, containsPattern(text)),
        )
      : undefined,
  );
  const [today, names] = await Promise.all([
    hospitalToday(db, session.tenantId, now),
    departmentNames(db, session.tenantId, lang),
  ]);
  const page = await paginate(
    query,
    (limit, offset) =>
      db
        .select({ loan: analyzerLoans, sn: analyzers.sn, model: analyzers.model })
        .from(analyzerLoans)
        .innerJoin(analyzers, loanJoin)
        .where(where)
        .orderBy(desc(analyzerLoans.lentOn), desc(analyzerLoans.id))
        .limit(limit)
        .offset(offset),
    () =>
      db
        .select({ n: count() })
        .from(analyzerLoans)
        .innerJoin(analyzers, loanJoin)
        .where(where)
        .then(([row]) => row?.n ?? 0),
  );
  return mapPage(page, (row) => toLoan(row.loan, row, names, today));
}
