import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, launchBrowser, loginViaForm, minutesBackToday, newContext, periodOf, shot } from './support';

/**
 * The ward dashboard (issue 20): a nurse keeps `/monitor/ward` open; an administrator elsewhere admits
 * a patient and records a critical glucose; the nurse's screen shows both without a reload.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const tileValue = async (page: Page, tile: string) =>
  Number((await page.getByTestId(`${tile}-value`).innerText()).trim());

async function openDashboard(page: Page) {
  await page.goto('/monitor/ward');
  await page.getByTestId('ward-tiles').waitFor({ timeout: 20_000 });
}

/** Whether the page scrolls sideways (the phone layout must not). */
const overflowsSideways = (page: Page) =>
  page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return root.scrollWidth > root.clientWidth + 1;
  });

describe('ward dashboard', () => {
  it('updates the figures, the beds and the recent lists live, without a reload', {
    timeout: 150_000,
  }, async () => {
    const nurseContext = await newContext(browser, { width: 1600, height: 1000 });
    const nurse = await nurseContext.newPage();
    await loginViaForm(nurse, 'nurse01', 'Nurse@2026');
    await openDashboard(nurse);
    // Endocrinology is the nurse's one ward: chosen without asking
    await expect.poll(() => nurse.getByTestId('ward-select').innerText()).toContain('Endocrinology');
    await expect
      .poll(() => nurse.getByTestId('ward-live').getAttribute('data-status'), { timeout: 15_000 })
      .toBe('live');
    expect(await nurse.getByTestId('ward-live').innerText()).toContain('Live');
    let reloaded = false;
    nurse.on('framenavigated', (frame) => {
      if (frame === nurse.mainFrame()) reloaded = true;
    });
    const before = {
      inHospital: await tileValue(nurse, 'tile-in-hospital'),
      admitted: await tileValue(nurse, 'tile-admitted'),
      measurements: await tileValue(nurse, 'tile-measurements'),
    };
    await shot(nurse, 'ward-dashboard-en');

    // someone else admits a patient to Endocrinology …
    const adminContext = await newContext(browser);
    const admin = await adminContext.newPage();
    await loginViaForm(admin, 'admin', 'Admin@123456');
    const stamp = String(Date.now()).slice(-6);
    const name = `看板患者${stamp}`;
    const admittedAt = new Date(Date.now() - (await minutesBackToday(10)) * 60_000);
    const patient = await call<{ id: number }>(admin, 'POST', '/v1/patients/applyHospitalization', {
      name,
      gender: 'male',
      dateOfBirth: '1960-01-01',
      age: 66,
      inpatientNumber: `WD${stamp}`,
      wristbandCode: `WDW${stamp}`,
      bed: `W${stamp.slice(-4)}`,
      departmentCode: 'ENDO',
      doctorCode: 'doctor01',
      admittedAt: admittedAt.toISOString(),
    });
    const bed = nurse.locator(`[data-testid="ward-bed"][data-patient-id="${patient.id}"]`);
    await bed.waitFor({ timeout: 5_000 });
    expect(await bed.innerText()).toContain('New');
    await expect
      .poll(() => tileValue(nurse, 'tile-in-hospital'))
      .toBeGreaterThanOrEqual(before.inHospital + 1);
    await expect.poll(() => tileValue(nurse, 'tile-admitted')).toBeGreaterThanOrEqual(before.admitted + 1);

    // … and records a critical glucose for them
    const testTime = new Date(Date.now() - (await minutesBackToday(2)) * 60_000);
    testTime.setSeconds(37, 0);
    await call(admin, 'POST', '/v1/testRecord/customerRecord', {
      category: 'GLU',
      patientId: patient.id,
      period: await periodOf(admin, patient.id, testTime),
      testTime: testTime.toISOString(),
      result: 2.1,
      unit: 'mmolL',
    });
    const written = Date.now();
    const criticals = nurse.getByTestId('ward-recent-criticals');
    await expect.poll(() => criticals.innerText(), { timeout: 5_000 }).toContain(name);
    const latency = Date.now() - written;
    expect(latency).toBeLessThan(5_000);
    expect(await nurse.getByTestId('ward-recent-tests').innerText()).toContain(name);
    await expect
      .poll(() => tileValue(nurse, 'tile-measurements'))
      .toBeGreaterThanOrEqual(before.measurements + 1);
    await bed.getByTestId('bed-open-critical').waitFor();
    expect(await bed.innerText()).toContain('2.1');
    expect(reloaded).toBe(false);
    await shot(nurse, 'ward-dashboard-live');

    // the zh-CN screen
    await nurse.evaluate(() => localStorage.setItem('language', 'zh-CN'));
    await nurse.reload();
    await nurse.getByTestId('ward-tiles').waitFor();
    const zh = await nurse.getByTestId('ward-dashboard').innerText();
    for (const label of [
      '病区看板',
      '在院人数',
      '新入院',
      '今日管理',
      '今日测量',
      '异常率',
      '危急值率',
      '最近测量',
      '最近危急值',
    ]) {
      expect(zh).toContain(label);
    }
    await expect
      .poll(() => nurse.getByTestId('ward-live').innerText(), { timeout: 15_000 })
      .toContain('实时');
    expect(await criticals.innerText()).toContain('待处理');
    await shot(nurse, 'ward-dashboard-zh');
    await adminContext.close();
    await nurseContext.close();
  });

  it('fits a phone without sideways scrolling, in both languages', { timeout: 90_000 }, async () => {
    const context = await newContext(browser, { width: 390, height: 844 });
    const page = await context.newPage();
    await loginViaForm(page, 'nurse01', 'Nurse@2026');
    await openDashboard(page);
    await page.getByTestId('ward-beds').waitFor();
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, 'ward-dashboard-phone-en');
    await page.evaluate(() => localStorage.setItem('language', 'zh-CN'));
    await page.reload();
    await page.getByTestId('ward-beds').waitFor();
    expect(await page.getByTestId('ward-dashboard').innerText()).toContain('病区看板');
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, 'ward-dashboard-phone-zh');
    await context.close();
  });
});
