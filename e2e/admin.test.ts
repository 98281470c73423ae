import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginViaForm, newContext, shot } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const body = (page: Page) => page.locator('body').innerText();
/** Saves hash a password (argon2) and reload lists: on a loaded CI machine they take longer than a second. */
const WAIT = { timeout: 15_000 };

/** Picks an option of an antd Select or TreeSelect by its visible text. */
async function choose(page: Page, fieldId: string, text: string) {
  const selector = page
    .locator('.ant-select', { has: page.locator(`#${fieldId}`) })
    .locator('.ant-select-selector');
  await selector.scrollIntoViewIfNeeded();
  await selector.click();
  const option = page
    .locator('.ant-select-dropdown:visible')
    .locator('.ant-select-item-option, .ant-select-tree-node-content-wrapper')
    .filter({ hasText: text })
    .first();
  await option.click();
  await page.keyboard.press('Escape');
}

describe('administration end to end', () => {
  it('creates a ward, a role and a scoped staff member who then sees only what the role allows', {
    timeout: 120_000,
  }, async () => {
    const admin = await (await newContext(browser)).newPage();
    await loginViaForm(admin, 'admin', 'Admin@123456');

    // 1. a department
    await admin.goto('/system/department');
    await admin.getByTestId('department-create').click();
    await admin.locator('#code').fill('GER');
    await admin.locator('#name').fill('Geriatrics Ward');
    await admin.getByTestId('form-submit').click();
    await expect.poll(() => body(admin), WAIT).toContain('GER');
    await shot(admin, 'admin-departments');
    const [download] = await Promise.all([
      admin.waitForEvent('download'),
      admin.getByTestId('export-excel').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^departments-.*\.xlsx$/);

    // 2. a role that may only list staff
    await admin.goto('/system/role');
    await admin.getByTestId('role-create').click();
    await admin.locator('#code').fill('ward_manager');
    await admin.locator('#name').fill('Ward manager');
    await admin.getByTestId('form-submit').click();
    const roleRow = admin.locator('tr', { hasText: 'ward_manager' });
    await expect.poll(() => roleRow.count(), WAIT).toBe(1);
    const [rolesFile] = await Promise.all([
      admin.waitForEvent('download'),
      admin.getByTestId('export-excel').click(),
    ]);
    expect(rolesFile.suggestedFilename()).toMatch(/^roles-.*\.xlsx$/);
    await roleRow.getByTestId('row-permissions').click();
    const tree = admin.getByTestId('role-permission-tree');
    // One button of the Staff page: the page comes with it, the other buttons do not.
    await tree
      .locator('.ant-tree-treenode', { hasText: 'Reset password' })
      .locator('.ant-tree-checkbox')
      .click();
    await admin.getByTestId('role-permissions').getByTestId('form-submit').click();
    await expect.poll(() => admin.getByTestId('role-permissions').isVisible(), WAIT).toBe(false);

    // 3. a staff member in the new ward with that role, scoped to it
    await admin.goto('/system/user');
    await admin.getByTestId('user-create').click();
    await admin.locator('#userName').fill('wm01');
    await admin.locator('#nickName').fill('Manager Zhou');
    await choose(admin, 'departmentCode', 'Geriatrics Ward');
    await choose(admin, 'roleIds', 'Ward manager');
    await admin.getByTestId('form-submit').click();
    // the new account's one-time password, shown this once
    const issued = admin.getByTestId('one-time-password');
    await expect.poll(() => issued.isVisible(), WAIT).toBe(true);
    const firstPassword = (await issued.innerText()).trim();
    expect(firstPassword).toHaveLength(12);
    await admin.getByTestId('one-time-password-close').click();
    await expect.poll(() => admin.locator('tr', { hasText: 'wm01' }).count(), WAIT).toBe(1);
    await shot(admin, 'admin-staff');

    // 4. the new member signs in, must change the password, and sees only the Staff page
    const member = await (await newContext(browser)).newPage();
    await member.goto('/login');
    await member.locator('#tenant').fill('101');
    await member.locator('#userName').fill('wm01');
    await member.locator('#password').fill(firstPassword);
    await member.getByTestId('login-submit').click();
    await expect.poll(() => member.getByRole('dialog').isVisible(), WAIT).toBe(true);
    await member.locator('#newPassword').fill('Manager@2026');
    await member.locator('#confirmPassword').fill('Manager@2026');
    await member.getByTestId('change-password-submit').click();
    // The role grants no home page, so the first page it does grant opens.
    await member.waitForURL('**/system/user');
    const sidebar = member.getByTestId('sidebar');
    await expect.poll(() => sidebar.innerText(), WAIT).toContain('Staff');
    const menu = await sidebar.innerText();
    for (const hidden of ['Home', 'Departments', 'Roles', 'Menus', 'Audit log'])
      expect(menu).not.toContain(hidden);

    // 5. its staff list holds its ward only; another ward's staff are refused as absent
    await expect.poll(() => member.locator('tr', { hasText: 'wm01' }).count(), WAIT).toBe(1);
    expect(await body(member)).not.toContain('nurse01');
    expect(await member.getByTestId('user-create').count()).toBe(0);
    const foreign = await member.evaluate(async () => {
      const token = decodeURIComponent(
        document.cookie.split('acon_credentials_key=')[1]?.split(';')[0] ?? '',
      );
      const res = await fetch('/app-service/v2/users/scopes?userName=nurse01', {
        headers: { authorization: `Bearer ${token}` },
      });
      return { status: res.status, body: await res.json() };
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe('404');
    await shot(member, 'scoped-staff');

    // 6. a page the role does not grant never shows: the no-permission page says so in its place
    await member.goto('/system/department');
    await expect.poll(() => member.getByTestId('no-permission').isVisible(), WAIT).toBe(true);
    expect(await member.getByTestId('department-page').count()).toBe(0);

    await member.context().close();
    await admin.context().close();
  });
});

describe('list exports', () => {
  it('downloads the menu, dictionary and drug lists as Excel files', {
    timeout: 90_000,
  }, async () => {
    const page = await (await newContext(browser)).newPage();
    await loginViaForm(page, 'admin', 'Admin@123456');
    for (const [path, file] of [
      ['/system/menu', /^menus-.*\.xlsx$/],
      ['/system/dictionary', /^dictionary-.*\.xlsx$/],
      ['/system/drug', /\.xlsx$/],
    ] as const) {
      await page.goto(path);
      const button = page.getByTestId('export-excel');
      await expect.poll(() => button.isEnabled(), { timeout: 10_000, message: path }).toBe(true);
      const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
      expect(download.suggestedFilename(), path).toMatch(file);
      await shot(page, `list-${path.split('/').pop()}`);
      // rows carry their edit and delete actions for an administrator
      expect(await page.getByTestId('row-edit').count(), path).toBeGreaterThan(0);
      expect(await page.getByTestId('row-delete').count(), path).toBeGreaterThan(0);
    }
    await page.context().close();
  });
});
