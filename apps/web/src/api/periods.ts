import type {
  GlucosePeriodCreate,
  InsulinPeriodCreate,
  SettingStatusInput,
  TargetSettingInput,
} from '@glucocare/domain/hospital-settings';
import type { GlucosePeriodView, InsulinPeriodView, TargetSettingView } from '@glucocare/domain/responses';
import { http } from './http';

/**
 * Glucose periods, insulin periods and QC target values (docs/api.md "Periods, target values,
 * inspection and mapping"). Glucose values travel in mmol/L; forms convert for mg/dL tenants.
 */

export type {
  GlucosePeriodView as GlucosePeriod,
  InsulinPeriodView as InsulinPeriod,
  TargetSettingView as TargetSetting,
} from '@glucocare/domain/responses';

type Versioned<T> = T & { id: number; version: number };

export function fetchGlucosePeriods(signal?: AbortSignal): Promise<GlucosePeriodView[]> {
  return http.get<GlucosePeriodView[]>('/v1/gluPeriod/list', { signal });
}

export function createGlucosePeriod(input: GlucosePeriodCreate): Promise<GlucosePeriodView> {
  return http.post<GlucosePeriodView>('/v1/gluPeriod', input);
}

export function updateGlucosePeriod(input: Versioned<GlucosePeriodCreate>): Promise<GlucosePeriodView> {
  return http.put<GlucosePeriodView>('/v1/gluPeriod', input);
}

export function setGlucosePeriodStatus(input: SettingStatusInput): Promise<GlucosePeriodView> {
  return http.put<GlucosePeriodView>('/v1/gluPeriod/status', input);
}

export function fetchInsulinPeriods(signal?: AbortSignal): Promise<InsulinPeriodView[]> {
  return http.get<InsulinPeriodView[]>('/v1/insulinTimePeriod/list', { signal });
}

export function createInsulinPeriod(input: InsulinPeriodCreate): Promise<InsulinPeriodView> {
  return http.post<InsulinPeriodView>('/v1/insulinTimePeriod', input);
}

/** The whole period; enabling or stopping is this call with `isActive` changed. */
export function updateInsulinPeriod(input: Versioned<InsulinPeriodCreate>): Promise<InsulinPeriodView> {
  return http.put<InsulinPeriodView>('/v1/insulinTimePeriod', input);
}

export function deleteInsulinPeriod(id: number, version: number): Promise<null> {
  return http.delete<null>('/v1/insulinTimePeriod', { query: { id, version } });
}

export type TargetLevel = TargetSettingView['levels'][number];

export function fetchTargetSetting(stripType: string, signal?: AbortSignal): Promise<TargetSettingView> {
  return http.get<TargetSettingView>('/v1/targetSetting', { query: { stripType }, signal });
}

export function saveTargetSetting(input: TargetSettingInput): Promise<TargetSettingView> {
  return http.post<TargetSettingView>('/v1/targetSetting', input);
}

export interface StripType {
  code: string;
  name: string;
}

/** Enabled strip types: the dictionary type `stripType`. */
export function fetchStripTypes(signal?: AbortSignal): Promise<StripType[]> {
  return http.get<StripType[]>('/v1/dict/byType', { query: { type: 'stripType' }, signal });
}
