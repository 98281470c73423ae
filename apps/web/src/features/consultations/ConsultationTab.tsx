import { PERMISSIONS } from '@glucocare/domain/admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Consultation, consultationKeys, fetchPatientConsultations } from '../../api/consultations';
import { usePermission } from '../../app/permissions';
import { dateTimeInZone } from '../../components/format';
import { ShortList } from '../../components/list-page/ShortList';
import { currentLang } from '../../i18n';
import { ConsultationDrawer } from './ConsultationDrawer';
import { StatusTag, UrgencyTag } from './parts';
import { RequestConsultationDialog } from './RequestConsultationDialog';
import './consultations.css';

/** The patient detail tab "Consultation" (会诊): the patient's consultations, a request, the detail. */
export function ConsultationTab({ patientId }: { patientId: number }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const canRequest = usePermission(PERMISSIONS.consultationRequests.create);
  const [openId, setOpenId] = useState<number | null>(null);
  const [requesting, setRequesting] = useState(false);
  const query = useQuery({
    // names and descriptions come in the request language: a language switch reads them again
    queryKey: [...consultationKeys.patient(patientId), currentLang()],
    queryFn: async ({ signal }) =>
      (await fetchPatientConsultations({ patientId, page: 1, size: 100 }, signal)).records,
  });
  const columns: ColumnsType<Consultation> = [
    {
      title: t('consultations.field.requestedAt'),
      dataIndex: 'requestedAt',
      width: 150,
      render: (_, row) => (
        <span className="gc-nowrap" data-unread={row.unread ? 'true' : 'false'}>
          {row.unread ? <Badge status="error" title={t('consultations.unread')} /> : null}{' '}
          {dateTimeInZone(row.requestedAt)}
          {row.source === 'auto' ? (
            <Tag color="purple" style={{ marginInlineStart: 6 }}>
              {row.sourceName}
            </Tag>
          ) : null}
        </span>
      ),
    },
    { title: t('consultations.field.consultDepartment'), dataIndex: 'consultDepartmentName', width: 120 },
    { title: t('consultations.field.consultDoctor'), dataIndex: 'consultDoctorName', width: 110 },
    {
      title: t('consultations.field.urgency'),
      dataIndex: 'urgency',
      width: 100,
      render: (_, row) => <UrgencyTag row={row} />,
    },
    {
      title: t('consultations.field.status'),
      dataIndex: 'status',
      width: 90,
      render: (_, row) => <StatusTag row={row} />,
    },
    { title: t('consultations.field.description'), dataIndex: 'description', ellipsis: true, width: 300 },
    { title: t('consultations.field.replies'), dataIndex: 'replyCount', width: 80 },
    {
      title: t('common.actions'),
      key: 'open',
      width: 80,
      render: (_, row) => (
        <Button
          type="link"
          size="small"
          onClick={() => setOpenId(row.id)}
          data-testid={`consultation-open-${row.id}`}
        >
          {t('consultations.open')}
        </Button>
      ),
    },
  ];
  const refresh = () => void client.invalidateQueries({ queryKey: consultationKeys.all });
  return (
    <div data-testid="consultation-tab">
      <ShortList<Consultation>
        query={query}
        columns={columns}
        texts={{ empty: t('consultations.tab.empty'), loadFailed: t('consultations.loadFailed') }}
        create={
          canRequest
            ? {
                testId: 'consultation-tab-request',
                label: t('consultations.request.button'),
                onClick: () => setRequesting(true),
              }
            : undefined
        }
        testId="consultation-tab-list"
      />
      <ConsultationDrawer id={openId} onClose={() => setOpenId(null)} onChanged={refresh} />
      {requesting ? (
        <RequestConsultationDialog
          patientId={patientId}
          onClose={() => setRequesting(false)}
          onRequested={() => {
            setRequesting(false);
            refresh();
          }}
        />
      ) : null}
    </div>
  );
}
