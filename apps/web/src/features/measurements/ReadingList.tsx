import type { ProColumns } from '@ant-design/pro-components';
import type { MeasurementItem } from '@glucocare/domain/clinical';
import { Button, Space, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  type EntryOptions,
  fetchReadings,
  type Reading,
  type ReadingQuery,
  type ReadingSort,
} from '../../api/measurements';
import { dateTimeInZone } from '../../components/format';
import { ListPage } from '../../components/list-page/ListPage';
import { msg } from '../../i18n';
import { notTestedText } from './ReadingDetail';
import { ClassificationTag, StatusTag, TimingTags } from './ReadingTags';
import { readingColor, valueText } from './reading-format';

/** The list-page kit's name of a patient's readings of one item (reload it with `useListReload`). */
export const readingListName = (patientId: number, item: MeasurementItem) => `readings-${patientId}-${item}`;

/**
 * The readings of the range as a paged list: time, period, value and unit, classification, review
 * status, tester, note, source; sorted by one of the §9 options; deleted ones on request (restorable).
 */
export function ReadingList({
  patientId,
  item,
  options,
  beginDate,
  endDate,
  sort,
  includeDeleted,
  canEdit,
  mobile,
  onOpen,
  onEdit,
  onDelete,
  onRestore,
}: {
  patientId: number;
  item: MeasurementItem;
  options: EntryOptions;
  beginDate: string;
  endDate: string;
  sort: ReadingSort;
  includeDeleted: boolean;
  canEdit: boolean;
  mobile: boolean;
  onOpen: (reading: Reading) => void;
  onEdit: (reading: Reading) => void;
  onDelete: (reading: Reading) => void;
  onRestore: (reading: Reading) => void;
}) {
  const { t } = useTranslation();
  const locked = msg('measurements.editInDataManagement');
  const columns: ProColumns<Reading>[] = [
    {
      title: t('measurements.field.testTime'),
      dataIndex: 'testTime',
      width: 150,
      render: (_, row) => (
        <Button
          type="link"
          size="small"
          className="gc-link-cell"
          onClick={() => onOpen(row)}
          data-testid="list-open"
        >
          {dateTimeInZone(row.testTime, options.timeZone)}
        </Button>
      ),
    },
    {
      title: t('measurements.field.period'),
      dataIndex: 'periodName',
      width: 110,
      render: (_, row) => row.periodName ?? '—',
    },
    {
      title: t('measurements.field.result'),
      dataIndex: 'testValue',
      width: 130,
      render: (_, row) =>
        row.testValue === null ? (
          <span className="gc-reading-untested-text">{notTestedText(t, row)}</span>
        ) : (
          <strong style={{ color: readingColor(row) }} data-testid="list-value">
            {valueText(row, options.unit)}
          </strong>
        ),
    },
    {
      title: t('measurements.field.classification'),
      dataIndex: 'determineType',
      width: 110,
      render: (_, row) => <ClassificationTag reading={row} />,
    },
    {
      title: t('measurements.field.status'),
      dataIndex: 'status',
      width: 100,
      render: (_, row) => <StatusTag reading={row} />,
    },
    {
      title: t('measurements.field.marks'),
      key: 'marks',
      width: 150,
      render: (_, row) => <TimingTags reading={row} timeZone={options.timeZone} />,
    },
    { title: t('measurements.field.tester'), dataIndex: 'testUser', width: 140, ellipsis: true },
    { title: t('measurements.field.note'), dataIndex: 'note', ellipsis: true, width: 160 },
    {
      title: t('measurements.field.source'),
      dataIndex: 'source',
      width: 110,
      render: (_, row) => <span className="gc-nowrap">{t(`measurements.source.${row.source}`)}</span>,
    },
    {
      title: t('common.actions'),
      key: 'actions',
      valueType: 'option',
      fixed: mobile ? undefined : 'right',
      width: 130,
      render: (_, row) => {
        if (!canEdit) return null;
        if (row.deletedAt) {
          return row.status === 'approved'
            ? null
            : [
                <Button
                  key="restore"
                  type="link"
                  size="small"
                  onClick={() => onRestore(row)}
                  data-testid="list-restore"
                >
                  {t('measurements.detail.restore')}
                </Button>,
              ];
        }
        const approved = row.status === 'approved';
        return (
          <Space size={0}>
            <Tooltip title={approved ? locked : undefined}>
              <Button
                type="link"
                size="small"
                disabled={approved}
                onClick={() => onEdit(row)}
                data-testid="list-edit"
              >
                {t('common.edit')}
              </Button>
            </Tooltip>
            <Tooltip title={approved ? locked : undefined}>
              <Button
                type="link"
                size="small"
                danger
                disabled={approved}
                onClick={() => onDelete(row)}
                data-testid="list-delete"
              >
                {t('common.delete')}
              </Button>
            </Tooltip>
          </Space>
        );
      },
    },
  ];
  return (
    <div data-testid="reading-list">
      <ListPage<Reading, ReadingQuery>
        name={readingListName(patientId, item)}
        columnsKey="gc-columns-readings"
        search={false}
        tableOptions={false}
        columns={columns}
        // the range, order and deleted switch are the tab's toolbar, not a search form
        filterOf={() => ({ category: item, beginDate, endDate, sort, includeDeleted })}
        request={(query, signal) => fetchReadings(patientId, query, signal)}
        rowClassName={(row) => (row.deletedAt ? 'gc-row-deleted' : '')}
        texts={{ empty: t('measurements.listEmpty'), loadFailed: t('measurements.loadFailed') }}
      />
    </div>
  );
}
