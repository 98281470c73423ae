import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, launchBrowser, loginViaForm, newContext, shot, switchLanguage } from './support';

let browser: Browser;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gc-import-'));
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const WAIT = { timeout: 15_000 };
const dialog = (page: Page) => page.getByTestId('import-dialog');

/** Downloads the template from the open dialog: where it was saved and its headers. */
async function downloadTemplate(
  page: Page,
): Promise<{ template: string; fileName: string; headers: unknown[] }> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('import-template').click(),
  ]);
  const file = path.join(dir, download.suggestedFilename());
  await download.saveAs(file);
  const sheet = (await readWorkbook(file)).worksheets[0] as ExcelJS.Worksheet;
  const headers = (sheet.getRow(1).values as unknown[]).slice(1);
  return { template: file, fileName: download.suggestedFilename(), headers };
}

async function readWorkbook(file: string) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  return workbook;
}

/** Fills the template: its example row replaced by `rows` (cells in header order); saves and uploads it. */
async function upload(page: Page, template: string, rows: (string | null)[][], name: string) {
  const workbook = await readWorkbook(template);
  const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
  sheet.spliceRows(2, 1);
  for (const row of rows) sheet.addRow(row);
  const file = path.join(dir, `${name}.xlsx`);
  await workbook.xlsx.writeFile(file);
  await dialog(page).locator('input[type="file"]').setInputFiles(file);
}

async function drugCodes(page: Page, text: string): Promise<string[]> {
  const result = await api<{ records: { code: string }[] }>(
    page,
    `/v1/medication/page?queryCondition=${text}`,
  );
  return result.records.map((row) => row.code);
}

describe('import from the Excel template', () => {
  it('imports two drugs from the filled template, and stores nothing from a file with a bad row', {
    timeout: 120_000,
  }, async () => {
    const page = await (await newContext(browser)).newPage();
    await loginViaForm(page, 'admin', 'Admin@123456');
    await page.goto('/system/drug');
    await page.getByTestId('import-drugs').click();
    const { template, fileName, headers } = await downloadTemplate(page);
    expect(fileName).toBe('Drugs-import-template.xlsx');
    expect(headers.slice(0, 5)).toEqual([
      'Code *',
      'Short code',
      'Name (Chinese)',
      'Name (English)',
      'Unit *',
    ]);
    await shot(page, 'import-dialog-en');

    // code, short code, Chinese name, English name, unit, category, specification, enabled
    await upload(
      page,
      template,
      [
        ['AA-IMP-1', null, '导入一号', 'Imported one', 'mg', 'ORAL_AD', null, 'Yes'],
        ['AA-IMP-2', 'AIP', null, 'Imported two', 'IU', null, '10 mL', 'No'],
      ],
      'good',
    );
    await expect.poll(() => dialog(page).innerText(), WAIT).toContain('2 rows imported');
    await page.getByTestId('import-close').click();
    // the list refreshed by itself
    await expect.poll(() => page.locator('body').innerText(), WAIT).toContain('AA-IMP-2');
    expect(await drugCodes(page, 'AA-IMP')).toEqual(['AA-IMP-1', 'AA-IMP-2']);

    await page.getByTestId('import-drugs').click();
    await upload(
      page,
      template,
      [
        ['AA-BAD-1', null, null, 'Fine', 'mg', null, null, null],
        ['AA-BAD-2', null, null, 'No unit', null, null, null, null],
        ['AA-IMP-1', null, null, 'Taken', 'mg', null, null, null],
        ['AA-BAD-5', null, null, 'Unknown category', 'mg', 'NOPE', null, null],
      ],
      'bad',
    );
    const problems = dialog(page).getByTestId('import-problems');
    await expect.poll(() => problems.isVisible(), WAIT).toBe(true);
    const text = await problems.innerText();
    // the sheet's own row numbers, the column's header, the message
    expect(text).toMatch(/3\s+Unit\s+/);
    expect(text).toMatch(/4\s+Code\s+A drug with this code already exists/);
    expect(text).toMatch(/5\s+Category code\s+Unknown drug category: NOPE/);
    expect(await dialog(page).getByTestId('import-problems-message').innerText()).toContain(
      'Nothing was imported',
    );
    await shot(page, 'import-problems-en');
    expect(await drugCodes(page, 'AA-BAD')).toEqual([]);
    await page.context().close();
  });

  it('works in Chinese: Chinese headers, messages and a dictionary import', {
    timeout: 120_000,
  }, async () => {
    const page = await (await newContext(browser)).newPage();
    await loginViaForm(page, 'admin', 'Admin@123456');
    await switchLanguage(page, 'zh-CN');
    await page.goto('/system/dictionary');
    await page.getByTestId('import-dictionaries').click();
    await expect.poll(() => dialog(page).innerText(), WAIT).toContain('下载模板');
    const { template, fileName, headers } = await downloadTemplate(page);
    expect(fileName).toBe('字典-导入模板.xlsx');
    expect(headers).toEqual(['字典类型 *', '代码 *', '中文名称 *', '英文名称 *', '值', '排序', '启用']);

    await upload(page, template, [['importReason', 'a1', '甲', null, null, null, '是']], 'zh-bad');
    const problems = dialog(page).getByTestId('import-problems');
    await expect.poll(() => problems.isVisible(), WAIT).toBe(true);
    expect(await problems.innerText()).toMatch(/2\s+英文名称\s+/);
    await shot(page, 'import-problems-zh');

    await upload(
      page,
      template,
      [
        ['importReason', 'a1', '甲', 'A', null, '1', '是'],
        ['importReason', 'b2', '乙', 'B', null, '2', '否'],
      ],
      'zh-good',
    );
    await expect.poll(() => dialog(page).innerText(), WAIT).toContain('已导入 2 行');
    const entries = await api<{ records: { code: string; isActive: boolean }[] }>(
      page,
      '/v1/dict/page?type=importReason',
    );
    expect(entries.records.map(({ code, isActive }) => [code, isActive])).toEqual([
      ['a1', true],
      ['b2', false],
    ]);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('import-close').click();
    await page.getByTestId('import-dictionaries').click();
    await shot(page, 'import-dialog-zh-phone');
    await page.context().close();
  });
});
