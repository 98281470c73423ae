import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { localizedIssues } from '../validation';
import {
  analyzerSchema,
  analyzerSnSchema,
  controlSolutionSchema,
  qcLotNumberSchema,
  qcRecordSchema,
  stripControlRangesSchema,
  testStripSchema,
} from './qc';

const en = (schema: z.ZodType, data: unknown) => localizedIssues(schema, data, 'en-US');
const zh = (schema: z.ZodType, data: unknown) => localizedIssues(schema, data, 'zh-CN');

const record = {
  analyzer: 'GM-3000 #12',
  type: 'glucose',
  result: 'pass',
  testDate: '2024-06-01',
  controlSolutionLot: 'CS240501',
  stripLot: 'TS240412',
  testValue: 5.6,
  tester: 'nurse.wang',
};
const level = { sd: 0.3, target: 5.5 };
const solution = {
  lotNumber: 'CS240501',
  manufactureDate: '2024-05-01',
  expiryDate: '2025-04-30',
  status: 'normal',
  levels: [level, level, level],
};
const analyzer = {
  model: 'GM-3000',
  sn: 'SN123456789',
  workStation: 'Ward 5 nurse station',
  departmentCode: 'ENDO',
};
const strip = { lotNumber: 'TS240412', controlRanges: [{ min: 2.8, max: 4.2 }] };

describe('qcRecordSchema', () => {
  it('accepts a record', () => {
    expect(en(qcRecordSchema, record)).toEqual([]);
  });

  it('requires result, type, both lots, test date and tester', () => {
    expect(en(qcRecordSchema, {})).toEqual([
      { field: 'type', message: 'Please select the test item' },
      { field: 'result', message: 'Please select the QC result' },
      { field: 'testDate', message: 'Please select the test date' },
      { field: 'controlSolutionLot', message: 'Please enter the control solution lot number' },
      { field: 'stripLot', message: 'Please enter the test strip lot number' },
      { field: 'tester', message: 'Please select the tester' },
    ]);
    expect(zh(qcRecordSchema, { ...record, result: '', tester: ' ' })).toEqual([
      { field: 'result', message: '请选择质控结果' },
      { field: 'tester', message: '请选择检测人' },
    ]);
  });

  it('result pass or fail; test date an ISO date', () => {
    expect(en(qcRecordSchema, { ...record, result: 'ok', testDate: '2024-06-31' })).toEqual([
      { field: 'result', message: 'The QC result must be pass or fail' },
      { field: 'testDate', message: 'Please enter a valid date (YYYY-MM-DD)' },
    ]);
    expect(en(qcRecordSchema, { ...record, result: 'fail' })).toEqual([]);
  });
});

describe('lot numbers', () => {
  it('are 6-18 characters', () => {
    expect(qcLotNumberSchema.safeParse('123456').success).toBe(true);
    expect(qcLotNumberSchema.safeParse('1'.repeat(18)).success).toBe(true);
    expect(en(qcRecordSchema, { ...record, stripLot: '12345' })).toEqual([
      { field: 'stripLot', message: 'The lot number must be 6-18 characters' },
    ]);
    expect(zh(qcRecordSchema, { ...record, controlSolutionLot: '1'.repeat(19) })).toEqual([
      { field: 'controlSolutionLot', message: '批号长度为 6-18 个字符' },
    ]);
  });

  it('property: valid exactly at 6-18 characters', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Z0-9]{1,30}$/), (lot) => {
        expect(qcLotNumberSchema.safeParse(lot).success).toBe(lot.length >= 6 && lot.length <= 18);
      }),
    );
  });
});

describe('controlSolutionSchema', () => {
  it('accepts a solution with levels 0-2, zeros allowed', () => {
    expect(en(controlSolutionSchema, solution)).toEqual([]);
    expect(en(controlSolutionSchema, { ...solution, levels: [{ sd: 0, target: 0 }, level, level] })).toEqual(
      [],
    );
  });

  it('manufacture date strictly before expiry date', () => {
    expect(en(controlSolutionSchema, { ...solution, expiryDate: '2024-05-02' })).toEqual([]);
    expect(en(controlSolutionSchema, { ...solution, expiryDate: '2024-05-01' })).toEqual([
      { field: 'expiryDate', message: 'The manufacture date must be before the expiry date' },
    ]);
    expect(zh(controlSolutionSchema, { ...solution, manufactureDate: '2025-05-01' })).toEqual([
      { field: 'expiryDate', message: '生产日期必须早于失效日期' },
    ]);
    expect(en(controlSolutionSchema, { ...solution, manufactureDate: undefined, expiryDate: '' })).toEqual([
      { field: 'manufactureDate', message: 'Please select the manufacture date' },
      { field: 'expiryDate', message: 'Please select the expiry date' },
    ]);
  });

  it('SD and target required for each level', () => {
    const levels = [{ sd: 0.3 }, { target: 5 }, { sd: -0.1, target: 5 }];
    expect(en(controlSolutionSchema, { ...solution, levels })).toEqual([
      { field: 'levels.0.target', message: 'Please enter the target value (enter 0 if there is none)' },
      { field: 'levels.1.sd', message: 'Please enter the SD (enter 0 if there is none)' },
      { field: 'levels.2.sd', message: 'The value cannot be negative' },
    ]);
    expect(
      zh(controlSolutionSchema, { ...solution, levels: [level, level, { sd: null, target: 1 }] }),
    ).toEqual([{ field: 'levels.2.sd', message: '请输入标准差（没有请填 0）' }]);
  });

  it('exactly three levels', () => {
    expect(en(controlSolutionSchema, { ...solution, levels: [level, level] })).toEqual([
      { field: 'levels', message: 'Please fill in control levels 0, 1 and 2' },
    ]);
    expect(zh(controlSolutionSchema, { ...solution, levels: [level, level, level, level] })).toEqual([
      { field: 'levels', message: '请填写 0、1、2 三个质控水平' },
    ]);
  });

  it('status normal, invalid or suspended', () => {
    expect(en(controlSolutionSchema, { ...solution, status: 'suspended' })).toEqual([]);
    expect(en(controlSolutionSchema, { ...solution, status: 'expired' })).toEqual([
      { field: 'status', message: 'The status must be normal, invalid or suspended' },
    ]);
  });
});

describe('analyzerSchema', () => {
  it('model 3-32, SN exactly 11, work station required', () => {
    expect(en(analyzerSchema, analyzer)).toEqual([]);
    expect(en(analyzerSchema, { ...analyzer, model: 'G'.repeat(32) })).toEqual([]);
    expect(en(analyzerSchema, { ...analyzer, model: 'GM', sn: 'SN12345678', workStation: '' })).toEqual([
      { field: 'model', message: 'The analyzer model must be 3-32 characters' },
      { field: 'sn', message: 'The SN must be exactly 11 characters' },
      { field: 'workStation', message: 'Please enter the work station' },
    ]);
    expect(zh(analyzerSchema, { ...analyzer, model: 'G'.repeat(33), sn: 'SN1234567890' })).toEqual([
      { field: 'model', message: '仪器型号长度为 3-32 个字符' },
      { field: 'sn', message: 'SN 号必须为 11 位' },
    ]);
    expect(zh(analyzerSchema, { ...analyzer, sn: undefined })).toEqual([
      { field: 'sn', message: '请输入仪器 SN 号' },
    ]);
  });

  it('property: an SN is valid exactly at 11 characters', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Z0-9]{1,20}$/), (sn) => {
        expect(analyzerSnSchema.safeParse(sn).success).toBe(sn.length === 11);
      }),
    );
  });
});

describe('testStripSchema', () => {
  it('accepts a strip with one complete control range', () => {
    expect(en(testStripSchema, strip)).toEqual([]);
    expect(
      en(testStripSchema, { ...strip, controlRanges: [{}, { min: 5, max: 7 }, { min: null, max: null }] }),
    ).toEqual([]);
  });

  it('needs at least one range with both bounds', () => {
    expect(en(testStripSchema, { ...strip, controlRanges: [] })).toEqual([
      {
        field: 'controlRanges',
        message: 'Enter both the minimum and the maximum of at least one control range',
      },
    ]);
    expect(zh(testStripSchema, { ...strip, controlRanges: [{}, {}] })).toEqual([
      { field: 'controlRanges', message: '请至少填写一个质控范围的最小值和最大值' },
    ]);
    expect(en(testStripSchema, { ...strip, controlRanges: [{ min: 2.8 }] })).toEqual([
      { field: 'controlRanges.0.max', message: 'Enter both the minimum and the maximum of this range' },
    ]);
    expect(zh(testStripSchema, { ...strip, controlRanges: [{ min: 2.8, max: 4.2 }, { max: 9 }] })).toEqual([
      { field: 'controlRanges.1.min', message: '请同时填写该范围的最小值和最大值' },
    ]);
  });

  it('min strictly below max, at most three ranges', () => {
    expect(en(testStripSchema, { ...strip, controlRanges: [{ min: 4.2, max: 4.2 }] })).toEqual([
      { field: 'controlRanges.0.min', message: 'The minimum must be below the maximum' },
    ]);
    const range = { min: 1, max: 2 };
    expect(en(testStripSchema, { ...strip, controlRanges: [range, range, range, range] })).toEqual([
      { field: 'controlRanges', message: 'A test strip has at most 3 control ranges' },
    ]);
  });

  it('dates optional but ordered; lot required', () => {
    expect(
      en(testStripSchema, { ...strip, manufactureDate: '2024-04-12', expiryDate: '2025-04-11' }),
    ).toEqual([]);
    const sameDay = { ...strip, manufactureDate: '2024-04-12', expiryDate: '2024-04-12' };
    expect(en(testStripSchema, sameDay)).toEqual([
      { field: 'expiryDate', message: 'The manufacture date must be before the expiry date' },
    ]);
    // while a required field is missing zod holds back the cross-field check: one message at a time
    expect(en(testStripSchema, { ...sameDay, lotNumber: '' })).toEqual([
      { field: 'lotNumber', message: 'Please enter the lot number' },
    ]);
    expect(en(testStripSchema, { ...strip, countTested: 1.5 })).toEqual([
      { field: 'countTested', message: 'The count must be a whole number of 0 or more' },
    ]);
  });

  it('property: valid exactly when every range is empty or ordered and one is complete', () => {
    const bound = fc.option(fc.integer({ min: 0, max: 30 }), { nil: undefined });
    fc.assert(
      fc.property(fc.array(fc.record({ min: bound, max: bound }), { maxLength: 3 }), (ranges) => {
        const complete = ranges.filter((r) => r.min !== undefined && r.max !== undefined);
        const expected =
          complete.length > 0 &&
          ranges.every((r) => (r.min === undefined) === (r.max === undefined)) &&
          complete.every((r) => (r.min as number) < (r.max as number));
        expect(stripControlRangesSchema.safeParse(ranges).success).toBe(expected);
      }),
    );
  });
});
