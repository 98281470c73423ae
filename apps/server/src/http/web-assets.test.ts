import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness';

/**
 * The built web app as the server sends it: a folder laid out like apps/web/dist after `npm run build`
 * (files in assets/ named by their hash, each compressible file with its .br and .gz copy).
 */
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'glucocare-web-'));
const files = {
  'index.html':
    '<!doctype html><html><head><script type="module" src="/assets/index-B2x9QfLm.js"></script></head><body><div id="root"></div></body></html>',
  'assets/index-B2x9QfLm.js': `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`,
  'assets/index-C7d1EeQz.css': `body { margin: 0; }\n${'.gc-x { color: #0e7c86; }\n'.repeat(100)}`,
  'favicon.svg':
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="7"/></svg>',
};
for (const [name, content] of Object.entries(files)) {
  const file = path.join(dist, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(content));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content));
}
const original = (name: keyof typeof files) => Buffer.from(files[name]);

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ webDist: dist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

describe('the web app’s files', () => {
  it('go brotli-encoded when the browser accepts it, whatever else it accepts', async () => {
    const res = await get('/assets/index-B2x9QfLm.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(res.rawPayload)).toEqual(original('assets/index-B2x9QfLm.js'));
    expect(res.rawPayload.length).toBeLessThan(original('assets/index-B2x9QfLm.js').length / 4);
  });

  it('go gzip-encoded to a client that accepts gzip only', async () => {
    const res = await get('/assets/index-C7d1EeQz.css', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toMatch(/^text\/css/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.gunzipSync(res.rawPayload)).toEqual(original('assets/index-C7d1EeQz.css'));
  });

  it('go as they are to a client that accepts no encoding', async () => {
    for (const acceptEncoding of [undefined, 'identity']) {
      const res = await get('/assets/index-B2x9QfLm.js', acceptEncoding);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.rawPayload).toEqual(original('assets/index-B2x9QfLm.js'));
    }
  });

  it('are kept a year, unasked, when their name carries the content hash', async () => {
    for (const encoding of ['br', 'gzip', undefined]) {
      const res = await get('/assets/index-B2x9QfLm.js', encoding);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('are revalidated on every use otherwise: index.html never comes from a stale cache', async () => {
    const page = await get('/', 'br');
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(page.rawPayload)).toEqual(original('index.html'));
    const icon = await get('/favicon.svg', 'gzip');
    expect(icon.headers['cache-control']).toBe('no-cache');
    expect(zlib.gunzipSync(icon.rawPayload)).toEqual(original('favicon.svg'));
  });

  it('answer a client route of the single-page app with index.html, revalidated and encoded', async () => {
    for (const url of ['/login', '/patient/detail?id=1', '/no/such/page']) {
      const res = await get(url, 'gzip, br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(zlib.brotliDecompressSync(res.rawPayload), url).toEqual(original('index.html'));
    }
    const plain = await get('/login');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload).toEqual(original('index.html'));
  });

  it('leave the API’s answers to the API’s rules', async () => {
    const res = await get('/app-service/v1/nothing', 'br');
    expect(res.statusCode).toBe(404);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});
