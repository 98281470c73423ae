import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAbort, isApiError } from '../../api/http';
import { toastError, toastSuccess } from '../../app/notify';
import { type ExcelColumn, exportToExcel } from '../excel';
import { fileStamp } from '../format';

export interface ExportProgress {
  loaded: number;
  total: number;
}

/**
 * The Excel export of a whole filtered list: loads every row (with progress), builds the workbook in
 * the browser (components/excel.ts says why there), downloads it, and says how many rows went out —
 * or "Export failed, please try again".
 */
export function useExcelExport<T>(options: {
  fileName: () => string;
  sheetName: () => string;
  columns: () => ExcelColumn<T>[];
  /** false: the file name is complete, no time stamp added */
  stamped?: boolean;
  load: (onProgress: (loaded: number, total: number) => void) => Promise<T[]>;
}) {
  const { t } = useTranslation();
  const [exporting, setExporting] = useState<ExportProgress | null>(null);
  const run = async (expectedTotal: number) => {
    setExporting({ loaded: 0, total: expectedTotal });
    try {
      const rows = await options.load((loaded, total) => setExporting({ loaded, total }));
      await exportToExcel({
        fileName: options.stamped === false ? options.fileName() : `${options.fileName()}-${fileStamp()}`,
        sheetName: options.sheetName(),
        columns: options.columns(),
        rows,
      });
      toastSuccess(t('excel.exported', { count: rows.length }));
    } catch (failure) {
      if (isAbort(failure)) return;
      // the server's own words when it refuses (too many rows: narrow the search); else §8's text
      toastError(isApiError(failure) && failure.status === 400 ? failure.message : t('excel.exportFailed'));
    } finally {
      setExporting(null);
    }
  };
  return { exporting, run };
}

/** The toolbar button of an export (`data-testid="export-excel"`), showing its progress. */
export function ExportButton({
  exporting,
  disabled,
  onClick,
}: {
  exporting: ExportProgress | null;
  disabled?: boolean;
  onClick: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Button
      icon={<DownloadOutlined />}
      loading={!!exporting}
      disabled={!exporting && disabled}
      data-testid="export-excel"
      onClick={onClick}
    >
      {exporting
        ? t('excel.exporting', { loaded: exporting.loaded, total: exporting.total })
        : t('excel.export')}
    </Button>
  );
}
