import type { InsulinPumpCreate, PumpManufacturerCreate } from '@glucocare/domain/admin';
import type {
  InsulinPump,
  PumpBasalProfile,
  PumpBinding,
  PumpBindingOptions,
  PumpHistoryEntry,
  PumpHistoryKind,
  PumpManufacturer,
  PumpPatient,
  PumpTubeChange,
} from '@glucocare/domain/responses';
import type {
  PumpBasalProfileInput,
  PumpDownInput,
  PumpTubeChangeInput,
  PumpUpInput,
} from '@glucocare/domain/rules';
import type { ActiveFilter } from './catalogues';
import { http } from './http';
import { resourceApi } from './resource';

export type { InsulinPump, PumpManufacturer } from '@glucocare/domain/responses';

/** The insulin pump register and its manufacturers (docs/api.md "Insulin pumps (issue 16)"). */

export type PumpManufacturerInput = PumpManufacturerCreate;
export type InsulinPumpInput = InsulinPumpCreate;

export interface PumpManufacturerFilter {
  queryCondition?: string;
  isActive?: ActiveFilter;
}
export interface InsulinPumpFilter {
  queryCondition?: string;
  departmentCode?: string;
  manufacturerId?: number;
  isActive?: ActiveFilter;
}

const manufacturers = resourceApi<PumpManufacturer, PumpManufacturerInput>('/v1/pumpManufacturer');
const pumps = resourceApi<InsulinPump, InsulinPumpInput>('/v1/insulinPump');

export const fetchManufacturerPage = manufacturers.page<PumpManufacturerFilter>('/page', [
  'queryCondition',
  'isActive',
]);
/** The enabled manufacturers (the pump form's picker and the register's filter). */
export const fetchManufacturerOptions = manufacturers.list();
export const createManufacturer = manufacturers.create();
export const updateManufacturer = manufacturers.update();
export const changeManufacturerStatus = manufacturers.status('/changeStatus');
/** 409 while pumps name it. */
export const deleteManufacturer = manufacturers.remove();

export const fetchPumpPage = pumps.page<InsulinPumpFilter>('/page', [
  'queryCondition',
  'departmentCode',
  'manufacturerId',
  'isActive',
]);
export const createPump = pumps.create();
export const updatePump = pumps.update();
export const changePumpStatus = pumps.status('/changeStatus');
/** Soft delete: the pump's history keeps it. */
export const deletePump = pumps.remove();

// ---------------------------------------------------------------- bindings (docs/api.md "Pump bindings")

export type {
  PumpBasalProfile,
  PumpBinding,
  PumpBindingOptions,
  PumpHistoryEntry,
  PumpHistoryKind,
  PumpPatient,
  PumpTubeChange,
} from '@glucocare/domain/responses';

export interface PumpPatientsFilter {
  queryCondition?: string;
  departmentCode?: string;
}
export interface PumpHistoryFilter {
  queryCondition?: string;
  pumpId?: number;
  patientId?: number;
  kind?: PumpHistoryKind;
  beginDate?: string;
  endDate?: string;
}

const bindings = resourceApi<PumpBinding, never>('/v1/pumpBinding');
const history = resourceApi<PumpHistoryEntry, never>('/v1/pumpBinding');

/** Who wears which pump now. */
export const fetchPumpPatientsPage = bindings.page<PumpPatientsFilter>('/page', [
  'queryCondition',
  'departmentCode',
]);
/** Every up-pump, down-pump, tube change, basal profile and register change, latest first. */
export const fetchPumpHistoryPage = history.page<PumpHistoryFilter>('/history', [
  'queryCondition',
  'pumpId',
  'patientId',
  'kind',
  'beginDate',
  'endDate',
]);

export function fetchPumpPatient(patientId: number, signal?: AbortSignal) {
  return http.get<PumpPatient>(`/v1/pumpBinding/patient/${patientId}`, { signal });
}
export function fetchPumpBindingOptions(patientId: number, signal?: AbortSignal) {
  return http.get<PumpBindingOptions>(`/v1/pumpBinding/options/${patientId}`, { signal });
}
export const upPump = (body: PumpUpInput) => http.post<PumpBinding>('/v1/pumpBinding', body);
export const downPump = (body: PumpDownInput) => http.put<PumpBinding>('/v1/pumpBinding/down', body);
export const changePumpTube = (body: PumpTubeChangeInput) =>
  http.post<PumpTubeChange>('/v1/pumpBinding/tubeChange', body);
export const setPumpBasalProfile = (body: PumpBasalProfileInput) =>
  http.post<PumpBasalProfile>('/v1/pumpBinding/basalProfile', body);
