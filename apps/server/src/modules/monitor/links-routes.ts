import { PERMISSIONS } from '@glucocare/domain';
import {
  SCREEN_LINK_STATUSES,
  screenLinkCreateSchema,
  screenLinkRevokeSchema,
} from '@glucocare/domain/monitor';
import { screenLinkCreatedView, screenLinkUseView, screenLinkView } from '@glucocare/domain/responses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok, pageOf } from '../../http/envelope';
import { sessionOf } from '../../http/session';
import { idParam, pageQueryFields } from '../../lib/query';
import { requestMeta } from '../audit/service';
import { createLink, pageLinks, pageLinkUses, revokeLink } from './links';

const tags = ['monitor'];

/** The administrators' screen links (issue 20, menu `/monitor/link`); every change audited. */
export async function screenLinkRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { list, edit } = PERMISSIONS.monitor.screenLinks;

  r.get(
    '/v1/monitor/links',
    {
      config: { permission: list },
      schema: {
        tags,
        summary: 'The wall-screen links, newest first (search by name, filter by status); never the token',
        querystring: z.object({ ...pageQueryFields, status: z.enum(SCREEN_LINK_STATUSES).optional() }),
        response: { 200: envelopeOf(pageOf(screenLinkView)) },
      },
    },
    async (request) =>
      ok(request, await pageLinks(app.db, sessionOf(request), request.query, app.clock(), request.lang)),
  );
  r.post(
    '/v1/monitor/links',
    {
      config: { permission: edit },
      schema: {
        tags,
        summary:
          'Create a wall-screen link for wards or the whole hospital; the token and URL are answered once',
        body: screenLinkCreateSchema,
        response: { 200: envelopeOf(screenLinkCreatedView) },
      },
    },
    async (request) =>
      ok(
        request,
        await createLink(app, sessionOf(request), request.body, requestMeta(request), request.lang),
      ),
  );
  r.post(
    '/v1/monitor/links/:id/revoke',
    {
      config: { permission: edit },
      schema: {
        tags,
        summary: 'Revoke a wall-screen link with a reason (stale version or revoked before → 409)',
        params: idParam,
        body: screenLinkRevokeSchema,
        response: { 200: envelopeOf(screenLinkView) },
      },
    },
    async (request) =>
      ok(
        request,
        await revokeLink(
          app,
          sessionOf(request),
          request.params.id,
          request.body,
          requestMeta(request),
          request.lang,
        ),
      ),
  );
  r.get(
    '/v1/monitor/links/:id/uses',
    {
      config: { permission: list },
      schema: {
        tags,
        summary: 'A link’s use trail: calls per client address and hour, newest first',
        params: idParam,
        querystring: z.object({ page: pageQueryFields.page, size: pageQueryFields.size }),
        response: { 200: envelopeOf(pageOf(screenLinkUseView)) },
      },
    },
    async (request) =>
      ok(request, await pageLinkUses(app.db, sessionOf(request), request.params.id, request.query)),
  );
}
