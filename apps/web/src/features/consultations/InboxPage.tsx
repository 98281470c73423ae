import { ConsultationListPage } from './ConsultationListPage';

/** `/consultation/inbox`: consultations addressed to the caller's departments (受邀会诊). */
export default function ConsultationInboxPage() {
  return <ConsultationListPage kind="inbox" />;
}
