import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  launchBrowser,
  loginViaForm,
  minutesBackToday,
  newContext,
  shot,
  switchLanguage,
} from './support';

/**
 * The ward round (issue 15): a round of one ward by keyboard only, including an untested reading, a
 * note and a critical value with its dialog; a cell the network lost marked, kept over a reload and
 * saved by the retry; the phone layout; the wristband scan opening the entry from another page.
 */

let browser: Browser;
type Patient = { id: number; name: string; bed: string; wristbandCode: string };
/** the round's own ENDO patients, admitted at the start of the hospital day (beds 0-1 … 0-5 come first) */
const patients: Patient[] = [];
const criticalIds: number[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  const page = await (await newContext(browser)).newPage();
  await loginViaForm(page, 'nurse01', 'Nurse@2026');
  const admittedAt = new Date(Date.now() - (await minutesBackToday(24 * 60)) * 60_000).toISOString();
  for (const [index, name] of ['Round Ada', 'Round Ben', 'Round Cai', 'Round Dee', 'Round Eve'].entries()) {
    const admitted = await call<Patient>(page, 'POST', '/v1/patients/applyHospitalization', {
      name,
      gender: index % 2 ? 'male' : 'female',
      dateOfBirth: '1962-03-01',
      age: 64,
      departmentCode: 'ENDO',
      doctorCode: 'doctor01',
      bed: `0-${index + 1}`,
      inpatientNumber: `RND0000${index + 1}`,
      wristbandCode: `RNDWB00${index + 1}`,
      admittedAt,
    });
    patients.push(admitted);
  }
  await page.context().close();
});

afterAll(async () => {
  // the round's critical values are handled, so no later test's bell counts them
  if (browser && criticalIds.length) {
    const page = await (await newContext(browser)).newPage();
    await loginViaForm(page, 'nurse01', 'Nurse@2026');
    const today = await call<{ id: number; version: number; measurementId: number }[]>(
      page,
      'GET',
      '/v1/crisisPatient/monitor',
    );
    for (const event of today.filter((row) => criticalIds.includes(row.measurementId))) {
      await call(page, 'POST', '/v1/crisisPatient/handle', {
        id: event.id,
        version: event.version,
        notifiedPerson: 'Dr. Li Wei',
        action: 'Glucose given; recheck in 15 minutes',
      });
    }
  }
  await browser?.close();
});

const focusedTestId = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null);

/** Presses Tab until the focus is on `testId` (keyboard only). */
async function tabTo(page: Page, testId: string, max = 20): Promise<void> {
  for (let i = 0; i < max; i++) {
    if ((await focusedTestId(page)) === testId) return;
    await page.keyboard.press('Tab');
  }
  const active = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 300));
  const value = await page
    .getByTestId('reason-prompt-input')
    .inputValue()
    .catch(() => 'n/a');
  throw new Error(`Tab never reached ${testId}; focus on ${active}; reason box ${value}`);
}

/**
 * When the server asks why a reading is outside its period's time (the window rule), answers by
 * keyboard: the reason, then Tab to the confirm button and Enter.
 */
async function answerWindowPrompt(page: Page): Promise<void> {
  const prompt = page.getByTestId('reason-prompt-input');
  try {
    await prompt.waitFor({ timeout: 1_500 });
  } catch {
    return;
  }
  // a nurse types once the box has the focus (the dialog gives it the focus as it opens)
  await expect.poll(() => focusedTestId(page)).toBe('reason-prompt-input');
  await page.keyboard.type('Measured on the round');
  await tabTo(page, 'confirm-ok');
  await page.keyboard.press('Enter');
  await expect.poll(() => prompt.count()).toBe(0);
}

/**
 * Types a code at scanner speed (a small delay between keys, then Enter) until `outcome` shows: a busy
 * test machine can stretch a gap past the scanner limit, and then the nurse scans again.
 */
async function scan(page: Page, code: string, outcome: Locator): Promise<void> {
  for (let attempt = 0; attempt < 4; attempt++) {
    await page.keyboard.type(`${code}\n`, { delay: 5 });
    try {
      await outcome.first().waitFor({ timeout: 5_000 });
      return;
    } catch {
      // not taken as a scan: again
    }
  }
  throw new Error(`scanning ${code} showed nothing`);
}

/** The column the round opened on (its current period). */
async function currentPeriod(page: Page): Promise<string> {
  const id = await page.locator('th.gc-round-col-now').getAttribute('data-testid');
  return String(id).replace('round-col-', '');
}

type SavedReading = {
  id: number;
  testValue: number | null;
  untestedReason: string | null;
  periodCode: string;
  note: string | null;
  testUser: string | null;
  determineType: string | null;
};

async function readingsOf(page: Page, patient: Patient): Promise<SavedReading[]> {
  return (
    await call<{ records: SavedReading[] }>(
      page,
      'GET',
      `/v1/testRecord/patient/${patient.id}?category=GLU&size=50`,
    )
  ).records;
}

describe('the ward round', () => {
  it('is worked by keyboard alone: values, an untested reading, a note and a critical value with its dialog', {
    timeout: 240_000,
  }, async () => {
    const page = await (await newContext(browser)).newPage();
    await loginViaForm(page, 'nurse01', 'Nurse@2026');
    await page.goto('/patient/round');
    await page.getByTestId('round-grid').waitFor({ timeout: 20_000 });
    const [ada, ben, cai, dee, eve] = patients as [Patient, Patient, Patient, Patient, Patient];
    const period = await currentPeriod(page);
    const cell = (patient: Patient) => page.getByTestId(`round-cell-${patient.id}-${period}`);
    expect(await page.getByTestId('round-tester').innerText()).toBe('Tester: Nurse Wang Fang');
    expect(await page.getByTestId('round-legend').innerText()).toContain('not tested (reason)');

    // the current period's first bed not measured is focused: Ada's (bed 0-1)
    await expect.poll(() => focusedTestId(page)).toBe(`round-cell-${ada.id}-${period}`);

    // a value and Enter: saved, coloured at once by its classification; the next bed is focused
    await page.keyboard.type('6.8');
    await page.keyboard.press('Enter');
    await answerWindowPrompt(page);
    await expect.poll(() => cell(ada).getAttribute('data-state')).toBe('saved');
    expect(['normal', 'high', 'low']).toContain(await cell(ada).getAttribute('data-classification'));
    await expect.poll(() => focusedTestId(page)).toBe(`round-cell-${ben.id}-${period}`);

    // "/" → the reason picker (list focused): ↓ to "Patient refused", Enter
    await page.keyboard.press('/');
    const picker = page.getByTestId('round-untested-list');
    await picker.waitFor();
    await expect.poll(() => focusedTestId(page)).toBe('round-untested-list');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await answerWindowPrompt(page);
    await expect.poll(() => picker.count()).toBe(0);
    await expect.poll(() => cell(ben).getAttribute('data-classification')).toBe('untested');
    expect(await cell(ben).inputValue()).toBe('Patient refused');
    await expect.poll(() => focusedTestId(page)).toBe(`round-cell-${cai.id}-${period}`);

    // a critical low and Tab: the critical value's entry dialog opens by itself, answered by keyboard
    await page.keyboard.type('2.1');
    await page.keyboard.press('Tab');
    await answerWindowPrompt(page);
    const dialog = page.getByTestId('critical-notify-dialog');
    await dialog.waitFor({ timeout: 20_000 });
    expect(await cell(cai).getAttribute('data-classification')).toBe('criticalLow');
    expect(await dialog.getByTestId('critical-notify-summary').innerText()).toContain('Round Cai');
    expect(await dialog.getByTestId('critical-notify-person').locator('input').inputValue()).toBe(
      'Dr. Li Wei',
    );
    await shot(page, 'round-critical-en-desktop');
    await tabTo(page, 'critical-action');
    await page.keyboard.type('15 g glucose given by mouth');
    await tabTo(page, 'form-submit');
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog.count(), { timeout: 15_000 }).toBe(0);
    // back on the round, on the next bed
    await expect.poll(() => focusedTestId(page)).toBe(`round-cell-${dee.id}-${period}`);

    // ";" → a note for the cell, Enter keeps it; the value then saves with it
    await page.keyboard.press(';');
    await page.getByTestId('round-note-input').waitFor();
    await expect.poll(() => focusedTestId(page)).toBe('round-note-input');
    await page.keyboard.type('Skipped breakfast');
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedTestId(page)).toBe(`round-cell-${dee.id}-${period}`);
    await page.keyboard.type('5.4');
    await page.keyboard.press('Enter');
    await answerWindowPrompt(page);
    await expect.poll(() => cell(dee).getAttribute('data-state')).toBe('saved');

    // Shift+Tab back to Dee: the detail line names the tester, the signed-in nurse
    await expect.poll(() => focusedTestId(page)).toBe(`round-cell-${eve.id}-${period}`);
    await page.keyboard.press('Shift+Tab');
    await expect.poll(() => focusedTestId(page)).toBe(`round-cell-${dee.id}-${period}`);
    await expect
      .poll(() => page.getByTestId('round-detail').innerText())
      .toMatch(
        /Bed 0-4 Round Dee · .* · 5\.4 mmol\/L · .*tested by Nurse Wang Fang · Note: Skipped breakfast/,
      );
    await shot(page, 'round-en-desktop');

    // what the server has: each reading by the signed-in nurse, in the round's period
    const [adaReadings, benReadings, caiReadings, deeReadings] = await Promise.all(
      [ada, ben, cai, dee].map((patient) => readingsOf(page, patient)),
    );
    // a clock column (a monitoring order's time, `@02:00`: the round opens on one at such hours) saves in
    // the glucose period of the hospital clock (round-model `entryPeriod`, unit-tested); a period column in itself
    const clockColumn = period.startsWith('@');
    const savedPeriod = clockColumn ? adaReadings[0]?.periodCode : period;
    if (clockColumn) expect(savedPeriod).toMatch(/^[A-Za-z]/);
    expect(adaReadings.map((r) => [r.testValue, r.periodCode, r.testUser])).toEqual([
      [6.8, savedPeriod, 'Nurse Wang Fang'],
    ]);
    expect(benReadings.map((r) => [r.testValue, r.untestedReason, r.testUser])).toEqual([
      [null, 'refused', 'Nurse Wang Fang'],
    ]);
    expect(caiReadings.map((r) => [r.testValue, r.determineType])).toEqual([[2.1, 'criticalLow']]);
    expect(deeReadings.map((r) => [r.testValue, r.note])).toEqual([[5.4, 'Skipped breakfast']]);
    criticalIds.push(caiReadings[0]!.id);
    // the critical value was notified from the round's dialog
    const events = await call<{ measurementId: number; notifiedAt: string | null; action: string | null }[]>(
      page,
      'GET',
      '/v1/crisisPatient/monitor',
    );
    const event = events.find((row) => row.measurementId === caiReadings[0]!.id);
    expect(event?.notifiedAt).toBeTruthy();
    await page.context().close();
  });

  it('keeps a cell the network lost marked, over a reload, and saves it when the network is back', {
    timeout: 180_000,
  }, async () => {
    const page = await (await newContext(browser)).newPage();
    await loginViaForm(page, 'nurse01', 'Nurse@2026');
    await page.route('**/v1/testRecord/customerRecord', (route) => route.abort('internetdisconnected'));
    await page.goto('/patient/round');
    await page.getByTestId('round-grid').waitFor({ timeout: 20_000 });
    const eve = patients[4]!;
    const period = await currentPeriod(page);
    const cell = page.getByTestId(`round-cell-${eve.id}-${period}`);
    await cell.click();
    await page.keyboard.type('7.7');
    await page.keyboard.press('Enter');
    await expect.poll(() => cell.getAttribute('data-state')).toBe('unsaved');
    expect(await cell.inputValue()).toBe('7.7');
    await expect
      .poll(() => page.getByTestId('round-unsaved').innerText())
      .toContain('1 reading not saved yet');
    await shot(page, 'round-unsaved-en-desktop');

    // a reload loses nothing: the cell comes back from the browser's storage, still not saved
    await page.reload();
    await page.getByTestId('round-grid').waitFor({ timeout: 20_000 });
    await expect.poll(() => cell.getAttribute('data-state')).toBe('unsaved');
    expect(await cell.inputValue()).toBe('7.7');

    // the network is back: the retry saves it
    await page.unroute('**/v1/testRecord/customerRecord');
    await answerWindowPrompt(page);
    await expect.poll(() => cell.getAttribute('data-state'), { timeout: 40_000 }).toBe('saved');
    await expect.poll(() => page.getByTestId('round-unsaved').count()).toBe(0);
    expect((await readingsOf(page, eve)).map((r) => r.testValue)).toEqual([7.7]);
    await page.context().close();
  });

  it('shows one bed at a time on a phone, with previous and next', { timeout: 180_000 }, async () => {
    for (const lang of ['en-US', 'zh-CN'] as const) {
      const page = await (await newContext(browser, { width: 390, height: 844 })).newPage();
      await loginViaForm(page, 'nurse01', 'Nurse@2026');
      if (lang === 'zh-CN') await switchLanguage(page, 'zh-CN');
      await page.goto('/patient/round');
      const bed = page.getByTestId('round-bed');
      await bed.waitFor({ timeout: 20_000 });
      expect(await page.getByTestId('round-grid').count()).toBe(0);
      // one bed: the first by bed order, with every planned period as an input
      const [ada, ben] = patients as [Patient, Patient];
      const position = page.getByTestId('round-position');
      if (lang === 'en-US') {
        while ((await bed.getAttribute('data-patient-id')) !== String(ada.id)) {
          await page.getByTestId('round-prev').click();
        }
        expect(await position.innerText()).toMatch(/^1 of \d+$/);
        expect(await bed.innerText()).toContain('Round Ada');
        expect(await bed.locator('input').count()).toBeGreaterThanOrEqual(1);
        // Enter on a bed's cell goes on to the next bed (keyboard flow, no swipe)
        await bed.locator('input').first().focus();
        await page.keyboard.press('Enter');
        await expect.poll(() => bed.getAttribute('data-patient-id')).toBe(String(ben.id));
        expect(await position.innerText()).toMatch(/^2 of \d+$/);
        await page.getByTestId('round-prev').click();
        await expect.poll(() => bed.getAttribute('data-patient-id')).toBe(String(ada.id));
        expect(await page.getByTestId('round-prev').isDisabled()).toBe(true);
        await page.getByTestId('round-next').click();
        await expect.poll(() => bed.getAttribute('data-patient-id')).toBe(String(ben.id));
        await shot(page, 'round-en-phone');
      } else {
        expect(await position.innerText()).toMatch(/^第 \d+ \/ \d+ 床$/);
        expect(await page.getByTestId('round-tester').innerText()).toBe('检测人：Nurse Wang Fang');
        await shot(page, 'round-zh-phone');
      }
      await page.context().close();
    }
  });

  it('opens the glucose entry from a wristband scan on another page; Enter saves', {
    timeout: 180_000,
  }, async () => {
    const page = await (await newContext(browser)).newPage();
    await loginViaForm(page, 'nurse01', 'Nurse@2026');
    await page.goto('/patient/task');
    await page.getByTestId('sidebar').waitFor();
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

    // an unknown code: said so
    await scan(
      page,
      'NOSUCH99',
      page.locator('.ant-message-notice').filter({
        hasText: 'No patient in hospital on your wards has the wristband or inpatient number NOSUCH99',
      }),
    );

    // a person typing slowly is no scan
    await page.keyboard.type('RNDWB002\n', { delay: 120 });
    await page.waitForTimeout(500);
    expect(await page.getByTestId('reading-result').count()).toBe(0);

    // Round Ben's wristband, at scanner speed: the entry opens with the result focused
    const form = page.getByTestId('reading-result');
    await scan(page, 'RNDWB002', form);
    await expect.poll(() => focusedTestId(page)).toBe('reading-result');
    await shot(page, 'round-scan-en-desktop');
    await page.keyboard.type('8.3');
    await page.keyboard.press('Enter');
    await answerWindowPrompt(page);
    await expect.poll(() => form.count(), { timeout: 15_000 }).toBe(0);
    const readings = await readingsOf(page, patients[1]!);
    expect(readings.some((r) => r.testValue === 8.3 && r.testUser === 'Nurse Wang Fang')).toBe(true);
    await page.context().close();
  });
});
