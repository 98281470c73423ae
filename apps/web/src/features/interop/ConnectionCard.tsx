import { ReloadOutlined } from '@ant-design/icons';
import type { Hl7Status } from '@glucocare/domain/interop';
import { useQuery } from '@tanstack/react-query';
import { Alert, Badge, Button, Card, Col, Row, Skeleton, Space, Tag, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/http';
import { fetchHl7Connection, type Hl7Connection } from '../../api/interop';
import { dateTimeInZone, secondsInZone } from '../../components/format';
import { currentLang } from '../../i18n';
import { STATUS_COLORS } from './hl7';

/** How often the connection state is asked again while the page is open (no live topic carries it). */
export const CONNECTION_REFRESH_MS = 10_000;

export const connectionQueryKey = ['interop', 'connection'] as const;

/** The connection state, refreshed every {@link CONNECTION_REFRESH_MS} while shown. */
export function useHl7Connection() {
  const lang = currentLang();
  return useQuery({
    queryKey: [...connectionQueryKey, lang],
    queryFn: ({ signal }) => fetchHl7Connection(signal),
    refetchInterval: CONNECTION_REFRESH_MS,
    // the card shows its own failure with a retry
    meta: { silent: true },
  });
}

function Part({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <div className="gc-hl7-part" data-testid={testId}>
      <div className="gc-hl7-part-title">{title}</div>
      {children}
    </div>
  );
}

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="gc-hl7-line">
      <span className="gc-hl7-line-label">{label}</span>
      <span className="gc-hl7-line-value">{children}</span>
    </div>
  );
}

/** A count that filters the list by its status when clicked (outbound messages waiting or given up). */
function CountTag({
  status,
  count,
  onPick,
}: {
  status: Hl7Status;
  count: number;
  onPick?: (status: Hl7Status) => void;
}) {
  const { t } = useTranslation();
  const tag = (
    <Tag
      color={count > 0 ? STATUS_COLORS[status] : 'default'}
      className={onPick ? 'gc-hl7-clickable' : undefined}
      onClick={onPick ? () => onPick(status) : undefined}
      data-testid={`interop-count-${status}`}
      data-count={count}
    >
      {t(`interop.status.${status}`)} {count}
    </Tag>
  );
  return onPick ? <Tooltip title={t('interop.connection.showThese')}>{tag}</Tooltip> : tag;
}

function ConnectionBody({
  data,
  onPickOutbound,
}: {
  data: Hl7Connection;
  onPickOutbound?: (status: Hl7Status) => void;
}) {
  const { t } = useTranslation();
  const never = <span className="gc-muted">{t('interop.connection.never')}</span>;
  const { inbound, outbound } = data;
  const receiver =
    outbound.host && outbound.port ? `${outbound.host}:${outbound.port}` : (outbound.host ?? null);
  const outboundBadge = {
    up: 'success',
    down: 'error',
    unknown: 'default',
  } as const;
  return (
    <Row gutter={[16, 12]}>
      <Col xs={24} md={6}>
        <Part title={t('interop.connection.service')} testId="interop-service">
          <Space direction="vertical" size={4}>
            <Tag
              color={data.enabled ? 'green' : 'default'}
              data-testid="interop-enabled"
              data-enabled={data.enabled}
            >
              {data.enabled ? t('interop.connection.on') : t('interop.connection.off')}
            </Tag>
            <Typography.Text type="secondary" className="gc-hl7-small">
              {t('interop.connection.serviceHint')}
            </Typography.Text>
          </Space>
        </Part>
      </Col>
      <Col xs={24} md={9}>
        <Part title={t('interop.connection.inbound')} testId="interop-inbound">
          <Line label={t('interop.connection.port')}>
            <Space size={8} wrap>
              <span className="gc-hl7-mono">{inbound.port ?? t('interop.connection.notSet')}</span>
              <Badge
                status={inbound.listening ? 'success' : data.enabled ? 'error' : 'default'}
                text={
                  inbound.listening ? t('interop.connection.listening') : t('interop.connection.notListening')
                }
                data-testid="interop-listening"
                data-listening={inbound.listening}
              />
            </Space>
          </Line>
          {inbound.error ? (
            <Typography.Text type="danger" className="gc-hl7-small" data-testid="interop-inbound-error">
              {inbound.error}
            </Typography.Text>
          ) : null}
          <Line label={t('interop.connection.lastReceived')}>
            {inbound.lastReceivedAt ? dateTimeInZone(inbound.lastReceivedAt) : never}
          </Line>
          <Line label={t('interop.connection.last24h')}>
            <Space size={4} wrap>
              <CountTag status="accepted" count={inbound.last24h.accepted} />
              <CountTag status="error" count={inbound.last24h.error} />
              <CountTag status="rejected" count={inbound.last24h.rejected} />
            </Space>
          </Line>
        </Part>
      </Col>
      <Col xs={24} md={9}>
        <Part title={t('interop.connection.outbound')} testId="interop-outbound">
          <Line label={t('interop.connection.receiver')}>
            <Space size={8} wrap>
              <span className="gc-hl7-mono">{receiver ?? t('interop.connection.notSet')}</span>
              <Badge
                status={outboundBadge[outbound.state]}
                text={t(`interop.connection.state.${outbound.state}`)}
                data-testid="interop-outbound-state"
                data-state={outbound.state}
              />
            </Space>
          </Line>
          {outbound.lastError ? (
            <Typography.Text type="danger" className="gc-hl7-small" data-testid="interop-outbound-error">
              {outbound.lastError}
            </Typography.Text>
          ) : null}
          <Line label={t('interop.connection.lastSent')}>
            {outbound.lastSentAt ? dateTimeInZone(outbound.lastSentAt) : never}
          </Line>
          <Line label={t('interop.connection.queue')}>
            <Space size={4} wrap>
              <CountTag status="pending" count={outbound.pending} onPick={onPickOutbound} />
              <CountTag status="retrying" count={outbound.retrying} onPick={onPickOutbound} />
              <CountTag status="failed" count={outbound.failed} onPick={onPickOutbound} />
            </Space>
          </Line>
        </Part>
      </Col>
    </Row>
  );
}

/**
 * The connection state above the message list: the HL7 switch, the listener (port, listening or why
 * not, last received, the last 24 hours), the outbound receiver (up, down or not tried, last sent, the
 * queue). Refreshed every 10 s; a click on a queue count lists those messages.
 */
export function ConnectionCard({ onPickOutbound }: { onPickOutbound?: (status: Hl7Status) => void }) {
  const { t } = useTranslation();
  const query = useHl7Connection();
  return (
    <Card
      size="small"
      className="gc-hl7-connection"
      data-testid="interop-connection"
      title={t('interop.connection.title')}
      extra={
        <Space size={8}>
          {query.dataUpdatedAt ? (
            <Typography.Text type="secondary" className="gc-hl7-small" data-testid="interop-connection-at">
              {t('interop.connection.updatedAt', { time: secondsInZone(query.dataUpdatedAt) })}
            </Typography.Text>
          ) : null}
          <Tooltip title={t('interop.refresh')}>
            <Button
              size="small"
              type="text"
              icon={<ReloadOutlined spin={query.isFetching} />}
              aria-label={t('interop.refresh')}
              onClick={() => void query.refetch()}
              data-testid="interop-connection-refresh"
            />
          </Tooltip>
        </Space>
      }
    >
      {query.isError && !query.data ? (
        <Alert
          type="error"
          showIcon
          message={t('interop.connection.loadFailed')}
          description={errorText(query.error)}
          action={
            <Button size="small" onClick={() => void query.refetch()}>
              {t('common.retry')}
            </Button>
          }
          data-testid="interop-connection-error"
        />
      ) : query.data ? (
        <>
          {query.isError ? (
            <Alert
              type="warning"
              showIcon
              className="gc-form-alert"
              message={t('interop.connection.stale', { error: errorText(query.error) })}
            />
          ) : null}
          <ConnectionBody data={query.data} onPickOutbound={onPickOutbound} />
        </>
      ) : (
        <Skeleton active paragraph={{ rows: 3 }} title={false} />
      )}
    </Card>
  );
}
