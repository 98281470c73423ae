import fs from 'node:fs';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, baseUrl, launchBrowser, loginViaForm, shot, switchLanguage } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const WAIT = { timeout: 20_000 };
const HOSPITAL_ZONE = 'Asia/Shanghai';

type Outcome = { patientDays: number; hypoShare: number | null; readings: number; patients: number };
type Outcomes = { months: (Outcome & { month: string })[]; total: Outcome };
type Stay = { id: number; patientName: string };
type BeforeAfter = { before: { readings: number }; after: { readings: number } };

/** The page's default months: the hospital's month five months back to this month (YYYY-MM). */
function defaultMonths(): { begin: string; end: string } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: HOSPITAL_ZONE,
    year: 'numeric',
    month: 'numeric',
  }).formatToParts(new Date());
  const year = Number(parts.find((p) => p.type === 'year')?.value);
  const month = Number(parts.find((p) => p.type === 'month')?.value);
  const index = year * 12 + month - 1;
  const label = (i: number) => `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`;
  return { begin: label(index - 5), end: label(index) };
}

const number = (text: string) => Number(text.replace(/[^\d.-]/g, ''));
const shareText = (share: number | null) => (share === null ? '—' : `${share.toFixed(2)}%`);

async function monthCells(page: Page, testId: string): Promise<string[]> {
  return page
    .getByTestId('outcome-table')
    .locator('tbody tr[data-row-key]')
    .getByTestId(testId)
    .allInnerTexts();
}

describe('virtual ward outcomes (patient-days)', () => {
  it('shows the API figures, switches scope, compares a stay before and after, exports Excel, in Chinese', {
    timeout: 180_000,
  }, async () => {
    const context = await browser.newContext({
      acceptDownloads: true,
      baseURL: baseUrl(),
      viewport: { width: 1440, height: 900 },
      locale: 'en-US',
      timezoneId: HOSPITAL_ZONE,
    });
    const page = await context.newPage();
    await loginViaForm(page, 'admin', 'Admin@123456');
    const sidebar = page.getByTestId('sidebar');
    const link = sidebar.getByText('Outcomes', { exact: true });
    if (!(await link.isVisible())) await sidebar.getByText('Virtual ward', { exact: true }).click();
    await link.click();
    await page.waitForURL('**/virtualward/outcome', WAIT);
    await page.getByTestId('vw-outcome-page').waitFor(WAIT);

    const { begin, end } = defaultMonths();
    const query = `beginMonth=${begin}&endMonth=${end}`;
    const ward = await api<Outcomes>(page, `/v1/virtualward/outcomes?${query}&scope=virtualWard`);
    // the demo's history: discharged patients of other wards with past stays
    expect(ward.total.patientDays).toBeGreaterThan(10);
    const table = page.getByTestId('outcome-table');
    await expect.poll(() => table.locator('tbody tr[data-row-key]').count(), WAIT).toBe(6);
    await expect
      .poll(async () => number(await page.getByTestId('outcome-total-patientDays').innerText()), WAIT)
      .toBe(ward.total.patientDays);
    expect((await monthCells(page, 'outcome-patientDays')).map(number)).toEqual(
      ward.months.map((m) => m.patientDays),
    );
    expect(await monthCells(page, 'outcome-hypoShare')).toEqual(
      ward.months.map((m) => shareText(m.hypoShare)),
    );
    expect(await page.getByTestId('outcome-total-hypoShare').innerText()).toBe(
      shareText(ward.total.hypoShare),
    );
    await page.getByTestId('outcome-chart').locator('svg').waitFor(WAIT);
    await shot(page, 'virtualward-outcome');

    // the whole hospital: more patient-days than the virtual ward alone
    await page.getByTestId('outcome-scope').getByText('Whole hospital', { exact: true }).click();
    const hospital = await api<Outcomes>(page, `/v1/virtualward/outcomes?${query}&scope=hospital`);
    expect(hospital.total.patientDays).toBeGreaterThan(ward.total.patientDays);
    await expect
      .poll(async () => number(await page.getByTestId('outcome-total-patientDays').innerText()), WAIT)
      .toBe(hospital.total.patientDays);
    expect((await monthCells(page, 'outcome-patientDays')).map(number)).toEqual(
      hospital.months.map((m) => m.patientDays),
    );

    // a stay's before and after
    // (a stay with readings on both sides: the demo history's; other tests' joins may have none before)
    const stays = await api<Stay[]>(page, `/v1/virtualward/outcomes/stays?${query}`);
    let chosen: { stay: Stay; figures: BeforeAfter } | null = null;
    for (const candidate of stays) {
      const found = await api<BeforeAfter>(page, `/v1/virtualward/stays/${candidate.id}/beforeAfter`);
      if (found.before.readings > 0 && found.after.readings > 0) {
        chosen = { stay: candidate, figures: found };
        break;
      }
    }
    if (!chosen) throw new Error('no stay with readings before and after joining');
    const { stay, figures } = chosen;
    await page.getByTestId('outcome-stay').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: stay.patientName })
      .first()
      .click();
    await page.getByTestId('stay-before-after').waitFor(WAIT);
    expect(number(await page.getByTestId('before-readings').innerText())).toBe(figures.before.readings);
    expect(number(await page.getByTestId('after-readings').innerText())).toBe(figures.after.readings);
    expect(figures.before.readings).toBeGreaterThan(0);

    // Excel: a header, a row per month and the total
    const [download] = await Promise.all([
      page.waitForEvent('download', WAIT),
      page.getByTestId('export-excel').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^Outcomes \(patient-days\).*\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(fs.readFileSync(await download.path()) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.rowCount).toBe(1 + 6 + 1);
    expect(String(sheet?.getRow(1).getCell(2).value)).toBe('Patient-days');
    expect(Number(sheet?.getRow(8).getCell(2).value)).toBe(hospital.total.patientDays);
    await shot(page, 'virtualward-outcome-hospital');

    // Chinese
    await switchLanguage(page, 'zh-CN');
    const heading = page.getByTestId('vw-outcome-page').locator('.gc-page-title');
    await expect.poll(() => heading.innerText(), WAIT).toBe('管理成效（患者日）');
    expect(await table.locator('thead').innerText()).toContain('患者日');
    await page.getByTestId('outcome-scope').getByText('虚拟病房', { exact: true }).click();
    await expect
      .poll(async () => number(await page.getByTestId('outcome-total-patientDays').innerText()), WAIT)
      .toBe(ward.total.patientDays);
    await shot(page, 'virtualward-outcome-zh');
    await context.close();
  });
});
