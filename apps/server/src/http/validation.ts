import { containsNul, localizedIssues } from '@glucocare/domain';
import type { FastifyInstance } from 'fastify';
import sjson from 'secure-json-parse';
import type { z } from 'zod';
import { AppError } from './errors';

/** A request part that failed its zod schema; the error handler words it in the caller's language. */
export class ValidationFailure extends Error {
  readonly statusCode = 400;
  constructor(
    readonly schema: z.ZodType,
    readonly data: unknown,
    readonly part: string,
  ) {
    super('validation failed');
    this.name = 'ValidationFailure';
  }

  issues(lang: Parameters<typeof localizedIssues>[2]) {
    return localizedIssues(this.schema, this.data, lang).map((issue) => ({
      ...issue,
      field: issue.field || this.part,
    }));
  }
}

/**
 * Checks a value against a schema built with the hospital's lists (the route's schema checked it without
 * them): a 400 with the field problems of `part`.
 */
export function assertValid(schema: z.ZodType, data: unknown, part = 'body'): void {
  if (localizedIssues(schema, data, 'en-US').length) throw new ValidationFailure(schema, data, part);
}

/**
 * Strict input handling (ARCHITECTURE §2-3): zod validates with no coercion (Ajv is never used),
 * bodies are JSON only, NUL characters are refused before they can reach PostgreSQL.
 */
export function registerStrictInput(app: FastifyInstance, options: { checkResponses?: boolean } = {}): void {
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const zodSchema = schema as z.ZodType;
    return (data: unknown) => {
      if (containsNul(data)) return { error: new AppError(400, 'error.nulByte') };
      const result = zodSchema.safeParse(data);
      if (result.success) return { value: result.data };
      return { error: new ValidationFailure(zodSchema, data, httpPart ?? 'body') };
    };
  });
  // Responses are plain JSON; their zod schemas feed the OpenAPI document and, under test, are checked
  // against every answer so a declared shape cannot drift from what the route really sends.
  app.setSerializerCompiler(({ schema, method, url, httpStatus }) => {
    if (!options.checkResponses) return (data) => JSON.stringify(data);
    const zodSchema = schema as z.ZodType;
    return (data) => {
      const route = `${method} ${url} ${httpStatus}`;
      const result = zodSchema.safeParse(data);
      if (!result.success) throw new ResponseShapeMismatch(route, result.error.issues);
      // a field the schema does not declare is missing from the OpenAPI document and from the web's types
      const extra = undeclaredFields(JSON.parse(JSON.stringify(data)), result.data);
      if (extra.length)
        throw new ResponseShapeMismatch(
          route,
          extra.map((path) => ({ path, message: 'sent but not declared' })),
        );
      return JSON.stringify(data);
    };
  });

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      const parsed = sjson.parse(text, null, { protoAction: 'error', constructorAction: 'error' });
      if (containsNul(parsed)) return done(new AppError(400, 'error.nulByte'), undefined);
      done(null, parsed);
    } catch {
      done(new AppError(400, 'error.invalidJson'), undefined);
    }
  });
}

/** Under test: an answer that does not match its route's declared response schema. */
export class ResponseShapeMismatch extends Error {
  constructor(route: string, issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
    const listed = issues
      .slice(0, 5)
      .map((issue) => `${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`)
      .join('; ');
    super(`response of ${route} does not match its schema: ${listed}`);
    this.name = 'ResponseShapeMismatch';
  }
}

/** Paths of the object fields in `sent` that the schema's parse (`declared`) dropped as unknown. */
function undeclaredFields(sent: unknown, declared: unknown, path: PropertyKey[] = []): PropertyKey[][] {
  if (Array.isArray(sent) && Array.isArray(declared))
    return sent.flatMap((item, index) => undeclaredFields(item, declared[index], [...path, index]));
  if (!isPlainObject(sent) || !isPlainObject(declared)) return [];
  return Object.keys(sent).flatMap((key) =>
    key in declared ? undeclaredFields(sent[key], declared[key], [...path, key]) : [[...path, key]],
  );
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
