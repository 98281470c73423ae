import type { FastifyInstance } from 'fastify';

export async function reviewRoutes(_app: FastifyInstance) {}
