import { Button, Table, type TableColumnsType, Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { TableEmpty } from '../../components/PageWrapper';

const PAGE_SIZES = [20, 50, 100];

/** A page of a task list as the server answers it. */
interface TaskPage<T> {
  records: T[];
  total: number;
}

/**
 * A task list's table (today's tasks, pump reminders): a row opens where `link` leads; paged on the
 * server (a new page size goes back to the first page); the phone's compact size.
 */
export function TaskTable<T extends object>({
  list,
  columns,
  rowKey,
  link,
  paging,
  onPaging,
  emptyText,
  mobile,
  testId,
}: {
  list: { data?: TaskPage<T>; isLoading: boolean };
  columns: TableColumnsType<T>;
  rowKey: (row: T) => string;
  link: (row: T) => string;
  paging: { page: number; size: number };
  onPaging: (paging: { page: number; size: number }) => void;
  emptyText: string;
  mobile: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Table<T>
      rowKey={rowKey}
      columns={columns}
      dataSource={list.data?.records ?? []}
      loading={list.isLoading}
      size={mobile ? 'small' : 'middle'}
      scroll={mobile ? undefined : { x: 'max-content' }}
      data-testid={testId}
      onRow={(row) => ({ onClick: () => navigate(link(row)), className: 'gc-clickable-row' })}
      locale={{ emptyText: <TableEmpty text={emptyText} /> }}
      pagination={{
        current: paging.page,
        pageSize: paging.size,
        total: list.data?.total ?? 0,
        showSizeChanger: true,
        pageSizeOptions: PAGE_SIZES,
        showTotal: (count) => t('common.total', { count }),
        onChange: (page, size) => onPaging({ page: size === paging.size ? page : 1, size }),
      }}
    />
  );
}

/** The patient of a task row: bed, name, inpatient number and ward (today's tasks, pump reminders). */
export function TaskPatientCell({
  row,
  t,
}: {
  row: {
    bed: string | null;
    patientName: string;
    inpatientNumber: string | null;
    departmentName: string;
  };
  t: TFunction;
}) {
  return (
    <div>
      {row.bed ? <Tag>{t('tasks.bed', { bed: row.bed })}</Tag> : null}
      <strong>{row.patientName}</strong>
      <div className="gc-secondary">
        {[row.inpatientNumber, row.departmentName].filter(Boolean).join(' · ')}
      </div>
    </div>
  );
}

/** The actions column of a task list: a link button to where the row leads (the row opens it too). */
export function openColumn<T>(title: string, label: string, open: (row: T) => void) {
  return {
    title,
    key: 'open',
    render: (_: unknown, row: T) => (
      <Button
        type="link"
        size="small"
        onClick={(event) => {
          event.stopPropagation();
          open(row);
        }}
      >
        {label}
      </Button>
    ),
  };
}
