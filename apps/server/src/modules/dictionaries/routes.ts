import { dictEntryBodySchema, PERMISSIONS } from '@glucocare/domain';
import { dictEntryView, dictTypeView, genderView } from '@glucocare/domain/responses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../http/envelope';
import { sessionOf } from '../../http/session';
import { activeFilter } from '../../lib/query';
import { resourceRoutes } from '../../lib/resource-routes';
import { deleteEntry, dictionaryTypes, entriesOfType, pageEntries, saveEntry } from './service';

const GENDERS = [
  { code: 'male', 'en-US': 'Male', 'zh-CN': '男' },
  { code: 'female', 'en-US': 'Female', 'zh-CN': '女' },
  { code: 'unknown', 'en-US': 'Unknown', 'zh-CN': '未知' },
] as const;

/** A dictionary type in a query: the same form the body rule accepts. */
const typeQuery = z.string().regex(/^[A-Za-z][A-Za-z0-9_]{1,31}$/);
const tags = ['dictionaries'];

/** Fixed dictionaries every screen uses, and the tenant-editable dictionary entries beside them. */
export async function dictionaryRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { list, edit, delete: remove } = PERMISSIONS.system.dictionaries;
  r.get(
    '/v1/dict/genders',
    {
      config: { permission: 'session' },
      schema: {
        tags,
        summary: 'Genders in the request language',
        response: { 200: envelopeOf(z.array(genderView)) },
      },
    },
    async (request) =>
      ok(
        request,
        GENDERS.map((g) => ({ code: g.code, name: g[request.lang] })),
      ),
  );
  const entries = resourceRoutes(app, {
    tags,
    view: dictEntryView,
    noun: 'a dictionary entry',
    permissions: { read: list, edit, delete: remove },
  });
  entries
    .list('/v1/dict/byType', {
      summary: 'Enabled entries of a dictionary type, by sort then code',
      query: { type: typeQuery },
      handler: (db, tenantId, query, lang) => entriesOfType(db, tenantId, query.type, lang),
    })
    .page('/v1/dict/page', {
      summary: 'Dictionary entries, paged: by type, code or name text and enabled state',
      query: { type: typeQuery.optional(), isActive: activeFilter },
      handler: pageEntries,
    });
  r.get(
    '/v1/dict/types',
    {
      config: { permission: list },
      schema: {
        tags,
        summary: 'The dictionary types in use with their entry counts',
        response: { 200: envelopeOf(z.array(dictTypeView)) },
      },
    },
    async (request) => ok(request, await dictionaryTypes(app.db, sessionOf(request).tenantId)),
  );
  entries
    .save('/v1/dict', { body: dictEntryBodySchema, handler: saveEntry })
    .remove('/v1/dict/:id', { handler: deleteEntry });
}
