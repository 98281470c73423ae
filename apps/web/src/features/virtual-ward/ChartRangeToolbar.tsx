import { Alert, DatePicker } from 'antd';
import type { Dayjs } from 'dayjs';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  isFutureDay,
  monthToDate,
  type RangeQuery,
  rangePresets,
  rangeProblemText,
  rangeQueryOf,
  STATISTICS_MAX_DAYS,
} from '../statistics/statistics-format';

type Range = [Dayjs | null, Dayjs | null];

/**
 * The date range of the virtual ward's workload, test-time and chart pages (as the hospital statistics
 * pick theirs: presets, no future day, at most 366 days): the state, the picker and its problem.
 */
export function useStatisticsRange(): {
  query: RangeQuery | null;
  toolbar: (extra?: ReactNode) => ReactNode;
} {
  const { t } = useTranslation();
  const [range, setRange] = useState<Range>(() => monthToDate());
  const { query, problem } = rangeQueryOf(range);
  const presets = useMemo(
    () =>
      rangePresets().map((preset) => ({ label: t(`statistics.presets.${preset.key}`), value: preset.range })),
    [t],
  );
  const toolbar = (extra?: ReactNode) => (
    <>
      <div className="gc-stats-toolbar" data-testid="stats-filters">
        <DatePicker.RangePicker
          className="gc-stats-range"
          allowClear={false}
          value={range}
          presets={presets}
          disabledDate={(value) => isFutureDay(value)}
          onChange={(value) => setRange(value ? [value[0], value[1]] : [null, null])}
          classNames={{ popup: { root: 'gc-range-popup' } }}
          aria-label={t('vwStats.range')}
          data-testid="stats-range"
        />
        {extra}
        <span className="gc-secondary gc-stats-hint">
          {t('statistics.rangeHint', { max: STATISTICS_MAX_DAYS })}
        </span>
      </div>
      {problem ? (
        <Alert
          type="warning"
          showIcon
          className="gc-form-alert"
          message={rangeProblemText(problem)}
          data-testid="stats-range-problem"
        />
      ) : null}
    </>
  );
  return { query, toolbar };
}
