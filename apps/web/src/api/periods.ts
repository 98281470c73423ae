import type {
  GlucosePeriodCreate,
  InsulinPeriodCreate,
  SettingStatusInput,
  TargetSettingInput,
} from '@glucocare/domain/hospital-settings';
import { http } from './http';

/**
 * Glucose periods, insulin periods and QC target values (docs/api.md "Periods, target values,
 * inspection and mapping"). Glucose values travel in mmol/L; forms convert for mg/dL tenants.
 */

interface PeriodBase {
  id: number;
  code: string;
  /** the name in the request language */
  name: string;
  nameZh: string;
  nameEn: string;
  sort: number;
  startTime: string;
  endTime: string;
  isActive: boolean;
  version: number;
  updatedAt: string;
}

export interface GlucosePeriod extends PeriodBase {
  /** normal range, mmol/L */
  minValue: number | null;
  maxValue: number | null;
}

export type InsulinPeriod = PeriodBase;

type Versioned<T> = T & { id: number; version: number };

export function fetchGlucosePeriods(signal?: AbortSignal): Promise<GlucosePeriod[]> {
  return http.get<GlucosePeriod[]>('/v1/gluPeriod/list', { signal });
}

export function createGlucosePeriod(input: GlucosePeriodCreate): Promise<GlucosePeriod> {
  return http.post<GlucosePeriod>('/v1/gluPeriod', input);
}

export function updateGlucosePeriod(input: Versioned<GlucosePeriodCreate>): Promise<GlucosePeriod> {
  return http.put<GlucosePeriod>('/v1/gluPeriod', input);
}

export function setGlucosePeriodStatus(input: SettingStatusInput): Promise<GlucosePeriod> {
  return http.put<GlucosePeriod>('/v1/gluPeriod/status', input);
}

export function fetchInsulinPeriods(signal?: AbortSignal): Promise<InsulinPeriod[]> {
  return http.get<InsulinPeriod[]>('/v1/insulinTimePeriod/list', { signal });
}

export function createInsulinPeriod(input: InsulinPeriodCreate): Promise<InsulinPeriod> {
  return http.post<InsulinPeriod>('/v1/insulinTimePeriod', input);
}

/** The whole period; enabling or stopping is this call with `isActive` changed. */
export function updateInsulinPeriod(input: Versioned<InsulinPeriodCreate>): Promise<InsulinPeriod> {
  return http.put<InsulinPeriod>('/v1/insulinTimePeriod', input);
}

export function deleteInsulinPeriod(id: number, version: number): Promise<null> {
  return http.delete<null>('/v1/insulinTimePeriod', { query: { id, version } });
}

export interface TargetLevel {
  level: number;
  target: number;
  sd: number;
}

export interface TargetSetting {
  stripType: string;
  levels: TargetLevel[];
  /** null when the values were never saved (all levels read 0) */
  updatedAt: string | null;
}

export function fetchTargetSetting(stripType: string, signal?: AbortSignal): Promise<TargetSetting> {
  return http.get<TargetSetting>('/v1/targetSetting', { query: { stripType }, signal });
}

export function saveTargetSetting(input: TargetSettingInput): Promise<TargetSetting> {
  return http.post<TargetSetting>('/v1/targetSetting', input);
}

export interface StripType {
  code: string;
  name: string;
}

/** Enabled strip types: the dictionary type `stripType`. */
export function fetchStripTypes(signal?: AbortSignal): Promise<StripType[]> {
  return http.get<StripType[]>('/v1/dict/byType', { query: { type: 'stripType' }, signal });
}
