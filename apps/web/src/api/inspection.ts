import type {
  InspectionItemCreate,
  InspectionPackageCreate,
  MappingItemCreate,
  MappingSource,
} from '@glucocare/domain/hospital-settings';
import type {
  InspectionItemView as InspectionItem,
  InspectionPackageView as InspectionPackage,
  MappingItemView as MappingItem,
} from '@glucocare/domain/responses';
import { http } from './http';
import { resourceApi } from './resource';

/** Inspection packages and items, and mapping items (docs/api.md "Periods, target values, inspection and mapping"). */

export type { InspectionItem, InspectionPackage, MappingItem };

export interface MappingFilter {
  queryCondition?: string;
  source?: MappingSource;
}

const packages = resourceApi<InspectionPackage, InspectionPackageCreate>('/v1/inspectionPackage');
const items = resourceApi<InspectionItem, InspectionItemCreate>('/v1/inspectionItem');
const mappings = resourceApi<MappingItem, MappingItemCreate>('/v1/mappingItem');

export const fetchInspectionPackages = packages.list();
export const createInspectionPackage = packages.create();
export const updateInspectionPackage = packages.update();
export const setInspectionPackageStatus = packages.status();
/** 409 while items belong to it (the server's message says so). */
export const deleteInspectionPackage = packages.remove();

/** Items of a package; every item when `packageId` is absent. */
export function fetchInspectionItems(packageId?: number, signal?: AbortSignal): Promise<InspectionItem[]> {
  return http.get<InspectionItem[]>('/v1/inspectionItem/list', { query: { packageId }, signal });
}
export const createInspectionItem = items.create();
export const updateInspectionItem = items.update();
export const setInspectionItemStatus = items.status();
/** 409 while a mapping item points to it. */
export const deleteInspectionItem = items.remove();

export const fetchMappingPage = mappings.page<MappingFilter>('/page', ['queryCondition', 'source']);
export const createMappingItem = mappings.create();
export const updateMappingItem = mappings.update();
export const deleteMappingItem = mappings.remove();
