import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chooseOption,
  launchBrowser,
  loginViaForm,
  newContext,
  openPatientTab,
  shot,
  switchLanguage,
} from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const dialog = (page: Page) => page.locator('.ant-modal:visible');
const ORDER = 'Aspart and metformin';
/** 吴婷婷, ENDO bed 12: no insulin and no medication order in the demo data */
const WRISTBAND = 'WB20260010';
const orderRow = (page: Page) => page.locator('tr.ant-table-row', { hasText: ORDER });

async function openWardList(page: Page) {
  await page.goto('/patient/medication');
  await page.getByTestId('medication-page').waitFor();
}

describe('medication orders end to end', () => {
  it('a doctor prescribes two drugs, a nurse gives a dose against the order, the doctor stops it', {
    timeout: 240_000,
  }, async () => {
    const doctorPage = await (await newContext(browser)).newPage();
    await loginViaForm(doctorPage, 'doctor01', 'Doctor@2026');
    await openWardList(doctorPage);

    // the new order: the same drug twice is flagged at once, then a second drug instead
    await doctorPage.getByTestId('medication-create').click();
    await dialog(doctorPage).waitFor();
    await chooseOption(doctorPage, doctorPage.getByTestId('medication-patient'), /吴婷婷/);
    await doctorPage.getByTestId('medication-name').fill(ORDER);
    await chooseOption(doctorPage, doctorPage.getByTestId('medication-drug-0'), /^Insulin aspart injection/);
    await doctorPage.getByTestId('medication-dose-0').fill('6');
    await doctorPage.getByTestId('medication-add-drug').click();
    await chooseOption(doctorPage, doctorPage.getByTestId('medication-drug-1'), /^Insulin aspart injection/);
    await expect.poll(() => dialog(doctorPage).innerText()).toContain('A drug may be ordered only once');
    await chooseOption(doctorPage, doctorPage.getByTestId('medication-drug-1'), /^Metformin/);
    await expect.poll(() => dialog(doctorPage).innerText()).not.toContain('A drug may be ordered only once');
    await doctorPage.getByTestId('medication-dose-1').fill('500');
    await chooseOption(doctorPage, doctorPage.getByTestId('medication-period'), /Breakfast/);
    await doctorPage.getByTestId('medication-quantity').fill('14');
    await shot(doctorPage, 'medication-dialog');
    await doctorPage.getByTestId('form-submit').click();
    await expect.poll(() => dialog(doctorPage).count()).toBe(0);

    // the wards' list: drugs with their doses and units, period, given 0 of 14
    await expect.poll(() => orderRow(doctorPage).count()).toBe(1);
    const listed = await orderRow(doctorPage).innerText();
    expect(listed).toContain('Insulin aspart injection 6 IU');
    expect(listed).toContain('Metformin hydrochloride tablets 500 mg');
    expect(listed).toContain('given 0 of 14');
    expect(listed).toContain('Active');

    // the patient tab shows it too
    await doctorPage.goto('/index');
    await openPatientTab(doctorPage, WRISTBAND, 'orders');
    await doctorPage.getByTestId('patient-medication-orders').waitFor();
    await expect.poll(() => orderRow(doctorPage).count()).toBe(1);
    await shot(doctorPage, 'medication-patient-tab');

    // a nurse records a dose against the order: picking it fills the drug and the period
    const nursePage = await (await newContext(browser)).newPage();
    await loginViaForm(nursePage, 'nurse01', 'Nurse@2026');
    await nursePage.waitForURL('**/index');
    await openPatientTab(nursePage, WRISTBAND, 'insulin');
    await nursePage.getByTestId('insulin-add').click();
    await dialog(nursePage).waitFor();
    await chooseOption(nursePage, nursePage.getByTestId('insulin-order'), new RegExp(ORDER));
    await expect.poll(() => nursePage.getByTestId('insulin-drug').innerText()).toContain('Insulin aspart');
    expect(await nursePage.getByTestId('insulin-period').innerText()).toContain('Breakfast');
    await nursePage.getByTestId('insulin-dose').fill('6');
    await chooseOption(nursePage, nursePage.getByTestId('insulin-doctor'), /./);
    await nursePage.getByTestId('form-submit').click();
    await expect.poll(() => dialog(nursePage).count()).toBe(0);
    await nursePage.getByTestId('insulin-view').getByText('List').click();
    await expect
      .poll(() => nursePage.locator('[data-testid="insulin-list"] tr.ant-table-row').first().innerText())
      .toContain(ORDER);

    // the doctor sees 1 given, then stops the order with a reason
    await openWardList(doctorPage);
    await expect.poll(() => orderRow(doctorPage).innerText()).toContain('given 1 of 14');
    await shot(doctorPage, 'medication-list');
    await orderRow(doctorPage).locator('[data-testid^="medication-stop-"]').click();
    await doctorPage.getByTestId('reason-prompt-input').fill('Glucose in target');
    await doctorPage.getByTestId('confirm-ok').click();
    await expect.poll(() => orderRow(doctorPage).innerText()).toContain('Stopped');
    const stopped = await orderRow(doctorPage).innerText();
    expect(stopped).toContain('Glucose in target');
    expect(stopped).toContain('Dr. Li Wei');
    expect(await orderRow(doctorPage).locator('[data-testid^="medication-stop-"]').count()).toBe(0);

    await switchLanguage(doctorPage, 'zh-CN');
    await expect.poll(() => orderRow(doctorPage).innerText()).toContain('已停止');
    expect(await orderRow(doctorPage).innerText()).toContain('已执行 1/14');
    await shot(doctorPage, 'medication-list-zh');

    // a phone, both languages
    const phone = await (await newContext(browser, { width: 390, height: 844 })).newPage();
    await loginViaForm(phone, 'doctor01', 'Doctor@2026');
    await openWardList(phone);
    await expect.poll(() => orderRow(phone).count()).toBe(1);
    await shot(phone, 'medication-list-390');
    await switchLanguage(phone, 'zh-CN');
    await expect.poll(() => phone.getByTestId('medication-page').innerText()).toContain('用药医嘱');
    await shot(phone, 'medication-list-390-zh');
  });
});
