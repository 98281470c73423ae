import { describe, expect, it } from 'vitest';
import { localizedIssues } from '../validation';
import {
  CRITICAL_LIMITS,
  criticalActionSchema,
  criticalHandleSchemaAt,
  criticalMonitorQuerySchema,
  criticalNotifiedPersonSchema,
  criticalQuerySchema,
  handledAtIssue,
} from './handling';

const NOW = new Date('2026-03-02T08:00:00Z');
const schema = criticalHandleSchemaAt(() => NOW);
const valid = { id: 7, version: 1, notifiedPerson: 'Dr Li', action: 'Rechecked; 50% glucose given' };
const en = (data: unknown, s: Parameters<typeof localizedIssues>[0] = schema) =>
  localizedIssues(s, data, 'en-US');
const zh = (data: unknown, s: Parameters<typeof localizedIssues>[0] = schema) =>
  localizedIssues(s, data, 'zh-CN');

describe('critical handling form', () => {
  it('accepts who was notified, what was done and an optional time', () => {
    expect(en(valid)).toEqual([]);
    expect(en({ ...valid, handledAt: '2026-03-02T15:59:00+08:00' })).toEqual([]);
    expect(en({ ...valid, handledAt: null })).toEqual([]);
    expect(en({ ...valid, handledAt: '' })).toEqual([]);
    expect(schema.parse({ ...valid, notifiedPerson: '  Dr Li  ' }).notifiedPerson).toBe('Dr Li');
  });

  it('requires the person notified, 2-50 characters', () => {
    expect(en({ ...valid, notifiedPerson: '  ' })).toEqual([
      { field: 'notifiedPerson', message: 'Please enter who was notified' },
    ]);
    expect(zh({ ...valid, notifiedPerson: undefined })).toEqual([
      { field: 'notifiedPerson', message: '请输入被通知人' },
    ]);
    expect(en({ ...valid, notifiedPerson: 'L' })).toEqual([
      { field: 'notifiedPerson', message: 'The person notified must be 2-50 characters' },
    ]);
    expect(zh({ ...valid, notifiedPerson: 'x'.repeat(51) })).toEqual([
      { field: 'notifiedPerson', message: '被通知人长度应为 2-50 个字符' },
    ]);
    // characters, not bytes: two Chinese characters are enough
    expect(en({ ...valid, notifiedPerson: '李医' })).toEqual([]);
    expect(
      criticalNotifiedPersonSchema.safeParse('x'.repeat(CRITICAL_LIMITS.notifiedPerson.max)).success,
    ).toBe(true);
  });

  it('requires the action taken, 2-500 characters', () => {
    expect(en({ ...valid, action: '' })).toEqual([
      { field: 'action', message: 'Please enter the action taken' },
    ]);
    expect(zh({ ...valid, action: 'x'.repeat(501) })).toEqual([
      { field: 'action', message: '处理措施长度应为 2-500 个字符' },
    ]);
    expect(en({ ...valid, action: 'x' })).toEqual([
      { field: 'action', message: 'The action taken must be 2-500 characters' },
    ]);
    expect(criticalActionSchema.safeParse('x'.repeat(500)).success).toBe(true);
  });

  it('refuses a handling time in the future or without a zone', () => {
    expect(en({ ...valid, handledAt: '2026-03-02T08:01:00Z' })).toEqual([
      { field: 'handledAt', message: 'The handling time cannot be in the future' },
    ]);
    expect(zh({ ...valid, handledAt: '2026-03-02T08:01:00Z' })).toEqual([
      { field: 'handledAt', message: '处理时间不能晚于当前时间' },
    ]);
    expect(en({ ...valid, handledAt: '2026-03-02 07:00' })).toEqual([
      { field: 'handledAt', message: 'The handling time must be a date and time with a time zone' },
    ]);
  });

  it('needs the event id and version, and refuses other fields', () => {
    expect(en({ ...valid, id: undefined })).toEqual([
      { field: 'id', message: 'Please choose the critical value to handle' },
    ]);
    expect(zh({ ...valid, version: 0 })).toEqual([{ field: 'version', message: '缺少危急值的版本号' }]);
    expect(en({ ...valid, handledBy: 3 }).map((issue) => issue.field)).toEqual(['handledBy']);
  });
});

describe('handledAtIssue', () => {
  const measuredAt = '2026-03-02T07:00:00Z';
  it('allows the measurement time up to now', () => {
    expect(handledAtIssue('2026-03-02T07:00:00Z', measuredAt, NOW)).toBeNull();
    expect(handledAtIssue(NOW, measuredAt, NOW)).toBeNull();
  });
  it('refuses a time before the measurement or after now', () => {
    expect(handledAtIssue('2026-03-02T06:59:59Z', measuredAt, NOW)).toBe(
      'critical.handledAt.beforeMeasurement',
    );
    // the same instant written in another zone
    expect(handledAtIssue('2026-03-02T14:59:00+08:00', measuredAt, NOW)).toBe(
      'critical.handledAt.beforeMeasurement',
    );
    expect(handledAtIssue('2026-03-02T08:00:01Z', measuredAt, NOW)).toBe('critical.handledAt.future');
  });
});

describe('critical list queries', () => {
  const query = { beginDate: '2026-03-01', endDate: '2026-03-02' };

  it('parses the filters of the query list', () => {
    const parsed = criticalQuerySchema.parse({
      ...query,
      category: 'GLU',
      minValue: '2',
      maxValue: '2.8',
      status: 'open',
      page: '2',
    });
    expect(parsed).toMatchObject({
      category: 'GLU',
      minValue: 2,
      maxValue: 2.8,
      status: 'open',
      page: 2,
      size: 20,
    });
    expect(criticalQuerySchema.parse({ ...query, minValue: '', status: '', category: '' })).toMatchObject({
      minValue: undefined,
      status: undefined,
      category: undefined,
    });
    expect(
      en(
        { beginDate: '2026-03-01T00:00:00+08:00', endDate: '2026-03-01T12:00:00+08:00' },
        criticalQuerySchema,
      ),
    ).toEqual([]);
  });

  it('requires both dates, in order', () => {
    expect(en({ beginDate: '2026-03-01' }, criticalQuerySchema)).toEqual([
      { field: 'endDate', message: 'Query error: please choose the start and end dates' },
    ]);
    expect(zh({ beginDate: '2026-03-03', endDate: '2026-03-02' }, criticalQuerySchema)).toEqual([
      { field: 'endDate', message: '查询错误：开始时间必须早于结束时间' },
    ]);
    expect(en({ beginDate: '2026-02-30', endDate: '2026-03-02' }, criticalQuerySchema)).toEqual([
      {
        field: 'beginDate',
        message: 'Query error: a date must be YYYY-MM-DD or a date-time with a time zone',
      },
    ]);
    // the same day is a one-day range
    expect(en({ beginDate: '2026-03-02', endDate: '2026-03-02' }, criticalQuerySchema)).toEqual([]);
  });

  it('checks the value range and the item and status', () => {
    expect(en({ ...query, minValue: '3', maxValue: '2' }, criticalQuerySchema)).toEqual([
      { field: 'maxValue', message: 'Query error: the lowest value must not be above the highest' },
    ]);
    expect(zh({ ...query, minValue: 'abc' }, criticalQuerySchema)).toEqual([
      { field: 'minValue', message: '查询错误：数值必须是大于或等于 0 的数字' },
    ]);
    expect(en({ ...query, category: 'HBA1C' }, criticalQuerySchema)).toEqual([
      { field: 'category', message: 'Query error: the item must be GLU, KET or UA' },
    ]);
    expect(zh({ status: 'void' }, criticalMonitorQuerySchema)).toEqual([
      { field: 'status', message: '查询错误：状态必须是未处理或已处理' },
    ]);
  });
});
