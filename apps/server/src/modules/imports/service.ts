import {
  checkImportRows,
  IMPORTS,
  type ImportKind,
  type ImportProblem,
  type Lang,
  type MessageKey,
  translate,
} from '@glucocare/domain';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, DbOrTx } from '../../db/client';
import { departments, roles } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { RequestMeta } from '../audit/service';
import type { SessionUser } from '../auth/sessions';
import { createDepartment } from '../departments/service';
import { saveEntry } from '../dictionaries/service';
import { createDrug } from '../drugs/service';
import { createMapping } from '../inspection/mapping';
import {
  createStaff,
  oneTimeCredentials,
  passwordPolicyOf,
  type StaffCredentials,
} from '../users/staff-service';

interface ImportContext {
  session: SessionUser;
  meta: RequestMeta;
  lang: Lang;
}

type RowOf<K extends ImportKind> = z.output<(typeof IMPORTS)[K]['rowSchema']>;

/**
 * How one kind stores its rows: `prepare` runs once per file, before the transaction (what every row
 * shares, and slow work such as hashing a password per row), `store` writes one row through the kind's
 * single create, so its rules, audit row and scope are those of a create. `fields` names the column a
 * create's refusal is about, by its message.
 */
interface ImportStore<K extends ImportKind, Shared> {
  prepare(db: DbOrTx, context: ImportContext, rows: ReadonlyMap<number, RowOf<K>>): Promise<Shared>;
  store(tx: DbOrTx, row: RowOf<K>, shared: Shared, context: ImportContext): Promise<unknown>;
  fields: Partial<Record<MessageKey, string | ((row: RowOf<K>, error: AppError) => string)>>;
  /** the success message, when the kind has more to say than how many rows were stored */
  done?: (count: number, shared: Shared) => ImportDone;
}

/** What a stored file answers: how many rows, and the message (and its values) to show. */
export interface ImportDone {
  count: number;
  message: MessageKey;
  params: Record<string, string | number>;
  /** staff: each new account's one-time password, answered once */
  passwords?: { userName: string; password: string }[];
}

/** How many argon2 hashes run side by side (each takes ~50 ms of one core and 19 MiB). */
const HASH_CONCURRENCY = 4;

/** Maps items through an async function, at most `limit` at a time, keeping their order. */
async function mapLimited<T, R>(items: readonly T[], limit: number, run: (item: T) => Promise<R>) {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await run(items[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

const nothingShared = async () => undefined;

/** The ids of the tenant's roles by code (staff rows name roles by code). */
async function roleIds(tx: DbOrTx, tenantId: string) {
  const rows = await tx
    .select({ id: roles.id, code: roles.code })
    .from(roles)
    .where(eq(roles.tenantId, tenantId));
  return new Map(rows.map((role) => [role.code, role.id]));
}

/**
 * Staff rows: each new account gets its own one-time random password (never one shared default),
 * hashed before the transaction, a few at a time; the answer lists them once for the administrator.
 */
const staffStore: ImportStore<
  'staff',
  { credentials: Map<string, StaffCredentials & { userName: string }>; roles: Map<string, number> }
> = {
  prepare: async (db, { session }, rows) => {
    const entries = [...rows.values()];
    const rule = await passwordPolicyOf(db, session.tenantId);
    const made = await mapLimited(entries, HASH_CONCURRENCY, (row) =>
      oneTimeCredentials(rule, row.roleCodes.includes('tenant_admin')),
    );
    return {
      credentials: new Map(
        entries.map((row, index) => [row.userName.toLowerCase(), { ...made[index], userName: row.userName }]),
      ),
      roles: await roleIds(db, session.tenantId),
    };
  },
  store: (tx, { roleCodes, ...row }, shared, { session, meta, lang }) => {
    const ids = roleCodes.map((code) => shared.roles.get(code));
    if (ids.some((id) => id === undefined)) throw new AppError(400, 'user.unknownRole');
    const credentials = shared.credentials.get(row.userName.toLowerCase());
    return createStaff(tx, session, { ...row, roleIds: ids as number[] }, lang, meta, credentials);
  },
  fields: {
    'user.nameTaken': 'userName',
    'user.unknownRole': 'roleCodes',
    'user.unknownDepartment': (row, error) =>
      error.params?.code === row.departmentCode ? 'departmentCode' : 'departmentPermissions',
    'user.scopeRequired': 'departmentPermissions',
    // an administrator limited to some departments cannot hand out the whole hospital
    'error.forbidden': 'permissionScope',
  },
  // as a single create does, the answer carries the one-time passwords the new accounts start with
  done: (count, shared) => ({
    count,
    message: 'import.staffDone',
    params: { count },
    passwords: [...shared.credentials.values()].map(({ userName, password }) => ({ userName, password })),
  }),
};

const departmentStore: ImportStore<'departments', undefined> = {
  prepare: nothingShared,
  store: async (tx, { parentCode, ...row }, _shared, { session, meta, lang }) => {
    let parentId: number | null = null;
    if (parentCode) {
      // an existing department or one stored by an earlier row of the same file
      const [parent] = await tx
        .select({ id: departments.id })
        .from(departments)
        .where(and(eq(departments.tenantId, session.tenantId), eq(departments.code, parentCode)));
      if (!parent) throw new AppError(400, 'department.parentInvalid');
      parentId = parent.id;
    }
    return createDepartment(tx, session, { ...row, parentId }, meta, lang);
  },
  fields: { 'department.codeTaken': 'code', 'department.parentInvalid': 'parentCode' },
};

const drugStore: ImportStore<'drugs', undefined> = {
  prepare: nothingShared,
  store: (tx, row, _shared, { session, meta, lang }) => createDrug(tx, session, row, meta, lang),
  fields: { 'drug.codeTaken': 'code', 'drugCategory.unknown': 'categoryCode' },
};

const dictionaryStore: ImportStore<'dictionaries', undefined> = {
  prepare: nothingShared,
  store: (tx, row, _shared, { session, meta, lang }) => saveEntry(tx, session, row, meta, lang),
  fields: { 'dict.codeTaken': 'code' },
};

const labMappingStore: ImportStore<'labMappings', undefined> = {
  prepare: nothingShared,
  store: (tx, row, _shared, { session, meta, lang }) => createMapping(tx, session, row, meta, lang),
  fields: { 'mapping.codeTaken': 'externalCode', 'mapping.targetCode.unknown': 'targetCode' },
};

// biome-ignore lint/suspicious/noExplicitAny: each kind's store is typed by its own kind above
const STORES: { [K in ImportKind]: ImportStore<K, any> } = {
  staff: staffStore,
  departments: departmentStore,
  drugs: drugStore,
  dictionaries: dictionaryStore,
  labMappings: labMappingStore,
};

/**
 * Imports a file's rows: every row checked as the browser checks it (schema, duplicates in the file),
 * then each stored through the kind's single create, all in one transaction. One problem anywhere and
 * nothing is kept: 400 with `dataContent: { errors: [{ row, field, message }] }` (rows from 1, in the
 * order sent; row 0 is the whole file).
 */
export async function importRows<K extends ImportKind>(
  db: Database,
  kind: K,
  rows: readonly unknown[],
  context: ImportContext,
): Promise<ImportDone> {
  const { lang } = context;
  const problems = checkImportRows(kind, rows, lang);
  if (problems.some((found) => found.row === 0)) throw rejected(problems);
  const refused = new Set(problems.map((found) => found.row));
  const schema: z.ZodType = IMPORTS[kind].rowSchema;
  const store = STORES[kind] as ImportStore<K, unknown>;

  const inputs = new Map<number, RowOf<K>>();
  for (const [index, values] of rows.entries()) {
    if (!refused.has(index + 1)) inputs.set(index + 1, schema.parse(values) as RowOf<K>);
  }
  // before the transaction: a staff file hashes a password per row, which takes a while
  const shared = await store.prepare(db, context, inputs);
  return db.transaction(async (tx) => {
    for (const [row, input] of inputs) {
      try {
        // a savepoint per row: a refused row leaves the transaction usable for the rest of the check
        await tx.transaction((savepoint) => store.store(savepoint, input, shared, context));
      } catch (error) {
        if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
        const field = store.fields[error.messageKey];
        problems.push({
          row,
          field: typeof field === 'function' ? field(input, error) : (field ?? ''),
          message: translate(lang, error.messageKey, error.params),
        });
      }
    }
    if (problems.length) throw rejected(problems);
    const count = rows.length;
    return store.done?.(count, shared) ?? { count, message: 'import.done', params: { count } };
  });
}

function rejected(problems: ImportProblem[]) {
  const errors = [...problems].sort((a, b) => a.row - b.row);
  return new AppError(400, 'import.rejected', { count: errors.length }, { errors });
}
