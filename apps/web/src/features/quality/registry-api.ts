import type {
  Analyzer,
  AnalyzerLoan,
  CategoryStripTypes,
  ControlSolution,
  Page,
  QcOption,
  TestStrip,
} from '@glucocare/domain/responses';
import type {
  AnalyzerInput,
  AnalyzerLendInput,
  AnalyzerReturnInput,
  ControlSolutionInput,
  LotStatusInput,
  QcItem,
  TestStripInput,
} from '@glucocare/domain/rules';
import { http } from '../../api/http';
import { resourceApi } from '../../api/resource';

export type {
  Analyzer,
  AnalyzerLoan,
  ControlSolution,
  QcOption,
  TestStrip,
} from '@glucocare/domain/responses';

/** The QC registry's calls (docs/api.md "Analyzers, spare analyzers and lending, control solutions, test strips"). */

export interface AnalyzerFilter {
  queryCondition?: string;
  departmentCode?: string;
  deviceModel?: string;
  manufactor?: string;
  status?: 'enabled' | 'stopped';
  isSpare?: boolean;
  /** the list kit's status filter, sent as `status` */
  isActive?: boolean;
}
export interface LotFilter {
  queryCondition?: string;
  category?: QcItem;
  status?: 'normal' | 'invalid' | 'suspended';
  isExpired?: boolean;
  manufactor?: string;
  type?: string;
}
export interface LoanFilter {
  queryCondition?: string;
  analyzerId?: number;
  departmentCode?: string;
  status?: 'lent' | 'returned';
}

const analyzers = resourceApi<Analyzer, AnalyzerInput>('/v1/devices');
const controls = resourceApi<ControlSolution, ControlSolutionInput>('/v1/qualityReagent');
const strips = resourceApi<TestStrip, TestStripInput>('/v1/testStrip');

/** A page of analyzers at `path`; the list kit's enabled filter (`isActive`) is sent as `status`. */
function analyzerPage(path: string) {
  return (query: AnalyzerFilter & { page: number; size: number }, signal?: AbortSignal) => {
    const { isActive, status, ...rest } = query;
    const shown = status ?? (isActive === undefined ? undefined : isActive ? 'enabled' : 'stopped');
    return http.get<Page<Analyzer>>(path, { query: { ...rest, status: shown }, signal });
  };
}
/** The analyzers of the caller's wards (and the spares lent to them). */
export const fetchAnalyzerPage = analyzerPage('/v2/devices/query');
/** The spare analyzers with their open loans. */
export const fetchSparePage = analyzerPage('/v1/devices/spares');
export const createAnalyzer = analyzers.create();
export const updateAnalyzer = analyzers.update();
export const changeAnalyzerStatus = analyzers.status('/changeStatus');
/** Soft delete; 409 while lent out. */
export const deleteAnalyzer = analyzers.remove();

export const lendAnalyzer = (id: number, input: AnalyzerLendInput) =>
  http.post<Analyzer>(`/v1/devices/${id}/lend`, input);
export const returnAnalyzer = (loanId: number, input: AnalyzerReturnInput) =>
  http.post<AnalyzerLoan>(`/v1/devices/loans/${loanId}/return`, input);
export function fetchLoanPage(query: LoanFilter & { page: number; size: number }, signal?: AbortSignal) {
  return http.get<Page<AnalyzerLoan>>('/v1/devices/loans', { query: { ...query }, signal });
}

export const fetchControlPage = controls.page<LotFilter>('/page', [
  'queryCondition',
  'category',
  'status',
  'isExpired',
  'manufactor',
]);
export const createControl = controls.create();
export const updateControl = controls.update();
export const changeControlStatus = (input: LotStatusInput) =>
  http.put<ControlSolution>('/v1/qualityReagent/changeStatus', input);
export const openControl = (id: number, input: { version: number; openedOn: string }) =>
  http.post<ControlSolution>(`/v1/qualityReagent/${id}/open`, input);
/** Soft delete; 409 while a meter uses the lot. */
export const deleteControl = controls.remove();
export const fetchUsableControls = (signal?: AbortSignal) =>
  http.get<ControlSolution[]>('/v1/qualityReagent/deviceQualityReagents', { signal });

export const fetchStripPage = strips.page<LotFilter>('/page', [
  'queryCondition',
  'category',
  'type',
  'status',
  'isExpired',
]);
export const createStrip = strips.create();
export const updateStrip = strips.update();
export const changeStripStatus = (input: LotStatusInput) =>
  http.put<TestStrip>('/v1/testStrip/changeStatus', input);
export const deleteStrip = strips.remove();
export const fetchUsableStrips = (signal?: AbortSignal) =>
  http.get<TestStrip[]>('/v1/testStrip/deviceStrips', { signal });

export const fetchItemOptions = (signal?: AbortSignal) =>
  http.get<QcOption[]>('/v1/dict/qualityReagentTypes', { signal });
export const fetchManufacturerOptions = (signal?: AbortSignal) =>
  http.get<QcOption[]>('/v1/dict/manufacturers/list', { signal });
export const fetchStripTypes = (signal?: AbortSignal) =>
  http.get<CategoryStripTypes[]>('/v1/testStrip/categoryStripTypes', { signal });
