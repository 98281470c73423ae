import { randomInt } from 'node:crypto';
import {
  oneTimePassword,
  type PasswordRule,
  type StaffExpiryFilter,
  type StaffGender,
  staffExpiryOf,
  staffExpirySoonEnd,
} from '@glucocare/domain';
import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client';
import { departments, roles, sessions, userDepartments, userRoles, users } from '../../db/schema';
import { AppError, recordNotFound } from '../../http/errors';
import { defineResource } from '../../lib/resource';
import { updateVersioned } from '../../lib/versioned';
import { auditActor as actor, type RequestMeta, writeAudit } from '../audit/service';
import { hashPassword, holdsAdministratorRole } from '../auth/service';
import { isoDate, type SessionUser } from '../auth/sessions';
import { existingCodes, inScope } from '../departments/service';
import { getSetting } from '../settings/service';

export interface StaffInput {
  nickName: string;
  gender?: StaffGender | null;
  birthDate?: string | null;
  idCard?: string | null;
  phone?: string | null;
  email?: string | null;
  departmentCode: string;
  roleIds: number[];
  dataPermission: 'readWrite' | 'readOnly';
  permissionScope: 'all' | 'departments';
  departmentPermissions: string[];
  expiresOn?: string | null;
  isActive?: boolean;
}

type UserRow = typeof users.$inferSelect;

/** Whole years between a birth date and today. */
function ageOn(birthDate: string | null, today: Date): number | null {
  if (!birthDate) return null;
  const [y, m, d] = birthDate.split('-').map(Number);
  let age = today.getFullYear() - y;
  if (today.getMonth() + 1 < m || (today.getMonth() + 1 === m && today.getDate() < d)) age--;
  return age;
}

async function loadRecords(db: DbOrTx, tenantId: string, rows: UserRow[], lang: string) {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [roleRows, scopeRows, departmentRows] = await Promise.all([
    db
      .select({
        userId: userRoles.userId,
        id: roles.id,
        code: roles.code,
        name: roles.name,
        nameEn: roles.nameEn,
      })
      .from(userRoles)
      .innerJoin(roles, and(eq(roles.tenantId, userRoles.tenantId), eq(roles.id, userRoles.roleId)))
      .where(and(eq(userRoles.tenantId, tenantId), inArray(userRoles.userId, ids)))
      .orderBy(asc(roles.code)),
    db
      .select()
      .from(userDepartments)
      .where(and(eq(userDepartments.tenantId, tenantId), inArray(userDepartments.userId, ids))),
    db
      .select({ code: departments.code, name: departments.name, nameEn: departments.nameEn })
      .from(departments)
      .where(eq(departments.tenantId, tenantId)),
  ]);
  const departmentName = new Map(
    departmentRows.map((d) => [d.code, lang === 'en-US' ? (d.nameEn ?? d.name) : d.name]),
  );
  const today = new Date();
  const todayDate = isoDate(today);
  return rows.map((row) => ({
    id: row.id,
    userName: row.userName,
    nickName: row.nickName,
    gender: row.gender,
    birthDate: row.birthDate,
    age: ageOn(row.birthDate, today),
    idCard: row.idCard,
    phone: row.phone,
    email: row.email,
    departmentCode: row.departmentCode,
    departmentName: row.departmentCode ? (departmentName.get(row.departmentCode) ?? null) : null,
    roles: roleRows
      .filter((r) => r.userId === row.id)
      .map((r) => ({ id: r.id, code: r.code, name: lang === 'en-US' ? (r.nameEn ?? r.name) : r.name })),
    dataPermission: row.dataPermission,
    permissionScope: row.permissionScope,
    departmentPermissions: scopeRows
      .filter((s) => s.userId === row.id)
      .map((s) => s.departmentCode)
      .sort(),
    expiresOn: row.expiresOn,
    expiry: staffExpiryOf(row.expiresOn, todayDate),
    isActive: row.isActive,
    mustChangePassword: row.mustChangePassword,
    lockedUntil: row.lockedUntil?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    version: row.version,
  }));
}

export type StaffRecord = Awaited<ReturnType<typeof loadRecords>>[number];

/**
 * The expiry filter as SQL, with the day boundaries of `staffExpiryOf` (login compares expiry dates with
 * the server's calendar date, `isoDate`, so the list does the same).
 */
function expiryCondition(expiry: StaffExpiryFilter, today: string) {
  const soonEnd = staffExpirySoonEnd(today);
  switch (expiry) {
    case 'expired':
      return lt(users.expiresOn, today);
    case 'expiresSoon':
      return and(gte(users.expiresOn, today), lte(users.expiresOn, soonEnd));
    case 'active':
      return or(isNull(users.expiresOn), gt(users.expiresOn, soonEnd));
    default:
      return undefined;
  }
}

/**
 * Staff as a resource: the tenant's staff not deleted, within the caller's department scope. Its
 * reads (list, find) come from here; the writes stay below because staff are keyed by their login
 * name (case-insensitive), their audit rows carry roles and departments read from other tables, and
 * deleting or resetting one also revokes their sessions.
 */
const staffResource = defineResource({
  table: users,
  entity: 'user',
  deletion: 'soft',
  search: [users.userName, users.nickName, users.phone],
  filters: { departmentCode: users.departmentCode, isActive: users.isActive },
  orderBy: [desc(users.createdAt), desc(users.id)],
  department: users.departmentCode,
});

export async function pageStaff(
  db: Database,
  session: SessionUser,
  query: {
    queryCondition?: string;
    departmentCode?: string;
    isActive?: boolean;
    expiry?: StaffExpiryFilter;
    /** locked out now (`locked_until` in the future), or not */
    locked?: boolean;
    page: number;
    size: number;
  },
  lang: string,
) {
  const now = new Date();
  const expiry = expiryCondition(query.expiry ?? 'all', isoDate(now));
  const locked =
    query.locked === undefined
      ? undefined
      : query.locked
        ? gt(users.lockedUntil, now)
        : or(isNull(users.lockedUntil), lte(users.lockedUntil, now));
  const page = await staffResource.list(db, session, query, and(expiry, locked));
  return { ...page, records: await loadRecords(db, session.tenantId, page.records, lang) };
}

async function findUser(db: DbOrTx, session: SessionUser, where: { id?: number; userName?: string }) {
  const [row] = await db
    .select()
    .from(users)
    .where(
      staffResource.where(
        session,
        and(
          where.id != null ? eq(users.id, where.id) : undefined,
          where.userName != null ? sql`lower(${users.userName}) = lower(${where.userName})` : undefined,
        ),
      ),
    );
  if (!row) throw recordNotFound();
  return row;
}

/** References in a staff form must exist in the tenant and lie within the administrator's scope. */
async function checkReferences(tx: DbOrTx, session: SessionUser, input: StaffInput) {
  const codes = [...new Set([input.departmentCode, ...input.departmentPermissions])];
  const known = await existingCodes(tx, session.tenantId, codes);
  for (const code of codes) {
    if (!known.has(code) || !inScope(session.scope, code)) {
      throw new AppError(400, 'user.unknownDepartment', { code });
    }
  }
  if (
    input.permissionScope === 'departments' &&
    input.departmentPermissions.length === 0 &&
    !input.departmentCode
  ) {
    throw new AppError(400, 'user.scopeRequired');
  }
  if (input.roleIds.length > 0) {
    const found = await tx
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.tenantId, session.tenantId), inArray(roles.id, input.roleIds)));
    if (found.length !== new Set(input.roleIds).size) throw new AppError(400, 'user.unknownRole');
  }
  // An administrator limited to some departments cannot hand out the whole hospital.
  if (input.permissionScope === 'all' && !session.scope.all) throw new AppError(403, 'error.forbidden');
}

async function writeLinks(tx: DbOrTx, tenantId: string, userId: number, input: StaffInput) {
  await tx.delete(userRoles).where(and(eq(userRoles.tenantId, tenantId), eq(userRoles.userId, userId)));
  if (input.roleIds.length) {
    await tx
      .insert(userRoles)
      .values([...new Set(input.roleIds)].map((roleId) => ({ tenantId, userId, roleId })));
  }
  await tx
    .delete(userDepartments)
    .where(and(eq(userDepartments.tenantId, tenantId), eq(userDepartments.userId, userId)));
  const scope = input.permissionScope === 'departments' ? [...new Set(input.departmentPermissions)] : [];
  if (scope.length) {
    await tx
      .insert(userDepartments)
      .values(scope.map((departmentCode) => ({ tenantId, userId, departmentCode })));
  }
}

function columns(input: StaffInput) {
  return {
    nickName: input.nickName,
    gender: input.gender ?? null,
    birthDate: input.birthDate ?? null,
    idCard: input.idCard ?? null,
    phone: input.phone ?? null,
    email: input.email ?? null,
    departmentCode: input.departmentCode,
    dataPermission: input.dataPermission,
    permissionScope: input.permissionScope,
    expiresOn: input.expiresOn ?? null,
    isActive: input.isActive ?? true,
  };
}

/** The password a new or reset account starts with (shown once, never stored in clear), and its hash. */
export interface StaffCredentials {
  password: string;
  passwordHash: string;
}

/** Whether any of the roles is the administrator role (its passwords need 12 characters or more). */
async function grantsAdmin(db: DbOrTx, tenantId: string, roleIds: number[]): Promise<boolean> {
  if (roleIds.length === 0) return false;
  const [found] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), inArray(roles.id, roleIds), eq(roles.code, 'tenant_admin')));
  return !!found;
}

/**
 * A one-time random password the tenant's policy accepts for the account (administrators' length
 * included), and its hash. There is no shared default password any more (issue 22): anyone who knew
 * it could sign in to a new or reset account before its owner did. The caller reads the policy (once,
 * for a whole import).
 */
export async function oneTimeCredentials(rule: PasswordRule, isAdmin: boolean): Promise<StaffCredentials> {
  const password = oneTimePassword(rule, isAdmin, randomInt);
  return { password, passwordHash: await hashPassword(password) };
}

export const passwordPolicyOf = (db: DbOrTx, tenantId: string) => getSetting(db, tenantId, 'password.policy');

/**
 * Adds a staff member with a one-time random password, returned once and to be changed at first
 * sign-in. A bulk import passes credentials it made beforehand for the row (argon2 is slow on purpose,
 * so it hashes its rows' passwords side by side before its transaction).
 */
export async function createStaff(
  db: DbOrTx,
  session: SessionUser,
  input: StaffInput & { userName: string },
  lang: string,
  meta: RequestMeta,
  credentials?: StaffCredentials,
) {
  return db.transaction(async (tx) => {
    await checkReferences(tx, session, input);
    const [clash] = await tx
      .select({ id: users.id })
      .from(users)
      .where(
        and(eq(users.tenantId, session.tenantId), sql`lower(${users.userName}) = lower(${input.userName})`),
      );
    if (clash) throw new AppError(409, 'user.nameTaken');
    const { password, passwordHash } =
      credentials ??
      (await oneTimeCredentials(
        await passwordPolicyOf(tx, session.tenantId),
        await grantsAdmin(tx, session.tenantId, input.roleIds),
      ));
    const [row] = await tx
      .insert(users)
      .values({
        tenantId: session.tenantId,
        userName: input.userName,
        passwordHash,
        mustChangePassword: true,
        ...columns(input),
      })
      .returning();
    await writeLinks(tx, session.tenantId, row.id, input);
    const [record] = await loadRecords(tx, session.tenantId, [row], lang);
    await writeAudit(
      tx,
      { ...actor(session), action: 'create', entity: 'user', entityId: row.id, after: record },
      meta,
    );
    return { record, password };
  });
}

export async function updateStaff(
  db: Database,
  session: SessionUser,
  input: StaffInput & { id: number; version: number },
  lang: string,
  meta: RequestMeta,
) {
  return db.transaction(async (tx) => {
    const current = await findUser(tx, session, { id: input.id });
    if (current.version !== input.version) throw new AppError(409, 'error.conflict');
    if (current.id === session.userId && input.isActive === false)
      throw new AppError(400, 'user.cannotDeleteSelf');
    await checkReferences(tx, session, input);
    const [before] = await loadRecords(tx, session.tenantId, [current], lang);
    const row = await updateVersioned(
      tx,
      users,
      { tenantId: session.tenantId, id: input.id },
      input.version,
      columns(input),
    );
    await writeLinks(tx, session.tenantId, row.id, input);
    const [after] = await loadRecords(tx, session.tenantId, [row], lang);
    await writeAudit(
      tx,
      { ...actor(session), action: 'update', entity: 'user', entityId: row.id, before, after },
      meta,
    );
    return after;
  });
}

export async function deleteStaff(
  db: Database,
  session: SessionUser,
  key: { userName: string; version: number; reason?: string },
  lang: string,
  meta: RequestMeta,
) {
  await db.transaction(async (tx) => {
    const current = await findUser(tx, session, { userName: key.userName });
    if (current.id === session.userId) throw new AppError(400, 'user.cannotDeleteSelf');
    const [before] = await loadRecords(tx, session.tenantId, [current], lang);
    const now = new Date();
    await updateVersioned(tx, users, { tenantId: session.tenantId, id: current.id }, key.version, {
      deletedAt: now,
      isActive: false,
    });
    await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(
        and(
          eq(sessions.tenantId, session.tenantId),
          eq(sessions.userId, current.id),
          isNull(sessions.revokedAt),
        ),
      );
    await writeAudit(
      tx,
      {
        ...actor(session),
        action: 'delete',
        entity: 'user',
        entityId: current.id,
        before,
        reason: key.reason || null,
      },
      meta,
    );
  });
}

/**
 * PUT /v1/users/resetPassword: a new one-time random password (the policy's rule for that account),
 * stored only as its hash, to be changed at next sign-in; the account's lock and failure count are
 * cleared and its sessions end. The password is returned once, for the administrator to hand over.
 */
export async function resetStaffPassword(
  db: Database,
  session: SessionUser,
  userName: string,
  meta: RequestMeta,
) {
  return db.transaction(async (tx) => {
    const current = await findUser(tx, session, { userName });
    const [account] = await tx
      .select({ isAdmin: holdsAdministratorRole })
      .from(users)
      .where(and(eq(users.tenantId, session.tenantId), eq(users.id, current.id)));
    const { password, passwordHash } = await oneTimeCredentials(
      await passwordPolicyOf(tx, session.tenantId),
      account.isAdmin,
    );
    const now = new Date();
    await tx
      .update(users)
      .set({
        passwordHash,
        mustChangePassword: true,
        failedLoginCount: 0,
        lockedUntil: null,
        version: current.version + 1,
        updatedAt: now,
      })
      .where(and(eq(users.tenantId, session.tenantId), eq(users.id, current.id)));
    await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(
        and(
          eq(sessions.tenantId, session.tenantId),
          eq(sessions.userId, current.id),
          isNull(sessions.revokedAt),
        ),
      );
    await writeAudit(
      tx,
      {
        ...actor(session),
        action: 'password.reset',
        entity: 'user',
        entityId: current.id,
        reason: 'one-time password',
      },
      meta,
    );
    return { userName: current.userName, password };
  });
}

/**
 * PUT /v1/users/unlock: ends a lockout (too many failed sign-ins) before its time and clears the
 * failure count, audited as `unlock` with what it cleared. Unlocking an account that is not locked
 * changes nothing and writes nothing.
 */
export async function unlockStaff(db: Database, session: SessionUser, userName: string, meta: RequestMeta) {
  return db.transaction(async (tx) => {
    const current = await findUser(tx, session, { userName });
    if (!current.lockedUntil && current.failedLoginCount === 0) return { userName: current.userName };
    const now = new Date();
    await tx
      .update(users)
      .set({ failedLoginCount: 0, lockedUntil: null, version: current.version + 1, updatedAt: now })
      .where(and(eq(users.tenantId, session.tenantId), eq(users.id, current.id)));
    await writeAudit(
      tx,
      {
        ...actor(session),
        action: 'unlock',
        entity: 'user',
        entityId: current.id,
        before: {
          userName: current.userName,
          lockedUntil: current.lockedUntil?.toISOString() ?? null,
          failedLoginCount: current.failedLoginCount,
        },
        after: { userName: current.userName, lockedUntil: null, failedLoginCount: 0 },
        reason: 'unlocked by administrator',
      },
      meta,
    );
    return { userName: current.userName };
  });
}

export async function staffScope(db: Database, session: SessionUser, userName: string) {
  const row = await findUser(db, session, { userName });
  const scope = await db
    .select({ code: userDepartments.departmentCode })
    .from(userDepartments)
    .where(and(eq(userDepartments.tenantId, session.tenantId), eq(userDepartments.userId, row.id)));
  return {
    userName: row.userName,
    permissionScope: row.permissionScope,
    departmentPermissions: scope.map((s) => s.code).sort(),
  };
}

export async function batchScope(
  db: Database,
  session: SessionUser,
  input: { userNames: string[]; permissionScope: 'all' | 'departments'; departmentPermissions: string[] },
  meta: RequestMeta,
) {
  return db.transaction(async (tx) => {
    if (input.permissionScope === 'all' && !session.scope.all) throw new AppError(403, 'error.forbidden');
    const known = await existingCodes(tx, session.tenantId, input.departmentPermissions);
    for (const code of input.departmentPermissions) {
      if (!known.has(code) || !inScope(session.scope, code))
        throw new AppError(400, 'user.unknownDepartment', { code });
    }
    let updated = 0;
    for (const userName of [...new Set(input.userNames)]) {
      const current = await findUser(tx, session, { userName });
      const before = await staffScope(tx as Database, session, userName);
      await tx
        .update(users)
        .set({ permissionScope: input.permissionScope, version: current.version + 1, updatedAt: new Date() })
        .where(and(eq(users.tenantId, session.tenantId), eq(users.id, current.id)));
      await tx
        .delete(userDepartments)
        .where(and(eq(userDepartments.tenantId, session.tenantId), eq(userDepartments.userId, current.id)));
      const scope = input.permissionScope === 'departments' ? [...new Set(input.departmentPermissions)] : [];
      if (scope.length) {
        await tx.insert(userDepartments).values(
          scope.map((departmentCode) => ({
            tenantId: session.tenantId,
            userId: current.id,
            departmentCode,
          })),
        );
      }
      await writeAudit(
        tx,
        {
          ...actor(session),
          action: 'scope',
          entity: 'user',
          entityId: current.id,
          before,
          after: {
            userName: current.userName,
            permissionScope: input.permissionScope,
            departmentPermissions: scope,
          },
        },
        meta,
      );
      updated++;
    }
    return { updated };
  });
}

/**
 * Users holding the doctor role within the caller's scope, optionally of one department, with their ids
 * (for references by id, e.g. whom a critical value was told to).
 */
export function doctorRecords(db: Database, session: SessionUser, departmentCode: string | undefined) {
  return db
    .select({
      id: users.id,
      userName: users.userName,
      nickName: users.nickName,
      departmentCode: users.departmentCode,
      departmentName: departments.name,
      departmentNameEn: departments.nameEn,
    })
    .from(users)
    .innerJoin(userRoles, and(eq(userRoles.tenantId, users.tenantId), eq(userRoles.userId, users.id)))
    .innerJoin(
      roles,
      and(eq(roles.tenantId, userRoles.tenantId), eq(roles.id, userRoles.roleId), eq(roles.code, 'doctor')),
    )
    .leftJoin(
      departments,
      and(eq(departments.tenantId, users.tenantId), eq(departments.code, users.departmentCode)),
    )
    .where(
      staffResource.where(
        session,
        and(eq(users.isActive, true), departmentCode ? eq(users.departmentCode, departmentCode) : undefined),
      ),
    )
    .orderBy(asc(users.departmentCode), asc(users.nickName));
}

/** Users holding the doctor role within the caller's scope, optionally of one department. */
export async function doctors(
  db: Database,
  session: SessionUser,
  departmentCode: string | undefined,
  lang: string,
) {
  const rows = await doctorRecords(db, session, departmentCode);
  return rows.map((r) => ({
    userName: r.userName,
    nickName: r.nickName,
    departmentCode: r.departmentCode,
    departmentName: lang === 'en-US' ? (r.departmentNameEn ?? r.departmentName) : r.departmentName,
  }));
}
