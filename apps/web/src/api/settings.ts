import type {
  DisplayItem,
  FeatureKey,
  FileStorageInput,
  HisSettingInput,
  PasswordLengthInput,
  PeriodShowStrategy,
  ReportTitleInput,
} from '@glucocare/domain/hospital-settings';
import type {
  FeatureSwitchView as FeatureSwitch,
  FileStorageView as FileStorage,
  HisSettingView,
  ItemDisplayView as ItemDisplay,
  PasswordLengthView as PasswordLength,
  ReportTitleView as ReportTitle,
  SupportedUnitView as SupportedUnit,
} from '@glucocare/domain/responses';
import { http } from './http';

/**
 * Hospital information and communication, system settings and the password policy (docs/api.md
 * "Hospital settings: system"). Every function returns the envelope's `dataContent`.
 */

type Signal = AbortSignal | undefined;

export type { FeatureSwitch, FileStorage, ItemDisplay, PasswordLength, ReportTitle, SupportedUnit };

// ---------- hospital and communication ----------

export function fetchHisSetting(signal?: Signal): Promise<HisSettingView> {
  return http.get<HisSettingView>('/v1/his', { signal });
}

export function saveHisSetting(input: HisSettingInput): Promise<HisSettingView> {
  return http.post<HisSettingView>('/v1/his', input);
}

export function fetchFileStorage(signal?: Signal): Promise<FileStorage> {
  return http.get<FileStorage>('/v1/systemSetting/fileStorage', { signal });
}

export function saveFileStorage(input: FileStorageInput): Promise<FileStorage> {
  return http.post<FileStorage>('/v1/systemSetting/fileStorage', input);
}

export function fetchReportTitle(signal?: Signal): Promise<ReportTitle> {
  return http.get<ReportTitle>('/v1/systemSetting/reportTitleValue', { signal });
}

export function saveReportTitle(input: ReportTitleInput): Promise<ReportTitle> {
  return http.post<ReportTitle>('/v1/systemSetting/reportTitleValue', input);
}

/** Back to the hospital's name as the heading. */
export function resetReportTitle(): Promise<ReportTitle> {
  return http.delete<ReportTitle>('/v1/systemSetting/reportTitleValue');
}

// ---------- system settings ----------

export function fetchShowClockTime(signal?: Signal): Promise<boolean> {
  return http.get<boolean>('/v1/systemSetting/showClockTime', { signal });
}

export function saveShowClockTime(value: boolean): Promise<boolean> {
  return http.post<boolean>('/v1/systemSetting/showClockTime', { value });
}

/** The signed-in user's own order of measurement lists (true = oldest first). */
export function fetchTestTimeAsc(signal?: Signal): Promise<boolean> {
  return http.get<boolean>('/v1/userDefine/testTimeAsc', { signal });
}

export function saveTestTimeAsc(value: boolean): Promise<boolean> {
  return http.post<boolean>('/v1/userDefine/testTimeAsc', { value });
}

/** Out-of-hospital work mode (read with `fetchIsOutside` of ./tenants). */
export function saveIsOutside(value: boolean): Promise<boolean> {
  return http.post<boolean>('/v1/systemSetting/workMode/isOutside', { value });
}

export function fetchPeriodShowStrategy(signal?: Signal): Promise<PeriodShowStrategy> {
  return http.get<PeriodShowStrategy>('/v1/systemSetting/gluStandardPeriodShowStragety', { signal });
}

export function savePeriodShowStrategy(value: PeriodShowStrategy): Promise<PeriodShowStrategy> {
  return http.post<PeriodShowStrategy>('/v1/systemSetting/gluStandardPeriodShowStragety', { value });
}

export function fetchFeatureSwitches(signal?: Signal): Promise<FeatureSwitch[]> {
  return http.get<FeatureSwitch[]>('/v1/systemSetting/enable', { signal });
}

export function saveFeatureSwitch(key: FeatureKey, value: boolean): Promise<FeatureSwitch> {
  return http.post<FeatureSwitch>('/v1/systemSetting/enable', { key, value });
}

export function fetchSupportUnits(item: DisplayItem, signal?: Signal): Promise<SupportedUnit[]> {
  return http.get<SupportedUnit[]>('/v1/itemDisplay/supportUnits', { query: { item }, signal });
}

export function fetchItemDisplay(item: DisplayItem, signal?: Signal): Promise<ItemDisplay> {
  return http.get<ItemDisplay>('/v1/itemDisplay/setting', { query: { item }, signal });
}

export function saveItemDisplay(item: DisplayItem, unit: string): Promise<ItemDisplay> {
  return http.post<ItemDisplay>('/v1/itemDisplay/setting', { item, unit });
}

// ---------- password policy ----------

export function fetchStrongPasswords(signal?: Signal): Promise<boolean> {
  return http.get<boolean>('/v1/systemSetting/password/isStrongPasswords', { signal });
}

export function saveStrongPasswords(value: boolean): Promise<boolean> {
  return http.post<boolean>('/v1/systemSetting/password/isStrongPasswords', { value });
}

export function fetchPasswordLength(signal?: Signal): Promise<PasswordLength> {
  return http.get<PasswordLength>('/v1/systemSetting/password/passwordLengh', { signal });
}

export function savePasswordLength(input: PasswordLengthInput): Promise<PasswordLength> {
  return http.post<PasswordLength>('/v1/systemSetting/password/passwordLengh', input);
}

export function fetchPasswordExpiry(signal?: Signal): Promise<number> {
  return http.get<number>('/v1/systemSetting/password/expiryMonth', { signal });
}

export function savePasswordExpiry(value: number): Promise<number> {
  return http.post<number>('/v1/systemSetting/password/expiryMonth', { value });
}
