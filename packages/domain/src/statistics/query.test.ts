import { describe, expect, it } from 'vitest';
import { localizedIssues } from '../validation';
import { departmentAnalysisQuerySchema, yearAnalysisQuerySchema } from './query';

describe('yearAnalysisQuerySchema', () => {
  it('takes a year 2000-2100 and an optional department (empty: none)', () => {
    expect(yearAnalysisQuerySchema.parse({ year: '2026' })).toEqual({ year: 2026 });
    expect(yearAnalysisQuerySchema.parse({ year: '2000', departmentCode: 'ENDO' })).toEqual({
      year: 2000,
      departmentCode: 'ENDO',
    });
    expect(yearAnalysisQuerySchema.parse({ year: '2100', departmentCode: '' })).toEqual({
      year: 2100,
      departmentCode: undefined,
    });
  });

  it('refuses other years, bad codes and unknown keys', () => {
    for (const year of ['1999', '2101', '2026.0', '02026', ' ', 'x'])
      expect(yearAnalysisQuerySchema.safeParse({ year }).success, year).toBe(false);
    expect(yearAnalysisQuerySchema.safeParse({}).success).toBe(false);
    expect(yearAnalysisQuerySchema.safeParse({ year: '2026', departmentCode: 'a b' }).success).toBe(false);
    expect(yearAnalysisQuerySchema.safeParse({ year: '2026', month: '1' }).success).toBe(false);
    expect(localizedIssues(yearAnalysisQuerySchema, { year: '1999' }, 'en-US')).toEqual([
      { field: 'year', message: 'The year must be a whole number from 2000 to 2100' },
    ]);
    expect(localizedIssues(yearAnalysisQuerySchema, {}, 'zh-CN')).toEqual([
      { field: 'year', message: '请填写年份' },
    ]);
  });
});

describe('departmentAnalysisQuerySchema', () => {
  it('takes both dates, begin not after end, at most 366 days', () => {
    expect(departmentAnalysisQuerySchema.parse({ beginDate: '2026-03-01', endDate: '2026-03-01' })).toEqual({
      beginDate: '2026-03-01',
      endDate: '2026-03-01',
    });
    expect(
      departmentAnalysisQuerySchema.safeParse({ beginDate: '2024-01-01', endDate: '2024-12-31' }).success,
    ).toBe(true);
  });

  it('refuses missing, unreal or reversed dates and longer ranges', () => {
    const issues = (query: Record<string, string>) =>
      localizedIssues(departmentAnalysisQuerySchema, query, 'en-US');
    expect(issues({ endDate: '2026-03-01' })).toEqual([
      { field: 'beginDate', message: 'Please give the start date' },
    ]);
    expect(issues({ beginDate: '2026-02-29', endDate: '2026-03-01' })).toEqual([
      { field: 'beginDate', message: 'The start date must be a date (YYYY-MM-DD)' },
    ]);
    expect(issues({ beginDate: '2026-03-02', endDate: '2026-03-01' })).toEqual([
      { field: 'endDate', message: 'The start date must not be after the end date' },
    ]);
    expect(issues({ beginDate: '2024-01-01', endDate: '2025-01-01' })).toEqual([
      { field: 'endDate', message: 'Statistics may span at most 366 days' },
    ]);
    expect(issues({ beginDate: '2026-03-01', endDate: '2026-03-02', page: '1' })).toHaveLength(1);
  });
});
