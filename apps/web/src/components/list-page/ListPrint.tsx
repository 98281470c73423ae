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

export interface ListPrintRequest<F> {
  filter: F;
  /** the search as the form shows it, for the sheet's header */
  filters: PrintFilter[];
  /** the search form's values as they stand (a sheet of a page's own words its filters itself) */
  values: Record<string, unknown>;
}

/** Reads the rows to print: at most `limit`, telling how many match in all. */
export type PrintLoad<T, F> = (
  filter: F,
  options: { signal?: AbortSignal; limit: number; onProgress: (loaded: number, total: number) => void },
) => Promise<T[]>;

/**
 * The print of a list: every matching row (up to {@link PRINT_MAX_ROWS}) in the columns of its Excel
 * export, so that one declaration says what a list hands out on paper and in a file.
 */
export function ListPrint<T, F>({
  name,
  title,
  columns,
  load,
  print,
  onClose,
}: {
  name: string;
  title: string;
  columns: ExcelColumn<T>[];
  load: PrintLoad<T, F>;
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
      const rows = await load(print?.filter as F, {
        signal,
        limit: PRINT_MAX_ROWS,
        onProgress: (_loaded, all) => {
          total = all;
        },
      });
      // a loader of the page's own may answer every row: the sheet still holds the first PRINT_MAX_ROWS
      return { rows: rows.slice(0, PRINT_MAX_ROWS), total: Math.max(total, rows.length) };
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
