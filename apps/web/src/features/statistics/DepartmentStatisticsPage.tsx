import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, DatePicker, Empty } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAbort } from '../../api/http';
import { type DepartmentRow, fetchDepartmentAnalysis } from '../../api/statistics';
import { toastError, toastSuccess } from '../../app/notify';
import { useDevice } from '../../app/preferences';
import { DepartmentTreeSelect } from '../../components/DepartmentTreeSelect';
import { EChart } from '../../components/EChart';
import { exportToExcel } from '../../components/excel';
import { PageWrapper } from '../../components/PageWrapper';
import { currentLang } from '../../i18n';
import { departmentChartHeight, departmentChartOption } from './charts';
import {
  StatisticsActions,
  StatisticsLoadState,
  StatisticsSection,
  StatisticsTable,
  StatisticsTiles,
} from './StatisticsParts';
import {
  chartedDepartments,
  departmentExcelColumns,
  departmentExportName,
  departmentExportRows,
  isFutureDay,
  monthToDate,
  rangePresets,
  rangeProblemText,
  rangeQueryOf,
  STATISTICS_MAX_DAYS,
} from './statistics-format';
import { statisticsKeys, useChartLabels } from './statistics-hooks';
import './statistics.css';

type Range = [Dayjs | null, Dayjs | null];

/**
 * `/statistics/department`: the glucose readings of each department of the user's scope (or one)
 * over a date range of at most a year: counts and rates of in-target, low, high and critical readings
 * as tiles, a bar per department and a table with a total row; Excel export built in the browser.
 */
export default function DepartmentStatisticsPage() {
  const { t } = useTranslation();
  const lang = currentLang();
  const compact = useDevice() === 'mobile';
  const [range, setRange] = useState<Range>(() => monthToDate());
  const [departmentCode, setDepartmentCode] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const page = useRef<HTMLDivElement>(null);
  const labels = useChartLabels();
  const { query: rangeQuery, problem } = rangeQueryOf(range);
  const presets = useMemo(
    () =>
      rangePresets().map((preset) => ({ label: t(`statistics.presets.${preset.key}`), value: preset.range })),
    [t],
  );

  const query = useQuery({
    queryKey: statisticsKeys.department(
      rangeQuery?.beginDate ?? '',
      rangeQuery?.endDate ?? '',
      departmentCode,
      lang,
    ),
    queryFn: ({ signal }) =>
      // enabled only with a valid range
      fetchDepartmentAnalysis({ ...rangeQuery!, departmentCode: departmentCode ?? undefined }, signal),
    enabled: !!rangeQuery,
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
  // what is shown belongs to the range and department picked (not to an earlier, valid range)
  const data = rangeQuery ? query.data : undefined;
  const stale = query.isPlaceholderData;
  const charted = useMemo(() => chartedDepartments(data?.departments ?? []), [data]);
  const option = useMemo(
    () => (charted.length ? departmentChartOption(charted, labels, lang, compact) : null),
    [charted, labels, lang, compact],
  );

  const runExport = async () => {
    if (!data || !rangeQuery) return;
    setExporting(true);
    try {
      const rows = departmentExportRows(data, t('statistics.total'));
      await exportToExcel({
        fileName: departmentExportName(t('statistics.departmentPage.fileName'), data),
        sheetName: t('statistics.departmentPage.title'),
        columns: departmentExcelColumns(t),
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
      title={t('statistics.departmentPage.title')}
      description={t('statistics.departmentPage.intro')}
      testId="department-statistics-page"
      className="gc-stats-page"
      extra={
        <StatisticsActions
          page={page}
          ready={!!data && !stale}
          canExport={!!data && data.departments.length > 0}
          exporting={exporting}
          onExport={() => void runExport()}
        />
      }
    >
      <div className="gc-stats-toolbar" data-testid="stats-filters">
        <DatePicker.RangePicker
          className="gc-stats-range"
          allowClear={false}
          value={range}
          presets={presets}
          disabledDate={(value) => isFutureDay(value)}
          onChange={(value) => setRange(value ? [value[0], value[1]] : [null, null])}
          classNames={{ popup: { root: 'gc-range-popup' } }}
          aria-label={t('statistics.range')}
          data-testid="stats-range"
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
      {rangeQuery ? <StatisticsLoadState query={query} /> : null}
      {data ? (
        <div className={stale ? 'gc-stats-body gc-stats-stale' : 'gc-stats-body'}>
          <div className="gc-stats-subject" data-testid="stats-subject">
            {data.beginDate} – {data.endDate}
          </div>
          <StatisticsTiles total={data.total} />
          <StatisticsSection title={t('statistics.departmentPage.chartTitle')} testId="stats-chart-section">
            {option ? (
              <>
                <EChart
                  option={option}
                  height={departmentChartHeight(charted.length, compact)}
                  ariaLabel={t('statistics.departmentPage.chartTitle')}
                  className="gc-stats-chart"
                  testId="stats-chart"
                />
                {charted.length < data.departments.length ? (
                  <div className="gc-secondary gc-stats-note">{t('statistics.departmentPage.chartNote')}</div>
                ) : null}
              </>
            ) : (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={t('statistics.chartEmpty')}
                data-testid="stats-empty"
              />
            )}
          </StatisticsSection>
          <StatisticsSection title={t('statistics.departmentPage.title')}>
            <StatisticsTable<DepartmentRow>
              testId="stats-table"
              rows={data.departments}
              total={data.total}
              rowKey={(row) => row.departmentCode}
              first={{
                title: t('statistics.departmentColumn'),
                width: compact ? 96 : 150,
                render: (row) => <span data-testid="stats-department-name">{row.departmentName}</span>,
              }}
              totalLabel={t('statistics.total')}
              loading={query.isFetching && !query.isLoading}
              compact={compact}
              emptyText={t('statistics.departmentPage.empty')}
            />
            <div className="gc-secondary gc-stats-note">{t('statistics.ratesNote')}</div>
          </StatisticsSection>
        </div>
      ) : null}
    </PageWrapper>
  );
}
