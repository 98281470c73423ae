import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chooseOption,
  hospitalYesterday,
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

const dialog = (page: Page) => page.locator('.ant-modal:visible');
const row = (page: Page, date: string) =>
  page.locator(`[data-testid="insulin-grid"] tr[data-row-key="${date}"]`);
const cell = (page: Page, date: string, period: string) =>
  row(page, date).locator(`td[data-period="${period}"]`);

/** Opens the dialog from a grid cell of `date` and `period`, fills a dose and saves. */
async function recordDose(
  page: Page,
  date: string,
  period: string,
  drug: RegExp,
  doses: { dose: string; basal?: string; bolus?: string; correction?: string },
) {
  await cell(page, date, period).getByTestId('insulin-grid-add').click();
  await dialog(page).waitFor();
  await chooseOption(page, page.getByTestId('insulin-drug'), drug);
  await page.getByTestId('insulin-dose').fill(doses.dose);
  if (doses.basal) await page.getByTestId('insulin-basal').fill(doses.basal);
  if (doses.bolus) await page.getByTestId('insulin-bolus').fill(doses.bolus);
  if (doses.correction) await page.getByTestId('insulin-correction').fill(doses.correction);
  await page.getByTestId('form-submit').click();
}

describe('insulin records end to end', () => {
  it('records a day of insulin from the grid, shows the daily totals per kg, and confirms the doses', {
    timeout: 180_000,
  }, async () => {
    const page = await (await newContext(browser)).newPage();
    await loginViaForm(page, 'nurse01', 'Nurse@2026');
    await page.waitForURL('**/index');
    // 杨丽华, ENDO bed 7, 66 kg, on the ward for nearly three days, no insulin in the demo data
    await openPatientTab(page, 'WB20260006', 'insulin');
    await page.getByTestId('insulin-grid').waitFor();
    const day = hospitalYesterday();

    // parts that do not add up are refused under the dose, in words
    await recordDose(page, day, 'breakfast', /aspart/i, { dose: '9', bolus: '6', correction: '2' });
    await expect
      .poll(() => dialog(page).innerText())
      .toContain('The dose must equal basal + bolus + correction (8 IU)');
    await page.getByTestId('insulin-dose').fill('8');
    await expect.poll(() => dialog(page).innerText()).not.toContain('must equal');
    await page.getByTestId('form-submit').click();
    await expect.poll(() => dialog(page).count()).toBe(0);
    await expect.poll(() => cell(page, day, 'breakfast').innerText()).toContain('8');

    await recordDose(page, day, 'lunch', /aspart/i, { dose: '6', bolus: '6' });
    await expect.poll(() => dialog(page).count()).toBe(0);
    await recordDose(page, day, 'bedtime', /glargine/i, { dose: '12', basal: '12' });
    await expect.poll(() => dialog(page).count()).toBe(0);

    // totals of the day: basal 12, bolus 12, correction 2, TDD 26 = 26 / 66 kg = 0.39 IU/kg
    await expect.poll(() => row(page, day).getByTestId('insulin-day-total').innerText()).toBe('26');
    expect(await row(page, day).getByTestId('insulin-day-perkg').innerText()).toBe('0.39');
    expect(
      await row(page, day).locator('[data-testid="insulin-chip"][data-status="unconfirmed"]').count(),
    ).toBe(3);
    await shot(page, 'insulin-grid');

    // the list: tick the day's three doses and confirm them together
    await page.getByTestId('insulin-view').getByText('List').click();
    await page.getByTestId('insulin-list').waitFor();
    const unconfirmed = page.locator('[data-testid="insulin-list"] tr.ant-table-row', {
      hasText: 'Unconfirmed',
    });
    await expect.poll(() => unconfirmed.count()).toBe(3);
    for (let i = 0; i < 3; i++) await unconfirmed.nth(i).locator('.ant-checkbox-input').check();
    await page.getByTestId('insulin-confirm-selected').click();
    await expect.poll(() => unconfirmed.count()).toBe(0);
    const confirmed = page.locator('[data-testid="insulin-list"] tr.ant-table-row', { hasText: 'Confirmed' });
    expect(await confirmed.count()).toBe(3);
    // a confirmed dose is final: no edit or delete on its row
    expect(await confirmed.first().getByTestId('insulin-edit').count()).toBe(0);

    // the same page in Chinese
    await switchLanguage(page, 'zh-CN');
    await page.getByTestId('insulin-view').getByText('表格').click();
    await expect
      .poll(() => page.locator('[data-testid="insulin-grid"] thead').innerText())
      .toContain('每日总量');
    await expect.poll(() => cell(page, day, 'bedtime').innerText()).toContain('甘精胰岛素');
    await shot(page, 'insulin-grid-zh');
  });
});
