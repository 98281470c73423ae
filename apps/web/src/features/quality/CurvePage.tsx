import { Empty, Segmented, Select, Table } from 'antd';
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
import { type QcCurveView, useCurve } from './analysis-api';
import { currentMonth, figure, MonthPicker, RuleTags, useExcel, violationText } from './analysis-parts';

type Point = QcCurveView['points'][number];

const RED = '#cf1322';
const AMBER = '#d48806';
const TEAL = '#0e7c86';
const colourOf = (point: Point) =>
  point.result === 'fail' || point.rejected ? RED : point.violations.length ? AMBER : TEAL;

/** The chart: the month's runs in time order, the target and ±1/2/3 SD as mark lines, failures red. */
function curveOption(data: QcCurveView, t: TFunction) {
  const labels = data.points.map((point) => dateTimeInZone(point.testedAt, hospitalZone()).slice(5, 16));
  const lines = data.lines;
  const markLine = (value: number, name: string, color: string, type: 'solid' | 'dashed' | 'dotted') => ({
    yAxis: value,
    name,
    label: { formatter: `${name} ${value}`, position: 'insideEndTop', color, fontSize: 10 },
    lineStyle: { color, type, width: 1 },
  });
  const marks =
    lines && data.target !== null
      ? [
          markLine(data.target, t('qcAnalysis.curve.mean'), '#1f1f1f', 'solid'),
          markLine(lines.plus1, '+1SD', '#8c8c8c', 'dotted'),
          markLine(lines.minus1, '-1SD', '#8c8c8c', 'dotted'),
          markLine(lines.plus2, '+2SD', AMBER, 'dashed'),
          markLine(lines.minus2, '-2SD', AMBER, 'dashed'),
          markLine(lines.plus3, '+3SD', RED, 'solid'),
          markLine(lines.minus3, '-3SD', RED, 'solid'),
        ]
      : [];
  const values = data.points.flatMap((point) => (point.value === null ? [] : [point.value]));
  const low = Math.min(...values, lines?.minus3 ?? Number.POSITIVE_INFINITY);
  const high = Math.max(...values, lines?.plus3 ?? Number.NEGATIVE_INFINITY);
  const pad = (high - low) * 0.08 || 1;
  return {
    grid: { left: 48, right: 72, top: 16, bottom: 40 },
    tooltip: {
      trigger: 'item',
      formatter: (params: { dataIndex: number }) => {
        const point = data.points[params.dataIndex];
        if (!point) return '';
        const rules = point.violations.length ? point.violations.join(', ') : t('qcAnalysis.curve.noRule');
        return [
          dateTimeInZone(point.testedAt, hospitalZone()),
          `${t('qcAnalysis.value')}: ${figure(point.value)}  z = ${figure(point.z)}`,
          `${t('qcAnalysis.result')}: ${t(`qcAnalysis.results.${point.result}`)}`,
          `${t('qcAnalysis.rules')}: ${rules}`,
        ].join('<br/>');
      },
    },
    xAxis: { type: 'category', data: labels, axisLabel: { hideOverlap: true } },
    yAxis: {
      type: 'value',
      min: Math.floor((low - pad) * 10) / 10,
      max: Math.ceil((high + pad) * 10) / 10,
      name: 'mmol/L',
    },
    series: [
      {
        type: 'line',
        name: t('qcAnalysis.value'),
        data: data.points.map((point) => ({
          value: point.value,
          symbolSize: colourOf(point) === TEAL ? 7 : 11,
          itemStyle: { color: colourOf(point) },
        })),
        lineStyle: { color: TEAL, width: 1.5 },
        symbol: 'circle',
        // every run keeps its symbol (ECharts thins them out on a dense axis): a red one must show
        showAllSymbol: true,
        markLine: { symbol: 'none', silent: true, data: marks },
      },
    ],
  };
}

/**
 * `/quality/curve` (质控图（L-J图）): one analyzer's control runs of a level and lot over a hospital month
 * on the Levey-Jennings chart — the target and ±1/2/3 SD lines, violations red with the rule in the
 * tooltip, warnings amber — the month's n, mean, SD, CV and pass rate, and the runs below; print, Excel.
 */
export default function CurvePage() {
  const { t } = useTranslation();
  const lang = currentLang();
  const compact = useDevice() === 'mobile';
  const page = useRef<HTMLDivElement>(null);
  const [analyzerId, setAnalyzerId] = useState<number | undefined>();
  const [month, setMonth] = useState(currentMonth);
  const [level, setLevel] = useState(1);
  const [lot, setLot] = useState<string | undefined>();
  const query = { analyzerId, month, level, lot };
  const curve = useCurve(query, lang);
  const data = curve.data;
  const stale = curve.isPlaceholderData;
  const excel = useExcel();
  const option = useMemo(() => (data?.points.length ? curveOption(data, t) : null), [data, t]);

  const columns = [
    {
      key: 'time',
      title: t('qcAnalysis.testedAt'),
      render: (_: unknown, point: Point) => dateTimeInZone(point.testedAt, hospitalZone()),
    },
    {
      key: 'value',
      title: t('qcAnalysis.value'),
      align: 'right' as const,
      render: (_: unknown, point: Point) => figure(point.value),
    },
    { key: 'z', title: 'z', align: 'right' as const, render: (_: unknown, point: Point) => figure(point.z) },
    {
      key: 'result',
      title: t('qcAnalysis.result'),
      render: (_: unknown, point: Point) => (
        <span style={{ color: point.result === 'fail' ? RED : undefined }}>
          {t(`qcAnalysis.results.${point.result}`)}
        </span>
      ),
    },
    {
      key: 'rules',
      title: t('qcAnalysis.rules'),
      render: (_: unknown, point: Point) => <RuleTags violations={point.violations} />,
    },
    { key: 'strip', title: t('qcAnalysis.stripLot'), dataIndex: 'stripLot' },
    { key: 'tester', title: t('qcAnalysis.tester'), dataIndex: 'testerName' },
    {
      key: 'reason',
      title: t('qcAnalysis.failureReason'),
      render: (_: unknown, point: Point) =>
        [point.failureReason, point.improvementActions].filter(Boolean).join(' / ') || '—',
    },
  ];

  const runExport = () =>
    data &&
    void excel.run(
      `${t('qcAnalysis.curve.fileName')} ${data.analyzer?.sn ?? ''} ${data.month} L${data.level}`,
      t('qcAnalysis.curve.runs'),
      [
        {
          title: t('qcAnalysis.testedAt'),
          dataIndex: 'testedAt',
          render: (value) => dateTimeInZone(String(value), hospitalZone()),
        },
        { title: t('qcAnalysis.value'), dataIndex: 'value' },
        { title: 'z', dataIndex: 'z' },
        {
          title: t('qcAnalysis.result'),
          dataIndex: 'result',
          render: (value) => t(`qcAnalysis.results.${String(value)}`),
        },
        { title: t('qcAnalysis.rules'), dataIndex: 'violations' },
        { title: t('qcAnalysis.stripLot'), dataIndex: 'stripLot' },
        { title: t('qcAnalysis.tester'), dataIndex: 'testerName' },
        { title: t('qcAnalysis.failureReason'), dataIndex: 'failureReason' },
        { title: t('qcAnalysis.actions'), dataIndex: 'improvementActions' },
      ],
      data.points,
    );

  const figures = data?.figures;
  return (
    <PageWrapper
      ref={page}
      title={t('qcAnalysis.curve.title')}
      description={t('qcAnalysis.curve.intro')}
      testId="qc-curve-page"
      className="gc-stats-page"
      extra={
        <StatisticsActions
          page={page}
          ready={!!data && !stale}
          canExport={!!data && data.points.length > 0}
          exporting={excel.exporting}
          onExport={runExport}
        />
      }
    >
      <div className="gc-stats-toolbar" data-testid="qc-curve-filters">
        <Select
          showSearch
          optionFilterProp="label"
          style={{ minWidth: 220 }}
          placeholder={t('qcAnalysis.analyzer')}
          value={data?.analyzer?.analyzerId}
          onChange={(value: number) => {
            setAnalyzerId(value);
            setLot(undefined);
          }}
          options={(data?.analyzers ?? []).map((analyzer) => ({
            value: analyzer.analyzerId,
            label: `${analyzer.sn} · ${analyzer.departmentName ?? analyzer.departmentCode}`,
          }))}
          aria-label={t('qcAnalysis.analyzer')}
          data-testid="qc-curve-analyzer"
        />
        <MonthPicker
          value={month}
          onChange={(value) => {
            setMonth(value);
            setLot(undefined);
          }}
        />
        <Segmented
          value={level}
          onChange={(value) => {
            setLevel(Number(value));
            setLot(undefined);
          }}
          options={[0, 1, 2].map((value) => ({ value, label: t(`qcAnalysis.levels.${value}`) }))}
          data-testid="qc-curve-level"
        />
        <Select
          style={{ minWidth: 150 }}
          placeholder={t('qcAnalysis.controlLot')}
          value={data?.lot ?? undefined}
          onChange={(value: string) => setLot(value)}
          options={(data?.lots ?? []).map((value) => ({ value, label: value }))}
          aria-label={t('qcAnalysis.controlLot')}
          data-testid="qc-curve-lot"
        />
      </div>
      <StatisticsLoadState query={curve} />
      {data ? (
        <div className={stale ? 'gc-stats-body gc-stats-stale' : 'gc-stats-body'}>
          {data.analyzer ? (
            <p className="gc-secondary" data-testid="qc-curve-heading">
              {t('qcAnalysis.curve.heading', {
                sn: data.analyzer.sn,
                model: data.analyzer.model,
                department: data.analyzer.departmentName ?? data.analyzer.departmentCode,
                month: data.month,
                level: t(`qcAnalysis.levels.${data.level}`),
                lot: data.lot ?? '—',
                target: figure(data.target),
                sd: figure(data.sd),
              })}
              {' · '}
              <span data-testid="qc-figure-violations">
                {t('qcAnalysis.figures.violations')}: {violationText(figures?.violationCounts ?? {})}
              </span>
            </p>
          ) : null}
          {figures ? (
            <div className="gc-stats-tiles" data-testid="qc-curve-figures">
              {(
                [
                  ['n', String(figures.n)],
                  ['mean', figure(figures.mean)],
                  ['sd', figure(figures.sd)],
                  ['cv', figure(figures.cv, '%')],
                  ['passRate', figure(figures.passRate, '%')],
                ] as const
              ).map(([key, text]) => (
                <div className="gc-stats-tile" key={key}>
                  <div className="gc-stats-tile-label">{t(`qcAnalysis.figures.${key}`)}</div>
                  <div className="gc-stats-tile-value" data-testid={`qc-figure-${key}`}>
                    {text}
                  </div>
                </div>
              ))}
            </div>
          ) : null}
          <StatisticsSection title={t('qcAnalysis.curve.chart')} testId="qc-curve-chart-section">
            {option ? (
              <EChart
                option={option}
                height={compact ? 280 : 360}
                ariaLabel={t('qcAnalysis.curve.chart')}
                testId="qc-curve-chart"
              />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('qcAnalysis.curve.empty')} />
            )}
          </StatisticsSection>
          <StatisticsSection title={t('qcAnalysis.curve.runs')}>
            <Table<Point>
              size="small"
              bordered
              rowKey="id"
              pagination={false}
              scroll={{ x: 'max-content' }}
              dataSource={data.points}
              columns={columns}
              data-testid="qc-curve-points"
              rowClassName={(point) => (point.result === 'fail' ? 'gc-qc-fail' : '')}
              locale={{ emptyText: <TableEmpty text={t('qcAnalysis.curve.empty')} /> }}
            />
          </StatisticsSection>
        </div>
      ) : null}
    </PageWrapper>
  );
}
