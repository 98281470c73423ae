import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { localizedIssues } from '../validation';
import {
  autoConsultationSchema,
  baselineSchema,
  CONSULTATION_ITEMS,
  consultationItemOfGlucosePeriod,
  DEFAULT_AUTO_CONSULTATION,
  DEFAULT_MONITOR_STRATEGY,
  DEFAULT_SCREEN_STRATEGY,
  DEFAULT_TIR_BANDS,
  mergeConsultationEntries,
  monitorStrategyOf,
  monitorStrategySchema,
  screenStrategySchema,
  tirStrategySchema,
  triggersConsultation,
  virtualWardGluMinSchema,
  virtualWardHbA1cMinSchema,
} from './strategy';

const en = (schema: z.ZodType, data: unknown) => localizedIssues(schema, data, 'en-US');
const zh = (schema: z.ZodType, data: unknown) => localizedIssues(schema, data, 'zh-CN');

const fasting = {
  item: 'fastingGlucose' as const,
  enabled: true,
  minValue: 3.9,
  maxValue: 10,
  consultDepartmentCode: 'ENDO',
};

describe('auto consultation', () => {
  it('accepts the defaults and a partial list', () => {
    expect(en(autoConsultationSchema, DEFAULT_AUTO_CONSULTATION)).toEqual([]);
    expect(en(autoConsultationSchema, [fasting, { item: 'ketone', enabled: true, maxValue: 1.5 }])).toEqual(
      [],
    );
    expect(en(autoConsultationSchema, [{ item: 'urea', enabled: false }])).toEqual([]);
  });

  it('an enabled trigger needs a threshold; a disabled one does not', () => {
    const bare = [{ item: 'urea', enabled: true, minValue: null, maxValue: null }];
    expect(en(autoConsultationSchema, bare)).toEqual([
      { field: '0.minValue', message: 'An enabled trigger needs a lower or an upper threshold' },
    ]);
    expect(zh(autoConsultationSchema, bare)).toEqual([
      { field: '0.minValue', message: '启用的触发项目至少需要填写下限或上限' },
    ]);
  });

  it('thresholds above 0, lower below upper', () => {
    expect(en(autoConsultationSchema, [{ ...fasting, maxValue: 0 }])).toEqual([
      { field: '0.maxValue', message: 'The threshold must be greater than 0' },
    ]);
    expect(zh(autoConsultationSchema, [{ ...fasting, minValue: -1 }])).toEqual([
      { field: '0.minValue', message: '阈值必须大于 0' },
    ]);
    expect(en(autoConsultationSchema, [{ ...fasting, minValue: 10, maxValue: 10 }])).toEqual([
      { field: '0.minValue', message: 'The lower threshold must be below the upper threshold' },
    ]);
    expect(zh(autoConsultationSchema, [{ ...fasting, enabled: false, minValue: 12 }])).toEqual([
      { field: '0.minValue', message: '下限必须小于上限' },
    ]);
  });

  it('each item once, known items only, strict entries, department code format', () => {
    expect(en(autoConsultationSchema, [fasting, { ...fasting, enabled: false }])).toEqual([
      { field: '1.item', message: 'Each trigger item may appear only once' },
    ]);
    expect(zh(autoConsultationSchema, [{ ...fasting, item: 'hba1c' }])).toEqual([
      { field: '0.item', message: '触发项目必须为空腹血糖、餐后血糖、随机血糖、血酮、尿酸或尿素' },
    ]);
    expect(en(autoConsultationSchema, [{ ...fasting, item: undefined }])).toEqual([
      { field: '0.item', message: 'Please choose the trigger item' },
    ]);
    expect(en(autoConsultationSchema, [{ ...fasting, tenantId: '202' }])).toEqual([
      { field: '0.tenantId', message: 'Unrecognized key: "tenantId"' },
    ]);
    expect(en(autoConsultationSchema, [{ ...fasting, consultDepartmentCode: 'E N' }])).toEqual([
      {
        field: '0.consultDepartmentCode',
        message: 'The code may use letters, digits, _ and -, up to 32 characters',
      },
    ]);
    expect(en(autoConsultationSchema, [{ ...fasting, enabled: 'true' }])[0].field).toBe('0.enabled');
    expect(en(autoConsultationSchema, [{ ...fasting, minValue: '3.9' }])[0].field).toBe('0.minValue');
  });

  it('merges changes over the stored list over the defaults, in the screen order', () => {
    const merged = mergeConsultationEntries(
      [{ ...fasting, item: 'ketone', minValue: null }],
      [{ item: 'urea', enabled: true, maxValue: 20, consultDepartmentCode: '' }],
    );
    expect(merged.map((entry) => entry.item)).toEqual([...CONSULTATION_ITEMS]);
    expect(merged[3]).toEqual({
      item: 'ketone',
      enabled: true,
      minValue: null,
      maxValue: 10,
      consultDepartmentCode: 'ENDO',
    });
    expect(merged[5]).toEqual({
      item: 'urea',
      enabled: true,
      minValue: null,
      maxValue: 20,
      consultDepartmentCode: null,
    });
    expect(merged[0]).toEqual(DEFAULT_AUTO_CONSULTATION[0]);
  });

  it('a reading triggers when enabled and at or beyond a threshold', () => {
    const entry = mergeConsultationEntries([fasting])[0];
    expect(triggersConsultation(entry, 3.9)).toBe(true);
    expect(triggersConsultation(entry, 10)).toBe(true);
    expect(triggersConsultation(entry, 6)).toBe(false);
    expect(triggersConsultation({ ...entry, enabled: false }, 2)).toBe(false);
    expect(triggersConsultation({ ...entry, minValue: null }, 2)).toBe(false);
  });

  it('glucose periods map onto fasting, postprandial and random', () => {
    expect(consultationItemOfGlucosePeriod('fasting')).toBe('fastingGlucose');
    for (const code of ['afterBreakfast', 'afterLunch', 'afterDinner']) {
      expect(consultationItemOfGlucosePeriod(code)).toBe('postprandialGlucose');
    }
    for (const code of ['earlyMorning', 'beforeLunch', 'beforeDinner', 'beforeSleep', 'custom', null]) {
      expect(consultationItemOfGlucosePeriod(code)).toBe('randomGlucose');
    }
  });
});

describe('monitoring strategy', () => {
  it('periods required and unique, minutes whole numbers 0-720', () => {
    expect(en(monitorStrategySchema, DEFAULT_MONITOR_STRATEGY)).toEqual([]);
    expect(
      en(monitorStrategySchema, { ...DEFAULT_MONITOR_STRATEGY, dueSoonMinutes: 0, overdueMinutes: 720 }),
    ).toEqual([]);
    expect(en(monitorStrategySchema, { ...DEFAULT_MONITOR_STRATEGY, defaultPeriods: [] })).toEqual([
      { field: 'defaultPeriods', message: 'Please select at least one period to measure' },
    ]);
    expect(
      zh(monitorStrategySchema, { ...DEFAULT_MONITOR_STRATEGY, defaultPeriods: ['fasting', 'fasting'] }),
    ).toEqual([{ field: 'defaultPeriods.1', message: '同一时段只能选择一次' }]);
    expect(en(monitorStrategySchema, { ...DEFAULT_MONITOR_STRATEGY, overdueMinutes: 721 })).toEqual([
      { field: 'overdueMinutes', message: 'The minutes must be a whole number from 0 to 720' },
    ]);
    expect(zh(monitorStrategySchema, { ...DEFAULT_MONITOR_STRATEGY, dueSoonMinutes: 1.5 })).toEqual([
      { field: 'dueSoonMinutes', message: '分钟数必须为 0 到 720 的整数' },
    ]);
    expect(en(monitorStrategySchema, { ...DEFAULT_MONITOR_STRATEGY, dueSoonMinutes: -1 })[0].field).toBe(
      'dueSoonMinutes',
    );
  });

  it('window slack 0-720 and late entry 1-1440 minutes, both optional', () => {
    const { windowSlackMinutes: _slack, lateEntryMinutes: _late, ...old } = DEFAULT_MONITOR_STRATEGY;
    expect(en(monitorStrategySchema, old)).toEqual([]);
    expect(
      en(monitorStrategySchema, {
        ...DEFAULT_MONITOR_STRATEGY,
        windowSlackMinutes: 0,
        lateEntryMinutes: 1440,
      }),
    ).toEqual([]);
    expect(en(monitorStrategySchema, { ...DEFAULT_MONITOR_STRATEGY, windowSlackMinutes: 721 })).toEqual([
      { field: 'windowSlackMinutes', message: 'The minutes must be a whole number from 0 to 720' },
    ]);
    expect(zh(monitorStrategySchema, { ...DEFAULT_MONITOR_STRATEGY, lateEntryMinutes: 0 })).toEqual([
      { field: 'lateEntryMinutes', message: '分钟数必须为 1 到 1440 的整数' },
    ]);
    expect(en(monitorStrategySchema, { ...DEFAULT_MONITOR_STRATEGY, lateEntryMinutes: null })[0]?.field).toBe(
      'lateEntryMinutes',
    );
  });

  it('completes a strategy without the entry fields from the value in effect, else the defaults', () => {
    const { windowSlackMinutes: _slack, lateEntryMinutes: _late, ...old } = DEFAULT_MONITOR_STRATEGY;
    expect(monitorStrategyOf(old)).toEqual(DEFAULT_MONITOR_STRATEGY);
    const before = { ...DEFAULT_MONITOR_STRATEGY, windowSlackMinutes: 10, lateEntryMinutes: 240 };
    expect(monitorStrategyOf({ ...old, dueSoonMinutes: 5 }, before)).toEqual({
      ...before,
      dueSoonMinutes: 5,
    });
    expect(monitorStrategyOf({ ...old, lateEntryMinutes: 15 }, before)).toEqual({
      ...before,
      lateEntryMinutes: 15,
    });
  });
});

describe('screen strategy', () => {
  it('refresh 10-3600 s, items from GLU/KET/UA and not empty, hours 1-72', () => {
    expect(en(screenStrategySchema, DEFAULT_SCREEN_STRATEGY)).toEqual([]);
    expect(en(screenStrategySchema, { ...DEFAULT_SCREEN_STRATEGY, refreshSeconds: 9 })).toEqual([
      { field: 'refreshSeconds', message: 'The refresh interval must be a whole number of 10-3600 seconds' },
    ]);
    expect(zh(screenStrategySchema, { ...DEFAULT_SCREEN_STRATEGY, items: [] })).toEqual([
      { field: 'items', message: '请至少选择一个显示项目' },
    ]);
    expect(en(screenStrategySchema, { ...DEFAULT_SCREEN_STRATEGY, items: ['GLU', 'HBA1C'] })).toEqual([
      { field: 'items.1', message: 'The items must be GLU, KET or UA' },
    ]);
    expect(en(screenStrategySchema, { ...DEFAULT_SCREEN_STRATEGY, items: ['GLU', 'GLU'] })).toEqual([
      { field: 'items.1', message: 'Each item may be chosen only once' },
    ]);
    expect(zh(screenStrategySchema, { ...DEFAULT_SCREEN_STRATEGY, recentHours: 73 })).toEqual([
      { field: 'recentHours', message: '时间范围必须为 1-72 小时的整数' },
    ]);
    expect(en(screenStrategySchema, { ...DEFAULT_SCREEN_STRATEGY, departmentCodes: ['ICU', 'ICU'] })).toEqual(
      [{ field: 'departmentCodes.1', message: 'Each department may be chosen only once' }],
    );
    expect(en(screenStrategySchema, { ...DEFAULT_SCREEN_STRATEGY, maskPatientNames: undefined })).toEqual([
      { field: 'maskPatientNames', message: 'This field is required' },
    ]);
  });
});

describe('TIR', () => {
  const tir = { ...DEFAULT_TIR_BANDS, periods: ['fasting', 'afterBreakfast'] };

  it('accepts the consensus bands', () => {
    expect(en(tirStrategySchema, tir)).toEqual([]);
  });

  it('keeps the low/high rule of tirSettingSchema', () => {
    expect(en(tirStrategySchema, { ...tir, low: null })).toEqual([
      { field: 'low', message: 'Please enter both the low and the high glucose values' },
    ]);
    expect(zh(tirStrategySchema, { ...tir, low: 11 })).toEqual([
      { field: 'low', message: '低值必须小于高值' },
    ]);
    expect(en(tirStrategySchema, { ...tir, periods: [] })).toEqual([
      { field: 'periods', message: 'Please select at least one period to include' },
    ]);
  });

  it('very low below low, very high above high, very low above 0', () => {
    expect(en(tirStrategySchema, { ...tir, veryLow: 3.9 })).toEqual([
      { field: 'veryLow', message: 'The very low glucose value must be below the low value' },
    ]);
    expect(zh(tirStrategySchema, { ...tir, veryHigh: 10 })).toEqual([
      { field: 'veryHigh', message: '极高血糖值必须大于高值' },
    ]);
    expect(en(tirStrategySchema, { ...tir, veryLow: 0 })).toEqual([
      { field: 'veryLow', message: 'The very low glucose value must be greater than 0' },
    ]);
    expect(zh(tirStrategySchema, { ...tir, veryHigh: undefined })).toEqual([
      { field: 'veryHigh', message: '请输入极高血糖值' },
    ]);
    expect(en(tirStrategySchema, { ...tir, periods: ['fasting', 'fasting'] })).toEqual([
      { field: 'periods.1', message: 'Each period may be chosen only once' },
    ]);
  });
});

describe('baseline and virtual ward', () => {
  it('baseline days 1-90, periods optional', () => {
    expect(en(baselineSchema, { days: 7 })).toEqual([]);
    expect(en(baselineSchema, { days: 90, periods: [] })).toEqual([]);
    expect(en(baselineSchema, { days: 0 })).toEqual([
      { field: 'days', message: 'The baseline days must be a whole number from 1 to 90' },
    ]);
    expect(zh(baselineSchema, { days: 91 })).toEqual([
      { field: 'days', message: '基线天数必须为 1 到 90 的整数' },
    ]);
  });

  it('glucose threshold above 0 and at most 33.3; HbA1c 4-20', () => {
    expect(en(virtualWardGluMinSchema, { value: 33.3 })).toEqual([]);
    expect(en(virtualWardGluMinSchema, { value: 0 })).toEqual([
      {
        field: 'value',
        message: 'The glucose threshold must be greater than 0 and at most 33.3 mmol/L (600 mg/dL)',
      },
    ]);
    expect(zh(virtualWardGluMinSchema, { value: 33.4 })[0].message).toBe(
      '血糖阈值必须大于 0 且不超过 33.3 mmol/L（600 mg/dL）',
    );
    expect(en(virtualWardHbA1cMinSchema, { value: 4 })).toEqual([]);
    expect(en(virtualWardHbA1cMinSchema, { value: 20.1 })).toEqual([
      { field: 'value', message: 'The HbA1c threshold must be from 4% to 20%' },
    ]);
    expect(zh(virtualWardHbA1cMinSchema, {})).toEqual([
      { field: 'value', message: '请输入糖化血红蛋白阈值' },
    ]);
  });
});
