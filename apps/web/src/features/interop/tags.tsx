import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import type { Hl7AckCode, Hl7Direction, Hl7Status } from '@glucocare/domain/interop';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ACK_COLORS, STATUS_COLORS } from './hl7';

/** In (from the HIS, LIS or a meter's middleware) or out (to the HIS/EMR). */
export function DirectionTag({ message }: { message: { direction: Hl7Direction } }) {
  const { t } = useTranslation();
  const inbound = message.direction === 'in';
  return (
    <Tag
      color={inbound ? 'geekblue' : 'cyan'}
      icon={inbound ? <ArrowDownOutlined /> : <ArrowUpOutlined />}
      data-direction={message.direction}
    >
      {t(`interop.direction.${message.direction}`)}
    </Tag>
  );
}

export function StatusTag({ status }: { status: Hl7Status }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLORS[status]} data-status={status} data-testid="interop-status">
      {t(`interop.status.${status}`)}
    </Tag>
  );
}

/** The acknowledgment code (AA accepted, AE error, AR rejected); nothing while there is none. */
export function AckTag({ code }: { code: Hl7AckCode | null }) {
  const { t } = useTranslation();
  if (!code) return null;
  return (
    <Tag color={ACK_COLORS[code]} title={t(`interop.ack.${code}`)} data-ack={code} className="gc-hl7-mono">
      {code}
    </Tag>
  );
}
