import { PERMISSIONS } from '@glucocare/domain/admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Descriptions,
  Drawer,
  Empty,
  Input,
  Result,
  Skeleton,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, showError } from '../../api/http';
import { toastSuccess } from '../../app/notify';
import { usePermission } from '../../app/permissions';
import { useDevice } from '../../app/preferences';
import { dateTimeInZone } from '../../components/format';
import { askReason } from '../../components/reason-prompt';
import {
  type AnalyzerLockDetail,
  fetchAnalyzerLock,
  fetchHeldReadings,
  overrideAnalyzerLock,
  type QcHeldReading,
  releaseHeldReadings,
} from './runs-api';
import { LockTag, lockReasonText, ResultTag } from './runs-format';

/**
 * An analyzer's QC lockout (issue 19): why it is locked, an override of a schedule lockout with a
 * reason, and the patient readings held while it was locked, to release with a reason.
 */
export interface LockoutDrawerProps {
  analyzerId: number | null;
  onClose: () => void;
}

const HELD_PAGE = 50;

function OverrideForm({ lock, onDone }: { lock: AnalyzerLockDetail; onDone: () => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const override = useMutation({
    mutationFn: () => overrideAnalyzerLock(lock.analyzerId, { reason: reason.trim() }),
    onSuccess: (detail) => {
      toastSuccess(t('qcRuns.lockout.overridden', { until: dateTimeInZone(detail.overriddenUntil ?? '') }));
      setReason('');
      onDone();
    },
    onError: (error) => setProblem(errorText(error)),
  });
  if (!lock.overridable.length) return null;
  const none = lock.overridesLeft === 0;
  return (
    <div data-testid="qc-override">
      <Typography.Title level={5}>{t('qcRuns.lockout.overrideTitle')}</Typography.Title>
      <Typography.Paragraph type="secondary">
        {t('qcRuns.lockout.overrideHint', {
          reasons: lock.overridable.map((r) => lockReasonText(t, r)).join(t('qcRuns.listSeparator')),
          hours: lock.overrideHours,
          left: lock.overridesLeft,
        })}
      </Typography.Paragraph>
      <Input.TextArea
        rows={2}
        maxLength={200}
        value={reason}
        disabled={none}
        placeholder={t('qcRuns.lockout.overrideReason')}
        aria-label={t('qcRuns.lockout.overrideReason')}
        data-testid="qc-override-reason"
        onChange={(event) => {
          setReason(event.target.value);
          setProblem(null);
        }}
      />
      {problem ? <Typography.Text type="danger">{problem}</Typography.Text> : null}
      <div style={{ marginTop: 8 }}>
        <Button
          type="primary"
          danger
          disabled={none}
          loading={override.isPending}
          data-testid="qc-override-submit"
          onClick={() => {
            if (!reason.trim()) setProblem(t('qcRuns.lockout.overrideReasonRequired'));
            else override.mutate();
          }}
        >
          {t('qcRuns.lockout.override')}
        </Button>
      </div>
    </div>
  );
}

function HeldReadings({ analyzerId, onChanged }: { analyzerId: number; onChanged: () => void }) {
  const { t } = useTranslation();
  const canRelease = usePermission(PERMISSIONS.quality.lockout.release);
  const [selected, setSelected] = useState<number[]>([]);
  const held = useQuery({
    queryKey: ['quality', 'held', analyzerId],
    queryFn: ({ signal }) => fetchHeldReadings({ analyzerId, page: 1, size: HELD_PAGE }, signal),
  });
  const release = async () => {
    const reason = await askReason({
      title: t('qcRuns.held.releaseTitle'),
      content: t('qcRuns.held.releaseQuestion', { count: selected.length }),
      label: t('qcRuns.held.releaseReason'),
      okText: t('qcRuns.held.release'),
      cancelText: t('common.cancel'),
      check: (value) => (value ? null : t('qcRuns.held.releaseReasonRequired')),
    });
    if (reason === null) return;
    try {
      const result = await releaseHeldReadings({ ids: selected, reason });
      toastSuccess(t('qcRuns.held.released', { count: result.released }));
      setSelected([]);
      onChanged();
      void held.refetch();
    } catch (error) {
      showError(error);
    }
  };
  if (held.isError) {
    return (
      <Alert
        type="error"
        showIcon
        message={t('qcRuns.held.loadFailed')}
        action={<Button onClick={() => void held.refetch()}>{t('common.retry')}</Button>}
      />
    );
  }
  return (
    <div data-testid="qc-held">
      <Space style={{ marginBottom: 8 }} wrap>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('qcRuns.held.title')}
        </Typography.Title>
        {canRelease ? (
          <Button
            size="small"
            disabled={!selected.length}
            onClick={() => void release()}
            data-testid="qc-release"
          >
            {t('qcRuns.held.releaseSelected', { count: selected.length })}
          </Button>
        ) : null}
      </Space>
      <Table<QcHeldReading>
        size="small"
        rowKey="id"
        loading={held.isLoading}
        dataSource={held.data?.records ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('qcRuns.held.empty')} />,
        }}
        rowSelection={
          canRelease
            ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }
            : undefined
        }
        columns={[
          {
            title: t('qcRuns.held.time'),
            dataIndex: 'testTime',
            render: (value: string) => dateTimeInZone(value),
          },
          {
            title: t('qcRuns.held.patient'),
            dataIndex: 'patientName',
            render: (_, row) => `${row.patientName}${row.inpatientNumber ? ` (${row.inpatientNumber})` : ''}`,
          },
          {
            title: t('qcRuns.held.value'),
            dataIndex: 'value',
            render: (_, row) => `${row.value ?? ''} ${row.unit}`,
          },
          {
            title: t('qcRuns.held.reason'),
            dataIndex: 'qcHold',
            render: (_, row) => <Tag color="volcano">{lockReasonText(t, row.qcHold)}</Tag>,
          },
        ]}
      />
      {held.data && held.data.total > HELD_PAGE ? (
        <Typography.Text type="secondary">
          {t('qcRuns.held.more', { total: held.data.total })}
        </Typography.Text>
      ) : null}
    </div>
  );
}

export function LockoutDrawer({ analyzerId, onClose }: LockoutDrawerProps) {
  const { t } = useTranslation();
  const mobile = useDevice() === 'mobile';
  const queryClient = useQueryClient();
  const lock = useQuery({
    queryKey: ['quality', 'lock', analyzerId],
    queryFn: ({ signal }) => fetchAnalyzerLock(analyzerId as number, signal),
    enabled: analyzerId !== null,
  });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['quality'] });
    void queryClient.invalidateQueries({ queryKey: ['list'] });
  };
  const detail = lock.data;
  const none = t('common.none');
  return (
    <Drawer
      open={analyzerId !== null}
      onClose={onClose}
      width={mobile ? '100%' : 640}
      destroyOnHidden
      title={detail ? t('qcRuns.lockout.title', { sn: detail.sn }) : t('qcRuns.lockout.titlePlain')}
      data-testid="qc-lockout-drawer"
    >
      {lock.isLoading ? <Skeleton active /> : null}
      {lock.isError ? (
        <Result
          status="error"
          title={t('qcRuns.lockout.loadFailed')}
          extra={<Button onClick={() => void lock.refetch()}>{t('common.retry')}</Button>}
        />
      ) : null}
      {detail ? (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <div>
            <Space wrap style={{ marginBottom: 8 }}>
              <LockTag lock={detail} />
              <Typography.Text>{detail.model}</Typography.Text>
              {!detail.isActive ? <Tag>{t('qcRuns.lockout.stopped')}</Tag> : null}
              {!detail.lockout ? <Tag>{t('qcRuns.lockout.off')}</Tag> : null}
            </Space>
            {detail.locked ? (
              <Alert
                type="error"
                showIcon
                data-testid="qc-lock-reasons"
                message={t('qcRuns.lockout.lockedBecause')}
                description={
                  <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                    {detail.reasons.map((reason) => (
                      <li key={reason} data-reason={reason}>
                        {lockReasonText(t, reason)}
                      </li>
                    ))}
                  </ul>
                }
              />
            ) : (
              <Alert
                type="success"
                showIcon
                message={t('qcRuns.lockout.notLocked')}
                data-testid="qc-lock-reasons"
              />
            )}
          </div>
          <Descriptions
            size="small"
            column={1}
            bordered
            items={[
              {
                key: 'due',
                label: t('qcRuns.lockout.dueAt'),
                children: detail.dueAt ? dateTimeInZone(detail.dueAt) : none,
              },
              {
                key: 'last',
                label: t('qcRuns.lockout.lastQc'),
                children: detail.lastQcAt ? (
                  <Space>
                    {dateTimeInZone(detail.lastQcAt)}
                    <ResultTag result={detail.lastQcResult} />
                  </Space>
                ) : (
                  none
                ),
              },
              {
                key: 'pass',
                label: t('qcRuns.lockout.lastPass'),
                children: detail.lastPassAt ? dateTimeInZone(detail.lastPassAt) : none,
              },
              {
                key: 'override',
                label: t('qcRuns.lockout.overriddenUntil'),
                children: detail.overriddenUntil ? dateTimeInZone(detail.overriddenUntil) : none,
              },
            ]}
          />
          <OverrideGate detail={detail} refresh={refresh} />
          <HeldReadings analyzerId={detail.analyzerId} onChanged={refresh} />
        </Space>
      ) : null}
    </Drawer>
  );
}

/** The override form, for those who may override. */
function OverrideGate({ detail, refresh }: { detail: AnalyzerLockDetail; refresh: () => void }) {
  const canOverride = usePermission(PERMISSIONS.quality.lockout.override);
  return canOverride ? <OverrideForm lock={detail} onDone={refresh} /> : null;
}
