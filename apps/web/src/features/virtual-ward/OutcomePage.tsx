import { OUTCOME_MAX_MONTHS } from '@glucocare/domain';
import { Alert, DatePicker, Empty, Segmented, Select, Table, type TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAbort } from '../../api/http';
import { toastError, toastSuccess } from '../../app/notify';
import { useDevice } from '../../app/preferences';
import { glucoseUnitOf, useSession } from '../../app/session';
import { DepartmentTreeSelect } from '../../components/DepartmentTreeSelect';
import { EChart } from '../../components/EChart';
import { exportToExcel } from '../../components/excel';
import { dateInZone, hospitalNow } from '../../components/format';
import { PageWrapper, TableEmpty } from '../../components/PageWrapper';
import { currentLang } from '../../i18n';
import { StatisticsActions, StatisticsLoadState, StatisticsSection } from '../statistics/StatisticsParts';
import { formatCount } from '../statistics/statistics-format';
import '../statistics/statistics.css';
import {
  glucoseShown,
  monthLabel,
  OUTCOME_SHARES,
  type OutcomeFigures,
  type OutcomeRow,
  outcomeChartOption,
  outcomeExcelColumns,
  shareText,
  unitName,
} from './outcome-format';
import { StayBeforeAfter } from './StayBeforeAfter';
import { type OutcomeQuery, type OutcomeScope, useOutcomeStays, useOutcomes } from './statistics-api';

type Range = [Dayjs | null, Dayjs | null];
const SCOPES: OutcomeScope[] = ['virtualWard', 'department', 'hospital'];

/** The months picked as the query's YYYY-MM, or why not. */
function monthQuery(range: Range): { begin: string; end: string } | 'missing' | 'tooLong' {
  const [begin, end] = range;
  if (!begin || !end) return 'missing';
  const months = (end.year() - begin.year()) * 12 + end.month() - begin.month() + 1;
  if (months > OUTCOME_MAX_MONTHS) return 'tooLong';
  return { begin: begin.format('YYYY-MM'), end: end.format('YYYY-MM') };
}

/**
 * `/virtualward/outcome` (管理成效): the hospital glucometrics by patient-day (Goldberg et al. 2006) month
 * over month — hypo-, severely hypo-, hyperglycaemic and at-goal shares of patient-days and the mean
 * glucose per patient-day — for the virtual ward, one department or the whole hospital; a chart of the
 * shares, the table with its total, Excel and print; and the before/after of a chosen stay.
 */
export default function OutcomePage() {
  const { t } = useTranslation();
  const lang = currentLang();
  const compact = useDevice() === 'mobile';
  const unit = glucoseUnitOf(useSession().units);
  const page = useRef<HTMLDivElement>(null);
  const [range, setRange] = useState<Range>(() => {
    const now = hospitalNow();
    return [now.subtract(5, 'month').startOf('month'), now.startOf('month')];
  });
  const [scope, setScope] = useState<OutcomeScope>('virtualWard');
  const [departmentCode, setDepartmentCode] = useState<string | null>(null);
  const [stayId, setStayId] = useState<number | null>(null);
  const [exporting, setExporting] = useState(false);

  const months = monthQuery(range);
  const query: OutcomeQuery | null =
    typeof months === 'string' || (scope === 'department' && !departmentCode)
      ? null
      : {
          beginMonth: months.begin,
          endMonth: months.end,
          scope,
          ...(scope === 'department' && departmentCode ? { departmentCode } : {}),
        };
  const outcomes = useOutcomes(query, lang);
  const data = query ? outcomes.data : undefined;
  const stale = outcomes.isPlaceholderData;
  const stays = useOutcomeStays(query && { ...query, scope: 'virtualWard', departmentCode: undefined });

  const labels = useMemo(
    () => ({
      patientDays: t('vwStats.patientDays'),
      shares: {
        hypoShare: t('vwStats.share.hypo'),
        severeHypoShare: t('vwStats.share.severe'),
        hyperShare: t('vwStats.share.hyper'),
        goalShare: t('vwStats.share.goal'),
      },
    }),
    [t],
  );
  const option = useMemo(
    () => (data && data.total.patientDays > 0 ? outcomeChartOption(data, labels, lang, compact) : null),
    [data, labels, lang, compact],
  );

  const subject = data
    ? `${monthLabel(data.beginMonth, lang)} – ${monthLabel(data.endMonth, lang)} · ${
        data.scope === 'department' ? data.departmentName : t(`vwStats.scope.${data.scope}`)
      }`
    : '';

  const runExport = async () => {
    if (!data) return;
    setExporting(true);
    try {
      const rows = [...data.months, { ...data.total, month: data.endMonth, label: t('vwStats.total') }];
      await exportToExcel({
        fileName: `${t('vwStats.outcome.fileName')} ${data.beginMonth}_${data.endMonth} ${
          data.scope === 'department' ? data.departmentName : t(`vwStats.scope.${data.scope}`)
        }`,
        sheetName: t('vwStats.outcome.sheet'),
        columns: outcomeExcelColumns(t, data, unit, lang),
        rows,
      });
      toastSuccess(t('excel.exported', { count: rows.length }));
    } catch (failure) {
      if (!isAbort(failure)) toastError(t('excel.exportFailed'));
    } finally {
      setExporting(false);
    }
  };

  const c = data?.criteria;
  const columns: TableColumnsType<OutcomeRow> = c
    ? [
        {
          key: 'month',
          title: t('vwStats.month'),
          fixed: 'left',
          width: compact ? 84 : 110,
          render: (_: unknown, row) => <span data-testid="outcome-month">{monthLabel(row.month, lang)}</span>,
        },
        {
          key: 'patientDays',
          title: t('vwStats.patientDays'),
          align: 'right',
          render: (_: unknown, row) => (
            <span data-testid="outcome-patientDays">{formatCount(row.patientDays, lang)}</span>
          ),
        },
        ...OUTCOME_SHARES.map((share) => ({
          key: share.key,
          title: (
            <span>
              <span className="gc-stats-dot" style={{ background: share.color }} aria-hidden />
              {share.key === 'hypoShare'
                ? t('vwStats.hypoDays', { value: glucoseShown(c.hypo, unit) })
                : share.key === 'severeHypoShare'
                  ? t('vwStats.severeDays', { value: glucoseShown(c.severeHypo, unit) })
                  : share.key === 'hyperShare'
                    ? t('vwStats.hyperDays', { count: c.hyperCount, value: glucoseShown(c.hyperValue, unit) })
                    : t('vwStats.goalDays')}
            </span>
          ),
          align: 'right' as const,
          render: (_: unknown, row: OutcomeRow) => (
            <div className="gc-stats-pair">
              <span data-testid={`outcome-${share.key}`}>{shareText(row[share.key])}</span>
              <div className="gc-secondary">{formatCount(row[share.count], lang)}</div>
            </div>
          ),
        })),
        {
          key: 'mean',
          title: `${t('vwStats.meanPerPatientDay')} (${unitName(unit)})`,
          align: 'right',
          render: (_: unknown, row) => (
            <span data-testid="outcome-mean">{glucoseShown(row.meanPerPatientDay, unit)}</span>
          ),
        },
        {
          key: 'readings',
          title: t('vwStats.readings'),
          align: 'right',
          render: (_: unknown, row) => formatCount(row.readings, lang),
        },
        {
          key: 'patients',
          title: t('vwStats.patients'),
          align: 'right',
          render: (_: unknown, row) => formatCount(row.patients, lang),
        },
      ]
    : [];

  const totalCells = (total: OutcomeFigures) => [
    formatCount(total.patientDays, lang),
    ...OUTCOME_SHARES.map(
      (share) => `${shareText(total[share.key])} (${formatCount(total[share.count], lang)})`,
    ),
    glucoseShown(total.meanPerPatientDay, unit),
    formatCount(total.readings, lang),
    formatCount(total.patients, lang),
  ];

  return (
    <PageWrapper
      ref={page}
      title={t('vwStats.outcome.title')}
      description={t('vwStats.outcome.intro')}
      testId="vw-outcome-page"
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
        <DatePicker.RangePicker
          picker="month"
          className="gc-stats-range"
          allowClear={false}
          value={range}
          disabledDate={(value) => value.isAfter(hospitalNow(), 'month')}
          onChange={(value) => setRange(value ? [value[0], value[1]] : [null, null])}
          aria-label={t('vwStats.months')}
          data-testid="outcome-months"
        />
        <Segmented<OutcomeScope>
          value={scope}
          onChange={(value) => setScope(value)}
          options={SCOPES.map((value) => ({ value, label: t(`vwStats.scope.${value}`) }))}
          data-testid="outcome-scope"
        />
        {scope === 'department' ? (
          <div className="gc-stats-department">
            <DepartmentTreeSelect
              source="scope"
              value={departmentCode}
              onChange={(value) => setDepartmentCode(value === null ? null : String(value))}
              placeholder={t('vwStats.chooseDepartment')}
              data-testid="outcome-department"
            />
          </div>
        ) : null}
      </div>
      {months === 'tooLong' ? (
        <Alert
          type="warning"
          showIcon
          className="gc-form-alert"
          message={t('vwStats.outcome.tooLong', { max: OUTCOME_MAX_MONTHS })}
          data-testid="outcome-range-problem"
        />
      ) : null}
      {scope === 'department' && !departmentCode ? (
        <Alert type="info" showIcon className="gc-form-alert" message={t('vwStats.chooseDepartment')} />
      ) : null}
      {query ? <StatisticsLoadState query={outcomes} /> : null}
      {data && c ? (
        <div className={stale ? 'gc-stats-body gc-stats-stale' : 'gc-stats-body'}>
          <div className="gc-stats-subject" data-testid="stats-subject">
            {subject}
          </div>
          <div className="gc-stats-tiles" data-testid="outcome-tiles">
            <div className="gc-stats-tile">
              <div className="gc-stats-tile-label">{t('vwStats.patientDays')}</div>
              <div className="gc-stats-tile-value" data-testid="outcome-total-patientDays">
                {formatCount(data.total.patientDays, lang)}
              </div>
              <div className="gc-secondary gc-stats-tile-count">
                {t('vwStats.patientsCount', { count: data.total.patients })}
              </div>
            </div>
            {OUTCOME_SHARES.map((share) => (
              <div className="gc-stats-tile" key={share.key}>
                <div className="gc-stats-tile-label">{labels.shares[share.key]}</div>
                <div
                  className="gc-stats-tile-value"
                  style={{ color: share.color }}
                  data-testid={`outcome-total-${share.key}`}
                >
                  {shareText(data.total[share.key])}
                </div>
                <div className="gc-secondary gc-stats-tile-count">
                  {formatCount(data.total[share.count], lang)} / {formatCount(data.total.patientDays, lang)}
                </div>
              </div>
            ))}
            <div className="gc-stats-tile">
              <div className="gc-stats-tile-label">{t('vwStats.meanPerPatientDay')}</div>
              <div className="gc-stats-tile-value" data-testid="outcome-total-mean">
                {glucoseShown(data.total.meanPerPatientDay, unit)}
              </div>
              <div className="gc-secondary gc-stats-tile-count">{unitName(unit)}</div>
            </div>
          </div>
          <StatisticsSection title={t('vwStats.outcome.chartTitle')} testId="stats-chart-section">
            {option ? (
              <EChart
                option={option}
                height={compact ? 300 : 340}
                ariaLabel={t('vwStats.outcome.chartTitle')}
                className="gc-stats-chart"
                testId="outcome-chart"
              />
            ) : (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={t('vwStats.outcome.empty')}
                data-testid="stats-empty"
              />
            )}
          </StatisticsSection>
          <StatisticsSection title={t('vwStats.outcome.tableTitle')}>
            <Table<OutcomeRow>
              className="gc-stats-table"
              data-testid="outcome-table"
              size="small"
              bordered
              loading={outcomes.isFetching && !outcomes.isLoading}
              columns={columns}
              dataSource={data.months}
              rowKey="month"
              pagination={false}
              scroll={{ x: 'max-content' }}
              rowClassName={(row) => (row.patientDays === 0 ? 'gc-stats-row-empty' : '')}
              locale={{ emptyText: <TableEmpty text={t('vwStats.outcome.empty')} /> }}
              summary={() => (
                <Table.Summary>
                  <Table.Summary.Row className="gc-stats-total" data-testid="outcome-total-row">
                    <Table.Summary.Cell index={0}>
                      <b>{t('vwStats.total')}</b>
                    </Table.Summary.Cell>
                    {totalCells(data.total).map((text, index) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
                      <Table.Summary.Cell key={index} index={index + 1} align="right">
                        {text}
                      </Table.Summary.Cell>
                    ))}
                  </Table.Summary.Row>
                </Table.Summary>
              )}
            />
            <div className="gc-secondary gc-stats-note">
              {t('vwStats.outcome.note', {
                hypo: glucoseShown(c.hypo, unit),
                severe: glucoseShown(c.severeHypo, unit),
                count: c.hyperCount,
                hyper: glucoseShown(c.hyperValue, unit),
                low: glucoseShown(c.goalLow, unit),
                high: glucoseShown(c.goalHigh, unit),
                unit: unitName(unit),
              })}
            </div>
          </StatisticsSection>
          <StatisticsSection title={t('vwStats.beforeAfter.title')} testId="outcome-stay-section">
            <Select<number>
              showSearch
              allowClear
              className="gc-vw-stay-select"
              style={{ width: compact ? '100%' : 420, marginBottom: 12 }}
              placeholder={t('vwStats.beforeAfter.choose')}
              value={stayId ?? undefined}
              onChange={(value) => setStayId(value ?? null)}
              loading={stays.isLoading}
              optionFilterProp="label"
              options={(stays.data ?? []).map((stay) => ({
                value: stay.id,
                label: `${stay.patientName} · ${dateInZone(stay.joinedAt)} – ${
                  stay.exitedAt ? dateInZone(stay.exitedAt) : t('vwStats.beforeAfter.now')
                }`,
              }))}
              notFoundContent={t('vwStats.beforeAfter.noStays')}
              data-testid="outcome-stay"
            />
            {stayId !== null ? <StayBeforeAfter stayId={stayId} /> : null}
          </StatisticsSection>
        </div>
      ) : null}
    </PageWrapper>
  );
}
