import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { localizedIssues } from '../validation';
import {
  basalDailyTotal,
  pumpBasalProfileSchemaFor,
  pumpDownSchemaFor,
  pumpSchema,
  pumpTubeChangeSchemaFor,
  pumpUpSchemaFor,
  pumpWearTime,
} from './pump';

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

describe('up-pump, down-pump, tube change and basal profile', () => {
  const now = () => NOW;
  const stay = { now, admittedAt: '2024-05-20T02:00:00Z', dischargedAt: null };
  const up = { pumpId: 3, patientId: 7, upAt: '2024-06-01T08:00:00+08:00', executorId: 11 };
  const issues = (schema: z.ZodType, data: unknown, lang: 'en-US' | 'zh-CN' = 'en-US') =>
    localizedIssues(schema, data, lang);

  it('up-pump: pump, patient, time before now and within the stay, executor', () => {
    const schema = pumpUpSchemaFor(stay);
    expect(issues(schema, up)).toEqual([]);
    expect(issues(schema, { ...up, responsibleDoctorId: 2, responsibleNurseId: null, note: '' })).toEqual([]);
    expect(issues(schema, {})).toEqual([
      { field: 'pumpId', message: 'Please select the pump' },
      { field: 'patientId', message: 'Please select the patient' },
      { field: 'upAt', message: 'Please select the up-pump time' },
      { field: 'executorId', message: 'Please select the executor' },
    ]);
    expect(issues(schema, { ...up, upAt: '2024-06-01T12:00:00Z' }, 'zh-CN')).toEqual([
      { field: 'upAt', message: '上泵时间必须早于当前时间' },
    ]);
    expect(issues(schema, { ...up, upAt: '2024-05-20T01:59:59Z' })).toEqual([
      { field: 'upAt', message: 'The up-pump time cannot be before the patient’s admission' },
    ]);
    const discharged = pumpUpSchemaFor({ ...stay, dischargedAt: '2024-05-25T00:00:00Z' });
    expect(issues(discharged, up, 'zh-CN')).toEqual([
      { field: 'upAt', message: '上泵时间不能晚于患者出院时间' },
    ]);
    expect(issues(schema, { ...up, extra: 1 })).toHaveLength(1);
  });

  it('down-pump: after the up-pump and not in the future', () => {
    const schema = pumpDownSchemaFor({ now, upAt: '2024-06-01T00:00:00Z' });
    const down = { bindingId: 1, version: 1, downAt: '2024-06-01T10:00:00Z' };
    expect(issues(schema, down)).toEqual([]);
    expect(issues(schema, { ...down, downAt: '2024-06-01T00:00:00Z' })).toEqual([
      { field: 'downAt', message: 'The down-pump time must be after the up-pump time' },
    ]);
    expect(issues(schema, { ...down, downAt: '2024-06-01T12:00:01Z' }, 'zh-CN')).toEqual([
      { field: 'downAt', message: '下泵时间不能晚于当前时间' },
    ]);
    expect(issues(schema, { bindingId: 1 })).toEqual([
      { field: 'version', message: 'The binding version is missing; reload and try again' },
      { field: 'downAt', message: 'Please select the down-pump time' },
    ]);
  });

  it('tube change: after the up-pump, not in the future, not after the down-pump', () => {
    const schema = pumpTubeChangeSchemaFor({
      now,
      upAt: '2024-05-28T00:00:00Z',
      downAt: '2024-05-31T00:00:00Z',
    });
    const change = { bindingId: 1, changedAt: '2024-05-30T00:00:00Z' };
    expect(issues(schema, change)).toEqual([]);
    expect(issues(schema, { ...change, changedAt: '2024-05-27T23:00:00Z' })).toEqual([
      { field: 'changedAt', message: 'The tube change time must be after the up-pump time' },
    ]);
    expect(issues(schema, { ...change, changedAt: '2024-05-27T23:00:00Z' }, 'zh-CN')).toEqual([
      { field: 'changedAt', message: '换管时间必须晚于上泵时间' },
    ]);
    expect(issues(schema, { ...change, changedAt: '2024-05-31T00:00:01Z' })).toEqual([
      { field: 'changedAt', message: 'The tube change time cannot be after the down-pump time' },
    ]);
    expect(issues(schema, { ...change, changedAt: '2024-06-02T00:00:00Z' })).toEqual([
      { field: 'changedAt', message: 'The tube change time cannot be in the future' },
    ]);
  });

  it('basal profile: 1-48 segments from 00:00, rising, rates 0-35 IU/h with at most 3 decimals', () => {
    const schema = pumpBasalProfileSchemaFor({ now, upAt: '2024-05-28T00:00:00Z' });
    const profile = {
      bindingId: 1,
      effectiveAt: '2024-05-29T00:00:00Z',
      segments: [
        { start: '00:00', rate: 0.8 },
        { start: '06:00', rate: 1.125 },
        { start: '22:00', rate: 0 },
      ],
    };
    expect(issues(schema, profile)).toEqual([]);
    expect(issues(schema, { ...profile, segments: [] })).toEqual([
      { field: 'segments', message: 'Please enter at least one segment' },
    ]);
    expect(issues(schema, { ...profile, segments: [{ start: '01:00', rate: 1 }] })).toEqual([
      { field: 'segments.0.start', message: 'The first segment must start at 00:00' },
    ]);
    expect(
      issues(
        schema,
        {
          ...profile,
          segments: [
            { start: '00:00', rate: 1 },
            { start: '00:00', rate: 2 },
          ],
        },
        'zh-CN',
      ),
    ).toEqual([{ field: 'segments.1.start', message: '每个时段的开始时间必须晚于上一个时段' }]);
    expect(issues(schema, { ...profile, segments: [{ start: '00:00', rate: 35.001 }] })).toEqual([
      { field: 'segments.0.rate', message: 'The basal rate must be between 0 and 35 IU/h' },
    ]);
    expect(issues(schema, { ...profile, segments: [{ start: '00:00', rate: 0.1255 }] })).toEqual([
      { field: 'segments.0.rate', message: 'The basal rate can have at most 3 decimals' },
    ]);
    expect(issues(schema, { ...profile, segments: [{ start: '24:00', rate: 1 }] })).toEqual([
      { field: 'segments.0.start', message: 'The start time must be a time of day (HH:mm)' },
    ]);
    const many = Array.from({ length: 49 }, (_, i) => ({
      start: `${String(Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`,
      rate: 1,
    }));
    expect(issues(schema, { ...profile, segments: many.slice(0, 48) })).toEqual([]);
    expect(issues(schema, { ...profile, segments: many })).toEqual([
      { field: 'segments', message: 'A basal profile has at most 48 segments' },
    ]);
    expect(issues(schema, { ...profile, effectiveAt: '2024-05-27T00:00:00Z' })).toEqual([
      { field: 'effectiveAt', message: 'The effective time must be after the up-pump time' },
    ]);
  });

  it('24-hour basal total, worked by hand', () => {
    // 0.8 × 6 h + 1.125 × 16 h + 0 × 2 h = 4.8 + 18 = 22.8
    expect(
      basalDailyTotal([
        { start: '00:00', rate: 0.8 },
        { start: '06:00', rate: 1.125 },
        { start: '22:00', rate: 0 },
      ]),
    ).toBe(22.8);
    // 1 IU/h all day
    expect(basalDailyTotal([{ start: '00:00', rate: 1 }])).toBe(24);
    // 0.1 × 0.5 h + 0.2 × 23.5 h = 0.05 + 4.7 = 4.75 (no binary-fraction drift)
    expect(
      basalDailyTotal([
        { start: '00:00', rate: 0.1 },
        { start: '00:30', rate: 0.2 },
      ]),
    ).toBe(4.75);
    // 0.333 × 24 = 7.992
    expect(basalDailyTotal([{ start: '00:00', rate: 0.333 }])).toBe(7.992);
    expect(basalDailyTotal([])).toBe(0);
  });

  it('wear time in days and hours, worked by hand', () => {
    const at = new Date('2024-06-04T10:30:00Z');
    // 3 days 2 hours 30 minutes → 3 d 2 h (74 h)
    expect(pumpWearTime('2024-06-01T08:00:00Z', null, at)).toEqual({ days: 3, hours: 2, totalHours: 74 });
    // the down-pump ends it: 1 day 23 h 59 min → 1 d 23 h
    expect(pumpWearTime('2024-06-01T08:00:00Z', '2024-06-03T07:59:00Z', at)).toEqual({
      days: 1,
      hours: 23,
      totalHours: 47,
    });
    // zones do not matter: 08:00+08:00 is 00:00Z; to 10:30Z → 10 h
    expect(pumpWearTime('2024-06-04T08:00:00+08:00', null, at)).toEqual({
      days: 0,
      hours: 10,
      totalHours: 10,
    });
    // 59 minutes → 0 h; a clock behind the up-pump → 0
    expect(pumpWearTime('2024-06-04T09:31:00Z', null, at).totalHours).toBe(0);
    expect(pumpWearTime('2024-06-05T00:00:00Z', null, at).totalHours).toBe(0);
  });
});
