import { z } from 'zod';

/** The push channel's stream (GET /v1/live/events): Server-Sent Events, one per change (domain `live`). */
export const liveStreamAnswer = {
  description:
    'text/event-stream: `ready` once subscribed, then one event per change named by its topic ' +
    '(readings, critical, patients) with JSON data {departments, patientIds, userIds, criticalIds, at}; ' +
    '`session-ended` when the session is no longer valid; a comment line every 15 s.',
  content: { 'text/event-stream': { schema: z.string().describe('Server-Sent Events') } },
};
