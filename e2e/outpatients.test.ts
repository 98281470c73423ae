import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, chooseOption, launchBrowser, loginViaForm, newContext, shot } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The texts of the side menu with the Patients group open. */
async function patientMenuTexts(page: Page): Promise<string> {
  const group = page.locator('.ant-menu-submenu-title', { hasText: /^Patients$/ }).first();
  await group.waitFor();
  const open = await page.locator('.ant-menu-submenu-open', { hasText: 'Patients' }).count();
  if (!open) await group.click();
  await page.waitForTimeout(300);
  return page.locator('.ant-layout-sider').innerText();
}

describe('out-of-hospital mode and outpatients', () => {
  it('switches the mode, shows Outpatients instead of the ward round, registers an outpatient with a reading', {
    timeout: 180_000,
  }, async () => {
    const page = await (await newContext(browser)).newPage();
    await loginViaForm(page, 'admin', 'Admin@123456');
    const before = await call<boolean>(page, 'GET', '/v1/systemSetting/workMode/isOutside');
    try {
      if (before) await call(page, 'POST', '/v1/systemSetting/workMode/isOutside', { value: false });
      await page.goto('/settings/system');
      await page.getByTestId('work-mode-outside').click();
      await page.getByTestId('confirm-ok').click();
      await expect.poll(() => patientMenuTexts(page), { timeout: 15_000 }).toContain('Outpatients');
      expect(await patientMenuTexts(page)).not.toContain('Ward round');

      // the home page shows the outpatient service
      await page.goto('/index');
      await page.getByTestId('outpatient-service').waitFor();
      await shot(page, 'outpatients-home');

      // register an outpatient
      await page.goto('/patient/outpatient');
      await page.getByTestId('outpatients-page').waitFor();
      const number = `MZE${Date.now() % 1_000_000}`;
      await page.getByTestId('outpatient-register').click();
      await page.getByTestId('outpatient-number').fill(number);
      await page.getByTestId('outpatient-name').fill('Helen Brooks');
      await chooseOption(page, page.getByTestId('outpatient-gender'), /^Female$/);
      await page.getByTestId('outpatient-age').fill('58');
      await page.getByTestId('outpatient-phone').fill('13700001234');
      await page.getByTestId('outpatient-department').click();
      await page
        .locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper')
        .filter({ hasText: 'Endocrinology' })
        .first()
        .click();
      await page.getByTestId('form-submit').click();
      await shot(page, 'outpatients-registered');
      const row = page.locator('tr', { hasText: number });
      await row.waitFor({ timeout: 15_000 });

      // record a reading at the visit with the patient page's entry dialog
      await row.getByTestId('row-record-reading').click();
      await page.getByTestId('reading-result').fill('8.6');
      await page.getByTestId('form-submit').click();
      await expect.poll(() => row.innerText(), { timeout: 15_000 }).toContain('8.6');
      await shot(page, 'outpatients-list');

      // the patient page shows the outpatient: status tag, no bed, the reading
      await row.getByRole('button', { name: 'Detail' }).click();
      await page.getByTestId('patient-detail').waitFor();
      expect(await page.getByTestId('patient-outpatient').innerText()).toBe('Outpatient');
      expect(await page.getByTestId('patient-bed-value').innerText()).toBe('—');
      expect(await page.getByTestId('patient-outpatient-number').innerText()).toBe(number);
      await expect.poll(() => page.getByTestId('patient-detail').innerText()).toContain('8.6');
      await shot(page, 'outpatients-patient');

      // back to hospital mode: the ward round returns, Outpatients goes
      await page.goto('/settings/system');
      await page.getByTestId('work-mode-inside').click();
      await page.getByTestId('confirm-ok').click();
      await expect.poll(() => patientMenuTexts(page), { timeout: 15_000 }).toContain('Ward round');
      expect(await patientMenuTexts(page)).not.toContain('Outpatients');
    } finally {
      await call(page, 'POST', '/v1/systemSetting/workMode/isOutside', { value: before });
    }
  });
});
