import { Flex, Table, type TableProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/http';
import { useDevice } from '../../app/preferences';
import { currentLang } from '../../i18n';
import { LoadError, TableEmpty } from '../PageWrapper';
import { CreateButton, type RowActions, RowActionsCell, rowActionsWidth } from './row-parts';

/** What a short list reads of its react-query query (every row at once). */
export interface ShortListQuery<T> {
  data: readonly T[] | undefined;
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

/**
 * The list-page kit's part for a short list: a handful of rows a page reads whole (grades, brackets,
 * categories, tags), with nothing to search, page or export, and often a query other parts of the page
 * share. The toolbar (the page's own controls, then "New …"), the error with its retry, the table (empty
 * text, phone size, sideways scroll) and the row actions with their delete question behave as on a
 * ListPage; `onChanged` runs after any delete that was tried (the page reloads its queries).
 */
export function ShortList<T extends object>({
  query,
  columns,
  rowKey = 'id' as keyof T & string,
  texts,
  rowActions,
  onChanged,
  toolbar,
  create,
  testId,
  small = false,
}: {
  query: ShortListQuery<T>;
  columns: ColumnsType<T>;
  rowKey?: TableProps<T>['rowKey'];
  texts: { empty: string; loadFailed: string };
  rowActions?: RowActions<T>;
  onChanged?: () => void;
  /** the page's controls before "New …" (an item switch, filters, an introduction) */
  toolbar?: ReactNode;
  create?: { testId: string; label: string; onClick: () => void };
  /** the table's `data-testid` */
  testId?: string;
  /** a small table on every screen (a list inside a card beside others) */
  small?: boolean;
}) {
  const { t } = useTranslation();
  const lang = currentLang();
  const phone = useDevice() === 'mobile';
  const actionsShown = rowActions && (rowActions.edit || rowActions.remove || rowActions.extra);
  const allColumns: ColumnsType<T> = actionsShown
    ? [
        ...columns,
        {
          title: t('common.actions'),
          key: 'actions',
          width: rowActionsWidth(rowActions, lang),
          fixed: phone ? undefined : 'right',
          render: (_: unknown, row: T) => (
            <RowActionsCell
              row={row}
              actions={rowActions}
              afterDelete={(outcome) => {
                if (outcome !== 'cancelled') onChanged?.();
              }}
            />
          ),
        },
      ]
    : columns;
  return (
    // a block-level flex: an inline Space would leave a line's gap above the table inside a card
    <Flex vertical gap={16}>
      {toolbar || create ? (
        <Flex gap={12} wrap align="center" justify={toolbar ? 'space-between' : 'flex-end'}>
          {toolbar}
          {create ? (
            <CreateButton testId={create.testId} onClick={create.onClick}>
              {create.label}
            </CreateButton>
          ) : null}
        </Flex>
      ) : null}
      {query.isError ? (
        <LoadError
          title={texts.loadFailed}
          message={errorText(query.error)}
          onRetry={() => void query.refetch()}
        />
      ) : null}
      <Table<T>
        rowKey={rowKey}
        size={small || phone ? 'small' : 'middle'}
        loading={query.isFetching}
        columns={allColumns}
        dataSource={query.isError ? [] : [...(query.data ?? [])]}
        pagination={false}
        scroll={{ x: 'max-content' }}
        data-testid={testId}
        locale={{ emptyText: <TableEmpty text={query.isError ? texts.loadFailed : texts.empty} /> }}
      />
    </Flex>
  );
}
