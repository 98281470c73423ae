import type { ProColumns } from '@ant-design/pro-components';
import { PERMISSIONS } from '@glucocare/domain/admin';
import { FOLLOWUP_KINDS } from '@glucocare/domain/virtual-ward';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Followup, type FollowupFilter, fetchFollowups } from '../../api/virtual-ward-review';
import { usePermission } from '../../app/permissions';
import { useDevice } from '../../app/preferences';
import { DepartmentTreeSelect } from '../../components/DepartmentTreeSelect';
import { dateTimeInZone } from '../../components/format';
import { ListPage, useListReload } from '../../components/list-page/ListPage';
import { PageWrapper } from '../../components/PageWrapper';
import { DeleteFollowupButton } from './FollowupParts';
import { ReasonTags, reasonsText } from './WorklistParts';

export const FOLLOWUP_LIST = 'virtualWardFollowups';

const dayOf = (value: unknown) => {
  if (!value) return undefined;
  if (typeof value === 'string') return value.slice(0, 10);
  return (value as Dayjs).format('YYYY-MM-DD');
};

/**
 * `/virtualward/followup` (随访记录): every follow-up record the caller may see, newest first — search,
 * ward, kind and date range; Excel and print; delete in error (author or administrator, with a reason).
 */
export default function FollowupPage() {
  const { t } = useTranslation();
  const mobile = useDevice() === 'mobile';
  const reload = useListReload(FOLLOWUP_LIST);
  const canReview = usePermission(PERMISSIONS.virtualWard.worklist.review);
  const columns: ProColumns<Followup>[] = [
    {
      title: t('virtualWardReview.field.search'),
      dataIndex: 'queryCondition',
      hideInTable: true,
      fieldProps: { placeholder: t('virtualWardReview.field.followupSearchPlaceholder'), maxLength: 50 },
    },
    {
      title: t('virtualWardReview.field.ward'),
      dataIndex: 'departmentCode',
      hideInTable: true,
      renderFormItem: () => <DepartmentTreeSelect source="using" placeholder={t('common.all')} />,
    },
    {
      title: t('virtualWardReview.field.kind'),
      dataIndex: 'kind',
      valueType: 'select',
      hideInTable: true,
      fieldProps: { placeholder: t('common.all') },
      valueEnum: Object.fromEntries(
        FOLLOWUP_KINDS.map((k) => [k, { text: t(`virtualWardReview.kind.${k}`) }]),
      ),
    },
    {
      title: t('virtualWardReview.field.range'),
      dataIndex: 'range',
      valueType: 'dateRange',
      hideInTable: true,
      fieldProps: { allowClear: true, style: { width: '100%' } },
    },
    {
      title: t('virtualWardReview.field.reviewedAt'),
      dataIndex: 'reviewedAt',
      search: false,
      width: 150,
      fixed: mobile ? undefined : 'left',
      render: (_, row) => <span className="gc-nowrap">{dateTimeInZone(row.reviewedAt)}</span>,
    },
    {
      title: t('virtualWardReview.field.patient'),
      dataIndex: 'patientName',
      search: false,
      width: 130,
      render: (_, row) => (
        <Link to={`/patient/detail?id=${row.patientId}&tab=virtualWard`}>{row.patientName}</Link>
      ),
    },
    {
      title: t('virtualWardReview.field.ward'),
      dataIndex: 'departmentName',
      search: false,
      width: 130,
      render: (_, row) => [row.departmentName, row.bed].filter(Boolean).join(' · '),
    },
    { title: t('virtualWardReview.field.kind'), dataIndex: 'kindName', search: false, width: 90 },
    {
      title: t('virtualWardReview.field.specialist'),
      dataIndex: 'specialistName',
      search: false,
      width: 110,
    },
    {
      title: t('virtualWardReview.field.reasons'),
      dataIndex: 'reasons',
      search: false,
      width: 220,
      render: (_, row) => <ReasonTags reasons={row.reasons} />,
    },
    {
      title: t('virtualWardReview.field.assessment'),
      dataIndex: 'assessment',
      search: false,
      width: 240,
      ellipsis: true,
    },
    {
      title: t('virtualWardReview.field.suggestion'),
      dataIndex: 'suggestion',
      search: false,
      width: 240,
      ellipsis: true,
    },
    {
      title: t('virtualWardReview.field.nextReviewDate'),
      dataIndex: 'nextReviewDate',
      search: false,
      width: 110,
      render: (_, row) => row.nextReviewDate ?? '-',
    },
  ];
  const title = t('virtualWardReview.followups.title');
  return (
    <PageWrapper title={title} description={t('virtualWardReview.followups.intro')} testId="followup-page">
      <ListPage<Followup, FollowupFilter>
        name={FOLLOWUP_LIST}
        columnsKey={`gc-columns-${FOLLOWUP_LIST}`}
        columns={columns}
        request={fetchFollowups}
        filterOf={(values) => ({
          queryCondition:
            typeof values.queryCondition === 'string' ? values.queryCondition.trim() || undefined : undefined,
          departmentCode: (values.departmentCode as string | undefined) || undefined,
          kind: (values.kind as Followup['kind'] | undefined) || undefined,
          beginDate: dayOf((values.range as unknown[] | undefined)?.[0]),
          endDate: dayOf((values.range as unknown[] | undefined)?.[1]),
        })}
        rowActions={
          canReview ? { extra: (row) => <DeleteFollowupButton row={row} onDeleted={reload} /> } : undefined
        }
        texts={{
          empty: t('virtualWardReview.followups.empty'),
          loadFailed: t('virtualWardReview.loadFailed'),
        }}
        excel={{
          fileName: t('virtualWardReview.followups.exportFileName'),
          sheetName: title,
          columns: [
            {
              title: t('virtualWardReview.field.reviewedAt'),
              dataIndex: 'reviewedAt',
              dateFormat: 'dateTime',
            },
            { title: t('virtualWardReview.field.patient'), dataIndex: 'patientName' },
            { title: t('virtualWardReview.field.inpatientNumber'), dataIndex: 'inpatientNumber' },
            { title: t('virtualWardReview.field.ward'), dataIndex: 'departmentName' },
            { title: t('virtualWardReview.field.bed'), dataIndex: 'bed' },
            { title: t('virtualWardReview.field.kind'), dataIndex: 'kindName' },
            { title: t('virtualWardReview.field.specialist'), dataIndex: 'specialistName' },
            {
              title: t('virtualWardReview.field.reasons'),
              dataIndex: 'reasons',
              render: (_v: unknown, row: Followup) => reasonsText(row.reasons, t),
            },
            { title: t('virtualWardReview.field.assessment'), dataIndex: 'assessment' },
            { title: t('virtualWardReview.field.suggestion'), dataIndex: 'suggestion' },
            { title: t('virtualWardReview.field.nextReviewDate'), dataIndex: 'nextReviewDate' },
          ],
        }}
        print={{ title }}
      />
    </PageWrapper>
  );
}
