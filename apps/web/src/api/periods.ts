import type {
  GlucosePeriodCreate,
  InsulinPeriodCreate,
  TargetSettingInput,
} from '@glucocare/domain/hospital-settings';
import type { GlucosePeriodView, InsulinPeriodView, TargetSettingView } from '@glucocare/domain/responses';
import { http } from './http';
import { resourceApi } from './resource';

/**
 * Glucose periods, insulin periods and QC target values (docs/api.md "Periods, target values,
 * inspection and mapping"). Glucose values travel in mmol/L; forms convert for mg/dL tenants.
 */

export type {
  GlucosePeriodView as GlucosePeriod,
  InsulinPeriodView as InsulinPeriod,
  TargetSettingView as TargetSetting,
} from '@glucocare/domain/responses';

const glucosePeriods = resourceApi<GlucosePeriodView, GlucosePeriodCreate>('/v1/gluPeriod');
const insulinPeriods = resourceApi<InsulinPeriodView, InsulinPeriodCreate>('/v1/insulinTimePeriod');

export const fetchGlucosePeriods = glucosePeriods.list();
export const createGlucosePeriod = glucosePeriods.create();
export const updateGlucosePeriod = glucosePeriods.update();
export const setGlucosePeriodStatus = glucosePeriods.status();

export const fetchInsulinPeriods = insulinPeriods.list();
export const createInsulinPeriod = insulinPeriods.create();
/** The whole period; enabling or stopping is this call with `isActive` changed. */
export const updateInsulinPeriod = insulinPeriods.update();
export const deleteInsulinPeriod = insulinPeriods.remove('');

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
