import { DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Card, Spin, Table, type TableColumnsType } from 'antd';
import type { ReactNode, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/http';
import type { GlucoseCounts } from '../../api/statistics';
import { LoadError, TableEmpty } from '../../components/PageWrapper';
import { usePrint } from '../../components/print/usePrint';
import { currentLang } from '../../i18n';
import {
  CATEGORY_COLORS,
  type Category,
  CHART_CATEGORIES,
  countOf,
  fieldId,
  fieldText,
  formatCount,
  formatRate,
  rateOf,
  STATISTIC_FIELDS,
  type StatisticField,
  TABLE_CATEGORIES,
  type TableCategory,
} from './statistics-format';

function Dot({ category }: { category: Category }) {
  return <span className="gc-stats-dot" style={{ background: CATEGORY_COLORS[category] }} aria-hidden />;
}

/** One number of the table, findable by its field (`stats-testCount`, `stats-lowRate`). */
function Value({ row, field }: { row: GlucoseCounts; field: StatisticField }) {
  const id = fieldId(field);
  return (
    <span className="gc-nowrap" data-testid={`stats-${id}`}>
      {fieldText(row, field, currentLang())}
    </span>
  );
}

/** Phones: a band's count with its rate under it, one column per band. */
function CountAndRate({ row, category }: { row: GlucoseCounts; category: TableCategory }) {
  return (
    <div className="gc-stats-pair">
      <Value row={row} field={{ kind: 'category', category, part: 'count' }} />
      <div className="gc-secondary">
        <Value row={row} field={{ kind: 'category', category, part: 'rate' }} />
      </div>
    </div>
  );
}

export interface StatisticsTableProps<T extends GlucoseCounts> {
  rows: readonly T[];
  total: GlucoseCounts | null;
  rowKey: (row: T) => string;
  /** the first column: month or department */
  first: { title: string; width: number; render: (row: T) => ReactNode };
  /** the first cell of the total row */
  totalLabel: string;
  loading?: boolean;
  compact: boolean;
  emptyText: string;
  testId: string;
}

/**
 * The statistics table: a row per month or department and a total row, the readings and patients,
 * then each band's count and rate (two columns on screens, one stacked column on phones).
 */
export function StatisticsTable<T extends GlucoseCounts>({
  rows,
  total,
  rowKey,
  first,
  totalLabel,
  loading,
  compact,
  emptyText,
  testId,
}: StatisticsTableProps<T>) {
  const { t } = useTranslation();
  const numberColumn = (field: StatisticField, title: ReactNode, width: number) => ({
    key: fieldId(field),
    title,
    width,
    align: 'right' as const,
    render: (_: unknown, row: T) => <Value row={row} field={field} />,
  });
  const bandTitle = (category: TableCategory) => (
    <span className="gc-nowrap">
      <Dot category={category} />
      {t(`statistics.categories.${category}`)}
    </span>
  );
  const columns: TableColumnsType<T> = [
    {
      key: 'name',
      title: first.title,
      fixed: 'left',
      width: first.width,
      render: (_: unknown, row: T) => first.render(row),
    },
    numberColumn({ kind: 'count', key: 'testCount' }, t('statistics.readings'), compact ? 76 : 90),
    numberColumn({ kind: 'count', key: 'personCount' }, t('statistics.patients'), compact ? 76 : 90),
    ...TABLE_CATEGORIES.map((category) =>
      compact
        ? {
            key: category,
            title: bandTitle(category),
            width: 96,
            align: 'right' as const,
            render: (_: unknown, row: T) => <CountAndRate row={row} category={category} />,
          }
        : {
            key: category,
            title: bandTitle(category),
            align: 'center' as const,
            children: [
              numberColumn({ kind: 'category', category, part: 'count' }, t('statistics.count'), 76),
              numberColumn({ kind: 'category', category, part: 'rate' }, t('statistics.rate'), 88),
            ],
          },
    ),
  ];

  const leafFields = compact
    ? [
        ...STATISTIC_FIELDS.filter((field) => field.kind === 'count'),
        ...TABLE_CATEGORIES.map((category) => ({ category })),
      ]
    : STATISTIC_FIELDS;

  return (
    <Table<T>
      className={compact ? 'gc-stats-table' : 'gc-stats-table gc-stats-table-wide'}
      data-testid={testId}
      size="small"
      bordered
      loading={loading}
      columns={columns}
      dataSource={rows as T[]}
      rowKey={rowKey}
      pagination={false}
      scroll={{ x: 'max-content' }}
      rowClassName={(row) => (row.testCount === 0 ? 'gc-stats-row-empty' : '')}
      locale={{ emptyText: <TableEmpty text={emptyText} /> }}
      summary={() =>
        total && rows.length ? (
          <Table.Summary>
            <Table.Summary.Row className="gc-stats-total" data-testid="stats-total">
              <Table.Summary.Cell index={0}>
                <b>{totalLabel}</b>
              </Table.Summary.Cell>
              {leafFields.map((field, index) => (
                <Table.Summary.Cell
                  key={'kind' in field ? fieldId(field) : field.category}
                  index={index + 1}
                  align="right"
                >
                  {'kind' in field ? (
                    <Value row={total} field={field} />
                  ) : (
                    <CountAndRate row={total} category={field.category} />
                  )}
                </Table.Summary.Cell>
              ))}
            </Table.Summary.Row>
          </Table.Summary>
        ) : null
      }
    />
  );
}

/** The tiles above the chart: readings, patients and the charted rates (with their counts). */
export function StatisticsTiles({ total }: { total: GlucoseCounts }) {
  const { t } = useTranslation();
  const lang = currentLang();
  return (
    <div className="gc-stats-tiles" data-testid="stats-tiles">
      <div className="gc-stats-tile">
        <div className="gc-stats-tile-label">{t('statistics.readings')}</div>
        <div className="gc-stats-tile-value" data-testid="stats-tile-readings">
          {formatCount(total.testCount, lang)}
        </div>
      </div>
      <div className="gc-stats-tile">
        <div className="gc-stats-tile-label">{t('statistics.patients')}</div>
        <div className="gc-stats-tile-value">{formatCount(total.personCount, lang)}</div>
      </div>
      {CHART_CATEGORIES.map((category) => (
        <div className="gc-stats-tile" key={category}>
          <div className="gc-stats-tile-label">
            <Dot category={category} />
            {t(`statistics.rates.${category}`)}
          </div>
          <div className="gc-stats-tile-value" style={{ color: CATEGORY_COLORS[category] }}>
            {formatRate(rateOf(total, category))}
          </div>
          <div className="gc-secondary gc-stats-tile-count">
            {formatCount(countOf(total, category), lang)} / {formatCount(total.testCount, lang)}
          </div>
        </div>
      ))}
    </div>
  );
}

/** A titled block of the page (chart, table) that prints without its card frame. */
export function StatisticsSection({
  title,
  extra,
  children,
  testId,
}: {
  title: ReactNode;
  extra?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Card size="small" className="gc-stats-section" title={title} extra={extra} data-testid={testId}>
      {children}
    </Card>
  );
}

/**
 * The page's Print and Export Excel buttons (print needs shown data; export also `canExport`). Print is
 * of `page` (its title, tiles, chart and table; statistics.css leaves out its filters and buttons).
 */
export function StatisticsActions({
  page,
  ready,
  canExport = true,
  exporting,
  onExport,
}: {
  page: RefObject<HTMLDivElement>;
  /** data of the current filters are shown (not an earlier answer kept while loading) */
  ready: boolean;
  canExport?: boolean;
  exporting: boolean;
  onExport: () => void;
}) {
  const { t } = useTranslation();
  const print = usePrint({ content: page, pageStyle: 'statistics', documentTitle: () => document.title });
  return (
    <>
      <Button icon={<PrinterOutlined />} disabled={!ready} onClick={print} data-testid="stats-print">
        {t('statistics.print')}
      </Button>
      <Button
        type="primary"
        icon={<DownloadOutlined />}
        loading={exporting}
        disabled={!exporting && (!ready || !canExport)}
        onClick={onExport}
        data-testid="export-excel"
      >
        {exporting ? t('statistics.exporting') : t('statistics.export')}
      </Button>
    </>
  );
}

/** The load failure (with a retry) or the spinner of the first load. */
export function StatisticsLoadState({ query }: { query: UseQueryResult<unknown> }) {
  const { t } = useTranslation();
  if (query.isError) {
    return (
      <LoadError
        title={t('statistics.loadFailed')}
        message={errorText(query.error)}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return query.isLoading ? (
    <div className="gc-loading" data-testid="stats-loading">
      <Spin />
    </div>
  ) : null;
}
