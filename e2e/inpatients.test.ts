import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginViaForm, newContext, shot, switchLanguage } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Waits for a condition the page reaches after loading a lazy page or a list (up to 15 s). */
const eventually = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 15_000, interval: 100 });
const body = (page: Page) => page.locator('body').innerText();
const card = (page: Page, name: string) =>
  page.getByTestId('bed-card').filter({ has: page.getByTestId('bed-name').getByText(name, { exact: true }) });

async function scan(page: Page, code: string) {
  const input = page.getByTestId('scan-input');
  await input.fill(code);
  await input.press('Enter');
}

async function cardAction(page: Page, name: string, action: RegExp) {
  await card(page, name).getByTestId('bed-actions').click();
  await page.getByRole('menuitem', { name: action }).click();
}

describe('inpatients end to end', () => {
  it('admits by scanning a HIS wristband, refuses a taken inpatient number, transfers, discharges and readmits', {
    timeout: 180_000,
  }, async () => {
    const page = await (await newContext(browser)).newPage();
    await loginViaForm(page, 'nurse01', 'Nurse@2026');
    await page.waitForURL('**/index');
    await eventually(() => page.getByTestId('bed-card').count()).toBeGreaterThanOrEqual(12);
    const inHospital = page.getByTestId('count-in-hospital').locator('.gc-ward-count-value');
    // the counts arrive with their own request, after the cards
    await eventually(async () => /^\d+$/.test((await inHospital.innerText()).trim())).toBe(true);
    const before = Number((await inHospital.innerText()).trim());
    await shot(page, 'inpatients-list');

    // a barcode scanner types the wristband and Enter: the HIS record opens the admission form, filled
    await scan(page, 'WB20260103');
    const dialog = page.locator('.ant-modal:visible');
    await eventually(() => dialog.getByTestId('his-prefilled').isVisible()).toBe(true);
    expect(await page.getByTestId('patient-name').inputValue()).toBe('曹阳');
    expect(await page.getByTestId('patient-number').inputValue()).toBe('ZY20260103');
    expect(await page.getByTestId('patient-bed').inputValue()).toBe('13');
    expect(Number(await page.getByTestId('patient-age').inputValue())).toBe(27);
    await shot(page, 'inpatients-admission-his');
    await page.getByTestId('form-submit').click();
    await eventually(() => card(page, '曹阳').count()).toBe(1);
    expect(await card(page, '曹阳').getByTestId('bed-number').innerText()).toBe('13');
    await eventually(async () =>
      Number(await page.getByTestId('count-in-hospital').locator('.gc-ward-count-value').innerText()),
    ).toBe(before + 1);

    // a taken inpatient number is refused under its field, naming the patient who has it
    await scan(page, 'WB20260104');
    await eventually(() => dialog.getByTestId('his-prefilled').isVisible()).toBe(true);
    await page.getByTestId('patient-number').fill('ZY20260001');
    await page.getByTestId('form-submit').click();
    await eventually(() => dialog.innerText()).toContain(
      'Inpatient number ZY20260001 already belongs to 王建国',
    );
    await shot(page, 'inpatients-admission-duplicate');
    await page.getByTestId('form-cancel').click();
    await eventually(() => dialog.count()).toBe(0);

    // scanning a patient on the ward opens the patient
    await scan(page, 'WB20260001');
    await page.waitForURL(/\/patient\/detail\?id=\d+/);
    await eventually(() => page.getByTestId('patient-name-heading').innerText()).toBe('王建国');
    await page.goto('/index');

    // transfer to another bed with a reason; the history keeps it
    await cardAction(page, '曹阳', /Transfer/);
    await page.getByTestId('transfer-bed').fill('19');
    await page.getByTestId('transfer-reason').fill('Closer to the nurses’ station');
    await shot(page, 'inpatients-transfer');
    await page.getByTestId('form-submit').click();
    await eventually(() => card(page, '曹阳').getByTestId('bed-number').innerText()).toBe('19');
    await card(page, '曹阳').click();
    await page.waitForURL(/\/patient\/detail\?id=\d+/);
    const detailUrl = page.url();
    await page.getByRole('tab', { name: 'Transfers and stays' }).click();
    await eventually(() => page.getByTestId('history-transfers').innerText()).toContain(
      'Closer to the nurses’ station',
    );
    expect(page.url()).toContain('tab=history');
    expect(await page.getByTestId('history-transfers').innerText()).toMatch(/bed 13[\s\S]*bed 19/);
    await shot(page, 'inpatients-history');

    // discharge after a confirmation: gone from the list, in the discharged list
    await page.goto('/index');
    await eventually(() => card(page, '曹阳').count()).toBe(1);
    await cardAction(page, '曹阳', /Discharge/);
    const confirm = page.locator('.ant-modal-confirm');
    await eventually(() => confirm.innerText()).toContain('Discharge 曹阳 (bed 19) now?');
    await shot(page, 'inpatients-discharge-confirm');
    await page.getByTestId('confirm-ok').click();
    await eventually(() => card(page, '曹阳').count()).toBe(0);
    await page.goto('/patient/discharged');
    const row = page.locator('.ant-table-row').filter({ hasText: '曹阳' });
    await eventually(() => row.count()).toBe(1);
    await shot(page, 'inpatients-discharged');

    // readmit: back on the list, two stays in the history
    await row.getByTestId('row-readmit').click();
    await eventually(() => page.getByTestId('readmit-last').isVisible()).toBe(true);
    await page.getByTestId('readmit-bed').fill('13');
    await page.getByTestId('form-submit').click();
    await eventually(() => row.count()).toBe(0);
    await page.goto('/index');
    await eventually(() => card(page, '曹阳').count()).toBe(1);
    await page.goto(`${detailUrl.replace(/&tab=\w+/, '')}&tab=history`);
    await eventually(() => page.getByTestId('history-stays').locator('.ant-table-row').count()).toBe(2);
    await shot(page, 'inpatients-two-stays');

    // the same screens read in Chinese
    await switchLanguage(page, 'zh-CN');
    await eventually(() => body(page)).toContain('住院记录（2）');
    await page.goto('/index');
    await eventually(() => body(page)).toContain('在院患者');
    await shot(page, 'inpatients-list-zh');
  });

  it('works on a phone: cards one per row, the admission form and the detail', {
    timeout: 120_000,
  }, async () => {
    const page = await (await newContext(browser, { width: 390, height: 844 })).newPage();
    await loginViaForm(page, 'nurse01', 'Nurse@2026');
    await page.waitForURL('**/index');
    await eventually(() => page.getByTestId('bed-card').count()).toBeGreaterThanOrEqual(12);
    const [first, second] = await page.getByTestId('bed-card').all();
    const a = await first!.boundingBox();
    const b = await second!.boundingBox();
    expect(b!.y).toBeGreaterThan(a!.y + a!.height - 1);
    expect(a!.width).toBeGreaterThan(300);
    await shot(page, 'inpatients-list-mobile');
    await page.getByTestId('admit-patient').click();
    await eventually(() => page.locator('.ant-modal:visible').count()).toBe(1);
    await page.getByTestId('form-submit').click();
    await eventually(() => page.locator('.ant-modal:visible').innerText()).toContain(
      'Please enter the patient name',
    );
    await shot(page, 'inpatients-admission-mobile');
    await page.getByTestId('form-cancel').click();
    await first!.click();
    await page.waitForURL(/\/patient\/detail/);
    await eventually(() => page.getByTestId('basic-view').isVisible()).toBe(true);
    await shot(page, 'inpatients-detail-mobile');
    await switchLanguage(page, 'zh-CN');
    await eventually(() => body(page)).toContain('基本信息');
    await shot(page, 'inpatients-detail-mobile-zh');
  });
});
