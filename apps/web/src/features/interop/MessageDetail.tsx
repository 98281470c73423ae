import { CopyOutlined, RedoOutlined } from '@ant-design/icons';
import { PERMISSIONS } from '@glucocare/domain/admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Descriptions,
  Drawer,
  Empty,
  Skeleton,
  Space,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText, showError } from '../../api/http';
import { fetchHl7Message, type Hl7Message, type Hl7MessageDetail, resendHl7Message } from '../../api/interop';
import { toastError, toastSuccess } from '../../app/notify';
import { usePermission } from '../../app/permissions';
import { confirmAction } from '../../components/confirm';
import { copyText } from '../../components/copy-text';
import { dateTimeInZone } from '../../components/format';
import { listQueryKey } from '../../components/list-page/ListPage';
import { currentLang } from '../../i18n';
import { connectionQueryKey } from './ConnectionCard';
import { ACK_COLORS, canResendMessage, type FieldRow, fieldNameKey, fieldRows, segmentLines } from './hl7';
import { AckTag, DirectionTag, StatusTag } from './tags';

export const MESSAGES_LIST = 'interopMessages';

/** HL7 text shown one segment a line (monospace), with a copy button. */
export function Hl7Text({ text, testId }: { text: string; testId: string }) {
  const { t } = useTranslation();
  const lines = segmentLines(text);
  const copy = async () => {
    if (await copyText(lines.join('\n'))) toastSuccess(t('interop.detail.copied'));
    else toastError(t('interop.detail.copyFailed'));
  };
  return (
    <div className="gc-hl7-text-box">
      <div className="gc-hl7-text-bar">
        <span className="gc-muted gc-hl7-small">
          {t('interop.detail.segmentCount', { count: lines.length })}
        </span>
        <Button
          size="small"
          type="text"
          icon={<CopyOutlined />}
          onClick={() => void copy()}
          data-testid={`${testId}-copy`}
        >
          {t('interop.detail.copy')}
        </Button>
      </div>
      <pre className="gc-hl7-text" data-testid={testId}>
        {lines.map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one text never move
          <div key={index} className="gc-hl7-segment-line">
            <span className="gc-hl7-segment-name">{line.slice(0, 3)}</span>
            {line.slice(3)}
          </div>
        ))}
      </pre>
    </div>
  );
}

/** The parsed view: each non-empty field as `PID-3`, its meaning where known, and its value. */
function ParsedView({ message, mobile }: { message: Hl7MessageDetail; mobile: boolean }) {
  const { t } = useTranslation();
  const rows = fieldRows(message.segments);
  if (!rows.length)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('interop.detail.noSegments')} />;
  return (
    <Table<FieldRow>
      size="small"
      rowKey="key"
      pagination={false}
      dataSource={rows}
      data-testid="interop-parsed"
      scroll={mobile ? undefined : { y: 480 }}
      columns={[
        {
          title: t('interop.detail.segment'),
          dataIndex: 'segment',
          width: mobile ? 64 : 90,
          // one cell per segment, beside all its fields
          onCell: (row) => ({ rowSpan: row.first ? row.fieldCount : 0, className: 'gc-hl7-segment-cell' }),
          render: (_, row) => (
            <span className="gc-hl7-mono">
              {row.segment}
              {row.occurrence > 1 ? <sub>{row.occurrence}</sub> : null}
            </span>
          ),
        },
        {
          title: t('interop.detail.field'),
          dataIndex: 'field',
          width: mobile ? 120 : 220,
          render: (_, row) => {
            const key = fieldNameKey(row.field);
            return (
              <div>
                <span className="gc-hl7-mono gc-hl7-field">{row.field}</span>
                {key ? <div className="gc-muted gc-hl7-small">{t(key)}</div> : null}
              </div>
            );
          },
        },
        {
          title: t('interop.detail.value'),
          dataIndex: 'value',
          render: (_, row) => <span className="gc-hl7-mono gc-hl7-value">{row.value}</span>,
        },
      ]}
    />
  );
}

function Summary({ message, mobile }: { message: Hl7Message; mobile: boolean }) {
  const { t } = useTranslation();
  const none = t('common.none');
  const out = message.direction === 'out';
  return (
    <Descriptions
      size="small"
      bordered
      column={mobile ? 1 : 2}
      data-testid="interop-summary"
      items={[
        {
          key: 'direction',
          label: t('interop.column.direction'),
          children: <DirectionTag message={message} />,
        },
        {
          key: 'type',
          label: t('interop.column.type'),
          children: (
            <Space size={4}>
              <span className="gc-hl7-mono">{message.messageType ?? none}</span>
              {message.version ? <span className="gc-muted">v{message.version}</span> : null}
              {message.test ? <Tag color="purple">{t('interop.test')}</Tag> : null}
            </Space>
          ),
        },
        {
          key: 'controlId',
          label: t('interop.column.controlId'),
          children: <span className="gc-hl7-mono">{message.controlId ?? none}</span>,
        },
        {
          key: 'status',
          label: t('interop.column.status'),
          children: (
            <Space size={4}>
              <StatusTag status={message.status} />
              <AckTag code={message.ackCode} />
            </Space>
          ),
        },
        ...(message.errorText
          ? [
              {
                key: 'error',
                label: t('interop.column.error'),
                span: mobile ? 1 : 2,
                children: (
                  <Typography.Text type="danger" data-testid="interop-detail-error">
                    {message.errorText}
                  </Typography.Text>
                ),
              },
            ]
          : []),
        {
          key: 'patient',
          label: t('interop.column.patient'),
          children: message.patientName ? (
            <Space size={4} wrap>
              <span>{message.patientName}</span>
              {message.inpatientNumber ? (
                <span className="gc-muted gc-hl7-mono">{message.inpatientNumber}</span>
              ) : null}
            </Space>
          ) : (
            (message.inpatientNumber ?? none)
          ),
        },
        {
          key: 'sender',
          label: out ? t('interop.column.receiver') : t('interop.column.sender'),
          children: (
            <div>
              <div>
                {[message.sendingApplication, message.sendingFacility].filter(Boolean).join(' / ') || none}
              </div>
              {message.peer ? <div className="gc-muted gc-hl7-mono">{message.peer}</div> : null}
            </div>
          ),
        },
        {
          key: 'devices',
          label: t('interop.column.devices'),
          children: message.deviceSerials.length
            ? message.deviceSerials.map((serial) => (
                <Tag key={serial} className="gc-hl7-mono">
                  {serial}
                </Tag>
              ))
            : none,
        },
        out
          ? {
              key: 'attempts',
              label: t('interop.column.attempts'),
              children: (
                <span>
                  {message.attempts}
                  {message.nextAttemptAt ? (
                    <span className="gc-muted">
                      {' '}
                      · {t('interop.detail.nextAttempt', { time: dateTimeInZone(message.nextAttemptAt) })}
                    </span>
                  ) : null}
                </span>
              ),
            }
          : { key: 'repeats', label: t('interop.column.repeats'), children: message.repeats },
        { key: 'createdAt', label: t('interop.column.time'), children: dateTimeInZone(message.createdAt) },
        {
          key: 'completedAt',
          label: out ? t('interop.detail.acknowledgedAt') : t('interop.detail.answeredAt'),
          children: message.completedAt ? dateTimeInZone(message.completedAt) : none,
        },
      ]}
    />
  );
}

function StoredView({ message }: { message: Hl7MessageDetail }) {
  const { t } = useTranslation();
  if (message.test) return <Alert type="info" showIcon message={t('interop.detail.testNothingStored')} />;
  if (!message.stored.length)
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={
          message.direction === 'out' ? t('interop.detail.storedOutbound') : t('interop.detail.nothingStored')
        }
        data-testid="interop-stored-empty"
      />
    );
  return (
    <Space direction="vertical" data-testid="interop-stored">
      <Typography.Text>{t('interop.detail.storedCount', { count: message.stored.length })}</Typography.Text>
      <Space size={[4, 4]} wrap>
        {message.stored.map((item) => (
          <Tag key={`${item.kind}-${item.id}`} color={item.kind === 'reading' ? 'blue' : 'cyan'}>
            {t(`interop.detail.storedKind.${item.kind}`)} #{item.id}
          </Tag>
        ))}
      </Space>
      {message.patientId ? (
        <Typography.Link
          href={`/record?id=${message.patientId}`}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="interop-stored-record"
        >
          {t('interop.detail.openRecord')}
        </Typography.Link>
      ) : null}
    </Space>
  );
}

/**
 * One message: the summary, then the parsed view (fields as `PID-3`), the raw text one segment a
 * line, the ACK and what was stored. Opening it is audited on the server. Outbound messages that
 * failed or were sent may be queued again (asks first).
 */
export function MessageDetail({
  id,
  mobile,
  onClose,
}: {
  id: number | null;
  mobile: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const lang = currentLang();
  const queryClient = useQueryClient();
  const canResend = usePermission(PERMISSIONS.interop.messages.resend);
  const query = useQuery({
    queryKey: ['interop', 'message', id, lang],
    queryFn: ({ signal }) => fetchHl7Message(id as number, signal),
    enabled: id !== null,
    meta: { silent: true },
  });
  const resend = useMutation({
    mutationFn: (messageId: number) => resendHl7Message(messageId),
    onSuccess: () => {
      toastSuccess(t('interop.detail.resent'));
    },
    onError: (error) => showError(error),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['interop'] });
      void queryClient.invalidateQueries({ queryKey: listQueryKey(MESSAGES_LIST) });
      void queryClient.invalidateQueries({ queryKey: connectionQueryKey });
    },
  });
  const message = query.data;
  const askResend = async (row: Hl7Message) => {
    const ok = await confirmAction({
      title: t('interop.detail.resendTitle'),
      content: t('interop.detail.resendContent', {
        type: row.messageType ?? '',
        controlId: row.controlId ?? '',
        patient: row.patientName ?? row.inpatientNumber ?? t('common.none'),
      }),
      okText: t('interop.detail.resend'),
    });
    if (ok) resend.mutate(row.id);
  };
  const resendButton =
    message && canResend && canResendMessage(message) ? (
      <Button
        icon={<RedoOutlined />}
        loading={resend.isPending}
        onClick={() => void askResend(message)}
        data-testid="interop-resend"
      >
        {t('interop.detail.resend')}
      </Button>
    ) : null;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      width={mobile ? '100%' : 900}
      destroyOnHidden
      title={
        message
          ? t('interop.detail.title', {
              type: message.messageType ?? '?',
              controlId: message.controlId ?? '',
            })
          : t('interop.detail.loadingTitle')
      }
      extra={resendButton}
      styles={{ body: { padding: mobile ? 12 : 24 } }}
    >
      <div data-testid="interop-detail" data-id={id ?? ''}>
        {query.isError ? (
          <Alert
            type="error"
            showIcon
            message={t('interop.detail.loadFailed')}
            description={errorText(query.error)}
            action={
              <Button size="small" onClick={() => void query.refetch()}>
                {t('common.retry')}
              </Button>
            }
            data-testid="interop-detail-load-error"
          />
        ) : !message ? (
          <Skeleton active paragraph={{ rows: 8 }} />
        ) : (
          <Space direction="vertical" size={16} style={{ width: '100%' }}>
            <Summary message={message} mobile={mobile} />
            <Tabs
              defaultActiveKey="parsed"
              items={[
                {
                  key: 'parsed',
                  label: t('interop.detail.parsed'),
                  children: <ParsedView message={message} mobile={mobile} />,
                },
                {
                  key: 'raw',
                  label: t('interop.detail.raw'),
                  children: <Hl7Text text={message.raw} testId="interop-raw" />,
                },
                {
                  key: 'ack',
                  label: (
                    <Space size={4}>
                      {t('interop.detail.ack')}
                      {message.ackCode ? (
                        <Tag color={ACK_COLORS[message.ackCode]} bordered={false}>
                          {message.ackCode}
                        </Tag>
                      ) : null}
                    </Space>
                  ),
                  children: message.ack ? (
                    <Hl7Text text={message.ack} testId="interop-ack" />
                  ) : (
                    <Empty
                      image={Empty.PRESENTED_IMAGE_SIMPLE}
                      description={
                        message.direction === 'out'
                          ? t('interop.detail.noAckOutbound')
                          : t('interop.detail.noAck')
                      }
                    />
                  ),
                },
                {
                  key: 'stored',
                  label: t('interop.detail.stored'),
                  children: <StoredView message={message} />,
                },
              ]}
            />
            <Typography.Text type="secondary" className="gc-hl7-small">
              {t('interop.detail.audited')}
            </Typography.Text>
          </Space>
        )}
      </div>
    </Drawer>
  );
}
