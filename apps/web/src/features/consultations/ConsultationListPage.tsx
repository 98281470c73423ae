import type { ProColumns } from '@ant-design/pro-components';
import { PERMISSIONS } from '@glucocare/domain/admin';
import {
  CONSULTATION_SOURCES,
  CONSULTATION_STATUSES,
  CONSULTATION_URGENCIES,
} from '@glucocare/domain/consultations';
import type { Dayjs } from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type Consultation,
  type ConsultationFilter,
  fetchConsultationInbox,
  fetchConsultationRequests,
} from '../../api/consultations';
import { usePermission } from '../../app/permissions';
import { useDevice } from '../../app/preferences';
import { DepartmentTreeSelect } from '../../components/DepartmentTreeSelect';
import { dateTimeInZone } from '../../components/format';
import { ListPage, useListReload } from '../../components/list-page/ListPage';
import { PageWrapper } from '../../components/PageWrapper';
import { useConsultationUnread } from './badges';
import { ConsultationDrawer } from './ConsultationDrawer';
import { PatientCell, StatusTag, UrgencyTag } from './parts';
import { RequestConsultationDialog } from './RequestConsultationDialog';
import './consultations.css';

const dayOf = (value: unknown) => {
  if (!value) return undefined;
  if (typeof value === 'string') return value.slice(0, 10);
  return (value as Dayjs).format('YYYY-MM-DD');
};

/** Reloads a list whenever the unread counts change (the push topic `consultations` refreshes them). */
function useLiveReload(name: string) {
  const reload = useListReload(name);
  const { dataUpdatedAt } = useConsultationUnread();
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the counts were read again
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    reload();
  }, [dataUpdatedAt]);
}

/**
 * `/consultation/inbox` (the consulting department's consultations) and `/consultation/request` (the
 * requests of the caller's departments): search, filters, Excel export and print; unread rows marked;
 * a row opens the detail drawer. Both refresh live.
 */
export function ConsultationListPage({ kind }: { kind: 'inbox' | 'requests' }) {
  const { t } = useTranslation();
  const mobile = useDevice() === 'mobile';
  const name = kind === 'inbox' ? 'consultationInbox' : 'consultationRequests';
  useLiveReload(name);
  const reload = useListReload(name);
  const [openId, setOpenId] = useState<number | null>(null);
  const [requesting, setRequesting] = useState(false);
  const canRequest = usePermission(PERMISSIONS.consultationRequests.create);
  const otherDepartment = kind === 'inbox' ? 'requestDepartmentName' : 'consultDepartmentName';
  const statusText = (s: Consultation['status']) => t(`consultations.status.${s}`);
  const urgencyText = (u: Consultation['urgency']) => t(`consultations.urgency.${u}`);
  const columns: ProColumns<Consultation>[] = [
    {
      title: t('consultations.field.search'),
      dataIndex: 'queryCondition',
      hideInTable: true,
      fieldProps: { placeholder: t('consultations.field.searchPlaceholder'), maxLength: 50 },
    },
    {
      title: t('consultations.field.status'),
      dataIndex: 'status',
      valueType: 'select',
      hideInTable: true,
      fieldProps: { placeholder: t('common.all') },
      valueEnum: Object.fromEntries(CONSULTATION_STATUSES.map((s) => [s, { text: statusText(s) }])),
    },
    {
      title: t('consultations.field.urgency'),
      dataIndex: 'urgency',
      valueType: 'select',
      hideInTable: true,
      fieldProps: { placeholder: t('common.all') },
      valueEnum: Object.fromEntries(CONSULTATION_URGENCIES.map((u) => [u, { text: urgencyText(u) }])),
    },
    {
      title: t('consultations.field.source'),
      dataIndex: 'source',
      valueType: 'select',
      hideInTable: true,
      fieldProps: { placeholder: t('common.all') },
      valueEnum: Object.fromEntries(
        CONSULTATION_SOURCES.map((s) => [s, { text: t(`consultations.source.${s}`) }]),
      ),
    },
    {
      title: t(
        kind === 'inbox' ? 'consultations.field.requestDepartment' : 'consultations.field.consultDepartment',
      ),
      dataIndex: 'departmentCode',
      hideInTable: true,
      renderFormItem: () => <DepartmentTreeSelect source="using" placeholder={t('common.all')} />,
    },
    {
      title: t('consultations.field.range'),
      dataIndex: 'range',
      valueType: 'dateRange',
      hideInTable: true,
      fieldProps: { allowClear: true, style: { width: '100%' } },
    },
    {
      title: t('consultations.field.patient'),
      dataIndex: 'patientName',
      search: false,
      fixed: mobile ? undefined : 'left',
      width: 190,
      render: (_, row) => <PatientCell row={row} />,
    },
    {
      title: t('consultations.field.requestedAt'),
      dataIndex: 'requestedAt',
      search: false,
      width: 150,
      render: (_, row) => <span className="gc-nowrap">{dateTimeInZone(row.requestedAt)}</span>,
    },
    {
      title: t('consultations.field.urgency'),
      dataIndex: 'urgencyName',
      search: false,
      width: 100,
      render: (_, row) => <UrgencyTag row={row} />,
    },
    {
      title: t('consultations.field.status'),
      dataIndex: 'statusName',
      search: false,
      width: 90,
      render: (_, row) => <StatusTag row={row} />,
    },
    {
      title: t(
        kind === 'inbox' ? 'consultations.field.requestDepartment' : 'consultations.field.consultDepartment',
      ),
      dataIndex: otherDepartment,
      search: false,
      width: 120,
    },
    {
      title: t('consultations.field.requestDoctor'),
      dataIndex: 'requestDoctorName',
      search: false,
      width: 110,
    },
    {
      title: t('consultations.field.consultDoctor'),
      dataIndex: 'consultDoctorName',
      search: false,
      width: 110,
    },
    {
      title: t('consultations.field.description'),
      dataIndex: 'description',
      search: false,
      width: 320,
      ellipsis: true,
    },
    { title: t('consultations.field.replies'), dataIndex: 'replyCount', search: false, width: 80 },
    {
      title: t('consultations.field.lastActivity'),
      dataIndex: 'lastActivityAt',
      search: false,
      width: 150,
      render: (_, row) => <span className="gc-nowrap">{dateTimeInZone(row.lastActivityAt)}</span>,
    },
  ];
  const title = t(kind === 'inbox' ? 'consultations.inbox.title' : 'consultations.requests.title');
  return (
    <PageWrapper
      title={title}
      description={t(kind === 'inbox' ? 'consultations.inbox.intro' : 'consultations.requests.intro')}
      testId={kind === 'inbox' ? 'consultation-inbox-page' : 'consultation-request-page'}
    >
      <ListPage<Consultation, ConsultationFilter>
        name={name}
        columnsKey={`gc-columns-${name}`}
        columns={columns}
        request={kind === 'inbox' ? fetchConsultationInbox : fetchConsultationRequests}
        onRowClick={(row) => setOpenId(row.id)}
        rowClassName={(row) => (row.unread ? 'gc-consult-row-unread' : '')}
        filterOf={(values) => ({
          queryCondition:
            typeof values.queryCondition === 'string' ? values.queryCondition.trim() || undefined : undefined,
          status: (values.status as Consultation['status'] | undefined) || undefined,
          urgency: (values.urgency as Consultation['urgency'] | undefined) || undefined,
          source: (values.source as Consultation['source'] | undefined) || undefined,
          departmentCode: (values.departmentCode as string | undefined) || undefined,
          beginDate: dayOf((values.range as unknown[] | undefined)?.[0]),
          endDate: dayOf((values.range as unknown[] | undefined)?.[1]),
        })}
        create={
          kind === 'requests' && canRequest
            ? {
                testId: 'consultation-request-new',
                label: t('consultations.request.button'),
                onClick: () => setRequesting(true),
              }
            : undefined
        }
        texts={{ empty: t('consultations.empty'), loadFailed: t('consultations.loadFailed') }}
        excel={{
          fileName: t(
            kind === 'inbox' ? 'consultations.inbox.exportFileName' : 'consultations.requests.exportFileName',
          ),
          sheetName: title,
          columns: [
            { title: t('consultations.field.requestedAt'), dataIndex: 'requestedAt', dateFormat: 'dateTime' },
            { title: t('consultations.field.patient'), dataIndex: 'patientName' },
            { title: t('consultations.field.bed'), dataIndex: 'bed' },
            { title: t('consultations.field.inpatientNumber'), dataIndex: 'inpatientNumber' },
            { title: t('consultations.field.urgency'), dataIndex: 'urgencyName' },
            { title: t('consultations.field.status'), dataIndex: 'statusName' },
            { title: t('consultations.field.source'), dataIndex: 'sourceName' },
            { title: t('consultations.field.requestDepartment'), dataIndex: 'requestDepartmentName' },
            { title: t('consultations.field.requestDoctor'), dataIndex: 'requestDoctorName' },
            { title: t('consultations.field.consultDepartment'), dataIndex: 'consultDepartmentName' },
            { title: t('consultations.field.consultDoctor'), dataIndex: 'consultDoctorName' },
            { title: t('consultations.field.description'), dataIndex: 'description' },
            { title: t('consultations.field.replies'), dataIndex: 'replyCount' },
            { title: t('consultations.field.record'), dataIndex: 'record' },
            { title: t('consultations.field.closeReason'), dataIndex: 'closeReason' },
            { title: t('consultations.field.finishedBy'), dataIndex: 'finishedByName' },
            { title: t('consultations.field.finishedAt'), dataIndex: 'finishedAt', dateFormat: 'dateTime' },
          ],
        }}
        print={{ title }}
      />
      <ConsultationDrawer id={openId} onClose={() => setOpenId(null)} onChanged={reload} />
      {requesting ? (
        <RequestConsultationDialog
          onClose={() => setRequesting(false)}
          onRequested={() => {
            setRequesting(false);
            reload();
          }}
        />
      ) : null}
    </PageWrapper>
  );
}
