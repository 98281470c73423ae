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
import { inspectionItemView, inspectionPackageView, mappingItemView } from '@glucocare/domain/responses';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { activeFilter, idText, MAX_PAGE_SIZE } from '../../lib/query';
import { resourceRoutes } from '../../lib/resource-routes';
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

/** Inspection packages, items and mapping items (§3 Hospital settings). */
export async function inspectionRoutes(app: FastifyInstance) {
  const tags = ['inspection items'];
  const permissions = { read: PERMISSIONS.settings.labItems.list, edit: PERMISSIONS.settings.labItems.edit };

  resourceRoutes(app, { tags, view: inspectionPackageView, noun: 'a package', permissions })
    .list('/v1/inspectionPackage/list', {
      summary: 'Inspection packages by sort then code, each with its item count',
      query: { isActive: activeFilter },
      handler: (db, tenantId, query, lang) => listPackages(db, tenantId, query.isActive, lang),
    })
    .create('/v1/inspectionPackage', { body: inspectionPackageCreateSchema, handler: createPackage })
    .update('/v1/inspectionPackage', { body: inspectionPackageUpdateSchema, handler: updatePackage })
    .status('/v1/inspectionPackage/status', { body: settingStatusSchema, handler: setPackageStatus })
    .remove('/v1/inspectionPackage/:id', {
      summary: 'Delete a package that has no items (version must match)',
      handler: deletePackage,
    });

  resourceRoutes(app, { tags, view: inspectionItemView, noun: 'an inspection item', permissions })
    .list('/v1/inspectionItem/list', {
      summary: 'Inspection items of a package (all when packageId is absent)',
      query: { packageId: packageIdQuery },
      handler: (db, tenantId, query, lang) => listItems(db, tenantId, query.packageId, lang),
    })
    .create('/v1/inspectionItem', { body: inspectionItemCreateSchema, handler: createItem })
    .update('/v1/inspectionItem', {
      summary: 'Update an inspection item (version must match; mappings follow a code change)',
      body: inspectionItemUpdateSchema,
      handler: updateItem,
    })
    .status('/v1/inspectionItem/status', { body: settingStatusSchema, handler: setItemStatus })
    .remove('/v1/inspectionItem/:id', {
      summary: 'Delete an inspection item no mapping points to (version must match)',
      handler: deleteItem,
    });

  resourceRoutes(app, { tags: ['mapping items'], view: mappingItemView, noun: 'a mapping item', permissions })
    .page('/v1/mappingItem/page', {
      summary: 'Mapping items, paged: by external code or name or target code, and source',
      query: { source: z.enum(MAPPING_SOURCES).optional() },
      handler: (db, tenantId, query, lang) =>
        pageMappings(db, tenantId, { ...query, size: Math.min(query.size, MAX_PAGE_SIZE) }, lang),
    })
    .create('/v1/mappingItem', { body: mappingItemCreateSchema, handler: createMapping })
    .update('/v1/mappingItem', { body: mappingItemUpdateSchema, handler: updateMapping })
    .remove('/v1/mappingItem/:id', { handler: deleteMapping });
}
