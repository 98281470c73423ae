import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, launchBrowser, loginViaForm, newContext, periodOf, shot, switchLanguage } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

type Patient = { id: number; name: string; bed: string | null; version: number };
type Handover = { from: string; until: string; shift: { code: string } };

const WAIT = { timeout: 20_000 };

/**
 * Waits until the shift going on has run for at least `minutes`, so that what the test writes a minute
 * back lies in it (a run just after 08:00 would otherwise write into the night shift).
 */
async function intoCurrentShift(page: Page, minutes: number): Promise<Handover> {
  const current = await call<Handover>(page, 'GET', '/v1/handover?departmentCode=ENDO');
  const since = Date.now() - Date.parse(current.from);
  if (since >= minutes * 60_000) return current;
  await new Promise((resolve) => setTimeout(resolve, minutes * 60_000 - since + 1_000));
  return call<Handover>(page, 'GET', '/v1/handover?departmentCode=ENDO');
}

describe('the shift hand-over in the browser', () => {
  it('a nurse opens it from the menu, sees this shift’s admission and critical value, in both languages, and prints it', {
    timeout: 300_000,
  }, async () => {
    const page = await (await newContext(browser)).newPage();
    await loginViaForm(page, 'nurse01', 'Nurse@2026');
    await intoCurrentShift(page, 3);

    // this shift: an admission to the ward, and a critical value of another patient, handled at once
    const stamp = String(Date.now()).slice(-6);
    const admitted = await call<Patient>(page, 'POST', '/v1/patients/applyHospitalization', {
      name: `Handover ${stamp}`,
      gender: 'female',
      dateOfBirth: '1958-04-02',
      age: 68,
      inpatientNumber: `HO${stamp}`,
      wristbandCode: `HOW${stamp}`,
      bed: `H${stamp.slice(-3)}`,
      departmentCode: 'ENDO',
      doctorCode: 'doctor01',
      admittedAt: new Date(Date.now() - 60_000).toISOString(),
    });
    const list = await call<{ records: Patient[] }>(
      page,
      'GET',
      '/v1/patients/hospitalizedPatients?departmentCode=ENDO&size=100',
    );
    const patient = list.records.find((row) => row.bed && row.id !== admitted.id)!;
    const testTime = new Date(Date.now() - 60_000);
    testTime.setSeconds(23, 0);
    await call(page, 'POST', '/v1/testRecord/customerRecord', {
      category: 'GLU',
      patientId: patient.id,
      period: await periodOf(page, patient.id, testTime),
      testTime: testTime.toISOString(),
      result: 1.8,
      unit: 'mmolL',
    });
    const open = await call<{ id: number; version: number; patientId: number; measuredAt: string }[]>(
      page,
      'GET',
      '/v1/crisisPatient/monitor',
    );
    const event = open.find(
      (row) => row.patientId === patient.id && Date.parse(row.measuredAt) === testTime.getTime(),
    )!;
    await call(page, 'POST', '/v1/crisisPatient/handle', {
      id: event.id,
      version: event.version,
      notifiedPerson: 'Dr. Li Wei',
      action: 'Glucose given, recheck in 15 minutes',
    });

    // 1. from the sidebar: Patients → Shift hand-over; the ward of the nurse and the shift going on
    await page.goto('/index');
    const sidebar = page.getByTestId('sidebar');
    const item = sidebar.getByText('Shift hand-over');
    if (!(await item.isVisible())) await sidebar.getByText('Patients', { exact: true }).click();
    await item.click();
    await page.waitForURL(/\/patient\/handover$/);
    const body = page.getByTestId('handover-body');
    await body.waitFor(WAIT);
    expect(await page.getByTestId('handover-heading').innerText()).toContain('Endocrinology');
    await page.getByTestId('handover-in-progress').waitFor();

    // 2. the sections: the critical value with its loop and its pending recheck, the admission
    const critical = page.getByTestId('handover-section-critical');
    await expect.poll(() => critical.innerText(), WAIT).toContain(patient.name);
    expect(await critical.innerText()).toMatch(/1\.8 mmol\/L/);
    // the ward's other values of the shift (other tests') may be listed too: read this patient's row
    const ours = critical.locator('.ant-table-row').filter({ hasText: patient.name });
    expect(await ours.getByTestId('handover-critical-state').first().innerText()).toBe('Handled');
    expect(await ours.getByTestId('critical-step-handled').first().innerText()).toMatch(/^Handled \d\d:\d\d/);
    expect(await page.getByTestId('handover-section-rechecks').innerText()).toContain(patient.name);
    const movements = page.getByTestId('handover-section-movements');
    expect(await movements.innerText()).toContain(admitted.name);
    expect(await movements.getByTestId('handover-movement-kind').allInnerTexts()).toContain('Admission');
    for (const key of ['due', 'patients']) await page.getByTestId(`handover-section-${key}`).waitFor();
    const totals = page.getByTestId('handover-totals');
    expect(
      Number(
        await page.getByTestId('handover-total-criticalOpened').locator('.gc-ho-tile-value').innerText(),
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(await totals.innerText()).toContain('Rechecks pending');

    // 3. another shift: yesterday's day shift is over (no "in progress"), then back to the current one
    await page.getByTestId('handover-shift').click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'Day 08:00–16:00' }).click();
    const date = page
      .locator('[data-testid="handover-date"] input, input[data-testid="handover-date"]')
      .first();
    const yesterday = new Date(Date.now() - 86_400_000).toLocaleDateString('sv-SE', {
      timeZone: 'Asia/Shanghai',
    });
    await date.click();
    await date.fill(yesterday);
    await date.press('Enter');
    await expect
      .poll(() => page.getByTestId('handover-heading').innerText(), WAIT)
      .toContain(`${yesterday} Day · 08:00 – 16:00`);
    expect(await page.getByTestId('handover-in-progress').count()).toBe(0);
    await page.getByTestId('handover-current').click();
    await page.getByTestId('handover-in-progress').waitFor(WAIT);

    // 4. in Chinese: the same page in the ward's words
    await switchLanguage(page, 'zh-CN');
    await expect.poll(() => page.getByTestId('handover-page').innerText(), WAIT).toContain('交接班');
    expect(await page.getByTestId('handover-section-movements').innerText()).toContain('入院');
    expect(await page.getByTestId('handover-section-critical').innerText()).toContain('已处理');
    await shot(page, 'handover-zh');

    // 5. print: the preview shows the A4 sheet with the two nurses' signature lines
    await page.getByTestId('handover-print').click();
    const sheet = page.getByTestId('handover-sheet');
    await sheet.waitFor(WAIT);
    expect(await sheet.innerText()).toContain(admitted.name);
    const signatures = await page.getByTestId('handover-signatures').innerText();
    expect(signatures).toContain('交班护士');
    expect(signatures).toContain('接班护士');
    expect(await page.getByTestId('print-sheet').innerText()).toContain('内分泌科');
    await shot(page, 'handover-print-zh');
    await page.keyboard.press('Escape');

    // the admitted patient leaves again (other tests count the ward's inpatients)
    const current = await call<Patient>(
      page,
      'GET',
      `/v1/patients/hospitalizedPatient?patientId=${admitted.id}`,
    );
    await call(page, 'POST', '/v1/patients/discharge', { patientId: admitted.id, version: current.version });
  });

  it('reads at phone width', { timeout: 120_000 }, async () => {
    const page = await (await newContext(browser, { width: 390, height: 844 })).newPage();
    await loginViaForm(page, 'nurse01', 'Nurse@2026');
    await page.goto('/patient/handover');
    await page.getByTestId('handover-body').waitFor(WAIT);
    for (const key of ['critical', 'rechecks', 'due', 'movements', 'patients']) {
      await page.getByTestId(`handover-section-${key}`).waitFor();
    }
    // nothing wider than the phone: the page does not scroll sideways
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    await shot(page, 'handover-en-mobile');
  });
});
