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
    } finally {
      await db.query(`update settings set value = $1 where tenant_id = '101' and key = 'his.sso'`, [
        JSON.stringify({ enabled: false, secret: null }),
      ]);
    }
  });
});
