import type { Organisation, Unit } from '@glucocare/domain/responses';
import { http } from './http';

export type { Unit } from '@glucocare/domain/responses';
/** GET /v1/tenants/current */
export type TenantInfo = Organisation;

export function fetchCurrentTenant(): Promise<TenantInfo> {
  return http.get<TenantInfo>('/v1/tenants/current');
}

/** GET /v1/systemSetting/workMode/isOutside: out-of-hospital work mode. */
export function fetchIsOutside(): Promise<boolean> {
  return http.get<boolean>('/v1/systemSetting/workMode/isOutside');
}

export function fetchUnits(category: 'GLU' | 'KET' | 'UA'): Promise<Unit[]> {
  return http.get<Unit[]>('/v1/units/list', { query: { category } });
}
