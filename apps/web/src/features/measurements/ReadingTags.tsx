import { Tag, Tooltip } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Reading } from '../../api/measurements';
import { dateTimeInZone } from '../../components/format';
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

/**
 * The timing marks of a reading (issue 15, set at write): "Late" or "Out of window" for a test time
 * outside its period's window (the reason given as the tooltip), "Late entry" for one entered long
 * after its test time (when, as the tooltip). Nothing for a reading on time.
 */
export function TimingTags({
  reading,
  timeZone,
}: {
  reading: Pick<Reading, 'windowMark' | 'windowReason' | 'lateEntry' | 'createdAt'>;
  timeZone?: string;
}) {
  const { t } = useTranslation();
  if (!reading.windowMark && !reading.lateEntry) return null;
  return (
    <span className="gc-timing-tags" data-testid="timing-tags">
      {reading.windowMark ? (
        <Tooltip
          title={
            reading.windowReason
              ? t('measurements.marks.reasonTip', { reason: reading.windowReason })
              : t('measurements.marks.noReason')
          }
        >
          <Tag color="orange" data-testid="window-mark" data-mark={reading.windowMark}>
            {t(`measurements.marks.${reading.windowMark}`)}
          </Tag>
        </Tooltip>
      ) : null}
      {reading.lateEntry ? (
        <Tooltip
          title={t('measurements.marks.lateEntryTip', { time: dateTimeInZone(reading.createdAt, timeZone) })}
        >
          <Tag color="geekblue" data-testid="late-entry-mark">
            {t('measurements.marks.lateEntry')}
          </Tag>
        </Tooltip>
      ) : null}
    </span>
  );
}

/** The timing marks as one line of text (the grid's tooltip): "Late (Reason: …) · Late entry"; '' without. */
export function timingText(
  t: TFunction,
  reading: Pick<Reading, 'windowMark' | 'windowReason' | 'lateEntry'>,
): string {
  const parts: string[] = [];
  if (reading.windowMark) {
    const reason = reading.windowReason
      ? t('measurements.marks.reasonTip', { reason: reading.windowReason })
      : t('measurements.marks.noReason');
    parts.push(`${t(`measurements.marks.${reading.windowMark}`)} (${reason})`);
  }
  if (reading.lateEntry) parts.push(t('measurements.marks.lateEntry'));
  return parts.join(' · ');
}
