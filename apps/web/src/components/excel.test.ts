import type { Workbook } from 'exceljs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  buildWorkbook,
  cellValue,
  type ExcelColumn,
  exportToExcel,
  safeSheetName,
  textWidth,
  XLSX_MIME,
  xlsxFileName,
} from './excel';
import { hospitalZone, setHospitalZone } from './format';

interface Row {
  userName: string;
  name: string | null;
  roles: { name: string }[];
  createdAt: string;
  birthDate: string | null;
  age: number | null;
  department: { name: string };
  isActive: boolean;
}

const rows: Row[] = [
  {
    userName: 'nurse01',
    name: '王芳',
    roles: [{ name: 'Nurse' }, { name: 'Reviewer' }],
    createdAt: '2026-03-04T05:06:07.000Z',
    birthDate: '1990-01-31',
    age: 36,
    department: { name: 'Endocrinology' },
    isActive: true,
  },
  {
    userName: 'doctor01',
    name: null,
    roles: [],
    createdAt: '2026-12-31T23:59:00+00:00',
    birthDate: null,
    age: null,
    department: { name: 'A department with a rather long name indeed' },
    isActive: false,
  },
];

const columns: ExcelColumn<Row>[] = [
  { title: 'User name', dataIndex: 'userName' },
  { title: '姓名', dataIndex: 'name' },
  { title: 'Roles', dataIndex: 'roles', render: (_, row) => row.roles.map((role) => role.name) },
  { title: 'Created', dataIndex: 'createdAt' },
  { title: 'Birth date', dataIndex: 'birthDate', dateFormat: 'date' },
  { title: 'Age', dataIndex: 'age' },
  { title: 'Department', dataIndex: ['department', 'name'] },
  { title: 'Status', dataIndex: 'isActive', render: (value) => (value ? 'Enabled' : 'Disabled') },
  { title: 'Fixed', dataIndex: 'userName', width: 30 },
];

/** Writes the workbook to .xlsx bytes and reads them back, as a spreadsheet program would. */
async function roundTrip(workbook: Workbook): Promise<Workbook> {
  const buffer = await workbook.xlsx.writeBuffer();
  const ExcelJS = (await import('exceljs')).default;
  const read = new ExcelJS.Workbook();
  await read.xlsx.load(buffer as ArrayBuffer);
  return read;
}

// the hospital's clock, unlike the test process's (UTC): cells must show the hospital's wall clock
const processZone = hospitalZone();
beforeEach(() => {
  setHospitalZone('Asia/Shanghai');
});

afterEach(() => {
  setHospitalZone(processZone);
  vi.restoreAllMocks();
});

describe('Excel export helper', () => {
  it('builds one sheet with a bold, frozen header row and every row, read back from .xlsx bytes', async () => {
    const workbook = await roundTrip(await buildWorkbook({ sheetName: 'Staff', columns, rows }));
    expect(workbook.worksheets).toHaveLength(1);
    const sheet = workbook.getWorksheet('Staff')!;
    expect(sheet.rowCount).toBe(3);
    const header = sheet.getRow(1);
    expect(header.values).toEqual([
      undefined,
      'User name',
      '姓名',
      'Roles',
      'Created',
      'Birth date',
      'Age',
      'Department',
      'Status',
      'Fixed',
    ]);
    for (let column = 1; column <= columns.length; column++)
      expect(header.getCell(column).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });

    const first = sheet.getRow(2);
    expect(first.getCell(1).value).toBe('nurse01');
    expect(first.getCell(2).value).toBe('王芳');
    expect(first.getCell(3).value).toBe('Nurse, Reviewer');
    expect(first.getCell(4).value).toBe('2026-03-04 13:06:07');
    expect(first.getCell(5).value).toBe('1990-01-31');
    expect(first.getCell(6).value).toBe(36);
    expect(first.getCell(7).value).toBe('Endocrinology');
    expect(first.getCell(8).value).toBe('Enabled');

    const second = sheet.getRow(3);
    expect(second.getCell(2).value).toBeNull();
    expect(second.getCell(3).value).toBe('');
    expect(second.getCell(4).value).toBe('2027-01-01 07:59:00');
    expect(second.getCell(5).value).toBeNull();
    expect(second.getCell(8).value).toBe('Disabled');
  });

  it('fits column widths to the widest text (CJK counts double), within bounds, unless fixed', async () => {
    const workbook = await roundTrip(await buildWorkbook({ sheetName: 'Staff', columns, rows }));
    const sheet = workbook.worksheets[0]!;
    const width = (index: number) => sheet.getColumn(index).width;
    expect(width(1)).toBe('User name'.length + 2);
    expect(width(2)).toBe(10); // '姓名' is 4 wide: the minimum applies
    expect(width(8)).toBe('Disabled'.length + 2);
    expect(width(4)).toBe('2026-03-04 05:06:07'.length + 2);
    expect(width(7)).toBe('A department with a rather long name indeed'.length + 2);
    expect(width(9)).toBe(30);
    expect(textWidth('王芳ab')).toBe(6);
  });

  it('formats Date values on the hospital clock and caps very long texts at the maximum width', async () => {
    const date = new Date('2026-01-01T20:04:05Z');
    const long = 'x'.repeat(200);
    const workbook = await roundTrip(
      await buildWorkbook<{ at: Date; day: Date; text: string }>({
        sheetName: 'a/b:c*d?[e]',
        columns: [
          { title: 'At', dataIndex: 'at' },
          { title: 'Day', dataIndex: 'day', dateFormat: 'date' },
          { title: 'Text', dataIndex: 'text' },
        ],
        rows: [{ at: date, day: date, text: long }],
      }),
    );
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('a b c d  e');
    expect(sheet.getRow(2).getCell(1).value).toBe('2026-01-02 04:04:05');
    expect(sheet.getRow(2).getCell(2).value).toBe('2026-01-02');
    expect(sheet.getRow(2).getCell(3).value).toBe(long);
    expect(sheet.getColumn(3).width).toBe(60);
  });

  it('writes only the header when there are no rows', async () => {
    const workbook = await roundTrip(await buildWorkbook({ sheetName: 'Empty', columns, rows: [] }));
    expect(workbook.worksheets[0]!.rowCount).toBe(1);
  });

  it('names files and sheets safely', () => {
    expect(xlsxFileName('staff-20260101')).toBe('staff-20260101.xlsx');
    expect(xlsxFileName('a/b:c.XLSX')).toBe('a_b_c.XLSX');
    expect(xlsxFileName('  ')).toBe('export.xlsx');
    expect(safeSheetName('')).toBe('Sheet1');
    expect(safeSheetName('x'.repeat(40))).toHaveLength(31);
    expect(cellValue({ title: 'n', dataIndex: 'missing' }, {}, 0)).toBeNull();
  });

  it('hands the browser an .xlsx download', async () => {
    const created: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:excel';
    });
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const clicks: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.download);
    });
    await exportToExcel({ fileName: 'staff', sheetName: 'Staff', columns, rows });
    expect(clicks).toEqual(['staff.xlsx']);
    expect(created[0]?.type).toBe(XLSX_MIME);
    expect(created[0]?.size).toBeGreaterThan(1000);
  });
});
