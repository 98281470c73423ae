import { formatDecimal } from '@glucocare/domain';
import pg from 'pg';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { pdfText } from './pdf';
import { api, launchBrowser, loginViaForm, newContext, shot, switchLanguage } from './support';

let browser: Browser;
let db: pg.Client;
/** A seeded in-hospital ENDO patient of tenant 101 (nurse01's ward) with a week of 7-point glucose. */
let patient: { id: number; name: string };

const WAIT = { timeout: 20_000 };

beforeAll(async () => {
  browser = await launchBrowser();
  db = new pg.Client({ connectionString: inject('e2eDatabaseUrl') });
  await db.connect();
  const { rows } = await db.query<{ id: string; name: string }>(
    `select p.id, p.name from patients p
      where p.tenant_id = '101' and p.department_code = 'ENDO' and p.status = 'inHospital' and p.deleted_at is null
        and (select count(*) from measurements m where m.patient_id = p.id and m.item = 'GLU' and m.value is not null
               and m.test_time > now() - interval '6 days') >= 20
      order by p.id limit 1`,
  );
  if (!rows[0]) throw new Error('the demo seed has no ENDO inpatient with a week of glucose');
  patient = { id: Number(rows[0].id), name: rows[0].name };
});
afterAll(async () => {
  await browser?.close();
  await db?.end();
});

type Report = {
  testCount: number;
  avg: number | null;
  gmi: number | null;
  gmiStatus: { qualifies: boolean; message: string | null };
  ea1c: number | null;
  mage: number | null;
  magePlus: number | null;
  mageMinus: number | null;
  mageMean: number | null;
  range: { beginDate: string; endDate: string };
};

/** A value as the tab shows it in mmol/L (1 decimal), '—' for none. */
const shown = (value: number | null) => (value === null ? '—' : formatDecimal(value, 1));

async function signedIn(width = 1440): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, { width });
  const page = await context.newPage();
  await loginViaForm(page, 'nurse01', 'Nurse@2026');
  return { context, page };
}

const metric = (page: Page, key: string) => page.getByTestId(`analysis-metric-${key}`).innerText();

/** The report the tab shows for its current range, as the API answers it. */
async function reportOf(page: Page, begin: string, end: string) {
  return api<Report>(
    page,
    `/v1/gluDataAnalysis/bloodGlucoseReport?patientId=${patient.id}&beginDate=${begin}&endDate=${end}`,
  );
}

describe('glucose analysis', () => {
  it('the analysis tab shows the metrics of the range, switches 3/7/14 days and 1/6/24 segments', {
    timeout: 120_000,
  }, async () => {
    const { context, page } = await signedIn();
    await page.goto(`/patient/detail?id=${patient.id}&tab=analysis`);
    await page.getByTestId('analysis-metrics').waitFor(WAIT);
    await expect.poll(() => page.locator('[data-testid="analysis-trend-chart"] svg').count(), WAIT).toBe(1);

    // 14 days (the default): the readings are the API's for the same range
    const picker = page.getByTestId('analysis-range-picker');
    const range14 = [await picker.first().inputValue(), await picker.nth(1).inputValue()];
    const report14 = await reportOf(page, range14[0], range14[1]);
    expect(report14.testCount).toBeGreaterThanOrEqual(20);
    expect(await metric(page, 'readings')).toContain(String(report14.testCount));
    expect(await metric(page, 'mean')).toContain(shown(report14.avg));
    // MAGE in its four directions, as the API computes them
    for (const key of ['mage', 'magePlus', 'mageMinus', 'mageMean'] as const) {
      expect(await metric(page, key)).toContain(shown(report14[key]));
    }
    // 7-point fingerstick data never qualify for GMI: the tab says why and shows the eA1c of the readings
    expect(report14.gmiStatus.qualifies).toBe(false);
    expect(await page.getByTestId('analysis-metric-gmi').count()).toBe(0);
    expect(await page.getByTestId('analysis-gmi-note').innerText()).toBe(report14.gmiStatus.message);
    expect(await metric(page, 'ea1c')).toContain(shown(report14.ea1c));
    expect(await page.getByTestId('analysis-metrics').innerText()).toContain(
      `Estimated A1c (eA1c) of ${report14.testCount} readings`,
    );
    await expect.poll(() => page.locator('[data-testid="analysis-tir-chart"] svg').count()).toBe(1);
    // each figure names its range: the consensus bands beside the bar, the hospital's target under the trend
    expect(await page.getByTestId('analysis-tir').innerText()).toContain(
      'Readings in the consensus TIR bands',
    );
    expect(await page.getByTestId('analysis-tir-bands').innerText()).toContain('in range 3.9–10.0');
    expect(await page.getByTestId('analysis-trend-band').innerText()).toContain('the hospital’s target');
    expect(await page.getByTestId('analysis-periods').innerText()).toContain('hospital targets');
    // the five shares beside the bar add up to exactly 100.0
    const shares = (await page.getByTestId('analysis-tir-chart').innerText()).match(/\d+\.\d %/g) ?? [];
    expect(shares).toHaveLength(5);
    expect(shares.reduce((sum, text) => sum + Math.round(Number.parseFloat(text) * 10), 0)).toBe(1000);
    await shot(page, 'analysis-tab-en');

    // 3 days: fewer readings, again the API's
    await page.getByTestId('analysis-range').getByText('3', { exact: false }).first().click();
    await expect.poll(async () => picker.first().inputValue(), WAIT).not.toBe(range14[0]);
    const range3 = [await picker.first().inputValue(), await picker.nth(1).inputValue()];
    const report3 = await reportOf(page, range3[0], range3[1]);
    expect(report3.testCount).toBeLessThan(report14.testCount);
    await expect.poll(() => metric(page, 'readings'), WAIT).toContain(String(report3.testCount));
    await page.getByTestId('analysis-range').getByText('7', { exact: false }).first().click();
    await expect
      .poll(async () => (await reportOf(page, await picker.first().inputValue(), range3[1])).testCount, WAIT)
      .toBeGreaterThan(report3.testCount);

    // the standard 24-hour chart redraws for 1, 6 and 24 segments: one mean marker per segment
    const dayChart = page.getByTestId('analysis-standard-day-chart');
    const paths: number[] = [];
    for (const label of ['24', '6']) {
      await page.getByTestId('analysis-segments').getByText(label, { exact: false }).first().click();
      await page.waitForTimeout(300);
      paths.push(await dayChart.locator('svg path').count());
    }
    expect(paths[0]).toBeGreaterThan(paths[1]);

    await switchLanguage(page, 'zh-CN');
    await expect.poll(() => page.locator('body').innerText(), WAIT).toContain('血糖分析');
    await expect.poll(() => page.locator('body').innerText(), WAIT).toContain('平均血糖');
    await shot(page, 'analysis-tab-zh');
    await context.close();
  });

  it('the tab works on a phone', { timeout: 90_000 }, async () => {
    const { context, page } = await signedIn(390);
    await page.goto(`/patient/detail?id=${patient.id}&tab=analysis`);
    await page.getByTestId('analysis-metrics').waitFor(WAIT);
    await expect.poll(() => page.locator('[data-testid="analysis-trend-chart"] svg').count(), WAIT).toBe(1);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    await shot(page, 'analysis-tab-mobile-en');
    await context.close();
  });

  it('the printable report opens from the tab, switches days and segments, and prints its metrics to PDF', {
    timeout: 150_000,
  }, async () => {
    const { context, page } = await signedIn();
    await page.goto(`/patient/detail?id=${patient.id}&tab=analysis`);
    await page.getByTestId('analysis-metrics').waitFor(WAIT);
    const [report] = await Promise.all([
      context.waitForEvent('page'),
      page.getByTestId('analysis-print').click(),
    ]);
    await report.waitForURL(/\/trend\?id=/, WAIT);
    await report.getByTestId('record-trend-metrics').waitFor(WAIT);
    await expect.poll(() => report.locator('[data-testid="record-trend-chart"] svg').count(), WAIT).toBe(1);

    // 3, 7, 14 days: the range in the URL and the readings follow
    const readings = async () =>
      Number((await report.getByTestId('record-trend-summary').locator('td').nth(1).innerText()).trim());
    const counts: Record<string, number> = {};
    for (const days of ['3', '7', '14']) {
      await report.getByTestId('record-trend-preset').getByText(days, { exact: false }).first().click();
      await expect.poll(() => new URL(report.url()).searchParams.get('beginDate'), WAIT).not.toBeNull();
      await expect
        .poll(async () => {
          const url = new URL(report.url());
          const begin = url.searchParams.get('beginDate') as string;
          const end = url.searchParams.get('endDate') as string;
          return Math.round((Date.parse(end) - Date.parse(begin)) / 86_400_000) + 1;
        }, WAIT)
        .toBe(Number(days));
      // the sheets show the new range (not the previous answer kept while loading)
      const begin = new URL(report.url()).searchParams.get('beginDate') as string;
      await expect
        .poll(() => report.getByTestId('record-patient').first().innerText(), WAIT)
        .toContain(begin);
      counts[days] = await readings();
    }
    expect(counts['3']).toBeLessThan(counts['14']);
    expect(counts['7']).toBeLessThanOrEqual(counts['14']);

    // segments: the 24-hour chart redraws
    const chart = report.getByTestId('record-trend-standard-day-chart');
    const segment = (index: number) =>
      report.getByTestId('record-trend-segments').locator('.ant-segmented-item').nth(index);
    await segment(2).click(); // 24 segments
    await report.waitForTimeout(300);
    const many = await chart.locator('svg path').count();
    await segment(0).click(); // the whole day
    await report.waitForTimeout(300);
    expect(await chart.locator('svg path').count()).toBeLessThan(many);

    const url = new URL(report.url());
    const api14 = await reportOf(
      report,
      url.searchParams.get('beginDate') as string,
      url.searchParams.get('endDate') as string,
    );
    await shot(report, 'analysis-report-en');
    await report.emulateMedia({ media: 'print' });
    await shot(report, 'analysis-report-en-print');
    const pdf = await report.pdf({ preferCSSPageSize: true, printBackground: true });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain(patient.name);
    expect(text).toContain('Blood glucose report');
    expect(text).toContain('GMI is not shown');
    expect(text).toContain('LAGE');
    expect(text).toContain('MAGE+ (rises)');
    expect(text).toContain('Mean of MAGE+ and MAGE');
    expect(text).toContain(`${api14.testCount}`);
    expect(text).toContain(shown(api14.avg));
    expect(text).toContain(shown(api14.ea1c));
    expect(text).toContain(shown(api14.magePlus));
    // both kinds of range are named
    expect(text).toContain('Readings in the consensus TIR bands');
    expect(text).toContain('Hospital target');
    // the toolbar is not printed; the pages are numbered
    expect(text).not.toContain('Copy share link');
    expect(text).toMatch(/Page 1 of \d/);
    await report.emulateMedia({ media: 'screen' });

    await switchLanguage(report, 'zh-CN');
    await expect.poll(() => report.locator('body').innerText(), WAIT).toContain('血糖报告');
    await expect.poll(() => report.locator('body').innerText(), WAIT).toContain('国际共识 TIR 分级');
    await shot(report, 'analysis-report-zh');
    await context.close();
  });
});

describe('ketone and uric-acid trends', () => {
  it('the ketone tab draws its readings as a chart, in both languages and on a phone', {
    timeout: 120_000,
  }, async () => {
    const { rows } = await db.query<{ id: string }>(
      `select p.id from patients p
        where p.tenant_id = '101' and p.department_code = 'ENDO' and p.status = 'inHospital' and p.deleted_at is null
          and exists (select 1 from measurements m where m.patient_id = p.id and m.item = 'KET'
                        and m.value is not null and m.deleted_at is null and m.test_time > now() - interval '6 days')
        order by p.id limit 1`,
    );
    if (!rows[0]) throw new Error('the demo seed has no ENDO inpatient with ketone readings');
    const id = Number(rows[0].id);
    for (const width of [1440, 390]) {
      const { context, page } = await signedIn(width);
      await page.goto(`/patient/detail?id=${id}&tab=ketone`);
      await page.getByTestId('measurement-tab-KET').waitFor(WAIT);
      await page.getByTestId('reading-view').getByText('Chart').click();
      await expect.poll(() => page.locator('[data-testid="test-trend-chart"] svg').count(), WAIT).toBe(1);
      // one point per reading of the range, in the tab's unit
      const note = await page.getByTestId('test-trend-note').innerText();
      expect(note).toMatch(/^\d+ readings from \d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d, in mmol\/L\./);
      expect(note).toContain('the reference range');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(1);
      await shot(page, width === 390 ? 'ketone-trend-mobile-en' : 'ketone-trend-en');
      if (width === 1440) {
        await switchLanguage(page, 'zh-CN');
        // the language switch redraws the tab, which opens on its grid again
        await page.getByTestId('reading-view').getByText('趋势图').click();
        await expect.poll(() => page.getByTestId('test-trend-note').innerText(), WAIT).toContain('次读数');
        expect(await page.getByTestId('test-trend').innerText()).toContain('参考范围');
        await shot(page, 'ketone-trend-zh');
      }
      await context.close();
    }
  });

  it('a range without readings shows the empty state', { timeout: 90_000 }, async () => {
    const { rows } = await db.query<{ id: string }>(
      `select p.id from patients p
        where p.tenant_id = '101' and p.department_code = 'ENDO' and p.status = 'inHospital' and p.deleted_at is null
          and not exists (select 1 from measurements m where m.patient_id = p.id and m.item = 'UA')
        order by p.id limit 1`,
    );
    if (!rows[0]) throw new Error('the demo seed has no ENDO inpatient without uric acid');
    const { context, page } = await signedIn();
    await page.goto(`/patient/detail?id=${Number(rows[0].id)}&tab=uricAcid`);
    await page.getByTestId('measurement-tab-UA').waitFor(WAIT);
    await page.getByTestId('reading-view').getByText('Chart').click();
    await page.getByTestId('test-trend-empty').waitFor(WAIT);
    expect(await page.getByTestId('test-trend-empty').innerText()).toMatch(/No Uric acid readings from/);
    await context.close();
  });
});
