import { ConsultationListPage } from './ConsultationListPage';

/** `/consultation/request`: the consultations the caller's departments requested (会诊申请). */
export default function ConsultationRequestPage() {
  return <ConsultationListPage kind="requests" />;
}
