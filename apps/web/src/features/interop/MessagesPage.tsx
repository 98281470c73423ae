import { RightOutlined } from '@ant-design/icons';
import type { ProColumns, ProFormInstance } from '@ant-design/pro-components';
import {
  HL7_DIRECTIONS,
  HL7_INBOUND_TYPES,
  HL7_OUTBOUND_TYPES,
  HL7_STATUSES,
  type Hl7Direction,
  type Hl7Status,
} from '@glucocare/domain/interop';
import { Button, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { fetchHl7MessagePage, type Hl7Message, type Hl7MessageFilter } from '../../api/interop';
import { useDevice } from '../../app/preferences';
import type { ExcelColumn } from '../../components/excel';
import { dateTimeInZone } from '../../components/format';
import { ListPage } from '../../components/list-page/ListPage';
import { PageWrapper } from '../../components/PageWrapper';
import { ConnectionCard } from './ConnectionCard';
import { MESSAGES_LIST, MessageDetail } from './MessageDetail';
import { AckTag, DirectionTag, StatusTag } from './tags';
import './interop.css';

const dayOf = (value: unknown) => {
  if (!value) return undefined;
  if (typeof value === 'string') return value.slice(0, 10);
  return (value as Dayjs).format('YYYY-MM-DD');
};

const text = (value: unknown) => (typeof value === 'string' ? value.trim() || undefined : undefined);

/** The search form's values → the request's filter. */
export function messageFilterOf(values: Record<string, unknown>): Hl7MessageFilter {
  const range = values.range as unknown[] | undefined;
  return {
    direction: (values.direction as Hl7Direction | undefined) || undefined,
    status: (values.status as Hl7Status | undefined) || undefined,
    messageType: text(values.messageType),
    queryCondition: text(values.queryCondition),
    deviceSerial: text(values.deviceSerial),
    beginDate: dayOf(range?.[0]),
    endDate: dayOf(range?.[1]),
  };
}

/** The message types offered in the type filter: each event type alone, then every type taken or sent. */
const TYPE_OPTIONS = ['ADT', 'ORU', ...new Set<string>([...HL7_INBOUND_TYPES, ...HL7_OUTBOUND_TYPES]), 'ACK'];

/**
 * `/system/interop` (接口消息): the HL7 messages exchanged with the hospital's HIS, LIS and EMR — in and
 * out, by status, type, keyword, meter and day — with the connection state above them, the parsed
 * view and raw text of each (viewing is audited), and resend of outbound ones (docs/interop.md).
 * `?id=` opens a message at once (the device test page links here).
 */
export default function MessagesPage() {
  const { t } = useTranslation();
  const mobile = useDevice() === 'mobile';
  const formRef = useRef<ProFormInstance>();
  const [params, setParams] = useSearchParams();
  const openId = Number(params.get('id')) || null;
  const open = (id: number | null) => {
    const next = new URLSearchParams(params);
    if (id) next.set('id', String(id));
    else next.delete('id');
    setParams(next, { replace: true });
  };
  const none = t('common.none');

  const pickOutbound = (status: Hl7Status) => {
    const form = formRef.current;
    if (!form) return;
    form.setFieldsValue({ direction: 'out', status });
    form.submit();
  };

  const detailButton = (row: Hl7Message, iconOnly = false) => (
    <Button
      key="detail"
      type="link"
      size="small"
      aria-label={t('interop.details')}
      icon={iconOnly ? <RightOutlined /> : undefined}
      data-testid={`interop-row-detail-${row.id}`}
      onClick={(event) => {
        event.stopPropagation();
        open(row.id);
      }}
    >
      {iconOnly ? null : t('interop.details')}
    </Button>
  );

  const searchColumns: ProColumns<Hl7Message>[] = [
    {
      title: t('interop.filter.keyword'),
      dataIndex: 'queryCondition',
      hideInTable: true,
      fieldProps: { placeholder: t('interop.filter.keywordPlaceholder'), maxLength: 50 },
    },
    {
      title: t('interop.column.direction'),
      dataIndex: 'direction',
      hideInTable: true,
      valueType: 'select',
      fieldProps: { placeholder: t('common.all') },
      valueEnum: Object.fromEntries(
        HL7_DIRECTIONS.map((value) => [value, { text: t(`interop.direction.${value}`) }]),
      ),
    },
    {
      title: t('interop.column.status'),
      dataIndex: 'status',
      hideInTable: true,
      valueType: 'select',
      fieldProps: { placeholder: t('common.all') },
      valueEnum: Object.fromEntries(
        HL7_STATUSES.map((value) => [value, { text: t(`interop.status.${value}`) }]),
      ),
    },
    {
      title: t('interop.column.type'),
      dataIndex: 'messageType',
      hideInTable: true,
      valueType: 'select',
      fieldProps: {
        placeholder: t('common.all'),
        showSearch: true,
        options: TYPE_OPTIONS.map((value) => ({
          value,
          label: value.includes('^') ? value : t('interop.filter.anyOf', { type: value }),
        })),
      },
    },
    {
      title: t('interop.filter.deviceSerial'),
      dataIndex: 'deviceSerial',
      hideInTable: true,
      fieldProps: { placeholder: t('interop.filter.deviceSerialPlaceholder'), maxLength: 50 },
    },
    {
      title: t('interop.filter.range'),
      dataIndex: 'range',
      valueType: 'dateRange',
      hideInTable: true,
      fieldProps: { allowClear: true, style: { width: '100%' } },
    },
  ];

  const tableColumns: ProColumns<Hl7Message>[] = mobile
    ? [
        {
          title: `${t('interop.column.time')} / ${t('interop.column.type')}`,
          dataIndex: 'createdAt',
          search: false,
          render: (_, row) => (
            <div>
              <div className="gc-nowrap">{dateTimeInZone(row.createdAt)}</div>
              <Space size={4} wrap>
                <DirectionTag message={row} />
                <span className="gc-hl7-mono">{row.messageType ?? none}</span>
              </Space>
            </div>
          ),
        },
        {
          title: `${t('interop.column.status')} / ${t('interop.column.patient')}`,
          dataIndex: 'status',
          search: false,
          render: (_, row) => (
            <div>
              <Space size={2} wrap>
                <StatusTag status={row.status} />
                <AckTag code={row.ackCode} />
              </Space>
              <div className="gc-secondary">{row.patientName ?? row.inpatientNumber ?? none}</div>
            </div>
          ),
        },
        {
          title: '',
          key: 'option',
          valueType: 'option',
          width: 40,
          align: 'center',
          render: (_, row) => [detailButton(row, true)],
        },
      ]
    : [
        {
          title: t('interop.column.time'),
          dataIndex: 'createdAt',
          search: false,
          fixed: 'left',
          width: 160,
          render: (_, row) => <span className="gc-nowrap">{dateTimeInZone(row.createdAt)}</span>,
        },
        {
          title: t('interop.column.direction'),
          dataIndex: 'direction',
          search: false,
          width: 90,
          render: (_, row) => <DirectionTag message={row} />,
        },
        {
          title: t('interop.column.type'),
          dataIndex: 'messageType',
          search: false,
          width: 120,
          render: (_, row) => (
            <Space size={4}>
              <span className="gc-hl7-mono gc-nowrap">{row.messageType ?? none}</span>
              {row.test ? <span className="gc-hl7-test-mark">{t('interop.testShort')}</span> : null}
            </Space>
          ),
        },
        {
          title: t('interop.column.controlId'),
          dataIndex: 'controlId',
          search: false,
          width: 170,
          ellipsis: true,
          render: (_, row) => <span className="gc-hl7-mono">{row.controlId ?? none}</span>,
        },
        {
          title: t('interop.column.status'),
          dataIndex: 'status',
          search: false,
          width: 110,
          render: (_, row) => <StatusTag status={row.status} />,
        },
        {
          title: t('interop.column.ack'),
          dataIndex: 'ackCode',
          search: false,
          width: 70,
          render: (_, row) => <AckTag code={row.ackCode} />,
        },
        {
          title: t('interop.column.patient'),
          dataIndex: 'patientName',
          search: false,
          width: 150,
          render: (_, row) =>
            row.patientName || row.inpatientNumber ? (
              <div>
                <div className="gc-nowrap">{row.patientName ?? none}</div>
                {row.inpatientNumber ? (
                  <div className="gc-secondary gc-hl7-mono">{row.inpatientNumber}</div>
                ) : null}
              </div>
            ) : (
              none
            ),
        },
        {
          title: t('interop.column.peer'),
          dataIndex: 'peer',
          search: false,
          width: 190,
          ellipsis: true,
          render: (_, row) => (
            <div>
              <div>{[row.sendingApplication, row.sendingFacility].filter(Boolean).join(' / ') || none}</div>
              {row.peer ? <div className="gc-secondary gc-hl7-mono">{row.peer}</div> : null}
            </div>
          ),
        },
        {
          title: t('interop.column.attempts'),
          dataIndex: 'attempts',
          search: false,
          width: 90,
          align: 'right',
          render: (_, row) =>
            row.direction === 'out' ? row.attempts : row.repeats ? `↻${row.repeats}` : none,
        },
        {
          title: t('interop.column.error'),
          dataIndex: 'errorText',
          search: false,
          width: 220,
          ellipsis: true,
          render: (_, row) => row.errorText ?? '',
        },
        {
          title: t('interop.column.devices'),
          dataIndex: 'deviceSerials',
          search: false,
          width: 140,
          render: (_, row) => row.deviceSerials.join(', '),
        },
        {
          title: t('common.actions'),
          key: 'option',
          valueType: 'option',
          fixed: 'right',
          width: 80,
          render: (_, row) => [detailButton(row)],
        },
      ];

  const exportColumns: ExcelColumn<Hl7Message>[] = [
    { title: t('interop.column.time'), dataIndex: 'createdAt', dateFormat: 'dateTime' },
    {
      title: t('interop.column.direction'),
      dataIndex: 'direction',
      render: (value) => t(`interop.direction.${String(value)}`),
    },
    { title: t('interop.column.type'), dataIndex: 'messageType' },
    { title: t('interop.column.version'), dataIndex: 'version' },
    { title: t('interop.column.controlId'), dataIndex: 'controlId' },
    {
      title: t('interop.column.status'),
      dataIndex: 'status',
      render: (value) => t(`interop.status.${String(value)}`),
    },
    { title: t('interop.column.ack'), dataIndex: 'ackCode' },
    { title: t('interop.column.error'), dataIndex: 'errorText' },
    { title: t('interop.test'), dataIndex: 'test', render: (value) => (value ? t('common.yes') : '') },
    { title: t('interop.column.patient'), dataIndex: 'patientName' },
    { title: t('interop.column.inpatientNumber'), dataIndex: 'inpatientNumber' },
    { title: t('interop.column.sendingApplication'), dataIndex: 'sendingApplication' },
    { title: t('interop.column.sendingFacility'), dataIndex: 'sendingFacility' },
    { title: t('interop.column.peer'), dataIndex: 'peer' },
    { title: t('interop.column.devices'), dataIndex: 'deviceSerials' },
    { title: t('interop.column.attempts'), dataIndex: 'attempts' },
    { title: t('interop.column.repeats'), dataIndex: 'repeats' },
    { title: t('interop.detail.answeredAt'), dataIndex: 'completedAt', dateFormat: 'dateTime' },
  ];

  return (
    <PageWrapper title={t('interop.title')} description={t('interop.intro')} testId="interop-page">
      <ConnectionCard onPickOutbound={pickOutbound} />
      <ListPage<Hl7Message, Hl7MessageFilter>
        name={MESSAGES_LIST}
        columnsKey="gc-columns-interop-messages"
        columns={[...searchColumns, ...tableColumns]}
        hiddenColumns={['errorText', 'deviceSerials']}
        request={fetchHl7MessagePage}
        filterOf={messageFilterOf}
        formRef={formRef}
        onRowClick={(row) => open(row.id)}
        fitsPhone
        rowClassName={(row) => (row.status === 'failed' || row.status === 'rejected' ? 'gc-hl7-row-bad' : '')}
        texts={{ empty: t('interop.empty'), loadFailed: t('interop.loadFailed') }}
        excel={{
          fileName: t('interop.exportFileName'),
          sheetName: t('interop.title'),
          columns: exportColumns,
        }}
      />
      <MessageDetail id={openId} mobile={mobile} onClose={() => open(null)} />
    </PageWrapper>
  );
}
