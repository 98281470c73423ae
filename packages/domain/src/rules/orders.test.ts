import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ORDER_TYPES } from '../constants';
import { localizedIssues } from '../validation';
import {
  medicationOrderSchema,
  orderNameSchema,
  orderTemplateNameSchema,
  orderTemplateSchema,
  orderTypeSchema,
} from './orders';

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
