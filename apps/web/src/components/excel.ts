import type { Workbook } from 'exceljs';
import { dateInZone, formatDateTime } from './format';

/*
 * The one Excel mechanism: workbooks are built in the browser, from the rows the screen's own API
 * calls answer. Why the browser rather than server-side streaming: the rows arrive already scoped
 * (tenant, ward, permissions) and named in the reader's language, and each column is declared once,
 * beside the table that shows it, so the file says exactly what the screen says; the largest lists a
 * ward exports (thousands of rows, read 500 a page with progress) build in a second or two; and the
 * server keeps no second rendering of every list. exceljs loads on the first export only.
 */

/** What a cell may hold once rendered. */
export type ExcelCellValue = string | number | boolean | Date | null | undefined;

export interface ExcelColumn<T> {
  /** header text (already translated) */
  title: string;
  /** property of the row, or a path into it (`['department', 'name']`), as antd columns spell it */
  dataIndex: keyof T | string | readonly (string | number)[];
  /** turns the value (and row) into what the cell shows; arrays are joined with ", " otherwise */
  render?: (value: unknown, row: T, index: number) => ExcelCellValue | readonly ExcelCellValue[];
  /** how date values show: `date` (YYYY-MM-DD) or `dateTime` (YYYY-MM-DD HH:mm:ss, the default) */
  dateFormat?: 'date' | 'dateTime';
  /** fixed width in characters; fitted to the content when absent */
  width?: number;
}

export interface ExcelExportOptions<T> {
  /** file name; `.xlsx` is added when missing */
  fileName: string;
  sheetName: string;
  columns: readonly ExcelColumn<T>[];
  rows: readonly T[];
}

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
// at least 10: exceljs leaves out a width of 9 (its default) when it writes the file
const MIN_WIDTH = 10;
const MAX_WIDTH = 60;
/** an ISO date-time as the API sends them (`2026-01-02T03:04:05.000Z`, `...+08:00`) */
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

function valueAt(row: unknown, dataIndex: PropertyKey | readonly (string | number)[]): unknown {
  const path: readonly (string | number)[] = Array.isArray(dataIndex) ? dataIndex : [dataIndex as string];
  let current: unknown = row;
  for (const key of path) {
    if (current === null || current === undefined || typeof current !== 'object') return undefined;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current;
}

/** a calendar date (a date of birth, an expiry day): not an instant, never shifted */
const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

function formatDate(value: Date | string, format: 'date' | 'dateTime'): string {
  if (typeof value === 'string' && CALENDAR_DATE.test(value)) return value;
  const text = format === 'date' ? dateInZone(value) : formatDateTime(value);
  return text || String(value);
}

/**
 * What one cell holds: instants (Date objects and ISO date-times) become text on the hospital's wall
 * clock in the column's format — text rather than Excel dates, since an Excel date has no zone and
 * exceljs writes a `Date` as its UTC wall clock, so the sheet would show neither the hospital's nor the
 * reader's time; the text is exactly what the screen shows. Arrays are joined, null and undefined leave
 * the cell empty.
 */
export function cellValue<T>(
  column: ExcelColumn<T>,
  row: T,
  index: number,
): string | number | boolean | null {
  const raw = valueAt(row, column.dataIndex);
  const rendered = column.render ? column.render(raw, row, index) : (raw as ExcelCellValue);
  const one = (value: unknown): string | number | boolean | null => {
    if (value === null || value === undefined) return null;
    if (value instanceof Date) return formatDate(value, column.dateFormat ?? 'dateTime');
    if (typeof value === 'string') {
      if (column.dateFormat && value) return formatDate(value, column.dateFormat);
      return ISO_DATE_TIME.test(value) ? formatDate(value, 'dateTime') : value;
    }
    if (typeof value === 'number' || typeof value === 'boolean') return value;
    return String(value);
  };
  if (Array.isArray(rendered)) {
    return rendered
      .map(one)
      .filter((item) => item !== null && item !== '')
      .join(', ');
  }
  return one(rendered);
}

/** Display width of a text: CJK and other wide characters count twice. */
export function textWidth(text: string): number {
  let width = 0;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    width += code > 0x2e80 ? 2 : 1;
  }
  return width;
}

function fittedWidth(texts: string[]): number {
  const widest = texts.reduce(
    (max, text) => Math.max(max, ...text.split('\n').map((line) => textWidth(line))),
    0,
  );
  return Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, widest + 2));
}

/** Sheet names: at most 31 characters, none of : \ / ? * [ ]. */
export function safeSheetName(name: string): string {
  const cleaned = name.replace(/[:\\/?*[\]]/g, ' ').trim();
  return (cleaned || 'Sheet1').slice(0, 31);
}

export function xlsxFileName(name: string): string {
  const cleaned = name.replace(/[\\/:*?"<>|]/g, '_').trim() || 'export';
  return /\.xlsx$/i.test(cleaned) ? cleaned : `${cleaned}.xlsx`;
}

export async function loadExcelJs(): Promise<typeof import('exceljs')> {
  // loaded on first export only: the library is large
  const module = (await import('exceljs')) as typeof import('exceljs') & {
    default?: typeof import('exceljs');
  };
  return module.default ?? module;
}

/** Builds the workbook in memory: one sheet, bold frozen header row, fitted widths, formatted dates. */
export async function buildWorkbook<T>(options: Omit<ExcelExportOptions<T>, 'fileName'>): Promise<Workbook> {
  const ExcelJS = await loadExcelJs();
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(safeSheetName(options.sheetName), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  const body = options.rows.map((row, index) =>
    options.columns.map((column) => cellValue(column, row, index)),
  );
  sheet.columns = options.columns.map((column, columnIndex) => ({
    header: column.title,
    key: `c${columnIndex}`,
    width:
      column.width ??
      fittedWidth([column.title, ...body.map((cells) => (cells[columnIndex] ?? '').toString())]),
  }));
  for (const cells of body) sheet.addRow(cells);
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.alignment = { vertical: 'middle' };
  header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8F3F4' } };
  return workbook;
}

/** Hands a file to the browser as a download. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Builds an .xlsx from rows in the browser and downloads it. Rejects when the workbook cannot be
 * built; callers show "Export failed, please try again".
 */
export async function exportToExcel<T>(options: ExcelExportOptions<T>): Promise<void> {
  const workbook = await buildWorkbook(options);
  const buffer = await workbook.xlsx.writeBuffer();
  downloadBlob(new Blob([buffer as ArrayBuffer], { type: XLSX_MIME }), xlsxFileName(options.fileName));
}
