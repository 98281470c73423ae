import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePermission } from '../../app/permissions';
import { PageWrapper } from '../../components/PageWrapper';
import { FixedTypeDictionary } from '../system/DictionaryPage';
import { FrequenciesTab } from './catalogues/FrequenciesTab';
import { MeterParametersTab } from './catalogues/MeterParametersTab';
import { DICTIONARY_LIST } from './catalogues/permissions';
import { TagsTab } from './catalogues/TagsTab';
import { UnitsTab } from './catalogues/UnitsTab';

/** Reason lists kept as dictionary types, each a tab of its own. */
const REASON_TABS = ['untestedReason', 'rejectReason', 'refusalReason'] as const;

/**
 * `/settings/catalogue`: units, patient tags, advice frequencies, the untested, rejection and refusal
 * reasons and the meter parameters. The open tab is in the address (`?tab=`), so a link or a reload
 * lands on it.
 */
export default function CatalogueSettingsPage() {
  const { t } = useTranslation();
  const canListDictionary = usePermission(DICTIONARY_LIST);
  const [params, setParams] = useSearchParams();
  const items = [
    { key: 'units', label: t('catalogueSettings.tabs.units'), children: <UnitsTab /> },
    { key: 'tags', label: t('catalogueSettings.tabs.tags'), children: <TagsTab /> },
    { key: 'frequencies', label: t('catalogueSettings.tabs.frequencies'), children: <FrequenciesTab /> },
    // the dictionary tabs read the dictionary API, which a settings editor may not be granted
    ...(canListDictionary
      ? [
          ...REASON_TABS.map((type) => ({
            key: type,
            label: t(`catalogueSettings.dictTypes.${type}`),
            children: <FixedTypeDictionary fixedType={type} />,
          })),
          {
            key: 'meterParameter',
            label: t('catalogueSettings.dictTypes.meterParameter'),
            children: <MeterParametersTab />,
          },
        ]
      : []),
  ];
  const requested = params.get('tab');
  const active = items.some((item) => item.key === requested) ? (requested as string) : 'units';
  return (
    <PageWrapper
      title={t('catalogueSettings.title')}
      description={t('catalogueSettings.intro')}
      testId="catalogue-settings-page"
    >
      <Tabs
        activeKey={active}
        onChange={(key) => setParams({ tab: key }, { replace: true })}
        items={items.map((item) => ({
          ...item,
          label: <span data-testid={`tab-${item.key}`}>{item.label}</span>,
        }))}
        destroyOnHidden
      />
    </PageWrapper>
  );
}
