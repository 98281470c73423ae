import type { AutoConsultationEntryInput, ShiftSetting } from '@glucocare/domain/hospital-settings';
import type {
  ConsultationEntryView as AutoConsultationEntry,
  BaselineSettingView as BaselineSetting,
  GlucosePeriodView,
  MonitorStrategyView as MonitorStrategy,
  ScreenStrategyView as ScreenStrategy,
  TirSettingView as TirSetting,
} from '@glucocare/domain/responses';
import { http } from './http';

/**
 * Strategy settings (docs/api.md "Strategy settings"): auto consultation, monitoring and wall-screen
 * strategies, TIR, baseline and the virtual-ward thresholds. Values travel in storage units (mmol/L,
 * µmol/L for uric acid); the screen converts glucose for mg/dL hospitals.
 */

export type { AutoConsultationEntry, BaselineSetting, MonitorStrategy, ScreenStrategy, TirSetting };

/** A glucose period as the period settings list it (`GET /v1/gluPeriod/list`); only what the forms use. */
export type GlucosePeriodOption = Pick<GlucosePeriodView, 'code' | 'name' | 'sort' | 'isActive'>;

export function fetchEnabledGlucosePeriods(signal?: AbortSignal): Promise<GlucosePeriodOption[]> {
  return http.get<GlucosePeriodOption[]>('/v1/gluPeriod/list', { query: { isActive: true }, signal });
}

const CONSULTATION = '/v1/autoConsultation/multi';
const MONITOR = '/v1/systemSetting/monitorStrategy';
const SCREEN = '/v1/systemSetting/screenStrategy';
const TIR = '/v1/systemSetting/tir';
const BASELINE = '/v1/systemSetting/baseline';
const AUTO_JOIN = '/v1/virtualward/setting/isAutoJoinVirtualRoom';
const GLU_MIN = '/v1/virtualward/setting/gluMinValue';
const HBA1C_MIN = '/v1/virtualward/setting/hbA1cMinValue';
const MANAGING = '/v1/virtualward/setting/managingDepartment';

export const fetchAutoConsultation = (signal?: AbortSignal) =>
  http.get<AutoConsultationEntry[]>(CONSULTATION, { signal });
export const saveAutoConsultation = (entries: AutoConsultationEntryInput[]) =>
  http.post<AutoConsultationEntry[]>(CONSULTATION, entries);

export const fetchMonitorStrategy = (signal?: AbortSignal) => http.get<MonitorStrategy>(MONITOR, { signal });
export const saveMonitorStrategy = (value: MonitorStrategy) => http.post<MonitorStrategy>(MONITOR, value);

export const fetchScreenStrategy = (signal?: AbortSignal) => http.get<ScreenStrategy>(SCREEN, { signal });
export const saveScreenStrategy = (value: ScreenStrategy) => http.post<ScreenStrategy>(SCREEN, value);

export const fetchTirSetting = (signal?: AbortSignal) => http.get<TirSetting>(TIR, { signal });
export const saveTirSetting = (value: TirSetting) => http.post<TirSetting>(TIR, value);

export const fetchBaseline = (signal?: AbortSignal) => http.get<BaselineSetting>(BASELINE, { signal });
export const saveBaseline = (value: BaselineSetting) => http.post<BaselineSetting>(BASELINE, value);

/** The nursing shifts of a day (the shift hand-over reads them). */
const SHIFTS = '/v1/systemSetting/shifts';

export type { ShiftSetting };
export const fetchShifts = (signal?: AbortSignal) => http.get<ShiftSetting>(SHIFTS, { signal });
export const saveShifts = (value: ShiftSetting) => http.post<ShiftSetting>(SHIFTS, value);

export interface VirtualWardSettings {
  autoJoin: boolean;
  /** mmol/L */
  gluMinValue: number;
  /** % */
  hbA1cMinValue: number;
  /** the department that manages the virtual ward (issue 18), null until chosen */
  managingDepartment: string | null;
}

export async function fetchVirtualWardSettings(signal?: AbortSignal): Promise<VirtualWardSettings> {
  const [autoJoin, gluMinValue, hbA1cMinValue, managingDepartment] = await Promise.all([
    http.get<boolean>(AUTO_JOIN, { signal }),
    http.get<number>(GLU_MIN, { signal }),
    http.get<number>(HBA1C_MIN, { signal }),
    http.get<string | null>(MANAGING, { signal }),
  ]);
  return { autoJoin, gluMinValue, hbA1cMinValue, managingDepartment };
}

export const saveAutoJoin = (value: boolean) => http.post<boolean>(AUTO_JOIN, { value });
export const saveGluMinValue = (value: number) => http.post<number>(GLU_MIN, { value });
export const saveHbA1cMinValue = (value: number) => http.post<number>(HBA1C_MIN, { value });
export const saveManagingDepartment = (value: string) => http.post<string>(MANAGING, { value });
