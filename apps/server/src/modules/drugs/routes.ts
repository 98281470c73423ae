import {
  drugCategoryCreateSchema,
  drugCategoryUpdateSchema,
  drugCreateSchema,
  drugUpdateSchema,
  PERMISSIONS,
} from '@glucocare/domain';
import { drugCategoryView, drugView } from '@glucocare/domain/responses';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { activeFilter } from '../../lib/query';
import { resourceRoutes } from '../../lib/resource-routes';
import {
  createCategory,
  createDrug,
  deleteCategory,
  deleteDrug,
  enabledDrugs,
  listCategories,
  pageDrugs,
  updateCategory,
  updateDrug,
} from './service';

const tags = ['drugs'];

/** Drug categories and the drug dictionary (api-precedents: /v1/medicationCategory, /v1/medication). */
export async function drugRoutes(app: FastifyInstance) {
  const { list, edit, delete: remove } = PERMISSIONS.system.drugs;
  const permissions = { read: list, edit, delete: remove };

  resourceRoutes(app, { tags, view: drugCategoryView, noun: 'a drug category', permissions })
    .list('/v1/medicationCategory/list', {
      permission: list,
      summary: 'Drug categories with the number of drugs in each',
      handler: (db, tenantId, _query, lang) => listCategories(db, tenantId, lang),
    })
    .create('/v1/medicationCategory', { body: drugCategoryCreateSchema, handler: createCategory })
    .update('/v1/medicationCategory', { body: drugCategoryUpdateSchema, handler: updateCategory })
    .remove('/v1/medicationCategory/:id', {
      summary: 'Delete a drug category no drug belongs to (version must match)',
      handler: deleteCategory,
    });

  resourceRoutes(app, { tags, view: drugView, noun: 'a drug', permissions })
    .page('/v1/medication/page', {
      summary: 'Drugs, paged: by code, short code or name, category and enabled state',
      query: { categoryCode: z.string().max(32).optional(), isActive: activeFilter },
      handler: pageDrugs,
    })
    .list('/v1/medication', {
      summary: 'Every enabled drug (pickers of clinical screens)',
      handler: (db, tenantId, _query, lang) => enabledDrugs(db, tenantId, lang),
    })
    .create('/v1/medication', { body: drugCreateSchema, handler: createDrug })
    .update('/v1/medication', { body: drugUpdateSchema, handler: updateDrug })
    .remove('/v1/medication/:id', {
      summary: 'Delete a drug (kept for the orders that name it) (version must match)',
      handler: deleteDrug,
    });
}
