import { describe, expect, it } from 'vitest';
import { localizedIssues } from '../validation';
import {
  APPROVE_MAX_IDS,
  approveSchema,
  dataFilterSchema,
  dataQuerySchema,
  pendingFilterSchema,
  pendingQuerySchema,
  queryRangeProblem,
  valueRangeProblem,
} from './query';

const base = { category: 'GLU', beginDate: '2026-03-01', endDate: '2026-03-31' };

describe('queryRangeProblem', () => {
  it('needs both dates and a start not after the end', () => {
    expect(queryRangeProblem(undefined, '2026-03-01')).toBe('required');
    expect(queryRangeProblem('2026-03-01', '')).toBe('required');
    expect(queryRangeProblem('2026-02-30', '2026-03-01')).toBe('required');
    expect(queryRangeProblem('2026-03-02', '2026-03-01')).toBe('order');
    expect(queryRangeProblem('2026-03-01', '2026-03-01')).toBeNull();
  });

  it('counts calendar days with the end day included', () => {
    expect(queryRangeProblem('2024-01-01', '2024-12-31')).toBeNull(); // 366 days, a leap year
    expect(queryRangeProblem('2024-01-01', '2025-01-01')).toBe('tooLong'); // 367
    expect(queryRangeProblem('2026-03-01', '2026-03-10', 10)).toBeNull();
    expect(queryRangeProblem('2026-03-01', '2026-03-11', 10)).toBe('tooLong');
  });

  it('measures instants by the time between them', () => {
    expect(queryRangeProblem('2026-01-01T00:00:00Z', '2027-01-02T00:00:00Z')).toBeNull(); // 366 days
    expect(queryRangeProblem('2026-01-01T00:00:00Z', '2027-01-02T00:00:01Z')).toBe('tooLong');
    expect(queryRangeProblem('2026-03-01T08:00:01+08:00', '2026-03-01T00:00:00Z')).toBe('order');
    expect(queryRangeProblem('2026-03-01T08:00:00+08:00', '2026-03-01T00:00:00Z')).toBeNull();
  });
});

describe('valueRangeProblem', () => {
  it('accepts empty bounds, decimals and an ordered pair', () => {
    expect(valueRangeProblem(undefined, '')).toBeNull();
    expect(valueRangeProblem('3.9', '10')).toBeNull();
    expect(valueRangeProblem(5, 5)).toBeNull();
    expect(valueRangeProblem('.5', null)).toBeNull();
  });
  it('refuses text, negative numbers and a reversed pair', () => {
    expect(valueRangeProblem('abc', undefined)).toBe('invalid');
    expect(valueRangeProblem('-1', undefined)).toBe('invalid');
    expect(valueRangeProblem(undefined, -2)).toBe('invalid');
    expect(valueRangeProblem('1e3', undefined)).toBe('invalid');
    expect(valueRangeProblem('10', '3.9')).toBe('order');
  });
});

describe('data-management query', () => {
  const messages = (data: unknown, lang: 'en-US' | 'zh-CN' = 'en-US', schema = dataQuerySchema) =>
    localizedIssues(schema, data, lang);

  it('parses the filters, page and includeDeleted', () => {
    const parsed = dataQuerySchema.parse({
      ...base,
      status: 'approved',
      classification: 'criticalLow',
      minValue: '2',
      maxValue: '3.5',
      includeDeleted: 'true',
      page: '2',
      size: '50',
    });
    expect(parsed).toMatchObject({
      category: 'GLU',
      status: 'approved',
      includeDeleted: true,
      page: 2,
      size: 50,
    });
    expect(dataQuerySchema.parse(base)).toMatchObject({ includeDeleted: false, page: 1, size: 20 });
    expect(dataFilterSchema.parse({ ...base, status: '', classification: '' })).toMatchObject({
      status: undefined,
      classification: undefined,
    });
  });

  it('words each rule in both languages', () => {
    expect(messages({ category: 'GLU' })).toContainEqual({
      field: 'beginDate',
      message: 'Query error: please choose the start and end dates',
    });
    expect(messages({ category: 'GLU' }, 'zh-CN')).toContainEqual({
      field: 'beginDate',
      message: '查询错误：请选择开始和结束日期',
    });
    expect(messages({ ...base, beginDate: '2026-04-01' })).toEqual([
      { field: 'endDate', message: 'Query error: the start must be before the end' },
    ]);
    expect(messages({ ...base, beginDate: '2026-04-01' }, 'zh-CN')).toEqual([
      { field: 'endDate', message: '查询错误：开始时间必须早于结束时间' },
    ]);
    expect(messages({ ...base, beginDate: '2024-01-01', endDate: '2025-01-01' })).toEqual([
      { field: 'endDate', message: 'Query error: the range can be at most 366 days' },
    ]);
    expect(messages({ ...base, beginDate: '2024-01-01', endDate: '2025-01-01' }, 'zh-CN')).toEqual([
      { field: 'endDate', message: '查询错误：查询范围最多 366 天' },
    ]);
    expect(messages({ ...base, beginDate: '2026-3-1' })[0].message).toBe(
      'Query error: a date must be YYYY-MM-DD or a date-time with a time zone',
    );
    expect(messages({ ...base, category: undefined })[0]).toEqual({
      field: 'category',
      message: 'Query error: please choose glucose, ketone or uric acid',
    });
    expect(messages({ ...base, category: 'HBA1C' }, 'zh-CN')[0].message).toBe(
      '查询错误：项目必须是 GLU、KET 或 UA',
    );
    expect(messages({ ...base, status: 'deleted' })[0].message).toBe(
      'Query error: the status must be pending or approved',
    );
    expect(messages({ ...base, classification: 'bad' })[0].message).toBe(
      'Query error: unknown classification',
    );
    expect(messages({ ...base, minValue: 'x' })[0].message).toBe(
      'Query error: a value must be a number of 0 or more',
    );
    expect(messages({ ...base, minValue: '10', maxValue: '2' }, 'zh-CN')).toEqual([
      { field: 'maxValue', message: '查询错误：最低值不能高于最高值' },
    ]);
    expect(messages({ ...base, includeDeleted: 'yes' })[0].field).toBe('includeDeleted');
    expect(messages({ ...base, queryCondition: 'x'.repeat(51) })[0].field).toBe('queryCondition');
    expect(messages({ ...base, page: '0' })[0].field).toBe('page');
  });

  it('accepts instants with a zone as well as calendar dates', () => {
    expect(
      dataQuerySchema.safeParse({
        ...base,
        beginDate: '2026-03-01T00:00:00+08:00',
        endDate: '2026-03-31T23:59:59+08:00',
      }).success,
    ).toBe(true);
    expect(dataQuerySchema.safeParse({ ...base, endDate: '2026-03-31T23:59:59' }).success).toBe(false);
  });
});

describe('pending list', () => {
  it('needs the item; dates are optional but checked when given', () => {
    expect(pendingQuerySchema.parse({ category: 'KET' })).toMatchObject({ category: 'KET', page: 1 });
    expect(pendingQuerySchema.safeParse({}).success).toBe(false);
    expect(
      localizedIssues(pendingQuerySchema, { category: 'GLU', beginDate: '2026-03-01' }, 'en-US'),
    ).toEqual([{ field: 'endDate', message: 'Query error: please choose the start and end dates' }]);
    expect(
      localizedIssues(
        pendingQuerySchema,
        { category: 'GLU', beginDate: '2026-03-05', endDate: '2026-03-01' },
        'zh-CN',
      ),
    ).toEqual([{ field: 'endDate', message: '查询错误：开始时间必须早于结束时间' }]);
  });

  it('refuses unknown fields in the approve-all body', () => {
    expect(pendingFilterSchema.safeParse({ category: 'GLU', status: 'pending' }).success).toBe(false);
  });
});

describe('approve body', () => {
  it('needs at least one id (spec §5), in both languages', () => {
    for (const body of [{ ids: [] }, {}]) {
      expect(localizedIssues(approveSchema, body, 'en-US')).toEqual([
        { field: 'ids', message: 'Please select at least one record' },
      ]);
      expect(localizedIssues(approveSchema, body, 'zh-CN')).toEqual([
        { field: 'ids', message: '请至少选择一条记录' },
      ]);
    }
  });

  it('takes whole ids only, at most 500, each once', () => {
    expect(approveSchema.parse({ ids: [3, 1, 3] })).toEqual({ ids: [3, 1] });
    expect(approveSchema.safeParse({ ids: [0] }).success).toBe(false);
    expect(approveSchema.safeParse({ ids: ['1'] }).success).toBe(false);
    expect(approveSchema.safeParse({ ids: [1.5] }).success).toBe(false);
    const many = Array.from({ length: APPROVE_MAX_IDS + 1 }, (_, i) => i + 1);
    expect(localizedIssues(approveSchema, { ids: many }, 'en-US')).toEqual([
      { field: 'ids', message: 'At most 500 records can be approved at once' },
    ]);
    expect(approveSchema.safeParse({ ids: many.slice(1) }).success).toBe(true);
    expect(approveSchema.safeParse({ ids: [1], status: 'approved' }).success).toBe(false);
  });
});
