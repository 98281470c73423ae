import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { Button } from 'antd';
import type { TFunction } from 'i18next';
import { useRef, useState } from 'react';
import { errorText, isAbort } from '../../api/http';

/*
 * The hand-built ProTable pieces of the pages not yet on ListPage (issue 14). They go with the last
 * such page; new lists use ListPage.
 */

/**
 * The state of a paged ProTable list: its action ref (`reload`), the last filter and total (for the
 * export), the load failure, and `request`, which loads one page for a filter.
 */
export function usePagedList<T, F>(
  fetchPage: (query: F & { page: number; size: number }) => Promise<{ records: T[]; total: number }>,
) {
  const actionRef = useRef<ActionType>(null);
  const lastFilter = useRef<F>({} as F);
  const [total, setTotal] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const reload = () => actionRef.current?.reload();
  const request = async (filter: F, params: { current?: number; pageSize?: number }) => {
    lastFilter.current = filter;
    try {
      const page = await fetchPage({ ...filter, page: params.current ?? 1, size: params.pageSize ?? 20 });
      setError(null);
      setTotal(page.total);
      return { data: page.records, total: page.total, success: true };
    } catch (failure) {
      if (!isAbort(failure)) setError(errorText(failure));
      setTotal(0);
      return { data: [] as T[], total: 0, success: true };
    }
  };
  return { actionRef, lastFilter, total, error, reload, request };
}

/** The search form of a list: collapsed on a phone, up to four fields a row. */
export function listSearchProps(mobile: boolean) {
  return {
    labelWidth: 'auto' as const,
    defaultCollapsed: mobile,
    span: { xs: 24, sm: 24, md: 12, lg: 8, xl: 8, xxl: 6 },
  };
}

/** The edit and delete actions of a row, each shown only to those holding its permission. */
export function rowActionsColumn<T>(options: {
  t: TFunction;
  mobile: boolean;
  lang: string;
  canEdit: boolean;
  canDelete: boolean;
  onEdit: (row: T) => void;
  onDelete: (row: T) => void;
}): ProColumns<T> {
  const { t, mobile, lang, canEdit, canDelete, onEdit, onDelete } = options;
  return {
    title: t('common.actions'),
    key: 'option',
    valueType: 'option',
    fixed: mobile ? undefined : 'right',
    width: lang === 'zh-CN' ? 110 : 130,
    render: (_, row) => [
      canEdit ? (
        <Button key="edit" type="link" size="small" data-testid="row-edit" onClick={() => onEdit(row)}>
          {t('common.edit')}
        </Button>
      ) : null,
      canDelete ? (
        <Button
          key="delete"
          type="link"
          size="small"
          danger
          data-testid="row-delete"
          onClick={() => onDelete(row)}
        >
          {t('common.delete')}
        </Button>
      ) : null,
    ],
  };
}

/** The columns without the actions column, for users who may neither edit nor delete. */
export function withoutActions<T>(columns: ProColumns<T>[]): ProColumns<T>[] {
  return columns.filter((column) => column.valueType !== 'option');
}
