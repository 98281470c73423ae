import { z } from 'zod';
import { MAPPING_SOURCES, MAPPING_TARGET_KINDS } from '../hospital-settings/periods';
import { twoNamesResponse } from '../rules/names';

/** Lab (inspection) packages and items, and the mapping of HIS/LIS/meter codes onto them. */

const stamp = { version: z.number(), createdAt: z.string(), updatedAt: z.string() };

/** An inspection package with the number of its items. */
export const inspectionPackageView = z.object({
  id: z.number(),
  code: z.string(),
  ...twoNamesResponse,
  sort: z.number(),
  isActive: z.boolean(),
  itemCount: z.number(),
  ...stamp,
});
export type InspectionPackageView = z.infer<typeof inspectionPackageView>;

/** An inspection item of a package with its reference range. */
export const inspectionItemView = z.object({
  id: z.number(),
  packageId: z.number(),
  code: z.string(),
  ...twoNamesResponse,
  unit: z.string().nullable(),
  referenceLow: z.number().nullable(),
  referenceHigh: z.number().nullable(),
  sort: z.number(),
  isActive: z.boolean(),
  ...stamp,
});
export type InspectionItemView = z.infer<typeof inspectionItemView>;

/** An external code mapped onto a measurement item or an inspection item. */
export const mappingItemView = z.object({
  id: z.number(),
  source: z.enum(MAPPING_SOURCES),
  externalCode: z.string(),
  externalName: z.string().nullable(),
  targetKind: z.enum(MAPPING_TARGET_KINDS),
  targetCode: z.string(),
  /** the target's name in the request language, and both names (null when the target is gone) */
  targetName: z.string().nullable(),
  targetNameZh: z.string().nullable(),
  targetNameEn: z.string().nullable(),
  ...stamp,
});
export type MappingItemView = z.infer<typeof mappingItemView>;
