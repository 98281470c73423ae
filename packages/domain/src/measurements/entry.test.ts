import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { localizedIssues } from '../validation';
import {
  formatReading,
  fromStorageValue,
  measurableRange,
  measurementCorrectionSchemaFor,
  measurementEntriesSchemaFor,
  measurementEntrySchemaFor,
  measurementStatusSchema,
  measurementUnitCode,
  readingIssues,
  resultIssue,
  storedValueOf,
} from './entry';
import { daySpan, patientPivotQuerySchema, patientReadingsQuerySchema } from './query';
import { measurementUploadSchema, uploadRecordSchemaFor } from './upload';

const NOW = new Date('2024-06-01T12:00:00Z');
const context = {
  now: () => NOW,
  admittedAt: '2024-05-28T02:00:00Z',
  periods: ['fasting', 'afterLunch'],
  untestedReasons: ['outOfRange', 'refused', 'other'],
  refusalReasons: ['fear'],
  rejectReasons: ['absent', 'examination', 'discharged', 'other'],
};
const schema = measurementEntrySchemaFor(context);
const glucose = {
  category: 'GLU',
  patientId: 7,
  period: 'fasting',
  testTime: '2024-06-01T06:30:00+08:00',
  result: 6.1,
  unit: 'mmolL',
};
const en = (data: unknown, s: z.ZodType = schema) => localizedIssues(s, data, 'en-US');
const zh = (data: unknown, s: z.ZodType = schema) => localizedIssues(s, data, 'zh-CN');

describe('units and conversions', () => {
  it('knows which units an item takes, by code or name', () => {
    expect(measurementUnitCode('GLU', 'mg/dL')).toBe('mgDl');
    expect(measurementUnitCode('GLU', ' MMOL/L ')).toBe('mmolL');
    expect(measurementUnitCode('UA', 'µmol/L')).toBe('umolL');
    expect(measurementUnitCode('UA', 'μmol/L')).toBe('umolL');
    expect(measurementUnitCode('KET', 'mgDl')).toBeNull();
    expect(measurementUnitCode('UA', 'mmolL')).toBeNull();
    expect(measurementUnitCode('GLU', null)).toBeNull();
  });

  it('stores in the storage unit: glucose ÷ 18 from mg/dL, uric acid × 59.48 from mg/dL', () => {
    expect(storedValueOf('GLU', 126, 'mgDl')).toBe(7);
    expect(storedValueOf('GLU', 70, 'mgDl')).toBe(70 / 18); // full precision, never rounded
    expect(storedValueOf('GLU', 6.14, 'mmolL')).toBe(6.14);
    expect(storedValueOf('UA', 6, 'mgDl')).toBe(6 * 59.48);
    expect(storedValueOf('UA', 420, 'umolL')).toBe(420);
    expect(storedValueOf('KET', 0.4, 'mmolL')).toBe(0.4);
    expect(storedValueOf('KET', 1, 'mgDl')).toBeNull();
  });

  it('shows a stored value in a display unit with its precision', () => {
    expect(formatReading('GLU', 7, 'mmolL')).toBe('7.0');
    expect(formatReading('GLU', 7, 'mgDl')).toBe('126');
    expect(formatReading('GLU', 5.55, 'mmolL')).toBe('5.6');
    expect(formatReading('KET', 0.6, 'mmolL')).toBe('0.60');
    expect(formatReading('UA', 357, 'mgDl')).toBe('6.0');
    expect(formatReading('UA', 357.4, 'umolL')).toBe('357');
    expect(formatReading('GLU', null, 'mmolL')).toBe('');
    expect(fromStorageValue('KET', 1, 'mgDl')).toBeNull();
  });

  it('names the meter ranges per item and unit', () => {
    expect(measurableRange('GLU', 'mmolL')).toEqual({ min: 0.6, max: 33.3 });
    expect(measurableRange('GLU', 'mgDl')).toEqual({ min: 10, max: 600 });
    expect(measurableRange('KET', 'mmolL')).toEqual({ min: 0, max: 8 });
    expect(measurableRange('UA', 'umolL')).toEqual({ min: 119, max: 1190 });
    expect(measurableRange('UA', 'mgDl')).toEqual({ min: 2, max: 20 });
    expect(measurableRange('KET', 'mgDl')).toBeNull();
  });

  it('checks a result against the range inclusively and to 2 decimals', () => {
    expect(resultIssue('GLU', 0.6, 'mmolL')).toBeNull();
    expect(resultIssue('GLU', 33.3, 'mmolL')).toBeNull();
    expect(resultIssue('GLU', 33.31, 'mmolL')?.message).toBe('measurements.result.rangeGluMmol');
    expect(resultIssue('GLU', 0.59, 'mmolL')?.message).toBe('measurements.result.rangeGluMmol');
    expect(resultIssue('GLU', 600, 'mgDl')).toBeNull();
    expect(resultIssue('GLU', 601, 'mgDl')?.range).toEqual({ min: 10, max: 600 });
    expect(resultIssue('KET', 0, 'mmolL')).toBeNull();
    expect(resultIssue('UA', 118, 'umolL')?.message).toBe('measurements.result.rangeUaUmol');
    expect(resultIssue('UA', 20.5, 'mgDl')?.message).toBe('measurements.result.rangeUaMgdl');
    expect(resultIssue('GLU', 5.55, 'mmolL')).toBeNull();
    expect(resultIssue('GLU', 5.555, 'mmolL')?.message).toBe('measurements.result.decimals');
    expect(resultIssue('KET', 1, 'mgDl')?.message).toBe('measurements.unit.invalid');
  });
});

describe('entry rules', () => {
  it('accepts a glucose reading, a ketone without a period and an untested reading', () => {
    expect(en(glucose)).toEqual([]);
    expect(
      en({ category: 'KET', patientId: 7, testTime: '2024-06-01T06:30:00Z', result: 0.3, unit: 'mmolL' }),
    ).toEqual([]);
    expect(en({ ...glucose, result: null, unit: null, cause: 'refused', refusalReason: 'fear' })).toEqual([]);
  });

  it('needs the period for glucose only', () => {
    expect(en({ ...glucose, period: '' })).toEqual([
      { field: 'period', message: 'Please select the test period' },
    ]);
    expect(zh({ ...glucose, period: null })).toEqual([{ field: 'period', message: '请选择检测时段' }]);
    expect(en({ ...glucose, category: 'UA', period: null, result: 300, unit: 'umolL' })).toEqual([]);
  });

  it('refuses a time in the future, before the admission or after a discharge', () => {
    expect(en({ ...glucose, testTime: '2024-06-01T12:00:01Z' })[0]?.message).toBe(
      'The test time cannot be in the future',
    );
    expect(zh({ ...glucose, testTime: '2024-05-27T23:00:00Z' })).toEqual([
      { field: 'testTime', message: '检测时间不能早于患者入院时间' },
    ]);
    const discharged = measurementEntrySchemaFor({ ...context, dischargedAt: '2024-05-31T00:00:00Z' });
    expect(en(glucose, discharged)).toEqual([
      { field: 'testTime', message: 'The test time cannot be after the patient’s discharge' },
    ]);
  });

  it('accepts a time in the admission’s own minute (forms pick whole minutes)', () => {
    const admitted = measurementEntrySchemaFor({ ...context, admittedAt: '2024-05-28T02:00:30Z' });
    expect(en({ ...glucose, testTime: '2024-05-28T02:00:00Z' }, admitted)).toEqual([]);
    expect(en({ ...glucose, testTime: '2024-05-28T01:59:59Z' }, admitted)[0]?.message).toBe(
      'The test time cannot be before the patient’s admission',
    );
  });

  it('takes periods and reasons from the hospital’s lists', () => {
    expect(en({ ...glucose, period: 'brunch' })[0]?.field).toBe('period');
    expect(en({ ...glucose, result: null, cause: 'asleep' })).toEqual([
      { field: 'cause', message: 'Please choose a reason for not testing from the list' },
    ]);
    expect(en({ ...glucose, result: null, cause: 'refused', refusalReason: 'bored' })[0]?.field).toBe(
      'refusalReason',
    );
  });

  it('names the range in the entered unit, with its bounds', () => {
    expect(en({ ...glucose, result: 700, unit: 'mgDl' })[0]?.message).toContain('10-600 mg/dL');
    expect(zh({ ...glucose, result: 40 })[0]?.message).toContain('0.6-33.3 mmol/L');
  });

  it('leaves the unit to the server when none is given (the hospital’s display unit)', () => {
    expect(en({ ...glucose, unit: undefined, result: 126 })).toEqual([]);
  });

  it('finds the cross-field problems of a reading', () => {
    expect(readingIssues({ category: 'GLU', period: 'fasting' }).map((i) => i.message)).toEqual([
      'glucose.result.required',
    ]);
    expect(readingIssues({ category: 'GLU', period: 'fasting', result: 5, cause: 'other' })[0]?.path).toBe(
      'cause',
    );
    expect(
      readingIssues({ category: 'GLU', period: 'fasting', result: 5, unit: 'mmolL', causeText: 'x' }),
    ).toEqual([{ path: 'causeText', message: 'glucose.result.exclusive' }]);
    expect(readingIssues({ category: 'KET', cause: 'outOfRange', causeText: 'HI' })).toEqual([]);
  });

  it('takes a rejection reason instead of a result or an untested reason (§5 "Result or rejection reason required")', () => {
    expect(en({ ...glucose, result: null, unit: null, rejectReason: 'absent' })).toEqual([]);
    expect(en({ ...glucose, result: 6.1, rejectReason: 'absent' })).toEqual([
      { field: 'rejectReason', message: 'Enter either a result or a reason for not testing, not both' },
    ]);
    expect(en({ ...glucose, result: null, cause: 'refused', rejectReason: 'absent' })).toEqual([
      { field: 'rejectReason', message: 'Give either a reason not tested or a rejection reason, not both' },
    ]);
    expect(zh({ ...glucose, result: null, rejectReason: 'asleep' })).toEqual([
      { field: 'rejectReason', message: '请从列表中选择弃测原因' },
    ]);
    // "Other" needs its text, whichever list it comes from
    expect(en({ ...glucose, result: null, rejectReason: 'other' })[0]?.field).toBe('causeText');
    expect(en({ ...glucose, result: null, rejectReason: 'other', causeText: 'Family meeting' })).toEqual([]);
  });

  it('flags the same time twice for one item in a day’s entry, not across items', () => {
    const s = measurementEntriesSchemaFor(context);
    const row = {
      category: 'GLU',
      period: 'fasting',
      testTime: '2024-06-01T06:30:00+08:00',
      result: 5,
      unit: 'mmolL',
    };
    expect(en({ patientId: 7, records: [row, { ...row, testTime: '2024-05-31T22:30:00Z' }] }, s)).toEqual([
      { field: 'records.1.testTime', message: 'Measurement times cannot repeat' },
    ]);
    expect(
      en({ patientId: 7, records: [row, { ...row, category: 'KET', period: null, result: 0.2 }] }, s),
    ).toEqual([]);
  });

  it('checks a corrected reading and the reason of a change', () => {
    const s = measurementCorrectionSchemaFor(context);
    expect(
      en({ category: 'GLU', period: 'fasting', testTime: glucose.testTime, result: 50, unit: 'mmolL' }, s)[0]
        ?.field,
    ).toBe('result');
    expect(en({ recordId: 1, isActive: false, reason: 'x', version: 1 }, measurementStatusSchema)).toEqual([
      { field: 'reason', message: 'The reason must be 2-200 characters' },
    ]);
    expect(zh({ recordId: 1, isActive: false, version: 1 }, measurementStatusSchema)).toEqual([
      { field: 'reason', message: '请填写原因' },
    ]);
  });
});

describe('upload records', () => {
  const upload = uploadRecordSchemaFor({
    now: () => NOW,
    periods: ['fasting'],
    untestedReasons: ['outOfRange'],
  });
  const row = {
    deviceSerial: 'M1',
    deviceRecordNo: '1',
    category: 'GLU',
    testTime: '2024-06-01T06:30:00+08:00',
    result: 6,
    unit: 'mmolL',
    wristbandCode: 'WB1',
    operator: 'nurse01',
  };

  it('accepts a number, LO or HI; derives nothing itself', () => {
    expect(en(row, upload)).toEqual([]);
    expect(en({ ...row, result: 'HI' }, upload)).toEqual([]);
    expect(en({ ...row, result: 'LO', unit: undefined }, upload)).toEqual([]);
    expect(en({ ...row, result: 'high' }, upload)[0]?.field).toBe('result');
  });

  it('names what is missing or wrong', () => {
    expect(en({ ...row, wristbandCode: undefined }, upload)).toEqual([
      {
        field: 'wristbandCode',
        message: 'Give the wristband code, the inpatient number or the outpatient number',
      },
    ]);
    expect(en({ ...row, result: undefined }, upload)[0]?.message).toBe(
      'Give the result (a number, LO or HI) or a reason for not testing',
    );
    expect(zh({ ...row, operator: '' }, upload)).toEqual([
      { field: 'operator', message: '请提供操作人用户名' },
    ]);
    expect(en({ ...row, testTime: '2024-06-02T00:00:00Z' }, upload)[0]?.message).toBe(
      'The test time cannot be in the future',
    );
  });

  it('takes 1-1000 records per upload', () => {
    expect(en({ source: 'meter', records: [] }, measurementUploadSchema)[0]?.message).toBe(
      'Please send 1-1000 records',
    );
    expect(en({ source: 'his', records: Array(1000).fill({}) }, measurementUploadSchema)).toEqual([]);
    expect(en({ source: 'his', records: Array(1001).fill({}) }, measurementUploadSchema)).toHaveLength(1);
  });
});

describe('reading queries', () => {
  it('checks the day range and its order; the grid covers at most a year', () => {
    expect(en({ beginDate: '2024-02-02', endDate: '2024-02-01' }, patientReadingsQuerySchema)).toEqual([
      { field: 'beginDate', message: 'The start must not be after the end' },
    ]);
    expect(en({ beginDate: '2023-01-01', endDate: '2024-06-01' }, patientPivotQuerySchema)).toEqual([
      { field: 'beginDate', message: 'The date range may cover at most 366 days' },
    ]);
    expect(daySpan('2024-02-28', '2024-03-01')).toBe(3);
    expect(patientReadingsQuerySchema.parse({})).toMatchObject({
      category: 'GLU',
      sort: 'last',
      includeDeleted: false,
    });
  });
});
