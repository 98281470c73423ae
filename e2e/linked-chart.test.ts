import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginViaForm, newContext, openPatientTab, shot, switchLanguage } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Today and `n` days back on the hospital's calendar (tenant 101: Asia/Shanghai). */
function hospitalDay(back = 0): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
  const day = new Date(`${today}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - back);
  return day.toISOString().slice(0, 10);
}

const panel = (page: Page, testId: string) => page.getByTestId(`${testId}-panel`);
/** The days and counts the tab (or a print's chart panel) shows, from its data attributes. */
const attr = (page: Page, name: string, testId?: string) =>
  (testId ? panel(page, testId) : page.getByTestId('linked-tab')).getAttribute(name);

describe('glucose–insulin linked chart end to end', () => {
  it('reads the chart of a demo patient on basal-bolus, switches 1/3/7/14 days, prints it, and shows insulin on /record', {
    timeout: 180_000,
  }, async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await loginViaForm(page, 'nurse01', 'Nurse@2026');
    await page.waitForURL('**/index');
    // 王建国, ENDO bed 1: one of the three demo patients on basal-bolus insulin
    await openPatientTab(page, 'WB20260001', 'linked');
    await panel(page, 'linked-chart').waitFor();

    // the default: the last 3 days, with glucose points and insulin bars drawn
    await expect.poll(() => attr(page, 'data-begin')).toBe(hospitalDay(2));
    expect(await attr(page, 'data-end')).toBe(hospitalDay(0));
    const readings = Number(await attr(page, 'data-readings'));
    const doses = Number(await attr(page, 'data-doses'));
    expect(readings).toBeGreaterThan(0);
    expect(doses).toBeGreaterThan(0);
    const svg = page.getByTestId('linked-chart').locator('svg');
    expect(await svg.locator('path').count()).toBeGreaterThan(doses);
    expect(await page.getByTestId('linked-chart-summary').innerText()).toContain(`${doses} doses`);

    // 1, 7 and 14 days: the range follows, the counts grow with it
    const counts: number[] = [];
    for (const [label, days] of [
      ['1 day', 1],
      ['7 days', 7],
      ['14 days', 14],
    ] as const) {
      await page.getByTestId('linked-days').getByText(label, { exact: true }).click();
      await expect.poll(() => attr(page, 'data-begin')).toBe(hospitalDay(days - 1));
      counts.push(Number(await attr(page, 'data-readings')));
    }
    expect(counts[0]).toBeLessThanOrEqual(readings);
    expect(counts[1]).toBeGreaterThanOrEqual(readings);
    expect(counts[2]).toBeGreaterThanOrEqual(counts[1]!);

    // a tooltip on a dose bar names the drug
    await page.getByTestId('linked-days').getByText('3 days', { exact: true }).click();
    await expect.poll(() => attr(page, 'data-begin')).toBe(hospitalDay(2));
    await shot(page, 'linked-chart-tab');

    // the print view opens in a new tab with the same days, the chart and the doses by day
    const [print] = await Promise.all([
      context.waitForEvent('page'),
      page.getByTestId('linked-print').click(),
    ]);
    await print.waitForURL(/\/record\/linked\?/);
    await panel(print, 'record-linked-chart').waitFor();
    expect(await attr(print, 'data-begin', 'record-linked-chart')).toBe(hospitalDay(2));
    expect(Number(await attr(print, 'data-doses', 'record-linked-chart'))).toBe(doses);
    expect(await print.getByTestId('record-insulin-table').locator('tbody tr').count()).toBeGreaterThan(0);
    await shot(print, 'linked-chart-print');
    await switchLanguage(print, 'zh-CN');
    await expect
      .poll(() => print.getByTestId('record-linked-section').innerText())
      .toContain('血糖胰岛素联动图');

    // the glucose record print shows the insulin column with each day's total (in Chinese now: the
    // language chosen on the print tab is the browser's)
    const record = await context.newPage();
    const id = new URL(page.url()).searchParams.get('id');
    await record.goto(`/record?id=${id}&beginDate=${hospitalDay(6)}&endDate=${hospitalDay(0)}`);
    await record.getByTestId('record-grid').waitFor();
    await record.getByTestId('record-insulin-column').waitFor();
    const cells = await record.getByTestId('record-insulin-cell').allInnerTexts();
    expect(cells.some((text) => /全天合计: \d+(\.\d+)? IU/.test(text))).toBe(true);
    expect(await record.getByTestId('record-insulin-dose').count()).toBeGreaterThan(0);
  });

  it('a patient without insulin says so, and the /record print has no insulin column', {
    timeout: 120_000,
  }, async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await loginViaForm(page, 'nurse01', 'Nurse@2026');
    await page.waitForURL('**/index');
    // 黄淑芬, ENDO: no insulin and no pump in the demo data, and no other browser test gives her any
    await openPatientTab(page, 'WB20260008', 'linked');
    await page.getByTestId('linked-tab').waitFor();
    await expect
      .poll(() => page.getByTestId('linked-tab').innerText())
      .toContain('This patient has no insulin records and no pump');
    expect(await attr(page, 'data-doses')).toBe('0');
    const record = await context.newPage();
    const id = new URL(page.url()).searchParams.get('id');
    await record.goto(`/record?id=${id}`);
    await record.getByTestId('record-grid').waitFor();
    expect(await record.getByTestId('record-insulin-column').count()).toBe(0);
  });
});
