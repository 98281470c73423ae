import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, launchBrowser, loginViaForm, newContext, periodOf, shot, switchLanguage } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

type Patient = { id: number; name: string; bed: string | null };

describe('live updates through the push channel', () => {
  it('tells a doctor on another page of a critical value a nurse enters, without a reload', {
    timeout: 120_000,
  }, async () => {
    const doctorContext = await newContext(browser);
    const doctor = await doctorContext.newPage();
    await loginViaForm(doctor, 'doctor01', 'Doctor@2026');
    await doctor.goto('/account/activity');
    const live = doctor.getByTestId('live-status');
    await expect.poll(() => live.getAttribute('data-status'), { timeout: 15_000 }).toBe('live');
    const bell = doctor.getByTestId('critical-bell');
    await bell.waitFor({ timeout: 15_000 });
    let reloaded = false;
    doctor.on('framenavigated', (frame) => {
      if (frame === doctor.mainFrame()) reloaded = true;
    });

    const nurseContext = await newContext(browser);
    const nurse = await nurseContext.newPage();
    await loginViaForm(nurse, 'nurse01', 'Nurse@2026');
    const patients = await call<{ records: Patient[] }>(
      nurse,
      'GET',
      '/v1/patients/hospitalizedPatients?departmentCode=ENDO&size=50',
    );
    const patient = patients.records.find((row) => row.bed) ?? patients.records[0]!;
    const testTime = new Date(Date.now() - 3 * 60_000);
    testTime.setSeconds(41, 0);
    await call(nurse, 'POST', '/v1/testRecord/customerRecord', {
      category: 'GLU',
      patientId: patient.id,
      period: await periodOf(nurse, patient.id, testTime),
      testTime: testTime.toISOString(),
      result: 2.1,
      unit: 'mmolL',
    });
    const written = Date.now();

    // the notification names the patient; the bell counts it; the page was not reloaded
    const notice = doctor.locator('.ant-notification-notice').filter({ hasText: patient.name });
    await notice.first().waitFor({ timeout: 5_000 });
    const latency = Date.now() - written;
    expect(latency).toBeLessThan(5_000);
    // other tests of the run open values too: the count holds this one at least
    await expect.poll(async () => Number(await bell.getAttribute('data-count'))).toBeGreaterThanOrEqual(1);
    expect(reloaded).toBe(false);
    expect(await notice.first().innerText()).toContain('2.1');
    await shot(doctor, 'live-critical-notification');

    // the bell lists it and keeps the tone switch
    await bell.click();
    const panel = doctor.getByTestId('critical-bell-panel');
    await panel.waitFor();
    expect(await panel.innerText()).toContain(patient.name);
    await doctor.getByTestId('critical-bell-sound').click();
    expect(await doctor.getByTestId('critical-bell-sound').getAttribute('aria-checked')).toBe('false');
    await shot(doctor, 'live-critical-bell');
    await switchLanguage(doctor, 'zh-CN');
    await expect.poll(() => doctor.getByTestId('live-status').getAttribute('aria-label')).toContain('实时');
    await doctorContext.close();
    await nurseContext.close();
  });

  it('asks for a reason before discharging a patient whose critical value is still open', {
    timeout: 120_000,
  }, async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await loginViaForm(page, 'nurse01', 'Nurse@2026');
    const name = '危急出院测试';
    const admitted = await call<{ id: number }>(page, 'POST', '/v1/patients/applyHospitalization', {
      name,
      gender: 'female',
      dateOfBirth: '1958-04-01',
      age: 68,
      departmentCode: 'ENDO',
      doctorCode: 'doctor01',
      bed: 'CV-1',
      inpatientNumber: 'CVE2E0001',
      admittedAt: new Date(Date.now() - 24 * 3_600_000).toISOString(),
    });
    const testTime = new Date(Date.now() - 10 * 60_000);
    testTime.setSeconds(7, 0);
    await call(page, 'POST', '/v1/testRecord/customerRecord', {
      category: 'GLU',
      patientId: admitted.id,
      period: await periodOf(page, admitted.id, testTime),
      testTime: testTime.toISOString(),
      result: 2.2,
      unit: 'mmolL',
    });

    await page.goto('/index');
    const card = page
      .getByTestId('bed-card')
      .filter({ has: page.getByTestId('bed-name').getByText(name, { exact: true }) });
    await card.waitFor({ timeout: 15_000 });
    await card.getByTestId('bed-actions').click();
    await page.getByRole('menuitem', { name: /Discharge/ }).click();
    await page.getByTestId('confirm-ok').click();

    // the server refuses without a reason; the app asks for one, naming how many values are open
    const input = page.getByTestId('reason-prompt-input');
    await input.waitFor({ timeout: 10_000 });
    const prompt = page.locator('.ant-modal-confirm').filter({ has: input });
    expect(await prompt.innerText()).toContain('1 critical value(s) of this patient are not handled yet');
    const ok = prompt.getByTestId('confirm-ok');
    expect(await ok.isDisabled()).toBe(true);
    await input.fill('x');
    expect(await prompt.innerText()).toContain('The reason must be 2-200 characters');
    expect(await ok.isDisabled()).toBe(true);
    await input.fill('Transferred to the provincial hospital');
    await shot(page, 'discharge-open-critical-reason');
    await ok.click();
    await expect.poll(() => card.count(), { timeout: 15_000 }).toBe(0);
    await context.close();
  });
});
