import { READING_DAY_OPTIONS } from '@glucocare/domain/measurements';
import { DatePicker, Segmented } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { dateInZone } from '../../components/format';

/**
 * The days a patient tab shows: the last 3/7/14/30 days, or a range picked on the calendar (never
 * after today on the hospital's clock). Shared by the glucose, ketone, uric-acid and insulin tabs.
 */
export function DayRangeToolbar({
  days,
  range,
  beginDate,
  endDate,
  timeZone,
  mobile,
  onDays,
  onRange,
  testIds,
}: {
  days: number | null;
  range: [string, string] | null;
  beginDate: string;
  endDate: string;
  timeZone: string;
  mobile: boolean;
  onDays: (days: number) => void;
  onRange: (range: [string, string]) => void;
  testIds: { days: string; range?: string };
}) {
  const { t } = useTranslation();
  return (
    <>
      <Segmented
        value={range ? 'custom' : String(days)}
        data-testid={testIds.days}
        options={[
          ...READING_DAY_OPTIONS.map((n) => ({
            value: String(n),
            label: t('measurements.toolbar.days', { count: n }),
          })),
          ...(range ? [{ value: 'custom', label: t('measurements.toolbar.custom') }] : []),
        ]}
        onChange={(value) => {
          if (value !== 'custom') onDays(Number(value));
        }}
      />
      <DatePicker.RangePicker
        value={[dayjs(beginDate), dayjs(endDate)]}
        allowClear={false}
        disabledDate={(day) => day.format('YYYY-MM-DD') > dateInZone(new Date(), timeZone)}
        onChange={(dates) => {
          if (dates?.[0] && dates[1]) onRange([dates[0].format('YYYY-MM-DD'), dates[1].format('YYYY-MM-DD')]);
        }}
        data-testid={testIds.range}
        style={{ width: mobile ? '100%' : 250 }}
      />
    </>
  );
}
