import { Alert, Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/permissions';
import { PageWrapper } from '../../components/PageWrapper';
import { FixedTypeDictionary } from '../system/DictionaryPage';
import { DICTIONARY_LIST } from './catalogues/permissions';

/**
 * `/settings/symptom`: the symptoms staff record with a critical value and the treatment plans they
 * choose from, side by side (stacked on a phone). Both are dictionary types.
 */
export default function SymptomSettingsPage() {
  const { t } = useTranslation();
  const canListDictionary = usePermission(DICTIONARY_LIST);
  return (
    <PageWrapper
      title={t('symptomSettings.title')}
      description={t('symptomSettings.intro')}
      testId="symptom-settings-page"
    >
      {canListDictionary ? (
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={12}>
            <FixedTypeDictionary fixedType="symptom" compact title={t('symptomSettings.symptoms')} />
          </Col>
          <Col xs={24} xl={12}>
            <FixedTypeDictionary fixedType="treatmentPlan" compact title={t('symptomSettings.plans')} />
          </Col>
        </Row>
      ) : (
        <Alert type="warning" showIcon message={t('symptomSettings.noDictionaryPermission')} />
      )}
    </PageWrapper>
  );
}
