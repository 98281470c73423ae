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
import { envelopeOf, ok } from '../../http/envelope';
import { sessionOf } from '../../http/session';
import { deleteQuery, idParam } from '../../lib/query';
import { requestMeta } from '../audit/service';
import { createBracket, deleteBracket, listBrackets, updateBracket } from './brackets-service';
import { deleteGrade, listGrades, saveGrade } from './grades-service';

const tags = ['critical values'];

/** What the critical-value rules refer to: critical grades and age brackets. */
export async function crisisCatalogueRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/v1/crisisGrade/list',
    {
      config: { permission: 'session' },
      schema: {
        tags,
        summary: 'Critical grades by sort, each with the number of rules using it',
        response: { 200: envelopeOf(z.array(crisisGradeView)) },
      },
    },
    async (request) => ok(request, await listGrades(app.db, sessionOf(request).tenantId, request.lang)),
  );
  r.post(
    '/v2/crisisGrade',
    {
      config: { permission: PERMISSIONS.settings.criticalValues.edit },
      schema: {
        tags,
        summary: 'Create (no id) or update (id, version) a critical grade',
        body: crisisGradeSaveSchema,
        response: { 200: envelopeOf(crisisGradeView) },
      },
    },
    async (request) =>
      ok(
        request,
        await saveGrade(app.db, sessionOf(request), request.body, requestMeta(request), request.lang),
      ),
  );
  r.delete(
    '/v1/crisisGrade/delete',
    {
      config: { permission: PERMISSIONS.settings.criticalValues.edit },
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

  r.get(
    '/v1/ageBracket/list',
    {
      config: { permission: 'session' },
      schema: {
        tags,
        summary: 'Age brackets, each with the number of age settings using it',
        response: { 200: envelopeOf(z.array(ageBracketView)) },
      },
    },
    async (request) => ok(request, await listBrackets(app.db, sessionOf(request).tenantId)),
  );
  r.post(
    '/v1/ageBracket',
    {
      config: { permission: PERMISSIONS.settings.criticalValues.edit },
      schema: {
        tags,
        summary: 'Create an age bracket',
        body: ageBracketCreateSchema,
        response: { 200: envelopeOf(ageBracketView) },
      },
    },
    async (request) =>
      ok(request, await createBracket(app.db, sessionOf(request), request.body, requestMeta(request))),
  );
  r.put(
    '/v1/ageBracket',
    {
      config: { permission: PERMISSIONS.settings.criticalValues.edit },
      schema: {
        tags,
        summary: 'Update an age bracket (version must match; the age settings using it are checked again)',
        body: ageBracketUpdateSchema,
        response: { 200: envelopeOf(ageBracketView) },
      },
    },
    async (request) =>
      ok(
        request,
        await updateBracket(app.db, sessionOf(request), request.body, requestMeta(request), request.lang),
      ),
  );
  r.delete(
    '/v1/ageBracket/:id',
    {
      config: { permission: PERMISSIONS.settings.criticalValues.edit },
      schema: {
        tags,
        summary: 'Delete an age bracket (409 while age settings use it; version must match)',
        params: idParam,
        querystring: deleteQuery,
        response: { 200: noDataEnvelope },
      },
    },
    async (request) => {
      await deleteBracket(
        app.db,
        sessionOf(request),
        { id: request.params.id, ...request.query },
        requestMeta(request),
      );
      return ok(request, null);
    },
  );
}
