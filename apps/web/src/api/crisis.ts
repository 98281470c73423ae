import type { Classification, LimitName, MeasurementItem } from '@glucocare/domain/clinical';
import type {
  AgeBracketView as AgeBracket,
  CrisisClassificationView as ClassifyResult,
  CrisisGradeView as CrisisGrade,
  CrisisRuleView as CrisisRule,
  CrisisItemSettingsView as ItemCrisisSettings,
  NamedCrisisRuleView as NamedCrisisRule,
  Page,
} from '@glucocare/domain/responses';
import { http } from './http';

/**
 * Critical values (docs/api.md "Critical values"): by item and period, per department, per department
 * and age bracket, for the virtual ward; critical grades, age brackets and the value tester. Values are
 * in each item's storage unit (mmol/L for GLU and KET, µmol/L for UA).
 */

export type {
  AgeBracket,
  Classification,
  ClassifyResult,
  CrisisGrade,
  CrisisRule,
  ItemCrisisSettings,
  LimitName,
  NamedCrisisRule,
};

/** The limits, colours and grade of a rule. */
export type CrisisLimits = Pick<
  CrisisRule,
  | 'low'
  | 'high'
  | 'criticalLow'
  | 'criticalHigh'
  | 'lowColor'
  | 'highColor'
  | 'criticalLowColor'
  | 'criticalHighColor'
  | 'grade'
>;

/** A glucose period's normal range and rule. */
export type CrisisPeriod = ItemCrisisSettings['periods'][number];

/** The limits, colours and grade a save sends (null: not set at this scope). */
export type CrisisLimitsInput = Partial<CrisisLimits>;
export interface SaveIdentity {
  id?: number;
  version?: number;
}

export interface CrisisGradeInput extends SaveIdentity {
  grade: string;
  nameZh: string;
  nameEn: string;
  color: string;
  description: string | null;
  sort: number;
}

export interface AgeBracketInput {
  name: string;
  minAge: number;
  maxAge: number;
  sort: number;
}

export interface ClassifyQuery {
  category: MeasurementItem;
  value: number;
  unit?: string;
  periodCode?: string;
  departmentCode?: string;
  age?: number;
  virtualWard?: boolean;
}

// ---------- by item and period ----------

export function fetchItemCrisis(category: MeasurementItem, signal?: AbortSignal) {
  return http.get<ItemCrisisSettings>('/v2/crisisSetting', { query: { category }, signal });
}
export function saveItemCrisis(
  input: CrisisLimitsInput & SaveIdentity & { category: MeasurementItem; periodCode: string | null },
) {
  return http.post<CrisisRule>('/v2/crisisSetting', input);
}
export function deleteItemCrisis(id: number, version: number) {
  return http.delete<null>('/v2/crisisSetting', { query: { id, version } });
}

// ---------- departments ----------

export interface DepartmentRuleFilter {
  departmentCode?: string;
  category?: MeasurementItem;
}
export function fetchDepartmentRulePage(
  query: DepartmentRuleFilter & { page: number; size: number },
  signal?: AbortSignal,
) {
  return http.get<Page<NamedCrisisRule>>('/v1/crisisSetting/departmentDefine/list', {
    query: { ...query },
    signal,
  });
}
export function saveDepartmentCrisis(
  input: CrisisLimitsInput &
    SaveIdentity & { departmentCode: string; category: MeasurementItem; periodCode: string | null },
) {
  return http.post<CrisisRule>('/v2/crisisSetting/departmentDefine', input);
}
export function setDepartmentCrisisGrade(input: { id: number; version: number; grade: string }) {
  return http.post<CrisisRule>('/v1/crisisSetting/departmentDefine/grade', input);
}
export function deleteDepartmentCrisis(id: number, version: number) {
  return http.delete<null>('/v2/crisisSetting/departmentDefine', { query: { id, version } });
}

// ---------- age settings ----------

export function fetchAgeCrisis(filter: DepartmentRuleFilter, signal?: AbortSignal) {
  return http.get<NamedCrisisRule[]>('/v1/crisisSetting/departmentDefine/age/list', {
    query: { ...filter },
    signal,
  });
}
export type AgeCrisisInput = CrisisLimitsInput & {
  departmentCode: string;
  ageBracketId: number;
  category: MeasurementItem;
  periodCode: string | null;
};
export function createAgeCrisis(input: AgeCrisisInput) {
  return http.post<CrisisRule>('/v1/crisisSetting/departmentDefine/age/setting', input);
}
export function updateAgeCrisis(input: AgeCrisisInput & { id: number; version: number }) {
  return http.put<CrisisRule>('/v1/crisisSetting/departmentDefine/age/setting', input);
}
export function deleteAgeCrisis(id: number, version: number) {
  return http.delete<null>('/v1/crisisSetting/departmentDefine/age/setting', { query: { id, version } });
}

// ---------- virtual ward ----------

export function fetchVirtualWardCrisis(category: MeasurementItem, signal?: AbortSignal) {
  return http.get<NamedCrisisRule[]>('/v1/fictitious/crisisSetting/list', { query: { category }, signal });
}
export function saveVirtualWardCrisis(
  input: CrisisLimitsInput & SaveIdentity & { category: MeasurementItem; periodCode: string | null },
) {
  return http.post<CrisisRule>('/v1/fictitious/crisisSetting/', input);
}
export function deleteVirtualWardCrisis(id: number, version: number) {
  return http.delete<null>('/v1/fictitious/crisisSetting', { query: { id, version } });
}

// ---------- grades and brackets ----------

export function fetchCrisisGrades(signal?: AbortSignal) {
  return http.get<CrisisGrade[]>('/v1/crisisGrade/list', { signal });
}
export function saveCrisisGrade(input: CrisisGradeInput) {
  return http.post<CrisisGrade>('/v2/crisisGrade', input);
}
export function deleteCrisisGrade(grade: string, version: number) {
  return http.delete<null>('/v1/crisisGrade/delete', { query: { grade, version } });
}

export function fetchAgeBrackets(signal?: AbortSignal) {
  return http.get<AgeBracket[]>('/v1/ageBracket/list', { signal });
}
export function createAgeBracket(input: AgeBracketInput) {
  return http.post<AgeBracket>('/v1/ageBracket', input);
}
export function updateAgeBracket(input: AgeBracketInput & { id: number; version: number }) {
  return http.put<AgeBracket>('/v1/ageBracket', input);
}
export function deleteAgeBracket(id: number, version: number) {
  return http.delete<null>(`/v1/ageBracket/${encodeURIComponent(String(id))}`, { query: { version } });
}

// ---------- tester ----------

export function classifyValue(query: ClassifyQuery, signal?: AbortSignal) {
  return http.get<ClassifyResult>('/v1/crisisSetting/classify', { query: { ...query }, signal });
}
