import type {
  DrugCategoryCreate,
  DrugCreate,
  GluEventCreate,
  GluEventItemSave,
  SuggestionCategory,
} from '@glucocare/domain/admin';
import type {
  DictEntry,
  DictType,
  Drug,
  DrugCategory,
  GluEvent,
  GluEventItem,
  OrderTemplate,
  OrderTypeOption,
  Organisation,
  Page,
  Suggestion,
  SuggestionCategoryOption,
} from '@glucocare/domain/responses';
import { http } from './http';
import { resourceApi } from './resource';

export type {
  DictEntry,
  DictType,
  Drug,
  DrugCategory,
  GluEvent,
  GluEventItem,
  OrderTemplate,
  OrderTypeOption,
  Suggestion,
  SuggestionCategoryOption,
} from '@glucocare/domain/responses';

/**
 * Administration catalogues (docs/api.md "Administration catalogues (issue 3)"): drugs and their
 * categories, medical-order templates, glucose events and their items, management suggestions,
 * dictionary entries and the hospital name. Every function returns the envelope's `dataContent`.
 */

/** Largest page the catalogue lists return; the Excel exports walk the pages with it. */
export const CATALOGUE_MAX_PAGE_SIZE = 500;

/** `isActive` as a list filter: absent means both. */
export type ActiveFilter = boolean | undefined;

/**
 * Every record of a paged list matching a filter, page after page (for the Excel exports).
 * `onProgress` hears how many were loaded out of how many.
 */
export async function fetchAllPages<T, F>(
  fetchPage: (query: F & { page: number; size: number }, signal?: AbortSignal) => Promise<Page<T>>,
  filter: F,
  onProgress?: (loaded: number, total: number) => void,
  signal?: AbortSignal,
): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; ; page++) {
    const result = await fetchPage({ ...filter, page, size: CATALOGUE_MAX_PAGE_SIZE }, signal);
    rows.push(...result.records);
    onProgress?.(rows.length, result.total);
    if (result.records.length === 0 || rows.length >= result.total) return rows;
  }
}

// ---------- drugs ----------

export type DrugCategoryInput = DrugCategoryCreate;

export type DrugInput = DrugCreate;

export interface DrugFilter {
  queryCondition?: string;
  categoryCode?: string;
  isActive?: ActiveFilter;
}

const drugCategories = resourceApi<DrugCategory, DrugCategoryInput>('/v1/medicationCategory');
const drugs = resourceApi<Drug, DrugInput>('/v1/medication');

export const fetchDrugCategories = drugCategories.list();
export const createDrugCategory = drugCategories.create();
export const updateDrugCategory = drugCategories.update();
/** 409 while drugs belong to it (the server's message says so; `data` is `{ drugs }`). */
export const deleteDrugCategory = drugCategories.remove();

export const fetchDrugPage = drugs.page<DrugFilter>('/page', ['queryCondition', 'categoryCode', 'isActive']);
export const createDrug = drugs.create();
export const updateDrug = drugs.update();
/** Soft delete: orders that name the drug keep it. */
export const deleteDrug = drugs.remove();

// ---------- medical-order templates ----------

export type OrderType = OrderTemplate['type'];

export interface OrderTemplateInput {
  name: string;
  type: OrderType;
  content: string[];
  isActive: boolean;
}

export interface OrderTemplateFilter {
  queryCondition?: string;
  adviceType?: OrderType;
  isActive?: ActiveFilter;
}

const templates = resourceApi<OrderTemplate, OrderTemplateInput>('/v1/templates');

export const fetchTemplatePage = templates.page<OrderTemplateFilter>('/query', [
  'queryCondition',
  'adviceType',
  'isActive',
]);

/** The three order types with their names in the request language. */
export function fetchOrderTypes(signal?: AbortSignal): Promise<OrderTypeOption[]> {
  return http.get<OrderTypeOption[]>('/v1/templates/adviceTemplateTypes', { signal });
}

export const createTemplate = templates.create();
export const updateTemplate = templates.update();

const templateStatus = templates.status();
/** Enable or stop a template at the version shown (a stale one answers 409). */
export function setTemplateStatus(id: number, isActive: boolean, version: number): Promise<OrderTemplate> {
  return templateStatus({ id, isActive, version });
}

export const deleteTemplate = templates.remove();

// ---------- glucose events ----------

export type GluEventInput = GluEventCreate;

/** `icon`: the SVG file's text to set, null to remove the icon; left out, the icon stays. */
export type GluEventItemInput = Omit<GluEventItemSave, 'id' | 'version'>;

/** Events by sort then code, each with its items (`onlyActive`: enabled items only). */
export function fetchGluEvents(onlyActive = false, signal?: AbortSignal): Promise<GluEvent[]> {
  return http.get<GluEvent[]>('/v1/glu/event', {
    query: { isActive: onlyActive ? true : undefined },
    signal,
  });
}

export function createGluEvent(input: GluEventInput): Promise<GluEvent> {
  return http.post<GluEvent>('/v1/glu/event/save', input);
}

export function updateGluEvent(input: GluEventInput & { id: number; version: number }): Promise<GluEvent> {
  return http.put<GluEvent>('/v1/glu/event/update', input);
}

/** 409 while the event has items. */
export function deleteGluEvent(id: number, version: number): Promise<null> {
  return http.delete<null>('/v1/glu/event', { query: { id, version } });
}

/** Creates an item (no `id`) or updates one (`id` and `version`). */
export function saveGluEventItem(
  input: GluEventItemInput & { id?: number; version?: number },
): Promise<GluEventItem> {
  return http.post<GluEventItem>('/v1/glu/event/item/save', input);
}

export function deleteGluEventItem(id: number, version: number): Promise<null> {
  return http.delete<null>('/v1/glu/event/item', { query: { id, version } });
}

/** Enable or stop an item (the path is spelled `enbale`, as in the spec). */
export function setGluEventItemStatus(id: number, isActive: boolean, version: number): Promise<GluEventItem> {
  return http.post<GluEventItem>('/v1/glu/event/item/enbale', { id, isActive, version });
}

// ---------- management suggestions ----------

export interface SuggestionInput {
  title: string;
  content: string;
  category: SuggestionCategory;
  sort: number;
  isActive: boolean;
}

export interface SuggestionFilter {
  queryCondition?: string;
  category?: SuggestionCategory;
  isActive?: ActiveFilter;
}

const suggestions = resourceApi<Suggestion, SuggestionInput>('/v1/suggestions');

export const fetchSuggestionPage = suggestions.page<SuggestionFilter>('/page', [
  'queryCondition',
  'category',
  'isActive',
]);

export function fetchSuggestionCategories(signal?: AbortSignal): Promise<SuggestionCategoryOption[]> {
  return http.get<SuggestionCategoryOption[]>('/v1/suggestions/categories', { signal });
}

export const createSuggestion = suggestions.create();
export const updateSuggestion = suggestions.update();
export const deleteSuggestion = suggestions.remove();

// ---------- dictionaries ----------

export interface DictEntryInput {
  type: string;
  code: string;
  nameZh: string;
  nameEn: string;
  /** decimal text such as "12" or "-0.5"; null for none */
  value: string | null;
  sort: number;
  isActive: boolean;
}

export interface DictFilter {
  type?: string;
  queryCondition?: string;
  isActive?: ActiveFilter;
}

export function fetchDictTypes(signal?: AbortSignal): Promise<DictType[]> {
  return http.get<DictType[]>('/v1/dict/types', { signal });
}

const dictEntries = resourceApi<DictEntry, DictEntryInput>('/v1/dict');

export const fetchDictPage = dictEntries.page<DictFilter>('/page', ['type', 'queryCondition', 'isActive']);
/** Creates an entry (no `id`) or updates one (`id` and `version`). */
export const saveDictEntry = dictEntries.save();
export const deleteDictEntry = dictEntries.remove();

// ---------- hospital name ----------

/** Renames the hospital in both languages; answers the organisation as GET /v1/tenants/current does. */
export function renameTenant(input: { tenantNameEn?: string; tenantNameZh?: string }): Promise<Organisation> {
  return http.put<Organisation>('/v1/tenants', input);
}
