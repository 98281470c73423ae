import {
  ISO_15197_ABSOLUTE_LIMIT,
  ISO_15197_LOW_REFERENCE,
  ISO_15197_PERCENT_LIMIT,
} from '@glucocare/domain';
import { Empty, Table, Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDevice } from '../../app/preferences';
import { EChart } from '../../components/EChart';
import { dateTimeInZone, hospitalZone } from '../../components/format';
import { PageWrapper, TableEmpty } from '../../components/PageWrapper';
import { currentLang } from '../../i18n';
import { StatisticsActions, StatisticsLoadState, StatisticsSection } from '../statistics/StatisticsParts';
import '../statistics/statistics.css';
import { type QcAccuracyView, useAccuracy } from './analysis-api';
import { currentMonth, figure, MonthPicker, useExcel, WardAndMeterFilters } from './analysis-parts';

type Meter = QcAccuracyView['meters'][number];
type Pair = Meter['records'][number];

const RED = '#cf1322';
const TEAL = '#0e7c86';

/**
 * The ISO 15197:2013 limits as lines over the reference axis: ±0.83 mmol/L below 5.55, ±15 % above
 * (a step at 5.55: 0.83 on the left, 0.8325 on the right).
 */
function limitLine(sign: 1 | -1, maxReference: number): [number, number][] {
  const step = (ISO_15197_LOW_REFERENCE * ISO_15197_PERCENT_LIMIT) / 100;
  return [
    [0, sign * ISO_15197_ABSOLUTE_LIMIT],
    [ISO_15197_LOW_REFERENCE, sign * ISO_15197_ABSOLUTE_LIMIT],
    [ISO_15197_LOW_REFERENCE, sign * step],
    [maxReference, (sign * maxReference * ISO_15197_PERCENT_LIMIT) / 100],
  ];
}

/** The difference plot (bias against the reference, Bland-Altman style) of the meters shown. */
function differenceOption(meters: Meter[], t: TFunction) {
  const pairs = meters.flatMap((meter) => meter.records.map((pair) => ({ ...pair, sn: meter.sn })));
  const maxReference = Math.max(10, ...pairs.map((pair) => pair.reference)) * 1.1;
  const limit = (sign: 1 | -1) => ({
    type: 'line',
    name: t('qcAnalysis.accuracy.limits'),
    data: limitLine(sign, maxReference),
    symbol: 'none',
    lineStyle: { color: '#8c8c8c', type: 'dashed', width: 1 },
    // the legend's mark takes the series colour
    itemStyle: { color: '#8c8c8c' },
    silent: true,
  });
  return {
    // the legend on its own line above the y axis's name (on a phone they would overlap)
    grid: { left: 52, right: 16, top: 60, bottom: 44 },
    legend: { top: 0 },
    tooltip: {
      trigger: 'item',
      formatter: (params: { seriesIndex: number; dataIndex: number }) => {
        if (params.seriesIndex !== 0) return '';
        const pair = pairs[params.dataIndex];
        return pair
          ? [
              `${pair.sn} · ${pair.patientName}`,
              dateTimeInZone(pair.testTime, hospitalZone()),
              `${t('qcAnalysis.accuracy.meter')} ${pair.meter} / ${t('qcAnalysis.accuracy.reference')} ${pair.reference}`,
              `${t('qcAnalysis.accuracy.difference')} ${pair.difference} (${pair.differencePercent}%)`,
            ].join('<br/>')
          : '';
      },
    },
    xAxis: {
      type: 'value',
      name: t('qcAnalysis.accuracy.referenceAxis'),
      nameLocation: 'middle',
      nameGap: 28,
      min: 0,
      max: Math.ceil(maxReference),
    },
    yAxis: { type: 'value', name: t('qcAnalysis.accuracy.differenceAxis') },
    series: [
      {
        type: 'scatter',
        name: t('qcAnalysis.accuracy.pairs'),
        data: pairs.map((pair) => ({
          value: [pair.reference, pair.difference],
          itemStyle: { color: pair.within ? TEAL : RED },
        })),
        symbolSize: 9,
        itemStyle: { color: TEAL },
      },
      limit(1),
      limit(-1),
    ],
  };
}

/**
 * `/quality/accuracy` (准确度比对): each meter's glucose readings of a hospital month paired with the
 * laboratory glucose of the same patient within 15 minutes, judged by ISO 15197:2013 (±0.83 mmol/L below
 * 5.55, ±15 % above; 95 % must be within): the share within, the mean bias, the pairs, and the difference
 * plot with the limit lines; Excel and print.
 */
export default function AccuracyPage() {
  const { t } = useTranslation();
  const lang = currentLang();
  const compact = useDevice() === 'mobile';
  const page = useRef<HTMLDivElement>(null);
  const [month, setMonth] = useState(currentMonth);
  const [departmentCode, setDepartmentCode] = useState<string | null>(null);
  const [sn, setSn] = useState('');
  const accuracy = useAccuracy(
    { month, departmentCode: departmentCode ?? undefined, sn: sn.trim() || undefined },
    lang,
  );
  const data = accuracy.data;
  const stale = accuracy.isPlaceholderData;
  const excel = useExcel();
  const option = useMemo(() => (data?.meters.length ? differenceOption(data.meters, t) : null), [data, t]);

  const meterColumns = [
    { key: 'sn', dataIndex: 'sn', title: t('qcAnalysis.sn') },
    { key: 'model', title: t('qcAnalysis.model'), render: (_: unknown, row: Meter) => row.model ?? '—' },
    {
      key: 'department',
      title: t('qcAnalysis.department'),
      render: (_: unknown, row: Meter) => row.departmentName ?? row.departmentCode ?? '—',
    },
    { key: 'pairs', dataIndex: 'pairs', title: t('qcAnalysis.accuracy.pairs'), align: 'right' as const },
    { key: 'within', dataIndex: 'within', title: t('qcAnalysis.accuracy.within'), align: 'right' as const },
    {
      key: 'share',
      title: t('qcAnalysis.accuracy.withinShare'),
      align: 'right' as const,
      render: (_: unknown, row: Meter) => (
        <span data-testid="qc-accuracy-share">
          {figure(row.withinShare, '%')}{' '}
          {row.meetsIso === null ? null : (
            <Tag color={row.meetsIso ? 'success' : 'error'}>
              {t(row.meetsIso ? 'qcAnalysis.accuracy.meets' : 'qcAnalysis.accuracy.fails')}
            </Tag>
          )}
        </span>
      ),
    },
    {
      key: 'bias',
      title: t('qcAnalysis.accuracy.meanBias'),
      align: 'right' as const,
      render: (_: unknown, row: Meter) => figure(row.meanBias),
    },
    {
      key: 'biasPercent',
      title: t('qcAnalysis.accuracy.meanBiasPercent'),
      align: 'right' as const,
      render: (_: unknown, row: Meter) => figure(row.meanBiasPercent, '%'),
    },
  ];
  const pairColumns = [
    {
      key: 'time',
      title: t('qcAnalysis.accuracy.testTime'),
      render: (_: unknown, row: Pair) => dateTimeInZone(row.testTime, hospitalZone()),
    },
    { key: 'patient', dataIndex: 'patientName', title: t('qcAnalysis.accuracy.patient') },
    { key: 'meter', dataIndex: 'meter', title: t('qcAnalysis.accuracy.meter'), align: 'right' as const },
    {
      key: 'reference',
      dataIndex: 'reference',
      title: t('qcAnalysis.accuracy.reference'),
      align: 'right' as const,
    },
    {
      key: 'minutes',
      dataIndex: 'minutesApart',
      title: t('qcAnalysis.accuracy.minutesApart'),
      align: 'right' as const,
    },
    {
      key: 'difference',
      title: t('qcAnalysis.accuracy.difference'),
      align: 'right' as const,
      render: (_: unknown, row: Pair) => `${row.difference} (${row.differencePercent}%)`,
    },
    {
      key: 'within',
      title: t('qcAnalysis.accuracy.iso'),
      render: (_: unknown, row: Pair) => (
        <Tag color={row.within ? 'success' : 'error'}>
          {t(row.within ? 'qcAnalysis.accuracy.inLimits' : 'qcAnalysis.accuracy.outOfLimits')}
        </Tag>
      ),
    },
  ];

  const runExport = () =>
    data &&
    void excel.run(
      `${t('qcAnalysis.accuracy.fileName')} ${data.month}`,
      t('qcAnalysis.accuracy.pairs'),
      [
        { title: t('qcAnalysis.sn'), dataIndex: 'sn' },
        {
          title: t('qcAnalysis.accuracy.testTime'),
          dataIndex: 'testTime',
          render: (value) => dateTimeInZone(String(value), hospitalZone()),
        },
        { title: t('qcAnalysis.accuracy.patient'), dataIndex: 'patientName' },
        { title: t('qcAnalysis.accuracy.meter'), dataIndex: 'meter' },
        { title: t('qcAnalysis.accuracy.reference'), dataIndex: 'reference' },
        { title: t('qcAnalysis.accuracy.minutesApart'), dataIndex: 'minutesApart' },
        { title: t('qcAnalysis.accuracy.difference'), dataIndex: 'difference' },
        { title: `${t('qcAnalysis.accuracy.difference')} %`, dataIndex: 'differencePercent' },
        {
          title: t('qcAnalysis.accuracy.iso'),
          dataIndex: 'within',
          render: (value) => t(value ? 'qcAnalysis.accuracy.inLimits' : 'qcAnalysis.accuracy.outOfLimits'),
        },
      ],
      data.meters.flatMap((meter) => meter.records.map((pair) => ({ ...pair, sn: meter.sn }))),
    );

  return (
    <PageWrapper
      ref={page}
      title={t('qcAnalysis.accuracy.title')}
      description={t('qcAnalysis.accuracy.intro')}
      testId="qc-accuracy-page"
      className="gc-stats-page"
      extra={
        <StatisticsActions
          page={page}
          ready={!!data && !stale}
          canExport={!!data && data.meters.length > 0}
          exporting={excel.exporting}
          onExport={runExport}
        />
      }
    >
      <div className="gc-stats-toolbar" data-testid="qc-accuracy-filters">
        <MonthPicker value={month} onChange={setMonth} />
        <WardAndMeterFilters
          departmentCode={departmentCode}
          onDepartment={setDepartmentCode}
          onSn={setSn}
          testId="qc-accuracy"
        />
      </div>
      <StatisticsLoadState query={accuracy} />
      {data ? (
        <div className={stale ? 'gc-stats-body gc-stats-stale' : 'gc-stats-body'}>
          <StatisticsSection title={t('qcAnalysis.accuracy.plot')}>
            {option ? (
              <EChart
                option={option}
                height={compact ? 280 : 340}
                ariaLabel={t('qcAnalysis.accuracy.plot')}
                testId="qc-accuracy-chart"
              />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('qcAnalysis.accuracy.empty')} />
            )}
          </StatisticsSection>
          <StatisticsSection title={t('qcAnalysis.accuracy.meters')}>
            <Table<Meter>
              size="small"
              bordered
              rowKey="sn"
              pagination={false}
              scroll={{ x: 'max-content' }}
              dataSource={data.meters}
              columns={meterColumns}
              data-testid="qc-accuracy-meters"
              expandable={{
                expandedRowRender: (meter) => (
                  <Table<Pair>
                    size="small"
                    rowKey="measurementId"
                    pagination={false}
                    scroll={{ x: 'max-content' }}
                    dataSource={meter.records}
                    columns={pairColumns}
                  />
                ),
              }}
              locale={{ emptyText: <TableEmpty text={t('qcAnalysis.accuracy.empty')} /> }}
            />
          </StatisticsSection>
        </div>
      ) : null}
    </PageWrapper>
  );
}
