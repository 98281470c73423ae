import {
  gluEventCreateSchema,
  gluEventItemEnableSchema,
  gluEventItemSaveSchema,
  gluEventUpdateSchema,
  type MessageKey,
  PERMISSIONS,
} from '@glucocare/domain';
import { gluEventIconResponses, gluEventItemView, gluEventView } from '@glucocare/domain/responses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, noDataEnvelope, ok } from '../../http/envelope';
import { sessionOf } from '../../http/session';
import { activeFilter, deleteByIdQuery, idParam } from '../../lib/query';
import { requestMeta } from '../audit/service';
import {
  createEvent,
  deleteEvent,
  deleteItem,
  itemIcon,
  listEvents,
  saveItem,
  setItemStatus,
  updateEvent,
} from './service';
import { type SvgSanitizeResult, sanitizeSvg } from './svg-sanitizer';

const tags = ['glucose events'];

const ICON_PROBLEMS: Record<Exclude<SvgSanitizeResult, { ok: true }>['reason'], MessageKey> = {
  notSvg: 'admin.upload.iconSvgOnly',
  malformed: 'admin.upload.svgMalformed',
  tooLarge: 'admin.upload.tooLarge',
};

/** The item body with its icon replaced by the sanitised SVG (or a field error on `icon`). */
const itemSaveBody = gluEventItemSaveSchema.transform((body, ctx) => {
  if (typeof body.icon !== 'string') return body;
  const result = sanitizeSvg(body.icon);
  if (!result.ok) {
    ctx.issues.push({ code: 'custom', path: ['icon'], input: '', message: ICON_PROBLEMS[result.reason] });
    return z.NEVER;
  }
  return { ...body, icon: result.svg };
});

/** An icon up to 2 MB arrives as JSON text; quotes escaped in JSON can nearly double it. */
const ITEM_BODY_LIMIT = 6 * 1024 * 1024;
/** Served icons may not run or load anything, even opened directly in the browser. */
const ICON_CSP = "default-src 'none'; style-src 'unsafe-inline'";

/** Glucose event types and their items, exactly at the spec's paths (§7 "Glucose events"). */
export async function eventRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/v1/glu/event',
    {
      config: { permission: 'session' },
      schema: {
        tags,
        summary: 'Events with their items (isActive=true: enabled items only)',
        querystring: z.object({ isActive: activeFilter }),
        response: { 200: envelopeOf(z.array(gluEventView)) },
      },
    },
    async (request) =>
      ok(
        request,
        await listEvents(app.db, sessionOf(request).tenantId, request.query.isActive === true, request.lang),
      ),
  );
  r.post(
    '/v1/glu/event/save',
    {
      config: { permission: PERMISSIONS.system.glucoseEvents.edit },
      schema: {
        tags,
        summary: 'Create an event',
        body: gluEventCreateSchema,
        response: { 200: envelopeOf(gluEventView) },
      },
    },
    async (request) =>
      ok(
        request,
        await createEvent(app.db, sessionOf(request), request.body, requestMeta(request), request.lang),
      ),
  );
  r.put(
    '/v1/glu/event/update',
    {
      config: { permission: PERMISSIONS.system.glucoseEvents.edit },
      schema: {
        tags,
        summary: 'Update an event (version must match)',
        body: gluEventUpdateSchema,
        response: { 200: envelopeOf(gluEventView) },
      },
    },
    async (request) =>
      ok(
        request,
        await updateEvent(app.db, sessionOf(request), request.body, requestMeta(request), request.lang),
      ),
  );
  r.delete(
    '/v1/glu/event',
    {
      config: { permission: PERMISSIONS.system.glucoseEvents.delete },
      schema: {
        tags,
        summary: 'Delete an event that has no items (version must match)',
        querystring: deleteByIdQuery,
        response: { 200: noDataEnvelope },
      },
    },
    async (request) => {
      await deleteEvent(app.db, sessionOf(request), request.query, requestMeta(request), request.lang);
      return ok(request, null);
    },
  );
  r.post(
    '/v1/glu/event/item/save',
    {
      config: { permission: PERMISSIONS.system.glucoseEvents.edit },
      bodyLimit: ITEM_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Create (no id) or update (id, version) an event item; icon is SVG text, sanitised',
        body: itemSaveBody,
        response: { 200: envelopeOf(gluEventItemView) },
      },
    },
    async (request) =>
      ok(
        request,
        await saveItem(app.db, sessionOf(request), request.body, requestMeta(request), request.lang),
      ),
  );
  r.delete(
    '/v1/glu/event/item',
    {
      config: { permission: PERMISSIONS.system.glucoseEvents.delete },
      schema: {
        tags,
        summary: 'Delete an event item (version must match)',
        querystring: deleteByIdQuery,
        response: { 200: noDataEnvelope },
      },
    },
    async (request) => {
      await deleteItem(app.db, sessionOf(request), request.query, requestMeta(request), request.lang);
      return ok(request, null);
    },
  );
  r.post(
    '/v1/glu/event/item/enbale',
    {
      config: { permission: PERMISSIONS.system.glucoseEvents.edit },
      schema: {
        tags,
        summary: 'Enable or stop an event item (path spelled as the spec)',
        body: gluEventItemEnableSchema,
        response: { 200: envelopeOf(gluEventItemView) },
      },
    },
    async (request) =>
      ok(
        request,
        await setItemStatus(app.db, sessionOf(request), request.body, requestMeta(request), request.lang),
      ),
  );
  r.get(
    '/v1/glu/event/item/:id/icon',
    {
      config: { permission: 'session' },
      schema: {
        tags,
        summary: 'The item’s sanitised SVG icon (image/svg+xml)',
        params: idParam,
        querystring: z.object({ v: z.string().max(20).optional() }),
        response: gluEventIconResponses,
      },
    },
    async (request, reply) => {
      const { svg, etag } = await itemIcon(app.db, sessionOf(request).tenantId, request.params.id);
      reply
        .header('content-security-policy', ICON_CSP)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-cache')
        .header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.status(304).send(null);
      return reply.type('image/svg+xml; charset=utf-8').send(svg);
    },
  );
}
