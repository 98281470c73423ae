import type {
  AdviceOptionView,
  MedicationDrugOptionView,
  MedicationOrderView,
  Page,
} from '@glucocare/domain/responses';
import { http } from './http';

/**
 * Medication orders (docs/api.md "Medication orders (issue 17)"): the wards' list (also one patient's),
 * the order dialog's drugs and periods, ordering, stopping and deleting with a reason.
 */

export type {
  AdviceOptionView as AdviceOption,
  MedicationDrugOptionView as MedicationDrugOption,
  MedicationOrderView as MedicationOrder,
} from '@glucocare/domain/responses';

export interface MedicationOrderFilter {
  departmentCode?: string;
  status?: 'active' | 'stopped';
  patientId?: number;
  queryCondition?: string;
  beginDate?: string;
  endDate?: string;
}

export interface MedicationOrderInput {
  patientId: number;
  name: string;
  orderType: string;
  drugs: { drugId: number; quantity: number }[];
  period: string;
  quantity: number;
  startTime: string;
  note?: string | null;
}

export function fetchMedicationOrders(
  query: MedicationOrderFilter & { page: number; size: number },
  signal?: AbortSignal,
): Promise<Page<MedicationOrderView>> {
  const queryCondition = query.queryCondition?.trim() || undefined;
  return http.get('/v1/medicationAdvice/page', { query: { ...query, queryCondition }, signal });
}

export function fetchMedicationDrugOptions(signal?: AbortSignal) {
  return http.get<MedicationDrugOptionView[]>('/v1/medicationAdvice/drugOptions', { signal });
}

/** The period options of an order type: insulin periods (medication), glucose periods (monitoring). */
export function fetchAdviceOptions(adviceType: 'medication' | 'monitoring', signal?: AbortSignal) {
  return http.get<AdviceOptionView[]>('/v1/options', { query: { adviceType }, signal });
}

export function createMedicationOrder(input: MedicationOrderInput) {
  return http.post<MedicationOrderView>('/v1/medicationAdvice', input);
}

export function stopMedicationOrder(input: { id: number; version: number; reason: string }) {
  return http.put<MedicationOrderView>('/v1/medicationAdvice/suspend', input);
}

export function deleteMedicationOrder(id: number, version: number, reason: string) {
  return http.delete<MedicationOrderView>(`/v1/medicationAdvice/${id}`, { query: { version, reason } });
}
