import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ORDER_TYPES } from '../constants';
import { localizedIssues } from '../validation';
import {
  medicalOrderSchema,
  medicationOrderSchema,
  orderNameSchema,
  orderTemplateNameSchema,
  orderTemplateSchema,
  orderTypeSchema,
} from './orders';

const order = { name: 'Insulin glargine', type: 'longTerm', templateId: 3, content: ['10 U at 22:00'] };
const medication = {
  name: 'Oral hypoglycaemics',
  period: 'afterBreakfast',
  drugs: [
    { drugCode: 'MET500', quantity: 1 },
    { drugCode: 'ACA50', quantity: 0.5 },
  ],
};

const en = (schema: z.ZodType, data: unknown) => localizedIssues(schema, data, 'en-US');
const zh = (schema: z.ZodType, data: unknown) => localizedIssues(schema, data, 'zh-CN');

describe('order name and template name', () => {
  it('order name: required, 2-40 characters', () => {
    expect(orderNameSchema.safeParse('ab').success).toBe(true);
    expect(orderNameSchema.safeParse('a'.repeat(40)).success).toBe(true);
    expect(en(orderNameSchema, 'a')).toEqual([
      { field: '', message: 'The order name must be 2-40 characters' },
    ]);
    expect(zh(orderNameSchema, 'a'.repeat(41))).toEqual([
      { field: '', message: '医嘱名称长度为 2-40 个字符' },
    ]);
    expect(en(orderNameSchema, ' ')).toEqual([{ field: '', message: 'Please enter the order name' }]);
  });

  it('template name: required, 3-40 characters', () => {
    expect(orderTemplateNameSchema.safeParse('abc').success).toBe(true);
    expect(orderTemplateNameSchema.safeParse('模'.repeat(40)).success).toBe(true);
    expect(en(orderTemplateNameSchema, 'ab')).toEqual([
      { field: '', message: 'The template name must be 3-40 characters' },
    ]);
    expect(zh(orderTemplateNameSchema, 'a'.repeat(41))).toEqual([
      { field: '', message: '模板名称长度为 3-40 个字符' },
    ]);
    expect(zh(orderTemplateNameSchema, undefined)).toEqual([{ field: '', message: '请输入模板名称' }]);
  });

  it('property: order names are valid exactly at 2-40 characters', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z]{1,60}$/), (name) => {
        expect(orderNameSchema.safeParse(name).success).toBe(name.length >= 2 && name.length <= 40);
      }),
    );
  });
});

describe('order type', () => {
  it('is one of ORDER_TYPES', () => {
    expect(orderTypeSchema.options).toEqual([...ORDER_TYPES]);
    for (const type of ORDER_TYPES) expect(orderTypeSchema.safeParse(type).success).toBe(true);
    expect(en(orderTypeSchema, 'once')).toEqual([
      { field: '', message: 'The order type must be 24-hour, long-term or temporary' },
    ]);
    expect(zh(orderTypeSchema, '')).toEqual([{ field: '', message: '请选择医嘱类型' }]);
  });
});

describe('medicalOrderSchema', () => {
  it('accepts a long-term order without a test time', () => {
    expect(en(medicalOrderSchema, order)).toEqual([]);
    expect(en(medicalOrderSchema, { ...order, type: '24h', startTime: '2024-06-01T08:00:00+08:00' })).toEqual(
      [],
    );
  });

  it('needs a template and at least one content item', () => {
    expect(en(medicalOrderSchema, { ...order, templateId: undefined, content: [] })).toEqual([
      { field: 'templateId', message: 'Please choose a template' },
      { field: 'content', message: 'Please add at least one content item' },
    ]);
    expect(zh(medicalOrderSchema, { ...order, templateId: 0, content: undefined })).toEqual([
      { field: 'templateId', message: '请选择医嘱模板' },
      { field: 'content', message: '请至少填写一项医嘱内容' },
    ]);
    expect(en(medicalOrderSchema, { ...order, content: ['ok', '  '] })).toEqual([
      { field: 'content.1', message: 'Please enter the content of this item' },
    ]);
    expect(en(medicalOrderSchema, { ...order, templateId: 1 })).toEqual([]);
    expect(en(medicalOrderSchema, { ...order, templateId: 2.5 })[0].field).toBe('templateId');
  });

  it('a temporary order needs a test time in ISO date-time format', () => {
    const temporary = { ...order, type: 'temporary' };
    expect(en(medicalOrderSchema, temporary)).toEqual([
      { field: 'testTime', message: 'A temporary order needs a test time' },
    ]);
    expect(zh(medicalOrderSchema, { ...temporary, testTime: '' })).toEqual([
      { field: 'testTime', message: '临时医嘱须填写检测时间' },
    ]);
    expect(en(medicalOrderSchema, { ...temporary, testTime: '2024-06-01T06:30:00Z' })).toEqual([]);
    expect(en(medicalOrderSchema, { ...temporary, testTime: '2024-06-01T06:30:00.000+08:00' })).toEqual([]);
    for (const bad of ['2024-06-01 06:30', '2024-06-01T06:30:00', '2024-06-31T06:30:00Z', 'tomorrow']) {
      expect(en(medicalOrderSchema, { ...temporary, testTime: bad }), bad).toEqual([
        { field: 'testTime', message: 'Please enter a valid date and time' },
      ]);
    }
  });

  it('reports the missing test time beside other problems', () => {
    expect(en(medicalOrderSchema, { ...order, name: 'x', type: 'temporary' })).toEqual([
      { field: 'name', message: 'The order name must be 2-40 characters' },
      { field: 'testTime', message: 'A temporary order needs a test time' },
    ]);
  });

  it('refuses unknown fields and wrong types', () => {
    expect(en(medicalOrderSchema, { ...order, urgent: true }).map((issue) => issue.field)).toEqual([
      'urgent',
    ]);
    expect(en(medicalOrderSchema, { ...order, templateId: '3' })[0].message).toMatch(/expected number/);
  });
});

describe('orderTemplateSchema', () => {
  it('name 3-40, a type and at least one content item', () => {
    expect(en(orderTemplateSchema, { name: 'Basal', type: 'longTerm', content: ['Glargine 10 U'] })).toEqual(
      [],
    );
    expect(en(orderTemplateSchema, { name: 'Ba', type: 'x', content: [] })).toEqual([
      { field: 'name', message: 'The template name must be 3-40 characters' },
      { field: 'type', message: 'The order type must be 24-hour, long-term or temporary' },
      { field: 'content', message: 'Please add at least one content item' },
    ]);
  });
});

describe('medicationOrderSchema', () => {
  it('accepts drugs with quantities for a period', () => {
    expect(en(medicationOrderSchema, medication)).toEqual([]);
  });

  it('requires the period, at least one drug and each quantity', () => {
    expect(en(medicationOrderSchema, { ...medication, period: '', drugs: [] })).toEqual([
      { field: 'period', message: 'Please select the medication period' },
      { field: 'drugs', message: 'Please add at least one drug' },
    ]);
    expect(zh(medicationOrderSchema, { ...medication, drugs: [{ drugCode: 'MET500' }] })).toEqual([
      { field: 'drugs.0.quantity', message: '请输入数量' },
    ]);
    expect(
      en(medicationOrderSchema, { ...medication, drugs: [{ drugCode: 'MET500', quantity: 0 }] }),
    ).toEqual([{ field: 'drugs.0.quantity', message: 'The quantity must be greater than 0' }]);
    expect(en(medicationOrderSchema, { ...medication, drugs: [{ drugCode: '', quantity: 1 }] })).toEqual([
      { field: 'drugs.0.drugCode', message: 'Please select the drug' },
    ]);
  });

  it('flags every repeat of a drug on its code', () => {
    const drugs = [
      { drugCode: 'MET500', quantity: 1 },
      { drugCode: 'ACA50', quantity: 1 },
      { drugCode: 'MET500', quantity: 2 },
      { drugCode: ' MET500 ', quantity: 1 },
    ];
    expect(en(medicationOrderSchema, { ...medication, drugs })).toEqual([
      { field: 'drugs.2.drugCode', message: 'This drug is already in the order' },
      { field: 'drugs.3.drugCode', message: 'This drug is already in the order' },
    ]);
    expect(zh(medicationOrderSchema, { ...medication, drugs: drugs.slice(0, 3) })).toEqual([
      { field: 'drugs.2.drugCode', message: '该药品已在医嘱中，请勿重复添加' },
    ]);
  });

  it('property: one duplicate message per repeated drug', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('A1', 'B2', 'C3', 'D4'), { minLength: 1, maxLength: 8 }),
        (codes) => {
          const drugs = codes.map((drugCode) => ({ drugCode, quantity: 1 }));
          const issues = en(medicationOrderSchema, { ...medication, drugs });
          expect(issues.length).toBe(codes.length - new Set(codes).size);
          for (const issue of issues) {
            const index = Number(issue.field.split('.')[1]);
            expect(codes.indexOf(codes[index])).toBeLessThan(index);
          }
        },
      ),
    );
  });
});
