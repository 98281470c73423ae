import { useTranslation } from 'react-i18next';
import {
  fetchVirtualWardHistory,
  type VirtualWardFilter,
  type VirtualWardStay,
} from '../../api/virtual-ward-membership';
import { useDevice } from '../../app/preferences';
import { ListPage } from '../../components/list-page/ListPage';
import { PageWrapper } from '../../components/PageWrapper';
import { filterOf, stayColumns, stayExcelColumns } from './stay-columns';

const NAME = 'virtualWardHistory';

/**
 * `/virtualward/history` (历史管理): ended stays, latest exit first — the current list's filters and the
 * exit days; exit time, reason and who ended it; Excel export and print.
 */
export default function VirtualWardHistoryPage() {
  const { t } = useTranslation();
  const mobile = useDevice() === 'mobile';
  const title = t('vwMembership.history.title');
  return (
    <PageWrapper title={title} description={t('vwMembership.history.intro')} testId="vw-history-page">
      <ListPage<VirtualWardStay, VirtualWardFilter>
        name={NAME}
        columnsKey={`gc-columns-${NAME}`}
        columns={stayColumns(t, true, mobile)}
        request={fetchVirtualWardHistory}
        filterOf={filterOf}
        texts={{ empty: t('vwMembership.history.empty'), loadFailed: t('vwMembership.loadFailed') }}
        excel={{
          fileName: t('vwMembership.history.exportFileName'),
          sheetName: title,
          columns: stayExcelColumns(t, true),
        }}
        print={{ title }}
      />
    </PageWrapper>
  );
}
