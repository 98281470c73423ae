import type { MeasurementItem } from '@glucocare/domain/clinical';
import type { DisplayUnit } from '@glucocare/domain/hospital-settings';
import { formatReadingValue, REVIEW_QUERY_MAX_DAYS, reasonNotTested } from '@glucocare/domain/review';
import { Alert, Badge, Space, Tabs, Tag, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReviewRecord } from '../../api/review';
import { formatDateTime } from '../../components/format';
import { msg } from '../../i18n';
import { FILTER_PROBLEM_MESSAGES, type FilterProblem, REVIEW_ITEMS } from './review-filters';

/** Colours of the classifications when the reading carries none from the settings. */
export const CLASSIFICATION_COLORS: Record<string, string> = {
  low: '#1677FF',
  high: '#FA8C16',
  criticalLow: '#722ED1',
  criticalHigh: '#F5222D',
  unknown: '#8C8C8C',
};

/** The colour a reading is shown in: its band's colour from the settings at write time, else by class. */
export function readingColor(reading: Pick<ReviewRecord, 'color' | 'determineType'>): string | undefined {
  if (reading.determineType === 'normal' || !reading.determineType) return undefined;
  return reading.color ?? CLASSIFICATION_COLORS[reading.determineType];
}

type ValueReading = Pick<
  ReviewRecord,
  | 'item'
  | 'testValue'
  | 'enteredValue'
  | 'enteredUnit'
  | 'color'
  | 'determineType'
  | 'untestedReasonName'
  | 'rejectReasonName'
  | 'refusalReasonName'
  | 'untestedReasonText'
  | 'deletedAt'
>;

/**
 * A reading's value in the display unit, coloured by its classification (critical values bold), or
 * its untested reason in grey; a deleted reading is struck through.
 */
export function ReadingValue({
  reading,
  unit,
  showUnit = false,
}: {
  reading: ValueReading;
  unit: DisplayUnit;
  showUnit?: boolean;
}) {
  const deleted = reading.deletedAt ? ' gc-review-deleted' : '';
  if (reading.testValue === null) {
    const reason = reasonNotTested(reading);
    return (
      <span className={`gc-review-untested${deleted}`} data-testid="reading-value" data-value="">
        {reason || '—'}
      </span>
    );
  }
  const critical = reading.determineType === 'criticalLow' || reading.determineType === 'criticalHigh';
  const text = formatReadingValue(reading.item as MeasurementItem, reading.testValue, unit.code, reading);
  return (
    <span
      className={`gc-review-value${critical ? ' gc-review-critical' : ''}${deleted}`}
      style={{ color: readingColor(reading) }}
      data-testid="reading-value"
      data-value={text}
      data-class={reading.determineType ?? ''}
    >
      {text}
      {showUnit ? <span className="gc-review-unit"> {unit.name}</span> : null}
    </span>
  );
}

/** The classification as a tag in its colour ("Critical low", "High"...); nothing without a value. */
export function ClassificationTag({ reading }: { reading: Pick<ReviewRecord, 'determineType' | 'color'> }) {
  const { t } = useTranslation();
  if (!reading.determineType) return null;
  const color = readingColor(reading);
  return (
    <Tag color={color} data-testid="classification-tag" data-class={reading.determineType}>
      {t(`review.classes.${reading.determineType}`, { defaultValue: reading.determineType })}
    </Tag>
  );
}

/** Pending or approved, and by whom and when. */
export function StatusTag({
  reading,
}: {
  reading: Pick<ReviewRecord, 'status' | 'approvedBy' | 'approvedAt' | 'deletedAt'>;
}) {
  const { t } = useTranslation();
  if (reading.deletedAt) {
    return (
      <Tag color="default" data-testid="status-tag" data-status="deleted">
        {t('review.status.deleted')}
      </Tag>
    );
  }
  const tag = (
    <Tag
      color={reading.status === 'approved' ? 'success' : 'warning'}
      data-testid="status-tag"
      data-status={reading.status}
    >
      {t(`review.status.${reading.status}`)}
    </Tag>
  );
  if (reading.status !== 'approved' || !reading.approvedBy) return tag;
  return (
    <Tooltip
      title={t('review.approvedByAt', { name: reading.approvedBy, at: formatDateTime(reading.approvedAt) })}
    >
      {tag}
    </Tooltip>
  );
}

/** Patient name with bed and inpatient number below; `withTime` adds the test time and period (phones). */
export function PatientCell({
  reading,
  withTime = false,
}: {
  reading: Pick<ReviewRecord, 'patientName' | 'bed' | 'inpatientNumber'> &
    Partial<Pick<ReviewRecord, 'testTime' | 'periodName'>>;
  withTime?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div>
      <div className="gc-nowrap" data-testid="patient-name">
        {reading.patientName}
      </div>
      <div className="gc-secondary gc-nowrap">
        {[reading.bed ? t('review.bedShort', { bed: reading.bed }) : null, reading.inpatientNumber]
          .filter(Boolean)
          .join(' · ')}
      </div>
      {withTime && reading.testTime ? (
        <div className="gc-secondary gc-nowrap">
          {formatDateTime(reading.testTime)} {reading.periodName ?? ''}
        </div>
      ) : null}
    </div>
  );
}

/** The item tabs (glucose, ketone, uric acid), with a count badge when counts are given. */
export function ItemTabs({
  item,
  onChange,
  counts,
  extra,
}: {
  item: MeasurementItem;
  onChange: (item: MeasurementItem) => void;
  counts?: Partial<Record<MeasurementItem, number>> | null;
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Tabs
      activeKey={item}
      onChange={(key) => onChange(key as MeasurementItem)}
      className="gc-review-tabs"
      tabBarExtraContent={extra}
      items={REVIEW_ITEMS.map((key) => ({
        key,
        label: (
          <Space size={6} data-testid={`item-tab-${key}`}>
            {t(`review.items.${key}`)}
            {counts ? (
              <Badge
                count={counts[key] ?? 0}
                overflowCount={9999}
                showZero
                color={key === item ? '#1677ff' : '#bfbfbf'}
                data-testid={`item-count-${key}`}
              />
            ) : null}
          </Space>
        ),
      }))}
    />
  );
}

/** Why a review search sends nothing (`filter-problem`), in the server catalogue's words; none: nothing. */
export function FilterProblemNotice({ problem }: { problem: FilterProblem | null }) {
  return problem ? (
    <Alert
      type="warning"
      showIcon
      className="gc-form-alert"
      data-testid="filter-problem"
      message={msg(FILTER_PROBLEM_MESSAGES[problem], { max: REVIEW_QUERY_MAX_DAYS })}
    />
  ) : null;
}
