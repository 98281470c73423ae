import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { MedicationOrderList } from './MedicationOrderList';

/**
 * The medication orders of one patient (the patient tab "Orders"): self-contained, so the tab can hold
 * it beside the medical orders.
 */
export function PatientMedicationOrders({ patientId }: { patientId: number }) {
  const { t } = useTranslation();
  return (
    <section data-testid="patient-medication-orders">
      <Typography.Title level={5}>{t('medication.title')}</Typography.Title>
      <MedicationOrderList patientId={patientId} />
    </section>
  );
}
