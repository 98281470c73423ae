import type { FastifyInstance } from 'fastify';

export async function measurementRoutes(_app: FastifyInstance) {}
