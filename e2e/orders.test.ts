import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chooseOption,
  launchBrowser,
  loginViaForm,
  newContext,
  openPatientTab,
  shot,
  switchLanguage,
} from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const form = (page: Page) => page.getByTestId('order-form');
const rowOf = (page: Page, name: string) =>
  page
    .locator(
      '[data-testid="orders-table"] tr.ant-table-row, [data-testid="orders-table"] [data-testid="order-row"]',
    )
    .filter({ hasText: name });

describe('medical orders end to end', () => {
  it('a doctor orders 4-point glucose monitoring from a template, sees the rule in zh-CN, and stops it with a reason', {
    timeout: 180_000,
  }, async () => {
    const page = await (await newContext(browser)).newPage();
    await loginViaForm(page, 'doctor01', 'Doctor@2026');
    await page.waitForURL('**/index');
    // 陈志强, ENDO bed 6: no orders in the demo data
    await openPatientTab(page, 'WB20260005', 'orders');
    await page.getByTestId('orders-tab').waitFor();
    await expect.poll(() => page.getByTestId('orders-table').innerText()).toContain('No active orders');

    // order type long-term → the 4-point template: its name and all its items come with it
    await page.getByTestId('order-add').click();
    await form(page).waitFor();
    await chooseOption(page, page.getByTestId('order-template'), /四点血糖/);
    await expect.poll(() => page.getByTestId('order-name').inputValue()).toBe('四点血糖');
    await expect.poll(() => page.locator('[data-testid="order-contents"] input:checked').count()).toBe(3);
    await chooseOption(page, page.getByTestId('order-classification'), /Monitoring/);
    // the 4-point preset fills the periods: before the three meals and bedtime
    await page.getByTestId('order-preset-four').click();
    await expect.poll(() => page.locator('[data-testid="order-periods"] input:checked').count()).toBe(4);
    await shot(page, 'orders-dialog-en');
    await page.getByTestId('form-submit').click();
    await expect.poll(() => form(page).count()).toBe(0);

    const row = rowOf(page, '四点血糖');
    await expect.poll(() => row.count()).toBe(1);
    await expect
      .poll(() => row.getByTestId('order-schedule').innerText())
      .toBe('4-point: Fasting, Before lunch, Before dinner, Before sleep');
    expect(await row.getByTestId('order-status').innerText()).toBe('Active');
    await shot(page, 'orders-tab-en-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => row.isVisible()).toBe(true);
    await shot(page, 'orders-tab-en-390');
    await page.setViewportSize({ width: 1440, height: 900 });

    // zh-CN: a name of one character shows the rule under the name
    await switchLanguage(page, 'zh-CN');
    await expect.poll(() => page.getByTestId('order-add').innerText()).toContain('开立医嘱');
    await page.getByTestId('order-add').click();
    await form(page).waitFor();
    await chooseOption(page, page.getByTestId('order-template'), /糖尿病饮食/);
    await page.getByTestId('order-name').fill('血');
    await page.getByTestId('form-submit').click();
    await expect.poll(() => form(page).innerText()).toContain('医嘱名称长度为 2-40 个字符');
    await shot(page, 'orders-dialog-zh-rule');
    await page.getByTestId('form-cancel').click();
    await page.getByTestId('confirm-ok').click();
    await expect.poll(() => form(page).count()).toBe(0);

    // stop it with a reason (asked and confirmed in one dialog); the row names who stopped it
    await row.getByTestId('order-stop').click();
    await expect.poll(() => page.getByTestId('confirm-ok').isDisabled()).toBe(true);
    await page.getByTestId('reason-prompt-input').fill('血糖平稳，停止监测');
    await page.getByTestId('confirm-ok').click();
    // the active filter no longer lists it; "all" shows it stopped, with who, when and why
    await expect.poll(() => rowOf(page, '四点血糖').count()).toBe(0);
    await page.getByTestId('orders-status').getByText('全部').click();
    const stopped = rowOf(page, '四点血糖');
    await expect.poll(() => stopped.getByTestId('order-status').innerText()).toContain('已停止');
    expect(await stopped.getByTestId('order-stopped-by').innerText()).toContain('Dr. Li Wei');
    expect(await stopped.innerText()).toContain('血糖平稳，停止监测');
    expect(await stopped.getByTestId('order-schedule').innerText()).toBe(
      '四点血糖：空腹、午餐前、晚餐前、睡前',
    );
    await shot(page, 'orders-tab-zh-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => stopped.isVisible()).toBe(true);
    await shot(page, 'orders-tab-zh-390');
  });
});
