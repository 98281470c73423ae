import net from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, baseUrl, call, launchBrowser, loginViaForm, newContext, shot } from './support';

/**
 * Issue 21 in the browser: the interface messages page (`/system/interop`: the connection, the list,
 * one message's parsed view and raw text) and the device test page (`/test` inside the app and
 * `/task/test` full screen: a wristband scan of a demo patient, a test HL7 message and its ACK).
 */

type HisSetting = {
  address: { address: string | null; port: number | null };
  listenPort?: number | null;
  enable: boolean;
};

/** The /v1/his body that puts a setting back as it was (ports as text, as the settings form sends them). */
const hisBody = (setting: HisSetting, listenPort = setting.listenPort) => ({
  enable: setting.enable,
  address: {
    address: setting.address.address ?? '',
    port: setting.address.port === null ? '' : String(setting.address.port),
  },
  listenPort: listenPort === null || listenPort === undefined ? '' : String(listenPort),
});

/** A TCP port nobody listens on now, for the hospital's HL7 listener. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

let browser: Browser;
let admin: Page;
/** the hospital's HL7 setting before these tests (put back after them), when they had to switch it on */
let hisBefore: HisSetting | null = null;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await (await newContext(browser)).newPage();
  await loginViaForm(admin, 'admin', 'Admin@123456');
  // the test message goes to the hospital's own listener: switched on here if the demo has it off
  const connection = await api<{ inbound: { listening: boolean } }>(admin, '/v1/interop/connection');
  if (!connection.inbound.listening) {
    hisBefore = await api<HisSetting>(admin, '/v1/his');
    // the switch needs the HIS receiver's address too: this machine, on a port nobody answers
    const body = hisBody(hisBefore, await freePort());
    if (!body.address.address || !body.address.port)
      body.address = { address: '127.0.0.1', port: String(await freePort()) };
    await call(admin, 'POST', '/v1/his', { ...body, enable: true });
    // the listeners follow the settings within moments (expect.poll is for tests, not hooks)
    for (let tries = 0; tries < 50; tries++) {
      if ((await api<typeof connection>(admin, '/v1/interop/connection')).inbound.listening) break;
      await admin.waitForTimeout(200);
    }
  }
}, 120_000);

afterAll(async () => {
  if (hisBefore) await call(admin, 'POST', '/v1/his', hisBody(hisBefore));
  await browser?.close();
});

/** Whether the page scrolls sideways (the phone layout must not). */
const overflowsSideways = (page: Page) =>
  page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return root.scrollWidth > root.clientWidth + 1;
  });

/** The demo hospital's first inpatient (seed: wristband WB2026…, inpatient number ZY2026…). */
const DEMO_WRISTBAND = 'WB20260001';
const DEMO_INPATIENT = 'ZY20260001';

async function scanAndSend(page: Page) {
  const input = page.getByTestId('wristband-input');
  await input.waitFor({ timeout: 20_000 });
  // the box has the focus on load: a scanner types the code and presses Enter
  await expect.poll(() => input.evaluate((element) => element === document.activeElement)).toBe(true);
  await page.keyboard.type(DEMO_WRISTBAND);
  await page.keyboard.press('Enter');
  await page.getByTestId('wristband-patient').waitFor({ timeout: 10_000 });
  expect(await page.getByTestId('wristband-read').innerText()).toBe(DEMO_WRISTBAND);
  expect(await page.getByTestId('wristband-code-points').innerText()).toContain('U+0057');
  expect(await page.getByTestId('wristband-patient').innerText()).toContain(DEMO_INPATIENT);
  // ready for the next scan: the code is selected, the next one replaces it
  const selection = await input.evaluate((element) => {
    const box = element as HTMLInputElement;
    return { active: box === document.activeElement, start: box.selectionStart, end: box.selectionEnd };
  });
  expect(selection).toEqual({ active: true, start: 0, end: DEMO_WRISTBAND.length });
  // a second scan of an unknown code: "no patient found"
  await page.keyboard.type('NO-SUCH-BAND');
  await page.keyboard.press('Enter');
  await page.getByTestId('wristband-not-found').waitFor({ timeout: 10_000 });
  expect(await page.getByTestId('wristband-read').innerText()).toBe('NO-SUCH-BAND');

  // the sample names the patient found and is a training message
  const text = await page.getByTestId('hl7-test-text').inputValue();
  expect(text).toContain(`PID|1||${DEMO_INPATIENT}^^^HIS^MR`);
  expect(text.split('\n')[0]).toMatch(/\|T\|2\.5$/);
  await page.getByTestId('hl7-test-send').click();
  await page.getByTestId('hl7-test-result').waitFor({ timeout: 20_000 });
  const code = await page.getByTestId('hl7-test-ack-code').getAttribute('data-ack');
  expect(code).toBe('AA');
  expect(await page.getByTestId('hl7-test-ack').innerText()).toContain('MSA|AA');
  expect(await page.getByTestId('hl7-test-round-trip').innerText()).toMatch(/\d+ (ms|毫秒)/);
}

describe('device test page', () => {
  it('scans a demo patient’s wristband and sends a test message inside the app (/test)', {
    timeout: 120_000,
  }, async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await loginViaForm(page, 'nurse01', 'Nurse@2026');
    await page.goto('/test');
    await page.getByTestId('device-test-page').waitFor({ timeout: 20_000 });
    await scanAndSend(page);
    await shot(page, 'interop-device-test-en');
    // the sidebar does not list it (a fixed route, hidden from the menu)
    expect(await page.locator('.ant-menu').first().innerText()).not.toContain('Device test');
    await context.close();
  });

  it('sends a visitor without a session to the login and back (/task/test), usable on a phone', {
    timeout: 120_000,
  }, async () => {
    const context = await browser.newContext({
      baseURL: baseUrl(),
      viewport: { width: 390, height: 844 },
      locale: 'zh-CN',
    });
    await context.addInitScript(() => window.localStorage.setItem('language', 'zh-CN'));
    const page = await context.newPage();
    await page.goto('/task/test');
    await page.waitForURL('**/login?redirect=**', { timeout: 20_000 });
    expect(decodeURIComponent(new URL(page.url()).search)).toContain('redirect=/task/test');
    await loginViaForm(page, 'admin', 'Admin@123456');
    await page.waitForURL('**/task/test', { timeout: 20_000 });
    await page.getByTestId('device-test-standalone').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('hl7-test-card').innerText()).toContain('培训模式');
    await scanAndSend(page);
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, 'interop-task-test-zh-phone');
    await context.close();
  });
});

describe('interface messages page', () => {
  it('shows the connection and the messages, and one message’s fields and raw text', {
    timeout: 120_000,
  }, async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await loginViaForm(page, 'admin', 'Admin@123456');
    const listed = await api<{ total: number; records: { id: number }[] }>(
      page,
      '/v1/interop/messages?size=5',
    );
    expect(listed.total).toBeGreaterThan(0);

    await page.goto('/system/interop');
    await page.getByTestId('interop-page').waitFor({ timeout: 20_000 });
    await page.getByTestId('interop-inbound').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('interop-outbound').innerText()).toMatch(/Up|Down|Not tried yet/);
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await rows.first().waitFor({ timeout: 20_000 });
    expect(await rows.count()).toBeGreaterThan(0);
    expect(await page.locator('.ant-table-tbody').innerText()).toMatch(/ADT\^A\d\d|ORU\^R01/);
    await shot(page, 'interop-messages-en');

    // open the first message: its summary and fields, then the raw text one segment a line
    await rows.first().click();
    const detail = page.getByTestId('interop-detail');
    await detail.getByTestId('interop-summary').waitFor({ timeout: 20_000 });
    await detail.getByTestId('interop-parsed').waitFor();
    expect(await detail.getByTestId('interop-parsed').innerText()).toContain('MSH-9');
    await page.getByRole('tab', { name: 'Raw text' }).click();
    const raw = detail.getByTestId('interop-raw');
    await raw.waitFor();
    const rawText = await raw.innerText();
    expect(rawText.startsWith('MSH')).toBe(true);
    expect(rawText.split('\n').length).toBeGreaterThan(1);
    await shot(page, 'interop-message-raw-en');
    // the drawer's address opens the same message again (the device test page links to it)
    const id = await detail.getAttribute('data-id');
    expect(new URL(page.url()).searchParams.get('id')).toBe(id);
    await page.keyboard.press('Escape');
    await expect.poll(() => new URL(page.url()).searchParams.get('id')).toBeNull();

    // filters: outbound only
    await page.locator('#interopMessagesSearch_direction').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: /^Out$/ })
      .click();
    await page.getByRole('button', { name: 'Query' }).click();
    await expect
      .poll(async () => {
        const tags = await page
          .locator('.ant-table-tbody [data-direction]')
          .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-direction')));
        return tags.length === 0 || tags.every((direction) => direction === 'out');
      })
      .toBe(true);
    await context.close();
  });

  it('is not offered to a nurse: no permission at its address', { timeout: 60_000 }, async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await loginViaForm(page, 'nurse01', 'Nurse@2026');
    await page.goto('/system/interop');
    await page.getByTestId('no-permission').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('interop-page').count()).toBe(0);
    await context.close();
  });
});
