import { Empty, Table } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDevice } from '../../app/preferences';
import { EChart } from '../../components/EChart';
import { PageWrapper, TableEmpty } from '../../components/PageWrapper';
import { currentLang } from '../../i18n';
import { StatisticsActions, StatisticsLoadState, StatisticsSection } from '../statistics/StatisticsParts';
import '../statistics/statistics.css';
import { useStatisticsRange } from '../virtual-ward/ChartRangeToolbar';
import { type QcStatisticsView, useQcStatistics } from './analysis-api';
import { figure, useExcel, violationText, WardAndMeterFilters } from './analysis-parts';

type AnalyzerRow = QcStatisticsView['analyzers'][number];
type DepartmentRow = QcStatisticsView['departments'][number];

/**
 * `/quality/statistics` (质控统计): QC runs of the hospital days picked — per analyzer, level, control
 * lot and month (runs, passes, pass rate, mean, SD, CV, rules broken; CLSI C24) and per department and
 * month, with a chart of the pass rate by department; Excel and print.
 */
export default function QcStatisticsPage() {
  const { t } = useTranslation();
  const lang = currentLang();
  const compact = useDevice() === 'mobile';
  const page = useRef<HTMLDivElement>(null);
  const range = useStatisticsRange();
  const [departmentCode, setDepartmentCode] = useState<string | null>(null);
  const [sn, setSn] = useState('');
  const query = range.query
    ? { ...range.query, departmentCode: departmentCode ?? undefined, sn: sn.trim() || undefined }
    : null;
  const statistics = useQcStatistics(query, lang);
  const data = query ? statistics.data : undefined;
  const stale = statistics.isPlaceholderData;
  const excel = useExcel();

  const option = useMemo(() => {
    if (!data?.departments.length) return null;
    const names = [...new Set(data.departments.map((row) => row.departmentName ?? row.departmentCode))];
    const months = [...new Set(data.departments.map((row) => row.month))];
    return {
      grid: { left: 48, right: 16, top: 32, bottom: 40 },
      legend: { top: 0 },
      tooltip: { trigger: 'axis', valueFormatter: (value: number | null) => figure(value, '%') },
      xAxis: { type: 'category', data: names, axisLabel: { interval: 0, hideOverlap: true } },
      yAxis: { type: 'value', min: 0, max: 100, axisLabel: { formatter: '{value}%' } },
      series: months.map((month) => ({
        type: 'bar',
        name: month,
        data: names.map(
          (name) =>
            data.departments.find(
              (row) => row.month === month && (row.departmentName ?? row.departmentCode) === name,
            )?.passRate ?? null,
        ),
      })),
    };
  }, [data]);

  const analyzerColumns = [
    { key: 'month', dataIndex: 'month', title: t('qcAnalysis.month') },
    {
      key: 'department',
      title: t('qcAnalysis.department'),
      render: (_: unknown, row: AnalyzerRow) => row.departmentName ?? row.departmentCode,
    },
    { key: 'sn', dataIndex: 'sn', title: t('qcAnalysis.sn') },
    {
      key: 'level',
      title: t('qcAnalysis.level'),
      render: (_: unknown, row: AnalyzerRow) => t(`qcAnalysis.levels.${row.level}`),
    },
    { key: 'lot', dataIndex: 'controlLot', title: t('qcAnalysis.controlLot') },
    ...(['runs', 'passes'] as const).map((key) => ({
      key,
      dataIndex: key,
      title: t(`qcAnalysis.figures.${key}`),
      align: 'right' as const,
    })),
    ...(['passRate', 'mean', 'sd', 'cv'] as const).map((key) => ({
      key,
      title: t(`qcAnalysis.figures.${key}`),
      align: 'right' as const,
      render: (_: unknown, row: AnalyzerRow) =>
        figure(row[key], key === 'passRate' || key === 'cv' ? '%' : ''),
    })),
    {
      key: 'violations',
      title: t('qcAnalysis.figures.violations'),
      render: (_: unknown, row: AnalyzerRow) => violationText(row.violationCounts),
    },
  ];
  const departmentColumns = [
    { key: 'month', dataIndex: 'month', title: t('qcAnalysis.month') },
    {
      key: 'department',
      title: t('qcAnalysis.department'),
      render: (_: unknown, row: DepartmentRow) => row.departmentName ?? row.departmentCode,
    },
    ...(['analyzers', 'runs', 'passes'] as const).map((key) => ({
      key,
      dataIndex: key,
      title: t(`qcAnalysis.figures.${key}`),
      align: 'right' as const,
    })),
    {
      key: 'passRate',
      title: t('qcAnalysis.figures.passRate'),
      align: 'right' as const,
      render: (_: unknown, row: DepartmentRow) => figure(row.passRate, '%'),
    },
    {
      key: 'violations',
      title: t('qcAnalysis.figures.violations'),
      render: (_: unknown, row: DepartmentRow) => violationText(row.violationCounts),
    },
  ];

  const runExport = () =>
    data &&
    void excel.run(
      `${t('qcAnalysis.statistics.fileName')} ${data.beginDate}_${data.endDate}`,
      t('qcAnalysis.statistics.byAnalyzer'),
      [
        { title: t('qcAnalysis.month'), dataIndex: 'month' },
        { title: t('qcAnalysis.department'), dataIndex: 'departmentName' },
        { title: t('qcAnalysis.sn'), dataIndex: 'sn' },
        { title: t('qcAnalysis.level'), dataIndex: 'level' },
        { title: t('qcAnalysis.controlLot'), dataIndex: 'controlLot' },
        { title: t('qcAnalysis.figures.runs'), dataIndex: 'runs' },
        { title: t('qcAnalysis.figures.passes'), dataIndex: 'passes' },
        { title: t('qcAnalysis.figures.passRate'), dataIndex: 'passRate' },
        { title: t('qcAnalysis.figures.mean'), dataIndex: 'mean' },
        { title: t('qcAnalysis.figures.sd'), dataIndex: 'sd' },
        { title: t('qcAnalysis.figures.cv'), dataIndex: 'cv' },
        {
          title: t('qcAnalysis.figures.violations'),
          dataIndex: 'violationCounts',
          render: (value) => violationText(value as Record<string, number>),
        },
      ],
      data.analyzers,
    );

  return (
    <PageWrapper
      ref={page}
      title={t('qcAnalysis.statistics.title')}
      description={t('qcAnalysis.statistics.intro')}
      testId="qc-statistics-page"
      className="gc-stats-page"
      extra={
        <StatisticsActions
          page={page}
          ready={!!data && !stale}
          canExport={!!data && data.analyzers.length > 0}
          exporting={excel.exporting}
          onExport={runExport}
        />
      }
    >
      {range.toolbar(
        <WardAndMeterFilters
          departmentCode={departmentCode}
          onDepartment={setDepartmentCode}
          onSn={setSn}
          testId="qc-statistics"
        />,
      )}
      {query ? <StatisticsLoadState query={statistics} /> : null}
      {data ? (
        <div className={stale ? 'gc-stats-body gc-stats-stale' : 'gc-stats-body'}>
          <div className="gc-stats-tiles" data-testid="qc-statistics-total">
            {(
              [
                ['runs', String(data.total.runs)],
                ['passes', String(data.total.passes)],
                ['passRate', figure(data.total.passRate, '%')],
              ] as const
            ).map(([key, text]) => (
              <div className="gc-stats-tile" key={key}>
                <div className="gc-stats-tile-label">{t(`qcAnalysis.figures.${key}`)}</div>
                <div className="gc-stats-tile-value">{text}</div>
              </div>
            ))}
          </div>
          <StatisticsSection title={t('qcAnalysis.statistics.chart')}>
            {option ? (
              <EChart
                option={option}
                height={compact ? 260 : 300}
                ariaLabel={t('qcAnalysis.statistics.chart')}
                testId="qc-statistics-chart"
              />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('qcAnalysis.statistics.empty')} />
            )}
          </StatisticsSection>
          <StatisticsSection title={t('qcAnalysis.statistics.byDepartment')}>
            <Table<DepartmentRow>
              size="small"
              bordered
              rowKey={(row) => `${row.month}-${row.departmentCode}`}
              pagination={false}
              scroll={{ x: 'max-content' }}
              dataSource={data.departments}
              columns={departmentColumns}
              data-testid="qc-statistics-departments"
              locale={{ emptyText: <TableEmpty text={t('qcAnalysis.statistics.empty')} /> }}
            />
          </StatisticsSection>
          <StatisticsSection title={t('qcAnalysis.statistics.byAnalyzer')}>
            <Table<AnalyzerRow>
              size="small"
              bordered
              rowKey={(row) => `${row.month}-${row.analyzerId}-${row.level}-${row.controlLot}`}
              pagination={false}
              scroll={{ x: 'max-content' }}
              dataSource={data.analyzers}
              columns={analyzerColumns}
              data-testid="qc-statistics-analyzers"
              locale={{ emptyText: <TableEmpty text={t('qcAnalysis.statistics.empty')} /> }}
            />
          </StatisticsSection>
        </div>
      ) : null}
    </PageWrapper>
  );
}
