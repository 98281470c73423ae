import { describe, expect, it } from 'vitest';
import type { ClassificationSettings } from '../clinical/classification';
import { localizedIssues } from '../validation';
import {
  ageBracketCreateSchema,
  ageCrisisCreateSchema,
  crisisGradeSaveSchema,
  crisisSettingSaveSchema,
  departmentCrisisSaveSchema,
  effectiveLimitIssues,
} from './crisis';

const red = '#FF0000';
const base = {
  category: 'GLU',
  criticalLow: 2.8,
  criticalHigh: 22.2,
  criticalLowColor: red,
  criticalHighColor: red,
};
const problems = (
  schema: Parameters<typeof localizedIssues>[0],
  body: unknown,
  lang: 'en-US' | 'zh-CN' = 'en-US',
) => localizedIssues(schema, body, lang);

describe('crisisSettingSaveSchema', () => {
  it('accepts an item rule, a period rule and an update', () => {
    expect(problems(crisisSettingSaveSchema, base)).toEqual([]);
    expect(
      problems(crisisSettingSaveSchema, { ...base, low: 3.9, high: 10, lowColor: null, grade: 'I' }),
    ).toEqual([]);
    expect(problems(crisisSettingSaveSchema, { ...base, periodCode: 'fasting', id: 3, version: 2 })).toEqual(
      [],
    );
    expect(
      problems(crisisSettingSaveSchema, {
        category: 'KET',
        criticalHigh: 3,
        criticalHighColor: red,
        high: 0.6,
      }),
    ).toEqual([]);
  });

  it.each([
    [{ ...base, category: undefined }, 'category', 'Please choose the item', '请选择项目'],
    [
      { ...base, category: 'HbA1c' },
      'category',
      'The item must be GLU, KET or UA',
      '项目须为 GLU、KET 或 UA',
    ],
    [
      { category: 'GLU', low: null, criticalLow: null },
      'criticalLow',
      'Enter at least one limit',
      '请至少填写一个界值',
    ],
    [
      { ...base, criticalLow: 0 },
      'criticalLow',
      'The value must be greater than 0 and at most 9999',
      '数值须大于 0 且不超过 9999',
    ],
    [
      { ...base, criticalHigh: 10000 },
      'criticalHigh',
      'The value must be greater than 0 and at most 9999',
      '数值须大于 0 且不超过 9999',
    ],
    [{ ...base, criticalLowColor: '' }, 'criticalLowColor', 'Please choose a color', '请选择颜色'],
    [{ ...base, criticalHighColor: null }, 'criticalHighColor', 'Please choose a color', '请选择颜色'],
    [
      { ...base, lowColor: 'red' },
      'lowColor',
      'The color must be a hex value such as #FF0000',
      '颜色须为 #RRGGBB 格式，如 #FF0000',
    ],
    [
      { ...base, criticalLow: 22.2 },
      'criticalLow',
      'The crisis low value must be below the crisis high value',
      '危急低值必须小于危急高值',
    ],
    [
      { ...base, low: 10, high: 3.9 },
      'low',
      'The low limit must be below the high limit',
      '偏低界值必须低于偏高界值',
    ],
    [
      { ...base, low: 2.8 },
      'criticalLow',
      'The critical low must be below the low limit',
      '危急低值必须低于偏低界值',
    ],
    [
      { ...base, high: 22.2 },
      'criticalHigh',
      'The critical high must be above the high limit',
      '危急高值必须高于偏高界值',
    ],
    [
      { ...base, periodCode: 'fasting', low: 4.4 },
      'low',
      'The normal range of a period is set on the glucose period',
      '时段的正常范围在血糖时段中设置',
    ],
    [
      { ...base, category: 'KET', periodCode: 'fasting' },
      'periodCode',
      'Periods apply to blood glucose only',
      '时段仅适用于血糖',
    ],
    [
      { ...base, id: 4 },
      'version',
      'Send the version of the record being changed',
      '请提供所修改记录的版本号',
    ],
    [
      { ...base, version: 1 },
      'id',
      'A version is only sent with the id of the record being changed',
      '只有修改记录时才提供版本号，且须同时提供记录 id',
    ],
  ])('refuses %j on %s in both languages', (body, field, en, zh) => {
    expect(problems(crisisSettingSaveSchema, body)).toEqual([{ field, message: en }]);
    expect(problems(crisisSettingSaveSchema, body, 'zh-CN')).toEqual([{ field, message: zh }]);
  });

  it('refuses unknown fields and strings for numbers', () => {
    expect(problems(crisisSettingSaveSchema, { ...base, tenantId: '202' })[0].field).toBe('tenantId');
    expect(problems(crisisSettingSaveSchema, { ...base, criticalLow: '2.8' })[0].field).toBe('criticalLow');
  });
});

describe('department and age bodies', () => {
  it('needs a department, and an age bracket for age settings', () => {
    expect(problems(departmentCrisisSaveSchema, { ...base, departmentCode: 'ICU', low: 4.4 })).toEqual([]);
    expect(problems(departmentCrisisSaveSchema, base)).toEqual([
      { field: 'departmentCode', message: 'Please choose the department' },
    ]);
    expect(problems(ageCrisisCreateSchema, { ...base, departmentCode: 'ENDO' })).toEqual([
      { field: 'ageBracketId', message: 'Please choose the age bracket' },
    ]);
    expect(
      problems(ageCrisisCreateSchema, { ...base, departmentCode: 'ENDO', ageBracketId: 2, id: 1 }),
    ).toEqual([{ field: 'id', message: expect.any(String) }]);
  });
});

describe('grades and brackets', () => {
  const grade = { grade: 'I', nameZh: '一级', nameEn: 'Grade I', color: red };
  it('checks a grade', () => {
    expect(problems(crisisGradeSaveSchema, grade)).toEqual([]);
    expect(problems(crisisGradeSaveSchema, { ...grade, grade: 'G'.repeat(13) })).toEqual([
      { field: 'grade', message: 'The code must be 1-12 characters' },
    ]);
    expect(problems(crisisGradeSaveSchema, { ...grade, nameEn: '' })).toEqual([
      { field: 'nameEn', message: 'Please enter the name' },
    ]);
    expect(problems(crisisGradeSaveSchema, { ...grade, color: '' })).toEqual([
      { field: 'color', message: 'Please choose a color' },
    ]);
  });

  it('keeps the §5 age rule on brackets and needs a name', () => {
    expect(problems(ageBracketCreateSchema, { name: 'Adults', minAge: 18, maxAge: 64 })).toEqual([]);
    expect(problems(ageBracketCreateSchema, { name: 'Odd', minAge: 65, maxAge: 18 })).toEqual([
      { field: 'minAge', message: 'The minimum age must not be above the maximum age' },
    ]);
    expect(problems(ageBracketCreateSchema, { minAge: 1, maxAge: 2 })).toEqual([
      { field: 'name', message: 'Please enter the name' },
    ]);
    expect(problems(ageBracketCreateSchema, { name: 'x', minAge: 1, maxAge: 2, id: 1 })[0].field).toBe('id');
  });
});

describe('effectiveLimitIssues', () => {
  const settings = (partial: Partial<ClassificationSettings>): ClassificationSettings => ({
    items: [],
    periods: [],
    departments: [],
    departmentAges: [],
    ...partial,
  });

  it('passes the demo settings', () => {
    const demo = settings({
      items: [{ item: 'GLU', criticalLow: 2.8, criticalHigh: 22.2 }],
      periods: [
        { item: 'GLU', periodCode: 'fasting', low: 4.4, high: 7.0 },
        { item: 'GLU', periodCode: 'afterBreakfast', low: 4.4, high: 10.0 },
      ],
      departments: [{ item: 'GLU', departmentCode: 'ICU', criticalLow: 3.9 }],
      departmentAges: [{ item: 'GLU', departmentCode: 'ENDO', minAge: 65, maxAge: 150, criticalLow: 3.9 }],
    });
    expect(effectiveLimitIssues(demo, ['fasting', 'afterBreakfast'])).toEqual([]);
  });

  it('finds an item critical value inside a period range, once per period', () => {
    const bad = settings({
      items: [{ item: 'GLU', criticalLow: 4.5, criticalHigh: 22.2 }],
      periods: [
        { item: 'GLU', periodCode: 'fasting', low: 4.4, high: 7.0 },
        { item: 'GLU', periodCode: 'bedtime', low: 5.0, high: 8.0 },
      ],
    });
    expect(effectiveLimitIssues(bad, ['fasting', 'bedtime'])).toEqual([
      {
        code: 'settings.classification.criticalLowOrder',
        item: 'GLU',
        periodCode: 'fasting',
        departmentCode: null,
        minAge: null,
        maxAge: null,
        field: 'criticalLow',
        levels: ['item', 'period'],
      },
    ]);
  });

  it('names the department and the bracket whose rule meets a wrong limit', () => {
    const bad = settings({
      items: [{ item: 'GLU', low: 3.9, high: 10, criticalLow: 2.8, criticalHigh: 22.2 }],
      departmentAges: [{ item: 'GLU', departmentCode: 'ENDO', minAge: 65, maxAge: 150, criticalHigh: 9 }],
    });
    expect(effectiveLimitIssues(bad, [])).toEqual([
      expect.objectContaining({
        code: 'settings.classification.criticalHighOrder',
        departmentCode: 'ENDO',
        minAge: 65,
        maxAge: 150,
        field: 'criticalHigh',
      }),
    ]);
  });
});
