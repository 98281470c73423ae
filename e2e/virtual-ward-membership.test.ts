import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { call, launchBrowser, loginViaForm, newContext, shot, switchLanguage } from './support';

let browser: Browser;
let db: pg.Client;
const WAIT = { timeout: 15_000 };
const tag = `VW${Date.now().toString(36).slice(-5).toUpperCase()}`;

/** A cardiology inpatient of its own (name starting with the run's tag). */
async function cardiologyPatient(name: string): Promise<number> {
  const { rows } = await db.query<{ id: string }>(
    `insert into patients (tenant_id, name, gender, date_of_birth, department_code, bed, status, inpatient_number,
                           admitted_at)
     values ('101', $1, 'male', '1958-03-02', 'CARD', '12', 'inHospital', $2, now() - interval '3 days')
     returning id`,
    [name, `${name}-NO`],
  );
  const id = Number(rows[0]!.id);
  await db.query(
    `insert into patient_admissions (tenant_id, patient_id, inpatient_number, department_code, bed, admitted_at)
     values ('101', $1, $2, 'CARD', '12', now() - interval '3 days')`,
    [id, `${name}-NO`],
  );
  return id;
}

beforeAll(async () => {
  browser = await launchBrowser();
  db = new pg.Client({ connectionString: inject('e2eDatabaseUrl') });
  await db.connect();
});
afterAll(async () => {
  await browser?.close();
  await db?.end();
});

async function search(page: Page, path: string, form: string, text: string) {
  await page.goto(path);
  await page.locator(`#${form}_queryCondition`).fill(text);
  await page.locator(`#${form}_queryCondition`).press('Enter');
}

describe('virtual ward membership', () => {
  it('joins a patient from the patient page, batch-ends two from the current list, and shows them in history', {
    timeout: 240_000,
  }, async () => {
    const first = await cardiologyPatient(`${tag} Alpha`);
    const second = await cardiologyPatient(`${tag} Beta`);
    const context = await newContext(browser);
    const page = await context.newPage();
    await loginViaForm(page, 'admin', 'Admin@123456');

    // join from the patient page: the badge shows
    await page.goto(`/patient/detail?id=${first}`);
    await page.getByTestId('detail-vw-join').click();
    await page
      .getByTestId('vw-join-suggestion')
      .fill('Basal insulin 10 IU at bedtime; fasting glucose daily');
    await page.getByTestId('vw-join-submit').click();
    await page.getByTestId('patient-vw-badge').waitFor(WAIT);
    await expect.poll(() => page.getByTestId('detail-vw-exit').count(), WAIT).toBe(1);
    await shot(page, 'vw-patient-joined');

    // the second patient joins through the API
    await call(page, 'POST', '/v1/virtualward/join', {
      patientId: second,
      joinedAt: new Date(Date.now() - 3_600_000).toISOString(),
      suggestion: 'Metformin 500 mg twice daily',
      deviceMark: 'cgm',
    });

    // batch end both from the current list, with one reason, after the confirmation
    await search(page, '/virtualward/current', 'virtualWardCurrentSearch', tag);
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await expect.poll(() => rows.count(), WAIT).toBe(2);
    await shot(page, 'vw-current');
    for (let i = 0; i < 2; i++) await rows.nth(i).locator('.ant-checkbox-input').check();
    await page.getByTestId('vw-batch-end').click();
    await page.getByTestId('reason-prompt-input').fill('Glucose stable, back to the ward');
    await page.getByTestId('confirm-ok').click();
    await expect.poll(() => rows.count(), WAIT).toBe(0);

    // both in history with the reason, in both languages
    await search(page, '/virtualward/history', 'virtualWardHistorySearch', tag);
    const ended = page.locator('.ant-table-tbody tr.ant-table-row');
    await expect.poll(() => ended.count(), WAIT).toBe(2);
    await expect.poll(() => ended.first().innerText()).toContain('Glucose stable, back to the ward');
    await switchLanguage(page, 'zh-CN');
    await expect.poll(() => page.getByTestId('vw-history-page').innerText(), WAIT).toContain('历史管理');
    await shot(page, 'vw-history-zh');
    const { rows: stays } = await db.query<{ exit_reason: string }>(
      `select exit_reason from virtual_ward_stays where tenant_id = '101' and patient_id in ($1, $2)`,
      [first, second],
    );
    expect(stays.map((s) => s.exit_reason)).toEqual([
      'Glucose stable, back to the ward',
      'Glucose stable, back to the ward',
    ]);
    await context.close();
  });
});
