import type { FastifyInstance } from 'fastify';

/** Issue-4 hospital settings routes (being written). */
export async function adviceFrequencyRoutes(_app: FastifyInstance) {}
