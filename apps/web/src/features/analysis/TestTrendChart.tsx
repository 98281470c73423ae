import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Skeleton, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchTestTrend } from '../../api/analysis';
import { errorText } from '../../api/http';
import type { UnitOption } from '../../api/measurements';
import { EChart } from '../../components/EChart';
import { formatRange } from '../records/format';
import { testTrendOption } from './charts/test-trend';
import './analysis.css';

export interface TestTrendChartProps {
  patientId: number;
  item: 'KET' | 'UA';
  /** the tab's range, hospital calendar days */
  beginDate: string;
  endDate: string;
  /** the tab's display unit of the item */
  unit: UnitOption;
}

/**
 * The ketone or uric-acid readings of the patient's tab as a line over time (`/v1/gluDataAnalysis/
 * testTrend`), for the tab's range and in the tab's unit, with the patient's reference range shaded and
 * the critical limits dashed; an empty state when the range has no reading.
 */
export function TestTrendChart({ patientId, item, beginDate, endDate, unit }: TestTrendChartProps) {
  const { t, i18n } = useTranslation();
  const query = useQuery({
    // under the analysis's key prefix, so whatever refreshes the analysis refreshes this too
    queryKey: ['analysis', 'testTrend', item, patientId, beginDate, endDate, i18n.language],
    queryFn: ({ signal }) => fetchTestTrend({ patientId, beginDate, endDate, category: item }, signal),
    enabled: !!beginDate && !!endDate,
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
  const chartUnit = useMemo(
    () => ({ unit: unit.code, unitName: unit.name, precision: unit.precision }),
    [unit],
  );
  const name = t(`measurements.item.${item}`);
  const option = useMemo(
    () =>
      query.data
        ? testTrendOption(query.data, chartUnit, { name, reference: t('analysis.testTrend.reference') })
        : null,
    [query.data, chartUnit, name, t],
  );

  if (query.isError) {
    return (
      <Alert
        type="error"
        showIcon
        message={t('analysis.testTrend.loadFailed', { item: name })}
        description={errorText(query.error)}
        action={<Button onClick={() => query.refetch()}>{t('common.retry')}</Button>}
        data-testid="test-trend-error"
      />
    );
  }
  if (!query.data || !option)
    return <Skeleton active paragraph={{ rows: 6 }} data-testid="test-trend-loading" />;
  const data = query.data;
  if (data.readings.length === 0) {
    return (
      <Empty
        data-testid="test-trend-empty"
        description={t('analysis.testTrend.empty', {
          item: name,
          begin: data.range.beginDate,
          end: data.range.endDate,
        })}
      />
    );
  }
  const reference = formatRange(item, data.reference, chartUnit);
  return (
    <div data-testid="test-trend" aria-busy={query.isFetching}>
      <EChart option={option} height={320} testId="test-trend-chart" />
      <Typography.Paragraph type="secondary" className="gc-analysis-note" data-testid="test-trend-note">
        {t('analysis.testTrend.note', {
          count: data.readings.length,
          begin: data.range.beginDate,
          end: data.range.endDate,
          unit: unit.name,
        })}
        {reference ? ` ${t('analysis.testTrend.referenceNote', { range: reference, unit: unit.name })}` : ''}
      </Typography.Paragraph>
    </div>
  );
}
