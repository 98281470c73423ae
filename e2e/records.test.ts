import pg from 'pg';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { linkSignature } from '../apps/server/src/modules/records/links';
import { pdfText } from './pdf';
import { launchBrowser, loginViaForm, newContext, shot, switchLanguage } from './support';

let browser: Browser;
let db: pg.Client;
/** A seeded in-hospital ENDO patient of tenant 101 (nurse01's ward), with readings added here. */
let patient: { id: number; name: string };

beforeAll(async () => {
  browser = await launchBrowser();
  db = new pg.Client({ connectionString: inject('e2eDatabaseUrl') });
  await db.connect();
  const { rows } = await db.query<{ id: string; name: string }>(
    `select id, name from patients
      where tenant_id = '101' and department_code = 'ENDO' and status = 'inHospital' and deleted_at is null
      order by id limit 1`,
  );
  if (!rows[0]) throw new Error('the demo seed has no ENDO inpatient');
  patient = { id: Number(rows[0].id), name: rows[0].name };
  // a few readings of today and yesterday (hospital clock), a critical low among them
  await db.query(
    `insert into measurements (tenant_id, patient_id, department_code, item, period_code, test_time, value,
                               tester_name, classification, color)
     select '101', $1, 'ENDO', 'GLU', p.code,
            ((current_date - d)::text || ' ' || p.hhmm)::timestamp at time zone 'Asia/Shanghai', p.v + d - 1,
            'Nurse Wang Fang', case when p.v + d - 1 <= 2.8 then 'criticalLow' else 'normal' end,
            case when p.v + d - 1 <= 2.8 then '#722ED1' end
       from (values ('fasting', '06:50', 2.4::float8), ('afterBreakfast', '09:40', 7.2)) p(code, hhmm, v),
            generate_series(1, 2) d
      where ((current_date - d)::text || ' ' || p.hhmm)::timestamp at time zone 'Asia/Shanghai' < now()
     on conflict do nothing`,
    [patient.id],
  );
});
afterAll(async () => {
  await browser?.close();
  await db?.end();
});

const body = (page: Page) => page.locator('body').innerText();

async function signedIn(width = 1440): Promise<BrowserContext> {
  const context = await newContext(browser, { width });
  const page = await context.newPage();
  await loginViaForm(page, 'nurse01', 'Nurse@2026');
  await page.close();
  return context;
}

/** Shots of a screen: the screen and its print preview, in the current language. */
async function shots(page: Page, name: string) {
  await shot(page, name);
  await page.emulateMedia({ media: 'print' });
  await shot(page, `${name}-print`);
  await page.emulateMedia({ media: 'screen' });
}

describe('record screens', () => {
  it('from a session, /record?id= shows the grid with the patient, in both languages and in print', {
    timeout: 120_000,
  }, async () => {
    const context = await signedIn();
    const page = await context.newPage();
    await page.goto(`/record?id=${patient.id}`);
    const grid = page.getByTestId('record-grid');
    await grid.waitFor();
    expect(await page.getByTestId('record-patient').innerText()).toContain(patient.name);
    expect(await grid.innerText()).toContain('Fasting');
    expect(await page.getByTestId('record-critical').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('record-report-title').first().innerText()).toBe(
      'GlucoCare Demo General Hospital',
    );
    expect(await page.title()).toContain(patient.name);
    await shots(page, 'records-glucose-en');

    await switchLanguage(page, 'zh-CN');
    await expect.poll(() => grid.innerText()).toContain('空腹');
    expect(await page.getByTestId('record-report-title').first().innerText()).toBe('糖护示范综合医院');
    await shots(page, 'records-glucose-zh');

    for (const [path, name, testId] of [
      [`/record/ket?id=${patient.id}`, 'ketone', 'record-grid'],
      [`/record/inspect?id=${patient.id}`, 'inspect', 'record-references'],
      ['/ward/record?id=ENDO', 'ward', 'record-ward-table'],
      [`/trend?id=${patient.id}`, 'trend', 'record-trend-chart'],
    ] as const) {
      await page.goto(path);
      await page.getByTestId(testId).first().waitFor();
      await shots(page, `records-${name}-zh`);
    }
    // the ward record lists the patient; the trend chart is SVG (crisp in print)
    await page.goto('/ward/record?id=ENDO');
    await expect
      .poll(async () => (await page.getByTestId('record-ward-table').allInnerTexts()).join('\n'))
      .toContain(patient.name);
    // ten patients a landscape page: every sheet numbered "Page i of n"
    const sheets = await page.getByTestId('record-sheet').count();
    expect(await page.getByTestId('record-page-number').last().innerText()).toBe(
      `第 ${sheets} 页，共 ${sheets} 页`,
    );
    await page.goto(`/trend?id=${patient.id}`);
    await expect.poll(() => page.locator('[data-testid="record-trend-chart"] svg').count()).toBe(1);
    await switchLanguage(page, 'en-US');
    await expect.poll(() => body(page)).toContain('Blood glucose report');
    await shots(page, 'records-trend-en');
    await context.close();
  });

  it('at 390 px the sheet fits the width and the grid scrolls inside it', { timeout: 90_000 }, async () => {
    const context = await signedIn(390);
    const page = await context.newPage();
    for (const [path, name] of [
      [`/record?id=${patient.id}`, 'glucose'],
      ['/ward/record?id=ENDO', 'ward'],
      [`/trend?id=${patient.id}`, 'trend'],
    ] as const) {
      await page.goto(path);
      await page.getByTestId('record-sheet').first().waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, name).toBeLessThanOrEqual(1);
      await shots(page, `records-${name}-390`);
    }
    await context.close();
  });

  it('a bare id in a fresh browser shows no data, and the API answers 401', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`/record?id=${patient.id}`);
    await page.getByTestId('record-signin').waitFor();
    const text = await body(page);
    expect(text).toContain('Please sign in or use a shared link');
    expect(text).not.toContain(patient.name);
    await shot(page, 'records-signin-en');
    const api = await context.request.get(`/app-service/v1/records/glucose?id=${patient.id}`);
    expect(api.status()).toBe(401);
    expect((await api.json()).code).toBe('402');
    // the sign-in button comes back to the record
    await page.getByTestId('record-signin-login').click();
    await page.waitForURL('**/login?redirect=**');
    await loginViaForm(page, 'nurse01', 'Nurse@2026');
    await page.getByTestId('record-grid').waitFor();
    expect(new URL(page.url()).pathname).toBe('/record');
    await context.close();
  });

  it('a shared link works in a fresh browser; a tampered or expired one is refused', {
    timeout: 90_000,
  }, async () => {
    const context = await signedIn();
    const page = await context.newPage();
    await page.goto(`/record?id=${patient.id}`);
    await page.getByTestId('record-grid').waitFor();
    await page.getByTestId('record-share').click();
    const field = page.getByTestId('record-share-url');
    await field.waitFor();
    const url = await field.inputValue();
    expect(url).toMatch(/\/record\?id=\d+&sig=101\.[\w-]{43}&exp=\d+$/);
    await shot(page, 'records-share-dialog');
    await context.close();

    const fresh = await newContext(browser);
    const view = await fresh.newPage();
    await view.goto(url);
    await view.getByTestId('record-grid').waitFor();
    expect(await view.getByTestId('record-patient').innerText()).toContain(patient.name);
    expect(await view.getByTestId('record-link-tag').innerText()).toContain('Shared link');
    expect(await view.getByTestId('record-share').count()).toBe(0);
    await shot(view, 'records-shared-link');

    const sig = new URL(url).searchParams.get('sig') as string;
    const tampered = url.replace(sig, `${sig.slice(0, -3)}${sig.endsWith('AAA') ? 'BBB' : 'AAA'}`);
    await view.goto(tampered);
    await view.getByTestId('record-signin').waitFor();
    expect(await body(view)).toContain('This link has expired or is not valid');
    expect(await body(view)).not.toContain(patient.name);

    // an authentic link (the tenant's own key) whose time has passed
    const { rows } = await db.query<{ value: string }>(
      `select value #>> '{}' as value from settings where tenant_id = '101' and key = 'records.linkSecret'`,
    );
    const exp = Math.floor(Date.now() / 1000) - 60;
    const expiredSig = linkSignature(
      Buffer.from(rows[0].value, 'base64url'),
      '101',
      { screen: 'glucose', id: String(patient.id), range: '' },
      exp,
    );
    await view.goto(`/record?id=${patient.id}&sig=${expiredSig}&exp=${exp}`);
    await view.getByTestId('record-signin').waitFor();
    expect(await body(view)).toContain('This link has expired or is not valid');
    await switchLanguage(view, 'zh-CN');
    await view.reload();
    await expect.poll(() => body(view)).toContain('此链接已过期或无效');
    await shot(view, 'records-expired-zh');
    // the same key and time a day ahead: accepted (the refusal above is the expiry's)
    const later = exp + 86_400;
    const validSig = linkSignature(
      Buffer.from(rows[0].value, 'base64url'),
      '101',
      { screen: 'glucose', id: String(patient.id), range: '' },
      later,
    );
    await view.goto(`/record?id=${patient.id}&sig=${validSig}&exp=${later}`);
    await view.getByTestId('record-grid').waitFor();
    await fresh.close();
  });

  it('printing /record to PDF gives A4 pages with the patient name', { timeout: 90_000 }, async () => {
    const context = await signedIn();
    const page = await context.newPage();
    await page.goto(`/record?id=${patient.id}`);
    await page.getByTestId('record-grid').waitFor();
    await page.emulateMedia({ media: 'print' });
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain(patient.name);
    expect(text).toContain('Blood glucose record');
    // the toolbar is not printed; the signature lines are
    expect(text).not.toContain('Copy share link');
    expect(text).toContain('Nurse (signature):');
    // A4 portrait: 595 × 842 points
    const box = /\/MediaBox\s*\[0 0 ([\d.]+) ([\d.]+)\]/.exec(pdf.toString('latin1'));
    expect(Math.abs(Number(box?.[1]) - 595)).toBeLessThan(2);
    expect(Math.abs(Number(box?.[2]) - 842)).toBeLessThan(2);
    await context.close();
  });
});
