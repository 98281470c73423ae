import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { localizedIssues } from '../validation';
import { pumpSchema } from './pump';

const NOW = new Date('2024-06-01T12:00:00Z');
const schema = pumpSchema(NOW);
const pump = {
  serialNumber: 'MT-722-0042',
  manufacturer: 'Medtronic',
  departmentCode: 'ENDO',
  executor: 'nurse.wang',
  upPumpTime: '2024-06-01T08:00:00Z',
};

const en = (data: unknown) => localizedIssues(schema, data, 'en-US');
const zh = (data: unknown) => localizedIssues(schema, data, 'zh-CN');

describe('pumpSchema', () => {
  it('accepts an up-pump form', () => {
    expect(en(pump)).toEqual([]);
    expect(
      en({ ...pump, tubeChangeTime: '2024-06-04T08:00:00Z', responsibleDoctor: 'dr.li', type: 'MiniMed' }),
    ).toEqual([]);
  });

  it('requires serial number, manufacturer, department, executor and up-pump time', () => {
    expect(en({})).toEqual([
      { field: 'serialNumber', message: 'Please enter the pump serial number' },
      { field: 'manufacturer', message: 'Please select the manufacturer' },
      { field: 'departmentCode', message: 'Please select the department' },
      { field: 'executor', message: 'Please select the executor' },
      { field: 'upPumpTime', message: 'Please select the up-pump time' },
    ]);
    expect(zh({ ...pump, serialNumber: ' ', executor: null })).toEqual([
      { field: 'serialNumber', message: '请输入胰岛素泵序列号' },
      { field: 'executor', message: '请选择执行人' },
    ]);
  });

  it('up-pump time strictly before now', () => {
    expect(en({ ...pump, upPumpTime: '2024-06-01T11:59:59.999Z' })).toEqual([]);
    expect(en({ ...pump, upPumpTime: '2024-06-01T12:00:00Z' })).toEqual([
      { field: 'upPumpTime', message: 'The up-pump time must be before now' },
    ]);
    expect(zh({ ...pump, upPumpTime: '2024-06-01T20:00:00+08:00' })).toEqual([
      { field: 'upPumpTime', message: '上泵时间必须早于当前时间' },
    ]);
    expect(en({ ...pump, upPumpTime: '2024-06-01 08:00' })).toEqual([
      { field: 'upPumpTime', message: 'The up-pump time must be a valid date and time' },
    ]);
  });

  it('tube change time strictly after the up-pump time', () => {
    expect(en({ ...pump, tubeChangeTime: '2024-06-01T08:00:01Z' })).toEqual([]);
    expect(en({ ...pump, tubeChangeTime: '' })).toEqual([]);
    expect(en({ ...pump, tubeChangeTime: '2024-06-01T08:00:00Z' })).toEqual([
      { field: 'tubeChangeTime', message: 'The tube change time must be after the up-pump time' },
    ]);
    expect(zh({ ...pump, tubeChangeTime: '2024-06-01T15:59:00+08:00' })).toEqual([
      { field: 'tubeChangeTime', message: '换管时间必须晚于上泵时间' },
    ]);
    expect(en({ ...pump, tubeChangeTime: 'next week' })).toEqual([
      { field: 'tubeChangeTime', message: 'The tube change time must be a valid date and time' },
    ]);
  });

  it('each factory call checks against its own now', () => {
    const later = pumpSchema(new Date('2024-06-02T00:00:00Z'));
    expect(later.safeParse({ ...pump, upPumpTime: '2024-06-01T12:00:00Z' }).success).toBe(true);
  });

  it('refuses unknown fields and converts to JSON Schema', () => {
    expect(en({ ...pump, battery: 80 }).map((issue) => issue.field)).toEqual(['battery']);
    expect(() => z.toJSONSchema(schema, { io: 'input' })).not.toThrow();
  });

  it('property: valid exactly when up < now and (no tube change or tube change > up)', () => {
    const minute = 60_000;
    fc.assert(
      fc.property(
        fc.integer({ min: -3000, max: 100 }),
        fc.option(fc.integer({ min: -3000, max: 3000 }), { nil: undefined }),
        (upOffset, tubeOffset) => {
          const up = NOW.getTime() + upOffset * minute;
          const data = {
            ...pump,
            upPumpTime: new Date(up).toISOString(),
            tubeChangeTime:
              tubeOffset === undefined ? undefined : new Date(up + tubeOffset * minute).toISOString(),
          };
          const expected = upOffset < 0 && (tubeOffset === undefined || tubeOffset > 0);
          expect(schema.safeParse(data).success).toBe(expected);
        },
      ),
    );
  });
});
