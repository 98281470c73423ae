import { PrinterOutlined } from '@ant-design/icons';
import { LINKED_CHART_DAY_OPTIONS, type LinkedChartDays } from '@glucocare/domain/insulin';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Segmented, Skeleton } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/http';
import { fetchLinkedChart, type LinkedChart } from '../../api/insulin';
import { fetchEntryOptions } from '../../api/measurements';
import { EChart } from '../../components/EChart';
import { LoadError } from '../../components/PageWrapper';
import type { ChartUnit } from '../analysis/charts/common';
import { type LinkedChartLabels, linkedChartOption } from '../analysis/charts/linked';
import { measurementKeys } from '../measurements/MeasurementTab';
import { openRecordScreen } from '../records/open';
import './insulin.css';

/** Query keys: under `insulin`, so every insulin write refreshes the chart. */
export const linkedKeys = {
  of: (patientId: number, days: number, lang: string) =>
    ['insulin', 'linked', patientId, days, lang] as const,
};

/** The chart's translated names. */
export function useLinkedChartLabels(): LinkedChartLabels {
  const { t, i18n } = useTranslation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the names change with the language
  return useMemo(
    () => ({
      glucose: t('insulin.chart.glucose'),
      band: t('insulin.chart.band'),
      bars: {
        basal: t('insulin.chart.basal'),
        bolus: t('insulin.chart.bolus'),
        correction: t('insulin.chart.correction'),
        total: t('insulin.chart.total'),
      },
      pumpBasal: t('insulin.chart.pumpBasal'),
      status: { confirmed: t('insulin.status.confirmed'), unconfirmed: t('insulin.status.unconfirmed') },
    }),
    [t, i18n.language],
  );
}

/** Counts under the chart: readings, doses and their sum (exact in hundredths), hours of pump basal. */
export function linkedSummary(data: LinkedChart) {
  const hundredths = data.doses.reduce((sum, dose) => sum + Math.round(dose.dose * 100), 0);
  const pumpMs = data.basal.reduce((sum, step) => sum + Date.parse(step.to) - Date.parse(step.from), 0);
  return {
    readings: data.readings.length,
    doses: data.doses.length,
    total: hundredths / 100,
    pumpHours: Math.round((pumpMs / 3_600_000) * 10) / 10,
  };
}

/** The chart with its summary line (tab and print). */
export function LinkedChartPanel({
  data,
  unit,
  className,
  height,
  printHeight,
  testId = 'linked-chart',
}: {
  data: LinkedChart;
  unit: ChartUnit;
  className?: string;
  height?: number;
  printHeight?: number;
  testId?: string;
}) {
  const { t } = useTranslation();
  const labels = useLinkedChartLabels();
  const option = useMemo(() => linkedChartOption(data, unit, labels), [data, unit, labels]);
  const summary = linkedSummary(data);
  return (
    <div
      className="gc-linked"
      data-testid={`${testId}-panel`}
      data-begin={data.range.beginDate}
      data-end={data.range.endDate}
      data-readings={summary.readings}
      data-doses={summary.doses}
      data-basal={data.basal.length}
    >
      <EChart
        option={option}
        testId={testId}
        className={className}
        height={height}
        printHeight={printHeight}
        ariaLabel={t('insulin.chart.aria')}
      />
      <div className="gc-linked-summary gc-muted" data-testid={`${testId}-summary`}>
        {t('insulin.chart.summary', summary)} · {t('insulin.chart.timeZone', { zone: data.timeZone })}
      </div>
    </div>
  );
}

/**
 * Patient tab "Glucose–insulin" (issue 16): the linked chart of the last 1, 3, 7 or 14 days, in the
 * hospital's time zone and the hospital's glucose unit, with a print view (`/record/linked`).
 */
export function LinkedChartTab({ patientId }: { patientId: number }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [days, setDays] = useState<LinkedChartDays>(3);
  // the glucose tab's entry options: the display unit (shared cache)
  const optionsQuery = useQuery({
    queryKey: measurementKeys.options(patientId, 'GLU', lang),
    queryFn: ({ signal }) => fetchEntryOptions(patientId, 'GLU', signal),
    meta: { silent: true },
  });
  const chartQuery = useQuery({
    queryKey: linkedKeys.of(patientId, days, lang),
    queryFn: ({ signal }) => fetchLinkedChart(patientId, { days }, signal),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
  const options = optionsQuery.data;
  const unit: ChartUnit | null = useMemo(
    () =>
      options
        ? { unit: options.unit.code, unitName: options.unit.name, precision: options.unit.precision }
        : null,
    [options],
  );
  const data = chartQuery.data;
  const failed = chartQuery.error ?? optionsQuery.error;
  return (
    <div
      className="gc-patient-tab-card gc-linked-tab"
      data-testid="linked-tab"
      data-begin={data?.range.beginDate}
      data-end={data?.range.endDate}
      data-readings={data?.readings.length}
      data-doses={data?.doses.length}
    >
      <div className="gc-linked-toolbar">
        <Segmented
          data-testid="linked-days"
          value={days}
          options={LINKED_CHART_DAY_OPTIONS.map((count) => ({
            value: count,
            label: t('insulin.chart.days', { count }),
          }))}
          onChange={(value) => setDays(value as LinkedChartDays)}
        />
        <Button
          icon={<PrinterOutlined />}
          data-testid="linked-print"
          disabled={!data}
          onClick={() =>
            data &&
            openRecordScreen('linked', patientId, {
              beginDate: data.range.beginDate,
              endDate: data.range.endDate,
            })
          }
        >
          {t('insulin.chart.print')}
        </Button>
      </div>
      {failed ? (
        <LoadError
          title={t('insulin.chart.loadFailed')}
          message={errorText(failed)}
          onRetry={() => {
            void optionsQuery.refetch();
            void chartQuery.refetch();
          }}
        />
      ) : !data || !unit ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <>
          {!data.hasInsulin ? (
            <Alert type="info" showIcon message={t('insulin.chart.noInsulin')} className="gc-linked-note" />
          ) : null}
          {data.readings.length || data.doses.length || data.basal.length ? (
            <LinkedChartPanel data={data} unit={unit} className="gc-linked-chart" />
          ) : (
            <Empty description={t('insulin.chart.empty')} data-testid="linked-empty" />
          )}
        </>
      )}
    </div>
  );
}
