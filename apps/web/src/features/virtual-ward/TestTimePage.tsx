import { Empty, Table } from 'antd';
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
import { formatCount, formatRate } from '../statistics/statistics-format';
import '../statistics/statistics.css';
import { useStatisticsRange } from './ChartRangeToolbar';
import type { ChartOption } from './outcome-format';
import { type TestTimeView, useTestTime } from './statistics-api';

type PeriodRow = TestTimeView['periods'][number];

/**
 * `/virtualward/testtime` (测试时间统计): when the virtual ward's patients were measured during their
 * stays — readings per hour of the hospital's clock (a chart), per glucose period with the share inside
 * the period's window, and the measurements missed with their reasons; Excel and print.
 */
export default function TestTimePage() {
  const { t } = useTranslation();
  const lang = currentLang();
  const compact = useDevice() === 'mobile';
  const page = useRef<HTMLDivElement>(null);
  const [exporting, setExporting] = useState(false);
  const range = useStatisticsRange();
  const testTime = useTestTime(range.query, lang);
  const data = range.query ? testTime.data : undefined;
  const stale = testTime.isPlaceholderData;

  const option = useMemo(
    (): ChartOption | null =>
      data
        ? ({
            grid: { left: 40, right: 16, top: 16, bottom: 32 },
            tooltip: { trigger: 'axis' },
            xAxis: { type: 'category', data: data.hours.map((h) => String(h.hour).padStart(2, '0')) },
            yAxis: { type: 'value', minInterval: 1 },
            series: [
              {
                type: 'bar',
                name: t('vwStats.readings'),
                data: data.hours.map((h) => h.readings),
                itemStyle: { color: '#0e7c86' },
              },
            ],
          } as ChartOption)
        : null,
    [data, t],
  );

  const runExport = async () => {
    if (!data) return;
    setExporting(true);
    try {
      await exportToExcel({
        fileName: `${t('vwStats.testTime.fileName')} ${data.beginDate}_${data.endDate}`,
        sheetName: t('vwStats.testTime.byPeriod'),
        columns: [
          { title: t('vwStats.testTime.period'), dataIndex: 'periodName' },
          { title: t('vwStats.readings'), dataIndex: 'readings' },
          { title: t('vwStats.testTime.inWindow'), dataIndex: 'inWindow' },
          { title: t('vwStats.testTime.early'), dataIndex: 'early' },
          { title: t('vwStats.testTime.late'), dataIndex: 'late' },
          { title: t('vwStats.testTime.inWindowShare'), dataIndex: 'inWindowShare' },
        ],
        rows: data.periods,
      });
      toastSuccess(t('excel.exported', { count: data.periods.length }));
    } catch (failure) {
      if (!isAbort(failure)) toastError(t('excel.exportFailed'));
    } finally {
      setExporting(false);
    }
  };

  return (
    <PageWrapper
      ref={page}
      title={t('vwStats.testTime.title')}
      description={t('vwStats.testTime.intro')}
      testId="vw-testtime-page"
      className="gc-stats-page"
      extra={
        <StatisticsActions
          page={page}
          ready={!!data && !stale}
          canExport={!!data && data.periods.length > 0}
          exporting={exporting}
          onExport={() => void runExport()}
        />
      }
    >
      {range.toolbar()}
      {range.query ? <StatisticsLoadState query={testTime} /> : null}
      {data ? (
        <div className={stale ? 'gc-stats-body gc-stats-stale' : 'gc-stats-body'}>
          <StatisticsSection title={t('vwStats.testTime.byHour')} testId="testtime-hours">
            {data.readings > 0 && option ? (
              <EChart
                option={option}
                height={compact ? 240 : 280}
                ariaLabel={t('vwStats.testTime.byHour')}
                testId="testtime-chart"
              />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('vwStats.testTime.empty')} />
            )}
          </StatisticsSection>
          <StatisticsSection title={t('vwStats.testTime.byPeriod')}>
            <Table<PeriodRow>
              size="small"
              bordered
              rowKey="periodCode"
              pagination={false}
              scroll={{ x: 'max-content' }}
              dataSource={data.periods}
              data-testid="testtime-periods"
              locale={{ emptyText: <TableEmpty text={t('vwStats.testTime.empty')} /> }}
              columns={[
                { key: 'name', dataIndex: 'periodName', title: t('vwStats.testTime.period') },
                ...(['readings', 'inWindow', 'early', 'late'] as const).map((key) => ({
                  key,
                  dataIndex: key,
                  title: key === 'readings' ? t('vwStats.readings') : t(`vwStats.testTime.${key}`),
                  align: 'right' as const,
                  render: (value: number) => formatCount(value, lang),
                })),
                {
                  key: 'share',
                  dataIndex: 'inWindowShare',
                  title: t('vwStats.testTime.inWindowShare'),
                  align: 'right',
                  render: (value: number | null) => formatRate(value),
                },
              ]}
            />
          </StatisticsSection>
          <StatisticsSection
            title={`${t('vwStats.testTime.missed')} (${formatCount(data.missedTotal, lang)})`}
          >
            <Table
              size="small"
              bordered
              rowKey="reason"
              pagination={false}
              dataSource={data.missed}
              data-testid="testtime-missed"
              locale={{ emptyText: <TableEmpty text={t('vwStats.testTime.noMissed')} /> }}
              columns={[
                { key: 'reason', dataIndex: 'reasonName', title: t('vwStats.testTime.reason') },
                { key: 'count', dataIndex: 'count', title: t('vwStats.testTime.count'), align: 'right' },
              ]}
            />
          </StatisticsSection>
        </div>
      ) : null}
    </PageWrapper>
  );
}
