import type { FastifyInstance } from 'fastify';

export async function patientRoutes(_app: FastifyInstance) {}
