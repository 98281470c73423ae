import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, call, launchBrowser, loginViaForm, newContext, shot, switchLanguage } from './support';

/**
 * The list-page and dialog-form kits (issue 14), on the drug dictionary: what every list and every
 * create / edit dialog does the same way.
 */

let browser: Browser;
let page: Page;
const WAIT = { timeout: 15_000 };
/** more drugs than one screen page (20) holds, all found by one search */
const KIT_DRUGS = 25;
const code = (index: number) => `LKIT${String(index).padStart(2, '0')}`;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await (await newContext(browser)).newPage();
  await loginViaForm(page, 'admin', 'Admin@123456');
  for (let index = 1; index <= KIT_DRUGS; index++) {
    await call(page, 'POST', '/v1/medication', {
      code: code(index),
      nameEn: `Kit drug ${index}`,
      unit: 'IU',
    });
  }
});
afterAll(() => browser?.close());

const dialog = () => page.locator('.ant-modal-content', { has: page.getByTestId('form-submit') });
const confirmBox = () => page.locator('.ant-modal-confirm');

async function searchDrugs(text: string) {
  await page.goto('/system/drug');
  await page.locator('#drugSearch_queryCondition').fill(text);
  await page.locator('#drugSearch_queryCondition').press('Enter');
  await expect
    .poll(() => page.locator('.ant-pagination-total-text').innerText(), WAIT)
    .toContain(String(KIT_DRUGS));
}

describe('list-page kit', () => {
  it('exports every matching row to Excel, not just the page shown, with the status worded as on screen', {
    timeout: 60_000,
  }, async () => {
    await searchDrugs('LKIT');
    expect(await page.locator('tr.ant-table-row').count()).toBe(20);
    await shot(page, 'list-kit-drugs');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('export-excel').click(),
    ]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    const sheet = workbook.worksheets[0];
    const headers = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(sheet.rowCount).toBe(KIT_DRUGS + 1);
    const codes = sheet.getColumn(headers.indexOf('Drug code') + 1).values.slice(2);
    expect(new Set(codes)).toEqual(new Set(Array.from({ length: KIT_DRUGS }, (_, i) => code(i + 1))));
    const statuses = sheet.getColumn(headers.indexOf('Status') + 1).values.slice(2);
    expect(new Set(statuses)).toEqual(new Set(['Enabled']));
  });

  it('asks before stopping a row, and prints every matching row', { timeout: 60_000 }, async () => {
    await searchDrugs('LKIT');
    const row = page.locator('tr.ant-table-row', { hasText: code(1) });
    await row.getByTestId('row-status').click();
    await expect.poll(() => confirmBox().innerText(), WAIT).toContain('Stop “Kit drug 1”?');
    await page.getByTestId('confirm-cancel').click();
    expect(await row.getByTestId('row-status').getAttribute('aria-checked')).toBe('true');
    await row.getByTestId('row-status').click();
    await page.getByTestId('confirm-ok').click();
    await expect.poll(() => row.getByTestId('row-status').getAttribute('aria-checked'), WAIT).toBe('false');

    await page.getByTestId('list-print').click();
    const sheet = page.getByTestId('print-sheet');
    await expect.poll(() => sheet.locator('tbody tr').count(), WAIT).toBe(KIT_DRUGS);
    expect(await sheet.innerText()).toContain('LKIT');
    await shot(page, 'list-kit-print');
  });
});

describe('list-page kit on a phone', () => {
  it('starts with the search form collapsed and no column settings, in both languages', {
    timeout: 60_000,
  }, async () => {
    const phone = await (await newContext(browser, { width: 390, height: 844 })).newPage();
    await loginViaForm(phone, 'admin', 'Admin@123456');
    await phone.goto('/system/drug');
    await expect.poll(() => phone.locator('tr.ant-table-row').count(), WAIT).toBeGreaterThan(0);
    expect(await phone.locator('#drugSearch_categoryCode').isVisible()).toBe(false);
    expect(await phone.locator('.ant-pro-table-list-toolbar-setting-item .anticon-setting').count()).toBe(0);
    expect(await phone.getByTestId('export-excel').isVisible()).toBe(true);
    await shot(phone, 'list-kit-drugs-phone');
    await switchLanguage(phone, 'zh-CN');
    await expect.poll(() => phone.getByTestId('export-excel').innerText(), WAIT).toContain('导出');
    await phone.getByTestId('drug-create').click();
    await phone.locator('.ant-modal-content').waitFor();
    await shot(phone, 'list-kit-drug-form-phone-zh');
    await phone.close();
  });
});

describe('dialog-form kit', () => {
  it('warns before closing a changed form, and Escape in a drop-down closes only the drop-down', {
    timeout: 60_000,
  }, async () => {
    await page.goto('/system/drug');
    await page.getByTestId('drug-create').click();
    await dialog().waitFor();

    // Escape in the open category list closes the list; the untouched dialog stays open
    await dialog()
      .locator('.ant-select', { has: page.locator('#categoryCode') })
      .click();
    await page.locator('.ant-select-dropdown:visible').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('.ant-select-dropdown:visible').count(), WAIT).toBe(0);
    expect(await dialog().isVisible()).toBe(true);
    expect(await confirmBox().count()).toBe(0);

    // the same in the unit's auto-complete
    await page.locator('#unit').click();
    await page.locator('.ant-select-dropdown:visible').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('.ant-select-dropdown:visible').count(), WAIT).toBe(0);
    expect(await dialog().isVisible()).toBe(true);

    // a changed form asks first: keep editing keeps what was typed
    await page.locator('#code').fill('LKITNEW');
    await page.keyboard.press('Escape');
    await expect.poll(() => confirmBox().innerText(), WAIT).toContain('Discard changes?');
    await shot(page, 'list-kit-unsaved');
    await page.getByTestId('confirm-cancel').click();
    // the first question gone before the next is asked (its fading OK button must not take the next click)
    await page.getByTestId('confirm-cancel').waitFor({ state: 'detached' });
    expect(await page.locator('#code').inputValue()).toBe('LKITNEW');
    // Cancel asks as well; discarding closes the dialog
    await page.getByTestId('form-cancel').click();
    await page.getByTestId('confirm-ok').click();
    await expect.poll(() => dialog().count(), WAIT).toBe(0);

    // an untouched dialog closes with Escape at once
    await page.getByTestId('drug-create').click();
    await dialog().waitFor();
    await page.locator('#code').focus();
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog().count(), WAIT).toBe(0);
  });

  it('locks the code of an existing record, in both languages', { timeout: 60_000 }, async () => {
    await searchDrugs('LKIT');
    await page
      .locator('tr.ant-table-row', { hasText: code(2) })
      .getByTestId('row-edit')
      .click();
    await dialog().waitFor();
    expect(await page.locator('#code').isDisabled()).toBe(true);
    expect(await page.locator('#code').inputValue()).toBe(code(2));
    expect(await dialog().innerText()).toContain('A code cannot be changed once created');
    await page.locator('#specification').fill('10 mL');
    await page.getByTestId('form-submit').click();
    await expect.poll(() => dialog().count(), WAIT).toBe(0);
    const saved = await api<{ records: { code: string; specification: string | null }[] }>(
      page,
      `/v1/medication/page?queryCondition=${code(2)}`,
    );
    expect(saved.records.find((drug) => drug.code === code(2))?.specification).toBe('10 mL');

    await switchLanguage(page, 'zh-CN');
    await page
      .locator('tr.ant-table-row', { hasText: code(2) })
      .getByTestId('row-edit')
      .click();
    await dialog().waitFor();
    expect(await page.locator('#code').isDisabled()).toBe(true);
    expect(await dialog().innerText()).toContain('编码创建后不可修改');
    await shot(page, 'list-kit-code-locked-zh');
    await page.getByTestId('form-cancel').click();
    await expect.poll(() => dialog().count(), WAIT).toBe(0);
    await switchLanguage(page, 'en-US');
  });
});
