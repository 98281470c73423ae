import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginViaForm, newContext, shot, switchLanguage, visibleLeafTexts } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const WAIT = { timeout: 20_000 };

/** Words a person should never be shown: stack traces, codes, field paths, raw JSON. */
const TECHNICAL =
  /Error:|TypeError|undefined|null|\bstatus code\b|\bat .+\(|\{"|dataContent|error\.\w+|records\.\w+/;

async function pageWords(page: Page): Promise<string> {
  return (await visibleLeafTexts(page)).join('\n');
}

describe('the ward record from the menu', () => {
  it('opens in a new tab from the sidebar, asks for the ward and the day, and shows the rows', {
    timeout: 180_000,
  }, async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await loginViaForm(page, 'nurse01', 'Nurse@2026');
    await page.goto('/index');
    const sidebar = page.getByTestId('sidebar');
    const item = sidebar.getByText('Ward glucose record');
    if (!(await item.isVisible())) await sidebar.getByText('Patients', { exact: true }).click();
    const [record] = await Promise.all([context.waitForEvent('page'), item.click()]);
    await record.waitForLoadState();
    expect(new URL(record.url()).pathname).toBe('/ward/record');

    // no ward in the address: the picker, with the nurse's ward and today
    const picker = record.getByTestId('ward-pick');
    await picker.waitFor(WAIT);
    await expect
      .poll(() => record.getByTestId('ward-pick-ward').innerText(), WAIT)
      .toContain('Endocrinology');
    const yesterday = new Date(Date.now() - 86_400_000).toLocaleDateString('sv-SE', {
      timeZone: 'Asia/Shanghai',
    });
    const date = record
      .locator('[data-testid="ward-pick-date"] input, input[data-testid="ward-pick-date"]')
      .first();
    await date.click();
    await date.fill(yesterday);
    await date.press('Tab');
    await shot(record, 'ward-record-pick');
    await record.getByTestId('ward-pick-show').click();

    // the record of the ward and the day, one row per patient
    await record.getByTestId('record-ward-table').first().waitFor(WAIT);
    const url = new URL(record.url());
    expect(url.searchParams.get('id')).toBe('ENDO');
    expect(url.searchParams.get('date')).toBe(yesterday);
    expect(await record.getByTestId('record-ward-table').first().locator('tbody tr').count()).toBeGreaterThan(
      0,
    );
    expect(await record.getByTestId('record-ward-info').first().innerText()).toContain(yesterday);
  });

  it('a query it cannot show brings back the question with the reason, in both languages', {
    timeout: 180_000,
  }, async () => {
    const page = await (await newContext(browser)).newPage();
    await loginViaForm(page, 'nurse01', 'Nurse@2026');

    // a date that does not exist
    await page.goto('/ward/record?id=ENDO&date=2024-13-45');
    const problem = page.getByTestId('ward-pick-problem');
    await problem.waitFor(WAIT);
    expect(await problem.innerText()).toMatch(
      /^The address asked for something this page cannot show: .+\. Choose the ward and the day again\.$/s,
    );
    expect(await pageWords(page)).not.toMatch(TECHNICAL);

    // a ward of another department: not one of hers
    await page.goto('/ward/record?id=CARD');
    await expect
      .poll(() => problem.innerText(), WAIT)
      .toBe('This ward does not exist or is not one of yours. Choose one of your wards.');
    await expect.poll(() => page.getByTestId('ward-pick-ward').innerText(), WAIT).toContain('Endocrinology');
    await switchLanguage(page, 'zh-CN');
    await expect
      .poll(() => problem.innerText(), WAIT)
      .toBe('该病区不存在或不在您的权限范围内，请选择您的病区。');
    expect(await pageWords(page)).not.toMatch(TECHNICAL);
    await shot(page, 'ward-record-not-in-scope-zh');

    // a ward that does not exist, and a garbled one
    await page.goto('/ward/record?id=NOPE');
    await expect.poll(() => problem.innerText(), WAIT).toContain('该病区不存在');
    await page.goto('/ward/record?id=%22%3E%3Cb%3E');
    await problem.waitFor(WAIT);
    expect(await pageWords(page)).not.toMatch(TECHNICAL);
    // and "Show" from there opens a record
    await page.getByTestId('ward-pick-show').click();
    await page.getByTestId('record-ward').waitFor(WAIT);
  });
});
