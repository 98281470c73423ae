import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { localizedIssues } from '../validation';
import {
  everyHoursTimes,
  intervalOf,
  MONITOR_PRESETS,
  medicalOrderCreateSchema,
  medicalOrderCreateSchemaFor,
  medicalOrderDeleteSchema,
  medicalOrderEditSchema,
  medicalOrderListQuerySchema,
  medicalOrderStopSchema,
  orderEndAt,
  presetOf,
} from './medical';

const en = (schema: z.ZodType, data: unknown) => localizedIssues(schema, data, 'en-US');
const zh = (schema: z.ZodType, data: unknown) => localizedIssues(schema, data, 'zh-CN');

const fourPoint = {
  patientId: 7,
  name: '四点血糖',
  classification: 'monitoring',
  adviceType: 'longTerm',
  category: 'GLU',
  templateId: 3,
  contents: ['三餐前及睡前测指尖血糖'],
  monitorPeriods: ['fasting', 'beforeLunch', 'beforeDinner', 'beforeSleep'],
  beginDate: '2026-11-27T08:00:00+08:00',
};
const diet = {
  patientId: 7,
  name: 'Diabetic diet',
  classification: 'diet',
  adviceType: 'longTerm',
  templateId: 5,
  contents: ['1800 kcal a day'],
  beginDate: '2026-11-27T08:00:00+08:00',
};

describe('monitoring presets and schedules', () => {
  it('7-point: before and after the three meals and bedtime; 4-point: before the meals and bedtime', () => {
    expect(MONITOR_PRESETS.sevenPoint).toHaveLength(7);
    expect(MONITOR_PRESETS.fourPoint).toEqual(['fasting', 'beforeLunch', 'beforeDinner', 'beforeSleep']);
    expect(presetOf(['beforeSleep', 'fasting', 'beforeDinner', 'beforeLunch'])).toBe('fourPoint');
    expect(presetOf([...MONITOR_PRESETS.sevenPoint])).toBe('sevenPoint');
    expect(presetOf(['fasting', 'beforeLunch', 'beforeDinner'])).toBeNull();
    expect(presetOf([])).toBeNull();
  });

  it('every N hours → clock times, worked by hand', () => {
    const two = everyHoursTimes(2);
    expect(two).toHaveLength(12);
    expect(two[0]).toBe('00:00');
    expect(two[1]).toBe('02:00');
    expect(two[11]).toBe('22:00');
    expect(everyHoursTimes(6, '03:00')).toEqual(['03:00', '09:00', '15:00', '21:00']);
    // 20:30 + 8 h = 04:30 next day, + 16 h = 12:30: listed in the day's order
    expect(everyHoursTimes(8, '20:30')).toEqual(['04:30', '12:30', '20:30']);
    expect(everyHoursTimes(12, '07:00')).toEqual(['07:00', '19:00']);
    expect(everyHoursTimes(1)).toHaveLength(24);
    expect(everyHoursTimes(5)).toEqual([]);
    expect(everyHoursTimes(2, '25:00')).toEqual([]);
  });

  it('reads "every N hours" back from clock times', () => {
    expect(intervalOf(everyHoursTimes(2))).toEqual({ hours: 2, from: '00:00' });
    expect(intervalOf(['03:00', '09:00', '15:00', '21:00'])).toEqual({ hours: 6, from: '03:00' });
    expect(intervalOf(['08:00', '12:00', '18:00'])).toBeNull();
    expect(intervalOf(['08:00'])).toBeNull();
  });

  it('a 24-hour order ends 24 h after its start; the others run until stopped', () => {
    expect(orderEndAt('24h', '2026-11-27T08:00:00+08:00')?.toISOString()).toBe('2026-11-28T00:00:00.000Z');
    expect(orderEndAt('longTerm', '2026-11-27T08:00:00+08:00')).toBeNull();
    expect(orderEndAt('temporary', '2026-11-27T08:00:00+08:00')).toBeNull();
  });
});

describe('medicalOrderCreateSchema', () => {
  it('accepts a 4-point glucose order, a diet order and every-2-hours', () => {
    expect(en(medicalOrderCreateSchema, fourPoint)).toEqual([]);
    expect(en(medicalOrderCreateSchema, diet)).toEqual([]);
    const icu = { ...fourPoint, monitorPeriods: undefined, monitorTimes: everyHoursTimes(2) };
    expect(en(medicalOrderCreateSchema, icu)).toEqual([]);
    const byFrequency = { ...fourPoint, category: 'KET', monitorPeriods: null, frequencyCode: 'tid' };
    expect(en(medicalOrderCreateSchema, byFrequency)).toEqual([]);
  });

  it('name 2-40 in both languages', () => {
    expect(zh(medicalOrderCreateSchema, { ...fourPoint, name: '血' })).toEqual([
      { field: 'name', message: '医嘱名称长度为 2-40 个字符' },
    ]);
    expect(en(medicalOrderCreateSchema, { ...fourPoint, name: 'x'.repeat(41) })).toEqual([
      { field: 'name', message: 'The order name must be 2-40 characters' },
    ]);
  });

  it('a template and at least one content item', () => {
    expect(en(medicalOrderCreateSchema, { ...diet, templateId: undefined, contents: [] })).toEqual([
      { field: 'templateId', message: 'Please choose a template' },
      { field: 'contents', message: 'Please add at least one content item' },
    ]);
    expect(zh(medicalOrderCreateSchema, { ...diet, templateId: 0, contents: undefined })).toEqual([
      { field: 'templateId', message: '请选择医嘱模板' },
      { field: 'contents', message: '请至少填写一项医嘱内容' },
    ]);
  });

  it('order type one of 24h, longTerm, temporary; classification one of the classes', () => {
    expect(en(medicalOrderCreateSchema, { ...diet, adviceType: 'weekly' })).toEqual([
      { field: 'adviceType', message: 'The order type must be 24-hour, long-term or temporary' },
    ]);
    expect(zh(medicalOrderCreateSchema, { ...diet, classification: '' })).toEqual([
      { field: 'classification', message: '请选择医嘱分类' },
    ]);
    expect(en(medicalOrderCreateSchema, { ...diet, classification: 'surgery' })[0]?.field).toBe(
      'classification',
    );
  });

  it('a temporary order needs a test time in a valid format, not before the start', () => {
    const once = { ...diet, adviceType: 'temporary' };
    expect(en(medicalOrderCreateSchema, once)).toEqual([
      { field: 'testTime', message: 'A temporary order needs a test time' },
    ]);
    expect(zh(medicalOrderCreateSchema, { ...once, testTime: '' })).toEqual([
      { field: 'testTime', message: '临时医嘱须填写检测时间' },
    ]);
    expect(en(medicalOrderCreateSchema, { ...once, testTime: '2026-11-27 10:00' })).toEqual([
      { field: 'testTime', message: 'Please enter a valid date and time' },
    ]);
    expect(en(medicalOrderCreateSchema, { ...once, testTime: '2026-11-27T07:59:00+08:00' })).toEqual([
      { field: 'testTime', message: 'The test time cannot be before the start time' },
    ]);
    expect(en(medicalOrderCreateSchema, { ...once, testTime: '2026-11-27T10:00:00+08:00' })).toEqual([]);
  });

  it('start time required; execute time not before the start', () => {
    expect(zh(medicalOrderCreateSchema, { ...diet, beginDate: undefined })).toEqual([
      { field: 'beginDate', message: '请填写开始时间' },
    ]);
    // 08:00+08:00 is 00:00Z: 23:59Z the day before is one minute earlier
    expect(en(medicalOrderCreateSchema, { ...diet, executeDate: '2026-11-26T23:59:00Z' })).toEqual([
      { field: 'executeDate', message: 'The execute time cannot be before the start time' },
    ]);
    expect(en(medicalOrderCreateSchema, { ...diet, executeDate: '2026-11-27T00:00:00Z' })).toEqual([]);
  });

  it('a monitoring order needs its item and one kind of schedule', () => {
    expect(en(medicalOrderCreateSchema, { ...fourPoint, category: null })).toEqual([
      { field: 'category', message: 'Please select the monitoring item (glucose, ketone or uric acid)' },
    ]);
    expect(en(medicalOrderCreateSchema, { ...fourPoint, category: 'HbA1c' })[0]?.field).toBe('category');
    expect(zh(medicalOrderCreateSchema, { ...fourPoint, monitorPeriods: [] })).toEqual([
      { field: 'monitorPeriods', message: '监测医嘱须填写监测安排：血糖时段、时间点或频次' },
    ]);
    expect(en(medicalOrderCreateSchema, { ...fourPoint, monitorTimes: ['08:00'] })).toEqual([
      { field: 'monitorTimes', message: 'Give either glucose periods or clock times, not both' },
    ]);
    expect(en(medicalOrderCreateSchema, { ...fourPoint, category: 'KET' })).toEqual([
      {
        field: 'monitorPeriods',
        message:
          'Glucose periods are a schedule of glucose monitoring; give clock times or a frequency for this item',
      },
    ]);
    expect(en(medicalOrderCreateSchema, { ...fourPoint, monitorPeriods: ['fasting', 'fasting'] })).toEqual([
      { field: 'monitorPeriods.1', message: 'Each period or time may appear only once' },
    ]);
    expect(
      en(medicalOrderCreateSchema, { ...fourPoint, monitorPeriods: null, monitorTimes: ['8:00'] }),
    ).toEqual([{ field: 'monitorTimes.0', message: 'Monitoring times must be written HH:mm, e.g. 08:00' }]);
  });

  it('a temporary monitoring order is measured once at its test time', () => {
    const once = { ...fourPoint, adviceType: 'temporary', monitorPeriods: null };
    expect(en(medicalOrderCreateSchema, { ...once, testTime: '2026-11-27T10:00:00+08:00' })).toEqual([]);
    expect(
      en(medicalOrderCreateSchema, {
        ...once,
        testTime: '2026-11-27T10:00:00+08:00',
        monitorTimes: ['10:00'],
      }),
    ).toEqual([
      {
        field: 'monitorTimes',
        message: 'A temporary monitoring order is measured once, at its test time; leave the schedule empty',
      },
    ]);
  });

  it('only a monitoring order has a schedule', () => {
    expect(en(medicalOrderCreateSchema, { ...diet, monitorPeriods: ['fasting'] })).toEqual([
      { field: 'monitorPeriods', message: 'Only a monitoring order has a monitoring schedule' },
    ]);
  });

  it('checks the enabled glucose periods and the stay when given', () => {
    const schema = medicalOrderCreateSchemaFor({
      periods: ['fasting', 'beforeLunch', 'beforeDinner'],
      admittedAt: '2026-11-26T00:00:00Z',
      dischargedAt: null,
    });
    expect(en(schema, fourPoint)).toEqual([
      { field: 'monitorPeriods.3', message: 'Unknown or disabled glucose period' },
    ]);
    expect(zh(schema, { ...diet, beginDate: '2026-11-25T23:59:59Z' })).toEqual([
      { field: 'beginDate', message: '开始时间不能早于入院时间' },
    ]);
  });
});

describe('edit, stop, delete and list', () => {
  const { patientId: _patientId, ...values } = diet;
  it('an edit needs id, version and a reason', () => {
    expect(en(medicalOrderEditSchema, { ...values, id: 4, version: 2, reason: 'Typo in the name' })).toEqual(
      [],
    );
    expect(en(medicalOrderEditSchema, { ...values, id: 4, version: 2, reason: 'x' })).toEqual([
      { field: 'reason', message: 'The reason must be 2-200 characters' },
    ]);
    expect(en(medicalOrderEditSchema, { ...values, id: 4, reason: 'ok ok' })).toEqual([
      { field: 'version', message: 'The order version is missing; reload and try again' },
    ]);
  });

  it('stop and delete need a reason', () => {
    expect(en(medicalOrderStopSchema, { id: 4, version: 1, reason: 'Glucose stable' })).toEqual([]);
    expect(zh(medicalOrderStopSchema, { id: 4, version: 1, reason: ' ' })).toEqual([
      { field: 'reason', message: '请填写原因' },
    ]);
    expect(medicalOrderDeleteSchema.parse({ version: '3', reason: 'Wrong patient' })).toEqual({
      version: 3,
      reason: 'Wrong patient',
    });
    expect(en(medicalOrderDeleteSchema, { version: '1' })).toEqual([
      { field: 'reason', message: 'Please give the reason' },
    ]);
  });

  it('list query: patient id, status default all', () => {
    expect(medicalOrderListQuerySchema.parse({ patientId: '12' })).toEqual({ patientId: 12, status: 'all' });
    expect(medicalOrderListQuerySchema.safeParse({ patientId: '1e3' }).success).toBe(false);
    expect(medicalOrderListQuerySchema.safeParse({ patientId: '3', status: 'paused' }).success).toBe(false);
  });
});
