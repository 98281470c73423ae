import { type Lang, translate } from '@glucocare/domain';
import { and, asc, count, eq, getTableColumns, inArray, isNull, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client';
import { departments, patients, userDepartments, users } from '../../db/schema';
import { AppError, recordNotFound } from '../../http/errors';
import { defineResource, type VersionedKey } from '../../lib/resource';
import { descendantIds, type TreeNode, toTree, withAncestors } from '../../lib/tree';
import type { RequestMeta } from '../audit/service';
import type { DepartmentScope, SessionUser } from '../auth/sessions';

/** A department's name in the request language (the English name when there is one, else the name). */
/** The department's name in `lang` as a column of a query joined to `departments` (English falls back to Chinese). */
export const departmentNameColumn = (lang: Lang) =>
  lang === 'en-US'
    ? sql<string | null>`coalesce(${departments.nameEn}, ${departments.name})`
    : departments.name;

export const departmentName = (row: { name: string; nameEn: string | null }, lang: Lang) =>
  lang === 'zh-CN' ? row.name : (row.nameEn ?? row.name);

export type DepartmentRow = typeof departments.$inferSelect;
/** A department with its head nurse's name (as the lists read it). */
type NamedDepartmentRow = DepartmentRow & { headNurseName?: string | null };

export interface DepartmentNode {
  id: number;
  code: string;
  name: string;
  nameEn: string | null;
  parentId: number | null;
  isWard: boolean;
  isActive: boolean;
  sort: number;
  headNurseId: number | null;
  headNurseName: string | null;
  createdAt: string;
  version: number;
  inScope?: boolean;
}

function toNode(row: NamedDepartmentRow): DepartmentNode {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    nameEn: row.nameEn,
    parentId: row.parentId,
    isWard: row.isWard,
    isActive: row.isActive,
    sort: row.sort,
    headNurseId: row.headNurseId,
    headNurseName: row.headNurseId === null ? null : (row.headNurseName ?? null),
    createdAt: row.createdAt.toISOString(),
    version: row.version,
  };
}

const bySortThenCode = (a: DepartmentNode, b: DepartmentNode) =>
  a.sort - b.sort || a.code.localeCompare(b.code);

export function departmentTree(rows: NamedDepartmentRow[]): TreeNode<DepartmentNode>[] {
  return toTree(rows.map(toNode), bySortThenCode);
}

/** Whether a department code lies within a user's scope. */
export function inScope(scope: DepartmentScope, code: string | null | undefined): boolean {
  if (scope.all) return true;
  return code != null && scope.departments.includes(code);
}

/** The head nurse of a department, joined by id (a removed user still names the past choice). */
const headNurse = and(eq(users.tenantId, departments.tenantId), eq(users.id, departments.headNurseId));

export async function listDepartments(db: DbOrTx, tenantId: string, options: { activeOnly?: boolean } = {}) {
  return db
    .select({ ...getTableColumns(departments), headNurseName: users.nickName })
    .from(departments)
    .leftJoin(users, headNurse)
    .where(
      and(
        eq(departments.tenantId, tenantId),
        options.activeOnly ? eq(departments.isActive, true) : undefined,
      ),
    )
    .orderBy(asc(departments.sort), asc(departments.code));
}

/** Enabled departments the caller may see, as a tree (ancestors outside the scope are left out). */
export async function scopedTree(db: Database, session: SessionUser) {
  const rows = await listDepartments(db, session.tenantId, { activeOnly: true });
  return departmentTree(rows.filter((row) => inScope(session.scope, row.code)));
}

export async function allScopeTree(db: Database, session: SessionUser) {
  const rows = await listDepartments(db, session.tenantId);
  return toTree(
    rows.map((row) => ({ ...toNode(row), inScope: inScope(session.scope, row.code) })),
    bySortThenCode,
  );
}

/** Departments whose name, English name or code contains the text, shown in place in the tree. */
export async function searchTree(db: Database, tenantId: string, text: string, includeStopped: boolean) {
  const rows = await listDepartments(db, tenantId, { activeOnly: !includeStopped });
  const needle = text.trim().toLowerCase();
  if (!needle) return departmentTree(rows);
  const matches = rows.filter((row) =>
    [row.name, row.nameEn ?? '', row.code].some((value) => value.toLowerCase().includes(needle)),
  );
  return departmentTree(withAncestors(rows, matches));
}

export async function findDepartment(db: DbOrTx, tenantId: string, id: number): Promise<DepartmentRow> {
  const [row] = await db
    .select()
    .from(departments)
    .where(and(eq(departments.tenantId, tenantId), eq(departments.id, id)));
  if (!row) throw recordNotFound();
  return row;
}

export interface DepartmentInput {
  code: string;
  name: string;
  nameEn?: string | null;
  parentId?: number | null;
  isWard?: boolean;
  sort?: number;
  /** absent: unchanged on update (none on create); null: none */
  headNurseId?: number | null;
}

async function checkParent(
  tx: DbOrTx,
  tenantId: string,
  parentId: number | null | undefined,
  selfId?: number,
) {
  if (parentId == null) return;
  const rows = await listDepartments(tx, tenantId);
  const parent = rows.find((row) => row.id === parentId);
  if (!parent) throw new AppError(400, 'department.parentInvalid');
  if (selfId != null && descendantIds(rows, selfId).has(parentId))
    throw new AppError(400, 'department.parentInvalid');
}

/**
 * The head nurse chosen for a department must be a user of the tenant (not removed); 400 on the field
 * otherwise. Answers her name.
 */
async function checkHeadNurse(
  tx: DbOrTx,
  tenantId: string,
  headNurseId: number | null | undefined,
  lang: Lang,
): Promise<string | null> {
  if (headNurseId == null) return null;
  const [user] = await tx
    .select({ nickName: users.nickName })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, headNurseId), isNull(users.deletedAt)));
  if (user) return user.nickName;
  const key = 'department.headNurse.unknown';
  throw new AppError(400, key, undefined, {
    errors: [{ field: 'headNurseId', message: translate(lang, key) }],
  });
}

/**
 * Departments: codes unique in the tenant, removed outright once empty. A department is changed only
 * by those who may see it: its own code is the scope column, so outside the scope is "not found".
 */
const departmentResource = defineResource({
  table: departments,
  entity: 'department',
  deletion: 'hard',
  unique: { fields: ['code'], message: 'department.codeTaken' },
  orderBy: [asc(departments.sort), asc(departments.code)],
  department: departments.code,
  auditView: toNode,
});

export async function createDepartment(
  db: DbOrTx,
  session: SessionUser,
  input: DepartmentInput,
  meta: RequestMeta,
  lang: Lang,
) {
  return db.transaction(async (tx) => {
    await departmentResource.assertUnique(tx, session, { code: input.code });
    await checkParent(tx, session.tenantId, input.parentId);
    const headNurseName = await checkHeadNurse(tx, session.tenantId, input.headNurseId, lang);
    const row = await departmentResource.create(
      tx,
      session,
      {
        code: input.code,
        name: input.name,
        nameEn: input.nameEn ?? null,
        parentId: input.parentId ?? null,
        isWard: input.isWard ?? true,
        sort: input.sort ?? 0,
        headNurseId: input.headNurseId ?? null,
      },
      meta,
    );
    return toNode({ ...row, headNurseName });
  });
}

export async function updateDepartment(
  db: Database,
  session: SessionUser,
  input: DepartmentInput & { id: number; version: number },
  meta: RequestMeta,
  lang: Lang,
) {
  return db.transaction(async (tx) => {
    let headNurseName: string | null = null;
    const { before, row } = await departmentResource.update(
      tx,
      session,
      input,
      (current) => ({
        code: input.code,
        name: input.name,
        nameEn: input.nameEn ?? null,
        parentId: input.parentId ?? null,
        isWard: input.isWard ?? current.isWard,
        sort: input.sort ?? current.sort,
        headNurseId: input.headNurseId === undefined ? current.headNurseId : input.headNurseId,
      }),
      meta,
      async (_tx, current) => {
        await departmentResource.assertUnique(tx, session, { code: input.code }, input.id);
        await checkParent(tx, session.tenantId, input.parentId, input.id);
        const headNurseId = input.headNurseId === undefined ? current.headNurseId : input.headNurseId;
        headNurseName = await checkHeadNurse(tx, session.tenantId, headNurseId, lang);
      },
    );
    if (row.code !== before.code) {
      // Staff and scopes refer to departments by code: carry them over to the new code.
      await tx
        .update(users)
        .set({ departmentCode: row.code })
        .where(and(eq(users.tenantId, session.tenantId), eq(users.departmentCode, before.code)));
      await tx
        .update(userDepartments)
        .set({ departmentCode: row.code })
        .where(
          and(
            eq(userDepartments.tenantId, session.tenantId),
            eq(userDepartments.departmentCode, before.code),
          ),
        );
    }
    return toNode({ ...row, headNurseName });
  });
}

export async function setDepartmentStatus(
  db: Database,
  session: SessionUser,
  key: VersionedKey & { isActive: boolean },
  meta: RequestMeta,
) {
  const row = await departmentResource.setStatus(db, session, key, meta);
  const [named] = await db
    .select({ headNurseName: users.nickName })
    .from(departments)
    .leftJoin(users, headNurse)
    .where(and(eq(departments.tenantId, row.tenantId), eq(departments.id, row.id)));
  return toNode({ ...row, headNurseName: named?.headNurseName ?? null });
}

/** What still belongs to a department: staff, sub-departments and in-hospital patients (not deleted). */
async function dependants(tx: DbOrTx, tenantId: string, row: DepartmentRow) {
  const [staff] = await tx
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.departmentCode, row.code), isNull(users.deletedAt)));
  const [children] = await tx
    .select({ n: count() })
    .from(departments)
    .where(and(eq(departments.tenantId, tenantId), eq(departments.parentId, row.id)));
  const [inHospital] = await tx
    .select({ n: count() })
    .from(patients)
    .where(
      and(
        eq(patients.tenantId, tenantId),
        eq(patients.departmentCode, row.code),
        eq(patients.status, 'inHospital'),
        isNull(patients.deletedAt),
      ),
    );
  return { staff: staff.n, children: children.n, patients: inHospital.n };
}

export async function deleteDepartment(
  db: Database,
  session: SessionUser,
  key: VersionedKey & { reason?: string },
  meta: RequestMeta,
) {
  await departmentResource.remove(db, session, key, meta, async (tx, current) => {
    const held = await dependants(tx, session.tenantId, current);
    if (held.children > 0) throw new AppError(409, 'department.hasChildren');
    if (held.staff > 0) throw new AppError(409, 'department.inUse', undefined, held);
    if (held.patients > 0) {
      throw new AppError(409, 'patients.department.hasPatients', { count: held.patients }, held);
    }
    await tx
      .delete(userDepartments)
      .where(
        and(eq(userDepartments.tenantId, session.tenantId), eq(userDepartments.departmentCode, current.code)),
      );
  });
}

/** Department codes that exist in the tenant, for validating references. */
export async function existingCodes(db: DbOrTx, tenantId: string, codes: string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const rows = await db
    .select({ code: departments.code })
    .from(departments)
    .where(and(eq(departments.tenantId, tenantId), inArray(departments.code, codes)));
  return new Set(rows.map((r) => r.code));
}
