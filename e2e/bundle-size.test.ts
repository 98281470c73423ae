import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scriptsDownloaded } from './browser';
import { launchBrowser, newContext } from './support';

/** Budget of the login page's JavaScript, gzip-compressed (issue 14): the page a user waits for first. */
const LOGIN_BUDGET_KIB = 250;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('the login page’s download', () => {
  it(`stays within ${LOGIN_BUDGET_KIB} KiB of gzip-compressed JavaScript`, async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const encodings = new Map<string, string>();
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script')
        encodings.set(new URL(response.url()).pathname, response.headers()['content-encoding'] ?? 'identity');
    });
    const scripts = await scriptsDownloaded(page, '/login', '#tenant');
    const kib = scripts.gzip / 1024;
    expect(scripts.files.length).toBeGreaterThan(0);
    expect(kib, `${scripts.files.length} files: ${scripts.files.join(', ')}`).toBeLessThanOrEqual(
      LOGIN_BUDGET_KIB,
    );
    // and they travel compressed: the build's brotli copies
    expect([...new Set(encodings.values())]).toEqual(['br']);
    await context.close();
  });
});
