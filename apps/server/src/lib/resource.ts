import type { AuditEntity, MessageKey } from '@glucocare/domain';
import { and, eq, ilike, isNull, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';
import { AppError, recordNotFound } from '../http/errors';
import { auditActor, type RequestMeta, writeAudit } from '../modules/audit/service';
import type { DepartmentScope } from '../modules/auth/sessions';
import { type Page, type PageQuery, paginate } from './page';
import { containsPattern } from './query';
import { departmentScopeCondition } from './scope';
import { deleteVersioned, updateVersioned } from './versioned';

/** The columns every tenant-owned, editable row has: its tenant, its key, an optimistic version, a change time. */
export type ResourceTable = PgTable & {
  tenantId: PgColumn;
  id: PgColumn;
  version: PgColumn;
  updatedAt: PgColumn;
};
type Row<T extends ResourceTable> = T['$inferSelect'] & { id: number; version: number };
/** The values of a new row: everything but the tenant, which comes from the session. */
type NewRow<T extends ResourceTable> = Omit<T['$inferInsert'], 'tenantId'>;

/** Whose rows: the tenant, and the departments the caller may see when the resource has departments. */
export interface Owner {
  tenantId: string;
  scope?: DepartmentScope;
}
/** Who writes: the owner plus the name the audit row records. */
export interface Actor extends Owner {
  userId: number;
  userName: string;
}
/** The row a change is meant for and the version the client last read of it (stale → 409). */
export interface VersionedKey {
  id: number;
  version: number;
}

/** What a tenant-owned resource declares; {@link defineResource} does the rest. */
export interface ResourceDeclaration<T extends ResourceTable> {
  table: T;
  /** The audit log's kind for the rows (domain `AUDIT_ENTITIES`). */
  entity: AuditEntity;
  /**
   * `soft`: the row is kept, marked deleted (`deletedAt`; who and why where the table keeps
   * `deletedBy` and `deleteReason`) and leaves every read. `hard`: the row is removed. `never`: rows
   * that records name by code (glucose periods) are stopped, not deleted.
   */
  deletion: 'soft' | 'hard' | 'never';
  /** Fields whose values together name one live row of the tenant (a code, a type and code), and the 409 message. */
  unique?: { fields: readonly (keyof Row<T> & string)[]; message: MessageKey };
  /** Columns the list's free text (`queryCondition`) is looked for in, as contained text in any case. */
  search?: readonly AnyPgColumn[];
  /** Query fields that narrow the list to rows whose column equals the value, when the field is given. */
  filters?: Readonly<Record<string, AnyPgColumn>>;
  /** The list's order (asc/desc of columns). */
  orderBy: readonly SQL[];
  /** The department column of rows that belong to a department: outside the caller's scope they answer 404. */
  department?: AnyPgColumn;
  /** What the audit row keeps of a row before and after a change; the row itself when not declared. */
  auditView?: (row: Row<T>) => unknown;
}

type Column = AnyPgColumn;
const columnOf = (table: ResourceTable, field: string) => (table as unknown as Record<string, Column>)[field];

/**
 * One tenant-owned resource: the tenant filter, department scope, list with search, filters and
 * paging, uniqueness, create, versioned update, status change and deletion, each change with its
 * audit row in the same transaction. Every change of an existing row names the version it was made
 * from; a stale one answers 409 `error.conflict`, a row of another tenant or outside the scope 404.
 */
export function defineResource<T extends ResourceTable>(declaration: ResourceDeclaration<T>) {
  const { table, entity } = declaration;
  const soft = declaration.deletion === 'soft';
  const deletedAt = soft ? columnOf(table, 'deletedAt') : undefined;
  if (soft && !deletedAt) throw new Error(`${entity}: soft deletion needs a deletedAt column`);
  const hasDeleter = Boolean(columnOf(table, 'deletedBy'));
  const hasReason = Boolean(columnOf(table, 'deleteReason'));
  const hasStatus = Boolean(columnOf(table, 'isActive'));
  const auditView = (row: Row<T>): unknown => (declaration.auditView ? declaration.auditView(row) : row);

  /** The owner's live rows (not deleted, in scope), narrowed by `extra`. */
  function where(owner: Owner, extra?: SQL): SQL {
    return and(
      eq(table.tenantId, owner.tenantId),
      deletedAt ? isNull(deletedAt) : undefined,
      declaration.department && owner.scope
        ? departmentScopeCondition(owner.scope, declaration.department)
        : undefined,
      extra,
    ) as SQL;
  }

  /** The conditions of a list query: its free text over the searchable columns and its declared filters. */
  function listConditions(query: Record<string, unknown>): SQL | undefined {
    const text = typeof query.queryCondition === 'string' ? query.queryCondition.trim() : '';
    const pattern = text && declaration.search?.length ? containsPattern(text) : undefined;
    const filters = Object.entries(declaration.filters ?? {}).map(([field, column]) =>
      query[field] === undefined || query[field] === '' ? undefined : eq(column, query[field]),
    );
    return and(
      pattern ? or(...(declaration.search ?? []).map((column) => ilike(column, pattern))) : undefined,
      ...filters,
    );
  }

  async function find(db: DbOrTx, owner: Owner, id: number, options: { forUpdate?: boolean } = {}) {
    const query = db
      .select()
      .from(table as PgTable)
      .where(where(owner, eq(table.id, id)));
    const [row] = (options.forUpdate ? await query.for('update') : await query) as Row<T>[];
    if (!row) throw recordNotFound();
    return row;
  }

  /** 409 with the declared message when another live row of the tenant holds the unique values. */
  async function assertUnique(db: DbOrTx, owner: Owner, values: Partial<Row<T>>, selfId?: number) {
    const unique = declaration.unique;
    if (!unique) return;
    const record = values as Record<string, unknown>;
    const [clash] = await db
      .select({ id: table.id })
      .from(table as PgTable)
      .where(
        and(
          eq(table.tenantId, owner.tenantId),
          deletedAt ? isNull(deletedAt) : undefined,
          ...unique.fields.map((field) => eq(columnOf(table, field), record[field])),
        ),
      );
    if (clash && clash.id !== selfId) throw new AppError(409, unique.message);
  }

  /** A row about to change: exists for the owner and is still at the version the client read. */
  async function current(db: DbOrTx, owner: Owner, key: VersionedKey) {
    const row = await find(db, owner, key.id, { forUpdate: true });
    if (row.version !== key.version) throw new AppError(409, 'error.conflict');
    return row;
  }

  const audit = (
    db: DbOrTx,
    actor: Actor,
    action: string,
    entityId: number,
    change: { before?: unknown; after?: unknown; reason?: string | null },
    meta: RequestMeta,
  ) => writeAudit(db, { ...auditActor(actor), action, entity, entityId, ...change }, meta);

  return {
    declaration,
    where,
    listConditions,
    find,
    assertUnique,

    /** A page of the owner's live rows matching the query's text and filters (and `extra`), in the declared order. */
    async list(db: DbOrTx, owner: Owner, query: PageQuery & Record<string, unknown>, extra?: SQL) {
      const condition = where(owner, and(listConditions(query), extra));
      return paginate(
        query,
        (limit, offset) =>
          db
            .select()
            .from(table as PgTable)
            .where(condition)
            .orderBy(...declaration.orderBy)
            .limit(limit)
            .offset(offset) as unknown as Promise<Row<T>[]>,
        () => db.$count(table as PgTable, condition),
      ) as Promise<Page<Row<T>>>;
    },

    /**
     * Every live row of the owner matching the query's filters (and `extra`), in the declared order,
     * unpaged: what pickers and settings screens read.
     */
    async all(db: DbOrTx, owner: Owner, query: Record<string, unknown> = {}, extra?: SQL) {
      return (await db
        .select()
        .from(table as PgTable)
        .where(where(owner, and(listConditions(query), extra)))
        .orderBy(...declaration.orderBy)) as Row<T>[];
    },

    /** Inserts a row for the actor's tenant after the uniqueness check; audit action `create`. */
    async create(db: DbOrTx, actor: Actor, values: NewRow<T>, meta: RequestMeta): Promise<Row<T>> {
      return db.transaction(async (tx) => {
        await assertUnique(tx, actor, values as Partial<Row<T>>);
        const [row] = (await tx
          .insert(table as PgTable)
          .values({ ...values, tenantId: actor.tenantId } as T['$inferInsert'])
          .returning()) as Row<T>[];
        await audit(tx, actor, 'create', row.id, { after: auditView(row) }, meta);
        return row;
      });
    },

    /**
     * Writes `values` (or what `change` makes of the current row) to the row at `key.version`;
     * `beforeWrite` runs first in the transaction
     * (it may refuse the change). Audit action `update` with the row before and after.
     */
    async update(
      db: DbOrTx,
      actor: Actor,
      key: VersionedKey,
      change:
        | PgUpdateSetSource<T>
        | ((before: Row<T>, tx: DbOrTx) => PgUpdateSetSource<T> | Promise<PgUpdateSetSource<T>>),
      meta: RequestMeta,
      beforeWrite?: (tx: DbOrTx, before: Row<T>) => Promise<void>,
    ): Promise<{ before: Row<T>; row: Row<T> }> {
      return db.transaction(async (tx) => {
        const before = await current(tx, actor, key);
        await beforeWrite?.(tx, before);
        const values = typeof change === 'function' ? await change(before, tx) : change;
        await assertUnique(tx, actor, { ...before, ...values } as Partial<Row<T>>, key.id);
        const row = (await updateVersioned(
          tx,
          table,
          { tenantId: actor.tenantId, id: key.id },
          key.version,
          values,
        )) as Row<T>;
        await audit(tx, actor, 'update', key.id, { before: auditView(before), after: auditView(row) }, meta);
        return { before, row };
      });
    },

    /** Enables or stops the row at `key.version`; audit action `enable` or `disable`. */
    async setStatus(
      db: DbOrTx,
      actor: Actor,
      key: VersionedKey & { isActive: boolean },
      meta: RequestMeta,
    ): Promise<Row<T>> {
      if (!hasStatus) throw new Error(`${entity} has no isActive column`);
      return db.transaction(async (tx) => {
        const before = (await current(tx, actor, key)) as Row<T> & { isActive: boolean };
        const row = (await updateVersioned(tx, table, { tenantId: actor.tenantId, id: key.id }, key.version, {
          isActive: key.isActive,
        } as PgUpdateSetSource<T>)) as Row<T> & { isActive: boolean };
        await audit(
          tx,
          actor,
          key.isActive ? 'enable' : 'disable',
          key.id,
          { before: { isActive: before.isActive }, after: { isActive: row.isActive } },
          meta,
        );
        return row;
      });
    },

    /**
     * Deletes the row at `key.version` as declared (marked or removed); `beforeWrite` runs first in
     * the transaction: it may refuse (a row still in use) or make the writes the deletion needs. The reason goes to the audit row, and to the row where the table keeps one.
     */
    async remove(
      db: DbOrTx,
      actor: Actor,
      key: VersionedKey & { reason?: string | null },
      meta: RequestMeta,
      beforeWrite?: (tx: DbOrTx, before: Row<T>) => Promise<void>,
    ): Promise<Row<T>> {
      if (declaration.deletion === 'never') throw new Error(`${entity} rows are stopped, never deleted`);
      return db.transaction(async (tx) => {
        const before = await current(tx, actor, key);
        await beforeWrite?.(tx, before);
        const reason = key.reason?.trim() || null;
        if (soft) {
          const marks: Record<string, unknown> = { deletedAt: new Date() };
          if (hasDeleter) marks.deletedBy = actor.userId;
          if (hasReason) marks.deleteReason = reason;
          await updateVersioned(
            tx,
            table,
            { tenantId: actor.tenantId, id: key.id },
            key.version,
            marks as PgUpdateSetSource<T>,
          );
        } else {
          await deleteVersioned(tx, table, { tenantId: actor.tenantId, id: key.id }, key.version);
        }
        await audit(tx, actor, 'delete', key.id, { before: auditView(before), reason }, meta);
        return before;
      });
    },
  };
}

export type Resource<T extends ResourceTable> = ReturnType<typeof defineResource<T>>;
