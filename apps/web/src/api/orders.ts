import type { OrderTemplate, PatientOrderOptionsView, PatientOrderView } from '@glucocare/domain/responses';
import { http } from './http';

/**
 * Medical orders of a patient (docs/api.md "Medical orders"): the patient's list, one order, the order
 * dialog's options and the enabled templates of a type; order, edit, stop, delete.
 */

export type {
  PatientOrderOptionsView as OrderOptions,
  PatientOrderView as PatientOrder,
} from '@glucocare/domain/responses';

export type OrderStatusFilter = 'active' | 'stopped' | 'all';
export type OrderTypeCode = PatientOrderView['adviceType'];

/** The fields of an order or an edit (API names). */
export interface OrderInput {
  name: string;
  classification: string;
  adviceType: OrderTypeCode;
  category?: string | null;
  detail?: string | null;
  templateId: number;
  contents: string[];
  frequencyCode?: string | null;
  monitorPeriods?: string[] | null;
  monitorTimes?: string[] | null;
  beginDate: string;
  executeDate?: string | null;
  testTime?: string | null;
}

export function fetchOrderOptions(signal?: AbortSignal) {
  return http.get<PatientOrderOptionsView>('/v1/patientAdvice/options', { signal });
}

export function fetchPatientOrders(
  patientId: number,
  query: { status: OrderStatusFilter; classification?: string },
  signal?: AbortSignal,
) {
  return http.get<PatientOrderView[]>('/v1/patientAdvice/list', { query: { patientId, ...query }, signal });
}

export function fetchOrder(id: number, signal?: AbortSignal) {
  return http.get<PatientOrderView>('/v1/patientAdvice', { query: { id }, signal });
}

/** Enabled templates of one order type (the dialog's picker). */
export function fetchOrderTemplates(adviceType: OrderTypeCode, signal?: AbortSignal) {
  return http.get<OrderTemplate[]>('/v1/templates/list', { query: { adviceType }, signal });
}

export function createOrder(input: OrderInput & { patientId: number }) {
  return http.post<PatientOrderView>('/v1/patientAdvice', input);
}

export function editOrder(input: OrderInput & { id: number; version: number; reason: string }) {
  return http.put<PatientOrderView>('/v1/patientAdvice', input);
}

export function stopOrder(input: { id: number; version: number; reason: string }) {
  return http.put<PatientOrderView>('/v1/patientAdvice/suspend', input);
}

export function deleteOrder(input: { id: number; version: number; reason: string }) {
  return http.delete<PatientOrderView>(`/v1/patientAdvice/${input.id}`, {
    query: { version: input.version, reason: input.reason },
  });
}
