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
