import type { ProColumns } from '@ant-design/pro-components';
import type { WearTime } from '@glucocare/domain/rules';
import { Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../components/format';

/** Wear time as people say it: "3 d 2 h" / "3天2小时". */
export function wearTimeText(t: TFunction, wear: WearTime): string {
  const { days, hours } = wear;
  return days ? t('pumpBinding.wear.daysHours', { days, hours }) : t('pumpBinding.wear.hours', { hours });
}

/** An IU amount of a basal profile: up to 3 decimals, no trailing zeros. */
export const basalTotalText = (total: number) => String(Math.round(total * 1000) / 1000);

/** A profile's segments with where each ends and the IU it gives (rate × hours). */
export function segmentRows(segments: readonly { start: string; rate: number }[]) {
  const minutes = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));
  return segments.map((segment, index) => {
    const end = segments[index + 1]?.start ?? '24:00';
    const hours = (minutes(end) - minutes(segment.start)) / 60;
    return {
      key: `${index}-${segment.start}`,
      start: segment.start,
      end,
      rate: segment.rate,
      hours: Math.round(hours * 100) / 100,
      units: Math.round(segment.rate * hours * 1000) / 1000,
    };
  });
}

/**
 * A level as last reported (battery %, dose IU) with the time of its report in the hospital's zone,
 * in the warning colour below the domain's low level.
 */
export function LevelCell({
  value,
  at,
  unit,
  low,
}: {
  value: number | null;
  at: string | null;
  unit: string;
  low: number;
}) {
  const { t } = useTranslation();
  if (value == null || !at) return <span className="gc-muted">{t('pumpRegister.notReported')}</span>;
  const isLow = value < low;
  return (
    <div data-testid={isLow ? 'pump-level-low' : undefined}>
      <Typography.Text type={isLow ? 'danger' : undefined} strong={isLow} className="gc-nowrap">
        {value} {unit}
      </Typography.Text>
      {isLow ? (
        <Tag color="error" style={{ marginInlineStart: 6 }}>
          {t('pumpRegister.low')}
        </Tag>
      ) : null}
      <div
        className="gc-secondary gc-nowrap"
        style={{ fontSize: 12 }}
        title={t('pumpRegister.reportedAt', { time: formatDateTime(at).slice(0, 16) })}
      >
        {formatDateTime(at).slice(5, 16)}
      </div>
    </div>
  );
}

/** What a pump last reported: remaining battery (%) and dose (IU), each with its report time. */
interface Levels {
  battery: number | null;
  batteryReportedAt: string | null;
  dose: number | null;
  doseReportedAt: string | null;
}

/**
 * The list columns of the remaining battery and dose (the register and the pump patients), in the
 * warning colour below the hospital's thresholds (`usePumpLowLevels`).
 */
export function levelColumns<T extends Levels>(
  t: TFunction,
  low: { battery: number; dose: number },
): ProColumns<T>[] {
  return [
    {
      title: t('pumpRegister.battery'),
      dataIndex: 'battery',
      search: false,
      width: 110,
      render: (_, row) => (
        <LevelCell value={row.battery} at={row.batteryReportedAt} unit="%" low={low.battery} />
      ),
    },
    {
      title: t('pumpRegister.dose'),
      dataIndex: 'dose',
      search: false,
      width: 110,
      render: (_, row) => <LevelCell value={row.dose} at={row.doseReportedAt} unit="IU" low={low.dose} />,
    },
  ];
}
