import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { localizedIssues } from '../validation';
import {
  adviceOptionsQuerySchema,
  duplicateDrugRows,
  medicationOrderCreateSchema,
  medicationOrderCreateSchemaFor,
  medicationOrderQuerySchema,
  medicationOrderStopSchema,
  medicationReasonSchema,
} from './entry';

const order = {
  patientId: 7,
  name: 'Insulin aspart before meals',
  orderType: 'longTerm',
  drugs: [
    { drugId: 3, quantity: 6 },
    { drugId: 5, quantity: 0.5 },
  ],
  period: 'breakfast',
  quantity: 14,
  startTime: '2026-03-01T07:00:00+08:00',
};

const en = (schema: z.ZodType, data: unknown) => localizedIssues(schema, data, 'en-US');
const zh = (schema: z.ZodType, data: unknown) => localizedIssues(schema, data, 'zh-CN');

describe('medication order entry', () => {
  it('accepts a whole order and keeps the quantities exact', () => {
    expect(en(medicationOrderCreateSchema, order)).toEqual([]);
    const parsed = medicationOrderCreateSchema.parse({ ...order, drugs: [{ drugId: 3, quantity: 0.01 }] });
    expect(parsed.drugs[0]!.quantity).toBe(0.01);
  });

  it('requires name, drugs, period, quantity, type and start time, in both languages', () => {
    const empty = { patientId: 7 };
    expect(en(medicationOrderCreateSchema, empty)).toEqual([
      { field: 'name', message: 'Please enter the order name' },
      { field: 'orderType', message: 'Please select the order type' },
      { field: 'drugs', message: 'Please add at least one drug' },
      { field: 'period', message: 'Please select the medication period' },
      { field: 'quantity', message: 'Please enter the number of administrations' },
      { field: 'startTime', message: 'Please enter the start time' },
    ]);
    expect(zh(medicationOrderCreateSchema, { ...order, drugs: [], period: ' ', quantity: null })).toEqual([
      { field: 'drugs', message: '请至少添加一种药品' },
      { field: 'period', message: '请选择用药时段' },
      { field: 'quantity', message: '请输入执行次数' },
    ]);
  });

  it('name 2-40 characters', () => {
    expect(en(medicationOrderCreateSchema, { ...order, name: 'a' })).toEqual([
      { field: 'name', message: 'The order name must be 2-40 characters' },
    ]);
    expect(en(medicationOrderCreateSchema, { ...order, name: 'a'.repeat(40) })).toEqual([]);
    expect(zh(medicationOrderCreateSchema, { ...order, name: 'a'.repeat(41) })).toEqual([
      { field: 'name', message: '医嘱名称长度为 2-40 个字符' },
    ]);
  });

  it('refuses a drug twice, flagged on the repeated row', () => {
    const drugs = [
      { drugId: 3, quantity: 6 },
      { drugId: 4, quantity: 1 },
      { drugId: 3, quantity: 8 },
    ];
    expect(en(medicationOrderCreateSchema, { ...order, drugs })).toEqual([
      { field: 'drugs.2.drugId', message: 'A drug may be ordered only once' },
    ]);
    expect(zh(medicationOrderCreateSchema, { ...order, drugs })).toEqual([
      { field: 'drugs.2.drugId', message: '同一药品不能重复开立' },
    ]);
    // told at once, while a row is still incomplete
    expect(
      en(medicationOrderCreateSchema, { ...order, drugs: [{ drugId: 3, quantity: 6 }, { drugId: 3 }] }),
    ).toEqual([
      { field: 'drugs.1.quantity', message: 'Please enter the quantity' },
      { field: 'drugs.1.drugId', message: 'A drug may be ordered only once' },
    ]);
    expect(duplicateDrugRows([{ drugId: 1 }, { drugId: null }, { drugId: 1 }, { drugId: 1 }])).toEqual([
      2, 3,
    ]);
  });

  it('each drug quantity > 0 with at most 2 decimals', () => {
    const withQuantity = (quantity: unknown) => ({ ...order, drugs: [{ drugId: 3, quantity }] });
    expect(en(medicationOrderCreateSchema, withQuantity(0))).toEqual([
      { field: 'drugs.0.quantity', message: 'The quantity must be greater than 0' },
    ]);
    expect(zh(medicationOrderCreateSchema, withQuantity(1.005))).toEqual([
      { field: 'drugs.0.quantity', message: '数量最多保留 2 位小数' },
    ]);
    expect(en(medicationOrderCreateSchema, withQuantity(10_000.01))).toEqual([
      { field: 'drugs.0.quantity', message: 'The quantity may be at most 10000' },
    ]);
    expect(en(medicationOrderCreateSchema, withQuantity(null))).toEqual([
      { field: 'drugs.0.quantity', message: 'Please enter the quantity' },
    ]);
    expect(en(medicationOrderCreateSchema, { ...order, drugs: [{ quantity: 1 }] })).toEqual([
      { field: 'drugs.0.drugId', message: 'Please select the drug' },
    ]);
  });

  it('the order quantity is a whole number of administrations ≥ 1', () => {
    for (const quantity of [0, 1.5, -2]) {
      expect(en(medicationOrderCreateSchema, { ...order, quantity })).toEqual([
        {
          field: 'quantity',
          message: 'The number of administrations must be a whole number of at least 1',
        },
      ]);
    }
    expect(zh(medicationOrderCreateSchema, { ...order, quantity: 1461 })).toEqual([
      { field: 'quantity', message: '一条医嘱最多 1460 次' },
    ]);
    expect(en(medicationOrderCreateSchema, { ...order, quantity: 1 })).toEqual([]);
  });

  it('order type, start time, the hospital periods', () => {
    expect(en(medicationOrderCreateSchema, { ...order, orderType: 'weekly' })).toEqual([
      { field: 'orderType', message: 'The order type must be 24-hour, long-term or temporary' },
    ]);
    expect(en(medicationOrderCreateSchema, { ...order, startTime: '2026-03-01 07:00' })).toEqual([
      { field: 'startTime', message: 'Please enter a valid date and time' },
    ]);
    const schema = medicationOrderCreateSchemaFor({ periods: ['breakfast', 'lunch'] });
    expect(en(schema, order)).toEqual([]);
    expect(zh(schema, { ...order, period: 'brunch' })).toEqual([
      { field: 'period', message: '胰岛素时段不存在或已停用' },
    ]);
  });

  it('stop and delete need a version and a reason of 2-200 characters', () => {
    expect(en(medicationOrderStopSchema, { id: 1, version: 1, reason: 'Glucose in target' })).toEqual([]);
    expect(en(medicationOrderStopSchema, { id: 1, version: 1 })).toEqual([
      { field: 'reason', message: 'Please give the reason' },
    ]);
    expect(zh(medicationOrderStopSchema, { id: 1, reason: 'x' })).toEqual([
      { field: 'version', message: '缺少医嘱版本，请刷新后重试' },
      { field: 'reason', message: '原因长度为 2-200 个字符' },
    ]);
    expect(en(medicationReasonSchema, 'r'.repeat(201))).toEqual([
      { field: '', message: 'The reason must be 2-200 characters' },
    ]);
  });

  it('list query and options query', () => {
    expect(medicationOrderQuerySchema.parse({ patientId: '12', status: 'active' })).toMatchObject({
      patientId: 12,
      status: 'active',
      page: 1,
      size: 20,
    });
    expect(en(medicationOrderQuerySchema, { beginDate: '2026-03-02', endDate: '2026-03-01' })).toHaveLength(
      1,
    );
    expect(en(medicationOrderQuerySchema, { status: 'paused' })).toEqual([
      { field: 'status', message: 'The status must be active or stopped' },
    ]);
    expect(zh(adviceOptionsQuerySchema, { adviceType: 'diet' })).toEqual([
      { field: 'adviceType', message: '医嘱类型只能是用药或监测' },
    ]);
  });
});
