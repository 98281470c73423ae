import { z } from 'zod';
import { twoNamesResponse } from '../rules/names';

export const drugCategoryView = z.object({
  id: z.number(),
  code: z.string(),
  ...twoNamesResponse,
  sort: z.number(),
  drugCount: z.number().describe('drugs (not deleted) in the category'),
  version: z.number(),
  createdAt: z.string(),
});
export type DrugCategory = z.infer<typeof drugCategoryView>;

export const drugView = z.object({
  id: z.number(),
  code: z.string(),
  shortCode: z.string().nullable(),
  ...twoNamesResponse,
  unit: z.string(),
  categoryCode: z.string().nullable(),
  categoryName: z.string().nullable().describe("the category's name in the request language"),
  categoryNameZh: z.string().nullable(),
  categoryNameEn: z.string().nullable(),
  specification: z.string().nullable(),
  isActive: z.boolean(),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Drug = z.infer<typeof drugView>;
