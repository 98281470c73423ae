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

const dialog = (page: Page) => page.locator('.ant-modal:visible');

/** Types a date-time into an antd DatePicker (`YYYY-MM-DD HH:mm`) and confirms it. */
async function typeTime(page: Page, testId: string, text: string) {
  const input = page.locator(`[data-testid="${testId}"] input, input[data-testid="${testId}"]`).first();
  await input.click();
  await input.press('ControlOrMeta+a');
  await input.pressSequentially(text);
  await input.press('Enter');
}

/** The hospital's wall clock (Asia/Shanghai) `minutes` from now, as the pickers show it. */
function shanghaiMinute(minutes: number): string {
  const at = new Date(Date.now() + minutes * 60_000 + 8 * 3_600_000);
  return at.toISOString().slice(0, 16).replace('T', ' ');
}

/** How far the list's table runs past its box sideways (0: it fits). */
const tableOverflow = (page: Page) =>
  page.evaluate(() => {
    const box = document.querySelector('.ant-table-content, .ant-table-body');
    return box ? box.scrollWidth - box.clientWidth : -1;
  });

/** Searches a list page by its keyword field. */
async function search(page: Page, form: string, text: string) {
  const field = page.locator(`#${form}Search_queryCondition`);
  await field.fill(text);
  await field.press('Enter');
}

describe('insulin pumps end to end', () => {
  it('registers a pump, puts it on a patient, changes its tube, sets the basal rate, takes it off, and shows the history', {
    timeout: 240_000,
  }, async () => {
    const page = await (await newContext(browser)).newPage();
    await loginViaForm(page, 'nurse01', 'Nurse@2026');
    await page.waitForURL('**/index');
    const serial = `E2E-PUMP-${Date.now().toString(36).toUpperCase()}`;

    // 1. the register: a new pump of the ward
    await page.goto('/pump/register');
    await page.getByTestId('pump-create').click();
    await dialog(page).waitFor();
    await page.getByTestId('pump-serial').fill(serial);
    await chooseOption(page, page.getByTestId('pump-manufacturer'), /Medtronic/);
    await page.getByTestId('pump-department').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper')
      .filter({ hasText: 'Endocrinology' })
      .first()
      .click();
    await page.getByTestId('form-submit').click();
    await dialog(page).waitFor({ state: 'hidden' });
    // every column, status included, fits a 1440-wide screen
    await expect.poll(() => page.locator('.ant-table-tbody').innerText()).toContain(serial);
    expect(await tableOverflow(page)).toBe(0);
    await shot(page, 'pump-register-en');

    // 2. the patient tab: 刘芳, ENDO bed 5, wears no pump in the demo data
    await page.goto('/index');
    await openPatientTab(page, 'WB20260004', 'pump');
    await page.getByTestId('pump-none').waitFor();
    await page.getByTestId('pump-up').click();
    await dialog(page).waitFor();
    await chooseOption(page, page.getByTestId('pump-up-pump'), new RegExp(serial));
    // put on five minutes ago: the tube change and the down-pump "now" below must come after it,
    // and the walk may run within the minute of the up-pump
    await typeTime(page, 'pump-up-time', shanghaiMinute(-5));
    await page.getByTestId('form-submit').click();
    await dialog(page).waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByTestId('pump-current-serial').innerText()).toBe(serial);
    await expect.poll(() => page.getByTestId('pump-wear').innerText()).toBe('0 h');

    // 3. a tube change before the up-pump is refused in words; then one now
    await page.getByTestId('pump-tube').click();
    await dialog(page).waitFor();
    await typeTime(page, 'pump-tube-time', shanghaiMinute(-120));
    await page.getByTestId('form-submit').click();
    await expect
      .poll(() => dialog(page).innerText())
      .toContain('The tube change time must be after the up-pump time');
    await typeTime(page, 'pump-tube-time', shanghaiMinute(0));
    await page.getByTestId('form-submit').click();
    await dialog(page).waitFor({ state: 'hidden' });
    await expect
      .poll(() => page.getByTestId('pump-last-tube').innerText())
      .toContain(shanghaiMinute(0).slice(0, 10));
    await expect.poll(() => page.getByTestId('pump-tube-changes').innerText()).toContain('Wang Fang');

    // 4. a basal profile of two segments: 0.8 IU/h to 06:00, then 1.2 IU/h → 26.4 IU a day
    await page.getByTestId('pump-basal').click();
    await dialog(page).waitFor();
    await page.getByTestId('pump-basal-rate-0').fill('0.8');
    await page.getByTestId('pump-basal-add').click();
    await page.getByTestId('pump-basal-start-1').fill('06:00');
    await page.getByTestId('pump-basal-rate-1').fill('1.2');
    await expect.poll(() => page.getByTestId('pump-basal-total').innerText()).toBe('24-hour total: 26.4 IU');
    await page.getByTestId('form-submit').click();
    await dialog(page).waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByTestId('pump-basal-daily').innerText()).toBe('26.4 IU');
    await expect.poll(() => page.getByTestId('pump-basal-table').innerText()).toContain('06:00–24:00');

    // 5. the pump patients list shows the patient with the pump
    await page.goto('/pump/patients');
    await page.getByTestId('pump-patients-page').waitFor();
    await search(page, 'pumpPatients', serial);
    await expect.poll(() => page.locator('.ant-table-tbody').innerText()).toContain('刘芳');
    await expect.poll(() => page.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(1);

    // 6. the down-pump, confirmed in its dialog; the pump is free again
    await page.locator('.ant-table-tbody tr.ant-table-row').first().click();
    await page.waitForURL(/tab=pump/);
    await page.getByTestId('pump-down').click();
    await dialog(page).waitFor();
    await expect.poll(() => page.getByTestId('pump-down-question').innerText()).toContain(serial);
    await page.getByTestId('form-submit').click();
    await dialog(page).waitFor({ state: 'hidden' });
    await page.getByTestId('pump-none').waitFor();
    await expect.poll(() => page.getByTestId('pump-bindings').innerText()).toContain(serial);

    // 7. the history: register, up-pump, tube change, basal profile, down-pump
    await page.goto('/pump/history');
    await page.getByTestId('pump-history-page').waitFor();
    await search(page, 'pumpHistory', serial);
    await expect
      .poll(async () =>
        (
          await page
            .locator('.ant-table-tbody [data-kind]')
            .evaluateAll((tags) => tags.map((tag) => tag.getAttribute('data-kind')))
        ).sort(),
      )
      .toEqual(['basalProfile', 'down', 'register', 'tubeChange', 'up']);
    await expect.poll(() => page.locator('.ant-table-tbody').innerText()).toContain('24-h total 26.4 IU');
    await shot(page, 'pump-history-en');

    // screenshots for the README: the pump patients list (en) and a patient's pump tab (zh)
    await page.goto('/pump/patients');
    await page.getByTestId('pump-patients-page').waitFor();
    await expect
      .poll(() => page.locator('.ant-table-tbody tr.ant-table-row').count())
      .toBeGreaterThanOrEqual(2);
    expect(await tableOverflow(page)).toBe(0);
    await shot(page, 'pump-patients-en');
    await switchLanguage(page, 'zh-CN');
    // 王建国, ENDO bed 1, on a pump for 5 days in the demo data, tube change overdue
    await page.goto('/index');
    await openPatientTab(page, 'WB20260001', 'pump');
    await page.getByTestId('pump-tube-overdue').waitFor();
    await expect.poll(() => page.getByTestId('pump-current').innerText()).toContain('已超期');
    await page.locator('[data-testid="pump-boluses"] .ant-spin-spinning').waitFor({ state: 'detached' });
    await shot(page, 'pump-tab-zh');
    await switchLanguage(page, 'en-US');
  });

  it('fits the pump pages on a phone', { timeout: 120_000 }, async () => {
    const page = await (await newContext(browser, { width: 390, height: 844 })).newPage();
    await loginViaForm(page, 'nurse01', 'Nurse@2026');
    await page.waitForURL('**/index');
    await openPatientTab(page, 'WB20260001', 'pump');
    await page.getByTestId('pump-current').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, 'pump-tab-phone');
    await page.goto('/pump/patients');
    await page.getByTestId('pump-patients-page').waitFor();
    await shot(page, 'pump-patients-phone');
  });
});
