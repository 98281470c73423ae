import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Reading } from '../../api/measurements';
import { readingColor } from './reading-format';

/** The classification of a reading as a coloured tag (nothing for an untested one). */
export function ClassificationTag({ reading }: { reading: Pick<Reading, 'determineType' | 'color'> }) {
  const { t } = useTranslation();
  if (!reading.determineType) return null;
  const color = readingColor(reading);
  return (
    <Tag
      color={color ?? (reading.determineType === 'normal' ? 'green' : 'default')}
      data-testid="classification-tag"
    >
      {t(`measurements.classification.${reading.determineType}`)}
    </Tag>
  );
}

/** Pending review or approved. */
export function StatusTag({ reading }: { reading: Pick<Reading, 'status' | 'deletedAt'> }) {
  const { t } = useTranslation();
  if (reading.deletedAt) return <Tag color="default">{t('measurements.status.deleted')}</Tag>;
  return reading.status === 'approved' ? (
    <Tag color="success">{t('measurements.status.approved')}</Tag>
  ) : (
    <Tag color="processing">{t('measurements.status.pending')}</Tag>
  );
}
