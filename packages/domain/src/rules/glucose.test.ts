import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { checkLowHigh, checkTargetRange } from '../helpers/target-range';
import { localizedIssues } from '../validation';
import {
  GLUCOSE_OTHER_REASON,
  glucoseEntriesSchema,
  glucoseEntrySchema,
  glucoseEntrySchemaAt,
  glucoseLowHighSchema,
  glucoseTargetRangeSchema,
} from './glucose';

const NOW = new Date('2024-06-01T12:00:00Z');
const atNow = glucoseEntrySchemaAt(NOW);
const reading = { period: 'fasting', testTime: '2024-06-01T06:30:00+08:00', result: 6.1, unit: 'mmolL' };

const en = (schema: z.ZodType, data: unknown) => localizedIssues(schema, data, 'en-US');
const zh = (schema: z.ZodType, data: unknown) => localizedIssues(schema, data, 'zh-CN');

afterEach(() => {
  vi.useRealTimers();
});

describe('glucose entry: period and time', () => {
  it('accepts a reading', () => {
    expect(en(atNow, reading)).toEqual([]);
    expect(atNow.parse(reading)).toEqual(reading);
  });

  it('requires period and time', () => {
    expect(en(atNow, { result: 5 })).toEqual([
      { field: 'period', message: 'Please select the test period' },
      { field: 'testTime', message: 'Please select the test time' },
    ]);
    expect(zh(atNow, { ...reading, period: ' ', testTime: '' })).toEqual([
      { field: 'period', message: '请选择检测时段' },
      { field: 'testTime', message: '请选择检测时间' },
    ]);
  });

  it('takes an ISO date-time with a zone', () => {
    for (const bad of ['2024-06-01 06:30:00', '2024-06-01T06:30:00', '2024-06-01', '06:30']) {
      expect(en(atNow, { ...reading, testTime: bad }), bad).toEqual([
        { field: 'testTime', message: 'The test time must be a valid date and time' },
      ]);
    }
  });

  it('refuses a time in the future; now itself is fine', () => {
    expect(en(atNow, { ...reading, testTime: '2024-06-01T12:00:00Z' })).toEqual([]);
    expect(en(atNow, { ...reading, testTime: '2024-06-01T20:00:00+08:00' })).toEqual([]); // = now
    expect(en(atNow, { ...reading, testTime: '2024-06-01T12:00:00.001Z' })).toEqual([
      { field: 'testTime', message: 'The test time cannot be in the future' },
    ]);
    expect(zh(atNow, { ...reading, testTime: '2024-06-01T20:01:00+08:00' })).toEqual([
      { field: 'testTime', message: '检测时间不能晚于当前时间' },
    ]);
  });

  it('glucoseEntrySchema reads the clock when it checks', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    expect(glucoseEntrySchema.safeParse({ ...reading, testTime: '2024-06-01T12:00:00Z' }).success).toBe(true);
    expect(glucoseEntrySchema.safeParse({ ...reading, testTime: '2024-06-01T12:00:01Z' }).success).toBe(
      false,
    );
    vi.setSystemTime(new Date('2024-06-01T12:00:01Z'));
    expect(glucoseEntrySchema.safeParse({ ...reading, testTime: '2024-06-01T12:00:01Z' }).success).toBe(true);
  });
});

describe('glucose entry: result or reason', () => {
  const noResult = { period: 'fasting', testTime: '2024-06-01T06:30:00Z' };

  it('needs a result or a reason', () => {
    expect(en(atNow, noResult)).toEqual([
      { field: 'result', message: 'Please enter the result or choose a reason for not testing' },
    ]);
    expect(zh(atNow, { ...noResult, result: null, reasonCode: '' })).toEqual([
      { field: 'result', message: '请输入检测结果或选择未测原因' },
    ]);
    expect(en(atNow, { ...noResult, reasonCode: 'refused' })).toEqual([]);
    expect(en(atNow, { ...noResult, result: 0.1 })).toEqual([]);
  });

  it('takes exactly one of them', () => {
    expect(en(atNow, { ...reading, reasonCode: 'aboveRange' })).toEqual([
      { field: 'reasonCode', message: 'Enter either a result or a reason for not testing, not both' },
    ]);
    expect(zh(atNow, { ...reading, reasonCode: 'aboveRange' })).toEqual([
      { field: 'reasonCode', message: '检测结果和未测原因只能填写一项' },
    ]);
  });

  it('"Other" needs a text', () => {
    expect(en(atNow, { ...noResult, reasonCode: GLUCOSE_OTHER_REASON })).toEqual([
      { field: 'reasonText', message: 'Please describe the other reason' },
    ]);
    expect(zh(atNow, { ...noResult, reasonCode: GLUCOSE_OTHER_REASON, reasonText: '  ' })).toEqual([
      { field: 'reasonText', message: '请填写其他原因' },
    ]);
    expect(
      en(atNow, { ...noResult, reasonCode: GLUCOSE_OTHER_REASON, reasonText: 'Patient asleep' }),
    ).toEqual([]);
  });

  it('a result is a number greater than 0, never text', () => {
    expect(en(atNow, { ...reading, result: 0 })).toEqual([
      { field: 'result', message: 'The result must be greater than 0' },
    ]);
    expect(en(atNow, { ...reading, result: '6.1' })[0].message).toMatch(/expected number, received string/);
    expect(en(atNow, { ...reading, unit: 'mg/dL' })).toEqual([
      { field: 'unit', message: 'The unit must be mmol/L or mg/dL' },
    ]);
  });

  it('property: valid exactly when one of result and reason is given', () => {
    fc.assert(
      fc.property(
        fc.option(fc.double({ min: 0.1, max: 40, noNaN: true }), { nil: undefined }),
        fc.option(fc.constantFrom('refused', 'belowRange', 'aboveRange'), { nil: undefined }),
        (result, reasonCode) => {
          const ok = atNow.safeParse({ ...noResult, result, reasonCode }).success;
          expect(ok).toBe((result === undefined) !== (reasonCode === undefined));
        },
      ),
    );
  });
});

describe('glucoseEntriesSchema', () => {
  it('refuses the same measurement time twice, whatever the zone', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    const entries = [
      { ...reading, testTime: '2024-06-01T06:30:00+08:00' },
      { ...reading, period: 'afterBreakfast', testTime: '2024-06-01T08:30:00+08:00' },
      { ...reading, period: 'beforeLunch', testTime: '2024-05-31T22:30:00Z' },
    ];
    expect(en(glucoseEntriesSchema, entries.slice(0, 2))).toEqual([]);
    expect(en(glucoseEntriesSchema, entries)).toEqual([
      { field: '2.testTime', message: 'Measurement times cannot repeat' },
    ]);
    expect(zh(glucoseEntriesSchema, entries)).toEqual([{ field: '2.testTime', message: '检测时间不能重复' }]);
    expect(en(glucoseEntriesSchema, [])).toEqual([
      { field: '', message: 'Please enter at least one measurement' },
    ]);
  });
});

describe('glucoseLowHighSchema', () => {
  it('needs at least one side, and low below high', () => {
    expect(en(glucoseLowHighSchema, { low: 3.9 })).toEqual([]);
    expect(en(glucoseLowHighSchema, { high: 10 })).toEqual([]);
    expect(en(glucoseLowHighSchema, { low: 3.9, high: 3.91 })).toEqual([]);
    expect(en(glucoseLowHighSchema, { low: null, high: null })).toEqual([
      { field: 'low', message: 'Please enter the lowest or the highest value' },
    ]);
    expect(en(glucoseLowHighSchema, { low: 10, high: 10 })).toEqual([
      { field: 'low', message: 'The lowest value must be below the highest value' },
    ]);
    expect(zh(glucoseLowHighSchema, { low: 11, high: 10 })).toEqual([
      { field: 'low', message: '最低值必须小于最高值' },
    ]);
    expect(zh(glucoseLowHighSchema, {})).toEqual([{ field: 'low', message: '请至少填写最低值或最高值' }]);
  });

  it('does not read text as a number', () => {
    expect(en(glucoseLowHighSchema, { low: '3.9' }).map((issue) => issue.field)).toEqual(['low']);
  });

  it('property: agrees with checkLowHigh', () => {
    const side = fc.option(fc.double({ noNaN: true, noDefaultInfinity: true }), { nil: null });
    fc.assert(
      fc.property(side, side, (low, high) => {
        expect(glucoseLowHighSchema.safeParse({ low, high }).success).toBe(checkLowHigh(low, high) === null);
      }),
    );
  });
});

describe('glucoseTargetRangeSchema', () => {
  it('needs both bounds, greater than 0, min below max', () => {
    expect(en(glucoseTargetRangeSchema, { min: 3.9, max: 10 })).toEqual([]);
    expect(en(glucoseTargetRangeSchema, { min: 0.1, max: 0.2 })).toEqual([]);
    expect(en(glucoseTargetRangeSchema, { min: 3.9 })).toEqual([
      { field: 'max', message: 'Please enter both the minimum and the maximum' },
    ]);
    expect(en(glucoseTargetRangeSchema, { min: 0, max: 10 })).toEqual([
      { field: 'min', message: 'The minimum and the maximum must be greater than 0' },
    ]);
    expect(zh(glucoseTargetRangeSchema, { min: 4, max: 0 })).toEqual([
      { field: 'max', message: '最小值和最大值必须大于 0' },
    ]);
    expect(en(glucoseTargetRangeSchema, { min: 10, max: 10 })).toEqual([
      { field: 'min', message: 'The minimum must be below the maximum' },
    ]);
    expect(zh(glucoseTargetRangeSchema, { max: 10 })).toEqual([
      { field: 'min', message: '请填写最小值和最大值' },
    ]);
  });

  it('property: agrees with checkTargetRange', () => {
    const side = fc.option(fc.double({ noNaN: true, noDefaultInfinity: true }), { nil: undefined });
    fc.assert(
      fc.property(side, side, (min, max) => {
        expect(glucoseTargetRangeSchema.safeParse({ min, max }).success).toBe(
          checkTargetRange(min, max) === null,
        );
      }),
    );
  });
});
