import { useTranslation } from 'react-i18next';
import { PageWrapper } from '../../components/PageWrapper';
import { MedicationOrderList } from './MedicationOrderList';

/** `/patient/medication`: the medication orders of the caller's wards (issue 17, 用药医嘱). */
export default function MedicationPage() {
  const { t } = useTranslation();
  return (
    <PageWrapper title={t('medication.title')} description={t('medication.intro')} testId="medication-page">
      <MedicationOrderList />
    </PageWrapper>
  );
}
