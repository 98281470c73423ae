import { PlusOutlined } from '@ant-design/icons';
import { ModalForm } from '@ant-design/pro-components';
import { insulinPeriodFieldSchemas as fields, PERIOD_LIMITS } from '@glucocare/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Form, Input, Row, Switch, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, showError } from '../../../api/http';
import {
  createInsulinPeriod,
  deleteInsulinPeriod,
  fetchInsulinPeriods,
  type InsulinPeriod,
  updateInsulinPeriod,
} from '../../../api/periods';
import { toastSuccess } from '../../../app/notify';
import { usePermission } from '../../../app/permissions';
import { useDevice } from '../../../app/preferences';
import { ConflictAlert } from '../../../components/ConflictAlert';
import { confirmAction, withContinuePrompt } from '../../../components/confirm';
import { handleSaveError } from '../../../components/form-errors';
import { useRevalidateOnLanguageChange, zodRule } from '../../../components/form-rules';
import { formatDateTime } from '../../../components/format';
import { LoadError, TableEmpty } from '../../../components/PageWrapper';
import { RowStatusSwitch, SortInput, useEditConflict, useStatusToggle } from '../../system/catalogue-ui';
import { submitterProps } from '../../system/shared';
import {
  CoverageWarnings,
  DayTimeline,
  endAfterStartRule,
  PERIOD_EDIT,
  TimeInput,
  type TimelineEntry,
} from './period-ui';

const insulinPeriodKeys = ['settings', 'insulinPeriods'] as const;

interface Values {
  code: string;
  nameZh: string;
  nameEn: string;
  startTime: string;
  endTime: string;
  sort?: number | null;
  isActive: boolean;
}

const valuesOf = (period: InsulinPeriod): Values => ({
  code: period.code,
  nameZh: period.nameZh,
  nameEn: period.nameEn,
  startTime: period.startTime,
  endTime: period.endTime,
  sort: period.sort,
  isActive: period.isActive,
});

const inputOf = (values: Values) => ({
  code: values.code.trim(),
  nameZh: values.nameZh.trim(),
  nameEn: values.nameEn.trim(),
  startTime: values.startTime.trim(),
  endTime: values.endTime.trim(),
  sort: values.sort ?? 0,
  isActive: !!values.isActive,
});

const timelineOf = (periods: InsulinPeriod[]): TimelineEntry[] => periods.filter((period) => period.isActive);

function InsulinPeriodForm({
  record,
  periods,
  onClose,
  onSaved,
}: {
  record: InsulinPeriod | null;
  periods: InsulinPeriod[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  useRevalidateOnLanguageChange(form);
  const { base, conflict, setConflict, reloading, reloadLatest } = useEditConflict(
    form,
    record,
    async (current) => (await fetchInsulinPeriods()).find((period) => period.id === current.id) ?? null,
    valuesOf,
  );
  const startTime = Form.useWatch('startTime', form);
  const endTime = Form.useWatch('endTime', form);
  const code = Form.useWatch('code', form);
  const isActive = Form.useWatch('isActive', form);
  const others = timelineOf(periods.filter((period) => period.id !== base?.id));
  const preview =
    isActive === false
      ? others
      : [
          ...others,
          {
            code: code || '∗',
            name: t('periodSettings.thisPeriod'),
            startTime: startTime ?? '',
            endTime: endTime ?? '',
            highlight: true,
          },
        ];
  return (
    <ModalForm<Values>
      open
      form={form}
      title={record ? t('periodSettings.insulin.editTitle') : t('periodSettings.insulin.createTitle')}
      width={620}
      layout="vertical"
      initialValues={record ? valuesOf(record) : { sort: 0, isActive: true }}
      modalProps={{ destroyOnHidden: true, maskClosable: false, onCancel: onClose }}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      submitter={submitterProps(t)}
      onFinish={async (values) => {
        try {
          const input = inputOf(values);
          if (base) await updateInsulinPeriod({ ...input, id: base.id, version: base.version });
          else await createInsulinPeriod(input);
          toastSuccess(t('common.saved'));
          onSaved();
          return true;
        } catch (error) {
          handleSaveError(form, error, base ? { onConflict: setConflict } : { conflictField: 'code' });
          return false;
        }
      }}
    >
      <ConflictAlert message={conflict} onReload={() => void reloadLatest()} reloading={reloading} />
      <Row gutter={16}>
        <Col xs={24} sm={8}>
          <Form.Item name="code" label={t('periodSettings.code')} rules={[zodRule(fields.code)]} required>
            <Input maxLength={12} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item
            name="nameZh"
            label={t('periodSettings.nameZh')}
            rules={[zodRule(fields.nameZh)]}
            required
          >
            <Input maxLength={12} showCount autoComplete="off" lang="zh-CN" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item
            name="nameEn"
            label={t('periodSettings.nameEn')}
            rules={[zodRule(fields.nameEn)]}
            required
          >
            <Input maxLength={PERIOD_LIMITS.nameEn.max} autoComplete="off" lang="en" />
          </Form.Item>
        </Col>
        <Col xs={12}>
          <Form.Item
            name="startTime"
            label={t('periodSettings.startTime')}
            rules={[zodRule(fields.startTime)]}
            required
          >
            <TimeInput />
          </Form.Item>
        </Col>
        <Col xs={12}>
          <Form.Item
            name="endTime"
            label={t('periodSettings.endTime')}
            rules={[zodRule(fields.endTime), endAfterStartRule()]}
            dependencies={['startTime']}
            required
          >
            <TimeInput />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item label={t('periodSettings.timeline.title')}>
            <DayTimeline entries={preview} testId="form-timeline" />
            <CoverageWarnings entries={preview} testId="form-coverage-warnings" />
          </Form.Item>
        </Col>
        <Col xs={12}>
          <Form.Item name="sort" label={t('common.sort')}>
            <SortInput />
          </Form.Item>
        </Col>
        <Col xs={12}>
          <Form.Item name="isActive" label={t('common.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
      </Row>
    </ModalForm>
  );
}

/** Tab "Insulin periods": when doses are given, with enable / stop and delete. */
export function InsulinPeriodTab() {
  const { t } = useTranslation();
  const mobile = useDevice() === 'mobile';
  const canEdit = usePermission(PERIOD_EDIT);
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<{ record: InsulinPeriod | null } | null>(null);
  const query = useQuery({
    queryKey: insulinPeriodKeys,
    queryFn: ({ signal }) => fetchInsulinPeriods(signal),
    meta: { silent: true },
    staleTime: 0,
  });
  const periods = query.data ?? [];
  const refresh = () => void queryClient.invalidateQueries({ queryKey: insulinPeriodKeys });
  const status = useStatusToggle<InsulinPeriod>(
    (row, isActive) =>
      updateInsulinPeriod({ ...inputOf(valuesOf(row)), isActive, id: row.id, version: row.version }),
    refresh,
  );

  const remove = async (row: InsulinPeriod) => {
    const ok = await confirmAction({
      content: withContinuePrompt(t('periodSettings.insulin.deleteConfirm', { name: row.name })),
      danger: true,
    });
    if (!ok) return;
    try {
      await deleteInsulinPeriod(row.id);
      toastSuccess(t('common.deleted'));
    } catch (error) {
      showError(error);
    }
    refresh();
  };

  const statusCell = (row: InsulinPeriod) => (
    <RowStatusSwitch
      checked={row.isActive}
      loading={status.busy === row.id}
      disabled={!canEdit}
      onChange={(checked) => void status.toggle(row, checked)}
    />
  );
  const actions = (row: InsulinPeriod) =>
    canEdit ? (
      <span className="gc-row-actions">
        <Button type="link" size="small" data-testid="row-edit" onClick={() => setEditing({ record: row })}>
          {t('common.edit')}
        </Button>
        <Button type="link" size="small" danger data-testid="row-delete" onClick={() => void remove(row)}>
          {t('common.delete')}
        </Button>
      </span>
    ) : null;
  const nameCell = (row: InsulinPeriod) => (
    <div className={row.isActive ? undefined : 'gc-muted'}>
      <div>{row.name}</div>
      <div className="gc-secondary">{row.name === row.nameZh ? row.nameEn : row.nameZh}</div>
    </div>
  );

  const columns: ColumnsType<InsulinPeriod> = mobile
    ? [
        {
          title: t('periodSettings.name'),
          key: 'name',
          render: (_, row) => (
            <div>
              {nameCell(row)}
              <div className="gc-secondary">
                {row.code} · {row.startTime}-{row.endTime}
              </div>
            </div>
          ),
        },
        {
          title: t('common.status'),
          key: 'status',
          width: 120,
          render: (_, row) => (
            <div className="gc-stack">
              {statusCell(row)}
              {actions(row)}
            </div>
          ),
        },
      ]
    : [
        {
          title: t('periodSettings.code'),
          dataIndex: 'code',
          width: 140,
          render: (value: string) => <code>{value}</code>,
        },
        { title: t('periodSettings.name'), key: 'name', width: 180, render: (_, row) => nameCell(row) },
        {
          title: t('periodSettings.window'),
          key: 'window',
          width: 130,
          render: (_, row) => (
            <span className="gc-nowrap">
              {row.startTime}-{row.endTime}
            </span>
          ),
        },
        { title: t('common.sort'), dataIndex: 'sort', width: 90 },
        { title: t('common.status'), key: 'status', width: 110, render: (_, row) => statusCell(row) },
        {
          title: t('common.updatedAt'),
          dataIndex: 'updatedAt',
          width: 170,
          render: (value: string) => <span className="gc-nowrap">{formatDateTime(value)}</span>,
        },
        ...(canEdit
          ? [
              {
                title: t('common.actions'),
                key: 'actions',
                width: 130,
                render: (_: unknown, row: InsulinPeriod) => actions(row),
              },
            ]
          : []),
      ];

  const active = timelineOf(periods);
  return (
    <>
      {query.isError ? (
        <LoadError
          title={t('periodSettings.insulin.loadFailed')}
          message={errorText(query.error)}
          onRetry={() => void query.refetch()}
        />
      ) : null}
      <Card
        size="small"
        className="gc-panel-card"
        title={t('periodSettings.timeline.title')}
        extra={
          canEdit ? (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              data-testid="insulin-period-create"
              onClick={() => setEditing({ record: null })}
            >
              {t('periodSettings.insulin.create')}
            </Button>
          ) : null
        }
      >
        {periods.length > 0 ? (
          <>
            <DayTimeline entries={active} />
            <CoverageWarnings entries={active} />
          </>
        ) : null}
        <Table<InsulinPeriod>
          rowKey="id"
          size={mobile ? 'small' : 'middle'}
          columns={columns}
          dataSource={periods}
          loading={query.isFetching}
          pagination={false}
          scroll={mobile ? undefined : { x: 'max-content' }}
          data-testid="insulin-period-table"
          locale={{
            emptyText: (
              <TableEmpty
                text={
                  query.isError ? t('periodSettings.insulin.loadFailed') : t('periodSettings.insulin.empty')
                }
              />
            ),
          }}
        />
        <Typography.Paragraph type="secondary" className="gc-form-note">
          {t('periodSettings.insulin.note')}
        </Typography.Paragraph>
      </Card>
      {editing ? (
        <InsulinPeriodForm
          record={editing.record}
          periods={periods}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            refresh();
          }}
        />
      ) : null}
    </>
  );
}
