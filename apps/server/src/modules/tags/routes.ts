import { PERMISSIONS, tagOptionSchema, tagOptionUpdateSchema, tagTextSchema } from '@glucocare/domain';
import { tagOptionView } from '@glucocare/domain/responses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noDataEnvelope, ok } from '../../http/envelope';
import { sessionOf } from '../../http/session';
import { resourceRoutes } from '../../lib/resource-routes';
import { requestMeta } from '../audit/service';
import { createTag, deleteTag, listTags, updateTag } from './service';

const tags = ['patient tags'];

/** The patient tags offered on the inpatient list (§7 "Tags"). */
export async function tagRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const edit = PERMISSIONS.settings.catalogues.edit;

  resourceRoutes(app, { tags, view: tagOptionView, noun: 'a patient tag', permissions: { edit } })
    .list('/v1/tagOption/list', {
      summary: 'The patient tags, by sort',
      handler: (db, tenantId, _query, lang) => listTags(db, tenantId, lang),
    })
    .create('/v1/tagOption', {
      summary: 'Add a patient tag (the text is unique)',
      body: tagOptionSchema,
      handler: createTag,
    })
    .update('/v1/tagOption', {
      summary: 'Change a patient tag’s names, colour or sort (its text stays; stale version → 409)',
      body: tagOptionUpdateSchema,
      handler: updateTag,
    });
  // Not the kit's delete: the spec removes a tag by its text, without a version.
  r.delete(
    '/v1/tagOption/delete',
    {
      config: { permission: edit },
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
