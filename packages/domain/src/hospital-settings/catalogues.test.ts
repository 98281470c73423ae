import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { localizedIssues } from '../validation';
import {
  adviceFrequencyCreateSchema,
  adviceFrequencyUpdateSchema,
  dictEntryBodySchema,
  isDictValueRequired,
  isEditableUnitCategory,
  orderedTimes,
  tagOptionSchema,
  unitSaveSchema,
} from './catalogues';

const en = (schema: z.ZodType, data: unknown) => localizedIssues(schema, data, 'en-US');
const zh = (schema: z.ZodType, data: unknown) => localizedIssues(schema, data, 'zh-CN');

describe('unitSaveSchema', () => {
  it('takes a unit of an editable category, the name optional', () => {
    expect(unitSaveSchema.parse({ category: 'DRUG', code: ' IU ' })).toEqual({
      category: 'DRUG',
      code: 'IU',
    });
    expect(unitSaveSchema.safeParse({ category: 'INSPECTION', code: 'µmol/L', name: '' }).success).toBe(true);
    expect(isEditableUnitCategory('DRUG')).toBe(true);
    expect(isEditableUnitCategory('GLU')).toBe(false);
  });

  it('sends display units to the item display setting', () => {
    expect(en(unitSaveSchema, { category: 'GLU', code: 'mgDl' })).toEqual([
      {
        field: 'category',
        message:
          'Glucose, ketone and uric acid units are changed in the item display setting (System settings), not here',
      },
    ]);
  });

  it('checks the unit length (1-12) and the category in both languages', () => {
    expect(en(unitSaveSchema, { category: 'DRUG', code: 'x'.repeat(13) })).toEqual([
      { field: 'code', message: 'The unit must be 1-12 characters' },
    ]);
    expect(zh(unitSaveSchema, { category: 'DRUG', code: '' })).toEqual([
      { field: 'code', message: '请输入单位' },
    ]);
    expect(en(unitSaveSchema, { category: 'XX', code: 'mg' })).toEqual([
      { field: 'category', message: 'The unit category must be GLU, KET, UA, DRUG or INSPECTION' },
    ]);
    expect(en(unitSaveSchema, { category: 'DRUG', code: 'mg', name: 'n'.repeat(13) })).toEqual([
      { field: 'name', message: 'The unit name must be 1-12 characters' },
    ]);
  });
});

describe('tagOptionSchema', () => {
  it('takes a tag of 1-12 characters and an optional #RRGGBB colour', () => {
    expect(tagOptionSchema.parse({ tag: ' 胰岛素泵 ', color: '#1677FF' })).toEqual({
      tag: '胰岛素泵',
      color: '#1677FF',
    });
    expect(tagOptionSchema.parse({ tag: 'Hypo', color: '' }).color).toBeNull();
    expect(en(tagOptionSchema, { tag: '' })).toEqual([{ field: 'tag', message: 'Please enter the tag' }]);
    expect(en(tagOptionSchema, { tag: '新'.repeat(13) })).toEqual([
      { field: 'tag', message: 'The tag must be 1-12 characters' },
    ]);
    expect(en(tagOptionSchema, { tag: 'x', color: 'red' })).toEqual([
      { field: 'color', message: 'The color must be a hex value such as #FF0000' },
    ]);
  });
});

describe('advice frequency schemas', () => {
  const tid = {
    code: 'tid',
    name: '每日三次',
    frequency: '3/d',
    timesPerDay: 3,
    executeTimes: ['08:00', '12:00', '18:00'],
  };

  it('take a frequency whose times match its times per day', () => {
    expect(adviceFrequencyCreateSchema.safeParse(tid).success).toBe(true);
    expect(
      adviceFrequencyCreateSchema.safeParse({ code: 'prn', name: '必要时', frequency: 'prn' }).success,
    ).toBe(true);
    expect(adviceFrequencyUpdateSchema.safeParse({ ...tid, id: 1, version: 2 }).success).toBe(true);
  });

  it('report each rule on its field', () => {
    expect(en(adviceFrequencyCreateSchema, { ...tid, frequency: '' })).toEqual([
      { field: 'frequency', message: 'Please enter the frequency' },
    ]);
    expect(en(adviceFrequencyCreateSchema, { ...tid, code: 'c'.repeat(13) })).toEqual([
      { field: 'code', message: 'The code must be 1-12 characters' },
    ]);
    expect(en(adviceFrequencyCreateSchema, { ...tid, timesPerDay: 25 })).toEqual([
      { field: 'timesPerDay', message: 'Times per day must be a whole number from 1 to 24' },
    ]);
    expect(en(adviceFrequencyCreateSchema, { ...tid, executeTimes: ['8:00', '12:00', '18:00'] })).toEqual([
      { field: 'executeTimes.0', message: 'Execution times must be written HH:mm, e.g. 08:00' },
    ]);
    expect(en(adviceFrequencyCreateSchema, { ...tid, executeTimes: ['08:00', '08:00', '18:00'] })).toEqual([
      { field: 'executeTimes.1', message: 'Each execution time may appear only once' },
    ]);
    expect(zh(adviceFrequencyCreateSchema, { ...tid, executeTimes: ['08:00'] })).toEqual([
      { field: 'executeTimes', message: '请填写 3 个执行时间，与每日次数一致' },
    ]);
    expect(en(adviceFrequencyUpdateSchema, tid).map((e) => e.field)).toEqual(['id', 'version']);
    expect(en(adviceFrequencyCreateSchema, { ...tid, tenantId: '101' }).map((e) => e.field)).toEqual([
      'tenantId',
    ]);
  });

  it('orders execution times through the day', () => {
    expect(orderedTimes(['18:00', '08:00', '12:00'])).toEqual(['08:00', '12:00', '18:00']);
  });
});

describe('dictEntryBodySchema', () => {
  const entry = { type: 'meterParameter', code: 'GLU_HIGH', nameZh: '血糖上限', nameEn: 'Glucose high' };

  it('requires a numeric value for meter parameters only', () => {
    expect(isDictValueRequired('meterParameter')).toBe(true);
    expect(isDictValueRequired('symptom')).toBe(false);
    expect(dictEntryBodySchema.safeParse({ ...entry, value: '33.3' }).success).toBe(true);
    expect(en(dictEntryBodySchema, { ...entry, value: '' })).toEqual([
      { field: 'value', message: 'A meter parameter needs a numeric value, e.g. 33.3' },
    ]);
    expect(zh(dictEntryBodySchema, entry)).toEqual([
      { field: 'value', message: '仪器参数必须填写数值，如 33.3' },
    ]);
    expect(en(dictEntryBodySchema, { ...entry, value: 'high' })).toEqual([
      { field: 'value', message: 'The parameter value must be a number' },
    ]);
    expect(dictEntryBodySchema.safeParse({ ...entry, type: 'symptom', code: 'sweating' }).success).toBe(true);
  });
});
