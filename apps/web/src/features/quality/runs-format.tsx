import type { LockReason, WestgardRule } from '@glucocare/domain/quality';
import { WARNING_RULES } from '@glucocare/domain/quality';
import { Space, Tag, Tooltip } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/** The words of a lock reason (质控锁定原因). */
export const lockReasonText = (t: TFunction, reason: LockReason) => t(`qcRuns.lockReason.${reason}`);

/** A sentence on what a Westgard rule means (the strategy page and the tags' tooltips). */
export const ruleSentence = (t: TFunction, rule: WestgardRule) => t(`qcRuns.rule.${rule}`);

/** Pass (green) or fail (red). */
export function ResultTag({ result }: { result: 'pass' | 'fail' | null }) {
  const { t } = useTranslation();
  if (!result) return null;
  return (
    <Tag color={result === 'pass' ? 'success' : 'error'} data-result={result} data-testid="qc-result-tag">
      {t(`qcRuns.result.${result}`)}
    </Tag>
  );
}

/** The Westgard rules broken: warnings (1-2s) in amber, rejections in red; nothing when none. */
export function ViolationTags({ rules }: { rules: readonly WestgardRule[] }) {
  const { t } = useTranslation();
  if (!rules.length) return null;
  return (
    <Space size={[0, 4]} wrap>
      {rules.map((rule) => (
        <Tooltip key={rule} title={ruleSentence(t, rule)}>
          <Tag color={WARNING_RULES.includes(rule) ? 'warning' : 'error'} data-rule={rule}>
            {rule}
          </Tag>
        </Tooltip>
      ))}
    </Space>
  );
}

/** "QC locked" with the reason, on a reading held by its meter's lockout. */
export function QcHoldTag({ reason }: { reason: LockReason | null }) {
  const { t } = useTranslation();
  if (!reason) return null;
  return (
    <Tooltip title={lockReasonText(t, reason)}>
      <Tag color="volcano" data-testid="qc-hold-tag">
        {t('qcRuns.heldTag')}
      </Tag>
    </Tooltip>
  );
}

/** Locked (red, with the reasons) or unlocked (green). */
export function LockTag({ lock }: { lock: { locked: boolean; reasons: LockReason[] } }) {
  const { t } = useTranslation();
  return lock.locked ? (
    <Tooltip title={lock.reasons.map((reason) => lockReasonText(t, reason)).join('; ')}>
      <Tag color="error" data-testid="qc-lock-tag" data-locked="true">
        {t('qcRuns.locked')}
      </Tag>
    </Tooltip>
  ) : (
    <Tag color="success" data-testid="qc-lock-tag" data-locked="false">
      {t('qcRuns.unlocked')}
    </Tag>
  );
}

/** A number as entered, or the "none" mark. */
export const valueText = (value: number | null | undefined, none: string) =>
  value === null || value === undefined ? none : String(value);

/** "low-high", one end open, or none. */
export const rangeText = (low: number | null, high: number | null, none: string) =>
  low === null && high === null ? none : `${low ?? '…'} – ${high ?? '…'}`;
