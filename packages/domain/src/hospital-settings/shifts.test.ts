import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { handoverQuerySchema } from '../tasks/handover';
import { localizedIssues } from '../validation';
import { DEFAULT_SHIFT_SETTING, DEFAULT_SHIFTS, shiftAt, shiftInterval, shiftSettingSchema } from './shifts';

const en = (schema: z.ZodType, data: unknown) => localizedIssues(schema, data, 'en-US');
const zh = (schema: z.ZodType, data: unknown) => localizedIssues(schema, data, 'zh-CN');
const SH = 'Asia/Shanghai';
const sh = (wallClock: string) => new Date(`${wallClock}:00+08:00`);

const twoShifts = [
  { code: 'D', nameZh: '白班', nameEn: 'Day', startTime: '08:00', endTime: '20:00' },
  { code: 'N', nameZh: '夜班', nameEn: 'Night', startTime: '20:00', endTime: '08:00' },
];

describe('shift setting', () => {
  it('accepts the default three shifts and a two-shift day running past midnight', () => {
    expect(en(shiftSettingSchema, DEFAULT_SHIFT_SETTING)).toEqual([]);
    expect(en(shiftSettingSchema, { shifts: twoShifts })).toEqual([]);
    expect(
      en(shiftSettingSchema, { shifts: [{ ...twoShifts[0], startTime: '00:00', endTime: '24:00' }] }),
    ).toEqual([]);
    expect(DEFAULT_SHIFTS.map((shift) => `${shift.nameZh} ${shift.startTime}-${shift.endTime}`)).toEqual([
      '白班 08:00-16:00',
      '小夜班 16:00-24:00',
      '大夜班 00:00-08:00',
    ]);
  });

  it('names a gap in the day, in both languages', () => {
    const shifts = [twoShifts[0], { ...twoShifts[1], startTime: '21:00' }];
    expect(en(shiftSettingSchema, { shifts })).toEqual([
      { field: 'shifts', message: 'The shifts must cover the whole day: 20:00-21:00 belongs to no shift' },
    ]);
    expect(zh(shiftSettingSchema, { shifts })).toEqual([
      { field: 'shifts', message: '班次须覆盖全天：20:00-21:00 不属于任何班次' },
    ]);
  });

  it('names an overlap on the later shift, with the other shift and the times', () => {
    const shifts = [twoShifts[0], { ...twoShifts[1], startTime: '19:00' }];
    expect(en(shiftSettingSchema, { shifts })).toEqual([
      { field: 'shifts.1.startTime', message: 'This shift overlaps shift D from 19:00 to 20:00' },
    ]);
    // past midnight: the night shift ending at 09:00 runs into the day shift
    const late = [twoShifts[0], { ...twoShifts[1], endTime: '09:00' }];
    expect(zh(shiftSettingSchema, { shifts: late })).toEqual([
      { field: 'shifts.1.startTime', message: '该班次与班次 D 在 08:00-09:00 重叠' },
    ]);
  });

  it('checks each shift: code, names, times, start differing from end', () => {
    const bad = { code: 'a b', nameZh: '', nameEn: 'Day', startTime: '8:00', endTime: '25:00' };
    expect(en(shiftSettingSchema, { shifts: [bad] })).toEqual([
      { field: 'shifts.0.code', message: 'The code may use letters, digits and _ only' },
      { field: 'shifts.0.nameZh', message: 'Please enter the name' },
      { field: 'shifts.0.startTime', message: 'Enter the start time as HH:mm (00:00-23:59)' },
      {
        field: 'shifts.0.endTime',
        message: 'Enter the end time as HH:mm (00:00-23:59, or 24:00 for midnight)',
      },
    ]);
    expect(zh(shiftSettingSchema, { shifts: [{ ...twoShifts[0], endTime: '08:00' }] })).toEqual([
      { field: 'shifts.0.endTime', message: '开始时间和结束时间不能相同' },
    ]);
  });

  it('at least one shift, at most six, each code once, nothing unknown', () => {
    expect(en(shiftSettingSchema, { shifts: [] })).toEqual([
      { field: 'shifts', message: 'Please add at least one shift' },
    ]);
    expect(zh(shiftSettingSchema, {})).toEqual([{ field: 'shifts', message: '请至少设置一个班次' }]);
    const seven = Array.from({ length: 7 }, (_, index) => ({
      ...twoShifts[0],
      code: `S${index}`,
      startTime: `0${index}:00`,
      endTime: `0${index + 1}:00`,
    }));
    expect(en(shiftSettingSchema, { shifts: seven })).toEqual([
      { field: 'shifts', message: 'A day may have at most 6 shifts' },
    ]);
    expect(en(shiftSettingSchema, { shifts: [twoShifts[0], { ...twoShifts[1], code: 'D' }] })).toEqual([
      { field: 'shifts.1.code', message: 'Each shift code may be used only once' },
    ]);
    expect(en(shiftSettingSchema, { shifts: twoShifts, tenantId: '202' })).toEqual([
      { field: 'tenantId', message: 'Unrecognized key: "tenantId"' },
    ]);
  });
});

describe('shift intervals on the hospital clock', () => {
  it('a shift of a date starts on that date; one past midnight ends the next day', () => {
    expect(shiftInterval(twoShifts[1]!, '2026-03-02', SH)).toEqual({
      start: sh('2026-03-02T20:00'),
      end: sh('2026-03-03T08:00'),
    });
    const [, evening, night] = DEFAULT_SHIFTS;
    expect(shiftInterval(evening!, '2026-03-02', SH)).toEqual({
      start: sh('2026-03-02T16:00'),
      end: sh('2026-03-03T00:00'),
    });
    expect(shiftInterval(night!, '2026-03-03', SH)).toEqual({
      start: sh('2026-03-03T00:00'),
      end: sh('2026-03-03T08:00'),
    });
  });

  it('finds the shift going on and the date it started', () => {
    const at = (wallClock: string, shifts = DEFAULT_SHIFTS) => {
      const found = shiftAt(sh(wallClock), shifts, SH);
      return found ? `${found.shift.code} ${found.date}` : null;
    };
    expect(at('2026-03-02T08:00')).toBe('day 2026-03-02');
    expect(at('2026-03-02T23:59')).toBe('evening 2026-03-02');
    expect(at('2026-03-03T03:00')).toBe('night 2026-03-03');
    // a night shift from 20:00 belongs to the date it started
    expect(at('2026-03-03T03:00', twoShifts)).toBe('N 2026-03-02');
    expect(at('2026-03-03T08:00', twoShifts)).toBe('D 2026-03-03');
    // the same instants in another zone: the hospital's clock decides
    expect(shiftAt(new Date('2026-03-02T20:30:00Z'), DEFAULT_SHIFTS, 'Europe/London')?.shift.code).toBe(
      'evening',
    );
    expect(shiftAt(sh('2026-03-02T12:00'), [twoShifts[1]!], SH)).toBeNull();
  });
});

describe('hand-over query', () => {
  it('takes a ward, and the date and shift both or neither', () => {
    expect(en(handoverQuerySchema, { departmentCode: 'ENDO' })).toEqual([]);
    expect(en(handoverQuerySchema, { departmentCode: 'ENDO', date: '2026-03-02', shift: 'night' })).toEqual(
      [],
    );
    expect(en(handoverQuerySchema, { departmentCode: 'ENDO', date: '2026-03-02' })).toEqual([
      { field: 'shift', message: 'Please choose the shift' },
    ]);
    expect(zh(handoverQuerySchema, { departmentCode: 'ENDO', shift: 'day' })).toEqual([
      { field: 'date', message: '请选择班次日期' },
    ]);
    expect(en(handoverQuerySchema, { departmentCode: '', date: '2026-02-30', shift: 'day' })).toEqual([
      { field: 'departmentCode', message: 'Please choose the ward' },
      { field: 'date', message: 'The date must be a real date written YYYY-MM-DD' },
    ]);
  });
});
