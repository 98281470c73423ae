import { Badge, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Consultation } from '../../api/consultations';

const STATUS_COLORS: Record<Consultation['status'], string> = {
  inProgress: 'processing',
  completed: 'success',
  closed: 'default',
};
const URGENCY_COLORS: Record<Consultation['urgency'], string> = {
  routine: 'default',
  urgent: 'orange',
  emergency: 'red',
};

export function StatusTag({ row }: { row: Pick<Consultation, 'status' | 'statusName'> }) {
  return (
    <Tag color={STATUS_COLORS[row.status]} data-status={row.status}>
      {row.statusName}
    </Tag>
  );
}

export function UrgencyTag({ row }: { row: Pick<Consultation, 'urgency' | 'urgencyName'> }) {
  return (
    <Tag color={URGENCY_COLORS[row.urgency]} data-urgency={row.urgency}>
      {row.urgencyName}
    </Tag>
  );
}

/** The patient cell: unread dot, name, bed and the auto mark. */
export function PatientCell({ row }: { row: Consultation }) {
  const { t } = useTranslation();
  return (
    <span className="gc-nowrap" data-unread={row.unread ? 'true' : 'false'}>
      {row.unread ? <Badge status="error" title={t('consultations.unread')} /> : null}{' '}
      <span className={row.unread ? 'gc-consult-unread' : undefined}>{row.patientName}</span>
      {row.bed ? ` · ${row.bed}` : ''}
      {row.source === 'auto' ? (
        <Tag color="purple" style={{ marginInlineStart: 6 }}>
          {row.sourceName}
        </Tag>
      ) : null}
    </span>
  );
}
