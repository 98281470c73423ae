import type { FastifyInstance } from 'fastify';

export async function criticalRoutes(_app: FastifyInstance) {}
