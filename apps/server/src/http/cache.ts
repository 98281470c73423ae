import type { FastifyReply } from 'fastify';

/** Patient data must not stay in shared caches or the browser's cache. */
export function noStore(reply: FastifyReply): void {
  reply.header('cache-control', 'no-store');
}
