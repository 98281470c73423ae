import { IMPORTS, type ImportKind } from '@glucocare/domain';
import { importResultSchema } from '@glucocare/domain/responses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../http/envelope';
import { sessionOf } from '../../http/session';
import { requestMeta } from '../audit/service';
import { importRows } from './service';

/** Where each list's import lives: beside the list's own paths. */
const IMPORT_ROUTES: Record<ImportKind, { path: string; what: string }> = {
  staff: { path: '/v1/users/import', what: 'staff members' },
  departments: { path: '/v1/departments/import', what: 'departments' },
  drugs: { path: '/v1/medication/import', what: 'drugs' },
  dictionaries: { path: '/v1/dict/import', what: 'dictionary entries' },
  labMappings: { path: '/v1/mappingItem/import', what: 'lab item mappings' },
};

/** Rows are checked one by one by the service, so that each problem can name its row. */
const importBody = z.strictObject({
  rows: z.array(z.unknown()).meta({ description: 'the rows, each an object of the kind’s template fields' }),
});

/** Bulk import from the Excel template: the browser reads the file and sends its rows as JSON. */
export async function importRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  for (const [kind, route] of Object.entries(IMPORT_ROUTES) as [
    ImportKind,
    (typeof IMPORT_ROUTES)[ImportKind],
  ][]) {
    r.post(
      route.path,
      {
        config: { permission: IMPORTS[kind].permission },
        schema: {
          tags: ['imports'],
          summary: `Import ${route.what}: every row stored, or none and 400 with each row's problems`,
          body: importBody,
          response: { 200: envelopeOf(importResultSchema) },
        },
      },
      async (request) => {
        const done = await importRows(app.db, kind, request.body.rows, {
          session: sessionOf(request),
          meta: requestMeta(request),
          lang: request.lang,
        });
        const passwords = done.passwords ? { passwords: done.passwords } : {};
        return ok(request, { count: done.count, ...passwords }, done.message, done.params);
      },
    );
  }
}
