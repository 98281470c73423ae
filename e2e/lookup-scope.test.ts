import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginViaForm, newContext, shot, switchLanguage } from './support';

/**
 * Issue 13 "nothing leaks": a nurse scanning or looking up another ward's code learns only that the
 * patient belongs to another ward — said clearly, in both languages, at desktop and phone widths.
 * WB20260013 is 孙建华, in hospital on CARD; WB20260106 is 萧雅琴, due on CARD by HIS. nurse01 is ENDO.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const eventually = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 15_000, interval: 100 });
const toast = (page: Page) => page.locator('.ant-message-notice').last();

async function scan(page: Page, code: string) {
  const input = page.getByTestId('scan-input');
  await input.fill(code);
  await input.press('Enter');
}

async function openWard(page: Page) {
  await loginViaForm(page, 'nurse01', 'Nurse@2026');
  await page.waitForURL('**/index');
  await eventually(() => page.getByTestId('bed-card').count()).toBeGreaterThanOrEqual(12);
}

/** The admission form's HIS lookup of a wristband; answers the message under the wristband field. */
async function lookUpInAdmission(page: Page, code: string) {
  await page.getByTestId('admit-patient').click();
  const dialog = page.locator('.ant-modal:visible');
  await eventually(() => dialog.count()).toBe(1);
  await page.getByTestId('patient-wristband').fill(code);
  await page.getByTestId('his-lookup').click();
  const explain = dialog.locator('.ant-form-item-has-error .ant-form-item-explain-error');
  await eventually(() => explain.count()).toBe(1);
  return { dialog, explain };
}

describe('another ward’s codes', () => {
  it('scan and HIS lookup say only "another ward", in English and Chinese', {
    timeout: 120_000,
  }, async () => {
    const page = await (await newContext(browser)).newPage();
    await openWard(page);

    await scan(page, 'WB20260013');
    await eventually(() => toast(page).innerText()).toContain(
      'The patient with the code WB20260013 belongs to another ward',
    );
    // no admission form with someone else's data, no patient opened
    expect(await page.locator('.ant-modal:visible').count()).toBe(0);
    expect(page.url()).toContain('/index');
    await shot(page, 'lookup-scope-scan');

    const { dialog, explain } = await lookUpInAdmission(page, 'WB20260106');
    expect(await explain.innerText()).toBe('This patient belongs to another ward');
    expect(await page.getByTestId('patient-name').inputValue()).toBe('');
    expect(await dialog.innerText()).not.toContain('萧雅琴');
    await shot(page, 'lookup-scope-admission');
    await page.getByTestId('form-cancel').click();

    await switchLanguage(page, 'zh-CN');
    await scan(page, 'WB20260013');
    await eventually(() => toast(page).innerText()).toContain('编码为 WB20260013 的患者属于其他病区');
    await shot(page, 'lookup-scope-scan-zh');
    const zh = await lookUpInAdmission(page, 'WB20260106');
    expect(await zh.explain.innerText()).toBe('该患者属于其他病区');
    await shot(page, 'lookup-scope-admission-zh');
  });

  it('says it on a phone too', { timeout: 120_000 }, async () => {
    const page = await (await newContext(browser, { width: 390, height: 844 })).newPage();
    await openWard(page);
    await scan(page, 'ZY20260013');
    await eventually(() => toast(page).innerText()).toContain('belongs to another ward');
    const box = await toast(page).boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await shot(page, 'lookup-scope-scan-mobile');
  });
});
