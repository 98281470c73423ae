import type { ProColumns } from '@ant-design/pro-components';
import { PERMISSIONS } from '@glucocare/domain/admin';
import { Button, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fetchWorklist, type WorklistFilter, type WorklistRow } from '../../api/virtual-ward-review';
import { usePermission } from '../../app/permissions';
import { useDevice } from '../../app/preferences';
import { DepartmentTreeSelect } from '../../components/DepartmentTreeSelect';
import { dateTimeInZone } from '../../components/format';
import { ListPage, useListReload } from '../../components/list-page/ListPage';
import { PageWrapper } from '../../components/PageWrapper';
import { JoinDialog } from './JoinDialog';
import { ReviewDialog } from './ReviewDialog';
import { enteredText, ReasonTags, reasonsText } from './WorklistParts';

export const WORKLIST_LIST = 'virtualWardWorklist';

const booleanOf = (value: unknown) => (value === 'true' ? true : value === 'false' ? false : undefined);

/**
 * `/virtualward/worklist` (每日审阅): the patients who meet the review criteria in the window —
 * inpatients of other wards and virtual-ward patients — hypo first; reasons as tags; "Review" writes a
 * follow-up. Refreshed live (new readings, follow-ups of colleagues); Excel and print.
 */
export default function WorklistPage() {
  const { t } = useTranslation();
  const mobile = useDevice() === 'mobile';
  const reload = useListReload(WORKLIST_LIST);
  const canReview = usePermission(PERMISSIONS.virtualWard.worklist.review);
  const canJoin = usePermission(PERMISSIONS.virtualWard.current.edit);
  const [joining, setJoining] = useState<WorklistRow | null>(null);
  const [reviewing, setReviewing] = useState<WorklistRow | null>(null);
  const yesNo = {
    true: { text: t('virtualWardReview.yes') },
    false: { text: t('virtualWardReview.no') },
  };
  const columns: ProColumns<WorklistRow>[] = [
    {
      title: t('virtualWardReview.field.search'),
      dataIndex: 'queryCondition',
      hideInTable: true,
      fieldProps: { placeholder: t('virtualWardReview.field.searchPlaceholder'), maxLength: 50 },
    },
    {
      title: t('virtualWardReview.field.ward'),
      dataIndex: 'departmentCode',
      hideInTable: true,
      renderFormItem: () => <DepartmentTreeSelect source="using" placeholder={t('common.all')} />,
    },
    {
      title: t('virtualWardReview.field.inVirtualWard'),
      dataIndex: 'inVirtualWard',
      valueType: 'select',
      hideInTable: true,
      fieldProps: { placeholder: t('common.all') },
      valueEnum: yesNo,
    },
    {
      title: t('virtualWardReview.field.reviewed'),
      dataIndex: 'reviewed',
      valueType: 'select',
      hideInTable: true,
      fieldProps: { placeholder: t('common.all') },
      valueEnum: yesNo,
    },
    {
      title: t('virtualWardReview.field.patient'),
      dataIndex: 'patientName',
      search: false,
      fixed: mobile ? undefined : 'left',
      width: 170,
      render: (_, row) => (
        <Space direction="vertical" size={0}>
          {row.openable ? (
            <Link
              to={`/patient/detail?id=${row.patientId}&tab=virtualWard`}
              data-testid={`worklist-patient-${row.patientId}`}
            >
              {row.patientName}
            </Link>
          ) : (
            <span data-testid={`worklist-patient-${row.patientId}`}>{row.patientName}</span>
          )}
          <Typography.Text type="secondary" className="gc-nowrap">
            {row.inpatientNumber ?? row.outpatientNumber ?? ''}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t('virtualWardReview.field.reasons'),
      dataIndex: 'reasons',
      search: false,
      width: 260,
      render: (_, row) => <ReasonTags reasons={row.reasons} />,
    },
    {
      title: t('virtualWardReview.field.ward'),
      dataIndex: 'departmentName',
      search: false,
      width: 140,
      render: (_, row) => (
        <span className="gc-nowrap">
          {[row.departmentName, row.bed].filter(Boolean).join(' · ')}
          {row.status !== 'inHospital' ? (
            <Tag style={{ marginInlineStart: 6 }}>{t(`virtualWardReview.status.${row.status}`)}</Tag>
          ) : null}
        </span>
      ),
    },
    { title: t('virtualWardReview.field.doctor'), dataIndex: 'doctorName', search: false, width: 100 },
    {
      title: t('virtualWardReview.field.inVirtualWard'),
      dataIndex: 'inVirtualWard',
      search: false,
      width: 100,
      render: (_, row) =>
        row.inVirtualWard ? <Tag color="blue">{t('virtualWardReview.inVirtualWard')}</Tag> : '-',
    },
    {
      title: t('virtualWardReview.field.lastFollowup'),
      dataIndex: 'lastFollowupAt',
      search: false,
      width: 170,
      render: (_, row) =>
        row.lastFollowupAt ? (
          <span className="gc-nowrap">
            {dateTimeInZone(row.lastFollowupAt)} {row.lastSpecialistName}
          </span>
        ) : (
          '-'
        ),
    },
    {
      title: t('virtualWardReview.field.nextReviewDate'),
      dataIndex: 'nextReviewDate',
      search: false,
      width: 110,
      render: (_, row) => row.nextReviewDate ?? '-',
    },
    {
      title: t('virtualWardReview.field.reviewed'),
      dataIndex: 'reviewed',
      search: false,
      width: 90,
      render: (_, row) =>
        row.reviewed ? (
          <Tag color="green" data-testid={`worklist-reviewed-${row.patientId}`}>
            {t('virtualWardReview.reviewed')}
          </Tag>
        ) : (
          <Tag>{t('virtualWardReview.notReviewed')}</Tag>
        ),
    },
  ];
  const title = t('virtualWardReview.worklist.title');
  return (
    <PageWrapper title={title} description={t('virtualWardReview.worklist.intro')} testId="worklist-page">
      <ListPage<WorklistRow, WorklistFilter>
        name={WORKLIST_LIST}
        columnsKey={`gc-columns-${WORKLIST_LIST}`}
        rowKey="patientId"
        columns={columns}
        request={fetchWorklist}
        filterOf={(values) => ({
          queryCondition:
            typeof values.queryCondition === 'string' ? values.queryCondition.trim() || undefined : undefined,
          departmentCode: (values.departmentCode as string | undefined) || undefined,
          inVirtualWard: booleanOf(values.inVirtualWard),
          reviewed: booleanOf(values.reviewed),
        })}
        rowActions={
          canReview || canJoin
            ? {
                extra: (row) => (
                  <>
                    {canReview ? (
                      <Button
                        type="link"
                        size="small"
                        onClick={() => setReviewing(row)}
                        data-testid={`worklist-review-${row.patientId}`}
                      >
                        {t('virtualWardReview.review.button')}
                      </Button>
                    ) : null}
                    {canJoin && !row.inVirtualWard ? (
                      <Button
                        type="link"
                        size="small"
                        onClick={() => setJoining(row)}
                        data-testid={`worklist-join-${row.patientId}`}
                      >
                        {t('vwMembership.action.join')}
                      </Button>
                    ) : null}
                  </>
                ),
              }
            : undefined
        }
        texts={{
          empty: t('virtualWardReview.worklist.empty'),
          loadFailed: t('virtualWardReview.loadFailed'),
        }}
        excel={{
          fileName: t('virtualWardReview.worklist.exportFileName'),
          sheetName: title,
          columns: [
            { title: t('virtualWardReview.field.patient'), dataIndex: 'patientName' },
            { title: t('virtualWardReview.field.inpatientNumber'), dataIndex: 'inpatientNumber' },
            { title: t('virtualWardReview.field.ward'), dataIndex: 'departmentName' },
            { title: t('virtualWardReview.field.bed'), dataIndex: 'bed' },
            { title: t('virtualWardReview.field.doctor'), dataIndex: 'doctorName' },
            {
              title: t('virtualWardReview.field.reasons'),
              dataIndex: 'reasons',
              render: (_v: unknown, row: WorklistRow) => reasonsText(row.reasons, t),
            },
            { title: t('virtualWardReview.field.hypoCount'), dataIndex: 'hypoCount' },
            {
              title: t('virtualWardReview.field.lowest'),
              dataIndex: 'lowest',
              render: (_v: unknown, row: WorklistRow) => enteredText(row.lowest),
            },
            { title: t('virtualWardReview.field.hyperCount'), dataIndex: 'hyperCount' },
            {
              title: t('virtualWardReview.field.highest'),
              dataIndex: 'highest',
              render: (_v: unknown, row: WorklistRow) => enteredText(row.highest),
            },
            {
              title: t('virtualWardReview.field.lastFollowup'),
              dataIndex: 'lastFollowupAt',
              dateFormat: 'dateTime',
            },
            { title: t('virtualWardReview.field.specialist'), dataIndex: 'lastSpecialistName' },
            { title: t('virtualWardReview.field.nextReviewDate'), dataIndex: 'nextReviewDate' },
          ],
        }}
        print={{ title }}
      />
      {joining ? (
        <JoinDialog
          patientId={joining.patientId}
          patientName={joining.patientName}
          onClose={() => setJoining(null)}
          onSaved={() => {
            setJoining(null);
            reload();
          }}
        />
      ) : null}
      {reviewing ? (
        <ReviewDialog
          row={reviewing}
          onClose={() => setReviewing(null)}
          onSaved={() => {
            setReviewing(null);
            reload();
          }}
        />
      ) : null}
    </PageWrapper>
  );
}
