import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { launchBrowser, type ScriptsDownloaded, scriptsDownloaded } from '../../e2e/browser';

const dist = path.resolve(import.meta.dirname, '../../apps/web/dist');

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
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    return await scriptsDownloaded(page, `${server.url}/login`, '#tenant');
  } finally {
    await browser.close();
    await server.close();
  }
}
