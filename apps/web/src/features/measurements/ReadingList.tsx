import { type ActionType, type ProColumns, ProTable } from '@ant-design/pro-components';
import type { MeasurementItem } from '@glucocare/domain/clinical';
import { Button, Space, Tooltip } from 'antd';
import type { MutableRefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, isAbort } from '../../api/http';
import { type EntryOptions, fetchReadings, type Reading, type ReadingSort } from '../../api/measurements';
import { dateTimeInZone } from '../../components/format';
import { msg } from '../../i18n';
import { notTestedText } from './ReadingDetail';
import { ClassificationTag, StatusTag } from './ReadingTags';
import { readingColor, valueText } from './reading-format';

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
  actionRef,
  onOpen,
  onEdit,
  onDelete,
  onRestore,
  onError,
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
  actionRef: MutableRefObject<ActionType | undefined>;
  onOpen: (reading: Reading) => void;
  onEdit: (reading: Reading) => void;
  onDelete: (reading: Reading) => void;
  onRestore: (reading: Reading) => void;
  onError: (message: string | null) => void;
}) {
  const { t, i18n } = useTranslation();
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
    <ProTable<
      Reading,
      { beginDate: string; endDate: string; sort: ReadingSort; includeDeleted: boolean; lang: string }
    >
      rowKey="id"
      actionRef={actionRef}
      data-testid="reading-list"
      size="small"
      search={false}
      options={false}
      toolBarRender={false}
      columns={columns}
      params={{ beginDate, endDate, sort, includeDeleted, lang: i18n.language }}
      rowClassName={(row) => (row.deletedAt ? 'gc-row-deleted' : '')}
      scroll={{ x: 1060 }}
      pagination={{ defaultPageSize: 20, showSizeChanger: true, pageSizeOptions: [10, 20, 50, 100] }}
      request={async (params) => {
        try {
          const page = await fetchReadings(patientId, {
            category: item,
            beginDate: params.beginDate,
            endDate: params.endDate,
            sort: params.sort,
            includeDeleted: params.includeDeleted,
            page: params.current ?? 1,
            size: params.pageSize ?? 20,
          });
          onError(null);
          return { data: page.records, total: page.total, success: true };
        } catch (failure) {
          if (!isAbort(failure)) onError(errorText(failure));
          return { data: [], total: 0, success: true };
        }
      }}
    />
  );
}
