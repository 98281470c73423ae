import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  launchBrowser,
  loginViaForm,
  minutesBackToday,
  newContext,
  periodOf,
  shot,
  switchLanguage,
} from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const body = (page: Page) => page.locator('body').innerText();

type Patient = { id: number; name: string; bed: string | null };
type Strategy = { defaultPeriods: string[]; dueSoonMinutes: number; overdueMinutes: number };

describe('critical values and today’s tasks end to end', () => {
  it('a nurse handles an open critical value, finds it by date and value, and sees the due tasks', {
    timeout: 180_000,
  }, async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await loginViaForm(page, 'nurse01', 'Nurse@2026');

    // a critical low glucose of an ENDO inpatient, entered 20 minutes ago
    const patients = await call<{ records: Patient[] }>(
      page,
      'GET',
      '/v1/patients/hospitalizedPatients?departmentCode=ENDO&size=50',
    );
    const patient = patients.records.find((row) => row.bed) ?? patients.records[0]!;
    // 20 minutes ago, or less just after the hospital's midnight (it must be on today's list)
    const back = await minutesBackToday(20);
    const around = new RegExp(`(${back - 1}|${back}|${back + 1}) min`);
    const testTime = new Date(Date.now() - back * 60_000);
    testTime.setSeconds(17, 0);
    await call(page, 'POST', '/v1/testRecord/customerRecord', {
      category: 'GLU',
      patientId: patient.id,
      period: await periodOf(page, patient.id, testTime),
      testTime: testTime.toISOString(),
      result: 1.9,
      unit: 'mmolL',
    });

    // 1. today's list: the value is open, with its running timer
    await page.goto('/patient/critical');
    const card = page
      .getByTestId('critical-card')
      .filter({ hasText: patient.name })
      .filter({ hasText: '1.9' })
      .first();
    await expect.poll(() => card.getAttribute('data-status'), { timeout: 20_000 }).toBe('open');
    expect(await card.getByTestId('critical-open-for').innerText()).toMatch(
      new RegExp(`Open for ${around.source}`),
    );
    await shot(page, 'critical-today-open');

    // 2. handling: the form asks for who was notified and what was done
    await card.getByTestId('critical-handle').click();
    const dialog = page.getByTestId('critical-handle-modal');
    await page.getByTestId('critical-handle-submit').click();
    await expect.poll(() => body(page)).toContain('Please enter who was notified');
    await page.getByTestId('critical-notified-person').locator('input').fill('Dr. Li Wei');
    await page.getByTestId('critical-phrase-recheck').click();
    await page.getByTestId('critical-phrase-notifiedDoctor').click();
    expect(await page.getByTestId('critical-action').inputValue()).toBe(
      'Rechecked the value; Notified the doctor',
    );
    await shot(page, 'critical-handle-dialog');
    await page.getByTestId('critical-handle-submit').click();
    await expect.poll(() => dialog.count()).toBe(0);

    // 3. handled, with who and the minutes from measurement to handling
    await expect.poll(() => card.getAttribute('data-status')).toBe('handled');
    const handled = await card.getByTestId('critical-handling').innerText();
    expect(handled).toMatch(new RegExp(`Handled in ${around.source}`));
    expect(handled).toContain('Nurse Wang Fang');
    expect(handled).toContain('Rechecked the value; Notified the doctor');
    await shot(page, 'critical-today-handled');

    // 4. the query tab finds it by date range (the last 7 days by default) and value range
    await page.getByRole('tab', { name: 'Query' }).click();
    const item = page.getByTestId('critical-filter-item');
    await item.locator('.ant-select-selector').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: 'Glucose' })
      .click();
    await page.getByTestId('critical-filter-min').fill('1.5');
    await page.getByTestId('critical-filter-max').fill('2.0');
    await page.getByRole('button', { name: 'Query' }).click();
    const row = page
      .locator('.ant-table-row')
      .filter({ hasText: patient.name })
      .filter({ hasText: '1.9 mmol/L' });
    await expect.poll(() => row.count(), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(await row.first().innerText()).toMatch(new RegExp(`Handled in ${around.source}`));
    await shot(page, 'critical-query');
    // a range that leaves it out
    await page.getByTestId('critical-filter-min').fill('2.5');
    await page.getByTestId('critical-filter-max').fill('3');
    await page.getByRole('button', { name: 'Query' }).click();
    await expect.poll(() => row.count()).toBe(0);

    // 4b. the loop report of this month: the ward's row and all wards, Excel and print
    await page.getByRole('tab', { name: 'Loop report' }).click();
    const report = page.getByTestId('critical-report-table');
    const wardRow = report.locator('.ant-table-row').filter({ hasText: 'Endocrinology' });
    await expect.poll(() => wardRow.count(), { timeout: 20_000 }).toBe(1);
    expect(await report.locator('.ant-table-row').last().innerText()).toContain('All wards');
    // the value handled after about 20 minutes is in the handled figures, outside the 15-minute target
    expect(await wardRow.innerText()).toMatch(/\d+ \(\d+\.\d %\)/);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('critical-report-excel').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^Critical-value loop \d{4}-\d{2}.*\.xlsx$/);
    await page.getByTestId('critical-report-print').click();
    await expect.poll(() => page.getByTestId('print-sheet').innerText()).toContain('All wards');
    await shot(page, 'critical-report-print');
    // Escape closes the preview (again if a busy machine took it before the dialog listened)
    const sheet = page.getByTestId('print-sheet');
    for (let tries = 0; tries < 5 && (await sheet.count()) > 0; tries++) {
      await page.keyboard.press('Escape');
      await expect
        .poll(() => sheet.count(), { timeout: 2_000 })
        .toBe(0)
        .catch(() => undefined);
    }
    expect(await sheet.count()).toBe(0);
    await shot(page, 'critical-report');

    // 5. the same screens in Chinese, and at phone width
    await switchLanguage(page, 'zh-CN');
    await page.getByRole('tab', { name: '今日' }).click();
    await expect.poll(() => body(page)).toContain('处理用时');
    await shot(page, 'critical-today-zh');
    const phone = await (await newContext(browser, { width: 390, height: 844 })).newPage();
    await loginViaForm(phone, 'nurse01', 'Nurse@2026');
    await phone.goto('/patient/critical');
    await expect
      .poll(() => phone.getByTestId('critical-card').count(), { timeout: 20_000 })
      .toBeGreaterThan(0);
    await shot(phone, 'critical-today-390');
    await switchLanguage(phone, 'zh-CN');
    await expect.poll(() => body(phone)).toContain('危急值');
    await shot(phone, 'critical-today-390-zh');

    // 6. today's tasks: with a wide due window every period of today is due until done
    const admin = await (await newContext(browser)).newPage();
    await loginViaForm(admin, 'admin', 'Admin@123456');
    const original = await call<Strategy>(admin, 'GET', '/v1/systemSetting/monitorStrategy');
    try {
      await call(admin, 'POST', '/v1/systemSetting/monitorStrategy', {
        defaultPeriods: original.defaultPeriods,
        dueSoonMinutes: 720,
        overdueMinutes: 720,
      });
      await switchLanguage(page, 'en-US');
      await page.goto('/patient/task');
      await page.getByTestId('task-tab-due').click();
      const dueRows = page.locator('.ant-table-row');
      await expect.poll(() => dueRows.count(), { timeout: 20_000 }).toBeGreaterThan(0);
      // the rows of the previous tab stay until the "due" list has arrived
      await expect
        .poll(
          async () =>
            new Set(
              await page
                .getByTestId('task-state')
                .evaluateAll((tags) => tags.map((tag) => tag.getAttribute('data-state'))),
            ),
          { timeout: 20_000 },
        )
        .toEqual(new Set(['due']));
      expect(await page.getByTestId('task-tab-due').innerText()).toMatch(/Due now\s*[1-9]/);
      await shot(page, 'tasks-due');
      // a row opens the patient's glucose tab
      await dueRows.first().click();
      await page.waitForURL(
        (url) => url.pathname === '/patient/detail' && url.searchParams.get('tab') === 'glucose',
      );
      await phone.goto('/patient/task');
      await expect
        .poll(() => phone.locator('.ant-table-row').count(), { timeout: 20_000 })
        .toBeGreaterThan(0);
      await shot(phone, 'tasks-390-zh');
    } finally {
      await call(admin, 'POST', '/v1/systemSetting/monitorStrategy', original);
    }
  });
});
