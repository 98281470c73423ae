import { PERMISSIONS } from '@glucocare/domain/admin';
import { HBA1C_ITEM_CODE, labResultSchema } from '@glucocare/domain/virtual-ward';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, DatePicker, Form, InputNumber, Modal, Table, Tag, Tooltip } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/http';
import {
  addLabResult,
  deleteLabResult,
  fetchLabResults,
  fetchPatientVirtualWard,
  type LabResult,
  virtualWardKeys,
} from '../../api/virtual-ward-membership';
import { toastError, toastSuccess } from '../../app/notify';
import { usePermission } from '../../app/permissions';
import { handleSaveError } from '../../components/form-errors';
import { zodRule } from '../../components/form-rules';
import { dateTimeInZone, fromPicker, hospitalNow } from '../../components/format';
import { askReason } from '../../components/reason-prompt';
import { msg } from '../../i18n';
import { endManagement } from './ExitDialog';
import { JoinDialog } from './JoinDialog';

/** The patient's virtual-ward state, shared by the badge and the actions (refreshed live). */
function usePatientVirtualWard(patientId: number) {
  return useQuery({
    queryKey: virtualWardKeys.patient(patientId),
    queryFn: ({ signal }) => fetchPatientVirtualWard(patientId, signal),
  });
}

/** "In the virtual ward" next to the patient's name while a stay is current (join time and count). */
export function VirtualWardBadge({ patientId }: { patientId: number }) {
  const { t } = useTranslation();
  const state = usePatientVirtualWard(patientId);
  const current = state.data?.current;
  if (!current) return null;
  return (
    <Tooltip
      title={`${t('vwMembership.field.joinedAt')}: ${dateTimeInZone(current.joinedAt)} · ${t('vwMembership.field.joinCount')}: ${current.joinCount} · ${current.suggestion}`}
    >
      <Tag color="purple" data-testid="patient-vw-badge">
        {t('vwMembership.badge')}
      </Tag>
    </Tooltip>
  );
}

/** "Join virtual ward" or "Exit virtual ward", and the lab results (HbA1c), on the patient page. */
export function VirtualWardActions({ patientId, patientName }: { patientId: number; patientName: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const canEdit = usePermission(PERMISSIONS.virtualWard.current.edit);
  const state = usePatientVirtualWard(patientId);
  const [joining, setJoining] = useState(false);
  const [labs, setLabs] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['virtualWard'] });
  const current = state.data?.current ?? null;
  return (
    <>
      {canEdit && state.data && !current ? (
        <Button onClick={() => setJoining(true)} data-testid="detail-vw-join">
          {t('vwMembership.action.join')}
        </Button>
      ) : null}
      {canEdit && current ? (
        <Button
          danger
          data-testid="detail-vw-exit"
          onClick={async () => {
            if (await endManagement([{ id: current.id, patientName }])) refresh();
          }}
        >
          {t('vwMembership.action.exit')}
        </Button>
      ) : null}
      <Button onClick={() => setLabs(true)} data-testid="detail-lab-results">
        {t('vwMembership.lab.button')}
      </Button>
      {joining ? (
        <JoinDialog
          patientId={patientId}
          patientName={patientName}
          onClose={() => setJoining(false)}
          onSaved={() => {
            setJoining(false);
            refresh();
          }}
        />
      ) : null}
      {labs ? <LabResultsDialog patientId={patientId} onClose={() => setLabs(false)} /> : null}
    </>
  );
}

interface LabValues {
  value?: number;
  resultedAt?: Dayjs;
}

/** A patient's lab results (newest first) and the HbA1c entry; a result entered in error is deleted with a reason. */
function LabResultsDialog({ patientId, onClose }: { patientId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const canEdit = usePermission(PERMISSIONS.labResults.edit);
  const [form] = Form.useForm<LabValues>();
  const results = useQuery({
    queryKey: virtualWardKeys.labResults(patientId),
    queryFn: ({ signal }) => fetchLabResults(patientId, signal),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['virtualWard'] });
  const add = useMutation({
    mutationFn: (values: LabValues) =>
      addLabResult({
        patientId,
        itemCode: HBA1C_ITEM_CODE,
        value: values.value!,
        resultedAt: fromPicker(values.resultedAt!),
      }),
    onSuccess: (saved) => {
      toastSuccess(saved.joinedStayId ? t('vwMembership.lab.savedJoined') : t('vwMembership.lab.saved'));
      form.resetFields();
      refresh();
    },
    onError: (error) => handleSaveError(form, error),
  });
  const remove = async (row: LabResult) => {
    const reason = await askReason({
      title: t('vwMembership.lab.deleteTitle'),
      content: t('vwMembership.lab.deleteConfirm', { value: `${row.value}${row.unit ?? ''}` }),
      label: t('vwMembership.lab.deleteReason'),
      okText: t('common.delete'),
      cancelText: t('common.cancel'),
      check: (text) => (text ? null : msg('labResult.reason.required')),
    });
    if (reason === null) return;
    try {
      await deleteLabResult(row.id, reason);
      toastSuccess(msg('labResult.deleted'));
      refresh();
    } catch (error) {
      toastError(errorText(error));
    }
  };
  return (
    <Modal
      open
      title={t('vwMembership.lab.title')}
      onCancel={onClose}
      footer={null}
      width={640}
      destroyOnHidden
    >
      {canEdit ? (
        <Form<LabValues>
          form={form}
          layout="inline"
          initialValues={{ resultedAt: hospitalNow() }}
          onFinish={(values) => add.mutate(values)}
          style={{ marginBottom: 16, rowGap: 8 }}
          data-testid="lab-result-form"
        >
          <Form.Item name="value" label="HbA1c" rules={[zodRule(labResultSchema.shape.value)]}>
            <InputNumber min={0} max={30} step={0.1} addonAfter="%" data-testid="lab-result-value" />
          </Form.Item>
          <Form.Item
            name="resultedAt"
            label={t('vwMembership.lab.resultedAt')}
            rules={[{ required: true, message: msg('labResult.resultedAt.required') }]}
          >
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={add.isPending} data-testid="lab-result-save">
            {t('common.save')}
          </Button>
        </Form>
      ) : null}
      <Table<LabResult>
        size="small"
        rowKey="id"
        loading={results.isLoading}
        dataSource={results.data ?? []}
        pagination={false}
        locale={{ emptyText: results.isError ? t('vwMembership.loadFailed') : t('vwMembership.lab.empty') }}
        columns={[
          { title: t('vwMembership.lab.item'), dataIndex: 'itemName' },
          {
            title: t('vwMembership.lab.value'),
            dataIndex: 'value',
            render: (_, row) => `${row.value}${row.unit ?? ''}`,
          },
          {
            title: t('vwMembership.lab.resultedAt'),
            dataIndex: 'resultedAt',
            render: (value: string) => dateTimeInZone(value),
          },
          ...(canEdit
            ? [
                {
                  title: '',
                  key: 'actions',
                  render: (_: unknown, row: LabResult) => (
                    <Button type="link" danger size="small" onClick={() => remove(row)}>
                      {t('common.delete')}
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
    </Modal>
  );
}
