import { wallClockAt } from '@glucocare/domain';
import ExcelJS from 'exceljs';
import pg from 'pg';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { baseUrl, call, launchBrowser, loginViaForm, periodOf, shot } from './support';

/**
 * One clinical clock: the browser runs in New York while the hospital (tenant 101) is in Shanghai. A
 * critical reading taken at 01:30 in Shanghai is 12:30 or 13:30 of the day before in New York; every
 * screen, print and export that shows it must show the Shanghai day and time.
 */

const HOSPITAL = 'Asia/Shanghai';
const BROWSER = 'America/New_York';
const PATIENT = 'Clock Harrington';
const WAIT = { timeout: 20_000 };

let browser: Browser;
let db: pg.Client;

beforeAll(async () => {
  browser = await launchBrowser();
  db = new pg.Client({ connectionString: inject('e2eDatabaseUrl') });
  await db.connect();
});
afterAll(async () => {
  await browser?.close();
  await db?.end();
});

/** The latest 01:30 on the hospital's clock at least a quarter of an hour ago (Shanghai keeps +08:00). */
function readingInstant(now = Date.now()): Date {
  const shanghai = new Date(now + 8 * 3_600_000);
  let at =
    Date.UTC(shanghai.getUTCFullYear(), shanghai.getUTCMonth(), shanghai.getUTCDate(), 1, 30) - 8 * 3_600_000;
  if (at > now - 15 * 60_000) at -= 24 * 3_600_000;
  return new Date(at);
}

const AT = readingInstant();
/** "YYYY-MM-DD HH:mm:ss" on the hospital's clock: what every screen must show */
const SHOWN = wallClockAt(AT, HOSPITAL);
const DAY = SHOWN.slice(0, 10);
/** the same instant on the browser's clock: the day before, around noon — what no screen may show */
const BROWSER_SHOWN = wallClockAt(AT, BROWSER);

function newYorkContext(): Promise<BrowserContext> {
  return browser.newContext({
    acceptDownloads: true,
    baseURL: baseUrl(),
    viewport: { width: 1440, height: 900 },
    locale: 'en-US',
    timezoneId: BROWSER,
  });
}

const text = (locator: Locator) => locator.innerText();

/** The text of the tooltip a hover over `target` opens. */
async function tooltipOf(page: Page, target: Locator): Promise<string> {
  await target.hover();
  const tip = page.locator('.ant-tooltip:visible .ant-tooltip-inner').last();
  await tip.waitFor(WAIT);
  const content = await tip.innerText();
  await page.mouse.move(0, 0);
  return content;
}

/** Picks a day range in an antd range picker by clicking its first and last day in the calendar. */
async function pickRange(page: Page, picker: Locator, from: string, to: string) {
  const inputs = picker.locator('input');
  await inputs.first().click();
  const dropdown = page.locator('.ant-picker-dropdown:visible');
  for (const day of [from, to]) {
    const cell = dropdown.locator(`td.ant-picker-cell-in-view[title="${day}"]`).first();
    // the calendar opens at the months of the current range: go back to the day's month
    for (let step = 0; step < 3 && !(await cell.isVisible()); step++) {
      await dropdown.locator('.ant-picker-header-prev-btn').first().click();
    }
    await cell.click();
  }
  expect([await inputs.first().inputValue(), await inputs.nth(1).inputValue()]).toEqual([from, to]);
}

/** The sheet's cell under a header, in the row whose cells include `name`. */
async function excelCell(page: Page, button: Locator, header: string, name: string): Promise<unknown> {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0]!;
  const headers = (sheet.getRow(1).values as unknown[]).map((value) => String(value ?? ''));
  const column = headers.indexOf(header);
  expect(column, `a "${header}" column in ${headers.join(' | ')}`).toBeGreaterThan(0);
  for (let n = 2; n <= sheet.rowCount; n++) {
    const row = sheet.getRow(n);
    if ((row.values as unknown[]).some((value) => value === name)) return row.getCell(column).value;
  }
  throw new Error(`no row of ${name} in the export`);
}

describe('one clinical clock', () => {
  it('shows a reading at the hospital’s time on every screen, print and export of a browser elsewhere', {
    timeout: 300_000,
  }, async () => {
    expect(SHOWN.slice(11)).toBe('01:30:00');
    expect(BROWSER_SHOWN.slice(0, 10)).not.toBe(DAY);

    const page = await (await newYorkContext()).newPage();
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(BROWSER);
    await loginViaForm(page, 'admin', 'Admin@123456');

    // an inpatient admitted the day before, and a critical low glucose at 01:30 hospital time
    const admitted = await call<{ id: number }>(page, 'POST', '/v1/patients/applyHospitalization', {
      name: PATIENT,
      gender: 'male',
      dateOfBirth: '1965-01-01',
      age: Number(wallClockAt(new Date(), HOSPITAL).slice(0, 4)) - 1965,
      departmentCode: 'ENDO',
      doctorCode: 'doctor01',
      bed: 'TZ-1',
      inpatientNumber: 'TZE2E0001',
      admittedAt: new Date(AT.getTime() - 24 * 3_600_000).toISOString(),
    });
    const patientId = admitted.id;
    const reading = await call<{ id: number }>(page, 'POST', '/v1/testRecord/customerRecord', {
      category: 'GLU',
      patientId,
      period: await periodOf(page, patientId, AT),
      testTime: AT.toISOString(),
      result: 1.8,
      unit: 'mmolL',
    });

    // 1. the patient's glucose tab: the grid's day and the list's time
    await page.goto(`/patient/detail?id=${patientId}&tab=glucose`);
    const gridRow = page.locator(`[data-testid="reading-grid"] tr[data-row-key="${DAY}"]`);
    await gridRow.waitFor(WAIT);
    expect(await tooltipOf(page, gridRow.getByTestId('grid-reading'))).toMatch(/^01:30 · /);
    expect(
      await page
        .locator(`[data-testid="reading-grid"] tr[data-row-key="${BROWSER_SHOWN.slice(0, 10)}"]`)
        .getByTestId('grid-reading')
        .count(),
    ).toBe(0);
    await page.getByTestId('reading-view').getByText('List').click();
    await expect.poll(() => text(page.getByTestId('list-open').first()), WAIT).toBe(SHOWN.slice(0, 16));
    await shot(page, 'time-zone-glucose-list');

    // 2. approval (pending readings)
    await page.goto('/measurement/approval');
    await page.getByTestId('filter-keyword').fill(PATIENT);
    await page.getByTestId('filter-keyword').press('Enter');
    const approvalRow = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: PATIENT });
    await expect.poll(() => approvalRow.count(), WAIT).toBe(1);
    expect(await text(approvalRow)).toContain(SHOWN);
    expect(await text(approvalRow)).not.toContain(BROWSER_SHOWN);

    // 3. data management: the hospital's day picked in the range, the list, the pivot, print, Excel
    await page.goto('/measurement/data');
    await page.getByTestId('data-page').waitFor(WAIT);
    await page.locator('.ant-pro-query-filter-collapse-button').click();
    await page.getByTestId('filter-keyword').fill(PATIENT);
    const range = page.locator('.ant-picker-range').first();
    const dataRows = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: PATIENT });
    // the browser's day of the reading is not the hospital's: nothing that day
    await pickRange(page, range, BROWSER_SHOWN.slice(0, 10), BROWSER_SHOWN.slice(0, 10));
    await page.getByTestId('filter-keyword').press('Enter');
    await expect.poll(() => page.getByTestId('table-empty').count(), WAIT).toBe(1);
    await pickRange(page, range, DAY, DAY);
    await page.getByTestId('filter-keyword').press('Enter');
    await expect.poll(() => dataRows.count(), WAIT).toBe(1);
    expect(await text(dataRows)).toContain(SHOWN);
    expect(await excelCell(page, page.getByTestId('export-excel'), 'Test time', PATIENT)).toBe(SHOWN);

    await page.getByTestId('print-open').click();
    const sheet = page.getByTestId('print-sheet');
    await expect.poll(() => text(sheet), WAIT).toContain(PATIENT);
    expect(await text(sheet)).toContain(SHOWN);
    await shot(page, 'time-zone-print-sheet');
    await page.locator('.ant-modal:visible .ant-modal-close').click();

    await page.getByTestId('view-switch').getByText('By period').click();
    const pivotRow = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: PATIENT });
    await expect.poll(() => text(pivotRow), WAIT).toContain(DAY);
    expect(await tooltipOf(page, pivotRow.getByTestId('reading-value'))).toContain(SHOWN);

    // 4. critical values: the query list and its Excel
    await page.goto('/patient/critical');
    await page.getByRole('tab', { name: 'Query' }).click();
    await page.getByTestId('critical-filter-keyword').fill(PATIENT);
    await page.getByRole('button', { name: 'Query' }).click();
    const criticalRow = page.locator('.ant-table-row').filter({ hasText: PATIENT });
    await expect.poll(() => criticalRow.count(), WAIT).toBe(1);
    expect(await text(criticalRow)).toContain(SHOWN);
    const criticalExport = page.getByTestId('critical-query').getByTestId('export-excel');
    expect(await excelCell(page, criticalExport, 'Measured at', PATIENT)).toBe(SHOWN);

    // 5. the ward: the bed card's latest reading and the inpatient list
    await page.goto('/index');
    const card = page.getByTestId('bed-card').filter({ hasText: PATIENT });
    await card.waitFor(WAIT);
    expect(await tooltipOf(page, card.locator('.gc-bed-reading-meta'))).toBe(SHOWN);

    // 6. the printed record: the day row and the time in its cell
    await page.goto(`/record?id=${patientId}`);
    const recordRow = page.locator('[data-testid="record-grid"] tbody tr').filter({ hasText: DAY });
    await recordRow.first().waitFor(WAIT);
    expect(await text(recordRow.first())).toContain('01:30');
    await shot(page, 'time-zone-record');

    // 7. the audit log: the reading's entry, dated at the reading's instant so that its day differs
    // between the two clocks, is found by the hospital's day and shown at the hospital's time
    await db.query(
      `update audit_log set at = $1 where tenant_id = '101' and entity = 'measurement' and entity_id = $2`,
      [AT.toISOString(), String(reading.id)],
    );
    await page.goto('/system/audit');
    await page.getByPlaceholder('Digits only').fill(String(patientId));
    await pickRange(page, page.locator('.ant-picker-range').first(), DAY, DAY);
    await page.getByRole('button', { name: 'Query' }).click();
    const auditRow = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: SHOWN });
    await expect.poll(() => auditRow.count(), WAIT).toBeGreaterThan(0);
    expect(await text(page.locator('.ant-table-tbody'))).not.toContain(BROWSER_SHOWN);
    await shot(page, 'time-zone-audit');
  });
});
