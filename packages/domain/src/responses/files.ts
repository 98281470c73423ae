import { z } from 'zod';

/** The content type of an .xlsx workbook. */
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The success answer of a route that sends a file instead of the envelope: the OpenAPI document shows
 * its content type as a binary body. Errors of such a route still answer the JSON envelope.
 */
export function fileAnswerOf(contentType: string, description: string) {
  return { description, content: { [contentType]: { schema: z.string().meta({ format: 'binary' }) } } };
}
