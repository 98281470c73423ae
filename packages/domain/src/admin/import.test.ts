import { describe, expect, it } from 'vitest';
import { checkImportRows, IMPORT_KINDS, IMPORTS, readImportSheet, templateHeader } from './import';

describe('import declarations', () => {
  it('every example row of a template passes its own checks', () => {
    for (const kind of IMPORT_KINDS) {
      const { columns } = IMPORTS[kind];
      const header = columns.map((column) => templateHeader(column, 'en-US'));
      const example = columns.map((column) => column.example);
      expect(readImportSheet(kind, [header, example], 'en-US').problems, kind).toEqual([]);
    }
  });
});

describe('readImportSheet', () => {
  it('reads Chinese headers, skips empty rows and converts cells by column', () => {
    const reading = readImportSheet(
      'departments',
      [
        ['科室代码 *', '科室名称 *', '英文名称', '上级科室代码', '病区', '排序'],
        ['CARD2', ' 心内二科 ', null, 'CARD', '否', 20],
        [null, '', undefined],
        ['ICU2', '重症二科', 'ICU 2', null, 'yes', '5'],
      ],
      'zh-CN',
    );
    expect(reading.problems).toEqual([]);
    expect(reading.sheetRows).toEqual([2, 4]);
    expect(reading.rows).toEqual([
      { code: 'CARD2', name: '心内二科', parentCode: 'CARD', isWard: false, sort: 20 },
      { code: 'ICU2', name: '重症二科', nameEn: 'ICU 2', isWard: true, sort: 5 },
    ]);
  });

  it('takes choices by value or by label in either language, lists split on commas, dates from cells', () => {
    const reading = readImportSheet(
      'staff',
      [
        ['userName', 'Name', '性别', 'Role codes', 'Department code', 'Data permission', 'Birth date'],
        ['n21', 'Wang Fang', '女', 'nurse, doctor', 'ENDO', 'Read only', new Date(Date.UTC(1990, 4, 1))],
        ['n22', 'Li Lei', 'MALE', 'nurse', 'ENDO', 'readWrite', 32874],
      ],
      'en-US',
    );
    expect(reading.problems).toEqual([]);
    expect(reading.rows).toEqual([
      {
        userName: 'n21',
        nickName: 'Wang Fang',
        gender: 'female',
        roleCodes: ['nurse', 'doctor'],
        departmentCode: 'ENDO',
        dataPermission: 'readOnly',
        birthDate: '1990-05-01',
      },
      {
        userName: 'n22',
        nickName: 'Li Lei',
        gender: 'male',
        roleCodes: ['nurse'],
        departmentCode: 'ENDO',
        dataPermission: 'readWrite',
        // Excel day 32874 counted from 1899-12-30
        birthDate: '1990-01-01',
      },
    ]);
  });

  it('names unknown and missing columns on the header row and reads no rows', () => {
    const reading = readImportSheet(
      'drugs',
      [
        ['Code', 'Colour'],
        ['A-1', 'red'],
      ],
      'en-US',
    );
    expect(reading.rows).toEqual([]);
    expect(reading.problems).toEqual([
      { row: 1, field: 'Colour', message: 'Unknown column: Colour' },
      { row: 1, field: 'unit', message: 'Required column missing: Unit' },
    ]);
  });

  it('numbers row problems by spreadsheet row, duplicates pointing at the first row', () => {
    const reading = readImportSheet(
      'drugs',
      [
        ['Code', 'Name (English)', 'Unit'],
        ['A-1', 'Aspirin', 'mg'],
        [],
        ['B-1', 'Bisoprolol', null],
        ['A-1', 'Again', 'mg'],
      ],
      'en-US',
    );
    expect(reading.sheetRows).toEqual([2, 4, 5]);
    expect(reading.problems.map(({ row, field }) => [row, field])).toEqual([
      [4, 'unit'],
      [5, 'code'],
    ]);
    expect(reading.problems[1]?.message).toBe('Same as row 2 of this file');
  });
});

describe('checkImportRows', () => {
  it('refuses a field that is no column, so a dictionary row cannot carry an id and update', () => {
    const row = { id: 5, version: 1, type: 'reason', code: 'a', nameZh: '甲', nameEn: 'A' };
    expect(checkImportRows('dictionaries', [row], 'zh-CN')).toEqual([
      { row: 1, field: 'id', message: '未知的列：id' },
      { row: 1, field: 'version', message: '未知的列：version' },
    ]);
  });

  it('compares user names in any case and dictionary codes within their type', () => {
    const staff = { nickName: 'A', departmentCode: 'ENDO' };
    expect(
      checkImportRows(
        'staff',
        [
          { ...staff, userName: 'Nurse9' },
          { ...staff, userName: 'nurse9' },
        ],
        'en-US',
      ),
    ).toEqual([{ row: 2, field: 'userName', message: 'Same as row 1 of this file' }]);
    const entry = { code: 'x', nameZh: '叉', nameEn: 'X' };
    expect(
      checkImportRows(
        'dictionaries',
        [
          { ...entry, type: 'one' },
          { ...entry, type: 'two' },
        ],
        'en-US',
      ),
    ).toEqual([]);
  });

  it('answers for the whole file (row 0) when it is empty or too long', () => {
    expect(checkImportRows('labMappings', [], 'en-US')).toEqual([
      { row: 0, field: '', message: 'The file has no rows to import' },
    ]);
    const many = Array.from({ length: IMPORTS.labMappings.maxRows + 1 }, (_, i) => ({
      source: 'LIS',
      externalCode: `E${i}`,
      targetKind: 'measurement',
      targetCode: 'GLU',
    }));
    expect(checkImportRows('labMappings', many, 'en-US')).toEqual([
      { row: 0, field: '', message: 'A file may hold at most 1000 rows' },
    ]);
    expect(checkImportRows('labMappings', many.slice(1), 'en-US')).toEqual([]);
  });

  it('says in words what a yes/no or choice cell takes', () => {
    const reading = readImportSheet(
      'staff',
      [
        ['userName', 'nickName', 'departmentCode', 'gender'],
        ['n30', 'A', 'ENDO', '男性'],
      ],
      'zh-CN',
    );
    expect(reading.problems).toEqual([{ row: 2, field: 'gender', message: '请填写以下之一：男、女、未知' }]);
    expect(
      checkImportRows('drugs', [{ code: 'A-1', nameEn: 'A', unit: 'mg', isActive: 'maybe' }], 'en-US'),
    ).toEqual([{ row: 1, field: 'isActive', message: 'Write Yes or No' }]);
  });

  it('shows a drug without a name on its Chinese name column', () => {
    expect(checkImportRows('drugs', [{ code: 'A-1', unit: 'mg' }], 'en-US')).toEqual([
      { row: 1, field: 'nameZh', message: expect.any(String) },
    ]);
  });

  it("words the create schema's own messages in the caller's language", () => {
    const problems = checkImportRows(
      'labMappings',
      [{ source: 'LIS', externalCode: 'E', targetKind: 'measurement', targetCode: 'HBA1C' }],
      'en-US',
    );
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ row: 1, field: 'targetCode' });
  });
});
