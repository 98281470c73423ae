import { PERMISSIONS, tagOptionSchema, tagOptionUpdateSchema, tagTextSchema } from '@glucocare/domain';
import { tagOptionView } from '@glucocare/domain/responses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, noDataEnvelope, ok } from '../../http/envelope';
import { sessionOf } from '../../http/session';
import { requestMeta } from '../audit/service';
import { createTag, deleteTag, listTags, updateTag } from './service';

const tags = ['patient tags'];

/** The patient tags offered on the inpatient list (§7 "Tags"). */
export async function tagRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/v1/tagOption/list',
    {
      config: { permission: 'session' },
      schema: {
        tags,
        summary: 'The patient tags, by sort',
        response: { 200: envelopeOf(z.array(tagOptionView)) },
      },
    },
    async (request) => ok(request, await listTags(app.db, sessionOf(request).tenantId, request.lang)),
  );
  r.post(
    '/v1/tagOption',
    {
      config: { permission: PERMISSIONS.settings.catalogues.edit },
      schema: {
        tags,
        summary: 'Add a patient tag (the text is unique)',
        body: tagOptionSchema,
        response: { 200: envelopeOf(tagOptionView) },
      },
    },
    async (request) =>
      ok(
        request,
        await createTag(app.db, sessionOf(request), request.body, requestMeta(request), request.lang),
      ),
  );
  r.put(
    '/v1/tagOption',
    {
      config: { permission: PERMISSIONS.settings.catalogues.edit },
      schema: {
        tags,
        summary: 'Change a patient tag’s names, colour or sort (its text stays; stale version → 409)',
        body: tagOptionUpdateSchema,
        response: { 200: envelopeOf(tagOptionView) },
      },
    },
    async (request) =>
      ok(
        request,
        await updateTag(app.db, sessionOf(request), request.body, requestMeta(request), request.lang),
      ),
  );
  r.delete(
    '/v1/tagOption/delete',
    {
      config: { permission: PERMISSIONS.settings.catalogues.edit },
      schema: {
        tags,
        summary: 'Remove a patient tag by its text',
        querystring: z.object({ tag: tagTextSchema }),
        response: { 200: noDataEnvelope },
      },
    },
    async (request) => {
      await deleteTag(app.db, sessionOf(request), request.query.tag, requestMeta(request), request.lang);
      return ok(request, null);
    },
  );
}
