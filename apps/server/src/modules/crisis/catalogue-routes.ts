import {
  ageBracketCreateSchema,
  ageBracketUpdateSchema,
  crisisGradeSaveSchema,
  PERMISSIONS,
} from '@glucocare/domain';
import { ageBracketView, crisisGradeView, noDataEnvelope } from '@glucocare/domain/responses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { sessionOf } from '../../http/session';
import { deleteQuery } from '../../lib/query';
import { resourceRoutes } from '../../lib/resource-routes';
import { requestMeta } from '../audit/service';
import { createBracket, deleteBracket, listBrackets, updateBracket } from './brackets-service';
import { deleteGrade, listGrades, saveGrade } from './grades-service';

const tags = ['critical values'];

/** What the critical-value rules refer to: critical grades and age brackets. */
export async function crisisCatalogueRoutes(app: FastifyInstance) {
  const permissions = { edit: PERMISSIONS.settings.criticalValues.edit };

  resourceRoutes(app, { tags, view: crisisGradeView, noun: 'a critical grade', permissions })
    .list('/v1/crisisGrade/list', {
      summary: 'Critical grades by sort, each with the number of rules using it',
      handler: (db, tenantId, _query, lang) => listGrades(db, tenantId, lang),
    })
    .save('/v2/crisisGrade', { body: crisisGradeSaveSchema, handler: saveGrade });
  // Not the kit's delete: the spec names a grade by its code here, not by its id.
  app.withTypeProvider<ZodTypeProvider>().delete(
    '/v1/crisisGrade/delete',
    {
      config: { permission: permissions.edit },
      schema: {
        tags,
        summary: 'Delete a critical grade by its code (409 while rules use it; version must match)',
        querystring: z.object({
          grade: z.string().trim().min(1).max(12),
          version: deleteQuery.shape.version,
        }),
        response: { 200: noDataEnvelope },
      },
    },
    async (request) => {
      await deleteGrade(app.db, sessionOf(request), request.query, requestMeta(request));
      return ok(request, null);
    },
  );

  resourceRoutes(app, { tags, view: ageBracketView, noun: 'an age bracket', permissions })
    .list('/v1/ageBracket/list', {
      summary: 'Age brackets, each with the number of age settings using it',
      handler: listBrackets,
    })
    .create('/v1/ageBracket', { body: ageBracketCreateSchema, handler: createBracket })
    .update('/v1/ageBracket', {
      summary: 'Update an age bracket (version must match; the age settings using it are checked again)',
      body: ageBracketUpdateSchema,
      handler: updateBracket,
    })
    .remove('/v1/ageBracket/:id', {
      summary: 'Delete an age bracket (409 while age settings use it; version must match)',
      handler: deleteBracket,
    });
}
