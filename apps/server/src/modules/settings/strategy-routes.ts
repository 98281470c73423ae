import type { FastifyInstance } from 'fastify';

/** Issue-4 strategy settings routes (being written). */
export async function strategyRoutes(_app: FastifyInstance) {}
