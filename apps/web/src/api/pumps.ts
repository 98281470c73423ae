import type { InsulinPumpCreate, PumpManufacturerCreate } from '@glucocare/domain/admin';
import type { InsulinPump, PumpManufacturer } from '@glucocare/domain/responses';
import type { ActiveFilter } from './catalogues';
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
