import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLiveStatus } from '../live';

/**
 * The push channel's state in the top bar: a green dot while screens update by themselves, amber while
 * it reconnects (screens are then as fresh as their last load), grey while it first connects.
 */
export function LiveIndicator() {
  const { t } = useTranslation();
  const status = useLiveStatus();
  if (status === 'off') return null;
  const label = t(`live.status.${status}`);
  return (
    <Tooltip title={label}>
      <span
        className={`gc-live gc-live-${status}`}
        role="status"
        aria-label={label}
        data-testid="live-status"
        data-status={status}
      >
        <span className="gc-live-dot" />
      </span>
    </Tooltip>
  );
}
