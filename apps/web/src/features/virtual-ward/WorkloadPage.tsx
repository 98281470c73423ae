import { Empty, Segmented, Table } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAbort } from '../../api/http';
import { toastError, toastSuccess } from '../../app/notify';
import { useDevice } from '../../app/preferences';
import { EChart } from '../../components/EChart';
import { exportToExcel } from '../../components/excel';
import { PageWrapper, TableEmpty } from '../../components/PageWrapper';
import { currentLang } from '../../i18n';
import { StatisticsActions, StatisticsLoadState, StatisticsSection } from '../statistics/StatisticsParts';
import { formatCount } from '../statistics/statistics-format';
import '../statistics/statistics.css';
import { useStatisticsRange } from './ChartRangeToolbar';
import type { ChartOption } from './outcome-format';
import { useWorkload, type WorkloadView } from './statistics-api';

type WorkRow = WorkloadView['rows'][number];
const COUNTS = ['reviews', 'followups', 'joins', 'exits'] as const;

/**
 * `/virtualward/workload` (工作量统计): per specialist and day (or month) the reviews, other follow-ups,
 * joins and exits; per period the patients managed (a chart with the reviews); the per-specialist
 * totals; Excel and print.
 */
export default function WorkloadPage() {
  const { t } = useTranslation();
  const lang = currentLang();
  const compact = useDevice() === 'mobile';
  const page = useRef<HTMLDivElement>(null);
  const [groupBy, setGroupBy] = useState<'day' | 'month'>('day');
  const [exporting, setExporting] = useState(false);
  const range = useStatisticsRange();
  const workload = useWorkload(range.query, groupBy);
  const data = range.query ? workload.data : undefined;
  const stale = workload.isPlaceholderData;

  const option = useMemo((): ChartOption | null => {
    if (!data) return null;
    const reviews = new Map<string, number>();
    for (const row of data.rows) reviews.set(row.period, (reviews.get(row.period) ?? 0) + row.reviews);
    return {
      grid: { left: 48, right: 24, top: 40, bottom: 32 },
      legend: { top: 0 },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: data.managed.map((m) => m.period) },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        {
          type: 'bar',
          name: t('vwStats.workload.managed'),
          data: data.managed.map((m) => m.patients),
          itemStyle: { color: 'rgba(14, 124, 134, 0.35)' },
          barMaxWidth: 28,
        },
        {
          type: 'line',
          name: t('vwStats.workload.reviews'),
          data: data.managed.map((m) => reviews.get(m.period) ?? 0),
          itemStyle: { color: '#1677ff' },
        },
      ],
    } as ChartOption;
  }, [data, t]);

  const countColumns = COUNTS.map((key) => ({
    key,
    dataIndex: key,
    title: t(`vwStats.workload.${key}`),
    align: 'right' as const,
    render: (value: number) => formatCount(value, lang),
  }));

  const runExport = async () => {
    if (!data) return;
    setExporting(true);
    try {
      const rows: (WorkRow & { managed?: number })[] = data.rows;
      await exportToExcel({
        fileName: `${t('vwStats.workload.fileName')} ${data.beginDate}_${data.endDate}`,
        sheetName: t('vwStats.workload.title'),
        columns: [
          { title: t('vwStats.workload.period'), dataIndex: 'period' },
          { title: t('vwStats.workload.specialist'), dataIndex: 'specialistName' },
          ...COUNTS.map((key) => ({ title: t(`vwStats.workload.${key}`), dataIndex: key })),
        ],
        rows,
      });
      toastSuccess(t('excel.exported', { count: rows.length }));
    } catch (failure) {
      if (!isAbort(failure)) toastError(t('excel.exportFailed'));
    } finally {
      setExporting(false);
    }
  };

  return (
    <PageWrapper
      ref={page}
      title={t('vwStats.workload.title')}
      description={t('vwStats.workload.intro')}
      testId="vw-workload-page"
      className="gc-stats-page"
      extra={
        <StatisticsActions
          page={page}
          ready={!!data && !stale}
          canExport={!!data && data.rows.length > 0}
          exporting={exporting}
          onExport={() => void runExport()}
        />
      }
    >
      {range.toolbar(
        <Segmented<'day' | 'month'>
          value={groupBy}
          onChange={setGroupBy}
          options={[
            { value: 'day', label: t('vwStats.workload.groupBy.day') },
            { value: 'month', label: t('vwStats.workload.groupBy.month') },
          ]}
          data-testid="workload-group"
        />,
      )}
      {range.query ? <StatisticsLoadState query={workload} /> : null}
      {data ? (
        <div className={stale ? 'gc-stats-body gc-stats-stale' : 'gc-stats-body'}>
          <div className="gc-stats-tiles" data-testid="workload-tiles">
            {[...COUNTS, 'patients' as const].map((key) => (
              <div className="gc-stats-tile" key={key}>
                <div className="gc-stats-tile-label">
                  {t(key === 'patients' ? 'vwStats.workload.managed' : `vwStats.workload.${key}`)}
                </div>
                <div className="gc-stats-tile-value" data-testid={`workload-total-${key}`}>
                  {formatCount(data.total[key], lang)}
                </div>
              </div>
            ))}
          </div>
          <StatisticsSection title={t('vwStats.workload.chartTitle')}>
            {option && data.managed.some((m) => m.patients > 0) ? (
              <EChart
                option={option}
                height={compact ? 260 : 300}
                ariaLabel={t('vwStats.workload.chartTitle')}
                testId="workload-chart"
              />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('vwStats.workload.empty')} />
            )}
          </StatisticsSection>
          <StatisticsSection title={t('vwStats.workload.bySpecialist')}>
            <Table
              size="small"
              bordered
              rowKey="specialistId"
              pagination={false}
              scroll={{ x: 'max-content' }}
              dataSource={data.specialists}
              data-testid="workload-specialists"
              locale={{ emptyText: <TableEmpty text={t('vwStats.workload.empty')} /> }}
              columns={[
                { key: 'name', dataIndex: 'specialistName', title: t('vwStats.workload.specialist') },
                ...countColumns,
              ]}
            />
          </StatisticsSection>
          <StatisticsSection title={t('vwStats.workload.byPeriod')}>
            <Table<WorkRow>
              size="small"
              bordered
              rowKey={(row) => `${row.period}|${row.specialistId}`}
              pagination={{ pageSize: 20, hideOnSinglePage: true }}
              scroll={{ x: 'max-content' }}
              dataSource={data.rows}
              data-testid="workload-rows"
              locale={{ emptyText: <TableEmpty text={t('vwStats.workload.empty')} /> }}
              columns={[
                { key: 'period', dataIndex: 'period', title: t('vwStats.workload.period') },
                { key: 'name', dataIndex: 'specialistName', title: t('vwStats.workload.specialist') },
                ...countColumns,
              ]}
            />
          </StatisticsSection>
        </div>
      ) : null}
    </PageWrapper>
  );
}
