import { CheckCircleFilled, ClockCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { formatPerKg, perKgInReference } from '@glucocare/domain/insulin';
import { Button, Table, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { InsulinEntryOptions, InsulinPivot, InsulinRecord } from '../../api/insulin';
import type { PivotPeriod } from '../../api/measurements';
import { useDevice } from '../../app/preferences';
import { dateInZone, timeInZone } from '../../components/format';
import { windowOpen } from '../measurements/ReadingGrid';
import { partsText } from './insulin-format';

type Row = InsulinPivot['rows'][number];

/** A dose in a cell: time, drug, dose; confirmed or not. */
function DoseChip({
  record,
  timeZone,
  compact,
  onOpen,
}: {
  record: InsulinRecord;
  timeZone: string;
  /** a phone: the dose only (the drug is in the tooltip and the detail) */
  compact: boolean;
  onOpen: (record: InsulinRecord) => void;
}) {
  const { t } = useTranslation();
  const confirmed = record.status === 'confirmed';
  const status = t(`insulin.status.${record.status}`);
  const parts = partsText(record, {
    basal: t('insulin.short.basal'),
    bolus: t('insulin.short.bolus'),
    correction: t('insulin.short.correction'),
  });
  return (
    <Tooltip
      title={[timeInZone(record.givenAt, timeZone), record.drugName, parts, status]
        .filter(Boolean)
        .join(' · ')}
    >
      <button
        type="button"
        className="gc-insulin-chip"
        data-testid="insulin-chip"
        data-status={record.status}
        onClick={() => onOpen(record)}
      >
        {compact ? null : <span className="gc-insulin-drug">{record.drugName}</span>}
        <strong>{record.dose}</strong>
        {confirmed ? (
          <CheckCircleFilled className="gc-reading-mark gc-reading-approved" aria-label={status} />
        ) : (
          <ClockCircleOutlined className="gc-reading-mark gc-reading-pending" aria-label={status} />
        )}
      </button>
    </Tooltip>
  );
}

/**
 * The day × insulin-period grid: a row per day with records (latest first), a column per period, then
 * the day's totals: basal, bolus, correction and the total daily dose, with IU/kg when the weight is
 * known (highlighted outside the usual 0.3–0.6 IU/kg/day).
 */
export function InsulinGrid({
  pivot,
  options,
  loading,
  canAdd,
  onOpen,
  onAdd,
}: {
  pivot: InsulinPivot | undefined;
  options: InsulinEntryOptions;
  loading: boolean;
  canAdd: boolean;
  onOpen: (record: InsulinRecord) => void;
  onAdd: (date: string, period: PivotPeriod) => void;
}) {
  const { t } = useTranslation();
  const mobile = useDevice() === 'mobile';
  const now = new Date();
  const today = dateInZone(now, options.timeZone);
  const periods = pivot?.periods ?? [];
  const dateWidth = mobile ? 64 : 92;
  const cellWidth = mobile ? 64 : 140;
  const totalWidth = 76;
  const sum = (key: 'basal' | 'bolus' | 'correction', title: string) => ({
    title,
    key,
    width: totalWidth,
    align: 'center' as const,
    render: (_: unknown, row: Row) => (row.totals ? row.totals[key] : '—'),
  });
  const columns: ColumnsType<Row> = [
    {
      title: t('insulin.grid.date'),
      dataIndex: 'date',
      key: 'date',
      fixed: 'left',
      width: dateWidth,
      render: (date: string, row: Row) => (
        <span className={date === today ? 'gc-grid-today' : undefined}>
          {date.slice(5)}
          {date === today ? <small>{t('measurements.grid.today')}</small> : null}
          {/* a phone shows the day's total here: the totals columns lie beyond the screen */}
          {mobile && row.totals ? (
            <small className="gc-insulin-day-tdd">
              {t('insulin.totals.total')} {row.totals.total}
            </small>
          ) : null}
        </span>
      ),
    },
    ...periods.map((period) => ({
      title: (
        <span className="gc-grid-head">
          {period.name}
          {period.startTime ? (
            <small>
              {period.startTime}-{period.endTime}
            </small>
          ) : null}
        </span>
      ),
      key: period.code,
      width: cellWidth,
      align: 'center' as const,
      onCell: () => ({ 'data-period': period.code }) as object,
      render: (_: unknown, row: Row) => {
        const cell = row.cells[period.code] ?? [];
        if (cell.length) {
          return (
            <div className="gc-grid-cell">
              {cell.map((record) => (
                <DoseChip
                  key={record.id}
                  record={record}
                  timeZone={options.timeZone}
                  compact={mobile}
                  onOpen={onOpen}
                />
              ))}
            </div>
          );
        }
        return canAdd && options.inHospital && windowOpen(row.date, period, options, now) ? (
          <Button
            type="text"
            size="small"
            className="gc-grid-add"
            icon={<PlusOutlined />}
            aria-label={t('insulin.grid.addHere', { date: row.date, period: period.name })}
            data-testid="insulin-grid-add"
            onClick={() => onAdd(row.date, period)}
          />
        ) : (
          <span className="gc-grid-empty">·</span>
        );
      },
    })),
    {
      title: t('insulin.totals.title'),
      key: 'totals',
      children: [
        sum('basal', t('insulin.totals.basal')),
        sum('bolus', t('insulin.totals.bolus')),
        sum('correction', t('insulin.totals.correction')),
        {
          title: t('insulin.totals.total'),
          key: 'total',
          width: 84,
          align: 'center' as const,
          render: (_: unknown, row: Row) =>
            row.totals ? <strong data-testid="insulin-day-total">{row.totals.total}</strong> : '—',
        },
        {
          title: t('insulin.totals.perKg'),
          key: 'perKg',
          width: 84,
          align: 'center' as const,
          render: (_: unknown, row: Row) => {
            const perKg = row.totals?.totalPerKg ?? null;
            if (perKg === null) {
              return (
                <Tooltip title={t('insulin.totals.noWeight')}>
                  <span className="gc-grid-empty">—</span>
                </Tooltip>
              );
            }
            const usual = perKgInReference(perKg);
            return (
              <Tooltip title={usual ? undefined : t('insulin.totals.outsideReference')}>
                <span className={usual ? undefined : 'gc-insulin-outside'} data-testid="insulin-day-perkg">
                  {formatPerKg(perKg)}
                </span>
              </Tooltip>
            );
          },
        },
      ],
    },
  ];
  return (
    <Table<Row>
      className="gc-reading-grid gc-insulin-grid"
      data-testid="insulin-grid"
      rowKey="date"
      size="small"
      bordered
      loading={loading}
      columns={columns}
      dataSource={pivot?.rows ?? []}
      pagination={false}
      scroll={{ x: dateWidth + periods.length * cellWidth + totalWidth * 3 + 168 }}
      locale={{ emptyText: t('insulin.grid.empty') }}
    />
  );
}
