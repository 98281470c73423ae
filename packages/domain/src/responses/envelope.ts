import { z } from 'zod';

/**
 * The body of every successful call (ARCHITECTURE §3): code "1", a message in the caller's language,
 * the data. Routes declare `envelopeOf(view)` as their response; the web takes its types from the view.
 */
export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({ code: z.literal('1'), message: z.string(), dataContent: data });
}

/** A page of rows: `dataContent: { records, total, page, size }`. */
export function pageOf<T extends z.ZodType>(row: T) {
  return z.object({ records: z.array(row), total: z.number(), page: z.number(), size: z.number() });
}

/** The answer of a call that returns no data (a delete, a status change without a row). */
export const noDataEnvelope = envelopeOf(z.null());

/** The body of every failure: a code other than "1", the message, field errors where there are some. */
export const errorEnvelope = z.object({
  code: z.string(),
  message: z.string(),
  dataContent: z.unknown(),
});

/** The page type of a row type, as the web reads it. */
export type Page<T> = { records: T[]; total: number; page: number; size: number };
