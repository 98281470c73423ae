import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session';
import { currentLang } from '../../i18n';
import { cellValue, type ExcelColumn } from '../excel';
import { formatDateTime } from '../format';
import {
  PRINT_MAX_ROWS,
  type PrintFilter,
  PrintPreviewDialog,
  PrintSheet,
  usePrintHospitalName,
} from '../print/PrintPreview';
import { fetchAllPages, type PageRequest } from './fetch-all';

export interface ListPrintRequest<F> {
  filter: F;
  /** the search as the form shows it, for the sheet's header */
  filters: PrintFilter[];
}

/**
 * The print of a list: every matching row (up to {@link PRINT_MAX_ROWS}) in the columns of its Excel
 * export, so that one declaration says what a list hands out on paper and in a file.
 */
export function ListPrint<T, F>({
  name,
  title,
  columns,
  request,
  print,
  onClose,
}: {
  name: string;
  title: string;
  columns: ExcelColumn<T>[];
  request: PageRequest<T, F>;
  print: ListPrintRequest<F> | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { profile } = useSession();
  const hospitalName = usePrintHospitalName();
  const data = useQuery({
    queryKey: ['list', name, 'print', print?.filter, currentLang()],
    enabled: !!print,
    gcTime: 0,
    meta: { silent: true },
    queryFn: async ({ signal }) => {
      let total = 0;
      const rows = await fetchAllPages(request, print?.filter as F, {
        signal,
        limit: PRINT_MAX_ROWS,
        onProgress: (_loaded, all) => {
          total = all;
        },
      });
      return { rows, total };
    },
  });
  const loaded = data.data;
  return (
    <PrintPreviewDialog
      open={!!print}
      documentTitle={title}
      onClose={onClose}
      loading={data.isLoading}
      error={data.error}
      truncated={loaded ? { shown: loaded.rows.length, total: loaded.total } : null}
      sheet={
        loaded
          ? (ref) => (
              <PrintSheet
                ref={ref}
                hospitalName={hospitalName}
                title={title}
                filters={print?.filters ?? []}
                footer={t('print.footer', {
                  count: loaded.rows.length,
                  by: profile?.nickName ?? '',
                  at: formatDateTime(Date.now()),
                })}
              >
                <table className="gc-print-table">
                  <thead>
                    <tr>
                      {columns.map((column) => (
                        <th key={column.title}>{column.title}</th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {loaded.rows.map((row, index) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: printed rows never reorder
                      <tr key={index}>
                        {columns.map((column) => (
                          <td key={column.title}>{String(cellValue(column, row, index) ?? '')}</td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </PrintSheet>
            )
          : null
      }
    />
  );
}
