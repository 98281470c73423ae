import { dictEntryBodySchema, PERMISSIONS } from '@glucocare/domain';
import { dictEntryView, dictTypeView, genderView } from '@glucocare/domain/responses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, noDataEnvelope, ok, pageOf } from '../../http/envelope';
import { sessionOf } from '../../http/session';
import { activeFilter, deleteQuery, idParam, pageQueryFields } from '../../lib/query';
import { requestMeta } from '../audit/service';
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
  r.get(
    '/v1/dict/byType',
    {
      config: { permission: 'session' },
      schema: {
        tags,
        summary: 'Enabled entries of a dictionary type, by sort then code',
        querystring: z.object({ type: typeQuery }),
        response: { 200: envelopeOf(z.array(dictEntryView)) },
      },
    },
    async (request) =>
      ok(request, await entriesOfType(app.db, sessionOf(request).tenantId, request.query.type, request.lang)),
  );
  r.get(
    '/v1/dict/page',
    {
      config: { permission: PERMISSIONS.system.dictionaries.list },
      schema: {
        tags,
        summary: 'Dictionary entries, paged: by type, code or name text and enabled state',
        querystring: z.object({ ...pageQueryFields, type: typeQuery.optional(), isActive: activeFilter }),
        response: { 200: envelopeOf(pageOf(dictEntryView)) },
      },
    },
    async (request) =>
      ok(request, await pageEntries(app.db, sessionOf(request).tenantId, request.query, request.lang)),
  );
  r.get(
    '/v1/dict/types',
    {
      config: { permission: PERMISSIONS.system.dictionaries.list },
      schema: {
        tags,
        summary: 'The dictionary types in use with their entry counts',
        response: { 200: envelopeOf(z.array(dictTypeView)) },
      },
    },
    async (request) => ok(request, await dictionaryTypes(app.db, sessionOf(request).tenantId)),
  );
  r.post(
    '/v1/dict',
    {
      config: { permission: PERMISSIONS.system.dictionaries.edit },
      schema: {
        tags,
        summary: 'Create (no id) or update (id, version) a dictionary entry',
        body: dictEntryBodySchema,
        response: { 200: envelopeOf(dictEntryView) },
      },
    },
    async (request) =>
      ok(
        request,
        await saveEntry(app.db, sessionOf(request), request.body, requestMeta(request), request.lang),
      ),
  );
  r.delete(
    '/v1/dict/:id',
    {
      config: { permission: PERMISSIONS.system.dictionaries.delete },
      schema: {
        tags,
        summary: 'Delete a dictionary entry (version must match)',
        params: idParam,
        querystring: deleteQuery,
        response: { 200: noDataEnvelope },
      },
    },
    async (request) => {
      await deleteEntry(
        app.db,
        sessionOf(request),
        { id: request.params.id, ...request.query },
        requestMeta(request),
      );
      return ok(request, null);
    },
  );
}
