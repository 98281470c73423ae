import { PrinterOutlined } from '@ant-design/icons';
import { type ProColumns, type ProFormInstance, ProTable } from '@ant-design/pro-components';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Space, type TablePaginationConfig } from 'antd';
import { type MutableRefObject, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/http';
import { useDevice } from '../../app/preferences';
import { currentLang } from '../../i18n';
import type { ExcelColumn } from '../excel';
import { LoadError, TableEmpty } from '../PageWrapper';
import type { PrintFilter } from '../print/PrintPreview';
import { ExportButton, useExcelExport } from './excel-export';
import { fetchAllPages, type ListPageResult, type PageQuery } from './fetch-all';
import { ListPrint, type ListPrintRequest } from './ListPrint';
import {
  activeFilterOf,
  CreateButton,
  type RowActions,
  RowActionsCell,
  RowStatusSwitch,
  rowActionsWidth,
  statusValueEnum,
  useStatusToggle,
} from './row-parts';

/** Default pagination of every list. */
export const TABLE_PAGINATION: TablePaginationConfig = {
  defaultPageSize: 20,
  showSizeChanger: true,
  pageSizeOptions: [10, 20, 50, 100],
};

/** Where the status switch goes among a page's columns (`isActive`; also the status filter). */
export const STATUS_COLUMN = { key: 'status', dataIndex: 'isActive' } as const;

/** The react-query key of a list's pages (and of its print). */
export const listQueryKey = (name: string) => ['list', name] as const;

/** Reloads a list (every page and filter of it), e.g. after a dialog saved a row. */
export function useListReload(name: string): () => void {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: listQueryKey(name) });
}

type SearchValues = Record<string, unknown>;

/** The search form's values as a filter: text trimmed, blank and empty values left out. */
export function plainFilterOf(values: SearchValues): Record<string, unknown> {
  const filter: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    const kept = typeof value === 'string' ? value.trim() : value;
    if (kept === '' || kept === null || kept === undefined) continue;
    if (Array.isArray(kept) && kept.length === 0) continue;
    filter[key] = kept;
  }
  return filter;
}

/** The search fields' initial values (`initialValue` of their columns). */
function initialSearchValues<T>(columns: ProColumns<T>[]): SearchValues {
  const values: SearchValues = {};
  for (const column of columns) {
    if (column.initialValue !== undefined && column.dataIndex !== undefined)
      values[String(column.dataIndex)] = column.initialValue;
  }
  return values;
}

/** What the search form holds, as the printed sheet's header shows it (labels and option texts). */
export function searchSummary<T>(columns: ProColumns<T>[], values: SearchValues): PrintFilter[] {
  const summary: PrintFilter[] = [];
  for (const column of columns) {
    if (column.search === false || column.dataIndex === undefined) continue;
    const value = values[String(column.dataIndex)];
    if (value === undefined || value === null || value === '') continue;
    const valueEnum = column.valueEnum as Record<string, { text: ReactNode }> | undefined;
    const options = (column.fieldProps as { options?: { value: unknown; label: ReactNode }[] } | undefined)
      ?.options;
    const shown =
      valueEnum?.[String(value)]?.text ?? options?.find((option) => option.value === value)?.label ?? value;
    summary.push({ label: String(column.title ?? ''), value: String(shown) });
  }
  return summary;
}

/** The export's file name: fixed, or read from the filter it exports (a date range in the name). */
export function exportFileNameOf<F>(fileName: string | ((filter: F) => string), filter: F): string {
  return typeof fileName === 'function' ? fileName(filter) : fileName;
}

/** The placeholder of the keyword field (`queryCondition`), for the toolbar box of a compact list. */
function keywordPlaceholder<T>(columns: ProColumns<T>[]): string | undefined {
  const keyword = columns.find((column) => column.dataIndex === 'queryCondition');
  return (keyword?.fieldProps as { placeholder?: string } | undefined)?.placeholder;
}

/** How a list names its rows: a field, or a function for rows that have no single unique field. */
export type ListRowKey<T> = (keyof T & string) | ((row: T) => string);

/** The key of a row (`id` unless the page says otherwise), as selection keys hold it. */
export function rowKeyOf<T extends object>(row: T, rowKey: ListRowKey<T> = 'id' as keyof T & string): string {
  return typeof rowKey === 'function' ? rowKey(row) : String(row[rowKey]);
}

/** The Excel export of a list: its columns, and where its rows come from. */
export interface ListExcel<T, F, E = T> {
  fileName: string | ((filter: F) => string);
  sheetName: string;
  columns: ExcelColumn<E>[];
  /**
   * every row to export, when a route of its own answers them (rows of another shape than the list's,
   * in one reply); without it the list's own pages are read, and `E` is the list's row
   */
  load?: (filter: F) => Promise<E[]>;
  /** false: the file name says all (it names its range), no time stamp added */
  stamped?: false;
}

/** What a print of a list is asked for: the filter, and the search as the form holds and shows it. */
export type { ListPrintRequest };

export interface ListPageProps<T extends object, F, R extends ListPageResult<T> = ListPageResult<T>, E = T> {
  /** the search form's name: its fields' ids read `${name}_${field}`; also the list's query key */
  name: string;
  /** where the column settings are remembered (localStorage) */
  columnsKey: string;
  /**
   * the columns with their search fields (`hideInTable` for search-only fields); as a function, they
   * follow the last page answered (columns the response names: one per period of a pivot)
   */
  columns: ProColumns<T>[] | ((last: R | undefined) => ProColumns<T>[]);
  /** columns hidden until shown in the column settings */
  hiddenColumns?: string[];
  /** one page of rows for a filter */
  request: (query: PageQuery<F>, signal?: AbortSignal) => Promise<R>;
  /**
   * the search form's values → the request's filter ({@link plainFilterOf} by default); null sends
   * nothing (a search the server would refuse: `notice` says why)
   */
  filterOf?: (values: SearchValues) => F | null;
  /** shown above the table for the search as it stands (a problem with it) */
  notice?: (values: SearchValues) => ReactNode;
  /** a click anywhere on a row (its details) */
  onRowClick?: (row: T) => void;
  texts: { empty: string; loadFailed: string };
  /** the row's enable / stop switch, at {@link STATUS_COLUMN}; stopping asks first */
  status?: {
    change: (row: T, isActive: boolean) => Promise<unknown>;
    editable: boolean;
    nameOf?: (row: T) => string;
  };
  /** the row actions: extra ones first, then edit, then delete (which asks first) */
  rowActions?: RowActions<T>;
  create?: { testId: string; label: string; onClick: () => void };
  /** the Excel export of every matching row; its columns are the print's too */
  excel?: ListExcel<T, F, E>;
  /**
   * a print of every matching row: the Excel columns on the kit's sheet (needs `excel`), or a sheet of
   * the page's own (`preview`: shown while `request` is set, closed through `close`)
   */
  print?: {
    title: string;
    preview?: (request: ListPrintRequest<F> | null, close: () => void) => ReactNode;
    /** the print button's test id (`list-print` by default) */
    testId?: string;
  };
  /** the row's key (selection keys too); `id` by default */
  rowKey?: ListRowKey<T>;
  /** false: no search form (a list the page filters itself, or not at all) */
  search?: false;
  /** false: no reload and column settings (a list inside a panel whose own toolbar reloads it) */
  tableOptions?: false;
  /** false: no column settings (columns that come and go with the response) */
  columnSettings?: false;
  /** the search form starts collapsed on every screen (a long form above a list worth seeing first) */
  searchCollapsed?: boolean;
  /** the search fields' rules are checked before a search runs (ProTable ignores them otherwise) */
  validateSearch?: boolean;
  /** rows ticked for a batch action of the toolbar */
  selection?: {
    keys: string[];
    onChange: (keys: string[]) => void;
    /** rows that may be ticked (default: all) */
    selectable?: (row: T) => boolean;
  };
  /** a title in the table's toolbar */
  headerTitle?: ReactNode;
  /** a narrow panel: a keyword box in the toolbar (`queryCondition`) instead of the search form */
  compact?: boolean;
  /** false while the page has nothing to list yet (no request) */
  enabled?: boolean;
  /** a class of a row that reads differently (a deleted entry shown on request) */
  rowClassName?: (row: T) => string;
  /** the content shown under a row when it is expanded */
  expandedRow?: (row: T) => ReactNode;
  /**
   * page-specific toolbar elements (an import button), before the kit's own; as a function, they see
   * the list's total and filter (a batch action on every matching row; null while the search is refused)
   */
  toolbar?: ReactNode | ((list: { total: number; filter: F | null }) => ReactNode);
  /** after a status change or a delete, beside the list's own reload (counts elsewhere on the page) */
  onChanged?: () => void;
  /** the search form, for a search started from elsewhere on the page (set its fields, then submit) */
  formRef?: MutableRefObject<ProFormInstance | undefined>;
  /** the page's phone columns are few and wrap: on a phone the table fits the screen, no sideways scroll */
  fitsPhone?: boolean;
  /** a search field changed before it is submitted (a label that follows another field's choice) */
  onSearchValuesChange?: (changed: SearchValues, all: SearchValues) => void;
}

/**
 * The list-page kit (Ant Design Pro's table-list): the page declares its columns, its request and its
 * optional parts; the kit does the rest the same way on every page — the search form with reset, the
 * paged table loaded through react-query (loading, empty, error with retry), column settings, the
 * total, the status switch, row actions, and the toolbar in one order: the page's own elements, print,
 * Excel export, then the primary "New …". On a phone the search form starts collapsed, the table is
 * small and the column settings are left out.
 */
export function ListPage<T extends object, F, R extends ListPageResult<T> = ListPageResult<T>, E = T>(
  props: ListPageProps<T, F, R, E>,
) {
  const { name, status, rowActions, excel, print, create, compact } = props;
  const { t } = useTranslation();
  const lang = currentLang();
  const phone = useDevice() === 'mobile';
  const narrow = phone || !!compact;
  const reload = useListReload(name);
  const columnsOf = (last: R | undefined) =>
    typeof props.columns === 'function' ? props.columns(last) : props.columns;
  // the form starts with the columns' initial values (a default date range) and resets to them
  const initialValues = initialSearchValues(columnsOf(undefined));
  const [search, setSearch] = useState<{ values: SearchValues; page: number; size: number }>({
    values: initialValues,
    page: 1,
    size: TABLE_PAGINATION.defaultPageSize ?? 20,
  });
  const [printing, setPrinting] = useState<ListPrintRequest<F> | null>(null);

  const filterOf = (values: SearchValues): F | null => {
    const withStatus = status ? { ...values, isActive: activeFilterOf(values.isActive) } : values;
    return (props.filterOf ?? plainFilterOf)(withStatus) as F | null;
  };
  const filter = filterOf(search.values);
  // a filter the page changes outside the form (an item tab) starts again at its first page
  const filterKey = JSON.stringify(filter);
  const [pagedFilterKey, setPagedFilterKey] = useState(filterKey);
  if (pagedFilterKey !== filterKey) {
    setPagedFilterKey(filterKey);
    if (search.page !== 1) setSearch((current) => ({ ...current, page: 1 }));
  }
  const query = useQuery({
    queryKey: [...listQueryKey(name), filter, search.page, search.size, lang],
    queryFn: ({ signal }) =>
      props.request({ ...(filter as F), page: search.page, size: search.size }, signal),
    enabled: (props.enabled ?? true) && filter !== null,
    placeholderData: keepPreviousData,
    // the error shows above the table with a retry, not as a toast as well
    meta: { silent: true },
    staleTime: 0,
  });
  const refused = filter === null;
  const columns = columnsOf(query.data);
  const total = query.isError || refused ? 0 : (query.data?.total ?? 0);
  const afterChange = () => {
    reload();
    props.onChanged?.();
  };

  // the status switch is only given to lists of rows with an id (the entries of a catalogue)
  const statusToggle = useStatusToggle<T & { id: number }>(
    (row, isActive) => status?.change(row, isActive) ?? Promise.resolve(),
    afterChange,
    status?.nameOf,
  );
  const exporter = useExcelExport<E>({
    fileName: () => (excel ? exportFileNameOf(excel.fileName, filter as F) : name),
    sheetName: () => excel?.sheetName ?? name,
    columns: () => excel?.columns ?? [],
    stamped: excel?.stamped ?? true,
    load: async (onProgress) => {
      if (excel?.load) return excel.load(filter as F);
      // without a loader of its own the export's rows are the list's (E is T)
      return (await fetchAllPages(props.request, filter as F, { onProgress })) as unknown as E[];
    },
  });

  const statusColumn: ProColumns<T> = {
    title: t('common.status'),
    dataIndex: 'isActive',
    key: 'status',
    valueType: 'select',
    valueEnum: statusValueEnum(),
    fieldProps: { placeholder: t('common.all') },
    width: 110,
    render: (_, row) => {
      const entry = row as T & { id: number; isActive: boolean };
      return (
        <RowStatusSwitch
          checked={entry.isActive}
          loading={statusToggle.busy === entry.id}
          disabled={!status?.editable}
          onChange={(checked) => void statusToggle.toggle(entry, checked)}
        />
      );
    },
  };
  const actionsShown = rowActions && (rowActions.edit || rowActions.remove || rowActions.extra);
  const actionsColumn: ProColumns<T> = {
    title: t('common.actions'),
    key: 'option',
    valueType: 'option',
    fixed: narrow ? undefined : 'right',
    width: rowActions ? rowActionsWidth(rowActions, lang) : undefined,
    render: (_, row) => (
      <RowActionsCell
        row={row}
        actions={rowActions ?? {}}
        afterDelete={(outcome) => {
          if (outcome === 'deleted' && props.selection) {
            const key = rowKeyOf(row, props.rowKey);
            props.selection.onChange(props.selection.keys.filter((kept) => kept !== key));
          }
          if (outcome !== 'cancelled') afterChange();
        }}
      />
    ),
  };
  const pageColumns = columns.map((column) =>
    status && column.key === STATUS_COLUMN.key
      ? { ...statusColumn, ...column, render: statusColumn.render }
      : column,
  );
  if (status && !columns.some((column) => column.key === STATUS_COLUMN.key)) pageColumns.push(statusColumn);
  if (actionsShown) pageColumns.push(actionsColumn);

  const pageToolbar = typeof props.toolbar === 'function' ? props.toolbar({ total, filter }) : props.toolbar;
  const toolbar = [
    pageToolbar ? <span key="page">{pageToolbar}</span> : null,
    print && (excel || print.preview) ? (
      <Button
        key="print"
        icon={<PrinterOutlined />}
        disabled={total === 0}
        data-testid={print.testId ?? 'list-print'}
        onClick={() =>
          setPrinting({
            filter: filter as F,
            filters: searchSummary(columns, search.values),
            values: search.values,
          })
        }
      >
        {t('print.action')}
      </Button>
    ) : null,
    excel ? (
      <ExportButton
        key="export"
        exporting={exporter.exporting}
        disabled={total === 0}
        onClick={() => void exporter.run(total)}
      />
    ) : null,
    create ? (
      <CreateButton key="create" testId={create.testId} onClick={create.onClick}>
        {create.label}
      </CreateButton>
    ) : null,
  ];

  return (
    <>
      {props.notice?.(search.values)}
      {query.isError ? (
        <LoadError
          title={props.texts.loadFailed}
          message={errorText(query.error)}
          onRetry={() => void query.refetch()}
        />
      ) : null}
      <ProTable<T, SearchValues>
        // keys as text, as the selection holds them: a numeric id ticks its row too
        rowKey={(row) => rowKeyOf(row, props.rowKey)}
        columns={pageColumns}
        dataSource={query.isError || refused ? [] : query.data?.records}
        loading={query.isFetching}
        cardBordered
        headerTitle={props.headerTitle}
        formRef={props.formRef}
        form={{
          name: `${name}Search`,
          onValuesChange: props.onSearchValuesChange,
          ignoreRules: !props.validateSearch,
        }}
        search={
          compact || props.search === false
            ? false
            : {
                labelWidth: 'auto',
                defaultCollapsed: narrow || !!props.searchCollapsed,
                span: { xs: 24, sm: 24, md: 12, lg: 8, xl: 8, xxl: 6 },
              }
        }
        onSubmit={(values) => setSearch((current) => ({ ...current, values, page: 1 }))}
        onReset={() => setSearch((current) => ({ ...current, values: initialValues, page: 1 }))}
        options={
          props.tableOptions === false
            ? false
            : {
                reload: () => void query.refetch(),
                density: false,
                setting: narrow || props.columnSettings === false ? false : { draggable: true },
                search: compact
                  ? {
                      placeholder: keywordPlaceholder(columns),
                      maxLength: 50,
                      allowClear: true,
                      onSearch: (keyword: string) => {
                        setSearch((current) => ({
                          ...current,
                          values: { queryCondition: keyword },
                          page: 1,
                        }));
                        return false;
                      },
                    }
                  : false,
              }
        }
        columnsState={{
          persistenceKey: props.columnsKey,
          persistenceType: 'localStorage',
          defaultValue: Object.fromEntries((props.hiddenColumns ?? []).map((key) => [key, { show: false }])),
        }}
        size={narrow ? 'small' : undefined}
        scroll={props.fitsPhone && phone ? undefined : { x: 'max-content' }}
        pagination={{
          ...TABLE_PAGINATION,
          current: search.page,
          pageSize: search.size,
          total,
          showTotal: (count) => t('common.total', { count }),
          onChange: (page, size) =>
            setSearch((current) => ({ ...current, page: size === current.size ? page : 1, size })),
        }}
        locale={{
          emptyText: <TableEmpty text={query.isError ? props.texts.loadFailed : props.texts.empty} />,
        }}
        rowSelection={
          props.selection
            ? {
                selectedRowKeys: props.selection.keys,
                preserveSelectedRowKeys: true,
                onChange: (keys) => props.selection?.onChange(keys.map(String)),
                getCheckboxProps: props.selection.selectable
                  ? (row: T) => ({ disabled: !props.selection?.selectable?.(row) })
                  : undefined,
              }
            : false
        }
        tableAlertRender={({ selectedRowKeys, onCleanSelected }) => (
          <Space wrap>
            <span data-testid="selected-count">
              {t('common.selected', { count: selectedRowKeys.length })}
            </span>
            <Button type="link" size="small" onClick={onCleanSelected}>
              {t('common.clearSelection')}
            </Button>
          </Space>
        )}
        tableAlertOptionRender={false}
        onRow={
          props.onRowClick
            ? (row) => ({ onClick: () => props.onRowClick?.(row), className: 'gc-clickable-row' })
            : undefined
        }
        rowClassName={props.rowClassName ? (row) => props.rowClassName?.(row) ?? '' : undefined}
        expandable={props.expandedRow ? { expandedRowRender: props.expandedRow } : undefined}
        // without options or elements of its own the toolbar row is left out, not shown empty
        toolBarRender={props.tableOptions === false && !toolbar.some(Boolean) ? false : () => toolbar}
      />
      {print?.preview ? print.preview(printing, () => setPrinting(null)) : null}
      {print && !print.preview && excel ? (
        <ListPrint<E, F>
          name={name}
          title={print.title}
          columns={excel.columns}
          load={(printFilter, options) =>
            excel.load
              ? excel.load(printFilter)
              : (fetchAllPages(props.request, printFilter, options) as Promise<unknown> as Promise<E[]>)
          }
          print={printing}
          onClose={() => setPrinting(null)}
        />
      ) : null}
    </>
  );
}
