import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { localizedIssues } from '../validation';
import {
  adviceFrequencySchema,
  ageBracketSchema,
  crisisValueSchema,
  hospitalInfoSchema,
  hospitalNameSchema,
  serverPortSchema,
  settingCodeMin2Schema,
  settingCodeSchema,
  settingColorSchema,
  settingDictEntrySchema,
  settingDictValueSchema,
  settingNameSchema,
  settingUnitSchema,
  tirSettingSchema,
} from './settings';

const en = (schema: z.ZodType, data: unknown) => localizedIssues(schema, data, 'en-US');
const zh = (schema: z.ZodType, data: unknown) => localizedIssues(schema, data, 'zh-CN');

describe('hospital name and information', () => {
  it('name 2-50 characters, required', () => {
    expect(hospitalNameSchema.safeParse('协和').success).toBe(true);
    expect(hospitalNameSchema.safeParse('H'.repeat(50)).success).toBe(true);
    expect(en(hospitalNameSchema, 'H')).toEqual([
      { field: '', message: 'The hospital name must be 2-50 characters' },
    ]);
    expect(zh(hospitalNameSchema, 'H'.repeat(51))).toEqual([
      { field: '', message: '医院名称长度为 2-50 个字符' },
    ]);
    expect(zh(hospitalNameSchema, undefined)).toEqual([{ field: '', message: '请输入医院名称' }]);
  });

  it('hospital information with an optional port', () => {
    const info = {
      hospitalName: 'Peking Union Medical College Hospital',
      serverAddress: '10.0.0.5',
      hl7Enabled: true,
    };
    expect(en(hospitalInfoSchema, info)).toEqual([]);
    expect(en(hospitalInfoSchema, { ...info, serverPort: 2575 })).toEqual([]);
    expect(en(hospitalInfoSchema, { ...info, serverPort: '25 75', hl7: true })).toEqual([
      { field: 'serverPort', message: 'The server port must be a whole number of 1-6 digits' },
      { field: 'hl7', message: 'Unrecognized key: "hl7"' },
    ]);
  });
});

describe('serverPortSchema', () => {
  it('takes 1-6 digits as text, without coercion', () => {
    expect(serverPortSchema.parse('8')).toBe('8');
    expect(serverPortSchema.parse('999999')).toBe('999999');
    expect(serverPortSchema.parse(' 8080 ')).toBe('8080');
    for (const bad of ['1234567', '1e3', '80.0', '-1', '+80', '0x50', '８０']) {
      expect(en(serverPortSchema, bad), bad).toEqual([
        { field: '', message: 'The server port must be a whole number of 1-6 digits' },
      ]);
    }
    expect(zh(serverPortSchema, '1e3')).toEqual([{ field: '', message: '服务器端口须为 1-6 位整数' }]);
  });

  it('takes an integer 0-999999 as a number and keeps its type', () => {
    expect(serverPortSchema.parse(0)).toBe(0);
    expect(serverPortSchema.parse(999_999)).toBe(999_999);
    expect(serverPortSchema.parse(1e3)).toBe(1000); // a JSON number written 1e3 is still the number 1000
    for (const bad of [1_000_000, -1, 80.5, Number.NaN, true, [80]]) {
      expect(en(serverPortSchema, bad).length, String(bad)).toBe(1);
    }
    expect(en(serverPortSchema, 80.5)).toEqual([
      { field: '', message: 'The server port must be a whole number of 1-6 digits' },
    ]);
  });

  it('is required', () => {
    expect(en(serverPortSchema, '')).toEqual([{ field: '', message: 'Please enter the server port' }]);
    expect(zh(serverPortSchema, undefined)).toEqual([{ field: '', message: '请输入服务器端口' }]);
    expect(en(serverPortSchema, null)).toEqual([{ field: '', message: 'Please enter the server port' }]);
  });

  it('property: text is valid exactly when it is 1-6 ASCII digits', () => {
    fc.assert(
      fc.property(fc.oneof(fc.stringMatching(/^\d{1,9}$/), fc.string({ maxLength: 8 })), (text) => {
        expect(serverPortSchema.safeParse(text).success).toBe(/^\d{1,6}$/.test(text.trim()));
      }),
    );
  });
});

describe('unit, code and name', () => {
  it('unit 1-12', () => {
    expect(settingUnitSchema.safeParse('U').success).toBe(true);
    expect(settingUnitSchema.safeParse('U'.repeat(12)).success).toBe(true);
    expect(en(settingUnitSchema, 'U'.repeat(13))).toEqual([
      { field: '', message: 'The unit must be 1-12 characters' },
    ]);
    expect(zh(settingUnitSchema, '')).toEqual([{ field: '', message: '请输入单位' }]);
  });

  it('code 1-12, and the 2-12 variant', () => {
    expect(settingCodeSchema.safeParse('A').success).toBe(true);
    expect(settingCodeSchema.safeParse('A'.repeat(12)).success).toBe(true);
    expect(en(settingCodeSchema, 'A'.repeat(13))).toEqual([
      { field: '', message: 'The code must be 1-12 characters' },
    ]);
    expect(settingCodeMin2Schema.safeParse('AB').success).toBe(true);
    expect(en(settingCodeMin2Schema, 'A')).toEqual([
      { field: '', message: 'The code must be 2-12 characters' },
    ]);
    expect(zh(settingCodeMin2Schema, 'A'.repeat(13))).toEqual([
      { field: '', message: '编码长度为 2-12 个字符' },
    ]);
  });

  it('name 1-12', () => {
    expect(settingNameSchema.safeParse('早').success).toBe(true);
    expect(settingNameSchema.safeParse('早'.repeat(12)).success).toBe(true);
    expect(zh(settingNameSchema, '早'.repeat(13))).toEqual([
      { field: '', message: '名称长度为 1-12 个字符' },
    ]);
    expect(en(settingNameSchema, '  ')).toEqual([{ field: '', message: 'Please enter the name' }]);
  });
});

describe('crisisValueSchema', () => {
  const crisis = { item: 'GLU', low: 2.8, high: 22.2, lowColor: '#1677FF', highColor: '#ff4d4f' };

  it('low below high, both colours required', () => {
    expect(en(crisisValueSchema, crisis)).toEqual([]);
    expect(en(crisisValueSchema, { ...crisis, low: 22.2 })).toEqual([
      { field: 'low', message: 'The crisis low value must be below the crisis high value' },
    ]);
    expect(zh(crisisValueSchema, { ...crisis, low: 30 })).toEqual([
      { field: 'low', message: '危急低值必须小于危急高值' },
    ]);
    expect(en(crisisValueSchema, { item: 'GLU' })).toEqual([
      { field: 'low', message: 'Please enter the crisis low value' },
      { field: 'high', message: 'Please enter the crisis high value' },
      { field: 'lowColor', message: 'Please choose a color' },
      { field: 'highColor', message: 'Please choose a color' },
    ]);
  });

  it('colours are #RRGGBB', () => {
    expect(settingColorSchema.safeParse('#00aaFF').success).toBe(true);
    for (const bad of ['red', '#fff', '#GGGGGG', '00AAFF', '#00AAFF80']) {
      expect(en(settingColorSchema, bad), bad).toEqual([
        { field: '', message: 'The color must be a hex value such as #FF0000' },
      ]);
    }
    expect(zh(crisisValueSchema, { ...crisis, highColor: 'red' })).toEqual([
      { field: 'highColor', message: '颜色须为 #RRGGBB 格式，如 #FF0000' },
    ]);
  });
});

describe('adviceFrequencySchema', () => {
  it('frequency required', () => {
    expect(en(adviceFrequencySchema, { code: 'TID', name: 'Three times a day', frequency: '3/d' })).toEqual([
      { field: 'name', message: 'The name must be 1-12 characters' },
    ]);
    expect(en(adviceFrequencySchema, { code: 'TID', name: 'TID', frequency: '3/d' })).toEqual([]);
    expect(zh(adviceFrequencySchema, { code: 'TID', name: '每日三次', frequency: '' })).toEqual([
      { field: 'frequency', message: '请输入频次' },
    ]);
  });
});

describe('ageBracketSchema', () => {
  it('min and max required, min not above max', () => {
    expect(en(ageBracketSchema, { minAge: 0, maxAge: 150 })).toEqual([]);
    expect(en(ageBracketSchema, { minAge: 18, maxAge: 18 })).toEqual([]);
    expect(en(ageBracketSchema, { minAge: 19, maxAge: 18 })).toEqual([
      { field: 'minAge', message: 'The minimum age must not be above the maximum age' },
    ]);
    expect(zh(ageBracketSchema, { minAge: 65, maxAge: 18 })).toEqual([
      { field: 'minAge', message: '最小年龄不能大于最大年龄' },
    ]);
    expect(en(ageBracketSchema, {})).toEqual([
      { field: 'minAge', message: 'Please enter the minimum age' },
      { field: 'maxAge', message: 'Please enter the maximum age' },
    ]);
    expect(zh(ageBracketSchema, { minAge: 0, maxAge: null })).toEqual([
      { field: 'maxAge', message: '请输入最大年龄' },
    ]);
  });

  it('ages are whole years 0-150', () => {
    expect(en(ageBracketSchema, { minAge: -1, maxAge: 151 })).toEqual([
      { field: 'minAge', message: 'The age must be a whole number from 0 to 150' },
      { field: 'maxAge', message: 'The age must be a whole number from 0 to 150' },
    ]);
    expect(en(ageBracketSchema, { minAge: 1.5, maxAge: 2 })[0].field).toBe('minAge');
    expect(en(ageBracketSchema, { minAge: '1', maxAge: 2 })[0].message).toMatch(/expected number/);
  });

  it('property: valid exactly when 0 ≤ min ≤ max ≤ 150', () => {
    fc.assert(
      fc.property(fc.integer({ min: -5, max: 160 }), fc.integer({ min: -5, max: 160 }), (minAge, maxAge) => {
        const expected = minAge >= 0 && maxAge <= 150 && minAge <= maxAge;
        expect(ageBracketSchema.safeParse({ minAge, maxAge }).success).toBe(expected);
      }),
    );
  });
});

describe('tirSettingSchema', () => {
  const tir = { low: 3.9, high: 10, periods: ['fasting', 'afterBreakfast'] };

  it('included periods not empty', () => {
    expect(en(tirSettingSchema, tir)).toEqual([]);
    expect(en(tirSettingSchema, { ...tir, periods: ['fasting'] })).toEqual([]);
    expect(en(tirSettingSchema, { ...tir, periods: [] })).toEqual([
      { field: 'periods', message: 'Please select at least one period to include' },
    ]);
    expect(zh(tirSettingSchema, { low: 3.9, high: 10 })).toEqual([
      { field: 'periods', message: '请至少选择一个纳入统计的时段' },
    ]);
  });

  it('low and high as a target range', () => {
    expect(en(tirSettingSchema, { ...tir, high: 3.9 })).toEqual([
      { field: 'low', message: 'The low glucose value must be below the high glucose value' },
    ]);
    expect(en(tirSettingSchema, { ...tir, low: 0 })).toEqual([
      { field: 'low', message: 'The low and high glucose values must be greater than 0' },
    ]);
    expect(zh(tirSettingSchema, { ...tir, high: null })).toEqual([
      { field: 'high', message: '请填写 TIR 的低值和高值' },
    ]);
  });
});

describe('dictionary values', () => {
  it('numeric text or a number', () => {
    for (const ok of ['0', '12', '-3', '0.25', ' 7 ', 12, -0.5]) {
      expect(settingDictValueSchema.safeParse(ok).success, String(ok)).toBe(true);
    }
    for (const bad of ['abc', '1e3', '.5', '5.', '1,000', '0x10']) {
      expect(en(settingDictValueSchema, bad), bad).toEqual([
        { field: '', message: 'The parameter value must be a number' },
      ]);
    }
    expect(zh(settingDictValueSchema, 'abc')).toEqual([{ field: '', message: '参数值必须为数字' }]);
    expect(en(settingDictValueSchema, '')).toEqual([
      { field: '', message: 'Please enter the parameter value' },
    ]);
    expect(en(settingDictValueSchema, true)).toEqual([
      { field: '', message: 'The parameter value must be a number' },
    ]);
  });

  it('a dictionary entry needs a key', () => {
    expect(en(settingDictEntrySchema, { key: 'sampleVolume', value: '0.6' })).toEqual([]);
    expect(zh(settingDictEntrySchema, { key: '', value: 'x' })).toEqual([
      { field: 'key', message: '请输入参数名' },
      { field: 'value', message: '参数值必须为数字' },
    ]);
  });

  it('property: any finite decimal written plainly is accepted', () => {
    fc.assert(
      fc.property(fc.integer(), fc.nat({ max: 9999 }), (whole, fraction) => {
        expect(settingDictValueSchema.safeParse(`${whole}.${fraction}`).success).toBe(true);
        expect(settingDictValueSchema.safeParse(String(whole)).success).toBe(true);
      }),
    );
  });
});
