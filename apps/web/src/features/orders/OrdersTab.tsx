import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { PERMISSIONS } from '@glucocare/domain/admin';
import { orderReasonSchema } from '@glucocare/domain/orders';
import { localizedIssues } from '@glucocare/domain/validation';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  List,
  Result,
  Segmented,
  Select,
  Skeleton,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, showError } from '../../api/http';
import {
  deleteOrder,
  fetchOrderOptions,
  fetchPatientOrders,
  type OrderStatusFilter,
  type PatientOrder,
  stopOrder,
} from '../../api/orders';
import { toastSuccess } from '../../app/notify';
import { usePermission } from '../../app/permissions';
import { useDevice } from '../../app/preferences';
import { dateTimeInZone, timeInZone } from '../../components/format';
import { askReason } from '../../components/reason-prompt';
import { currentLang } from '../../i18n';
import { OrderForm } from './OrderForm';
import './orders.css';
import { listSeparator, scheduleText } from './order-format';

/** Query keys of the medical orders: every write invalidates `medicalOrderKeys.all` (live topic `orders`). */
export const medicalOrderKeys = {
  all: ['orders', 'medical'] as const,
  options: (lang: string) => ['orders', 'medical', 'options', lang] as const,
  list: (patientId: number, status: OrderStatusFilter, classification: string | undefined, lang: string) =>
    ['orders', 'medical', 'list', patientId, status, classification ?? '', lang] as const,
};

const reasonProblem = (reason: string) =>
  localizedIssues(orderReasonSchema, reason, currentLang())[0]?.message ?? null;

/**
 * A patient's medical orders (issue 17, tab "Orders" / 医嘱): active first, filtered by status and
 * classification; a new order, edit (with a reason), stop (停嘱: reason, confirmed) and delete (entered
 * in error: reason, confirmed) for those who may order.
 */
export function OrdersTab({
  patientId,
  inHospital,
  admittedAt,
}: {
  patientId: number;
  inHospital: boolean;
  admittedAt: string | null;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const queryClient = useQueryClient();
  const canEdit = usePermission(PERMISSIONS.patientOrders.edit);
  const mobile = useDevice() === 'mobile';
  const [status, setStatus] = useState<OrderStatusFilter>('active');
  const [classification, setClassification] = useState<string | undefined>(undefined);
  const [form, setForm] = useState<{ order: PatientOrder | null } | null>(null);

  const optionsQuery = useQuery({
    queryKey: medicalOrderKeys.options(lang),
    queryFn: ({ signal }) => fetchOrderOptions(signal),
    meta: { silent: true },
  });
  const listQuery = useQuery({
    queryKey: medicalOrderKeys.list(patientId, status, classification, lang),
    queryFn: ({ signal }) => fetchPatientOrders(patientId, { status, classification }, signal),
    meta: { silent: true },
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: medicalOrderKeys.all });

  if (optionsQuery.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (optionsQuery.isError || !optionsQuery.data) {
    return (
      <Result
        status="warning"
        title={t('orders.loadFailed')}
        subTitle={errorText(optionsQuery.error)}
        extra={
          <Button icon={<ReloadOutlined />} onClick={() => optionsQuery.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  }
  const options = optionsQuery.data;

  const stop = async (order: PatientOrder) => {
    const reason = await askReason({
      title: t('orders.action.stopTitle'),
      content: t('orders.action.stopQuestion', { name: order.name }),
      label: t('orders.field.stopReason'),
      okText: t('orders.action.stop'),
      cancelText: t('common.cancel'),
      check: reasonProblem,
    });
    if (reason === null) return;
    try {
      await stopOrder({ id: order.id, version: order.version, reason });
      toastSuccess(t('orders.stopped'));
      refresh();
    } catch (error) {
      showError(error);
      refresh();
    }
  };
  const remove = async (order: PatientOrder) => {
    const reason = await askReason({
      title: t('orders.action.deleteTitle'),
      content: t('orders.action.deleteQuestion', { name: order.name }),
      label: t('orders.field.deleteReason'),
      okText: t('common.delete'),
      cancelText: t('common.cancel'),
      check: reasonProblem,
    });
    if (reason === null) return;
    try {
      await deleteOrder({ id: order.id, version: order.version, reason });
      toastSuccess(t('common.deleted'));
      refresh();
    } catch (error) {
      showError(error);
      refresh();
    }
  };

  const sep = listSeparator(lang);
  const scheduleOf = (order: PatientOrder) => scheduleText(order, t, lang, (iso) => timeInZone(iso));
  const schedule = (order: PatientOrder) => (
    <span data-testid="order-schedule">{scheduleOf(order) ?? '—'}</span>
  );
  const statusCell = (order: PatientOrder) =>
    order.status === 'active' ? (
      <Tag color="green" data-testid="order-status">
        {t('orders.status.active')}
      </Tag>
    ) : (
      <span data-testid="order-status">
        <Tag>{t('orders.status.stopped')}</Tag>
        <Typography.Text type="secondary" className="gc-order-sub" data-testid="order-stopped-by">
          {t('orders.stoppedBy', {
            name: order.stoppedBy ?? '',
            time: order.stoppedAt ? dateTimeInZone(order.stoppedAt) : '',
          })}
        </Typography.Text>
        {order.stopReason ? (
          <Typography.Text className="gc-order-sub">{order.stopReason}</Typography.Text>
        ) : null}
      </span>
    );
  const actions = (order: PatientOrder) =>
    canEdit ? (
      <Space size={0} wrap>
        {order.status === 'active' && inHospital ? (
          <Button type="link" size="small" onClick={() => setForm({ order })} data-testid="order-edit">
            {t('common.edit')}
          </Button>
        ) : null}
        {order.status === 'active' ? (
          <Button type="link" size="small" onClick={() => void stop(order)} data-testid="order-stop">
            {t('orders.action.stop')}
          </Button>
        ) : null}
        <Button type="link" size="small" danger onClick={() => void remove(order)} data-testid="order-delete">
          {t('common.delete')}
        </Button>
      </Space>
    ) : null;
  const sub = (value: string | null | undefined) =>
    value ? (
      <Typography.Text type="secondary" className="gc-order-sub">
        {value}
      </Typography.Text>
    ) : null;
  const typeSub = (order: PatientOrder) =>
    order.endDate ? t('orders.endsAt', { time: dateTimeInZone(order.endDate) }) : null;
  const executeSub = (order: PatientOrder) =>
    order.executeDate ? `${t('orders.field.execute')} ${dateTimeInZone(order.executeDate)}` : null;
  const columns: ColumnsType<PatientOrder> = [
    {
      title: t('orders.field.name'),
      dataIndex: 'name',
      width: 150,
      render: (_, order) => (
        <span data-testid="order-name-cell">
          <Typography.Text strong>{order.name}</Typography.Text>
          {order.templateName !== order.name ? sub(order.templateName) : null}
        </span>
      ),
    },
    {
      title: t('orders.field.classification'),
      dataIndex: 'classificationName',
      className: 'gc-order-nowrap',
      render: (_, order) => (
        <span>
          {order.classificationName}
          {sub(order.categoryName)}
        </span>
      ),
    },
    {
      title: t('orders.field.type'),
      dataIndex: 'adviceTypeName',
      className: 'gc-order-nowrap',
      render: (_, order) => (
        <span>
          {order.adviceTypeName}
          {sub(typeSub(order))}
        </span>
      ),
    },
    {
      title: t('orders.field.contents'),
      dataIndex: 'contents',
      render: (_, order) => order.contents.join(sep),
    },
    { title: t('orders.field.schedule'), key: 'schedule', render: (_, order) => schedule(order) },
    {
      title: t('orders.field.begin'),
      dataIndex: 'beginDate',
      render: (_, order) => (
        <span className="gc-order-nowrap">
          {dateTimeInZone(order.beginDate)}
          {sub(executeSub(order))}
        </span>
      ),
    },
    { title: t('orders.field.orderedBy'), dataIndex: 'orderedBy', className: 'gc-order-nowrap' },
    {
      title: t('orders.field.status'),
      dataIndex: 'status',
      width: 170,
      render: (_, order) => statusCell(order),
    },
    ...(canEdit
      ? [
          {
            title: t('common.actions'),
            key: 'actions',
            render: (_: unknown, order: PatientOrder) => actions(order),
          },
        ]
      : []),
  ];
  const orders = listQuery.data ?? [];
  const emptyText = t(status === 'stopped' ? 'orders.emptyStopped' : 'orders.empty');

  return (
    <div className="gc-measurement-tab" data-testid="orders-tab">
      <div className="gc-measurement-toolbar">
        <Space wrap size={[8, 8]}>
          <Segmented
            value={status}
            onChange={(value) => setStatus(value as OrderStatusFilter)}
            data-testid="orders-status"
            options={[
              { value: 'active', label: t('orders.status.active') },
              { value: 'stopped', label: t('orders.status.stopped') },
              { value: 'all', label: t('common.all') },
            ]}
          />
          <Select
            allowClear
            style={{ minWidth: 140 }}
            value={classification}
            onChange={setClassification}
            placeholder={t('orders.field.classification')}
            aria-label={t('orders.field.classification')}
            data-testid="orders-classification"
            options={options.classes.map((c) => ({ value: c.code, label: c.name }))}
          />
        </Space>
        <Space wrap size={[8, 8]}>
          <Button
            icon={<ReloadOutlined />}
            onClick={refresh}
            aria-label={t('measurements.toolbar.refresh')}
          />
          {canEdit && inHospital ? (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setForm({ order: null })}
              data-testid="order-add"
            >
              {t('orders.action.add')}
            </Button>
          ) : null}
        </Space>
      </div>
      {!inHospital ? (
        <Alert type="info" showIcon className="gc-form-alert" message={t('orders.notInHospital')} />
      ) : null}
      {listQuery.isError ? (
        <Alert
          type="error"
          showIcon
          message={errorText(listQuery.error)}
          action={<Button onClick={() => listQuery.refetch()}>{t('common.retry')}</Button>}
        />
      ) : mobile ? (
        <List<PatientOrder>
          data-testid="orders-table"
          loading={listQuery.isFetching}
          dataSource={orders}
          locale={{ emptyText }}
          renderItem={(order) => (
            <List.Item
              data-testid="order-row"
              className={`gc-order-card${order.status === 'stopped' ? ' gc-order-stopped' : ''}`}
            >
              <div className="gc-order-card-head">
                <Typography.Text strong data-testid="order-name-cell">
                  {order.name}
                </Typography.Text>
                {statusCell(order)}
              </div>
              <div className="gc-order-sub">
                {[order.adviceTypeName, order.classificationName, order.categoryName]
                  .filter(Boolean)
                  .join(' · ')}
                {typeSub(order) ? ` · ${typeSub(order)}` : ''}
              </div>
              {scheduleOf(order) ? <div>{schedule(order)}</div> : null}
              <Typography.Text type="secondary" className="gc-order-sub">
                {order.contents.join(sep)}
              </Typography.Text>
              <Typography.Text type="secondary" className="gc-order-sub">
                {dateTimeInZone(order.beginDate)} · {order.orderedBy}
                {executeSub(order) ? ` · ${executeSub(order)}` : ''}
              </Typography.Text>
              {actions(order)}
            </List.Item>
          )}
        />
      ) : (
        <Table<PatientOrder>
          rowKey="id"
          size="small"
          data-testid="orders-table"
          loading={listQuery.isFetching}
          columns={columns}
          dataSource={orders}
          pagination={false}
          rowClassName={(order) => (order.status === 'stopped' ? 'gc-order-stopped' : '')}
          locale={{ emptyText }}
        />
      )}
      {form ? (
        <OrderForm
          patientId={patientId}
          options={options}
          order={form.order}
          admittedAt={admittedAt}
          onClose={() => setForm(null)}
          onSaved={() => {
            setForm(null);
            refresh();
          }}
        />
      ) : null}
    </div>
  );
}
