import { type ProColumns, ProTable } from '@ant-design/pro-components';
import { type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Space } from 'antd';
import { type Key, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/http';
import { useDevice } from '../../app/preferences';
import type { ExcelColumn } from '../excel';
import { LoadError, TableEmpty } from '../PageWrapper';
import { branchKeys, filterTree, flattenTree, type TreeLike, withoutEmptyChildren } from '../tree';
import { ExportButton, useExcelExport } from './excel-export';
import { STATUS_COLUMN, TABLE_PAGINATION } from './ListPage';
import { CreateButton, confirmDelete, RowEditDelete, RowStatusSwitch, useStatusToggle } from './row-parts';

/** A row of a tree table: its id, its parent's, and its children (none or an empty list for a leaf). */
export type TreeRow<T> = TreeLike<T> & { id: number; parentId: number | null };

/** What the tree's dialog edits: a row, or a new row (at the top, or under `parentId`). */
export interface TreeEditing<T> {
  record: T | null;
  parentId: number | null;
}

export interface TreeListPageProps<T extends TreeRow<T>> {
  /** the search form's name (`${name}Search`) */
  name: string;
  /** the columns, with the keyword search field (`queryCondition`, `hideInTable`) */
  columns: ProColumns<T>[];
  /** the query of the tree; a server search adds the keyword to it */
  queryKey: QueryKey;
  /** what a change makes stale: the tree, and other views of it (tree selects); `queryKey` by default */
  changedKey?: QueryKey;
  /** the tree, or the server's search of it (the keyword, '' for all) */
  load: (keyword: string, signal: AbortSignal) => Promise<T[]>;
  /** the search done here over the whole tree instead (a node's match; `load` then always gets '') */
  match?: (node: T, needle: string) => boolean;
  texts: { empty: string; loadFailed: string; total: (count: number) => string };
  /** the row's enable / stop switch, at {@link STATUS_COLUMN}; stopping asks first */
  status?: {
    change: (row: T, isActive: boolean) => Promise<unknown>;
    editable: boolean;
    nameOf: (row: T) => string;
  };
  /** row actions: add a child (where `allowed`), edit, delete (which asks first); `width` of the column */
  rowActions?: {
    width: number;
    addChild?: { label: string; allowed?: (row: T) => boolean };
    edit?: boolean;
    remove?: { question: (row: T) => string; run: (row: T) => Promise<unknown> };
  };
  create?: { testId: string; label: string };
  /** the Excel export of the rows shown (parents before children); `columns` see those rows */
  excel: { fileName: string; sheetName: string; columns: (rows: T[]) => ExcelColumn<T>[] };
  /** page-specific toolbar elements (an import button), before the export; `reload` reloads the tree */
  toolbar?: (reload: () => void) => ReactNode;
  /** the create / edit dialog; `saved` reloads the tree and shows a new child under its opened parent */
  form: (editing: TreeEditing<T>, done: { tree: T[]; close: () => void; saved: () => void }) => ReactNode;
}

/**
 * The tree-table kit (departments, menus): the whole tree in one table with a keyword search, Expand all /
 * Collapse all, the total, the status switch, the row actions (add child, edit, delete) and the toolbar
 * in the list kit's order (the page's own elements, Excel export, the primary "New …"). It is not the
 * paged {@link ListPage}: a tree loads whole, and paging would split a branch from its parent.
 *
 * What is open: the first level on the first load, every branch of a search (matches sit deep); a reload
 * after a change keeps what is open, and a new child opens its parent.
 */
export function TreeListPage<T extends TreeRow<T>>(props: TreeListPageProps<T>) {
  const { columns, status, rowActions, match, excel, create, texts } = props;
  const { t } = useTranslation();
  const mobile = useDevice() === 'mobile';
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<TreeEditing<T> | null>(null);
  const [expanded, setExpanded] = useState<Key[]>([]);

  const serverSearch = match ? '' : search;
  const query = useQuery({
    queryKey: [...props.queryKey, serverSearch],
    queryFn: ({ signal }) => props.load(serverSearch, signal),
    meta: { silent: true },
    staleTime: 0,
  });
  const tree = useMemo(() => withoutEmptyChildren(query.data), [query.data]);
  const rows = useMemo(() => {
    const needle = search.toLowerCase();
    return match && needle ? filterTree(tree, (node) => match(node, needle)) : tree;
  }, [tree, search, match]);

  const expandedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!query.data || expandedFor.current === search) return;
    expandedFor.current = search;
    setExpanded(
      search
        ? branchKeys(rows, (node) => node.id)
        : rows.filter((node) => node.children?.length).map((node) => node.id),
    );
  }, [query.data, rows, search]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: props.changedKey ?? props.queryKey });
  const statusToggle = useStatusToggle<T>(
    (row, isActive) => status?.change(row, isActive) ?? Promise.resolve(),
    () => void refresh(),
    status?.nameOf,
  );

  const statusColumn: ProColumns<T> = {
    title: t('common.status'),
    dataIndex: 'isActive',
    search: false,
    width: 110,
    render: (_, row) => (
      <RowStatusSwitch
        checked={!!(row as T & { isActive?: boolean }).isActive}
        loading={statusToggle.busy === row.id}
        disabled={!status?.editable}
        onChange={(checked) => void statusToggle.toggle(row, checked)}
      />
    ),
  };
  const remove = rowActions?.remove;
  const addChild = rowActions?.addChild;
  const actionsColumn: ProColumns<T> = {
    title: t('common.actions'),
    key: 'option',
    valueType: 'option',
    fixed: mobile ? undefined : 'right',
    width: rowActions?.width,
    render: (_, row) => (
      <span className="gc-row-actions gc-nowrap">
        {addChild && (addChild.allowed?.(row) ?? true) ? (
          <Button
            type="link"
            size="small"
            data-testid="row-add-child"
            onClick={() => setEditing({ record: null, parentId: row.id })}
          >
            {addChild.label}
          </Button>
        ) : null}
        <RowEditDelete
          onEdit={rowActions?.edit ? () => setEditing({ record: row, parentId: row.parentId }) : undefined}
          onDelete={
            remove
              ? () =>
                  void confirmDelete(remove.question(row), () => remove.run(row)).then((outcome) => {
                    if (outcome === 'deleted') void refresh();
                  })
              : undefined
          }
        />
      </span>
    ),
  };
  const tableColumns = columns.map((column) =>
    status && column.key === STATUS_COLUMN.key
      ? { ...statusColumn, ...column, render: statusColumn.render }
      : column,
  );
  if (rowActions && (addChild || rowActions.edit || remove)) tableColumns.push(actionsColumn);

  const allBranches = useMemo(() => branchKeys(rows, (node) => node.id), [rows]);
  const shown = useMemo(() => flattenTree(rows), [rows]);
  const exporter = useExcelExport<T>({
    fileName: () => excel.fileName,
    sheetName: () => excel.sheetName,
    columns: () => excel.columns(shown),
    // the tree is loaded whole: the export is the rows shown, parents before children
    load: async () => shown,
  });
  const total = shown.length;

  return (
    <>
      {query.isError ? (
        <LoadError
          title={texts.loadFailed}
          message={errorText(query.error)}
          onRetry={() => void query.refetch()}
        />
      ) : null}
      <ProTable<T>
        rowKey="id"
        columns={tableColumns}
        dataSource={query.isError ? [] : rows}
        loading={query.isFetching}
        cardBordered
        search={{ labelWidth: 'auto', span: { xs: 24, sm: 24, md: 12, lg: 8, xl: 8, xxl: 6 } }}
        form={{ name: `${props.name}Search` }}
        onSubmit={(params) => setSearch(String(params.queryCondition ?? '').trim())}
        onReset={() => setSearch('')}
        options={{ reload: () => void query.refetch(), density: false, setting: true }}
        scroll={{ x: 'max-content' }}
        expandable={{ expandedRowKeys: expanded, onExpandedRowsChange: (keys) => setExpanded([...keys]) }}
        pagination={{ ...TABLE_PAGINATION, showTotal: () => texts.total(total) }}
        locale={{
          emptyText: (
            <TableEmpty
              text={query.isError ? texts.loadFailed : search ? t('common.noMatch') : texts.empty}
            />
          ),
        }}
        headerTitle={
          <Space wrap>
            <Button size="small" onClick={() => setExpanded(allBranches)} disabled={!allBranches.length}>
              {t('common.expandAll')}
            </Button>
            <Button size="small" onClick={() => setExpanded([])} disabled={!expanded.length}>
              {t('common.collapseAll')}
            </Button>
          </Space>
        }
        toolBarRender={() => [
          props.toolbar ? <span key="page">{props.toolbar(() => void query.refetch())}</span> : null,
          <ExportButton
            key="export"
            exporting={exporter.exporting}
            disabled={total === 0}
            onClick={() => void exporter.run(total)}
          />,
          create ? (
            <CreateButton
              key="create"
              testId={create.testId}
              onClick={() => setEditing({ record: null, parentId: null })}
            >
              {create.label}
            </CreateButton>
          ) : null,
        ]}
      />
      {editing
        ? props.form(editing, {
            tree,
            close: () => setEditing(null),
            saved: () => {
              const parent = editing.record ? null : editing.parentId;
              if (parent !== null) setExpanded((keys) => (keys.includes(parent) ? keys : [...keys, parent]));
              setEditing(null);
              void refresh();
            },
          })
        : null}
    </>
  );
}
