import {
  IMPORTS,
  type ImportColumn,
  type ImportKind,
  readImportSheet,
  type SheetCell,
  type SheetReading,
  templateHeader,
} from '@glucocare/domain/admin';
import type { Lang } from '@glucocare/domain/i18n';
import type { CellValue } from 'exceljs';
import { buildWorkbook, downloadBlob, loadExcelJs, XLSX_MIME, xlsxFileName } from '../excel';

const REQUIRED_NOTE: Record<Lang, string> = { 'en-US': 'Required', 'zh-CN': '必填' };
const OPTIONAL_NOTE: Record<Lang, string> = { 'en-US': 'Optional', 'zh-CN': '选填' };
const CHOICES_NOTE: Record<Lang, string> = { 'en-US': 'One of: ', 'zh-CN': '可填：' };

/** What a header cell's note says: required or not, how to fill the column, and a choice column's values. */
export function columnNote(column: ImportColumn, lang: Lang): string {
  const lines = [column.required ? REQUIRED_NOTE[lang] : OPTIONAL_NOTE[lang]];
  if (column.note) lines.push(column.note[lang]);
  if (column.choices) {
    lines.push(
      CHOICES_NOTE[lang] +
        column.choices.map((choice) => choice.label[lang]).join(lang === 'zh-CN' ? '、' : ', '),
    );
  }
  return lines.join('\n');
}

/** The example cell: a choice shows its label in the user's language, a yes/no column Yes or No. */
function exampleCell(column: ImportColumn, lang: Lang, yes: string, no: string): string | number {
  const { example } = column;
  if (typeof example === 'boolean') return example ? yes : no;
  const choice = column.choices?.find((option) => option.value === example);
  return choice ? choice.label[lang] : example;
}

/** The template of a list: headers in the user's language (`*` on required ones), one example row, a note on each header. */
export async function buildTemplate(kind: ImportKind, lang: Lang, labels: { yes: string; no: string }) {
  const declaration = IMPORTS[kind];
  const columns = declaration.columns;
  const example = Object.fromEntries(
    columns.map((column) => [column.field, exampleCell(column, lang, labels.yes, labels.no)]),
  );
  const workbook = await buildWorkbook({
    sheetName: declaration.title[lang],
    columns: columns.map((column) => ({
      title: templateHeader(column, lang),
      dataIndex: column.field,
      width: Math.max(14, templateHeader(column, lang).length + 6),
    })),
    rows: [example],
  });
  const sheet = workbook.worksheets[0];
  columns.forEach((column, index) => {
    if (!sheet) return;
    const cell = sheet.getRow(1).getCell(index + 1);
    cell.note = columnNote(column, lang);
    // codes, phone and ID numbers stay text: Excel would drop the leading zeros of a number
    sheet.getColumn(index + 1).numFmt = '@';
  });
  return workbook;
}

export async function downloadTemplate(kind: ImportKind, lang: Lang, labels: { yes: string; no: string }) {
  const workbook = await buildTemplate(kind, lang, labels);
  const title = IMPORTS[kind].title[lang];
  const buffer = await workbook.xlsx.writeBuffer();
  const fileName = xlsxFileName(`${title}-${lang === 'zh-CN' ? '导入模板' : 'import-template'}`);
  downloadBlob(new Blob([buffer as ArrayBuffer], { type: XLSX_MIME }), fileName);
}

/** A cell as exceljs reads it, reduced to what the sheet shows: rich text and links to their text, formulas to their result. */
export function plainCell(value: CellValue): SheetCell {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'object' || value instanceof Date) return value;
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('text' in value && typeof value.text === 'string') return value.text;
  if ('result' in value) {
    const result = value.result;
    return result === undefined || (typeof result === 'object' && !(result instanceof Date)) ? null : result;
  }
  return null;
}

/** Reads the first sheet of an .xlsx file into rows to send, with the problems found in the browser. */
export async function readImportFile(kind: ImportKind, file: Blob, lang: Lang): Promise<SheetReading> {
  const ExcelJS = await loadExcelJs();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await file.arrayBuffer());
  const sheet = workbook.worksheets[0];
  const cells: SheetCell[][] = [];
  sheet?.eachRow({ includeEmpty: true }, (row, rowNumber) => {
    const values: SheetCell[] = [];
    for (let column = 1; column <= row.cellCount; column++) values.push(plainCell(row.getCell(column).value));
    cells[rowNumber - 1] = values;
  });
  // rows exceljs never saw (wholly empty) stay holes: fill them so row numbers stay the sheet's
  return readImportSheet(
    kind,
    Array.from(cells, (row) => row ?? []),
    lang,
  );
}
