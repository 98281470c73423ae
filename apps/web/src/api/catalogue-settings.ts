import type { TagOptionInput, TagOptionUpdate, UnitCategory } from '@glucocare/domain/hospital-settings';
import type { AdviceFrequency, TagOption, Unit } from '@glucocare/domain/responses';
import { http } from './http';
import { resourceApi } from './resource';

export type { AdviceFrequency, TagOption } from '@glucocare/domain/responses';

/**
 * Hospital settings catalogues (docs/api.md "Hospital settings: units, tags, frequencies and
 * dictionary-backed settings"): units, patient tags and advice frequencies. The reasons, meter
 * parameters, symptoms and plans are dictionary entries (api/catalogues.ts).
 */

// ---------- units ----------

export function fetchUnitsOf(category: UnitCategory, signal?: AbortSignal): Promise<Unit[]> {
  return http.get<Unit[]>('/v1/units/list', { query: { category }, signal });
}

export function saveUnit(input: {
  category: UnitCategory;
  code: string;
  name: string | null;
}): Promise<Unit> {
  return http.post<Unit>('/v1/units/save', input);
}

export function deleteUnit(id: number): Promise<null> {
  return http.delete<null>(`/v1/units/${encodeURIComponent(String(id))}`);
}

// ---------- patient tags ----------

export function fetchTagOptions(signal?: AbortSignal): Promise<TagOption[]> {
  return http.get<TagOption[]>('/v1/tagOption/list', { signal });
}

export function createTagOption(input: TagOptionInput): Promise<TagOption> {
  return http.post<TagOption>('/v1/tagOption', input);
}

/** Names, colour and sort of a tag; its text stays. 409 on a stale version. */
export function updateTagOption(input: TagOptionUpdate): Promise<TagOption> {
  return http.put<TagOption>('/v1/tagOption', input);
}

export function deleteTagOption(tag: string): Promise<null> {
  return http.delete<null>('/v1/tagOption/delete', { query: { tag } });
}

// ---------- advice frequencies ----------

export interface AdviceFrequencyInput {
  code: string;
  name: string;
  frequency: string;
  timesPerDay: number | null;
  executeTimes: string[];
  sort: number;
  isActive: boolean;
}

export interface AdviceFrequencyFilter {
  queryCondition?: string;
  isActive?: boolean;
}

const frequencies = resourceApi<AdviceFrequency, AdviceFrequencyInput>('/v1/adviceFrequency');

export const fetchFrequencyPage = frequencies.page<AdviceFrequencyFilter>('/list', [
  'queryCondition',
  'isActive',
]);
export const createFrequency = frequencies.create('/frequency');
export const updateFrequency = frequencies.update('/frequency');
export const deleteFrequency = frequencies.remove();
