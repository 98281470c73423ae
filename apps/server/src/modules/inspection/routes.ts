import {
  inspectionItemCreateSchema,
  inspectionItemUpdateSchema,
  inspectionPackageCreateSchema,
  inspectionPackageUpdateSchema,
  MAPPING_SOURCES,
  mappingItemCreateSchema,
  mappingItemUpdateSchema,
  PERMISSIONS,
  settingStatusSchema,
} from '@glucocare/domain';
import {
  inspectionItemView,
  inspectionPackageView,
  mappingItemView,
  noDataEnvelope,
} from '@glucocare/domain/responses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok, pageOf } from '../../http/envelope';
import { sessionOf } from '../../http/session';
import { activeFilter, deleteQuery, idParam, idText, MAX_PAGE_SIZE, pageQueryFields } from '../../lib/query';
import { requestMeta } from '../audit/service';
import { createMapping, deleteMapping, pageMappings, updateMapping } from './mapping';
import {
  createItem,
  createPackage,
  deleteItem,
  deletePackage,
  listItems,
  listPackages,
  setItemStatus,
  setPackageStatus,
  updateItem,
  updatePackage,
} from './service';

/** `packageId=` in a query: digits only (no "1e3"). */
const packageIdQuery = idText.optional();
const EDIT = PERMISSIONS.settings.labItems.edit;

/** Inspection packages, items and mapping items (§3 Hospital settings). */
export async function inspectionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['inspection items'];
  const meta = requestMeta;

  r.get(
    '/v1/inspectionPackage/list',
    {
      config: { permission: 'session' },
      schema: {
        tags,
        summary: 'Inspection packages by sort then code, each with its item count',
        querystring: z.object({ isActive: activeFilter }),
        response: { 200: envelopeOf(z.array(inspectionPackageView)) },
      },
    },
    async (request) =>
      ok(
        request,
        await listPackages(app.db, sessionOf(request).tenantId, request.query.isActive, request.lang),
      ),
  );
  r.post(
    '/v1/inspectionPackage',
    {
      config: { permission: EDIT },
      schema: {
        tags,
        summary: 'Create a package',
        body: inspectionPackageCreateSchema,
        response: { 200: envelopeOf(inspectionPackageView) },
      },
    },
    async (request) =>
      ok(request, await createPackage(app.db, sessionOf(request), request.body, meta(request), request.lang)),
  );
  r.put(
    '/v1/inspectionPackage',
    {
      config: { permission: EDIT },
      schema: {
        tags,
        summary: 'Update a package (version must match)',
        body: inspectionPackageUpdateSchema,
        response: { 200: envelopeOf(inspectionPackageView) },
      },
    },
    async (request) =>
      ok(request, await updatePackage(app.db, sessionOf(request), request.body, meta(request), request.lang)),
  );
  r.put(
    '/v1/inspectionPackage/status',
    {
      config: { permission: EDIT },
      schema: {
        tags,
        summary: 'Enable or stop a package (version must match)',
        body: settingStatusSchema,
        response: { 200: envelopeOf(inspectionPackageView) },
      },
    },
    async (request) =>
      ok(
        request,
        await setPackageStatus(app.db, sessionOf(request), request.body, meta(request), request.lang),
      ),
  );
  r.delete(
    '/v1/inspectionPackage/:id',
    {
      config: { permission: EDIT },
      schema: {
        tags,
        summary: 'Delete a package that has no items (version must match)',
        params: idParam,
        querystring: deleteQuery,
        response: { 200: noDataEnvelope },
      },
    },
    async (request) => {
      await deletePackage(
        app.db,
        sessionOf(request),
        { id: request.params.id, ...request.query },
        meta(request),
      );
      return ok(request, null);
    },
  );

  r.get(
    '/v1/inspectionItem/list',
    {
      config: { permission: 'session' },
      schema: {
        tags,
        summary: 'Inspection items of a package (all when packageId is absent)',
        querystring: z.object({ packageId: packageIdQuery }),
        response: { 200: envelopeOf(z.array(inspectionItemView)) },
      },
    },
    async (request) =>
      ok(
        request,
        await listItems(app.db, sessionOf(request).tenantId, request.query.packageId, request.lang),
      ),
  );
  r.post(
    '/v1/inspectionItem',
    {
      config: { permission: EDIT },
      schema: {
        tags,
        summary: 'Create an inspection item',
        body: inspectionItemCreateSchema,
        response: { 200: envelopeOf(inspectionItemView) },
      },
    },
    async (request) =>
      ok(request, await createItem(app.db, sessionOf(request), request.body, meta(request), request.lang)),
  );
  r.put(
    '/v1/inspectionItem',
    {
      config: { permission: EDIT },
      schema: {
        tags,
        summary: 'Update an inspection item (version must match; mappings follow a code change)',
        body: inspectionItemUpdateSchema,
        response: { 200: envelopeOf(inspectionItemView) },
      },
    },
    async (request) =>
      ok(request, await updateItem(app.db, sessionOf(request), request.body, meta(request), request.lang)),
  );
  r.put(
    '/v1/inspectionItem/status',
    {
      config: { permission: EDIT },
      schema: {
        tags,
        summary: 'Enable or stop an inspection item (version must match)',
        body: settingStatusSchema,
        response: { 200: envelopeOf(inspectionItemView) },
      },
    },
    async (request) =>
      ok(request, await setItemStatus(app.db, sessionOf(request), request.body, meta(request), request.lang)),
  );
  r.delete(
    '/v1/inspectionItem/:id',
    {
      config: { permission: EDIT },
      schema: {
        tags,
        summary: 'Delete an inspection item no mapping points to (version must match)',
        params: idParam,
        querystring: deleteQuery,
        response: { 200: noDataEnvelope },
      },
    },
    async (request) => {
      await deleteItem(
        app.db,
        sessionOf(request),
        { id: request.params.id, ...request.query },
        meta(request),
      );
      return ok(request, null);
    },
  );

  const mappingTags = ['mapping items'];
  r.get(
    '/v1/mappingItem/page',
    {
      config: { permission: PERMISSIONS.settings.labItems.list },
      schema: {
        tags: mappingTags,
        summary: 'Mapping items, paged: by external code or name or target code, and source',
        querystring: z.object({ ...pageQueryFields, source: z.enum(MAPPING_SOURCES).optional() }),
        response: { 200: envelopeOf(pageOf(mappingItemView)) },
      },
    },
    async (request) =>
      ok(
        request,
        await pageMappings(
          app.db,
          sessionOf(request).tenantId,
          { ...request.query, size: Math.min(request.query.size, MAX_PAGE_SIZE) },
          request.lang,
        ),
      ),
  );
  r.post(
    '/v1/mappingItem',
    {
      config: { permission: EDIT },
      schema: {
        tags: mappingTags,
        summary: 'Create a mapping item',
        body: mappingItemCreateSchema,
        response: { 200: envelopeOf(mappingItemView) },
      },
    },
    async (request) =>
      ok(request, await createMapping(app.db, sessionOf(request), request.body, meta(request), request.lang)),
  );
  r.put(
    '/v1/mappingItem',
    {
      config: { permission: EDIT },
      schema: {
        tags: mappingTags,
        summary: 'Update a mapping item (version must match)',
        body: mappingItemUpdateSchema,
        response: { 200: envelopeOf(mappingItemView) },
      },
    },
    async (request) =>
      ok(request, await updateMapping(app.db, sessionOf(request), request.body, meta(request), request.lang)),
  );
  r.delete(
    '/v1/mappingItem/:id',
    {
      config: { permission: EDIT },
      schema: {
        tags: mappingTags,
        summary: 'Delete a mapping item (version must match)',
        params: idParam,
        querystring: deleteQuery,
        response: { 200: noDataEnvelope },
      },
    },
    async (request) => {
      await deleteMapping(
        app.db,
        sessionOf(request),
        { id: request.params.id, ...request.query },
        meta(request),
      );
      return ok(request, null);
    },
  );
}
