import type { Lang } from '@glucocare/domain';
import ExcelJS from 'exceljs';
import type { GlucoseCounts, YearAnalysis } from './service';

/**
 * The yearly glucose statistics as an .xlsx workbook (GET /v1/statistics/gluYearAnalysisExcel): a title
 * row (hospital, department, year), the column headers in the request language, the 12 month rows and
 * the total row. Counts are whole numbers, rates numbers rounded to 2 decimals shown as `0.00` (an
 * empty cell when there is no reading).
 */

type CountKey = Exclude<keyof GlucoseCounts, `${string}Rate`>;
type RateKey = Extract<keyof GlucoseCounts, `${string}Rate`>;
type Column = { key: CountKey | RateKey; rate: boolean };

const COLUMNS: Column[] = [
  { key: 'testCount', rate: false },
  { key: 'personCount', rate: false },
  { key: 'inTargetCount', rate: false },
  { key: 'inTargetRate', rate: true },
  { key: 'lowCount', rate: false },
  { key: 'lowRate', rate: true },
  { key: 'criticalLowCount', rate: false },
  { key: 'criticalLowRate', rate: true },
  { key: 'highCount', rate: false },
  { key: 'highRate', rate: true },
  { key: 'criticalHighCount', rate: false },
  { key: 'criticalHighRate', rate: true },
  { key: 'criticalCount', rate: false },
  { key: 'criticalRate', rate: true },
];

interface Labels {
  title: (hospital: string, department: string | null, year: number) => string;
  fileName: (department: string, year: number) => string;
  month: string;
  monthName: (month: number) => string;
  total: string;
  columns: Record<Column['key'], string>;
}

const EN_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const LABELS: Record<Lang, Labels> = {
  'en-US': {
    title: (hospital, department, year) =>
      `${hospital}${department ? ` - ${department}` : ''}: glucose statistics ${year}`,
    fileName: (department, year) => `Glucose statistics ${year} ${department}.xlsx`,
    month: 'Month',
    monthName: (month) => EN_MONTHS[month - 1] as string,
    total: 'Total',
    columns: {
      testCount: 'Tests',
      personCount: 'Patients',
      inTargetCount: 'In target',
      inTargetRate: 'In target (%)',
      lowCount: 'Low',
      lowRate: 'Low (%)',
      criticalLowCount: 'Critically low',
      criticalLowRate: 'Critically low (%)',
      highCount: 'High',
      highRate: 'High (%)',
      criticalHighCount: 'Critically high',
      criticalHighRate: 'Critically high (%)',
      criticalCount: 'Critical',
      criticalRate: 'Critical (%)',
    },
  },
  'zh-CN': {
    title: (hospital, department, year) =>
      `${hospital}${department ? ` ${department}` : ''} ${year}年血糖统计`,
    fileName: (department, year) => `${year}年血糖统计_${department}.xlsx`,
    month: '月份',
    monthName: (month) => `${month}月`,
    total: '合计',
    columns: {
      testCount: '检测次数',
      personCount: '检测人数',
      inTargetCount: '达标次数',
      inTargetRate: '达标率(%)',
      lowCount: '低血糖次数',
      lowRate: '低血糖率(%)',
      criticalLowCount: '危急低值次数',
      criticalLowRate: '危急低值率(%)',
      highCount: '高血糖次数',
      highRate: '高血糖率(%)',
      criticalHighCount: '危急高值次数',
      criticalHighRate: '危急高值率(%)',
      criticalCount: '危急值次数',
      criticalRate: '危急值率(%)',
    },
  },
};

/** Characters file systems or sheet names refuse become `_`. */
const unsafe = (text: string) =>
  [...text]
    .map((c) => (c.charCodeAt(0) < 32 || '\\/:*?"<>|[]'.includes(c) ? '_' : c))
    .join('')
    .trim();

/**
 * The workbook and its file name (contains the year; may contain non-ASCII characters, so the
 * route sends it as RFC 5987 `filename*`).
 */
export async function yearAnalysisWorkbook(
  analysis: YearAnalysis,
  hospitalName: string,
  lang: Lang,
): Promise<{ buffer: Buffer; fileName: string }> {
  const labels = LABELS[lang];
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'GlucoCare';
  workbook.created = new Date(0);
  const sheet = workbook.addWorksheet(String(analysis.year));
  const width = COLUMNS.length + 1;

  const department = analysis.departmentCode ? analysis.departmentName : null;
  sheet.addRow([labels.title(hospitalName, department, analysis.year)]);
  sheet.mergeCells(1, 1, 1, width);
  const title = sheet.getCell(1, 1);
  title.font = { bold: true, size: 14 };
  title.alignment = { horizontal: 'center', vertical: 'middle' };
  sheet.getRow(1).height = 24;

  const header = sheet.addRow([labels.month, ...COLUMNS.map((column) => labels.columns[column.key])]);
  header.font = { bold: true };
  header.alignment = { horizontal: 'center', vertical: 'middle', wrapText: true };

  const values = (counts: GlucoseCounts) => COLUMNS.map((column) => counts[column.key] ?? null);
  for (const row of analysis.months) sheet.addRow([labels.monthName(row.month), ...values(row)]);
  const total = sheet.addRow([labels.total, ...values(analysis.total)]);
  total.font = { bold: true };

  sheet.getColumn(1).width = 10;
  COLUMNS.forEach((column, i) => {
    const sheetColumn = sheet.getColumn(i + 2);
    sheetColumn.width = 14;
    if (column.rate) sheetColumn.numFmt = '0.00';
  });
  sheet.views = [{ state: 'frozen', ySplit: 2 }];

  const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
  const fileName = unsafe(labels.fileName(analysis.departmentName, analysis.year));
  return { buffer, fileName };
}
