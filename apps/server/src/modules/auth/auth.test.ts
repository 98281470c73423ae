import { createHmac, randomBytes } from 'node:crypto';
import { hisAssertionPayload } from '@glucocare/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createDb } from '../../db/client';
import { createTestContext, nextIp, type TestContext } from '../../test/harness';
import { hashPassword } from './service';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext({ loginRateLimit: 1000 });
});
afterAll(() => t.close());

const LOGIN = '/app-service/v1/login';
const GENERIC = {
  code: '401',
  message: 'Incorrect organisation code, username or password',
  dataContent: null,
};

async function createUser(
  userName: string,
  password: string,
  extra: Record<string, unknown> = {},
  role = 'nurse',
) {
  const hash = await hashPassword(password);
  const columns = { must_change_password: false, ...extra };
  const names = Object.keys(columns).join(', ');
  const values = sql.join(
    Object.values(columns).map((v) => sql`${v}`),
    sql`, `,
  );
  const { rows } = await t.handle.db.execute<{ id: string }>(sql`
    insert into users (tenant_id, user_name, nick_name, password_hash, department_code, ${sql.raw(names)})
    values ('101', ${userName}, ${userName}, ${hash}, 'ENDO', ${values}) returning id`);
  const userId = rows[0].id;
  await t.handle.db.execute(sql`insert into user_roles (tenant_id, user_id, role_id)
    select '101', ${userId}, id from roles where tenant_id = '101' and code = ${role}`);
  return Number(userId);
}

function loginAs(tenant: string, userName: string, password: string, ip?: string) {
  return t.request({
    method: 'POST',
    url: LOGIN,
    payload: { tenant, userName, password: t.encrypt(password) },
    ...(ip ? { remoteAddress: ip } : {}),
  });
}

async function auditActions(userName: string): Promise<string[]> {
  const { rows } = await t.handle.db.execute<{ action: string }>(
    sql`select action from audit_log where tenant_id = '101' and actor_name = ${userName} order by id`,
  );
  return rows.map((r) => r.action);
}

describe('login', () => {
  it('returns an access token for each demo account, and the profile matches', async () => {
    for (const [tenant, userName, password] of [
      ['101', 'admin', 'Admin@123456'],
      ['101', 'doctor01', 'Doctor@2026'],
      ['101', 'nurse01', 'Nurse@2026'],
      ['101', 'reviewer01', 'Review@2026'],
      ['202', 'admin', 'Admin@202202'],
    ]) {
      const res = await loginAs(tenant, userName, password);
      expect(res.statusCode, userName).toBe(200);
      const body = res.json();
      expect(body.code).toBe('1');
      expect(body.dataContent.access_token).toMatch(new RegExp(`^${tenant}\\.[A-Za-z0-9_-]{43}$`));
      const profile = await t.request({
        method: 'GET',
        url: '/app-service/v1/users/profile',
        token: body.dataContent.access_token,
      });
      expect(profile.json().dataContent).toMatchObject({ userName, tenant });
    }
  });

  it('gives the profile fields the web needs, in the requested language', async () => {
    const token = await t.login('101', 'nurse01', 'Nurse@2026');
    const en = (await t.request({ method: 'GET', url: '/app-service/v1/users/profile', token })).json()
      .dataContent;
    expect(en).toMatchObject({
      userName: 'nurse01',
      nickName: 'Nurse Wang Fang',
      tenant: '101',
      tenantName: 'GlucoCare Demo General Hospital',
      organizationName: 'GlucoCare Demo General Hospital',
      departmentCode: 'ENDO',
      departmentName: 'Endocrinology',
      roles: [{ name: 'nurse', label: 'Nurse' }],
      isOut: false,
    });
    expect(typeof en.userId).toBe('number');
    const zh = (
      await t.request({ method: 'GET', url: '/app-service/v1/users/profile', token, lang: 'zh-CN' })
    ).json().dataContent;
    expect(zh).toMatchObject({
      tenantName: '糖护示范综合医院',
      departmentName: '内分泌科',
      roles: [{ name: 'nurse', label: '护士' }],
    });
  });

  it('answers every failure before the password proved right with the same status and body', async () => {
    await createUser('disabled1', 'Nurse@2026', { is_active: false });
    await createUser('expired1', 'Nurse@2026', { expires_on: '2020-01-01' });
    const attempts = [
      ['999', 'admin', 'Admin@123456'], // unknown tenant
      ['101', 'nobody', 'Admin@123456'], // unknown user
      ['101', 'admin', 'Wrong@123456'], // wrong password
      ['202', 'doctor01', 'Doctor@2026'], // user of another tenant
      ['101', 'disabled1', 'Wrong@2026'], // disabled account, wrong password
      ['101', 'expired1', 'Wrong@2026'], // account past its expiry date, wrong password
    ];
    for (const [tenant, userName, password] of attempts) {
      const res = await loginAs(tenant, userName, password);
      expect(res.statusCode, `${tenant}/${userName}`).toBe(401);
      expect(res.json(), `${tenant}/${userName}`).toEqual(GENERIC);
    }
    expect(await auditActions('expired1')).toEqual(['login.failed']);
    await t.handle.db.execute(
      sql`update users set failed_login_count = 0 where tenant_id = '101' and user_name = 'admin'`,
    );
  });

  it('tells the owner, once the password proved right, that the account is disabled or expired', async () => {
    await createUser('disabled2', 'Nurse@2026', { is_active: false });
    await createUser('expired2', 'Nurse@2026', { expires_on: '2020-01-01' });
    const disabled = await loginAs('101', 'disabled2', 'Nurse@2026');
    expect(disabled.statusCode).toBe(403);
    expect(disabled.json()).toEqual({
      code: '403',
      message: 'This account is disabled; ask an administrator',
      dataContent: { reason: 'disabled' },
    });
    const expired = await loginAs('101', 'expired2', 'Nurse@2026');
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toEqual({
      code: '403',
      message: 'This account expired on 2020-01-01; ask an administrator',
      dataContent: { reason: 'expired', expiresOn: '2020-01-01' },
    });
    const zh = await t.request({
      method: 'POST',
      url: LOGIN,
      lang: 'zh-CN',
      payload: { tenant: '101', userName: 'disabled2', password: t.encrypt('Nurse@2026') },
    });
    expect(zh.json().message).toBe('该账号已停用，请联系管理员');
    expect(
      (
        await t.request({
          method: 'POST',
          url: LOGIN,
          lang: 'zh-CN',
          payload: { tenant: '101', userName: 'expired2', password: t.encrypt('Nurse@2026') },
        })
      ).json().message,
    ).toBe('该账号已于 2020-01-01 到期，请联系管理员');
    expect(await auditActions('disabled2')).toEqual(['login.failed', 'login.failed']);
    const { rows } = await t.handle.db.execute<{ reason: string }>(
      sql`select reason from audit_log where tenant_id = '101' and actor_name = 'expired2' order by id`,
    );
    expect(rows.map((r) => r.reason)).toEqual(['account expired', 'account expired']);
  });

  it('refuses a password that was not encrypted with the published key', async () => {
    const res = await t.request({
      method: 'POST',
      url: LOGIN,
      payload: { tenant: '101', userName: 'admin', password: 'QWRtaW5AMTIzNDU2' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Incorrect password format');
  });

  it('treats a ciphertext of the right size that does not decrypt to a password as a wrong password', async () => {
    const { generateKeyPairSync, randomBytes: bytes } = await import('node:crypto');
    const { encryptForTransport } = await import('./password-crypto');
    const otherKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({
      type: 'spki',
      format: 'pem',
    });
    const candidates = [
      encryptForTransport(otherKey.toString(), 'Admin@123456'),
      bytes(256).toString('base64'),
    ];
    for (const password of candidates) {
      const res = await t.request({
        method: 'POST',
        url: LOGIN,
        payload: { tenant: '101', userName: 'reviewer01', password },
      });
      if (res.statusCode === 400)
        expect(res.json().message).toBe('Incorrect password format'); // above the modulus
      else expect(res.json()).toEqual(GENERIC);
    }
    await t.handle.db.execute(sql`update users set failed_login_count = 0 where user_name = 'reviewer01'`);
  });

  it('carries non-ASCII passwords intact', async () => {
    await createUser('unicode1', 'Zhang@密码12');
    expect((await loginAs('101', 'unicode1', 'Zhang@密码12')).statusCode).toBe(200);
  });

  it('locks an account after 5 failures in a row for 15 minutes, refusing even the right password', async () => {
    const userId = await createUser('locky', 'Nurse@2026');
    for (let i = 0; i < 5; i++) expect((await loginAs('101', 'locky', 'Wrong@2026')).statusCode).toBe(401);
    // while locked, a wrong password still gets the generic answer...
    const wrongWhileLocked = await loginAs('101', 'locky', 'Wrong@2026');
    expect(wrongWhileLocked.statusCode).toBe(401);
    expect(wrongWhileLocked.json()).toEqual(GENERIC);
    // ...and the right one is told the lock and until when (hospital clock), without a session
    const whileLocked = await loginAs('101', 'locky', 'Nurse@2026');
    expect(whileLocked.statusCode).toBe(403);
    const { rows: lock } = await t.handle.db.execute<{ locked_until: Date; until: string }>(
      sql`select locked_until, to_char(locked_until at time zone 'Asia/Shanghai', 'HH24:MI') as until
        from users where tenant_id = '101' and id = ${userId}`,
    );
    expect(whileLocked.json()).toEqual({
      code: '403',
      message: `This account is locked until ${lock[0].until} after too many failed sign-ins; try again later or ask an administrator to unlock it`,
      dataContent: { reason: 'locked', lockedUntil: new Date(lock[0].locked_until).toISOString() },
    });
    const zhLocked = await t.request({
      method: 'POST',
      url: LOGIN,
      lang: 'zh-CN',
      payload: { tenant: '101', userName: 'locky', password: t.encrypt('Nurse@2026') },
    });
    expect(zhLocked.json().message).toBe(
      `因连续登录失败次数过多，该账号已锁定至 ${lock[0].until}；请稍后再试，或请管理员解锁`,
    );
    expect(await auditActions('locky')).toEqual([
      ...Array(5).fill('login.failed'),
      'lockout',
      'login.failed',
      'login.failed',
      'login.failed',
    ]);
    // the right password neither opened a session nor ended the lock
    const { rows: still } = await t.handle.db.execute<{ locked_until: Date | null }>(
      sql`select locked_until from users where tenant_id = '101' and id = ${userId}`,
    );
    expect(new Date(still[0].locked_until!).getTime()).toBe(new Date(lock[0].locked_until).getTime());
    const { rows: sessions } = await t.handle.db.execute<{ n: number }>(
      sql`select count(*)::int as n from sessions where tenant_id = '101' and user_id = ${userId}`,
    );
    expect(sessions[0].n).toBe(0);
    t.clock.advance(14 * 60_000);
    expect((await loginAs('101', 'locky', 'Nurse@2026')).statusCode).toBe(403);
    t.clock.advance(61_000);
    const after = await loginAs('101', 'locky', 'Nurse@2026');
    expect(after.statusCode).toBe(200);
    const { rows } = await t.handle.db.execute<{ failed_login_count: number; locked_until: Date | null }>(
      sql`select failed_login_count, locked_until from users where tenant_id = '101' and id = ${userId}`,
    );
    expect(rows[0]).toEqual({ failed_login_count: 0, locked_until: null });
    t.clock.now = new Date();
  });

  it('counts only failures in a row: a success resets the count', async () => {
    await createUser('streaky', 'Nurse@2026');
    for (let i = 0; i < 4; i++) await loginAs('101', 'streaky', 'Wrong@2026');
    expect((await loginAs('101', 'streaky', 'Nurse@2026')).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) await loginAs('101', 'streaky', 'Wrong@2026');
    expect((await loginAs('101', 'streaky', 'Nurse@2026')).statusCode).toBe(200);
  });

  it('rate-limits login attempts per client address', async () => {
    const limited = await createTestContext({ loginRateLimit: 3 });
    try {
      const ip = nextIp();
      const send = (remoteAddress: string) =>
        limited.request({
          method: 'POST',
          url: LOGIN,
          remoteAddress,
          payload: { tenant: '101', userName: 'admin', password: limited.encrypt('Wrong@123456') },
        });
      for (let i = 0; i < 3; i++) expect((await send(ip)).statusCode).toBe(401);
      const blocked = await send(ip);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toMatchObject({
        code: '429',
        message: 'Too many requests, please wait a moment and try again',
      });
      expect((await send(nextIp())).statusCode).toBe(401);
    } finally {
      await limited.close();
    }
  });

  it('counts login, HIS login and password changes against one budget per client address', async () => {
    const limited = await createTestContext({ loginRateLimit: 6 });
    try {
      const attempts = {
        login: (remoteAddress: string) =>
          limited.request({
            method: 'POST',
            url: LOGIN,
            remoteAddress,
            payload: { tenant: '101', userName: 'admin', password: limited.encrypt('Wrong@123456') },
          }),
        loginHis: (remoteAddress: string) =>
          limited.request({
            method: 'POST',
            url: '/app-service/v1/loginHis',
            remoteAddress,
            payload: {
              tenant: '101',
              userName: 'admin',
              timestamp: Date.now(),
              nonce: 'n'.repeat(32),
              signature: 'f'.repeat(64),
            },
          }),
        changePassword: (remoteAddress: string) =>
          limited.request({
            method: 'PUT',
            url: '/app-service/v1/changePassword',
            remoteAddress,
            payload: {
              tenant: '101',
              userName: 'admin',
              password: limited.encrypt('Wrong@123456'),
              newPassword: limited.encrypt('Fresh#2026x'),
            },
          }),
      };
      const ip = nextIp();
      const routes = [attempts.login, attempts.loginHis, attempts.changePassword];
      // two of each: six attempts, the whole budget, none refused
      for (const attempt of [...routes, ...routes]) expect((await attempt(ip)).statusCode).not.toBe(429);
      for (const attempt of routes) {
        const refused = await attempt(ip);
        expect(refused.statusCode).toBe(429);
        expect(refused.json().code).toBe('429');
      }
      const other = nextIp();
      expect((await attempts.changePassword(other)).statusCode).toBe(401);
      expect((await attempts.login(other)).statusCode).toBe(401);
    } finally {
      await limited.close();
    }
  });

  it('shares the budget between server processes on one database, with Retry-After when it is spent', async () => {
    const limited = await createTestContext({ loginRateLimit: 4 });
    // a second server on the same database, as a second process behind the load balancer would be
    const secondHandle = createDb(limited.databaseUrl, { warn: () => {} });
    const second = await buildApp(limited.app.config, { db: secondHandle.db, logger: false });
    try {
      const ip = nextIp();
      const attempt = (app: FastifyInstance) =>
        app.inject({
          method: 'POST',
          url: LOGIN,
          remoteAddress: ip,
          payload: { tenant: '101', userName: 'admin', password: limited.encrypt('Wrong@123456') },
        });
      for (const app of [limited.app, second, limited.app, second])
        expect((await attempt(app)).statusCode).toBe(401);
      for (const app of [second, limited.app]) {
        const refused = await attempt(app);
        expect(refused.statusCode).toBe(429);
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
        expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
      }
      // a minute later the address has a new budget
      const later = new Date(Date.now() + 61_000);
      limited.clock.now = later;
      expect((await attempt(limited.app)).statusCode).toBe(401);
    } finally {
      await second.close();
      await secondHandle.close();
      await limited.close();
    }
  });

  it('keys the budget on the address the listed proxy saw, whatever X-Forwarded-For the client forged', async () => {
    const limited = await createTestContext({ loginRateLimit: 2, trustProxy: '127.0.0.1' });
    try {
      const attempt = (remoteAddress: string, forwardedFor: string) =>
        limited.request({
          method: 'POST',
          url: LOGIN,
          remoteAddress,
          headers: { 'x-forwarded-for': forwardedFor },
          payload: { tenant: '101', userName: 'admin', password: limited.encrypt('Wrong@123456') },
        });
      const client = nextIp();
      // the proxy appends the address it saw to whatever the client sent
      expect((await attempt('127.0.0.1', `1.1.1.1, ${client}`)).statusCode).toBe(401);
      expect((await attempt('127.0.0.1', `2.2.2.2, ${client}`)).statusCode).toBe(401);
      expect((await attempt('127.0.0.1', `3.3.3.3, ${client}`)).statusCode).toBe(429);
      expect((await attempt('127.0.0.1', nextIp())).statusCode).toBe(401);
      // a client talking to the server directly cannot claim another address at all
      const direct = nextIp();
      expect((await attempt(direct, '4.4.4.4')).statusCode).toBe(401);
      expect((await attempt(direct, '5.5.5.5')).statusCode).toBe(401);
      expect((await attempt(direct, '6.6.6.6')).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('forces a change of the initial password: 412 without a token, then login works after the change', async () => {
    await createUser('newbie', 'Init@2026', { must_change_password: true });
    const first = await loginAs('101', 'newbie', 'Init@2026');
    expect(first.statusCode).toBe(412);
    expect(first.json()).toEqual({
      code: '412',
      message: 'You must change your password before logging in',
      // the rule the new password must follow for this account, told after the right password
      dataContent: { reason: 'initial', rule: { minLength: 8, maxLength: 32, strong: true, isAdmin: false } },
    });
    // a wrong password still gets the generic answer, never the 412 hint
    expect((await loginAs('101', 'newbie', 'Wrong@2026')).json()).toEqual(GENERIC);
    const change = await t.request({
      method: 'PUT',
      url: '/app-service/v1/changePassword',
      payload: {
        tenant: '101',
        userName: 'newbie',
        password: t.encrypt('Init@2026'),
        newPassword: t.encrypt('Fresh#2026'),
      },
    });
    expect(change.statusCode).toBe(200);
    expect(change.json()).toEqual({ code: '1', message: 'Password updated', dataContent: null });
    expect((await loginAs('101', 'newbie', 'Init@2026')).statusCode).toBe(401);
    expect((await loginAs('101', 'newbie', 'Fresh#2026')).statusCode).toBe(200);
    expect(await auditActions('newbie')).toEqual([
      'login.passwordChangeRequired',
      'login.failed',
      'password.change',
      'login.failed',
      'login',
    ]);
  });

  it('forces a change when the password is older than the policy allows', async () => {
    const userId = await createUser('oldpass', 'Old@2026x');
    await t.handle.db.execute(sql`update settings set value = '{"minLength":6,"maxLength":12,"strong":true,"expiryMonths":3}'
      where tenant_id = '101' and key = 'password.policy'`);
    try {
      await t.handle.db.execute(
        sql`update users set password_changed_at = now() - interval '4 months' where id = ${userId}`,
      );
      const res = await loginAs('101', 'oldpass', 'Old@2026x');
      expect(res.statusCode).toBe(412);
      expect(res.json().dataContent).toMatchObject({ reason: 'expired' });
      expect(res.json().message).toBe('Your password has expired; please change it before logging in');
    } finally {
      await t.handle.db.execute(sql`update settings set value = '{"minLength":8,"maxLength":32,"strong":true,"expiryMonths":0}'
        where tenant_id = '101' and key = 'password.policy'`);
    }
  });
});

describe('sessions', () => {
  it('revokes the token at logout: the next call gets 402', async () => {
    const token = await t.login('101', 'doctor01', 'Doctor@2026');
    expect((await t.request({ method: 'GET', url: '/app-service/v1/users/profile', token })).statusCode).toBe(
      200,
    );
    const out = await t.request({ method: 'POST', url: '/app-service/v1/logout', token });
    expect(out.json()).toEqual({ code: '1', message: 'Logged out', dataContent: null });
    const after = await t.request({ method: 'GET', url: '/app-service/v1/users/profile', token });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('402');
  });

  it('stores tokens only as hashes', async () => {
    const token = await t.login('101', 'doctor01', 'Doctor@2026');
    const { rows } = await t.handle.db.execute(
      sql`select count(*)::int as n from sessions where token_hash = ${token}`,
    );
    expect(rows[0]).toEqual({ n: 0 });
  });

  it('expires a session left idle longer than the idle limit, but not an active one', async () => {
    const token = await t.login('101', 'doctor01', 'Doctor@2026');
    t.clock.advance(20 * 60_000);
    expect((await t.request({ method: 'GET', url: '/app-service/v1/users/profile', token })).statusCode).toBe(
      200,
    );
    t.clock.advance(20 * 60_000);
    expect((await t.request({ method: 'GET', url: '/app-service/v1/users/profile', token })).statusCode).toBe(
      200,
    );
    t.clock.advance(31 * 60_000);
    const idle = await t.request({ method: 'GET', url: '/app-service/v1/users/profile', token });
    expect(idle.statusCode).toBe(401);
    expect(idle.json().code).toBe('402');
    t.clock.now = new Date();
  });

  it('ends the effect of disabling a user at the next request', async () => {
    const userId = await createUser('soondisabled', 'Nurse@2026');
    const token = await t.login('101', 'soondisabled', 'Nurse@2026');
    expect((await t.request({ method: 'GET', url: '/app-service/v1/users/profile', token })).statusCode).toBe(
      200,
    );
    await t.handle.db.execute(sql`update users set is_active = false where id = ${userId}`);
    expect(
      (await t.request({ method: 'GET', url: '/app-service/v1/users/profile', token })).json().code,
    ).toBe('402');
  });
});

describe('change password', () => {
  const change = (body: Record<string, string>, token?: string, lang?: string) =>
    t.request({ method: 'PUT', url: '/app-service/v1/changePassword', payload: body, token, lang });

  it('enforces every rule of the policy, with messages in both languages', async () => {
    await createUser('policy1', 'Start@2026');
    const base = { tenant: '101', userName: 'policy1', password: t.encrypt('Start@2026') };
    const cases: [string, string, string][] = [
      ['Start@2026', 'Old password must not equal new password', '新密码不能与旧密码相同'],
      ['Ab@1', 'Incorrect password length: 8-32 characters', '密码长度不正确：8-32 个字符'],
      [
        `Abcdef@${'1'.repeat(26)}`,
        'Incorrect password length: 8-32 characters',
        '密码长度不正确：8-32 个字符',
      ],
      [
        'abcdef@12',
        'Incorrect password format: use upper-case letters, digits and special characters',
        '密码格式不正确：须包含大写字母、数字和特殊字符',
      ],
      [
        'Abcdefg12',
        'Incorrect password format: use upper-case letters, digits and special characters',
        '密码格式不正确：须包含大写字母、数字和特殊字符',
      ],
    ];
    for (const [next, en, zh] of cases) {
      const res = await change({ ...base, newPassword: t.encrypt(next) });
      expect(res.statusCode, next).toBe(400);
      expect(res.json().message, next).toBe(en);
      expect(res.json().dataContent.errors[0]).toEqual({ field: 'newPassword', message: en });
      const zhRes = await change({ ...base, newPassword: t.encrypt(next) }, undefined, 'zh-CN');
      expect(zhRes.json().message, next).toBe(zh);
    }
    const missing = await change({ tenant: '101', userName: 'policy1', password: '' });
    expect(missing.statusCode).toBe(400);
    const fields = missing
      .json()
      .dataContent.errors.map((e: { field: string }) => e.field)
      .sort();
    expect(fields).toEqual(['newPassword', 'password']);
  });

  it('applies the length from the password policy at once', async () => {
    await createUser('policy2', 'Start@2026');
    await t.handle.db.execute(sql`update settings set value = '{"minLength":10,"maxLength":16,"strong":true,"expiryMonths":0}'
      where tenant_id = '101' and key = 'password.policy'`);
    try {
      const rule = await t.request({ method: 'GET', url: '/app-service/v1/passwordRule?tenant=101' });
      expect(rule.json().dataContent).toEqual({
        minLength: 10,
        maxLength: 16,
        strong: true,
        expiryMonths: 0,
        adminMinLength: 12,
      });
      const short = await change({
        tenant: '101',
        userName: 'policy2',
        password: t.encrypt('Start@2026'),
        newPassword: t.encrypt('Short@12'),
      });
      expect(short.json().message).toBe('Incorrect password length: 10-16 characters');
      const okRes = await change({
        tenant: '101',
        userName: 'policy2',
        password: t.encrypt('Start@2026'),
        newPassword: t.encrypt('LongEnough@2026'),
      });
      expect(okRes.statusCode).toBe(200);
    } finally {
      await t.handle.db.execute(sql`update settings set value = '{"minLength":8,"maxLength":32,"strong":true,"expiryMonths":0}'
        where tenant_id = '101' and key = 'password.policy'`);
    }
  });

  it('answers the rule lookup with defaults for an unknown tenant (nothing revealed)', async () => {
    const res = await t.request({ method: 'GET', url: '/app-service/v1/passwordRule?tenant=99999' });
    expect(res.json().dataContent).toEqual({
      minLength: 8,
      maxLength: 32,
      strong: true,
      expiryMonths: 0,
      adminMinLength: 12,
    });
  });

  it('requires administrators to use at least 12 characters', async () => {
    await createUser('admin2', 'Admin@123456', {}, 'tenant_admin');
    const res = await change({
      tenant: '101',
      userName: 'admin2',
      password: t.encrypt('Admin@123456'),
      newPassword: t.encrypt('Admin@2027'),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Administrator passwords must be at least 12 characters');
  });

  it('refuses a wrong old password with the generic message and counts it towards lockout', async () => {
    await createUser('policy3', 'Start@2026');
    const res = await change({
      tenant: '101',
      userName: 'policy3',
      password: t.encrypt('Wrong@2026'),
      newPassword: t.encrypt('Next@2026'),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(GENERIC);
    expect(await auditActions('policy3')).toEqual(['login.failed']);
  });

  it("lets a signed-in user change only their own password, and ends the user's other sessions", async () => {
    await createUser('policy4', 'Start@2026');
    const token = await t.login('101', 'policy4', 'Start@2026');
    const other = await t.login('101', 'policy4', 'Start@2026');
    const someoneElse = await change(
      {
        tenant: '101',
        userName: 'nurse01',
        password: t.encrypt('Nurse@2026'),
        newPassword: t.encrypt('Next@2026'),
      },
      token,
    );
    expect(someoneElse.statusCode).toBe(403);
    const mine = await change(
      {
        tenant: '101',
        userName: 'policy4',
        password: t.encrypt('Start@2026'),
        newPassword: t.encrypt('Next@2026'),
      },
      token,
    );
    const wrongOld = await change(
      {
        tenant: '101',
        userName: 'policy4',
        password: t.encrypt('Wrong@2026'),
        newPassword: t.encrypt('Next@2026'),
      },
      token,
    );
    expect(wrongOld.statusCode).toBe(400);
    expect(wrongOld.json().message).toBe('The old password is incorrect');
    expect(mine.statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/app-service/v1/users/profile', token })).statusCode).toBe(
      200,
    );
    expect(
      (await t.request({ method: 'GET', url: '/app-service/v1/users/profile', token: other })).json().code,
    ).toBe('402');
  });
});

describe('loginHis (HIS single sign-on)', () => {
  const secret = randomBytes(32).toString('hex');
  function signed(
    overrides: Partial<{ userName: string; tenant: string; timestamp: number; nonce: string }> = {},
    key = secret,
  ) {
    const body = {
      userName: 'doctor01',
      tenant: '101',
      timestamp: t.clock.now.getTime(),
      nonce: randomBytes(16).toString('hex'),
      ...overrides,
    };
    return { ...body, signature: createHmac('sha256', key).update(hisAssertionPayload(body)).digest('hex') };
  }
  const send = (payload: object) => t.request({ method: 'POST', url: '/app-service/v1/loginHis', payload });

  it('answers like an unknown path while the tenant has not enabled it', async () => {
    const res = await send(signed());
    expect(res.statusCode).toBe(404);
    const unknown = await t.request({ method: 'POST', url: '/app-service/v1/noSuchPath', payload: {} });
    expect(res.json()).toEqual(unknown.json());
  });

  it('accepts a fresh signed assertion once, and refuses stale, forged and replayed ones', async () => {
    await t.handle.db.execute(sql`update settings set value = ${JSON.stringify({ enabled: true, secret })}::jsonb
      where tenant_id = '101' and key = 'his.sso'`);
    const assertion = signed();
    const first = await send(assertion);
    expect(first.statusCode).toBe(200);
    const token = first.json().dataContent.access_token;
    const profile = await t.request({ method: 'GET', url: '/app-service/v1/users/profile', token });
    expect(profile.json().dataContent.userName).toBe('doctor01');

    const replay = await send(assertion);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe('The HIS sign-on request is invalid or has expired');
    expect((await send(signed({ timestamp: t.clock.now.getTime() - 6 * 60_000 }))).statusCode).toBe(401);
    expect((await send(signed({}, 'f'.repeat(64)))).statusCode).toBe(401);
    const tampered = { ...signed(), userName: 'admin' };
    expect((await send(tampered)).statusCode).toBe(401);
    // tenant 202 has not enabled it, whatever 101 does
    expect((await send(signed({ tenant: '202', userName: 'admin' }))).statusCode).toBe(404);
  });

  it('honours a forced or expired password like a login: 412, audited, no session', async () => {
    await createUser('ssonew', 'Init@2026', { must_change_password: true });
    const first = await send(signed({ userName: 'ssonew' }));
    expect(first.statusCode).toBe(412);
    expect(first.json()).toEqual({
      code: '412',
      message:
        'You must change your password before single sign-on can be used: sign in with your user name and password to change it',
      dataContent: { reason: 'initial', rule: { minLength: 8, maxLength: 32, strong: true, isAdmin: false } },
    });
    const zh = await t.request({
      method: 'POST',
      url: '/app-service/v1/loginHis',
      payload: signed({ userName: 'ssonew' }),
      lang: 'zh-CN',
    });
    expect(zh.json().message).toBe('须先修改密码才能使用单点登录：请用用户名和密码登录并修改密码');
    expect(await auditActions('ssonew')).toEqual([
      'login.passwordChangeRequired',
      'login.passwordChangeRequired',
    ]);

    // after the change at the login page, single sign-on works
    const change = await t.request({
      method: 'PUT',
      url: '/app-service/v1/changePassword',
      payload: {
        tenant: '101',
        userName: 'ssonew',
        password: t.encrypt('Init@2026'),
        newPassword: t.encrypt('Fresh#2026'),
      },
    });
    expect(change.statusCode).toBe(200);
    expect((await send(signed({ userName: 'ssonew' }))).statusCode).toBe(200);

    const oldId = await createUser('ssoold', 'Old@2026x');
    await t.handle.db.execute(
      sql`update users set password_changed_at = now() - interval '4 months' where id = ${oldId}`,
    );
    await t.handle.db.execute(sql`update settings set value = '{"minLength":8,"maxLength":32,"strong":true,"expiryMonths":3}'
      where tenant_id = '101' and key = 'password.policy'`);
    try {
      const expired = await send(signed({ userName: 'ssoold' }));
      expect(expired.statusCode).toBe(412);
      expect(expired.json().dataContent).toMatchObject({ reason: 'expired' });
      expect(expired.json().message).toBe(
        'Your password has expired: sign in with your user name and password to change it, then single sign-on works again',
      );
    } finally {
      await t.handle.db.execute(sql`update settings set value = '{"minLength":8,"maxLength":32,"strong":true,"expiryMonths":0}'
        where tenant_id = '101' and key = 'password.policy'`);
    }
    const { rows } = await t.handle.db.execute<{ n: number }>(
      sql`select count(*)::int as n from sessions where tenant_id = '101' and user_id = ${oldId}`,
    );
    expect(rows[0].n).toBe(0);
  });

  it('tells a locked or disabled account why, since the HIS vouched for the person', async () => {
    await createUser('ssolocked', 'Nurse@2026', {
      locked_until: new Date(t.clock.now.getTime() + 10 * 60_000),
    });
    await createUser('ssooff', 'Nurse@2026', { is_active: false });
    const locked = await send(signed({ userName: 'ssolocked' }));
    expect(locked.statusCode).toBe(403);
    expect(locked.json().message).toMatch(/^This account is locked until \d\d:\d\d after too many failed/);
    const off = await send(signed({ userName: 'ssooff' }));
    expect(off.statusCode).toBe(403);
    expect(off.json().message).toBe('This account is disabled; ask an administrator');
    expect(await auditActions('ssooff')).toEqual(['loginHis.failed']);
  });
});
