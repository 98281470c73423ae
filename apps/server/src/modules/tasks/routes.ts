import type { FastifyInstance } from 'fastify';

export async function taskRoutes(_app: FastifyInstance) {}
