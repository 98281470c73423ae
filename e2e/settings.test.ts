import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginViaForm, newContext, shot, switchLanguage } from './support';

const WAIT = { timeout: 15_000 };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const body = (page: Page) => page.locator('body').innerText();

/** Classifies a glucose value (no period, department or age) on the "Check a value" tab. */
async function classify(page: Page, value: string): Promise<string | null> {
  await page.getByRole('tab', { name: 'Check a value' }).click();
  const input = page.getByTestId('check-value');
  await input.fill(value);
  await page.getByTestId('check-submit').click();
  const tag = page.getByTestId('check-classification');
  // the tab is rebuilt each time it opens (destroyOnHidden), so a result here is this check's own
  await expect.poll(() => tag.count()).toBe(1);
  return tag.getAttribute('data-value');
}

describe('hospital settings end to end', () => {
  it('a new critical low takes effect on the classification at once', { timeout: 120_000 }, async () => {
    const page = await (await newContext(browser)).newPage();
    await loginViaForm(page, 'admin', 'Admin@123456');
    await page.goto('/settings/crisis');
    // the card shows its title and button while the rules load: wait for the rule itself
    await expect.poll(() => page.getByTestId('crisis-item-rule').innerText(), WAIT).toContain('2.8');

    // 3.0 mmol/L sits between the seeded critical low (2.8) and the normal low: "low", not critical
    expect(await classify(page, '3.0')).toBe('low');

    await page.getByRole('tab', { name: 'By item and period' }).click();
    await page.getByTestId('item-rule-edit').click();
    const criticalLow = page.getByTestId('rule-criticalLow');
    await criticalLow.fill('3.2');
    await page.getByTestId('form-submit').click();
    await expect.poll(() => page.getByTestId('crisis-item-rule').innerText(), WAIT).toContain('3.2');
    await shot(page, 'settings-critical-values');

    expect(await classify(page, '3.0')).toBe('criticalLow');
    await shot(page, 'settings-critical-check');

    // a critical low above the normal low is refused, in words, and nothing changes
    await page.getByRole('tab', { name: 'By item and period' }).click();
    await page.getByTestId('item-rule-edit').click();
    await criticalLow.fill('5.0');
    await page.getByTestId('form-submit').click();
    await expect.poll(() => body(page)).toContain('The critical low must be below the low limit');
    // the refused value is still unsaved: the rule dialog (the dialog-form kit) asks before dropping it
    await page.keyboard.press('Escape');
    await page.getByTestId('confirm-ok').click();
    expect(await classify(page, '3.0')).toBe('criticalLow');
  });

  it('a stricter password policy takes effect in the change-password dialog and on the server', {
    timeout: 120_000,
  }, async () => {
    // tenant 202: its own policy, so the other browser tests keep the default one
    const page = await (await newContext(browser)).newPage();
    await loginViaForm(page, 'admin', 'Admin@202202', '202');
    await page.goto('/settings/password');
    const minimum = page.getByTestId('password-min');
    await expect.poll(() => minimum.inputValue()).toBe('8');
    await minimum.fill('10');
    await page.getByTestId('password-save').click();
    await expect.poll(() => body(page)).toContain('The password policy was saved');
    await shot(page, 'settings-password-policy');

    // the dialog every user opens from the top bar follows it; an administrator (this one) is told
    // the administrators' minimum of 12, which stays above the policy's 10
    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-change-password').click();
    const dialog = page.locator('.ant-modal:visible');
    await expect
      .poll(() => page.getByTestId('password-rule-hint').innerText())
      .toBe(
        '12–32 characters (administrator password), with an upper-case letter, a digit and a special character',
      );
    await page.locator('#oldPassword').fill('Admin@202202');
    await page.locator('#newPassword').fill('Ab@12345');
    await page.locator('#confirmPassword').fill('Ab@12345');
    await page.getByTestId('change-password-submit').click();
    await expect.poll(() => dialog.innerText()).toContain('Incorrect password length: 12-32 characters');
    await shot(page, 'settings-password-dialog');

    // the public rule lookup says the same
    const rule = await page.evaluate(async () => {
      const res = await fetch('/app-service/v1/passwordRule?tenant=202');
      return (await res.json()).dataContent;
    });
    expect(rule.minLength).toBe(10);

    // and the page reads the same in Chinese
    await page.keyboard.press('Escape');
    await switchLanguage(page, 'zh-CN');
    await expect.poll(() => body(page)).toContain('密码策略');
    await shot(page, 'settings-password-policy-zh');
  });
});
