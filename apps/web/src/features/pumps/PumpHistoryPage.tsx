import type { ProColumns } from '@ant-design/pro-components';
import { PUMP_HISTORY_KINDS } from '@glucocare/domain/responses';
import { Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  fetchPumpHistoryPage,
  type PumpHistoryEntry,
  type PumpHistoryFilter,
  type PumpHistoryKind,
} from '../../api/pumps';
import { useDevice } from '../../app/preferences';
import { dateTimeInZone } from '../../components/format';
import { ListPage } from '../../components/list-page/ListPage';
import { PageWrapper } from '../../components/PageWrapper';

const KIND_COLORS: Record<PumpHistoryKind, string> = {
  up: 'processing',
  down: 'default',
  tubeChange: 'cyan',
  basalProfile: 'purple',
  register: 'gold',
};

const dayOf = (value: unknown) => {
  if (!value) return undefined;
  if (typeof value === 'string') return value.slice(0, 10);
  return (value as Dayjs).format('YYYY-MM-DD');
};

/**
 * `/pump/history`: every up-pump, down-pump, tube change, basal profile and register change of the
 * pumps, latest first; by kind, days, and patient, bed, inpatient number or serial number; Excel
 * export and print in the hospital's time zone.
 */
export default function PumpHistoryPage() {
  const { t } = useTranslation();
  const mobile = useDevice() === 'mobile';
  const kindText = (kind: PumpHistoryKind) => t(`pumpBinding.kind.${kind}`);
  const columns: ProColumns<PumpHistoryEntry>[] = [
    {
      title: t('pumpBinding.list.search'),
      dataIndex: 'queryCondition',
      hideInTable: true,
      fieldProps: { placeholder: t('pumpBinding.list.searchPlaceholder'), maxLength: 50 },
    },
    {
      title: t('pumpBinding.history.kind'),
      dataIndex: 'kind',
      valueType: 'select',
      hideInTable: true,
      fieldProps: { placeholder: t('common.all') },
      valueEnum: Object.fromEntries(PUMP_HISTORY_KINDS.map((kind) => [kind, { text: kindText(kind) }])),
    },
    {
      title: t('pumpBinding.history.range'),
      dataIndex: 'range',
      valueType: 'dateRange',
      hideInTable: true,
      fieldProps: { allowClear: true, style: { width: '100%' } },
    },
    {
      title: t('pumpBinding.history.at'),
      dataIndex: 'at',
      search: false,
      fixed: mobile ? undefined : 'left',
      width: 150,
      render: (_, row) => <span className="gc-nowrap">{dateTimeInZone(row.at)}</span>,
    },
    {
      title: t('pumpBinding.history.kind'),
      dataIndex: 'kindLabel',
      search: false,
      width: 110,
      render: (_, row) => (
        <Tag color={KIND_COLORS[row.kind]} data-kind={row.kind}>
          {kindText(row.kind)}
        </Tag>
      ),
    },
    { title: t('pumpRegister.serialNumber'), dataIndex: 'serialNumber', search: false, width: 150 },
    {
      title: t('pumpBinding.field.patient'),
      dataIndex: 'patientName',
      search: false,
      width: 140,
      render: (_, row) =>
        row.patientName ? (
          <span className="gc-nowrap">
            {row.patientName}
            {row.bed ? ` · ${t('pumpBinding.list.bed', { bed: row.bed })}` : ''}
          </span>
        ) : (
          ''
        ),
    },
    { title: t('pumpRegister.department'), dataIndex: 'departmentName', search: false, width: 110 },
    { title: t('pumpBinding.history.detail'), dataIndex: 'detail', search: false, width: 320 },
    { title: t('pumpBinding.history.operator'), dataIndex: 'operatorName', search: false, width: 100 },
  ];
  return (
    <PageWrapper
      title={t('pumpBinding.history.title')}
      description={t('pumpBinding.history.intro')}
      testId="pump-history-page"
    >
      <ListPage<PumpHistoryEntry, PumpHistoryFilter>
        name="pumpHistory"
        columnsKey="gc-columns-pump-history"
        columns={columns}
        rowKey="key"
        request={fetchPumpHistoryPage}
        filterOf={(values) => ({
          queryCondition:
            typeof values.queryCondition === 'string' ? values.queryCondition.trim() || undefined : undefined,
          kind: (values.kind as PumpHistoryKind | undefined) || undefined,
          beginDate: dayOf((values.range as unknown[] | undefined)?.[0]),
          endDate: dayOf((values.range as unknown[] | undefined)?.[1]),
        })}
        texts={{ empty: t('pumpBinding.history.empty'), loadFailed: t('pumpBinding.history.loadFailed') }}
        excel={{
          fileName: t('pumpBinding.history.exportFileName'),
          sheetName: t('pumpBinding.history.title'),
          columns: [
            { title: t('pumpBinding.history.at'), dataIndex: 'at', dateFormat: 'dateTime' },
            {
              title: t('pumpBinding.history.kind'),
              dataIndex: 'kind',
              render: (value) => kindText(value as PumpHistoryKind),
            },
            { title: t('pumpRegister.serialNumber'), dataIndex: 'serialNumber' },
            { title: t('pumpBinding.field.patient'), dataIndex: 'patientName' },
            { title: t('pumpBinding.list.bedColumn'), dataIndex: 'bed' },
            { title: t('pumpBinding.list.inpatientNumber'), dataIndex: 'inpatientNumber' },
            { title: t('pumpRegister.department'), dataIndex: 'departmentName' },
            { title: t('pumpBinding.history.detail'), dataIndex: 'detail' },
            { title: t('pumpBinding.history.operator'), dataIndex: 'operatorName' },
          ],
        }}
        print={{ title: t('pumpBinding.history.title') }}
      />
    </PageWrapper>
  );
}
