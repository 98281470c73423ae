import type {
  InspectionItemCreate,
  InspectionPackageCreate,
  MappingItemCreate,
  MappingSource,
  SettingStatusInput,
} from '@glucocare/domain/hospital-settings';
import type {
  InspectionItemView as InspectionItem,
  InspectionPackageView as InspectionPackage,
  MappingItemView as MappingItem,
  Page,
} from '@glucocare/domain/responses';
import { http } from './http';

/** Inspection packages and items, and mapping items (docs/api.md "Periods, target values, inspection and mapping"). */

export type { InspectionItem, InspectionPackage, MappingItem };

export interface MappingFilter {
  queryCondition?: string;
  source?: MappingSource;
}

type Versioned<T> = T & { id: number; version: number };
const idPath = (id: number) => encodeURIComponent(String(id));

export function fetchInspectionPackages(signal?: AbortSignal): Promise<InspectionPackage[]> {
  return http.get<InspectionPackage[]>('/v1/inspectionPackage/list', { signal });
}
export function createInspectionPackage(input: InspectionPackageCreate): Promise<InspectionPackage> {
  return http.post<InspectionPackage>('/v1/inspectionPackage', input);
}
export function updateInspectionPackage(
  input: Versioned<InspectionPackageCreate>,
): Promise<InspectionPackage> {
  return http.put<InspectionPackage>('/v1/inspectionPackage', input);
}
export function setInspectionPackageStatus(input: SettingStatusInput): Promise<InspectionPackage> {
  return http.put<InspectionPackage>('/v1/inspectionPackage/status', input);
}
/** 409 while items belong to it (the server's message says so). */
export function deleteInspectionPackage(id: number, version: number): Promise<null> {
  return http.delete<null>(`/v1/inspectionPackage/${idPath(id)}`, { query: { version } });
}

/** Items of a package; every item when `packageId` is absent. */
export function fetchInspectionItems(packageId?: number, signal?: AbortSignal): Promise<InspectionItem[]> {
  return http.get<InspectionItem[]>('/v1/inspectionItem/list', { query: { packageId }, signal });
}
export function createInspectionItem(input: InspectionItemCreate): Promise<InspectionItem> {
  return http.post<InspectionItem>('/v1/inspectionItem', input);
}
export function updateInspectionItem(input: Versioned<InspectionItemCreate>): Promise<InspectionItem> {
  return http.put<InspectionItem>('/v1/inspectionItem', input);
}
export function setInspectionItemStatus(input: SettingStatusInput): Promise<InspectionItem> {
  return http.put<InspectionItem>('/v1/inspectionItem/status', input);
}
/** 409 while a mapping item points to it. */
export function deleteInspectionItem(id: number, version: number): Promise<null> {
  return http.delete<null>(`/v1/inspectionItem/${idPath(id)}`, { query: { version } });
}

export function fetchMappingPage(
  query: MappingFilter & { page: number; size: number },
  signal?: AbortSignal,
): Promise<Page<MappingItem>> {
  return http.get<Page<MappingItem>>('/v1/mappingItem/page', {
    query: {
      queryCondition: query.queryCondition?.trim() || undefined,
      source: query.source || undefined,
      page: query.page,
      size: query.size,
    },
    signal,
  });
}
export function createMappingItem(input: MappingItemCreate): Promise<MappingItem> {
  return http.post<MappingItem>('/v1/mappingItem', input);
}
export function updateMappingItem(input: Versioned<MappingItemCreate>): Promise<MappingItem> {
  return http.put<MappingItem>('/v1/mappingItem', input);
}
export function deleteMappingItem(id: number, version: number): Promise<null> {
  return http.delete<null>(`/v1/mappingItem/${idPath(id)}`, { query: { version } });
}
