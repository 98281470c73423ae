import path from 'node:path';
import type { FastifyInstance } from 'fastify';

/**
 * Patient and staff data must not stay in shared caches or the browser's cache: every answer under
 * the API prefix (data, errors, exports, shared-record screens) is `no-store`, decided here once
 * rather than per route. A route that serves something deliberately cacheable and holding no patient
 * or staff data (an event item's icon, revalidated by its ETag) sets its own Cache-Control, which
 * stands; cache.test.ts lists those exceptions. The web app's files and /project.config.json lie
 * outside the prefix.
 */
export function registerNoStore(app: FastifyInstance, prefix: string): void {
  app.addHook('onSend', async (request, reply) => {
    if (!request.url.startsWith(`${prefix}/`) || reply.hasHeader('cache-control')) return;
    reply.header('cache-control', 'no-store');
  });
}

/**
 * Cache-Control and Vary of the web app's files under `root` (@fastify/static `setHeaders`): the
 * build names the files in `assets/` by a hash of their content, so such a file never changes under
 * its name and browsers and proxies keep it a year without asking; everything else — index.html above
 * all, which names the current release's files — is revalidated on every use, so a new release is
 * picked up at once. Every file may go brotli- or gzip-encoded (the build's `.br` and `.gz` copies),
 * hence the Vary.
 */
export function webAssetHeaders(
  root: string,
): (res: { setHeader(name: string, value: string): unknown }, filePath: string) => void {
  const assets = path.join(root, 'assets') + path.sep;
  return (res, filePath) => {
    res.setHeader(
      'cache-control',
      filePath.startsWith(assets) ? 'public, max-age=31536000, immutable' : 'no-cache',
    );
    res.setHeader('vary', 'accept-encoding');
  };
}
