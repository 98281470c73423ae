import ExcelJS from 'exceljs';
import pg from 'pg';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { encryptForTransport } from '../apps/server/src/modules/auth/password-crypto';
import { baseUrl, launchBrowser, loginViaForm, shot, switchLanguage } from './support';

let browser: Browser;
let db: pg.Client;
let patientId: number;
const ids: number[] = [];
const PATIENT = 'Approval Walker';
/** pages load lazily and lists come from the server: give them time */
const WAIT = { timeout: 15_000 };

beforeAll(async () => {
  browser = await launchBrowser();
  db = new pg.Client({ connectionString: inject('e2eDatabaseUrl') });
  await db.connect();
  // an ENDO inpatient with three pending glucose readings of the last minute
  const { rows } = await db.query<{ id: string }>(
    `insert into patients (tenant_id, name, gender, department_code, bed, inpatient_number, admitted_at)
     values ('101', $1, 'female', 'ENDO', 'E-31', 'RVE2E0001', now() - interval '2 days') returning id`,
    [PATIENT],
  );
  patientId = Number(rows[0].id);
  const values = [8.4, 12.6, 5.1];
  for (const [index, value] of values.entries()) {
    const inserted = await db.query<{ id: string }>(
      `insert into measurements (tenant_id, patient_id, department_code, item, period_code, test_time, value,
                                 entered_value, entered_unit, classification, status, tester_name)
       values ('101', $1, 'ENDO', 'GLU', 'fasting', now() - make_interval(secs => $2), $3, $3, 'mmolL',
               $4, 'pending', 'Nurse Wang Fang') returning id`,
      [patientId, (index + 1) * 15, value, value > 10 ? 'high' : 'normal'],
    );
    ids.push(Number(inserted.rows[0].id));
  }
});
afterAll(async () => {
  await browser?.close();
  await db?.end();
});

/** A context on the hospital's clock (Asia/Shanghai), as the ward's browsers are. */
function hospitalContext(width = 1440): Promise<BrowserContext> {
  return browser.newContext({
    acceptDownloads: true,
    baseURL: baseUrl(),
    viewport: { width, height: 900 },
    locale: 'en-US',
    timezoneId: 'Asia/Shanghai',
  });
}

const body = (page: Page) => page.locator('body').innerText();

async function search(page: Page, keyword: string) {
  await page.getByTestId('filter-keyword').fill(keyword);
  // Enter submits the search form (the Query button's name changes while the table loads)
  await page.getByTestId('filter-keyword').press('Enter');
}

/** Opens the collapsed search form (ProTable's "Expand" link). */
async function expandSearch(page: Page) {
  await page.locator('.ant-pro-query-filter-collapse-button').click();
}

async function apiToken(userName: string, password: string): Promise<string> {
  const config = (await (await fetch(`${baseUrl()}/project.config.json`)).json()) as { publicKey: string };
  const response = await fetch(`${baseUrl()}/app-service/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      tenant: '101',
      userName,
      password: encryptForTransport(config.publicKey, password),
    }),
  });
  return ((await response.json()) as { dataContent: { access_token: string } }).dataContent.access_token;
}

describe('approval and data management', () => {
  it('approves in batch, corrects an approved value with a reason and exports Excel', {
    timeout: 180_000,
  }, async () => {
    const page = await (await hospitalContext()).newPage();
    await loginViaForm(page, 'reviewer01', 'Review@2026');
    await page.goto('/measurement/approval');
    await expect.poll(() => page.getByTestId('approval-page').count(), WAIT).toBe(1);

    // nothing selected: the §5 message, nothing sent
    await page.getByTestId('approve-selected').click();
    await expect.poll(() => body(page), WAIT).toContain('Please select at least one record');

    await search(page, PATIENT);
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await expect.poll(() => rows.count(), WAIT).toBe(3);
    expect(await page.locator('[data-testid="reading-value"][data-class="high"]').innerText()).toBe('12.6');
    await shot(page, 'review-approval');

    await page.locator('.ant-table-thead .ant-checkbox-input').check();
    await expect.poll(() => page.getByTestId('selected-count').innerText(), WAIT).toContain('3');
    await page.getByTestId('approve-selected').click();
    await expect
      .poll(() => page.locator('.ant-modal-confirm').innerText(), WAIT)
      .toContain('Approve the 3 selected record(s)?');
    await page.getByTestId('confirm-ok').click();
    await expect.poll(() => body(page), WAIT).toContain('3 record(s) approved');
    // approved readings leave the pending list
    await expect.poll(() => page.getByTestId('table-empty').count(), WAIT).toBe(1);
    const stored = await db.query<{ status: string; approved_by_name: string }>(
      'select status, approved_by_name from measurements where id = any($1::bigint[])',
      [ids],
    );
    expect(stored.rows.map((row) => [row.status, row.approved_by_name])).toEqual([
      ['approved', 'Zhang Min'],
      ['approved', 'Zhang Min'],
      ['approved', 'Zhang Min'],
    ]);

    // data management: they show approved, by whom
    await page.goto('/measurement/data');
    await expect.poll(() => page.getByTestId('data-page').count(), WAIT).toBe(1);
    await expandSearch(page);
    await search(page, PATIENT);
    await expect
      .poll(() => page.locator('[data-testid="status-tag"][data-status="approved"]').count(), WAIT)
      .toBe(3);

    // only the patient's three rows (the search has been applied, not the first page of every reading)
    await expect.poll(() => page.locator('.ant-table-tbody tr.ant-table-row').count(), WAIT).toBe(3);
    // correct the 8.4 (the newest of the three, first row) with a reason
    const row = page
      .locator('.ant-table-tbody tr.ant-table-row')
      .filter({ has: page.locator('[data-testid="reading-value"]', { hasText: /^8\.4$/ }) });
    await row.getByTestId('correct-reading').click();
    const dialog = page.locator('.ant-modal:visible');
    await expect.poll(() => dialog.innerText(), WAIT).toContain('Correct the reading');
    await dialog.getByTestId('correct-result').fill('6.2');
    await dialog.getByTestId('form-submit').click();
    // the reason is required
    await expect.poll(() => dialog.innerText(), WAIT).toContain('Please enter the reason');
    await dialog.getByTestId('correct-reason').fill('Meter value copied wrongly');
    await dialog.getByTestId('form-submit').click();
    await expect.poll(() => body(page), WAIT).toContain('The reading was corrected');
    await expect
      .poll(
        () =>
          page
            .locator('[data-testid="reading-value"]')
            .evaluateAll((els) => els.map((el) => el.getAttribute('data-value'))),
        WAIT,
      )
      .toEqual(['6.2', '12.6', '5.1']);
    await shot(page, 'review-data-corrected');

    // the correction is in the audit log, with its reason
    const token = await apiToken('admin', 'Admin@123456');
    const audit = await fetch(
      `${baseUrl()}/app-service/v1/audit/page?entity=measurement&patientId=${patientId}&size=50`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    const records = (
      (await audit.json()) as {
        dataContent: { records: { action: string; entityId: string; reason: string | null }[] };
      }
    ).dataContent.records;
    expect(
      records
        .filter((r) => r.action === 'approve')
        .map((r) => Number(r.entityId))
        .sort(),
    ).toEqual([...ids].sort());
    expect(records.find((r) => r.entityId === String(ids[0]) && r.action !== 'approve')).toMatchObject({
      reason: 'Meter value copied wrongly',
    });

    // Excel export of the query
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('export-excel').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^Blood glucose_\d{4}-\d{2}-01_\d{4}-\d{2}-\d{2}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    const sheet = workbook.worksheets[0];
    expect(sheet.getRow(1).getCell(1).value).toBe('Test time');
    expect(sheet.getRow(1).getCell(8).value).toBe('Result (mmol/L)');
    const exported = [2, 3, 4].map((n) => [
      sheet.getRow(n).getCell(2).value,
      sheet.getRow(n).getCell(8).value,
    ]);
    expect(exported).toEqual([
      [PATIENT, 6.2],
      [PATIENT, 12.6],
      [PATIENT, 5.1],
    ]);
  });

  it('shows both screens in Chinese on a phone', { timeout: 120_000 }, async () => {
    const page = await (await hospitalContext(390)).newPage();
    await loginViaForm(page, 'reviewer01', 'Review@2026');
    await page.goto('/measurement/approval');
    await expect.poll(() => page.getByTestId('approval-page').count(), WAIT).toBe(1);
    await switchLanguage(page, 'zh-CN');
    await expect.poll(() => body(page), WAIT).toContain('记录审核');
    await page.getByTestId('approve-selected').click();
    await expect.poll(() => body(page), WAIT).toContain('请至少选择一条记录');
    await shot(page, 'review-approval-zh-390');

    await page.goto('/measurement/data');
    await expect.poll(() => body(page), WAIT).toContain('数据管理');
    await expandSearch(page);
    await shot(page, 'review-data-zh-390-form');
    await search(page, PATIENT);
    await expect.poll(() => page.locator('[data-testid="status-tag"]').count(), WAIT).toBe(3);
    expect(await body(page)).toContain('结果');
    // no sideways scrolling of the page itself at phone width
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, 'review-data-zh-390');
  });
});
