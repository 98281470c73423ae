import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { call, launchBrowser, loginViaForm, newContext, shot } from './support';

let browser: Browser;
let db: pg.Client;
const WAIT = { timeout: 15_000 };
const stamp = Date.now().toString(36).slice(-6).toUpperCase();
/** The run's own meter (11 characters) and patient wristband. */
const SN = `QE${stamp}`.padEnd(11, '0').slice(0, 11);
const BAND = `QCE2E-${stamp}`;

type Lock = { locked: boolean; reasons: string[]; heldCount: number };

beforeAll(async () => {
  browser = await launchBrowser();
  db = new pg.Client({ connectionString: inject('e2eDatabaseUrl') });
  await db.connect();
});
afterAll(async () => {
  await browser?.close();
  await db?.end();
});

/** An ENDO meter with the demo lots in use, and an ENDO inpatient wearing the run's wristband. */
async function setUp(): Promise<number> {
  const { rows } = await db.query<{ id: string }>(
    `insert into analyzers (tenant_id, model, sn, work_station, department_code, control_solution_id, test_strip_id)
     select '101', 'Accu-Chek Inform II', $1, 'E2E station', 'ENDO',
            (select id from control_solutions where tenant_id = '101' and lot_number = 'CS24A1107'),
            (select id from test_strips where tenant_id = '101' and lot_number = 'TS2409A33')
     returning id`,
    [SN],
  );
  const { rows: patient } = await db.query<{ id: string }>(
    `insert into patients (tenant_id, name, gender, date_of_birth, department_code, bed, status, inpatient_number,
                           wristband_code, admitted_at)
     values ('101', $1, 'female', '1961-04-02', 'ENDO', '21', 'inHospital', $2, $3, now() - interval '3 days')
     returning id`,
    [`QC Held ${stamp}`, `QC-${stamp}`, BAND],
  );
  await db.query(
    `insert into patient_admissions (tenant_id, patient_id, inpatient_number, wristband_code, department_code, bed,
                                     admitted_at)
     values ('101', $1, $2, $3, 'ENDO', '21', now() - interval '3 days')`,
    [Number(patient[0]!.id), `QC-${stamp}`, BAND],
  );
  return Number(rows[0]!.id);
}

/** Enters a run of levels 0 and 2 on the QC records page; the evaluation must show `expected` first. */
async function enterRun(page: Page, low: string, high: string, expected: 'pass' | 'fail') {
  await page.getByTestId('qc-run-create').click();
  const dialog = page.getByTestId('qc-run-dialog');
  await dialog.waitFor(WAIT);
  await page.getByTestId('qc-run-analyzer').click();
  await page.keyboard.type(SN);
  await page.keyboard.press('Enter');
  const level = (n: number) =>
    page.locator(`input[data-testid="qc-run-level-${n}"], [data-testid="qc-run-level-${n}"] input`).first();
  await level(0).fill(low);
  // Enter moves on: level 1 (left blank), then level 2
  await level(0).press('Enter');
  await page.keyboard.press('Enter');
  await page.keyboard.type(high);
  const verdict = page.getByTestId('qc-evaluation').locator('[data-testid="qc-result-tag"]').first();
  await expect.poll(() => verdict.getAttribute('data-result'), WAIT).toBe(expected);
  if (expected === 'fail') {
    // the failure texts are required: saving without them keeps the dialog open with the message
    await page.getByTestId('form-submit').click();
    await page.getByText('The run failed: please enter the failure reason').first().waitFor(WAIT);
    await page.getByTestId('qc-run-failure-reason').fill('Control vial left open');
    await page.getByTestId('qc-run-improvement').fill('New vial opened; run repeated');
  }
  await page.getByTestId('form-submit').click();
  await dialog.waitFor({ state: 'hidden', ...WAIT });
}

async function openDrawer(page: Page) {
  await page.locator('input[id$="queryCondition"]').first().fill(SN);
  await page.locator('input[id$="queryCondition"]').first().press('Enter');
  await page.locator('.ant-table-row button', { hasText: SN }).first().click();
  await page.getByTestId('qc-lock-reasons').waitFor(WAIT);
}

describe('QC lockout', () => {
  it('a failing run locks the meter and holds its patient readings; a passing run clears the lock', {
    timeout: 240_000,
  }, async () => {
    const analyzerId = await setUp();
    const context = await newContext(browser);
    const page = await context.newPage();
    await loginViaForm(page, 'admin', 'Admin@123456');
    await page.goto('/quality/record');
    await page.getByTestId('qc-record-page').waitFor(WAIT);

    // 3.6 is above the range 2.2-3.4 of level 0 (and +4 SD): the run fails
    await enterRun(page, '3.6', '16.7', 'fail');
    const locked = await call<Lock>(page, 'GET', `/v1/devices/${analyzerId}/lock`);
    // failed first; a new meter that never passed is also overdue by the schedule
    expect(locked).toMatchObject({ locked: true, reasons: ['failedQc', 'overdue'] });

    // a patient reading uploaded by the meter is kept but held
    await call(page, 'POST', '/v1/testRecord/upload', {
      source: 'meter',
      records: [
        {
          deviceSerial: SN,
          deviceRecordNo: `P-${stamp}`,
          category: 'GLU',
          testTime: new Date(Date.now() - 60_000).toISOString(),
          result: 7.4,
          unit: 'mmolL',
          wristbandCode: BAND,
          operator: 'nurse01',
        },
      ],
    });
    await openDrawer(page);
    const drawer = page.getByTestId('qc-lockout-drawer');
    await expect
      .poll(() => drawer.locator('[data-testid="qc-lock-tag"]').getAttribute('data-locked'), WAIT)
      .toBe('true');
    await drawer.locator('[data-reason="failedQc"]').waitFor(WAIT);
    // the override lifts only the schedule part: the failed QC is not among what it lifts
    const hint = await drawer.getByTestId('qc-override').textContent();
    expect(hint).toContain('A QC run is overdue by the schedule');
    expect(hint).not.toContain('The last QC failed');
    const held = drawer.getByTestId('qc-held').locator('.ant-table-row');
    await expect.poll(() => held.count(), WAIT).toBe(1);
    await expect.poll(() => held.first().textContent(), WAIT).toContain(`QC Held ${stamp}`);
    await shot(page, 'qc-lockout-drawer-locked');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden', ...WAIT });

    // the approval list shows it with the QC locked tag
    await page.goto('/measurement/approval');
    await page.getByTestId('approval-page').waitFor(WAIT);
    await page.getByTestId('filter-keyword').fill(`QC-${stamp}`);
    await page.getByTestId('filter-keyword').press('Enter');
    await page.getByTestId('qc-hold-tag').first().waitFor(WAIT);
    // it cannot be approved from the list
    expect(await page.getByTestId('approve-one').first().isDisabled()).toBe(true);

    // a passing run on the page clears the lock
    await page.goto('/quality/record');
    await page.getByTestId('qc-record-page').waitFor(WAIT);
    await enterRun(page, '2.85', '16.5', 'pass');
    expect(await call<Lock>(page, 'GET', `/v1/devices/${analyzerId}/lock`)).toMatchObject({
      locked: false,
      reasons: [],
      heldCount: 1,
    });
    await openDrawer(page);
    await expect
      .poll(() => drawer.locator('[data-testid="qc-lock-tag"]').getAttribute('data-locked'), WAIT)
      .toBe('false');
    await shot(page, 'qc-lockout-drawer-cleared');
    await context.close();
  });
});
