import {
  CheckCircleFilled,
  ClockCircleOutlined,
  FieldTimeOutlined,
  PlusOutlined,
  StopOutlined,
} from '@ant-design/icons';
import type { MeasurementItem } from '@glucocare/domain/clinical';
import { addDays } from '@glucocare/domain/tasks';
import { Button, Table, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { EntryOptions, PivotPeriod, Reading, ReadingPivot } from '../../api/measurements';
import { useDevice } from '../../app/preferences';
import { dateInZone, timeInZone } from '../../components/format';
import { notTestedText } from './ReadingDetail';
import { timingText } from './ReadingTags';
import { instantAt, isCriticalReading, readingColor, valueNumber } from './reading-format';

type Row = ReadingPivot['rows'][number];

/** One reading in a cell: the value in the display unit, coloured; a marker for untested; review state. */
function ReadingChip({
  reading,
  item,
  options,
  onOpen,
}: {
  reading: Reading;
  item: MeasurementItem;
  options: EntryOptions;
  onOpen: (reading: Reading) => void;
}) {
  const { t } = useTranslation();
  const color = readingColor(reading);
  const untested = reading.testValue === null;
  const time = timeInZone(reading.testTime, options.timeZone);
  const status =
    reading.status === 'approved' ? t('measurements.status.approved') : t('measurements.status.pending');
  const marks = timingText(t, reading);
  const tip = [
    untested
      ? `${time} · ${notTestedText(t, reading)}`
      : `${time} · ${t(`measurements.classification.${reading.determineType ?? 'unknown'}`)} · ${status}`,
    marks,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <Tooltip title={tip}>
      <button
        type="button"
        className={`gc-reading-chip${isCriticalReading(reading) ? ' gc-reading-critical' : ''}${untested ? ' gc-reading-untested' : ''}`}
        style={color ? { color, borderColor: isCriticalReading(reading) ? color : undefined } : undefined}
        data-testid="grid-reading"
        data-classification={reading.determineType ?? 'untested'}
        data-status={reading.status}
        onClick={() => onOpen(reading)}
      >
        {item === 'GLU' ? null : <span className="gc-reading-time">{time}</span>}
        {untested ? (
          <StopOutlined aria-label={t('measurements.untested')} />
        ) : (
          <span className="gc-reading-value">{valueNumber(reading, options.unit)}</span>
        )}
        {marks ? (
          <FieldTimeOutlined
            className="gc-reading-mark gc-reading-timing"
            aria-label={marks}
            data-testid="grid-mark"
          />
        ) : null}
        {reading.status === 'approved' ? (
          <CheckCircleFilled className="gc-reading-mark gc-reading-approved" aria-label={status} />
        ) : (
          <ClockCircleOutlined className="gc-reading-mark gc-reading-pending" aria-label={status} />
        )}
      </button>
    </Tooltip>
  );
}

/**
 * Whether a reading (or an insulin dose) can be entered in a cell: its window has begun (not in the future), and it overlaps
 * the patient's stay (not wholly before the admission, nor after a discharge).
 */
export function windowOpen(
  date: string,
  period: PivotPeriod,
  options: Pick<EntryOptions, 'timeZone' | 'admittedAt' | 'dischargedAt'>,
  now: Date,
): boolean {
  if (!period.startTime || !period.endTime) return false;
  const start = instantAt(date, period.startTime, options.timeZone);
  const endDate = period.endTime <= period.startTime ? addDays(date, 1) : date;
  const end = instantAt(endDate, period.endTime, options.timeZone);
  if (start > now) return false;
  if (end <= new Date(options.admittedAt)) return false;
  return !(options.dischargedAt && start > new Date(options.dischargedAt));
}

/** The heading of a period column: the meal period for glucose, the time of day for ketone and uric acid. */
function periodTitle(period: PivotPeriod, item: MeasurementItem) {
  if (!period.startTime || !period.endTime) return period.name;
  if (item === 'GLU') {
    return (
      <span className="gc-grid-head">
        {period.name}
        <small>
          {period.startTime}-{period.endTime}
        </small>
      </span>
    );
  }
  return (
    <span className="gc-grid-head">
      {period.startTime}-{period.endTime}
      <small>{period.name}</small>
    </span>
  );
}

/**
 * The day × period grid: a row per day (latest first), a column per enabled period; readings in their
 * cell (several stacked), coloured by classification; an empty cell of a past or current window offers
 * to enter a reading with that day and period (when the user may record).
 */
export function ReadingGrid({
  item,
  pivot,
  options,
  loading,
  canAdd,
  now,
  onOpen,
  onAdd,
}: {
  item: MeasurementItem;
  pivot: ReadingPivot | undefined;
  options: EntryOptions;
  loading: boolean;
  canAdd: boolean;
  now: Date;
  onOpen: (reading: Reading) => void;
  onAdd: (date: string, period: PivotPeriod) => void;
}) {
  const { t } = useTranslation();
  const mobile = useDevice() === 'mobile';
  const today = dateInZone(now, options.timeZone);
  const periods = pivot?.periods ?? [];
  const dateWidth = mobile ? 64 : 92;
  const cellWidth = item === 'GLU' ? (mobile ? 72 : 84) : 96;
  const columns: ColumnsType<Row> = [
    {
      title: t('measurements.grid.date'),
      dataIndex: 'date',
      key: 'date',
      fixed: 'left',
      width: dateWidth,
      render: (date: string) => (
        <span className={date === today ? 'gc-grid-today' : undefined}>
          {date.slice(5)}
          {date === today ? <small>{t('measurements.grid.today')}</small> : null}
        </span>
      ),
    },
    ...periods.map((period) => ({
      title: periodTitle(period, item),
      key: period.code,
      width: cellWidth,
      align: 'center' as const,
      onCell: () => ({ 'data-period': period.code }) as object,
      render: (_: unknown, row: Row) => {
        const cell = row.cells[period.code] ?? [];
        if (cell.length) {
          return (
            <div className="gc-grid-cell">
              {cell.map((reading) => (
                <ReadingChip
                  key={reading.id}
                  reading={reading}
                  item={item}
                  options={options}
                  onOpen={onOpen}
                />
              ))}
            </div>
          );
        }
        const open = canAdd && windowOpen(row.date, period, options, now);
        return open ? (
          <Button
            type="text"
            size="small"
            className="gc-grid-add"
            icon={<PlusOutlined />}
            aria-label={t('measurements.grid.addHere', { date: row.date, period: period.name })}
            data-testid="grid-add"
            onClick={() => onAdd(row.date, period)}
          />
        ) : (
          <span className="gc-grid-empty">·</span>
        );
      },
    })),
  ];
  return (
    <Table<Row>
      className="gc-reading-grid"
      data-testid="reading-grid"
      rowKey="date"
      size="small"
      bordered
      loading={loading}
      columns={columns}
      dataSource={pivot?.rows ?? []}
      pagination={false}
      scroll={{ x: dateWidth + periods.length * cellWidth }}
      locale={{ emptyText: t('measurements.grid.empty') }}
    />
  );
}
