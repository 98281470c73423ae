import fs from 'node:fs';
import ExcelJS from 'exceljs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, baseUrl, launchBrowser, loginViaForm, shot, switchLanguage } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** pages load lazily and statistics come from the server: give them time */
const WAIT = { timeout: 20_000 };
const HOSPITAL_ZONE = 'Asia/Shanghai';

/** A context on the hospital's clock, as the wards' browsers are (the demo's "this month"). */
function hospitalContext(width = 1440): Promise<BrowserContext> {
  return browser.newContext({
    acceptDownloads: true,
    baseURL: baseUrl(),
    viewport: { width, height: 900 },
    locale: 'en-US',
    timezoneId: HOSPITAL_ZONE,
  });
}

/** This year and month (1-12) in the hospital's time zone. */
function hospitalMonth(): { year: number; month: number } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: HOSPITAL_ZONE,
    year: 'numeric',
    month: 'numeric',
  }).formatToParts(new Date());
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: part('year'), month: part('month') };
}

type Counts = { testCount: number; personCount: number; inTargetCount: number };
type YearAnalysis = { departmentName: string; months: (Counts & { month: number })[]; total: Counts };
type DepartmentAnalysis = {
  beginDate: string;
  endDate: string;
  departments: (Counts & { departmentCode: string; departmentName: string })[];
  total: Counts;
};

const number = (text: string) => Number(text.replace(/[^\d.-]/g, ''));

/** The readings of a month row (1-12) or of the total row, as the table shows them. */
async function readingsCell(page: Page, month: number | 'total'): Promise<number> {
  const row =
    month === 'total'
      ? page.getByTestId('stats-table').locator('.ant-table-summary .gc-stats-total')
      : page.getByTestId('stats-table').locator(`tr[data-row-key="${month}"]`);
  return number(await row.getByTestId('stats-testCount').innerText());
}

/** Picks a department in the page's department picker. */
async function chooseDepartment(page: Page, name: string) {
  await page.locator('.gc-stats-department .ant-select-selector').click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper')
    .filter({ hasText: name })
    .first()
    .click();
}

/** Opens a page of the Statistics group from the side menu. */
async function openFromMenu(page: Page, group: string, item: string) {
  const sidebar = page.getByTestId('sidebar');
  const link = sidebar.getByText(item, { exact: true });
  if (!(await link.isVisible())) await sidebar.getByText(group, { exact: true }).click();
  await link.click();
}

async function expectXlsx(path: string) {
  const bytes = fs.readFileSync(path);
  expect(bytes.length).toBeGreaterThan(1000);
  // an .xlsx is a zip archive
  expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  expect(workbook.worksheets.length).toBeGreaterThan(0);
  return workbook;
}

describe('hospital glucose statistics', () => {
  it('the yearly statistics: 12 months and a total matching the API, department, Excel, Chinese', {
    timeout: 180_000,
  }, async () => {
    const context = await hospitalContext();
    const page = await context.newPage();
    await loginViaForm(page, 'admin', 'Admin@123456');
    const { year, month } = hospitalMonth();

    await openFromMenu(page, 'Statistics', 'Yearly glucose statistics');
    await page.waitForURL('**/statistics/year', WAIT);
    await page.getByTestId('year-statistics-page').waitFor(WAIT);
    const table = page.getByTestId('stats-table');
    await expect.poll(() => table.locator('tr[data-row-key]').count(), WAIT).toBe(12);
    expect(await table.getByTestId('stats-month').allInnerTexts()).toEqual([
      'Jan',
      'Feb',
      'Mar',
      'Apr',
      'May',
      'Jun',
      'Jul',
      'Aug',
      'Sep',
      'Oct',
      'Nov',
      'Dec',
    ]);
    expect(await table.locator('.gc-stats-total').innerText()).toContain('Total');
    expect(await page.getByTestId('stats-subject').innerText()).toBe(
      `${year} · GlucoCare Demo General Hospital`,
    );

    // the demo readings of this month, as the API counts them
    const all = await api<YearAnalysis>(page, `/v1/statistics/gluYearAnalysis?year=${year}`);
    expect(all.months).toHaveLength(12);
    const thisMonth = all.months.find((row) => row.month === month)!;
    expect(thisMonth.testCount).toBeGreaterThan(0);
    expect(await readingsCell(page, month)).toBe(thisMonth.testCount);
    expect(await readingsCell(page, 'total')).toBe(all.total.testCount);
    expect(number(await page.getByTestId('stats-tile-readings').innerText())).toBe(all.total.testCount);
    await page.getByTestId('stats-chart').locator('svg').waitFor(WAIT);
    // rates: two decimals and %, a dash without readings
    const rate = await table
      .locator(`tr[data-row-key="${month}"]`)
      .getByTestId('stats-inTargetRate')
      .innerText();
    expect(rate).toMatch(/^\d{1,3}\.\d{2}%$/);
    if (month > 1) {
      expect(await table.locator('tr[data-row-key="1"]').getByTestId('stats-inTargetRate').innerText()).toBe(
        '—',
      );
    }
    await shot(page, 'statistics-year');

    // no future years in the picker
    await page.locator('.gc-stats-year').click();
    const nextYear = page.locator('.ant-picker-dropdown:visible .ant-picker-cell', {
      hasText: String(year + 1),
    });
    await expect
      .poll(() => nextYear.first().getAttribute('class'), WAIT)
      .toContain('ant-picker-cell-disabled');
    await page.keyboard.press('Escape');

    // one department
    await chooseDepartment(page, 'Endocrinology');
    await expect
      .poll(() => page.getByTestId('stats-subject').innerText(), WAIT)
      .toBe(`${year} · Endocrinology`);
    const endo = await api<YearAnalysis>(
      page,
      `/v1/statistics/gluYearAnalysis?year=${year}&departmentCode=ENDO`,
    );
    const endoMonth = endo.months.find((row) => row.month === month)!;
    expect(endoMonth.testCount).toBeGreaterThan(0);
    expect(endoMonth.testCount).toBeLessThan(thisMonth.testCount);
    await expect.poll(() => readingsCell(page, month), WAIT).toBe(endoMonth.testCount);
    expect(await readingsCell(page, 'total')).toBe(endo.total.testCount);

    // the server's Excel file
    const [download] = await Promise.all([
      page.waitForEvent('download', WAIT),
      page.getByTestId('export-excel').click(),
    ]);
    expect(download.suggestedFilename()).toBe(`Yearly glucose statistics_${year}_Endocrinology.xlsx`);
    await expectXlsx(await download.path());

    // Chinese
    await switchLanguage(page, 'zh-CN');
    const heading = page.getByTestId('year-statistics-page').locator('.gc-page-title');
    await expect.poll(() => heading.innerText(), WAIT).toBe('年度血糖统计');
    await expect.poll(() => page.getByTestId('stats-subject').innerText(), WAIT).toBe(`${year} · 内分泌科`);
    const head = await table.locator('thead').innerText();
    for (const word of [
      '月份',
      '测量次数',
      '测量人数',
      '达标',
      '低血糖',
      '危急低值',
      '高血糖',
      '危急高值',
      '占比',
    ]) {
      expect(head).toContain(word);
    }
    expect(await table.locator('.gc-stats-total').innerText()).toContain('合计');
    expect(await table.getByTestId('stats-month').first().innerText()).toBe('1月');
    expect(await page.getByTestId('export-excel').innerText()).toContain('导出 Excel');
    await shot(page, 'statistics-year-zh');
    await context.close();
  });

  it('the department statistics: a row per department and a total, range check, Excel, Chinese', {
    timeout: 180_000,
  }, async () => {
    const context = await hospitalContext();
    const page = await context.newPage();
    await loginViaForm(page, 'admin', 'Admin@123456');

    await openFromMenu(page, 'Statistics', 'Department statistics');
    await page.waitForURL('**/statistics/department', WAIT);
    const table = page.getByTestId('stats-table');
    // the five seeded departments, and any a test before this one created (the e2e database is shared);
    // the names are compared with the API's list below
    await expect.poll(() => table.locator('tr[data-row-key]').count(), WAIT).toBeGreaterThanOrEqual(5);
    const subject = await page.getByTestId('stats-subject').innerText();
    const [beginDate, endDate] = subject.split(' – ');
    expect(beginDate).toMatch(/^\d{4}-\d{2}-01$/);
    const analysis = await api<DepartmentAnalysis>(
      page,
      `/v1/statistics/departmentAnalysis?beginDate=${beginDate}&endDate=${endDate}`,
    );
    expect(await table.getByTestId('stats-department-name').allInnerTexts()).toEqual(
      analysis.departments.map((row) => row.departmentName),
    );
    const endo = analysis.departments.find((row) => row.departmentCode === 'ENDO')!;
    expect(endo.testCount).toBeGreaterThan(0);
    expect(
      number(await table.locator('tr[data-row-key="ENDO"]').getByTestId('stats-testCount').innerText()),
    ).toBe(endo.testCount);
    expect(await readingsCell(page, 'total')).toBe(analysis.total.testCount);
    await page.getByTestId('stats-chart').locator('svg').waitFor(WAIT);
    expect(await page.getByTestId('stats-chart').innerText()).toContain('Endocrinology');
    await shot(page, 'statistics-department');

    // the Excel file built in the browser: header, departments, total
    const [download] = await Promise.all([
      page.waitForEvent('download', WAIT),
      page.getByTestId('export-excel').click(),
    ]);
    expect(download.suggestedFilename()).toBe(`Department glucose statistics_${beginDate}_${endDate}.xlsx`);
    const sheet = (await expectXlsx(await download.path())).worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Department');
    expect(sheet.getRow(1).getCell(2).value).toBe('Readings');
    expect(sheet.getRow(1).getCell(5).value).toBe('In target rate (%)');
    expect(sheet.rowCount).toBe(analysis.departments.length + 2);
    expect(sheet.getRow(sheet.rowCount).getCell(1).value).toBe('Total');
    expect(sheet.getRow(sheet.rowCount).getCell(2).value).toBe(analysis.total.testCount);

    // one department
    await chooseDepartment(page, 'Endocrinology');
    await expect.poll(() => table.locator('tr[data-row-key]').count(), WAIT).toBe(1);
    await expect.poll(() => readingsCell(page, 'total'), WAIT).toBe(endo.testCount);

    // more than 366 days: a clear message and no query
    const inputs = page.locator('.gc-stats-range input');
    await inputs.first().click();
    await inputs.first().fill('2024-01-01');
    await inputs.first().press('Enter');
    await inputs.last().fill('2025-06-30');
    await inputs.last().press('Enter');
    await expect
      .poll(() => page.getByTestId('stats-range-problem').innerText(), WAIT)
      .toContain('the range can be at most 366 days');
    expect(await page.getByTestId('stats-table').count()).toBe(0);
    expect(await page.getByTestId('export-excel').isDisabled()).toBe(true);
    // a preset brings the statistics back
    await inputs.first().click();
    await page.locator('.ant-picker-presets li', { hasText: 'This month' }).click();
    await expect.poll(() => page.getByTestId('stats-range-problem').count(), WAIT).toBe(0);
    await expect.poll(() => readingsCell(page, 'total'), WAIT).toBe(endo.testCount);

    // Chinese
    await switchLanguage(page, 'zh-CN');
    const heading = page.getByTestId('department-statistics-page').locator('.gc-page-title');
    await expect.poll(() => heading.innerText(), WAIT).toBe('科室血糖统计');
    await expect.poll(() => table.getByTestId('stats-department-name').innerText(), WAIT).toBe('内分泌科');
    const head = await table.locator('thead').innerText();
    for (const word of ['科室', '测量次数', '测量人数', '达标', '低血糖', '危急低值', '高血糖', '危急高值']) {
      expect(head).toContain(word);
    }
    expect(await table.locator('.gc-stats-total').innerText()).toContain('合计');
    await shot(page, 'statistics-department-zh');
    await context.close();
  });

  it('fits a phone', { timeout: 120_000 }, async () => {
    const context = await hospitalContext(390);
    const page = await context.newPage();
    await loginViaForm(page, 'admin', 'Admin@123456');
    for (const path of ['/statistics/year', '/statistics/department']) {
      await page.goto(path);
      await page.getByTestId('stats-table').waitFor(WAIT);
      await page.getByTestId('stats-chart').locator('svg').waitFor(WAIT);
      // the table scrolls inside its card; the page itself does not scroll sideways
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
      await shot(page, `statistics-${path.split('/').pop()}-phone`);
    }
    await context.close();
  });
});
