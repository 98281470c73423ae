import { createHmac, randomBytes } from 'node:crypto';
import { hisAssertionPayload } from '@glucocare/domain';
import pg from 'pg';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { hashPassword } from '../apps/server/src/modules/auth/service';
import { launchBrowser, loginViaForm, newContext, shot } from './support';

let browser: Browser;
let db: pg.Client;

beforeAll(async () => {
  browser = await launchBrowser();
  db = new pg.Client({ connectionString: inject('e2eDatabaseUrl') });
  await db.connect();
});
afterAll(async () => {
  await browser?.close();
  await db?.end();
});

/** An account as an administrator would create it: must change its password at first login. */
async function createAccount(userName: string, password: string, role: string | null) {
  const { rows } = await db.query<{ id: string }>(
    `insert into users (tenant_id, user_name, nick_name, password_hash, department_code)
     values ('101', $1, $1, $2, 'CARD') returning id`,
    [userName, await hashPassword(password)],
  );
  if (role) {
    await db.query(
      `insert into user_roles (tenant_id, user_id, role_id) select '101', $1, id from roles where tenant_id = '101' and code = $2`,
      [rows[0].id, role],
    );
  }
}

describe('accounts in special states', () => {
  it('makes a new account change its initial password at login, then signs it in', async () => {
    await createAccount('firsttimer', 'Init@2026', 'nurse');
    const page = await (await newContext(browser)).newPage();
    await page.goto('/login');
    await page.locator('#tenant').fill('101');
    await page.locator('#userName').fill('firsttimer');
    await page.locator('#password').fill('Init@2026');
    await page.getByTestId('login-submit').click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await page.locator('#cp_userName').inputValue()).toBe('firsttimer');
    await shot(page, 'forced-change-en');
    await page.locator('#newPassword').fill('weak');
    await page.locator('#confirmPassword').fill('weak');
    await page.getByTestId('change-password-submit').click();
    await expect.poll(() => dialog.innerText()).toMatch(/Incorrect password (length|format)/);
    await page.locator('#newPassword').fill('Better@2026');
    await page.locator('#confirmPassword').fill('Better@2026');
    await page.getByTestId('change-password-submit').click();
    await page.waitForURL('**/index');
    await expect.poll(() => page.locator('body').innerText()).toContain('firsttimer');
    await page.context().close();
  });

  it('tells an account with no menus to ask for permissions', async () => {
    await createAccount('nomenus', 'Init@2026', null);
    await db.query(
      `update users set must_change_password = false where tenant_id = '101' and user_name = 'nomenus'`,
    );
    const page = await (await newContext(browser)).newPage();
    await loginViaForm(page, 'nomenus', 'Init@2026');
    await expect.poll(() => page.getByTestId('no-menu').isVisible()).toBe(true);
    expect(await page.getByTestId('no-menu').innerText()).toContain(
      'This account does not have menu permissions, please assign menu permissions first',
    );
    await page.context().close();
  });

  it('shows locked accounts to an administrator, who unlocks one after confirming; the owner hears of the lock only after the right password', async () => {
    await createAccount('lockedone', 'Locked@2026', 'nurse');
    await db.query(
      `update users set must_change_password = false, failed_login_count = 0,
         locked_until = now() + interval '15 minutes' where tenant_id = '101' and user_name = 'lockedone'`,
    );
    const owner = await (await newContext(browser)).newPage();
    const signIn = async (password: string) => {
      if (!owner.url().includes('/login')) await owner.goto('/login');
      await owner.locator('#tenant').fill('101');
      await owner.locator('#userName').fill('lockedone');
      await owner.locator('#password').fill(password);
      await owner.getByTestId('login-submit').click();
    };
    // a wrong password: the one generic message, nothing about the lock
    await signIn('Wrong@2026');
    await expect
      .poll(() => owner.locator('body').innerText())
      .toContain('Incorrect organisation code, username or password');
    expect(await owner.getByTestId('login-account-barred').count()).toBe(0);
    // the right password: told the account is locked and until when, and still not signed in
    await signIn('Locked@2026');
    const barred = owner.getByTestId('login-account-barred');
    await expect.poll(() => barred.isVisible()).toBe(true);
    expect(await barred.innerText()).toMatch(
      /This account is locked until \d\d:\d\d after too many failed sign-ins; try again later or ask an administrator to unlock it/,
    );
    expect(owner.url()).toContain('/login');
    await shot(owner, 'login-locked-en');

    const admin = await (await newContext(browser)).newPage();
    await loginViaForm(admin, 'admin', 'Admin@123456');
    await admin.goto('/system/user');
    await admin.getByTestId('user-page').waitFor();
    await admin.getByTestId('filter-locked').click();
    await admin
      .locator('.ant-select-item-option')
      .filter({ hasText: /^Locked$/ })
      .click();
    await admin.locator('.ant-pro-query-filter .ant-btn-primary').first().click();
    const row = admin.locator('tr', { hasText: 'lockedone' });
    await expect.poll(() => row.count()).toBe(1);
    // the filter keeps only locked accounts
    expect(await admin.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(1);
    expect(await row.getByTestId('tag-locked').innerText()).toBe('Locked');
    await shot(admin, 'staff-locked-en');
    await row.getByTestId('row-unlock').click();
    const confirm = admin.locator('.ant-modal-confirm');
    await expect.poll(() => confirm.innerText()).toContain('Unlock account');
    expect(await confirm.innerText()).toContain('lockedone');
    await shot(admin, 'unlock-confirm-en');
    await admin.getByTestId('confirm-ok').click();
    await expect.poll(() => admin.locator('tr', { hasText: 'lockedone' }).count()).toBe(0);
    const { rows } = await db.query<{ locked_until: Date | null }>(
      `select locked_until from users where tenant_id = '101' and user_name = 'lockedone'`,
    );
    expect(rows[0].locked_until).toBeNull();
    const audit = await db.query<{ actor_name: string }>(
      `select actor_name from audit_log where tenant_id = '101' and action = 'unlock'
         and entity_id = (select id::text from users where tenant_id = '101' and user_name = 'lockedone')`,
    );
    expect(audit.rows.map((r) => r.actor_name)).toEqual(['admin']);

    // unlocked: the same password signs in
    await signIn('Locked@2026');
    await owner.waitForURL((url) => !url.pathname.startsWith('/login'));
    await owner.context().close();
    await admin.context().close();
  });

  it('resets a password to a one-time password shown once, which must be changed at sign-in under the rule that applies', async () => {
    await createAccount('resetme', 'Start@2026', 'nurse');
    await db.query(
      `update users set must_change_password = false where tenant_id = '101' and user_name = 'resetme'`,
    );
    const admin = await (await newContext(browser)).newPage();
    await loginViaForm(admin, 'admin', 'Admin@123456');
    await admin.goto('/system/user');
    const row = admin.locator('tr', { hasText: 'resetme' });
    await expect.poll(() => row.count()).toBe(1);
    await row.getByTestId('row-reset-password').click();
    await expect
      .poll(() => admin.locator('.ant-modal-confirm').innerText())
      .toContain('new one-time password');
    await admin.getByTestId('confirm-ok').click();
    const issued = admin.getByTestId('one-time-passwords');
    await expect.poll(() => issued.isVisible()).toBe(true);
    expect(await issued.innerText()).toContain('Shown only this once');
    const password = (await admin.getByTestId('one-time-password').innerText()).trim();
    expect(password).toMatch(/^(?=.*[A-Z])(?=.*\d)(?=.*[^A-Za-z0-9]).{12}$/);
    await shot(admin, 'reset-one-time-password-en');
    await admin.getByTestId('one-time-password-close').click();
    await expect.poll(() => admin.getByTestId('one-time-passwords').count()).toBe(0);
    await expect.poll(() => row.getByTestId('tag-must-change').count()).toBe(1);

    const user = await (await newContext(browser)).newPage();
    await user.goto('/login');
    await user.locator('#tenant').fill('101');
    await user.locator('#userName').fill('resetme');
    await user.locator('#password').fill('Start@2026');
    await user.getByTestId('login-submit').click();
    await expect
      .poll(() => user.locator('body').innerText())
      .toContain('Incorrect organisation code, username or password');
    await user.locator('#password').fill(password);
    await user.getByTestId('login-submit').click();
    const dialog = user.getByRole('dialog');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await user.getByTestId('password-rule-hint').innerText()).toBe(
      '8–32 characters, with an upper-case letter, a digit and a special character',
    );
    await shot(user, 'forced-change-rule-en');
    await user.locator('#newPassword').fill('Renewed@2026');
    await user.locator('#confirmPassword').fill('Renewed@2026');
    await user.getByTestId('change-password-submit').click();
    await user.waitForURL((url) => !url.pathname.startsWith('/login'));
    await user.context().close();
    await admin.context().close();
  });

  it('shows an administrator the administrators’ rule in the forced change', async () => {
    await createAccount('newadmin', 'Start@2026xy', 'tenant_admin');
    const page = await (await newContext(browser)).newPage();
    await page.goto('/login');
    await page.locator('#tenant').fill('101');
    await page.locator('#userName').fill('newadmin');
    await page.locator('#password').fill('Start@2026xy');
    await page.getByTestId('login-submit').click();
    await expect.poll(() => page.getByRole('dialog').isVisible()).toBe(true);
    expect(await page.getByTestId('password-rule-hint').innerText()).toBe(
      '12–32 characters (administrator password), with an upper-case letter, a digit and a special character',
    );
    await page.locator('#newPassword').fill('Short@2026');
    await page.locator('#confirmPassword').fill('Short@2026');
    await page.getByTestId('change-password-submit').click();
    await expect
      .poll(() => page.getByRole('dialog').innerText())
      .toContain('Incorrect password length: 12-32');
    await page.context().close();
  });

  it('signs a doctor in from the HIS with a signed link, once', async () => {
    const secret = randomBytes(32).toString('hex');
    await db.query(`update settings set value = $1 where tenant_id = '101' and key = 'his.sso'`, [
      JSON.stringify({ enabled: true, secret }),
    ]);
    try {
      const assertion = {
        userName: 'doctor01',
        tenant: '101',
        timestamp: Date.now(),
        nonce: randomBytes(16).toString('hex'),
      };
      const signature = createHmac('sha256', secret).update(hisAssertionPayload(assertion)).digest('hex');
      const query = new URLSearchParams({
        ...assertion,
        timestamp: String(assertion.timestamp),
        signature,
        redirect: '/account/activity',
      });
      const page = await (await newContext(browser)).newPage();
      await page.goto(`/signlogin?${query}`);
      await page.waitForURL('**/account/activity');
      await expect.poll(() => page.locator('body').innerText()).toContain('Dr. Li Wei');
      const again = await (await newContext(browser)).newPage();
      await again.goto(`/signlogin?${query}`);
      await expect.poll(() => again.getByTestId('signlogin-failed').isVisible()).toBe(true);
      expect(await again.locator('body').innerText()).toContain(
        'The HIS sign-on request is invalid or has expired',
      );
      await page.context().close();
      await again.context().close();

      // an account whose password must be changed first: the sign-on sends it to the login page
      await createAccount('ssofirst', 'Init@2026', 'doctor');
      const first = { ...assertion, userName: 'ssofirst', nonce: randomBytes(16).toString('hex') };
      const firstQuery = new URLSearchParams({
        ...first,
        timestamp: String(first.timestamp),
        signature: createHmac('sha256', secret).update(hisAssertionPayload(first)).digest('hex'),
      });
      const sso = await (await newContext(browser)).newPage();
      await sso.goto(`/signlogin?${firstQuery}`);
      const told = sso.getByTestId('signlogin-change-password');
      await expect.poll(() => told.isVisible()).toBe(true);
      expect(await told.innerText()).toContain(
        'You must change your password before single sign-on can be used',
      );
      await shot(sso, 'signlogin-change-password-en');
      await sso.getByTestId('signlogin-to-login').click();
      await sso.waitForURL('**/login?**');
      expect(await sso.locator('#userName').inputValue()).toBe('ssofirst');
      await sso.locator('#password').fill('Init@2026');
      await sso.getByTestId('login-submit').click();
      await expect.poll(() => sso.getByRole('dialog').isVisible()).toBe(true);
      await sso.context().close();
    } finally {
      await db.query(`update settings set value = $1 where tenant_id = '101' and key = 'his.sso'`, [
        JSON.stringify({ enabled: false, secret: null }),
      ]);
    }
  });
});
