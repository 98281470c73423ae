import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { chooseOption, launchBrowser, loginViaForm, newContext, shot } from './support';

let browser: Browser;
let db: pg.Client;
const WAIT = { timeout: 15_000 };
const SN = 'GM2026E0002';

/**
 * Three level-1 runs of the ENDO meter GM2026E0002 in the current hospital month (its first minutes,
 * Shanghai time), as the evaluation writes them: in control, a 1-2s warning, a 1-3s failure.
 */
async function insertRuns(): Promise<void> {
  await db.query(
    `insert into qc_records (tenant_id, analyzer_id, analyzer_sn, department_code, item, level, tested_at, test_value,
                             control_lot, strip_lot, target, sd, range_low, range_high, result, in_range, violations,
                             rejected, tester_name, failure_reason, improvement_actions)
     select '101', a.id, a.sn, a.department_code, 'GLU', 1,
            (date_trunc('month', now() at time zone 'Asia/Shanghai') at time zone 'Asia/Shanghai') + r.minute * interval '1 minute',
            r.value, 'CS24A1107', 'TS2409A33', 7.0, 0.35, 5.95, 8.05, r.result, r.in_range, r.violations, r.rejected,
            'Nurse Wang Fang', r.reason, r.actions
       from analyzers a,
            (values (1, 7.05, 'pass', true, '{}'::text[], false, null, null),
                    (2, 7.80, 'pass', true, '{1-2s}'::text[], false, null, null),
                    (3, 8.20, 'fail', false, '{1-3s}'::text[], true, 'Strip vial left open', 'New vial, repeated')
            ) r(minute, value, result, in_range, violations, rejected, reason, actions)
      where a.tenant_id = '101' and a.sn = $1`,
    [SN],
  );
}

async function signedIn(userName: string, password: string): Promise<Page> {
  const context = await newContext(browser);
  const page = await context.newPage();
  await loginViaForm(page, userName, password);
  return page;
}

/** The monthly report row of the meter (last month, the page's default). */
const reportRow = (page: Page) =>
  page.getByTestId('qc-report-list').locator('tr.ant-table-row').filter({ hasText: SN });

beforeAll(async () => {
  browser = await launchBrowser();
  db = new pg.Client({ connectionString: inject('e2eDatabaseUrl') });
  await db.connect();
  await insertRuns();
});
afterAll(async () => {
  await browser?.close();
  await db?.end();
});

describe('QC analysis', () => {
  it('reads the Levey-Jennings curve of a demo meter', { timeout: 120_000 }, async () => {
    const page = await signedIn('nurse01', 'Nurse@2026');
    await page.goto('/quality/curve');
    await page.getByTestId('qc-curve-page').waitFor(WAIT);
    await chooseOption(page, page.getByTestId('qc-curve-analyzer'), new RegExp(SN));
    const rows = page.getByTestId('qc-curve-points').locator('tr.ant-table-row');
    await expect.poll(() => rows.count(), WAIT).toBe(3);
    await expect.poll(() => page.getByTestId('qc-figure-n').textContent(), WAIT).toBe('3');
    // 7.05, 7.8, 8.2: mean 7.683
    expect(await page.getByTestId('qc-figure-mean').textContent()).toBe('7.683');
    const failed = rows.filter({ hasText: 'Fail' });
    expect(await failed.count()).toBe(1);
    expect(await failed.textContent()).toContain('1-3s');
    expect(await page.getByTestId('qc-figure-violations').textContent()).toContain('1-3s × 1');
    await page.getByTestId('qc-curve-chart').waitFor(WAIT);
    await shot(page, 'qc-curve');
    await page.context().close();
  });

  it('submits a monthly report as a nurse, archives it as a reviewer and previews its print', {
    timeout: 180_000,
  }, async () => {
    const nurse = await signedIn('nurse01', 'Nurse@2026');
    await nurse.goto('/quality/report');
    const row = reportRow(nurse);
    await row.waitFor(WAIT);
    expect(await row.getByTestId('qc-report-state').textContent()).toBe('Not submitted');
    // a nurse may submit but not verify
    expect(await row.getByTestId('qc-report-archive').count()).toBe(0);
    await row.getByTestId('qc-report-submit').click();
    const dialog = nurse.getByTestId('qc-report-submit-dialog');
    // the appraisal is required: nothing is sent without it
    await dialog.getByTestId('form-submit').click();
    await dialog.locator('.ant-form-item-explain-error').filter({ hasText: 'appraisal' }).waitFor(WAIT);
    await dialog
      .getByTestId('qc-report-appraisal')
      .fill('All runs in control but one 1-3s, repeated in range.');
    await dialog.getByTestId('form-submit').click();
    await expect.poll(() => row.getByTestId('qc-report-state').textContent(), WAIT).toBe('Submitted');
    await shot(nurse, 'qc-report-submitted');
    await nurse.context().close();

    const reviewer = await signedIn('reviewer01', 'Review@2026');
    await reviewer.goto('/quality/report');
    const reviewed = reportRow(reviewer);
    await reviewed.getByTestId('qc-report-archive').click();
    await reviewer.getByTestId('confirm-ok').click();
    await expect.poll(() => reviewed.getByTestId('qc-report-state').textContent(), WAIT).toBe('Archived');
    expect(await reviewed.textContent()).toContain('Zhang Min');

    await reviewed.getByTestId('qc-report-print').click();
    const sheet = reviewer.getByTestId('qc-report-sheet');
    await sheet.waitFor(WAIT);
    expect(await sheet.textContent()).toContain('All runs in control but one 1-3s, repeated in range.');
    expect(await reviewer.getByTestId('print-sheet').textContent()).toContain(SN);
    await shot(reviewer, 'qc-report-print');
    await reviewer.context().close();
  });
});
