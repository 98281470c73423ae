import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseOption, launchBrowser, loginViaForm, newContext, shot, switchLanguage } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('/appointment', () => {
  it('registers on a phone, shows only the code and its QR code; the ward admits by the code, prefilled', {
    timeout: 180_000,
  }, async () => {
    const phone = await (await newContext(browser, { width: 390, height: 844 })).newPage();
    await phone.goto('/appointment?tenant=101');
    await phone.getByTestId('appointment-form').waitFor();
    expect(await phone.getByTestId('appointment-hospital').innerText()).not.toBe('');
    await switchLanguage(phone, 'zh-CN');
    await expect.poll(() => phone.locator('h1').innerText()).toBe('入院预约登记');
    await switchLanguage(phone, 'en-US');
    const name = `Appt Patient ${Date.now() % 100_000}`;
    await phone.getByTestId('appointment-name').fill(name);
    await chooseOption(phone, phone.getByTestId('appointment-gender'), /^Male$/);
    await phone.getByTestId('appointment-phone').fill('13912340000');
    await chooseOption(phone, phone.getByTestId('appointment-department'), /^Endocrinology$/);
    await shot(phone, 'appointment-form-390');
    await phone.getByTestId('appointment-submit').click();
    const done = phone.getByTestId('appointment-done');
    await done.waitFor({ timeout: 15_000 });
    const code = (await phone.getByTestId('appointment-code').innerText()).trim();
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    expect(await phone.getByTestId('appointment-qr').locator('canvas, svg').count()).toBeGreaterThan(0);
    // nothing of what was typed is shown back
    expect(await done.innerText()).not.toContain(name);
    expect(await done.innerText()).not.toContain('13912340000');
    await shot(phone, 'appointment-done-390');

    // the ward admits by the code: the details come prefilled
    const ward = await (await newContext(browser)).newPage();
    await loginViaForm(ward, 'nurse01', 'Nurse@2026');
    await ward.goto('/index');
    await ward.getByTestId('dashboard').waitFor();
    const byCode = ward.getByTestId('admit-appointment');
    if (await byCode.count()) await byCode.click();
    else {
      await ward.getByTestId('admit-menu').click();
      await ward.getByTestId('admit-by-appointment').click();
    }
    await ward.getByTestId('patient-appointment').fill(code.toLowerCase());
    await ward.getByTestId('appointment-lookup').click();
    await ward.getByTestId('appointment-prefilled').waitFor();
    expect(await ward.getByTestId('patient-name').inputValue()).toBe(name);
    await ward.getByTestId('patient-bed').fill(`AP${Date.now() % 1000}`);
    // the phone form left the birth date out; the admission asks for it
    const birth = ward.getByTestId('patient-birth');
    await birth.click();
    await birth.fill('1975-03-02');
    await birth.press('Enter');
    const doctor = ward.locator('[data-testid="patient-doctor"]');
    if (await doctor.count()) await chooseOption(ward, doctor, /Li Wei/);
    await shot(ward, 'appointment-admission');
    await ward.getByTestId('form-submit').click();
    await ward.getByTestId('form-submit').waitFor({ state: 'detached', timeout: 15_000 });

    // the code is used now: looking it up again says so
    await phone.getByTestId('appointment-again').click();
    const status = await ward.evaluate(async (c) => {
      const token = decodeURIComponent(
        document.cookie
          .split('; ')
          .find((part) => part.startsWith('acon_credentials_key='))
          ?.split('=')[1] ?? '',
      );
      const res = await fetch(`/app-service/v1/appointments/${c}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      return res.status;
    }, code);
    expect(status).toBe(410);
  });
});
