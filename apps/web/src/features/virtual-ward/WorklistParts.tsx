import { formatGlucose } from '@glucocare/domain/helpers';
import { MEASUREMENT_UNIT_NAMES } from '@glucocare/domain/measurements';
import { Space, Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { WorklistRow } from '../../api/virtual-ward-review';

type Extreme = NonNullable<WorklistRow['highest']>;

/** A reading as entered, with its unit (the number and unit the nurse typed or the meter sent). */
export function enteredText(extreme: Extreme | null | undefined): string {
  if (!extreme) return '';
  const unit = extreme.enteredUnit ?? 'mmolL';
  const name = (MEASUREMENT_UNIT_NAMES as Record<string, string>)[unit] ?? unit;
  const number = extreme.enteredValue ?? Number(formatGlucose(extreme.value, unit));
  return `${number} ${name}`;
}

/** The reasons of a worklist row (or a follow-up, as they were) as tags: hypo red, hyper orange. */
export function ReasonTags({ reasons }: { reasons: WorklistRow['reasons'] }) {
  const { t } = useTranslation();
  if (!reasons.length) return <span>-</span>;
  return (
    <Space size={[4, 4]} wrap>
      {reasons.map((reason) => (
        <Tag
          key={reason.kind}
          color={reason.kind === 'hypo' ? 'red' : 'orange'}
          data-testid={`worklist-reason-${reason.kind}`}
        >
          {t(`virtualWardReview.reason.${reason.kind}`, {
            count: reason.count,
            value: enteredText(reason.extreme),
          })}
        </Tag>
      ))}
    </Space>
  );
}

/** The reasons as one line of text (Excel, print). */
export function reasonsText(reasons: WorklistRow['reasons'], t: TFunction): string {
  return reasons
    .map((reason) =>
      t(`virtualWardReview.reason.${reason.kind}`, {
        count: reason.count,
        value: enteredText(reason.extreme),
      }),
    )
    .join('; ');
}
