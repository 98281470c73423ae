import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DatePicker, Empty } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAbort } from '../../api/http';
import { fetchYearAnalysis, type YearMonthRow } from '../../api/statistics';
import { toastError, toastSuccess } from '../../app/notify';
import { useDevice } from '../../app/preferences';
import { DepartmentTreeSelect } from '../../components/DepartmentTreeSelect';
import { EChart } from '../../components/EChart';
import { exportToExcel } from '../../components/excel';
import { PageWrapper } from '../../components/PageWrapper';
import { currentLang } from '../../i18n';
import { yearChartOption } from './charts';
import {
  StatisticsActions,
  StatisticsLoadState,
  StatisticsSection,
  StatisticsTable,
  StatisticsTiles,
} from './StatisticsParts';
import {
  isFutureYear,
  monthName,
  yearExcelColumns,
  yearExportName,
  yearExportRows,
} from './statistics-format';
import { statisticsKeys, useChartLabels } from './statistics-hooks';
import './statistics.css';
import { hospitalNow } from '../../components/format';

/**
 * `/statistics/year`: the glucose readings of each month of a year in the user's departments (or
 * one): counts and rates of in-target, low, high and critical readings as tiles, a chart and a
 * table with a total row; Excel export built in the browser like every other; print.
 */
export default function YearStatisticsPage() {
  const { t } = useTranslation();
  const lang = currentLang();
  const compact = useDevice() === 'mobile';
  const [year, setYear] = useState(() => hospitalNow().year());
  const [departmentCode, setDepartmentCode] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const page = useRef<HTMLDivElement>(null);
  const labels = useChartLabels();

  const query = useQuery({
    queryKey: statisticsKeys.year(year, departmentCode, lang),
    queryFn: ({ signal }) => fetchYearAnalysis({ year, departmentCode: departmentCode ?? undefined }, signal),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
  const data = query.data;
  const option = useMemo(
    () => (data ? yearChartOption(data, labels, lang, compact) : null),
    [data, labels, lang, compact],
  );

  const runExport = async () => {
    if (!data) return;
    setExporting(true);
    try {
      const rows = yearExportRows(data, lang, t('statistics.total'));
      await exportToExcel({
        fileName: yearExportName(t('statistics.year.fileName'), data),
        sheetName: String(data.year),
        columns: yearExcelColumns(t),
        rows,
      });
      toastSuccess(t('excel.exported', { count: rows.length }));
    } catch (failure) {
      if (!isAbort(failure)) toastError(t('excel.exportFailed'));
    } finally {
      setExporting(false);
    }
  };

  const stale = query.isPlaceholderData;
  return (
    <PageWrapper
      ref={page}
      title={t('statistics.year.title')}
      description={t('statistics.year.intro')}
      testId="year-statistics-page"
      className="gc-stats-page"
      extra={
        <StatisticsActions
          page={page}
          ready={!!data && !stale}
          exporting={exporting}
          onExport={() => void runExport()}
        />
      }
    >
      <div className="gc-stats-toolbar" data-testid="stats-filters">
        <DatePicker
          picker="year"
          className="gc-stats-year"
          allowClear={false}
          value={dayjs().year(year).startOf('year')}
          disabledDate={(value) => isFutureYear(value)}
          onChange={(value) => {
            if (value) setYear(value.year());
          }}
          aria-label={t('statistics.year')}
          data-testid="stats-year"
        />
        <div className="gc-stats-department">
          <DepartmentTreeSelect
            source="scope"
            value={departmentCode}
            onChange={(value) => setDepartmentCode(value === null ? null : String(value))}
            placeholder={t('statistics.allDepartments')}
            data-testid="stats-department"
          />
        </div>
      </div>
      <StatisticsLoadState query={query} />
      {data ? (
        <div className={stale ? 'gc-stats-body gc-stats-stale' : 'gc-stats-body'}>
          <div className="gc-stats-subject" data-testid="stats-subject">
            {data.year} · {data.departmentName}
          </div>
          <StatisticsTiles total={data.total} />
          <StatisticsSection title={t('statistics.year.chartTitle')} testId="stats-chart-section">
            {data.total.testCount > 0 && option ? (
              <EChart
                option={option}
                height={compact ? 300 : 340}
                ariaLabel={t('statistics.year.chartTitle')}
                className="gc-stats-chart"
                testId="stats-chart"
              />
            ) : (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={t('statistics.year.empty', { year: data.year })}
                data-testid="stats-empty"
              />
            )}
          </StatisticsSection>
          <StatisticsSection title={t('statistics.year.title')}>
            <StatisticsTable<YearMonthRow>
              testId="stats-table"
              rows={data.months}
              total={data.total}
              rowKey={(row) => String(row.month)}
              first={{
                title: t('statistics.month'),
                width: compact ? 64 : 96,
                render: (row) => <span data-testid="stats-month">{monthName(row.month, lang)}</span>,
              }}
              totalLabel={t('statistics.total')}
              loading={query.isFetching && !query.isLoading}
              compact={compact}
              emptyText={t('statistics.year.empty', { year: data.year })}
            />
            <div className="gc-secondary gc-stats-note">{t('statistics.ratesNote')}</div>
          </StatisticsSection>
        </div>
      ) : null}
    </PageWrapper>
  );
}
