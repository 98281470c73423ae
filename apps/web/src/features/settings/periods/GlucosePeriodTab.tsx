import { PlusOutlined } from '@ant-design/icons';
import { ModalForm } from '@ant-design/pro-components';
import { glucosePeriodFieldSchemas as fields, PERIOD_LIMITS } from '@glucocare/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Form, Input, InputNumber, Row, Switch, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/http';
import {
  createGlucosePeriod,
  fetchGlucosePeriods,
  type GlucosePeriod,
  setGlucosePeriodStatus,
  updateGlucosePeriod,
} from '../../../api/periods';
import { toastSuccess } from '../../../app/notify';
import { usePermission } from '../../../app/permissions';
import { useDevice } from '../../../app/preferences';
import { ConflictAlert } from '../../../components/ConflictAlert';
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
  glucoseBoundRules,
  PERIOD_EDIT,
  rangeText,
  TimeInput,
  type TimelineEntry,
  toDisplay,
  toStorage,
  unitLabel,
  useGlucoseUnit,
} from './period-ui';

export const glucosePeriodKeys = ['settings', 'gluPeriods'] as const;

interface Values {
  code: string;
  nameZh: string;
  nameEn: string;
  startTime: string;
  endTime: string;
  /** in the tenant's unit */
  minValue?: number | null;
  maxValue?: number | null;
  sort?: number | null;
  isActive: boolean;
}

const timelineOf = (periods: GlucosePeriod[]): TimelineEntry[] =>
  periods.filter((period) => period.isActive).map((period) => ({ ...period, name: period.name }));

function GlucosePeriodForm({
  record,
  periods,
  onClose,
  onSaved,
}: {
  record: GlucosePeriod | null;
  periods: GlucosePeriod[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const unit = useGlucoseUnit();
  const [form] = Form.useForm<Values>();
  useRevalidateOnLanguageChange(form);
  const valuesOf = (period: GlucosePeriod): Values => ({
    code: period.code,
    nameZh: period.nameZh,
    nameEn: period.nameEn,
    startTime: period.startTime,
    endTime: period.endTime,
    minValue: toDisplay(period.minValue, unit),
    maxValue: toDisplay(period.maxValue, unit),
    sort: period.sort,
    isActive: period.isActive,
  });
  const { base, conflict, setConflict, reloading, reloadLatest } = useEditConflict(
    form,
    record,
    async (current) => (await fetchGlucosePeriods()).find((period) => period.id === current.id) ?? null,
    valuesOf,
  );
  const startTime = Form.useWatch('startTime', form);
  const endTime = Form.useWatch('endTime', form);
  const code = Form.useWatch('code', form);
  const isActive = Form.useWatch('isActive', form);
  const others = timelineOf(periods.filter((period) => period.id !== base?.id));
  const editing: TimelineEntry = {
    code: code || '∗',
    name: t('periodSettings.thisPeriod'),
    startTime: startTime ?? '',
    endTime: endTime ?? '',
    highlight: true,
  };
  const preview = isActive === false ? others : [...others, editing];
  const precision = unit === 'mgDl' ? 0 : 1;
  return (
    <ModalForm<Values>
      open
      form={form}
      title={record ? t('periodSettings.glucose.editTitle') : t('periodSettings.glucose.createTitle')}
      width={680}
      layout="vertical"
      initialValues={record ? valuesOf(record) : { sort: 0, isActive: true }}
      modalProps={{ destroyOnHidden: true, maskClosable: false, onCancel: onClose }}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      submitter={submitterProps(t)}
      onFinish={async (values) => {
        try {
          const input = {
            code: values.code.trim(),
            nameZh: values.nameZh.trim(),
            nameEn: values.nameEn.trim(),
            startTime: values.startTime.trim(),
            endTime: values.endTime.trim(),
            minValue: toStorage(values.minValue, unit),
            maxValue: toStorage(values.maxValue, unit),
            sort: values.sort ?? 0,
            isActive: !!values.isActive,
          };
          if (base) await updateGlucosePeriod({ ...input, id: base.id, version: base.version });
          else await createGlucosePeriod(input);
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
          <Form.Item
            name="code"
            label={t('periodSettings.code')}
            rules={[zodRule(fields.code)]}
            required
            extra={record ? t('periodSettings.codeHint') : undefined}
          >
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
        <Col xs={12} sm={6}>
          <Form.Item
            name="startTime"
            label={t('periodSettings.startTime')}
            rules={[zodRule(fields.startTime)]}
            required
          >
            <TimeInput />
          </Form.Item>
        </Col>
        <Col xs={12} sm={6}>
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
        <Col xs={12} sm={6}>
          <Form.Item
            name="minValue"
            label={t('periodSettings.glucose.minValue', { unit: unitLabel(unit) })}
            rules={glucoseBoundRules(unit, 'minValue', 'maxValue')}
            dependencies={['maxValue']}
          >
            <InputNumber precision={precision} style={{ width: '100%' }} inputMode="decimal" />
          </Form.Item>
        </Col>
        <Col xs={12} sm={6}>
          <Form.Item
            name="maxValue"
            label={t('periodSettings.glucose.maxValue', { unit: unitLabel(unit) })}
            rules={glucoseBoundRules(unit, 'maxValue', 'minValue')}
            dependencies={['minValue']}
          >
            <InputNumber precision={precision} style={{ width: '100%' }} inputMode="decimal" />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Typography.Text type="secondary" className="gc-block">
            {t('periodSettings.glucose.rangeHint')}
          </Typography.Text>
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

/** Tab "Glucose periods": the meal periods, their windows over the day and normal ranges. */
export function GlucosePeriodTab() {
  const { t } = useTranslation();
  const unit = useGlucoseUnit();
  const mobile = useDevice() === 'mobile';
  const canEdit = usePermission(PERIOD_EDIT);
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<{ record: GlucosePeriod | null } | null>(null);
  const query = useQuery({
    queryKey: glucosePeriodKeys,
    queryFn: ({ signal }) => fetchGlucosePeriods(signal),
    meta: { silent: true },
    staleTime: 0,
  });
  const periods = query.data ?? [];
  const refresh = () => void queryClient.invalidateQueries({ queryKey: glucosePeriodKeys });
  const status = useStatusToggle<GlucosePeriod>(
    (row, isActive) => setGlucosePeriodStatus({ id: row.id, isActive, version: row.version }),
    refresh,
  );

  const statusCell = (row: GlucosePeriod) => (
    <RowStatusSwitch
      checked={row.isActive}
      loading={status.busy === row.id}
      disabled={!canEdit}
      onChange={(checked) => void status.toggle(row, checked)}
    />
  );
  const editButton = (row: GlucosePeriod) =>
    canEdit ? (
      <Button type="link" size="small" data-testid="row-edit" onClick={() => setEditing({ record: row })}>
        {t('common.edit')}
      </Button>
    ) : null;
  const range = (row: GlucosePeriod) =>
    rangeText(row.minValue, row.maxValue, unit) ?? (
      <span className="gc-secondary">{t('periodSettings.glucose.noRange')}</span>
    );
  const nameCell = (row: GlucosePeriod) => (
    <div className={row.isActive ? undefined : 'gc-muted'}>
      <div>{row.name}</div>
      <div className="gc-secondary">{row.name === row.nameZh ? row.nameEn : row.nameZh}</div>
    </div>
  );

  const columns: ColumnsType<GlucosePeriod> = mobile
    ? [
        {
          title: t('periodSettings.name'),
          key: 'name',
          render: (_, row) => (
            <div>
              {nameCell(row)}
              <div className="gc-secondary">
                {row.startTime}-{row.endTime} · {range(row)}
              </div>
            </div>
          ),
        },
        {
          title: t('common.status'),
          key: 'status',
          width: 110,
          render: (_, row) => (
            <div className="gc-stack">
              {statusCell(row)}
              {editButton(row)}
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
        {
          title: t('periodSettings.glucose.normalRange'),
          key: 'range',
          width: 170,
          render: (_, row) => <span className="gc-nowrap">{range(row)}</span>,
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
                width: 90,
                render: (_: unknown, row: GlucosePeriod) => editButton(row),
              },
            ]
          : []),
      ];

  const active = timelineOf(periods);
  return (
    <>
      {query.isError ? (
        <LoadError
          title={t('periodSettings.glucose.loadFailed')}
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
              data-testid="glucose-period-create"
              onClick={() => setEditing({ record: null })}
            >
              {t('periodSettings.glucose.create')}
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
        <Table<GlucosePeriod>
          rowKey="id"
          size={mobile ? 'small' : 'middle'}
          columns={columns}
          dataSource={periods}
          loading={query.isFetching}
          pagination={false}
          scroll={mobile ? undefined : { x: 'max-content' }}
          data-testid="glucose-period-table"
          locale={{
            emptyText: (
              <TableEmpty
                text={
                  query.isError ? t('periodSettings.glucose.loadFailed') : t('periodSettings.glucose.empty')
                }
              />
            ),
          }}
        />
        <Typography.Paragraph type="secondary" className="gc-form-note">
          {t('periodSettings.glucose.note', { unit: unitLabel(unit) })}
        </Typography.Paragraph>
      </Card>
      {editing ? (
        <GlucosePeriodForm
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
