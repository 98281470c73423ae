import zlib from 'node:zlib';
import { type Browser, chromium, type Page } from 'playwright-core';

/** The system Chromium the browser tests and the bench drive. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export interface ScriptsDownloaded {
  /** path of each JavaScript file, in the order the browser received them */
  files: string[];
  raw: number;
  /** sum of each file's gzip size (level 9, as a server would precompress it) */
  gzip: number;
}

/**
 * JavaScript the browser downloads to show `route`: every script response from navigation until the
 * page has shown `readySelector` and the network has gone quiet. This counts what Chromium really
 * loads (the entry, its preloads, the lazily loaded page and whatever those import on the way), not
 * what a build manifest says. Sizes are of the decoded bodies, gzipped here, so the figure does not
 * depend on how the server compresses.
 */
export async function scriptsDownloaded(
  page: Page,
  route: string,
  readySelector: string,
): Promise<ScriptsDownloaded> {
  const bodies: Promise<{ file: string; body: Buffer }>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    bodies.push(response.body().then((body) => ({ file: new URL(response.url()).pathname, body })));
  });
  await page.goto(route);
  await page.locator(readySelector).first().waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  const scripts = await Promise.all(bodies);
  return {
    files: scripts.map((script) => script.file),
    raw: scripts.reduce((sum, script) => sum + script.body.length, 0),
    gzip: scripts.reduce((sum, script) => sum + zlib.gzipSync(script.body, { level: 9 }).length, 0),
  };
}
