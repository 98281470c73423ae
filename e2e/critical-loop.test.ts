import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  launchBrowser,
  localMinute,
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

type Patient = { id: number; name: string; bed: string | null; doctorCode: string | null };

/** An ENDO inpatient of Dr. Li Wei (doctor01), the `index`-th from the end (other tests take the first ones). */
async function patientOfDoctor01(page: Page, index: number): Promise<Patient> {
  const list = await call<{ records: Patient[] }>(
    page,
    'GET',
    '/v1/patients/hospitalizedPatients?departmentCode=ENDO&size=100',
  );
  const mine = list.records.filter((row) => row.doctorCode?.toLowerCase() === 'doctor01');
  const patient = mine[mine.length - 1 - index];
  if (!patient) throw new Error('no ENDO inpatient of doctor01 in the demo data');
  return patient;
}

/**
 * Handles an event by the API, so no value of this file stays open: the bell of later tests counts
 * the open ones.
 */
async function handleByApi(page: Page, id: number): Promise<void> {
  const today = await call<{ id: number; version: number }[]>(page, 'GET', '/v1/crisisPatient/monitor');
  const event = today.find((row) => row.id === id);
  if (!event) throw new Error(`critical value ${id} is not on today's list`);
  await call(page, 'POST', '/v1/crisisPatient/handle', {
    id,
    version: event.version,
    notifiedPerson: 'Dr. Li Wei',
    action: 'Treatment given as ordered',
  });
}

const cardOf = (page: Page, patient: Patient, value: string): Locator =>
  page.getByTestId('critical-card').filter({ hasText: patient.name }).filter({ hasText: value }).first();

describe('the critical-value loop in the browser', () => {
  it('a nurse enters a critical glucose and notifies the doctor, who acknowledges; the recheck closes the wait', {
    timeout: 240_000,
  }, async () => {
    const nurse = await (await newContext(browser)).newPage();
    await loginViaForm(nurse, 'nurse01', 'Nurse@2026');
    const patient = await patientOfDoctor01(nurse, 0);

    // 1. the glucose tab: a critical low measured ten minutes ago
    await nurse.goto(`/patient/detail?id=${patient.id}&tab=glucose`);
    await nurse.getByTestId('reading-grid').waitFor();
    await nurse.getByTestId('reading-add').click();
    const measured = new Date(Date.now() - (await minutesBackToday(10)) * 60_000);
    const time = nurse
      .locator('[data-testid="reading-time"] input, input[data-testid="reading-time"]')
      .first();
    await time.click();
    await time.press('ControlOrMeta+a');
    await time.pressSequentially(localMinute(measured.toISOString()));
    await time.press('Enter');
    await nurse.getByTestId('reading-result').fill('2.0');
    await nurse.getByTestId('form-submit').click();

    // 2. the entry dialog opens by itself, the responsible doctor preselected, the recheck due shown
    const dialog = nurse.getByTestId('critical-notify-dialog');
    await dialog.waitFor({ timeout: 20_000 });
    expect(await dialog.getByTestId('critical-notify-person').locator('input').inputValue()).toBe(
      'Dr. Li Wei',
    );
    expect(await dialog.getByTestId('critical-notify-summary').innerText()).toContain(patient.name);
    expect(await dialog.getByTestId('critical-notify-recheck').innerText()).toMatch(
      /Recheck due at \d\d:\d\d \(in [4-6] min\)/,
    );
    // it must be answered: no close button, Escape leaves it open
    expect(await nurse.locator('.ant-modal-close:visible').count()).toBe(0);
    await dialog.getByTestId('critical-action').click();
    await nurse.keyboard.press('Escape');
    expect(await dialog.isVisible()).toBe(true);
    await dialog.getByTestId('critical-phrase-glucoseGiven').click();
    await dialog.getByTestId('critical-phrase-recheck').click();
    await shot(nurse, 'critical-loop-notify-en-desktop');
    await dialog.getByTestId('form-submit').click();
    await expect.poll(() => dialog.count()).toBe(0);

    // 3. the doctor, on the critical list: notified, not acknowledged; acknowledges it
    const doctor = await (await newContext(browser)).newPage();
    await loginViaForm(doctor, 'doctor01', 'Doctor@2026');
    await doctor.goto('/patient/critical');
    const card = cardOf(doctor, patient, '2.0');
    await card.waitFor({ timeout: 20_000 });
    expect(await card.getByTestId('critical-step-notified').innerText()).toMatch(
      /Notified \d\d:\d\d · Dr\. Li Wei/,
    );
    expect(await card.getByTestId('critical-step-acknowledged').innerText()).toBe('Not acknowledged');
    expect(await card.getByTestId('critical-step-rechecked').innerText()).toMatch(/Recheck due in [3-6] min/);
    await card.getByTestId('critical-acknowledge').click();
    await expect
      .poll(() => card.getByTestId('critical-step-acknowledged').innerText())
      .toMatch(/Acknowledged \d\d:\d\d · Dr\. Li Wei/);
    expect(await card.getByTestId('critical-acknowledge').count()).toBe(0);
    await shot(doctor, 'critical-loop-card-en-desktop');

    // 4. the recheck (the next glucose of the patient, by the API): the countdown is gone
    await call(nurse, 'POST', '/v1/testRecord/customerRecord', {
      category: 'GLU',
      patientId: patient.id,
      period: await periodOf(nurse, patient.id, new Date(measured.getTime() + 5 * 60_000)),
      testTime: new Date(measured.getTime() + 5 * 60_000).toISOString(),
      result: 4.8,
      unit: 'mmolL',
    });
    await doctor.getByTestId('critical-refresh').click();
    await expect
      .poll(() => card.getByTestId('critical-step-rechecked').innerText())
      .toMatch(/^Rechecked \d\d:\d\d$/);
    expect(await card.innerText()).not.toMatch(/Recheck (due|overdue)/);
    expect(await card.getAttribute('data-loop-closed')).toBe('false');
    await shot(doctor, 'critical-loop-card-rechecked-en-desktop');

    // 5. handled as well: the loop is closed
    await handleByApi(nurse, Number(await card.getAttribute('data-id')));
    await doctor.getByTestId('critical-refresh').click();
    await expect.poll(() => card.getAttribute('data-loop-closed')).toBe('true');
    expect(await card.getByTestId('critical-loop-closed').innerText()).toBe('Loop closed');
    expect(await card.getByTestId('critical-step-handled').innerText()).toMatch(/Handled \d\d:\d\d · Nurse/);
    expect(await card.getByTestId('critical-skip-recheck').count()).toBe(0);
    await shot(doctor, 'critical-loop-card-closed-en-desktop');
  });

  it('looks right in Chinese and on a phone: the dialog from the card, "Later", and the card', {
    timeout: 240_000,
  }, async () => {
    // each round its own value, measured apart (the newest first, so none rechecks another), all today
    const back = await minutesBackToday(60);
    for (const [lang, width, value, minutesAgo] of [
      ['zh-CN', 1440, 33.1, back / 3],
      ['en-US', 390, 33.2, (2 * back) / 3],
      ['zh-CN', 390, 33.3, back],
    ] as const) {
      const page = await (await newContext(browser, { width, height: width < 500 ? 844 : 900 })).newPage();
      await loginViaForm(page, 'nurse01', 'Nurse@2026');
      if (lang === 'zh-CN') await switchLanguage(page, 'zh-CN');
      const patient = await patientOfDoctor01(page, 1);
      await call(page, 'POST', '/v1/testRecord/customerRecord', {
        category: 'GLU',
        patientId: patient.id,
        period: await periodOf(page, patient.id, new Date(Date.now() - minutesAgo * 60_000)),
        testTime: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
        result: value,
        unit: 'mmolL',
      });
      await page.goto('/patient/critical');
      const card = cardOf(page, patient, String(value));
      await card.waitFor({ timeout: 20_000 });
      expect(await card.getByTestId('critical-step-notified').getAttribute('data-state')).toBe('waiting');
      const suffix = `${lang === 'zh-CN' ? 'zh' : 'en'}-${width < 500 ? 'phone' : 'desktop'}`;
      await card.scrollIntoViewIfNeeded();
      await shot(page, `critical-loop-card-open-${suffix}`);
      await card.getByTestId('critical-notify').click();
      const dialog = page.getByTestId('critical-notify-dialog');
      await dialog.waitFor();
      await shot(page, `critical-loop-notify-${suffix}`);
      // "Later": the value stays open and not notified
      await dialog.getByTestId('form-cancel').click();
      await expect.poll(() => dialog.count()).toBe(0);
      expect(await card.getByTestId('critical-step-notified').getAttribute('data-state')).toBe('waiting');
      await handleByApi(page, Number(await card.getAttribute('data-id')));
      await page.context().close();
    }
  });
});
