import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import type { DepartmentAnalysis, YearAnalysis } from '../../api/statistics';
import { cellValue } from '../../components/excel';
import i18n from '../../i18n';
import {
  chartedDepartments,
  departmentExcelColumns,
  departmentExportName,
  departmentExportRows,
  excelRate,
  fieldId,
  fieldText,
  formatCount,
  formatRate,
  isFutureDay,
  isFutureYear,
  monthName,
  monthToDate,
  rangePresets,
  rangeProblemText,
  rangeQueryOf,
  STATISTIC_FIELDS,
  yearExcelColumns,
  yearExportName,
  yearExportRows,
} from './statistics-format';
import { busy, counts } from './test-fixtures';

describe('values', () => {
  it('rates have two decimals and %, none without readings', () => {
    expect(formatRate(72.933)).toBe('72.93%');
    expect(formatRate(0)).toBe('0.00%');
    expect(formatRate(100)).toBe('100.00%');
    expect(formatRate(null)).toBe('—');
    expect(formatRate(undefined)).toBe('—');
    expect(formatRate(Number.NaN)).toBe('—');
  });

  it('counts are grouped, months named in the language', () => {
    expect(formatCount(12345, 'en-US')).toBe('12,345');
    expect(formatCount(0, 'zh-CN')).toBe('0');
    expect(monthName(1, 'en-US')).toBe('Jan');
    expect(monthName(12, 'en-US')).toBe('Dec');
    expect(monthName(3, 'zh-CN')).toBe('3月');
  });

  it('the table has readings, patients and count + rate of the five bands, in order', () => {
    expect(STATISTIC_FIELDS.map(fieldId)).toEqual([
      'testCount',
      'personCount',
      'inTargetCount',
      'inTargetRate',
      'lowCount',
      'lowRate',
      'criticalLowCount',
      'criticalLowRate',
      'highCount',
      'highRate',
      'criticalHighCount',
      'criticalHighRate',
    ]);
    expect(STATISTIC_FIELDS.map((field) => fieldText(busy, field))).toEqual([
      '1,234',
      '56',
      '900',
      '72.93%',
      '100',
      '8.10%',
      '4',
      '0.32%',
      '226',
      '18.31%',
      '4',
      '0.32%',
    ]);
    expect(STATISTIC_FIELDS.map((field) => fieldText(counts(), field))).toEqual([
      '0',
      '0',
      '0',
      '—',
      '0',
      '—',
      '0',
      '—',
      '0',
      '—',
      '0',
      '—',
    ]);
  });

  it('Excel rates are numbers of percent, empty without readings', () => {
    expect(excelRate(72.933)).toBe(72.93);
    expect(excelRate(null)).toBeNull();
  });
});

describe('pickers', () => {
  const now = dayjs('2026-11-21T10:00:00');

  it('offers no future year or day', () => {
    expect(isFutureYear(dayjs('2027-01-01'), now)).toBe(true);
    expect(isFutureYear(dayjs('2026-12-31'), now)).toBe(false);
    expect(isFutureYear(dayjs('2019-01-01'), now)).toBe(false);
    expect(isFutureDay(dayjs('2026-11-22'), now)).toBe(true);
    expect(isFutureDay(dayjs('2026-11-21T23:59'), now)).toBe(false);
  });

  it('defaults to this month up to today, presets end today at the latest', () => {
    expect(monthToDate(now).map((day) => day.format('YYYY-MM-DD'))).toEqual(['2026-11-01', '2026-11-21']);
    expect(
      Object.fromEntries(
        rangePresets(now).map((preset) => [preset.key, preset.range.map((day) => day.format('YYYY-MM-DD'))]),
      ),
    ).toEqual({
      thisMonth: ['2026-11-01', '2026-11-21'],
      lastMonth: ['2026-10-01', '2026-10-31'],
      last3Months: ['2026-09-01', '2026-11-21'],
      thisYear: ['2026-01-01', '2026-11-21'],
    });
  });

  it('sends ranges of up to 366 days, both ends included', () => {
    expect(rangeQueryOf([dayjs('2026-11-01'), dayjs('2026-11-21')])).toEqual({
      query: { beginDate: '2026-11-01', endDate: '2026-11-21' },
      problem: null,
    });
    expect(rangeQueryOf([dayjs('2024-01-01'), dayjs('2024-12-31')]).problem).toBeNull();
    expect(rangeQueryOf([dayjs('2026-11-21'), dayjs('2026-11-21')]).problem).toBeNull();
    expect(rangeQueryOf([dayjs('2024-01-01'), dayjs('2025-01-01')])).toEqual({
      query: null,
      problem: 'tooLong',
    });
    expect(rangeQueryOf([dayjs('2026-11-21'), dayjs('2026-11-01')]).problem).toBe('order');
    expect(rangeQueryOf([null, dayjs('2026-11-01')]).problem).toBe('required');
    expect(rangeQueryOf(null).problem).toBe('required');
  });

  it('says what is wrong with a range in the language', async () => {
    expect(rangeProblemText('tooLong')).toBe('Query error: the range can be at most 366 days');
    await i18n.changeLanguage('zh-CN');
    try {
      expect(rangeProblemText('tooLong')).toContain('366');
      expect(rangeProblemText('tooLong')).not.toContain('Query error');
    } finally {
      await i18n.changeLanguage('en-US');
    }
  });
});

describe('exports', () => {
  const t = i18n.getFixedT('en-US') as TFunction;
  const data: DepartmentAnalysis = {
    beginDate: '2026-11-01',
    endDate: '2026-11-21',
    departments: [
      { ...busy, departmentCode: 'ENDO', departmentName: 'Endocrinology' },
      { ...counts(), departmentCode: 'NEPH', departmentName: 'Nephrology' },
    ],
    total: busy,
  };

  it('the department sheet: a row per department and the total, rates as numbers', () => {
    const columns = departmentExcelColumns(t);
    expect(columns.map((column) => column.title)).toEqual([
      'Department',
      'Readings',
      'Patients',
      'In target',
      'In target rate (%)',
      'Low',
      'Low rate (%)',
      'Critically low',
      'Critically low rate (%)',
      'High',
      'High rate (%)',
      'Critically high',
      'Critically high rate (%)',
    ]);
    const rows = departmentExportRows(data, 'Total');
    const cells = rows.map((row, index) => columns.map((column) => cellValue(column, row, index)));
    expect(cells[0]).toEqual(['Endocrinology', 1234, 56, 900, 72.93, 100, 8.1, 4, 0.32, 226, 18.31, 4, 0.32]);
    expect(cells[1]).toEqual(['Nephrology', 0, 0, 0, null, 0, null, 0, null, 0, null, 0, null]);
    expect(cells[2]?.[0]).toBe('Total');
    expect(cells[2]?.[1]).toBe(1234);
  });

  it('the Chinese headers', () => {
    const zh = i18n.getFixedT('zh-CN') as TFunction;
    expect(departmentExcelColumns(zh).map((column) => column.title)).toEqual([
      '科室',
      '测量次数',
      '测量人数',
      '达标',
      '达标率(%)',
      '低血糖',
      '低血糖率(%)',
      '危急低值',
      '危急低值率(%)',
      '高血糖',
      '高血糖率(%)',
      '危急高值',
      '危急高值率(%)',
    ]);
  });

  it('the yearly sheet, built in the browser: twelve months by name and the total', () => {
    const year = {
      year: 2026,
      departmentCode: null,
      departmentName: 'GlucoCare Demo General Hospital',
      months: Array.from({ length: 12 }, (_, index) => ({
        ...(index === 10 ? busy : counts()),
        month: index + 1,
      })),
      total: busy,
    } as unknown as YearAnalysis;
    const columns = yearExcelColumns(t);
    expect(columns.map((column) => column.title).slice(0, 3)).toEqual(['Month', 'Readings', 'Patients']);
    const cells = yearExportRows(year, 'en-US', 'Total').map((row, index) =>
      columns.map((column) => cellValue(column, row, index)),
    );
    expect(cells).toHaveLength(13);
    expect(cells[0]?.[0]).toBe('Jan');
    expect(cells[10]?.slice(0, 3)).toEqual(['Nov', 1234, 56]);
    expect(cells[12]?.slice(0, 2)).toEqual(['Total', 1234]);
    expect(yearExportRows(year, 'zh-CN', '合计')[0]?.monthLabel).toBe('1月');
  });

  it('file names', () => {
    expect(departmentExportName('Department glucose statistics', data)).toBe(
      'Department glucose statistics_2026-11-01_2026-11-21',
    );
    expect(
      yearExportName('Yearly glucose statistics', {
        year: 2026,
        departmentName: 'GlucoCare Demo General Hospital',
      }),
    ).toBe('Yearly glucose statistics_2026_GlucoCare Demo General Hospital');
    expect(yearExportName('年度血糖统计', { year: 2025, departmentName: ' ' })).toBe('年度血糖统计_2025');
  });

  it('charts leave out departments without readings', () => {
    expect(chartedDepartments(data.departments).map((row) => row.departmentCode)).toEqual(['ENDO']);
  });
});
