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
const cell = (page: Page, date: string, period: string) =>
  page.locator(`[data-testid="reading-grid"] tr[data-row-key="${date}"] td[data-period="${period}"]`);

/** Fills the entry form: period, wall-clock time of the hospital, result (times avoid the seeded ones). */
async function fillReading(page: Page, period: RegExp, time: string, result: string) {
  await chooseOption(page, page.getByTestId('reading-period'), period);
  const input = page.locator('[data-testid="reading-time"] input, input[data-testid="reading-time"]').first();
  await input.click();
  await input.press('ControlOrMeta+a');
  await input.pressSequentially(time);
  await input.press('Enter');
  await page.getByTestId('reading-result').fill(result);
}

describe('patient readings end to end', () => {
  it('enters a day of glucose with a critical low, corrects and deletes with reasons, refuses a repeated time', {
    timeout: 180_000,
  }, async () => {
    const page = await (await newContext(browser)).newPage();
    await loginViaForm(page, 'nurse01', 'Nurse@2026');
    await page.waitForURL('**/index');
    // 徐国庆, ENDO bed 15, on the ward for ten days: scanning the wristband opens the patient
    await openPatientTab(page, 'WB20260011', 'glucose');
    await page.getByTestId('reading-grid').waitFor();

    const day = hospitalYesterday();
    // a day of glucose in one dialog ("save and add another"), at times the demo data does not use
    await page.getByTestId('reading-add').click();
    await dialog(page).waitFor();
    await fillReading(page, /^Early morning/, `${day} 02:10`, '6.3');
    await page.getByTestId('reading-save-another').click();
    await expect.poll(() => page.getByTestId('reading-added').innerText()).toContain('1 saved');
    await fillReading(page, /^Fasting/, `${day} 05:20`, '5.4');
    await page.getByTestId('reading-save-another').click();
    await expect.poll(() => page.getByTestId('reading-added').innerText()).toContain('2 saved');
    await fillReading(page, /^Before lunch/, `${day} 12:10`, '7.6');
    await page.getByTestId('reading-save-another').click();
    await expect.poll(() => page.getByTestId('reading-added').innerText()).toContain('3 saved');
    await fillReading(page, /^After lunch/, `${day} 15:10`, '2.1');
    await shot(page, 'measurements-entry');
    await page.getByTestId('form-submit').click();
    await expect.poll(() => dialog(page).count()).toBe(0);

    // the grid shows them; the critical low in the critical colour (purple in the demo settings)
    const critical = cell(page, day, 'afterLunch').locator('[data-testid="grid-reading"]', {
      hasText: '2.1',
    });
    await expect.poll(() => critical.count()).toBe(1);
    expect(await critical.getAttribute('data-classification')).toBe('criticalLow');
    expect(await critical.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(114, 46, 209)');
    for (const [period, value] of [
      ['earlyMorning', '6.3'],
      ['fasting', '5.4'],
      ['beforeLunch', '7.6'],
    ]) {
      await expect.poll(() => cell(page, day, period as string).innerText()).toContain(value as string);
    }
    await shot(page, 'measurements-grid');

    // correct the fasting value: a reason is required, then the grid shows the new value
    await cell(page, day, 'fasting').locator('[data-testid="grid-reading"]', { hasText: '5.4' }).click();
    await page.getByTestId('reading-edit').click();
    await page.getByTestId('reading-result').fill('5.8');
    await page.getByTestId('form-submit').click();
    await expect.poll(() => dialog(page).innerText()).toContain('Please enter the reason');
    await page.getByTestId('reading-reason').fill('Typed the wrong digit');
    await expect.poll(() => dialog(page).innerText()).not.toContain('Please enter the reason');
    await shot(page, 'measurements-edit');
    await page.getByTestId('form-submit').click();
    await expect.poll(() => dialog(page).count()).toBe(0);
    await expect.poll(() => cell(page, day, 'fasting').innerText()).toContain('5.8');
    expect(await cell(page, day, 'fasting').innerText()).not.toContain('5.4');

    // delete the before-lunch reading with a reason, after confirming
    await cell(page, day, 'beforeLunch').locator('[data-testid="grid-reading"]', { hasText: '7.6' }).click();
    await page.getByTestId('reading-delete').click();
    await page.getByTestId('status-reason').fill('Entered for the wrong patient');
    await page.getByTestId('status-confirm').click();
    await expect.poll(() => dialog(page).count()).toBe(0);
    await expect.poll(() => cell(page, day, 'beforeLunch').innerText()).not.toContain('7.6');

    // the same time again is refused with the message, under the time
    await page.getByTestId('reading-add').click();
    await dialog(page).waitFor();
    await fillReading(page, /^Fasting/, `${day} 05:20`, '6.0');
    await page.getByTestId('form-submit').click();
    await expect
      .poll(() => dialog(page).innerText())
      .toContain(`A blood glucose reading at ${day} 05:20 already exists for this patient`);
    await shot(page, 'measurements-duplicate');
    await page.getByTestId('form-cancel').click();

    // a time outside its period's window (issue 15): the form names the window and asks for the reason
    await page.getByTestId('reading-add').click();
    await dialog(page).waitFor();
    await fillReading(page, /^Fasting/, `${day} 10:40`, '6.6');
    await expect
      .poll(() => page.getByTestId('window-alert').innerText())
      .toContain('after the Fasting window (05:00–09:00, 30 min allowed)');
    await page.getByTestId('form-submit').click();
    await expect
      .poll(() => dialog(page).innerText())
      .toContain('The test time is outside the Fasting window (05:00–09:00); give a reason to save it');
    await page.getByTestId('reading-window-reason').fill('Patient was in radiology');
    // the problem goes as soon as a reason is there
    await expect
      .poll(() => dialog(page).innerText())
      .not.toContain('The test time is outside the Fasting window (05:00–09:00); give a reason to save it');
    await shot(page, 'measurements-window-reason');
    await page.getByTestId('form-submit').click();
    await expect.poll(() => dialog(page).count()).toBe(0);
    const late = cell(page, day, 'fasting').locator('[data-testid="grid-reading"]', { hasText: '6.6' });
    await expect.poll(() => late.locator('[data-testid="grid-mark"]').count()).toBe(1);

    // the list shows the deleted one on request, with its reason; the marks beside the readings
    await page.getByTestId('reading-view').getByText('List').click();
    await page.getByTestId('reading-deleted').click();
    await expect.poll(() => page.getByTestId('reading-list').innerText()).toContain('Deleted');
    const lateRow = page.locator('.ant-table-row').filter({ hasText: '6.6' });
    expect(await lateRow.getByTestId('window-mark').innerText()).toBe('Late');
    expect(await lateRow.getByTestId('late-entry-mark').innerText()).toBe('Late entry');
    await shot(page, 'measurements-list');

    // both languages, phone width
    await switchLanguage(page, 'zh-CN');
    await page.getByTestId('reading-view').getByText('表格').click();
    await expect.poll(() => page.getByTestId('reading-grid').innerText()).toContain('空腹');
    await shot(page, 'measurements-grid-zh');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => critical.count()).toBe(1);
    await shot(page, 'measurements-grid-zh-390');
  });

  it('shows mg/dL for a hospital that uses it (tenant 202) and keeps the tab read-only without the permission', {
    timeout: 120_000,
  }, async () => {
    const page = await (await newContext(browser)).newPage();
    await loginViaForm(page, 'admin', 'Admin@202202', '202');
    await page.waitForURL('**/index');
    await openPatientTab(page, 'WB20260503', 'glucose');
    await page.getByTestId('reading-grid').waitFor();
    await page.getByTestId('reading-add').click();
    await dialog(page).waitFor();
    expect(await dialog(page).innerText()).toContain('10-600 mg/dL');
    await page.getByTestId('reading-result').fill('700');
    await page.getByTestId('form-submit').click();
    await expect.poll(() => dialog(page).innerText()).toContain('Blood glucose must be 10-600 mg/dL');
    await shot(page, 'measurements-mgdl-range');

    // what the nurse types comes back exactly: 100 mg/dL shows as 100 (stored rounded it came back as 101)
    const day = hospitalYesterday();
    await fillReading(page, /^Before lunch/, `${day} 11:40`, '100');
    await page.getByTestId('reading-save-another').click();
    await expect.poll(() => page.getByTestId('reading-added').innerText()).toContain('1 saved');
    // a measurement not carried out: the rejection reason instead of a result
    await chooseOption(page, page.getByTestId('reading-period'), /^Before dinner/);
    const time = page
      .locator('[data-testid="reading-time"] input, input[data-testid="reading-time"]')
      .first();
    await time.click();
    await time.press('ControlOrMeta+a');
    await time.pressSequentially(`${day} 17:10`);
    await time.press('Enter');
    await page.getByTestId('reading-mode').getByText('Not carried out').click();
    await chooseOption(page, page.getByTestId('reading-reject'), /^Patient not on the ward/);
    await page.getByTestId('form-submit').click();
    await expect.poll(() => dialog(page).count()).toBe(0);
    await expect
      .poll(async () => (await cell(page, day, 'beforeLunch').innerText()).split('\n').map((t) => t.trim()))
      .toContain('100');
    await page.getByTestId('reading-view').getByText('List').click();
    await expect
      .poll(() => page.locator('.ant-table-row').filter({ hasText: 'Patient not on the ward' }).count())
      .toBe(1);
    await shot(page, 'measurements-rejected-mgdl');
    await page.getByTestId('reading-view').getByText('Grid').click();

    // the reviewer may read the tab but not record
    const reviewer = await (await newContext(browser)).newPage();
    await loginViaForm(reviewer, 'reviewer01', 'Review@2026');
    await reviewer.goto('/index');
    await reviewer.getByTestId('scan-input').fill('WB20260001');
    await reviewer.getByTestId('scan-input').press('Enter');
    await reviewer.waitForURL(/\/patient\/detail\?id=\d+/);
    const own = new URL(reviewer.url());
    own.searchParams.set('tab', 'glucose');
    await reviewer.goto(own.pathname + own.search);
    await reviewer.getByTestId('reading-grid').waitFor();
    expect(await reviewer.getByTestId('reading-add').count()).toBe(0);
    expect(await reviewer.getByTestId('grid-add').count()).toBe(0);
  });
});
