import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { call, launchBrowser, loginViaForm, newContext, shot, switchLanguage } from './support';

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

const WAIT = { timeout: 20_000, interval: 150 };
const DAY = 86_400_000;
type Strategy = { tubeChangeDays: number; lowBatteryPercent: number; lowDoseUnits: number };
type Patient = { id: number; name: string };

/**
 * Puts a pump on a patient four days ago with no tube change since (the binding API belongs to the
 * pump pages; the test writes the rows as it would): at the default interval of 3 days the change fell
 * due a day ago. The pump reports 11 % battery.
 */
async function bindPump(patientId: number, serial: string) {
  const { rows: makers } = await db.query(
    `select id from pump_manufacturers where tenant_id = '101' order by id limit 1`,
  );
  const { rows: pumps } = await db.query(
    `insert into insulin_pumps (tenant_id, serial_number, manufacturer_id, department_code, battery_percent,
                                battery_reported_at, remaining_dose, dose_reported_at)
     values ('101', $1, $2, 'ENDO', 11, now() - interval '1 hour', 150, now() - interval '1 hour') returning id`,
    [serial, makers[0].id],
  );
  const { rows: nurse } = await db.query(
    `select id, nick_name from users where tenant_id = '101' and user_name = 'nurse01'`,
  );
  await db.query(
    `insert into pump_bindings (tenant_id, pump_id, patient_id, department_code, up_at, executor_id, executor_name)
     values ('101', $1, $2, 'ENDO', $3, $4, $5)`,
    [pumps[0].id, patientId, new Date(Date.now() - 4 * DAY), nurse[0].id, nurse[0].nick_name],
  );
}

const reminderKinds = (page: Page) =>
  page
    .getByTestId('pump-reminder-kind')
    .evaluateAll((tags) =>
      tags.map((tag) => `${tag.getAttribute('data-kind')}:${tag.getAttribute('data-state')}`),
    );

describe("pump reminders in today's tasks", () => {
  it('an overdue tube change shows on the task list, the bed card and the hand-over; the pump strategy moves it and the register colour', {
    timeout: 300_000,
  }, async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await loginViaForm(page, 'nurse01', 'Nurse@2026');
    const stamp = String(Date.now()).slice(-6);
    const name = `Pump Reminder ${stamp}`;
    const serial = `E2E-PUMP-${stamp}`;
    const patient = await call<Patient>(page, 'POST', '/v1/patients/applyHospitalization', {
      name,
      gender: 'male',
      dateOfBirth: '1961-02-03',
      age: 65,
      inpatientNumber: `PR${stamp}`,
      wristbandCode: `PRW${stamp}`,
      bed: `P${stamp.slice(-3)}`,
      departmentCode: 'ENDO',
      doctorCode: 'doctor01',
      admittedAt: new Date(Date.now() - 6 * DAY).toISOString(),
    });
    await bindPump(patient.id, serial);

    // today's tasks: the pump tab, filtered to this patient
    await page.goto('/patient/task');
    await expect
      .poll(() => page.getByTestId('task-tab-pump').innerText(), WAIT)
      .toMatch(/Pump reminders\s*[1-9]/);
    await page.getByTestId('task-tab-pump').click();
    await page.getByTestId('task-keyword').fill(name);
    await page.getByTestId('task-keyword').press('Enter');
    await expect.poll(() => reminderKinds(page), WAIT).toEqual(['tubeChange:overdue', 'lowBattery:low']);
    const table = page.getByTestId('pump-reminder-table');
    expect(await table.innerText()).toContain(serial);
    expect(await table.innerText()).toContain('Tube change overdue');
    expect(await table.innerText()).toMatch(/Overdue since .* \(every 3 days\)/);
    expect(await table.innerText()).toContain('11 % left (below 20 %)');
    await shot(page, 'pump-reminders-tasks-en');
    await switchLanguage(page, 'zh-CN');
    await expect.poll(() => table.innerText(), WAIT).toContain('换管超时');
    expect(await table.innerText()).toContain('剩余电量 11 %（低于 20 %）');
    await shot(page, 'pump-reminders-tasks-zh');

    // the bed card carries the pump badge with the reminder
    await page.goto('/index');
    const card = page.locator(`[data-testid="bed-card"][data-patient-id="${patient.id}"]`);
    await expect.poll(() => card.count(), WAIT).toBe(1);
    await card.scrollIntoViewIfNeeded();
    const chips = card.getByTestId('bed-pump-reminder');
    await expect
      .poll(() => chips.evaluateAll((all) => all.map((chip) => chip.getAttribute('data-state'))), WAIT)
      .toEqual(['overdue', 'low']);
    expect(await chips.first().innerText()).toBe('胰岛素泵 · 换管超时');
    await card.screenshot({ path: `${import.meta.dirname}/screenshots/pump-reminders-bedcard-zh.png` });
    await switchLanguage(page, 'en-US');
    await expect.poll(() => chips.first().innerText(), WAIT).toBe('Pump · Tube change overdue');

    // the shift hand-over of the ward lists the pump and its reminders
    await page.goto('/patient/handover');
    const pumpSection = page.getByTestId('handover-section-pump');
    await expect.poll(() => pumpSection.innerText(), WAIT).toContain(name);
    expect(await pumpSection.innerText()).toContain(serial);
    expect(await pumpSection.innerText()).toContain('Tube change overdue');
    await pumpSection.scrollIntoViewIfNeeded();
    await shot(page, 'pump-reminders-handover-en');

    // the phone: the pump tab of the task list
    const phone = await (await newContext(browser, { width: 390, height: 844 })).newPage();
    await loginViaForm(phone, 'nurse01', 'Nurse@2026');
    await phone.goto('/patient/task');
    await phone.getByTestId('task-tab-pump').click();
    await expect.poll(() => reminderKinds(phone).then((kinds) => kinds.length), WAIT).toBeGreaterThan(0);
    await shot(phone, 'pump-reminders-tasks-390');

    // the administrator sets tube changes every 7 days and low battery below 10 %: nothing is due
    const admin = await (await newContext(browser)).newPage();
    await loginViaForm(admin, 'admin', 'Admin@123456');
    const original = await call<Strategy>(admin, 'GET', '/v1/systemSetting/pumpStrategy');
    try {
      await admin.goto('/settings/strategy?tab=pump');
      const days = admin.getByTestId('pump-tube-days');
      await expect.poll(() => days.inputValue(), WAIT).toBe(String(original.tubeChangeDays));
      // out of range: the domain's message under the field, nothing sent
      await days.fill('9');
      await admin.getByTestId('strategy-pump-save').click();
      await expect
        .poll(() => admin.getByTestId('strategy-pump').innerText(), WAIT)
        .toContain('The tube change interval must be a whole number of days from 1 to 7');
      // the register shows the pump's 11 % in the warning colour at the default 20 %
      const registerLow = async () => {
        await admin.goto('/pump/register');
        await admin.locator('#insulinPumpSearch_queryCondition').fill(serial);
        await admin.locator('#insulinPumpSearch_queryCondition').press('Enter');
        const row = admin.locator('.ant-table-row', { hasText: serial });
        await row.waitFor(WAIT);
        await expect.poll(() => admin.locator('.ant-table-row').count(), WAIT).toBe(1);
        return row.getByTestId('pump-level-low').count();
      };
      expect(await registerLow()).toBe(1);
      await admin.goto('/settings/strategy?tab=pump');
      await expect.poll(() => days.inputValue(), WAIT).toBe(String(original.tubeChangeDays));
      await days.fill('7');
      await admin.getByTestId('pump-low-battery').fill('10');
      await admin.getByTestId('strategy-pump-save').click();
      await expect
        .poll(() => call<Strategy>(admin, 'GET', '/v1/systemSetting/pumpStrategy'), WAIT)
        .toEqual({ ...original, tubeChangeDays: 7, lowBatteryPercent: 10 });
      await shot(admin, 'pump-strategy-en');
      await switchLanguage(admin, 'zh-CN');
      await expect.poll(() => admin.getByTestId('strategy-pump').innerText(), WAIT).toContain('换管间隔');
      await shot(admin, 'pump-strategy-zh');

      await page.goto('/patient/task');
      await page.getByTestId('task-tab-pump').click();
      await page.getByTestId('task-keyword').fill(name);
      await page.getByTestId('task-keyword').press('Enter');
      // every 7 days the change is not due yet, and 11 % is not below 10 %: nothing to do for this pump
      await expect
        .poll(() => page.getByTestId('pump-reminder-table').innerText(), WAIT)
        .toContain('No pump reminders today');
      expect(await registerLow()).toBe(0);
    } finally {
      await call(admin, 'POST', '/v1/systemSetting/pumpStrategy', original);
    }
  });
});
