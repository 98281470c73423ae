import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  type ChangePasswordBody,
  checkNewPassword,
  effectiveLengthRule,
  hisAssertionPayload,
  isPasswordExpired,
  type LoginBody,
  type LoginHisBody,
  type PasswordRule,
  translate,
  wallClockAt,
} from '@glucocare/domain';
import { hash, verify } from '@node-rs/argon2';
import { and, eq, lt, ne, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hisNonces, sessions, tenants, users } from '../../db/schema';
import { AppError } from '../../http/errors';
import { type RequestMeta, writeAudit } from '../audit/service';
import { getSetting } from '../settings/service';
import { hospitalTimeZone } from '../settings/time-zone';
import { isoDate, type SessionUser } from './sessions';
import { hashToken, newToken } from './tokens';

// Not a resource declaration (lib/resource.ts): sign-in, sessions and passwords: account state changes
// (lockout, password) that no form edits at a version, not a resource's list and edits.

const loginFailed = () => new AppError(401, 'auth.loginFailed');
const HIS_CLOCK_SKEW_MS = 5 * 60_000;

/** argon2id with the library's defaults (19 MiB, t=2): OWASP's minimum profile. */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

let dummyHash: Promise<string> | undefined;
/** Verifying against a throw-away hash keeps "no such user" as slow as "wrong password". */
function dummyVerify(password: string): Promise<boolean> {
  dummyHash ??= hash('not-a-real-password-0000');
  return dummyHash.then((h) => verify(h, password)).then(() => false);
}

interface AccountRow {
  id: number;
  userName: string;
  passwordHash: string;
  isActive: boolean;
  expiresOn: string | null;
  mustChangePassword: boolean;
  passwordChangedAt: Date;
  failedLoginCount: number;
  lockedUntil: Date | null;
  isAdmin: boolean;
}

/**
 * Whether the `users` row in the query holds the administrator role, whose passwords need 12
 * characters or more (a select column of queries `from(users)`).
 */
export const holdsAdministratorRole = sql<boolean>`exists (select 1 from user_roles ur join roles r
  on r.tenant_id = ur.tenant_id and r.id = ur.role_id
  where ur.tenant_id = users.tenant_id and ur.user_id = users.id and r.code = 'tenant_admin')`;

async function findAccount(app: FastifyInstance, tenantId: string, userName: string) {
  const [tenant] = await app.db
    .select({ id: tenants.id })
    .from(tenants)
    .where(and(eq(tenants.id, tenantId), eq(tenants.isActive, true)));
  if (!tenant) return { tenantExists: false, account: null };
  const [account] = await app.db
    .select({
      id: users.id,
      userName: users.userName,
      passwordHash: users.passwordHash,
      isActive: users.isActive,
      expiresOn: users.expiresOn,
      mustChangePassword: users.mustChangePassword,
      passwordChangedAt: users.passwordChangedAt,
      failedLoginCount: users.failedLoginCount,
      lockedUntil: users.lockedUntil,
      isAdmin: holdsAdministratorRole,
    })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), sql`lower(${users.userName}) = lower(${userName})`));
  return { tenantExists: true, account: (account as AccountRow | undefined) ?? null };
}

/** Why an account that proved who it is may still not sign in, as its audit reason. */
type AccountBar = 'locked' | 'disabled' | 'account expired';

function accountBar(account: AccountRow, now: Date): AccountBar | null {
  if (account.lockedUntil && account.lockedUntil > now) return 'locked';
  if (!account.isActive) return 'disabled';
  if (account.expiresOn && account.expiresOn < isoDate(now)) return 'account expired';
  return null;
}

/**
 * The answer for an account barred from signing in, told only to someone who proved to be its owner
 * (the right password, or a signed HIS assertion): 403 saying whether it is locked (until when, on the
 * hospital's clock), disabled or expired. Anyone else gets the one generic failure.
 */
async function accountBarError(
  app: FastifyInstance,
  tenantId: string,
  account: AccountRow,
  bar: AccountBar,
  now: Date,
): Promise<AppError> {
  if (bar === 'locked' && account.lockedUntil) {
    const zone = await hospitalTimeZone(app.db, tenantId);
    const until = wallClockAt(account.lockedUntil, zone).slice(0, 16);
    const sameDay = until.slice(0, 10) === wallClockAt(now, zone).slice(0, 10);
    return new AppError(
      403,
      'auth.accountLocked',
      { time: sameDay ? until.slice(11) : until },
      { reason: 'locked', lockedUntil: account.lockedUntil.toISOString() },
    );
  }
  if (bar === 'disabled') return new AppError(403, 'auth.accountDisabled', undefined, { reason: 'disabled' });
  return new AppError(
    403,
    'auth.accountExpired',
    { date: account.expiresOn ?? '' },
    { reason: 'expired', expiresOn: account.expiresOn },
  );
}

/** Why the password must be changed before a session opens (first sign-in, or past the policy's expiry). */
function changeRequiredReason(
  account: AccountRow,
  rule: PasswordRule,
  now: Date,
): 'initial' | 'expired' | null {
  if (account.mustChangePassword) return 'initial';
  return isPasswordExpired(account.passwordChangedAt, rule, now) ? 'expired' : null;
}

function decryptOrFail(app: FastifyInstance, cipher: string): string {
  const plain = app.passwordCrypto.decrypt(cipher);
  if (plain === null) throw new AppError(400, 'auth.passwordDecrypt');
  return plain;
}

/**
 * Proves who the caller is with tenant + user name + password, counting failures towards the
 * lockout. Every way of failing before the password proved right throws the same generic error (the
 * audit row keeps the real reason); once it proved right, a locked, disabled or expired account is
 * told which (403), and a locked one stays locked. The audit row keeps the real reason.
 */
async function authenticate(
  app: FastifyInstance,
  tenantId: string,
  userName: string,
  password: string,
  meta: RequestMeta,
): Promise<AccountRow> {
  const now = app.clock();
  const { tenantExists, account } = await findAccount(app, tenantId, userName);
  const failure = async (reason: string, accountId: number | null) => {
    if (tenantExists) {
      await writeAudit(
        app.db,
        {
          tenantId,
          actorId: accountId,
          actorName: userName,
          action: 'login.failed',
          entity: 'user',
          entityId: accountId,
          reason,
        },
        meta,
      );
    }
    return loginFailed();
  };
  if (!account) {
    await dummyVerify(password);
    throw await failure(tenantExists ? 'unknown user' : 'unknown tenant', null);
  }
  const matches = await verify(account.passwordHash, password).catch(() => false);
  const locked = account.lockedUntil && account.lockedUntil > now;
  if (locked && !matches) {
    // no count while locked: the lock already holds; the answer stays the generic one
    throw await failure('locked, wrong password', account.id);
  }
  if (!matches) {
    const failedCount = account.failedLoginCount + 1;
    const locks = failedCount >= app.config.lockoutThreshold;
    await app.db.transaction(async (tx) => {
      await tx
        .update(users)
        .set(
          locks
            ? {
                failedLoginCount: 0,
                lockedUntil: new Date(now.getTime() + app.config.lockoutMinutes * 60_000),
              }
            : { failedLoginCount: failedCount },
        )
        .where(and(eq(users.tenantId, tenantId), eq(users.id, account.id)));
      await writeAudit(
        tx,
        {
          tenantId,
          actorId: account.id,
          actorName: account.userName,
          action: 'login.failed',
          entity: 'user',
          entityId: account.id,
          reason: 'wrong password',
        },
        meta,
      );
      if (locks) {
        await writeAudit(
          tx,
          {
            tenantId,
            actorId: account.id,
            actorName: account.userName,
            action: 'lockout',
            entity: 'user',
            entityId: account.id,
            reason: `${failedCount} failed attempts in a row`,
            after: { lockedForMinutes: app.config.lockoutMinutes },
          },
          meta,
        );
      }
    });
    throw loginFailed();
  }
  const bar = accountBar(account, now);
  if (bar) {
    await failure(bar, account.id);
    throw await accountBarError(app, tenantId, account, bar, now);
  }
  if (account.failedLoginCount > 0 || account.lockedUntil) {
    await app.db
      .update(users)
      .set({ failedLoginCount: 0, lockedUntil: null })
      .where(and(eq(users.tenantId, tenantId), eq(users.id, account.id)));
  }
  return account;
}

async function openSession(
  app: FastifyInstance,
  tenantId: string,
  account: Pick<AccountRow, 'id' | 'userName'>,
  action: 'login' | 'loginHis',
  meta: RequestMeta,
) {
  const token = newToken(tenantId);
  const now = app.clock();
  await app.db.transaction(async (tx) => {
    await tx.insert(sessions).values({
      tenantId,
      tokenHash: hashToken(token),
      userId: account.id,
      createdAt: now,
      lastSeenAt: now,
      ip: meta.ip,
      userAgent: meta.userAgent,
    });
    await writeAudit(
      tx,
      {
        tenantId,
        actorId: account.id,
        actorName: account.userName,
        action,
        entity: 'session',
        entityId: account.id,
      },
      meta,
    );
  });
  return {
    access_token: token,
    token_type: 'bearer' as const,
    expires_in: app.config.sessionIdleMinutes * 60,
  };
}

export async function login(app: FastifyInstance, body: LoginBody, meta: RequestMeta) {
  const password = decryptOrFail(app, body.password);
  const account = await authenticate(app, body.tenant, body.userName, password, meta);
  await requirePasswordCurrent(app, body.tenant, account, meta, 'login');
  return openSession(app, body.tenant, account, 'login', meta);
}

/**
 * Refuses a session while the password must be changed first (412 with `reason` and the rule the new
 * password must follow for this account, told only now that the caller proved who they are). A
 * password sign-in's 412 lets the login page change it at once; a HIS sign-on's tells the user to sign
 * in with their password to change it, since the change needs the current password.
 */
async function requirePasswordCurrent(
  app: FastifyInstance,
  tenantId: string,
  account: AccountRow,
  meta: RequestMeta,
  via: 'login' | 'loginHis',
) {
  const policy = await getSetting(app.db, tenantId, 'password.policy');
  const reason = changeRequiredReason(account, policy, app.clock());
  if (!reason) return;
  await writeAudit(
    app.db,
    {
      tenantId,
      actorId: account.id,
      actorName: account.userName,
      action: 'login.passwordChangeRequired',
      entity: 'user',
      entityId: account.id,
      reason,
    },
    meta,
  );
  const bounds = effectiveLengthRule(policy, account.isAdmin);
  const rule = {
    minLength: bounds.min,
    maxLength: bounds.max,
    strong: policy.strong,
    isAdmin: account.isAdmin,
  };
  const key =
    via === 'login'
      ? reason === 'initial'
        ? 'auth.passwordChangeRequired'
        : 'auth.passwordExpired'
      : reason === 'initial'
        ? 'auth.hisPasswordChangeRequired'
        : 'auth.hisPasswordExpired';
  throw new AppError(412, key, undefined, { reason, rule });
}

/**
 * HIS single sign-on: no password, but an HMAC assertion from the HIS over tenant, user, time and
 * a nonce, accepted once within ±5 minutes. While the tenant has not enabled it, the path answers
 * exactly like one that does not exist.
 */
export async function loginHis(app: FastifyInstance, body: LoginHisBody, meta: RequestMeta) {
  const [tenant] = await app.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, body.tenant));
  const sso = tenant ? await getSetting(app.db, body.tenant, 'his.sso') : null;
  if (!sso?.enabled || !sso.secret) throw new AppError(404, 'error.routeNotFound');
  const now = app.clock().getTime();
  const expected = createHmac('sha256', sso.secret).update(hisAssertionPayload(body)).digest();
  const given = Buffer.from(body.signature, 'hex');
  const signed = given.length === expected.length && timingSafeEqual(given, expected);
  const fresh = Math.abs(now - body.timestamp) <= HIS_CLOCK_SKEW_MS;
  const reject = async (reason: string) => {
    await writeAudit(
      app.db,
      {
        tenantId: body.tenant,
        actorName: body.userName,
        action: 'loginHis.failed',
        entity: 'session',
        reason,
      },
      meta,
    );
    return new AppError(401, 'auth.hisSignatureInvalid');
  };
  if (!signed) throw await reject('bad signature');
  if (!fresh) throw await reject('stale timestamp');
  const inserted = await app.db
    .insert(hisNonces)
    .values({ tenantId: body.tenant, nonce: body.nonce, expiresAt: new Date(now + 2 * HIS_CLOCK_SKEW_MS) })
    .onConflictDoNothing()
    .returning({ nonce: hisNonces.nonce });
  if (inserted.length === 0) throw await reject('nonce replayed');
  await app.db
    .delete(hisNonces)
    .where(and(eq(hisNonces.tenantId, body.tenant), lt(hisNonces.expiresAt, new Date(now))));
  const { account } = await findAccount(app, body.tenant, body.userName);
  if (!account) throw await reject('unknown user');
  // the HIS vouched for the person: they are told why their account cannot sign in, as after a
  // right password, and a forced or expired password stops the sign-on as it stops a login
  const bar = accountBar(account, app.clock());
  if (bar) {
    await reject(bar);
    throw await accountBarError(app, body.tenant, account, bar, app.clock());
  }
  await requirePasswordCurrent(app, body.tenant, account, meta, 'loginHis');
  return openSession(app, body.tenant, account, 'loginHis', meta);
}

export async function logout(app: FastifyInstance, session: SessionUser, meta: RequestMeta) {
  await app.db.transaction(async (tx) => {
    await tx
      .update(sessions)
      .set({ revokedAt: app.clock() })
      .where(and(eq(sessions.tenantId, session.tenantId), eq(sessions.tokenHash, session.tokenHash)));
    await writeAudit(
      tx,
      {
        tenantId: session.tenantId,
        actorId: session.userId,
        actorName: session.userName,
        action: 'logout',
        entity: 'session',
        entityId: session.userId,
      },
      meta,
    );
  });
}

/**
 * PUT /v1/changePassword: the old password proves the user (so it also serves the login page's
 * forced change). The new one must satisfy the tenant's policy; other sessions are ended.
 */
export async function changePassword(
  app: FastifyInstance,
  request: FastifyRequest,
  body: ChangePasswordBody,
  meta: RequestMeta,
) {
  const session = request.session;
  if (
    session &&
    (session.tenantId !== body.tenant || session.userName.toLowerCase() !== body.userName.toLowerCase())
  ) {
    throw new AppError(403, 'auth.userMismatch');
  }
  const oldPassword = decryptOrFail(app, body.password);
  const newPassword = decryptOrFail(app, body.newPassword);
  const account = await authenticate(app, body.tenant, body.userName, oldPassword, meta).catch((error) => {
    // A signed-in user has proven who they are; telling them the old password is wrong reveals nothing.
    if (session && error instanceof AppError && error.messageKey === 'auth.loginFailed') {
      const message = translate(request.lang, 'auth.oldPasswordWrong');
      throw new AppError(400, 'auth.oldPasswordWrong', undefined, {
        errors: [{ field: 'password', message }],
      });
    }
    throw error;
  });
  const rule = await getSetting(app.db, body.tenant, 'password.policy');
  const violations = checkNewPassword({ oldPassword, newPassword, rule, isAdmin: account.isAdmin });
  if (violations.length > 0) {
    const errors = violations.map((v) => ({
      field: 'newPassword',
      message: translate(request.lang, v.key, v.params),
    }));
    throw new AppError(400, violations[0].key, violations[0].params, { errors });
  }
  const passwordHash = await hashPassword(newPassword);
  const now = app.clock();
  await app.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        passwordHash,
        mustChangePassword: false,
        passwordChangedAt: now,
        failedLoginCount: 0,
        lockedUntil: null,
        updatedAt: now,
        version: sql`${users.version} + 1`,
      })
      .where(and(eq(users.tenantId, body.tenant), eq(users.id, account.id)));
    await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(
        and(
          eq(sessions.tenantId, body.tenant),
          eq(sessions.userId, account.id),
          sql`${sessions.revokedAt} is null`,
          session ? ne(sessions.tokenHash, session.tokenHash) : sql`true`,
        ),
      );
    await writeAudit(
      tx,
      {
        tenantId: body.tenant,
        actorId: session?.userId ?? account.id,
        actorName: session?.userName ?? account.userName,
        action: 'password.change',
        entity: 'user',
        entityId: account.id,
        reason: account.mustChangePassword ? 'initial password' : null,
      },
      meta,
    );
  });
}

/** The password rule the login page and dialogs show (lengths after the admin minimum is applied). */
export async function passwordRuleFor(app: FastifyInstance, tenantId: string | undefined) {
  // An unknown tenant has no settings row, so it gets the defaults: the answer reveals nothing.
  const rule = await getSetting(app.db, tenantId ?? '', 'password.policy');
  return { ...rule, adminMinLength: effectiveLengthRule(rule, true).min };
}
