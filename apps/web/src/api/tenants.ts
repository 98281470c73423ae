import type { Lang } from '@glucocare/domain/i18n';
import { http } from './http';

/** GET /v1/tenants/current */
export interface TenantInfo {
  tenant: string;
  tenantName: string;
  organizationName: string;
  organizationCode: string;
  names?: Partial<Record<Lang, string>>;
}

export interface Unit {
  id: number;
  category: string;
  code: string;
  name: string;
}

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
