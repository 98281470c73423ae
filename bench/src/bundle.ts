import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import { type Browser, chromium, type Page } from 'playwright-core';

const dist = path.resolve(import.meta.dirname, '../../apps/web/dist');

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

/** The flags every Chromium of the tests and the bench runs with. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
};

/**
 * The built web app over plain HTTP, the way the server lays it out (files, else the single-page
 * app's index.html), without the API: /project.config.json answers 404 and the app keeps its
 * fallback configuration, which is all the login page needs to draw itself.
 */
async function serveDist(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    const file = path.join(dist, path.normalize(pathname));
    if (
      pathname === '/project.config.json' ||
      pathname.startsWith('/app-service/') ||
      !file.startsWith(dist)
    ) {
      response.writeHead(404).end();
      return;
    }
    const target = fs.existsSync(file) && fs.statSync(file).isFile() ? file : path.join(dist, 'index.html');
    response.writeHead(200, {
      'content-type': CONTENT_TYPES[path.extname(target)] ?? 'application/octet-stream',
    });
    fs.createReadStream(target).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The bench's bundle report: what Chromium downloads to show /login of the built app. */
export async function measureLoginBundle(): Promise<ScriptsDownloaded> {
  if (!fs.existsSync(path.join(dist, 'index.html')))
    throw new Error('apps/web/dist/index.html missing: run npm run build');
  const server = await serveDist();
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    return await scriptsDownloaded(page, `${server.url}/login`, '#tenant');
  } finally {
    await browser.close();
    await server.close();
  }
}
