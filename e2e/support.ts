import fs from 'node:fs';
import path from 'node:path';
import { periodAt } from '@glucocare/domain';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { inject } from 'vitest';

export { launchBrowser } from './browser';

export const baseUrl = () => inject('baseUrl');

export async function newContext(
  browser: Browser,
  options: { width?: number; height?: number } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    acceptDownloads: true,
    baseURL: baseUrl(),
    viewport: { width: options.width ?? 1440, height: options.height ?? 900 },
    locale: 'en-US',
  });
  return context;
}

/** Fills the login form and submits it; waits until the app has left /login. */
export async function loginViaForm(
  page: Page,
  userName: string,
  password: string,
  tenant = '101',
): Promise<void> {
  if (!page.url().includes('/login')) await page.goto('/login');
  await page.locator('#tenant').fill(tenant);
  await page.locator('#userName').fill(userName);
  await page.locator('#password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 20_000 });
}

/** Saves a screenshot under e2e/screenshots (ignored by git) for people to look at. */
export async function shot(page: Page, name: string): Promise<void> {
  const dir = path.join(import.meta.dirname, 'screenshots');
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true, animations: 'disabled' });
}

/** Switches the language with the on-page control. */
export async function switchLanguage(page: Page, lang: 'en-US' | 'zh-CN'): Promise<void> {
  await page.getByTestId('lang-switch').click();
  await page.locator(`[data-lang="${lang}"]`).last().click();
}

/** Texts of visible leaf elements (the words a person reads), trimmed, without empties. */
export async function visibleLeafTexts(
  page: Page,
  exclude = '[data-testid="lang-switch"]',
): Promise<string[]> {
  return page.evaluate((excludeSelector) => {
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const parent = node.parentElement;
      if (!text || !parent) continue;
      if (parent.closest(excludeSelector) || parent.closest('script,style,noscript')) continue;
      const style = window.getComputedStyle(parent);
      const box = parent.getBoundingClientRect();
      if (style.visibility === 'hidden' || style.display === 'none' || box.width === 0 || box.height === 0)
        continue;
      texts.push(text);
    }
    return texts;
  }, exclude);
}

/**
 * Calls the API from the page with the signed-in user's token (the cookie the web app keeps) and answers
 * `dataContent`; anything but 200 throws with the answer.
 */
export async function call<T>(
  page: Page,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
): Promise<T> {
  const result = await page.evaluate(
    async ({ method, url, payload }) => {
      const token = decodeURIComponent(
        document.cookie
          .split('; ')
          .find((part) => part.startsWith('acon_credentials_key='))
          ?.split('=')[1] ?? '',
      );
      const res = await fetch(`/app-service${url}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: payload === undefined ? undefined : JSON.stringify(payload),
      });
      return { status: res.status, json: await res.json() };
    },
    { method, url, payload },
  );
  if (result.status !== 200)
    throw new Error(`${method} ${url}: ${result.status} ${JSON.stringify(result.json)}`);
  return result.json.dataContent as T;
}

/** GETs from the API from the page with the signed-in user's token (see {@link call}). */
export function api<T>(page: Page, url: string): Promise<T> {
  return call<T>(page, 'GET', url);
}

/** A moment as the forms show it: YYYY-MM-DD HH:mm on the hospital's clock (tenant 101: Asia/Shanghai). */
export const localMinute = (iso: unknown) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(String(iso)));

/** Minutes since midnight on the hospital's clock (tenant 101: Asia/Shanghai). */
export function minutesIntoHospitalDay(now = new Date()): number {
  const [hours, minutes] = localMinute(now.toISOString()).slice(11).split(':').map(Number) as [
    number,
    number,
  ];
  return hours * 60 + minutes;
}

/**
 * How many minutes back a test may put a reading that must show on today's lists: `wanted`, or fewer
 * just after the hospital's midnight (a reading 20 minutes old at 00:10 belongs to yesterday). In the
 * first two minutes of the day it waits until there is room for one.
 */
export async function minutesBackToday(wanted: number): Promise<number> {
  let into = minutesIntoHospitalDay();
  if (into < 2) {
    await new Promise((resolve) => setTimeout(resolve, (2 - into) * 60_000 + 1_000));
    into = minutesIntoHospitalDay();
  }
  return Math.min(wanted, into - 1);
}

/**
 * The glucose period whose window holds `at` on the hospital's clock (the patient's entry options):
 * since issue 15 a reading entered by hand outside its period's window needs a reason.
 */
export async function periodOf(page: Page, patientId: number, at: Date): Promise<string> {
  const options = await api<{
    periods: { code: string; startTime: string; endTime: string }[];
    timeZone: string;
  }>(page, `/v1/testRecord/entryOptions/${patientId}?category=GLU`);
  const code = periodAt(at, options.periods, options.timeZone);
  if (!code) throw new Error(`no glucose period holds ${at.toISOString()}`);
  return code;
}

/** Yesterday on the hospital's calendar (Asia/Shanghai, YYYY-MM-DD): every period of it lies in the past. */
export function hospitalYesterday(): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
  const day = new Date(`${today}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 10);
}

/**
 * Picks the first option of an antd Select whose text matches `label`, in that select's own dropdown
 * (the one holding the list its combobox controls): a dropdown just closed by the previous pick may
 * still be fading out and match `:visible`.
 */
export async function chooseOption(page: Page, select: Locator, label: RegExp): Promise<void> {
  await select.click();
  const listId = await select
    .locator('[role="combobox"]')
    .first()
    .getAttribute('aria-controls')
    .catch(() => null);
  const dropdown = listId
    ? page.locator('.ant-select-dropdown').filter({ has: page.locator(`[id="${listId}"]`) })
    : page.locator('.ant-select-dropdown:visible');
  await dropdown.locator('.ant-select-item-option').filter({ hasText: label }).first().click();
}

/** Scans a wristband on the home page (opens the patient) and goes to one tab of the patient. */
export async function openPatientTab(page: Page, wristband: string, tab: string): Promise<void> {
  const scan = page.getByTestId('scan-input');
  await scan.fill(wristband);
  await scan.press('Enter');
  await page.waitForURL(/\/patient\/detail\?id=\d+/);
  const url = new URL(page.url());
  url.searchParams.set('tab', tab);
  await page.goto(url.pathname + url.search);
}
