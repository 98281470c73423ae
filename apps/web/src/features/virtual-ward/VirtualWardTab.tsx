import { PERMISSIONS } from '@glucocare/domain/admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Descriptions, Empty, List, Space, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/http';
import {
  type Followup,
  fetchPatientVirtualWard,
  type PatientVirtualWard,
  virtualWardReviewKeys,
} from '../../api/virtual-ward-review';
import { toastInfo } from '../../app/notify';
import { usePermission } from '../../app/permissions';
import { useSession } from '../../app/session';
import { dateTimeInZone } from '../../components/format';
import { LoadError } from '../../components/PageWrapper';
import { currentLang } from '../../i18n';
import { DeleteFollowupButton } from './FollowupParts';
import { ReviewDialog } from './ReviewDialog';
import { ReasonTags } from './WorklistParts';

/** The patient's virtual-ward record (stays and follow-ups); the push topic `virtualWard` refreshes it. */
export function usePatientVirtualWard(patientId: number, enabled = true) {
  return useQuery({
    queryKey: [...virtualWardReviewKeys.patient(patientId), currentLang()],
    queryFn: ({ signal }) => fetchPatientVirtualWard(patientId, signal),
    enabled: enabled && patientId > 0,
    meta: { silent: true },
  });
}

/**
 * Tells whoever has the patient open (the ward nurse) that a follow-up arrived: the record reloads
 * live, and a follow-up id not seen before, written by someone else, raises a notice naming the
 * specialist. Mounted by the patient page whatever tab is open.
 */
export function useFollowupNotice(patientId: number, enabled: boolean) {
  const { t } = useTranslation();
  const { profile } = useSession();
  const { data } = usePatientVirtualWard(patientId, enabled);
  const known = useRef<Set<number> | null>(null);
  useEffect(() => {
    if (!data) return;
    const ids = new Set(data.followups.map((f) => f.id));
    if (known.current) {
      const fresh = data.followups.filter(
        (f) => !known.current!.has(f.id) && f.specialistId !== profile?.userId,
      );
      for (const followup of fresh) {
        toastInfo(
          t('virtualWardReview.notice', { specialist: followup.specialistName, kind: followup.kindName }),
        );
      }
    }
    known.current = ids;
  }, [data, profile?.userId, t]);
}

function StayList({ record }: { record: PatientVirtualWard }) {
  const { t } = useTranslation();
  if (!record.stays.length) return <Empty description={t('virtualWardReview.tab.noStays')} />;
  return (
    <List
      size="small"
      dataSource={record.stays}
      data-testid="vw-tab-stays"
      renderItem={(stay) => (
        <List.Item>
          <Space direction="vertical" size={0} style={{ width: '100%' }}>
            <Space wrap>
              <Typography.Text strong>
                {t('virtualWardReview.tab.stay', { count: stay.joinCount })}
              </Typography.Text>
              {stay.current ? <Tag color="blue">{t('virtualWardReview.tab.current')}</Tag> : null}
              <span>
                {dateTimeInZone(stay.joinedAt)} – {stay.exitedAt ? dateTimeInZone(stay.exitedAt) : ''}
              </span>
            </Space>
            <Typography.Text type="secondary">
              {stay.wardDepartmentName} → {stay.managingDepartmentName} · {stay.suggestion}
            </Typography.Text>
            {stay.exitReason ? (
              <Typography.Text type="secondary">
                {t('virtualWardReview.tab.exitReason')}: {stay.exitReason}
              </Typography.Text>
            ) : null}
          </Space>
        </List.Item>
      )}
    />
  );
}

function FollowupCard({
  followup,
  onDeleted,
  canDelete,
}: {
  followup: Followup;
  onDeleted: () => void;
  canDelete: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Card
      size="small"
      data-testid={`vw-tab-followup-${followup.id}`}
      title={
        <Space wrap>
          <span>{dateTimeInZone(followup.reviewedAt)}</span>
          <Tag>{followup.kindName}</Tag>
          <span>{followup.specialistName}</span>
        </Space>
      }
      extra={canDelete ? <DeleteFollowupButton row={followup} onDeleted={onDeleted} /> : null}
    >
      <Descriptions size="small" column={1}>
        {followup.reasons.length ? (
          <Descriptions.Item label={t('virtualWardReview.field.reasons')}>
            <ReasonTags reasons={followup.reasons} />
          </Descriptions.Item>
        ) : null}
        <Descriptions.Item label={t('virtualWardReview.field.assessment')}>
          {followup.assessment}
        </Descriptions.Item>
        <Descriptions.Item label={t('virtualWardReview.field.suggestion')}>
          {followup.suggestion}
        </Descriptions.Item>
        {followup.nextReviewDate ? (
          <Descriptions.Item label={t('virtualWardReview.field.nextReviewDate')}>
            {followup.nextReviewDate}
          </Descriptions.Item>
        ) : null}
      </Descriptions>
    </Card>
  );
}

/** The patient detail tab "Virtual ward" (虚拟病房): the stays (newest first) and the follow-up records. */
export function VirtualWardTab({
  patient,
}: {
  patient: { id: number; name: string; bed: string | null; departmentName: string | null };
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const canReview = usePermission(PERMISSIONS.virtualWard.worklist.review);
  const [reviewing, setReviewing] = useState(false);
  const query = usePatientVirtualWard(patient.id);
  const refresh = () => void client.invalidateQueries({ queryKey: virtualWardReviewKeys.all });
  if (query.isError) {
    return (
      <LoadError
        title={t('virtualWardReview.loadFailed')}
        message={errorText(query.error)}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const record = query.data;
  return (
    <div data-testid="vw-tab">
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <Card size="small" title={t('virtualWardReview.tab.stays')} loading={!record}>
          {record ? <StayList record={record} /> : null}
        </Card>
        <Card
          size="small"
          title={t('virtualWardReview.tab.followups')}
          loading={!record}
          extra={
            canReview ? (
              <Button
                type="primary"
                size="small"
                onClick={() => setReviewing(true)}
                data-testid="vw-tab-review"
              >
                {t('virtualWardReview.tab.newFollowup')}
              </Button>
            ) : null
          }
        >
          {record && !record.followups.length ? (
            <Empty description={t('virtualWardReview.tab.noFollowups')} />
          ) : (
            <Space direction="vertical" size={8} style={{ width: '100%' }} data-testid="vw-tab-followups">
              {record?.followups.map((followup) => (
                <FollowupCard
                  key={followup.id}
                  followup={followup}
                  onDeleted={refresh}
                  canDelete={canReview}
                />
              ))}
            </Space>
          )}
        </Card>
      </Space>
      {reviewing ? (
        <ReviewDialog
          row={{
            patientId: patient.id,
            patientName: patient.name,
            bed: patient.bed,
            departmentName: patient.departmentName,
            reasons: [],
          }}
          onClose={() => setReviewing(false)}
          onSaved={() => {
            setReviewing(false);
            refresh();
          }}
        />
      ) : null}
    </div>
  );
}
