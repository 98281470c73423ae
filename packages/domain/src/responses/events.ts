import { z } from 'zod';
import { twoNamesResponse } from '../rules/names';

/** An item of a glucose event type (with its icon, when it has one). */
export const gluEventItemView = z.object({
  id: z.number(),
  eventId: z.number(),
  code: z.string(),
  ...twoNamesResponse,
  sort: z.number(),
  isActive: z.boolean(),
  hasIcon: z.boolean(),
  iconUrl: z
    .string()
    .nullable()
    .describe('relative to the API base, versioned (?v=); GET it with the bearer token'),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type GluEventItem = z.infer<typeof gluEventItemView>;

/** A glucose event type with its items. */
export const gluEventView = z.object({
  id: z.number(),
  code: z.string(),
  ...twoNamesResponse,
  sort: z.number(),
  version: z.number(),
  createdAt: z.string(),
  items: z.array(gluEventItemView),
});
export type GluEvent = z.infer<typeof gluEventView>;

/** GET /v1/glu/event/item/:id/icon: the sanitised SVG itself (not an envelope), or 304 when unchanged. */
export const gluEventIconResponses = {
  200: {
    description: 'The sanitised SVG icon, with its ETag',
    content: { 'image/svg+xml': { schema: z.string().describe('SVG markup') } },
  },
  // JSON-schema type 'null' is how the OpenAPI generator learns that an answer has no body
  304: z.null().meta({ type: 'null', description: 'Not modified: If-None-Match named the current ETag' }),
};
