import type { ProColumns } from '@ant-design/pro-components';
import { Button, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  fetchInsulinRecords,
  type InsulinEntryOptions,
  type InsulinQuery,
  type InsulinRecord,
} from '../../api/insulin';
import { dateTimeInZone } from '../../components/format';
import { ListPage } from '../../components/list-page/ListPage';
import { partsText } from './insulin-format';

/** The list-page kit's name of a patient's insulin records (reload it with `useListReload`). */
export const insulinListName = (patientId: number) => `insulin-${patientId}`;

/** Confirmed or not, with who and when. */
export function InsulinStatusTag({ record, timeZone }: { record: InsulinRecord; timeZone: string }) {
  const { t } = useTranslation();
  if (record.deletedAt) return <Tag>{t('insulin.status.deleted')}</Tag>;
  return record.status === 'confirmed' ? (
    <Tag
      color="success"
      title={`${record.confirmedBy ?? ''} ${record.confirmedAt ? dateTimeInZone(record.confirmedAt, timeZone) : ''}`}
    >
      {t('insulin.status.confirmed')}
    </Tag>
  ) : (
    <Tag color="warning">{t('insulin.status.unconfirmed')}</Tag>
  );
}

/**
 * The records of the range as a paged list, latest first: time, period, drug, dose and parts, doctor,
 * nurse, status (who confirmed, when), note; deleted ones on request (restorable). Unconfirmed records
 * can be selected and confirmed together.
 */
export function InsulinList({
  patientId,
  options,
  beginDate,
  endDate,
  includeDeleted,
  canEdit,
  canConfirm,
  mobile,
  selected,
  onSelect,
  onOpen,
  onEdit,
  onDelete,
  onRestore,
  onConfirm,
}: {
  patientId: number;
  options: InsulinEntryOptions;
  beginDate: string;
  endDate: string;
  includeDeleted: boolean;
  canEdit: boolean;
  canConfirm: boolean;
  mobile: boolean;
  selected: string[];
  onSelect: (keys: string[]) => void;
  onOpen: (record: InsulinRecord) => void;
  onEdit: (record: InsulinRecord) => void;
  onDelete: (record: InsulinRecord) => void;
  onRestore: (record: InsulinRecord) => void;
  onConfirm: (records: InsulinRecord[]) => void;
}) {
  const { t } = useTranslation();
  const names = {
    basal: t('insulin.short.basal'),
    bolus: t('insulin.short.bolus'),
    correction: t('insulin.short.correction'),
  };
  const columns: ProColumns<InsulinRecord>[] = [
    {
      title: t('insulin.field.givenAt'),
      dataIndex: 'givenAt',
      width: 150,
      render: (_, row) => (
        <Button
          type="link"
          size="small"
          className="gc-link-cell"
          onClick={() => onOpen(row)}
          data-testid="insulin-open"
        >
          {dateTimeInZone(row.givenAt, options.timeZone)}
        </Button>
      ),
    },
    { title: t('insulin.field.period'), dataIndex: 'periodName', width: 100 },
    { title: t('insulin.field.drug'), dataIndex: 'drugName', width: 170, ellipsis: true },
    {
      title: t('medication.insulin.order'),
      dataIndex: 'medicationOrderName',
      width: 150,
      ellipsis: true,
      render: (_, row) => (
        <span data-testid={`insulin-order-${row.id}`}>{row.medicationOrderName ?? ''}</span>
      ),
    },
    {
      title: t('insulin.field.dose'),
      dataIndex: 'dose',
      width: 90,
      render: (_, row) => <strong data-testid="insulin-list-dose">{row.dose} IU</strong>,
    },
    {
      title: t('insulin.field.parts'),
      key: 'parts',
      width: 150,
      render: (_, row) => partsText(row, names) || '—',
    },
    { title: t('insulin.field.doctor'), dataIndex: 'doctorName', width: 120, ellipsis: true },
    { title: t('insulin.field.nurse'), dataIndex: 'nurseName', width: 120, ellipsis: true },
    {
      title: t('insulin.field.status'),
      dataIndex: 'status',
      width: 100,
      render: (_, row) => <InsulinStatusTag record={row} timeZone={options.timeZone} />,
    },
    { title: t('insulin.field.note'), dataIndex: 'note', width: 150, ellipsis: true },
    {
      title: t('common.actions'),
      key: 'actions',
      valueType: 'option',
      fixed: mobile ? undefined : 'right',
      width: 170,
      render: (_, row) => {
        if (row.deletedAt) {
          return canEdit ? (
            <Button type="link" size="small" onClick={() => onRestore(row)} data-testid="insulin-restore">
              {t('insulin.action.restore')}
            </Button>
          ) : null;
        }
        if (row.status === 'confirmed') return null;
        return (
          <Space size={0}>
            {canConfirm ? (
              <Button
                type="link"
                size="small"
                onClick={() => onConfirm([row])}
                data-testid="insulin-confirm-one"
              >
                {t('insulin.action.confirm')}
              </Button>
            ) : null}
            {canEdit ? (
              <>
                <Button type="link" size="small" onClick={() => onEdit(row)} data-testid="insulin-edit">
                  {t('common.edit')}
                </Button>
                <Button
                  type="link"
                  size="small"
                  danger
                  onClick={() => onDelete(row)}
                  data-testid="insulin-delete"
                >
                  {t('common.delete')}
                </Button>
              </>
            ) : null}
          </Space>
        );
      },
    },
  ];
  return (
    <div data-testid="insulin-list">
      <ListPage<InsulinRecord, InsulinQuery>
        name={insulinListName(patientId)}
        columnsKey="gc-columns-insulin"
        search={false}
        tableOptions={false}
        columns={columns}
        filterOf={() => ({ beginDate, endDate, includeDeleted })}
        request={(query, signal) => fetchInsulinRecords(patientId, query, signal)}
        rowClassName={(row) => (row.deletedAt ? 'gc-row-deleted' : '')}
        selection={
          canConfirm
            ? {
                keys: selected,
                onChange: onSelect,
                selectable: (row) => row.status === 'unconfirmed' && !row.deletedAt,
              }
            : undefined
        }
        texts={{ empty: t('insulin.listEmpty'), loadFailed: t('insulin.loadFailed') }}
      />
    </div>
  );
}
