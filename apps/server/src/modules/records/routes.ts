import type { FastifyInstance } from 'fastify';

export async function recordRoutes(_app: FastifyInstance) {}
